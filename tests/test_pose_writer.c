/* The pose writer (mote/pose.h) against a scalar packing of the pool's own arrays: every kind
 * with a pose, every layout, alpha 0, 0.5 and 1, packed and padded strides, on the scalar
 * reference and every compiled variant of the wide kernel (the wide ones bit for bit alike);
 * the previous pose kept through steps, removes, adds and sets; and every refusal, which names
 * its member and writes nothing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "test_support.h"

#include "mote/mote.h"
#include "pool.h"
#include "pose_history.h"
#include "pose_writer.h"
#include "probe.h"

#define COUNT    37 /* odd: every backend's last vector is partial */
#define SENTINEL 0xa5

/* A pool of the probe's main variant holding count elements, keeping its previous pose, stepped
 * twice (so the previous and the current poses differ). */
static mote_pool *stepped_pool_of(const mote_probe *probe, size_t count) {
    mote_pool *pool = NULL;
    const probe_variant *variant = &probe->variants[probe->main_variant];
    assert_int_equal(probe_filled_pool(probe, variant, MOTE_BACKEND_SCALAR, count, 11, &pool),
                     MOTE_OK);
    assert_int_equal(mote_pose_history_keep(pool, true), MOTE_OK);
    for (int s = 0; s < 2; ++s) {
        assert_int_equal(probe_bench_step(probe, pool, 0.25f, NULL), MOTE_OK);
    }
    return pool;
}

static mote_pool *stepped_pool(const mote_probe *probe) {
    return stepped_pool_of(probe, COUNT);
}

/* Element i's pose from per-component arrays in the history's order. */
static void pose_of(const mote_pool *pool, float *const *a, const mote_pose_plane *plane, size_t i,
                    mote_vec3 *p, mote_quat *q, float *x, float *y) {
    switch (pool->kind->pose->form) {
    case MOTE_POSE_FORM_RIGID:
        *p = (mote_vec3){a[0][i], a[1][i], a[2][i]};
        *q = (mote_quat){a[3][i], a[4][i], a[5][i], a[6][i]};
        return;
    case MOTE_POSE_FORM_ROTATION:
        *p = (mote_vec3){0, 0, 0};
        *q = (mote_quat){a[0][i], a[1][i], a[2][i], a[3][i]};
        return;
    default: {
        /* lifted: origin + x x_axis + y y_axis; the plane's rotation (columns x_axis, y_axis and
         * their cross product, as a quaternion) times the turn by the angle about +z */
        *x = a[0][i], *y = a[1][i];
        *p = mote_vec3_add(plane->origin, mote_vec3_add(mote_vec3_scale(plane->x_axis, *x),
                                                        mote_vec3_scale(plane->y_axis, *y)));
        const mote_vec3 u = plane->x_axis, v = plane->y_axis, n = mote_vec3_cross(u, v);
        const float m[9] = {u.x, v.x, n.x, u.y, v.y, n.y, u.z, v.z, n.z};
        const float t = m[0] + m[4] + m[8];
        mote_quat r;
        if (t > 0) {
            const float k = 2 * sqrtf(t + 1);
            r = (mote_quat){(m[7] - m[5]) / k, (m[2] - m[6]) / k, (m[3] - m[1]) / k, k / 4};
        } else if (m[0] > m[4] && m[0] > m[8]) {
            const float k = 2 * sqrtf(1 + m[0] - m[4] - m[8]);
            r = (mote_quat){k / 4, (m[1] + m[3]) / k, (m[2] + m[6]) / k, (m[7] - m[5]) / k};
        } else if (m[4] > m[8]) {
            const float k = 2 * sqrtf(1 + m[4] - m[0] - m[8]);
            r = (mote_quat){(m[1] + m[3]) / k, k / 4, (m[5] + m[7]) / k, (m[2] - m[6]) / k};
        } else {
            const float k = 2 * sqrtf(1 + m[8] - m[0] - m[4]);
            r = (mote_quat){(m[2] + m[6]) / k, (m[5] + m[7]) / k, k / 4, (m[3] - m[1]) / k};
        }
        const float h = a[2][i] * 0.5f;
        *q = mote_quat_mul(r, (mote_quat){0, 0, sinf(h), cosf(h)});
        return;
    }
    }
}

/* The scalar packing a game would write: pose i of the view (blended from the history at
 * alpha), in the layout, at stride bytes. */
static void pack_view(const mote_pool *pool, const mote_pose_write *how, size_t stride,
                      unsigned char *out) {
    int fields[7];
    const int n = mote_pose_history_fields(pool, fields);
    float *cur[7], *prev[7];
    for (int c = 0; c < n; ++c) {
        cur[c] = pool->core.fields.field[fields[c]];
        prev[c] = pool->pose_history != NULL ? pool->pose_history->arrays.field[c] : NULL;
    }
    const size_t valid = pool->pose_history != NULL ? pool->pose_history->valid : 0;
    for (size_t i = 0; i < pool->core.count; ++i) {
        mote_vec3 p, p0;
        mote_quat q, q0;
        float x, y, x0, y0;
        pose_of(pool, cur, &how->plane, i, &p, &q, &x, &y);
        if (how->alpha < 1 && i < valid) {
            pose_of(pool, prev, &how->plane, i, &p0, &q0, &x0, &y0);
            if (how->alpha == 0) {
                p = p0, q = q0;
            } else {
                const float t = how->alpha;
                q = mote_quat_nlerp(q0, q, t);
                if (pool->kind->pose->form == MOTE_POSE_FORM_PLANAR) {
                    const float xt = x0 + (x - x0) * t, yt = y0 + (y - y0) * t;
                    p = mote_vec3_add(how->plane.origin,
                                      mote_vec3_add(mote_vec3_scale(how->plane.x_axis, xt),
                                                    mote_vec3_scale(how->plane.y_axis, yt)));
                } else {
                    p = mote_vec3_lerp(p0, p, t);
                }
            }
        }
        float v[12];
        const float s = how->scale;
        float m[9];
        mote_quat_to_mat3(q, m);
        switch (how->layout) {
        case MOTE_POSE_POSITION_QUAT:
        case MOTE_POSE_POSITION_QUAT_SCALE: {
            const float w[8] = {p.x, p.y, p.z, q.x, q.y, q.z, q.w, s};
            memcpy(v, w, sizeof w);
            break;
        }
        case MOTE_POSE_MATRIX_ROWS: {
            const float w[12] = {m[0] * s, m[1] * s, m[2] * s, p.x,      m[3] * s, m[4] * s,
                                 m[5] * s, p.y,      m[6] * s, m[7] * s, m[8] * s, p.z};
            memcpy(v, w, sizeof w);
            break;
        }
        default: {
            const float w[12] = {m[0] * s, m[3] * s, m[6] * s, m[1] * s, m[4] * s, m[7] * s,
                                 m[2] * s, m[5] * s, m[8] * s, p.x,      p.y,      p.z};
            memcpy(v, w, sizeof w);
            break;
        }
        }
        memcpy(out + i * stride, v, mote_pose_layout_size(how->layout));
    }
}

/* Largest difference between two packings' floats, over the pose bytes only; every byte
 * between poses must still be the sentinel. Planar (mover) poses take sinf against the wide
 * sine, and the test's own quaternion from the matrix: a few ulps apart. */
static double difference(const unsigned char *a, const unsigned char *b, size_t count, size_t size,
                         size_t stride, size_t bytes) {
    double worst = 0;
    for (size_t i = 0; i < count; ++i) {
        for (size_t k = 0; k < size; k += 4) {
            float x, y;
            memcpy(&x, a + i * stride + k, 4);
            memcpy(&y, b + i * stride + k, 4);
            const double d = fabs((double)x - (double)y);
            worst = d > worst ? d : worst;
            assert_true(isfinite(x));
        }
        for (size_t k = size; k < stride && i * stride + k < bytes; ++k) {
            assert_int_equal(a[i * stride + k], SENTINEL);
        }
    }
    for (size_t k = (count - 1) * stride + size; k < bytes; ++k) {
        assert_int_equal(a[k], SENTINEL);
    }
    return worst;
}

static bool planar(const mote_pool *pool) {
    return pool->kind->pose->form == MOTE_POSE_FORM_PLANAR;
}

/* How far the scalar reference may be from the test's packing: exactly alike but for planar
 * poses (sinf against the wide sine, the test's own plane quaternion) and blended matrices
 * (the reference's blended_matrix of the unnormalised mix against the game's nlerp then
 * mote_quat_to_mat3: each within its bound of the exact matrix, so twice the reference's). */
static double packing_bound(const mote_pool *pool, const mote_pose_write *how) {
    const bool matrix =
        how->layout == MOTE_POSE_MATRIX_ROWS || how->layout == MOTE_POSE_MATRIX_COLUMNS;
    const bool blended = how->alpha > 0.0f && how->alpha < 1.0f;
    double bound = planar(pool) ? 2e-5 * 100 : 0; /* positions up to ~100 units */
    if (matrix && blended) {
        bound += 2.0 * POSE_BLENDED_MATRIX_ERROR * 0x1p-24 * how->scale;
    }
    return bound;
}

/* One write on every kernel: the scalar reference and the test's packing agree within
 * packing_bound, every wide variant agrees with the reference bit for bit (but for planar poses,
 * within the same bound of the packing) and with the other wide variants bit for bit. */
static void check_write(const mote_pool *pool, const mote_pose_write *how) {
    const size_t count = pool->core.count;
    const size_t size = mote_pose_layout_size(how->layout);
    const size_t stride = how->stride == 0 ? size : how->stride;
    const size_t bytes = (count - 1) * stride + size + 64;
    unsigned char *expected = malloc(bytes), *got = malloc(bytes), *first = NULL;
    memset(expected, SENTINEL, bytes);
    pack_view(pool, how, stride, expected);

    mote_pose_plan_parts parts;
    memset(got, SENTINEL, bytes);
    assert_int_equal(mote_pose_plan(pool, pool->kind, how, got, bytes - 64, &parts), MOTE_OK);
    mote_pose_plan_run(&parts, mote_pose_write_scalar);
    const double bound = packing_bound(pool, how);
    const double dr = difference(got, expected, count, size, stride, bytes);
    if (dr > bound) {
        print_error("%s scalar layout %d alpha %g: %g from the packing\n", pool->kind->name,
                    (int)how->layout, (double)how->alpha, dr);
    }
    assert_true(dr <= bound);

    size_t n;
    const mote_pose_variant *const *variants = mote_pose_variants(&n);
    for (size_t v = 0; v < n; ++v) {
        if (!mote_backend_available(variants[v]->requires)) {
            continue;
        }
        unsigned char *wide = malloc(bytes);
        memset(wide, SENTINEL, bytes);
        assert_int_equal(mote_pose_plan(pool, pool->kind, how, wide, bytes - 64, &parts), MOTE_OK);
        mote_pose_plan_run(&parts, variants[v]->write);
        const double d = difference(wide, expected, count, size, stride, bytes);
        if (d > bound) {
            print_error("%s %s layout %d alpha %g: %g from the packing\n", pool->kind->name,
                        variants[v]->name, (int)how->layout, (double)how->alpha, d);
        }
        assert_true(d <= bound);
        if (!planar(pool)) {
            assert_memory_equal(wide, got, bytes); /* the reference's bits */
        }
        if (first == NULL) {
            first = wide;
        } else {
            assert_memory_equal(wide, first, bytes); /* every wide backend alike */
            free(wide);
        }
    }
    free(first);
    free(expected);
    free(got);
}

static void test_every_kind_layout_alpha_and_stride(void **state) {
    (void)state;
    size_t n;
    const mote_probe *const *probes = mote_probes(&n);
    const float alphas[] = {0.0f, 0.5f, 1.0f, 0.25f};
    for (size_t k = 0; k < n; ++k) {
        if (probes[k]->record->pose == NULL) {
            continue;
        }
        mote_pool *pool = stepped_pool(probes[k]);
        for (int layout = 0; layout < MOTE_POSE_LAYOUT_COUNT; ++layout) {
            const size_t size = mote_pose_layout_size((mote_pose_layout)layout);
            const size_t strides[] = {0, size + 4, 64};
            for (size_t a = 0; a < sizeof alphas / sizeof alphas[0]; ++a) {
                for (size_t s = 0; s < 3; ++s) {
                    mote_pose_write how = mote_default_pose_write();
                    how.layout = (mote_pose_layout)layout;
                    how.alpha = alphas[a];
                    how.stride = strides[s];
                    how.scale = layout == MOTE_POSE_POSITION_QUAT ? 1.0f : 1.5f;
                    how.plane = s == 1 ? mote_pose_plane_y_up() : mote_pose_plane_z_up();
                    if (s == 2) {
                        how.plane.origin = (mote_vec3){1, -2, 3};
                    }
                    check_write(pool, &how);
                }
            }
        }
        mote_pool_destroy(pool, probes[k]->record);
    }
}

/* A blended write longer than the wide kernel's chunk of poses (simd/kernels/pose_kernels.c,
 * BLEND_CHUNK 128) and not a whole number of vectors or chunks: every chunk boundary and the
 * partial chunk at the end, on every kind and layout, packed and padded. */
static void test_blended_write_across_chunks(void **state) {
    (void)state;
    size_t n;
    const mote_probe *const *probes = mote_probes(&n);
    for (size_t k = 0; k < n; ++k) {
        if (probes[k]->record->pose == NULL) {
            continue;
        }
        mote_pool *pool = stepped_pool_of(probes[k], 2 * 128 + 45);
        for (int layout = 0; layout < MOTE_POSE_LAYOUT_COUNT; ++layout) {
            const size_t size = mote_pose_layout_size((mote_pose_layout)layout);
            for (size_t s = 0; s < 2; ++s) {
                mote_pose_write how = mote_default_pose_write();
                how.layout = (mote_pose_layout)layout;
                how.alpha = 0.375f;
                how.stride = s == 0 ? 0 : size + 8;
                how.scale = layout == MOTE_POSE_POSITION_QUAT ? 1.0f : 0.75f;
                check_write(pool, &how);
            }
        }
        mote_pool_destroy(pool, probes[k]->record);
    }
}

/* A random unit quaternion; near is NULL or a quaternion it stays within about spread of
 * (per component, before normalising). */
static mote_quat random_unit(test_rng *rng, const mote_quat *near, float spread) {
    mote_quat q;
    if (near != NULL) {
        q = (mote_quat){near->x + test_rng_range(rng, -spread, spread),
                        near->y + test_rng_range(rng, -spread, spread),
                        near->z + test_rng_range(rng, -spread, spread),
                        near->w + test_rng_range(rng, -spread, spread)};
    } else {
        q = (mote_quat){test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                        test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1)};
    }
    return mote_quat_normalize(q);
}

/* s R(q / |q|), exact but for long double's rounding (64-bit significand, 2^-40 below the
 * bound's unit), from q's floats: row-major. */
static void exact_matrix(mote_quat q, long double s, long double r[9]) {
    const long double x = q.x, y = q.y, z = q.z, w = q.w;
    const long double k = 2 * s / (x * x + y * y + z * z + w * w);
    const long double m[9] = {
        s - k * (y * y + z * z), k * (x * y - w * z),     k * (x * z + w * y),
        k * (x * y + w * z),     s - k * (x * x + z * z), k * (y * z - w * x),
        k * (x * z - w * y),     k * (y * z + w * x),     s - k * (x * x + y * y)};
    memcpy(r, m, sizeof m);
}

/* A blended matrix is within POSE_BLENDED_MATRIX_ERROR u s (pose_kernel.h) of s times the exact
 * rotation matrix of the mixed quaternion, on the reference and every variant (the variants
 * with the reference's bits): random unit pairs, pairs a small turn apart (the frame-to-frame
 * case) and pairs near a right angle in 4D (the mix's norm near its least, 1 / sqrt 2), both
 * signs, at several alphas and scales. */
static void test_blended_matrix_error_bound(void **state) {
    (void)state;
    const size_t count = test_scaled_down() ? 1001 : 20001;
    float *arrays = malloc(8 * count * sizeof(float));
    float *ref = malloc(count * 12 * sizeof(float)), *wide = malloc(count * 12 * sizeof(float));
    float *from[4], *to[4];
    for (int c = 0; c < 4; ++c) {
        from[c] = arrays + c * count, to[c] = arrays + (4 + c) * count;
    }
    test_rng rng = {17};
    for (size_t i = 0; i < count; ++i) {
        const mote_quat a = random_unit(&rng, NULL, 0);
        mote_quat b = i % 3 == 0   ? random_unit(&rng, NULL, 0)
                      : i % 3 == 1 ? random_unit(&rng, &a, 0.02f)
                                   : random_unit(&rng, NULL, 0);
        if (i % 3 == 2) { /* b minus its part along a: about a right angle from a */
            const float d = mote_quat_dot(a, b);
            b = mote_quat_normalize(
                (mote_quat){b.x - d * a.x, b.y - d * a.y, b.z - d * a.z, b.w - d * a.w});
        }
        if (i % 2 == 1) { /* the other sign: the mix takes the short way */
            b = (mote_quat){-b.x, -b.y, -b.z, -b.w};
        }
        const float fa[4] = {a.x, a.y, a.z, a.w}, fb[4] = {b.x, b.y, b.z, b.w};
        for (int c = 0; c < 4; ++c) {
            from[c][i] = fa[c], to[c][i] = fb[c];
        }
    }
    const float alphas[] = {0.5f, 0.25f, 0.9f, 0x1p-10f};
    const float scales[] = {1.0f, 0.75f, 1000.0f, 0x1p-20f};
    size_t n;
    const mote_pose_variant *const *variants = mote_pose_variants(&n);
    double worst = 0; /* in u s */
    for (size_t a = 0; a < sizeof alphas / sizeof alphas[0]; ++a) {
        mote_pose_job job;
        memset(&job, 0, sizeof job);
        job.source = MOTE_POSE_SOURCE_ROTATION;
        job.pack = MOTE_POSE_PACK_MATRIX_ROWS;
        job.blend = true;
        job.alpha = alphas[a];
        job.scale = scales[a];
        job.stride = 12;
        for (int c = 0; c < 4; ++c) {
            job.from_orientation[c] = from[c], job.to_orientation[c] = to[c];
        }
        job.out = ref;
        mote_pose_write_scalar(&job, 0, count);
        for (size_t i = 0; i < count; ++i) {
            /* the mix as the reference forms it (mote_quat_nlerp before its normalisation) */
            const mote_quat qa = {from[0][i], from[1][i], from[2][i], from[3][i]};
            mote_quat qb = {to[0][i], to[1][i], to[2][i], to[3][i]};
            if (mote_quat_dot(qa, qb) < 0.0f) {
                qb = (mote_quat){-qb.x, -qb.y, -qb.z, -qb.w};
            }
            const float t = job.alpha;
            const mote_quat m = {qa.x + (qb.x - qa.x) * t, qa.y + (qb.y - qa.y) * t,
                                 qa.z + (qb.z - qa.z) * t, qa.w + (qb.w - qa.w) * t};
            long double e[9];
            exact_matrix(m, job.scale, e);
            for (int r = 0; r < 3; ++r) {
                assert_true(ref[i * 12 + r * 4 + 3] == 0.0f); /* a rotation's position */
                for (int c = 0; c < 3; ++c) {
                    const long double d =
                        fabsl((long double)ref[i * 12 + r * 4 + c] - e[r * 3 + c]);
                    const double in_us = (double)(d / (0x1p-24L * job.scale));
                    worst = in_us > worst ? in_us : worst;
                }
            }
        }
        for (size_t v = 0; v < n; ++v) {
            if (!mote_backend_available(variants[v]->requires)) {
                continue;
            }
            memset(wide, SENTINEL, count * 12 * sizeof(float));
            job.out = wide;
            variants[v]->write(&job, 0, count);
            assert_memory_equal(wide, ref, count * 12 * sizeof(float));
        }
    }
    if (worst > POSE_BLENDED_MATRIX_ERROR) {
        print_error("blended matrix %.2f u s from the exact rotation (bound %d)\n", worst,
                    POSE_BLENDED_MATRIX_ERROR);
    }
    assert_true(worst <= POSE_BLENDED_MATRIX_ERROR);
    assert_true(worst > 0.5); /* the measure sees rounding: a bound that can fail */
    free(arrays), free(ref), free(wide);
}

/* alpha 0 is the pose from before the last step, alpha 1 the current one, bit for bit; a
 * remove moves an element's previous pose with it; a set element and an added one write their
 * current pose at every alpha. */
static void test_previous_pose_follows_the_elements(void **state) {
    (void)state;
    size_t n;
    const mote_probe *const *probes = mote_probes(&n);
    for (size_t k = 0; k < n; ++k) {
        const mote_probe *probe = probes[k];
        if (probe->record->pose == NULL) {
            continue;
        }
        mote_pool *pool = stepped_pool(probe);
        mote_pose_write how = mote_default_pose_write();
        const size_t size = mote_pose_layout_size(how.layout);
        unsigned char before[COUNT * 28], after[COUNT * 28], at0[COUNT * 28], at1[COUNT * 28];
        mote_pose_plan_parts parts;
        assert_int_equal(mote_pose_plan(pool, pool->kind, &how, before, sizeof before, &parts),
                         MOTE_OK);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_int_equal(probe_bench_step(probe, pool, 0.25f, NULL), MOTE_OK);
        mote_pose_plan(pool, pool->kind, &how, after, sizeof after, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        how.alpha = 0.0f;
        mote_pose_plan(pool, pool->kind, &how, at0, sizeof at0, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_memory_equal(at0, before, sizeof at0);
        how.alpha = 1.0f;
        mote_pose_plan(pool, pool->kind, &how, at1, sizeof at1, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_memory_equal(at1, after, sizeof at1);

        /* remove element 3: the last moves into 3 with its previous pose */
        assert_int_equal(mote_pool_remove(pool, pool->kind, mote_pool_id_at(pool, pool->kind, 3)),
                         MOTE_OK);
        how.alpha = 0.0f;
        mote_pose_plan(pool, pool->kind, &how, at0, sizeof at0, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_memory_equal(at0 + 3 * size, before + (COUNT - 1) * size, size);
        assert_memory_equal(at0 + 4 * size, before + 4 * size, size);

        /* add one back: it has no previous pose, so alpha 0 writes its current one */
        tool_rng rng = {5};
        mote_id id;
        assert_int_equal(
            probe_add_random(probe, &probe->variants[probe->main_variant], pool, &rng, &id),
            MOTE_OK);
        mote_pose_plan(pool, pool->kind, &how, at0, sizeof at0, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        how.alpha = 1.0f;
        mote_pose_plan(pool, pool->kind, &how, at1, sizeof at1, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_memory_equal(at0 + (COUNT - 1) * size, at1 + (COUNT - 1) * size, size);
        assert_memory_not_equal(at0, at1, sizeof at0); /* the step moved something */

        /* a set is a teleport: element 4's previous pose becomes its new one */
        unsigned char desc[MOTE_MAX_DESC_BYTES];
        const mote_id id4 = mote_pool_id_at(pool, pool->kind, 4);
        assert_int_equal(mote_pool_get(pool, pool->kind, id4, desc), MOTE_OK);
        assert_int_equal(mote_pool_set(pool, pool->kind, id4, desc), MOTE_OK);
        how.alpha = 0.0f;
        mote_pose_plan(pool, pool->kind, &how, at0, sizeof at0, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        how.alpha = 1.0f;
        mote_pose_plan(pool, pool->kind, &how, at1, sizeof at1, &parts);
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
        assert_memory_equal(at0 + 4 * size, at1 + 4 * size, size);

        /* stopping frees the copy: alpha under 1 is refused again */
        assert_int_equal(mote_pose_history_keep(pool, false), MOTE_OK);
        how.alpha = 0.5f;
        assert_int_equal(mote_pose_plan(pool, pool->kind, &how, at0, sizeof at0, &parts),
                         MOTE_ERROR_INVALID_ARGUMENT);
        mote_pool_destroy(pool, probe->record);
    }
}

/* A refused write names its member and writes nothing. */
static void expect_refused(mote_debris_pool *pool, const mote_pose_write *how, void *out,
                           size_t out_size, mote_status status, const char *member) {
    unsigned char *bytes = out;
    mote_clear_error_detail();
    assert_int_equal(mote_debris_pool_write_poses(pool, how, out, out_size), status);
    if (strstr(mote_error_detail(), member) == NULL) {
        print_error("detail \"%s\" does not name %s\n", mote_error_detail(), member);
        fail();
    }
    if (bytes != NULL) {
        for (size_t k = 0; k < out_size; ++k) {
            assert_int_equal(bytes[k], SENTINEL);
        }
    }
}

static void test_refusals_name_the_member_and_write_nothing(void **state) {
    (void)state;
    mote_debris_pool_def def = mote_default_debris_pool_def();
    mote_debris_pool *pool = NULL;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    mote_debris_desc desc = mote_default_debris_desc();
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(mote_debris_pool_add(pool, &desc, NULL), MOTE_OK);
    }
    unsigned char out[3 * 64];
    memset(out, SENTINEL, sizeof out);
    const mote_pose_write good = mote_default_pose_write();
    assert_int_equal(mote_debris_pool_write_poses(pool, &good, out, 3 * 28), MOTE_OK);
    memset(out, SENTINEL, sizeof out);

    mote_pose_write how = good;
    how.alpha = 0.5f; /* no previous pose kept */
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "previous pose");
    assert_int_equal(mote_debris_pool_keep_previous_pose(pool, true), MOTE_OK);
    assert_true(mote_debris_pool_keeps_previous_pose(pool));
    const float alphas[] = {-0.1f, 1.5f, NAN, INFINITY};
    for (int a = 0; a < 4; ++a) {
        how.alpha = alphas[a];
        expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.alpha");
    }
    how = good;
    how.stride = 24; /* under 28 */
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.stride");
    how.stride = 30; /* not a multiple of 4 */
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.stride");
    how = good;
    how.layout = (mote_pose_layout)7;
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.layout");
    how = good;
    how.scale = 2.0f; /* the 7-float layout has no scale */
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.scale");
    how.layout = MOTE_POSE_MATRIX_ROWS;
    how.scale = 0.0f;
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.scale");
    how.scale = NAN;
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.scale");
    how.scale = INFINITY;
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how.scale");
    how.scale = MOTE_POSE_MAX_SCALE * 2.0f; /* 2 s / |q|^2 of a blended matrix stays finite */
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "MOTE_POSE_MAX_SCALE");
    how.scale = MOTE_POSE_MAX_SCALE;
    assert_int_equal(mote_debris_pool_write_poses(pool, &how, out, 3 * 48), MOTE_OK);
    memset(out, SENTINEL, sizeof out);
    how = good;
    expect_refused(pool, &how, out, 3 * 28 - 1, MOTE_ERROR_BUFFER_TOO_SMALL, "out_size");
    how.stride = 64;
    expect_refused(pool, &how, out, 2 * 64 + 27, MOTE_ERROR_BUFFER_TOO_SMALL, "out_size");
    expect_refused(pool, &how, NULL, 0, MOTE_ERROR_INVALID_ARGUMENT, "out");
    expect_refused(pool, &how, out + 1, sizeof out - 1, MOTE_ERROR_INVALID_ARGUMENT, "aligned");
    how.internal_cookie = 0;
    expect_refused(pool, &how, out, sizeof out, MOTE_ERROR_UNINITIALIZED_DEF, "how");
    expect_refused(pool, NULL, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "how");
    expect_refused(NULL, &good, out, sizeof out, MOTE_ERROR_INVALID_ARGUMENT, "pool");
    mote_debris_pool_destroy(pool);

    /* a mover's plane must be orthonormal */
    mote_mover_pool_def mdef = mote_default_mover_pool_def();
    mote_mover_pool *movers = NULL;
    assert_int_equal(mote_mover_pool_create(&mdef, &movers), MOTE_OK);
    how = good;
    how.plane.x_axis = (mote_vec3){2, 0, 0};
    assert_int_equal(mote_mover_pool_write_poses(movers, &how, out, sizeof out),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "how.plane.x_axis"));
    how.plane.x_axis = (mote_vec3){1, 0, 0};
    how.plane.y_axis = (mote_vec3){0.6f, 0.8f, 0};
    assert_int_equal(mote_mover_pool_write_poses(movers, &how, out, sizeof out),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "perpendicular"));
    how = good; /* an empty pool writes nothing and needs no buffer */
    assert_int_equal(mote_mover_pool_write_poses(movers, &how, NULL, 0), MOTE_OK);
    mote_mover_pool_destroy(movers);
}

/* A mover faces its rotation on the plane: the default plane turns +x by the angle about +z,
 * and the y-up plane puts the mover's +y on -z with +y up. */
static void test_mover_lift(void **state) {
    (void)state;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    mote_mover_desc desc = mote_default_mover_desc();
    desc.state.position = (mote_vec2){3, 4};
    desc.state.rotation = 1.5707964f; /* facing +y */
    assert_int_equal(mote_mover_pool_add(pool, &desc, NULL), MOTE_OK);
    mote_pose_write how = mote_default_pose_write();
    how.layout = MOTE_POSE_MATRIX_COLUMNS;
    float m[12];
    assert_int_equal(mote_mover_pool_write_poses(pool, &how, m, sizeof m), MOTE_OK);
    /* column 0 (the model's +x) is the facing, +y; column 2 the normal, +z; then 3, 4, 0 */
    const float z_up[12] = {0, 1, 0, -1, 0, 0, 0, 0, 1, 3, 4, 0};
    for (int k = 0; k < 12; ++k) {
        assert_float_equal(m[k], z_up[k], 1e-6);
    }
    how.plane = mote_pose_plane_y_up();
    assert_int_equal(mote_mover_pool_write_poses(pool, &how, m, sizeof m), MOTE_OK);
    const float y_up[12] = {0, 0, -1, -1, 0, 0, 0, 1, 0, 3, 0, -4};
    for (int k = 0; k < 12; ++k) {
        assert_float_equal(m[k], y_up[k], 1e-6);
    }
    mote_mover_pool_destroy(pool);
}

/* A parallel step copies each range's previous pose on the worker that steps it: alpha 0 after a
 * step on two workers is the pose before it, bit for bit, for a pool past the parallel split. */
static void test_parallel_step_keeps_the_previous_pose(void **state) {
    (void)state;
    if (test_max_workers(2) < 2) {
        skip(); /* this host's emulator cannot start threads */
    }
    const size_t count = 4099;
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = count;
    mote_debris_pool *pool = NULL;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    size_t n;
    const mote_probe *const *probes = mote_probes(&n);
    const mote_probe *debris = NULL;
    for (size_t k = 0; k < n; ++k) {
        debris = strcmp(probes[k]->record->name, "debris") == 0 ? probes[k] : debris;
    }
    assert_non_null(debris);
    assert_int_equal(probe_fill(debris, &debris->variants[debris->main_variant],
                                (mote_pool *)(void *)pool, count, 3),
                     MOTE_OK);
    assert_int_equal(mote_debris_pool_keep_previous_pose(pool, true), MOTE_OK);
    mote_workers *workers = NULL;
    assert_int_equal(mote_workers_create(2, &workers), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(workers);
    const size_t bytes = count * 28;
    unsigned char *before = malloc(bytes), *at0 = malloc(bytes), *at1 = malloc(bytes);
    mote_pose_write how = mote_default_pose_write();
    for (int s = 0; s < 3; ++s) {
        how.alpha = 1.0f;
        assert_int_equal(mote_debris_pool_write_poses(pool, &how, before, bytes), MOTE_OK);
        assert_int_equal(mote_debris_pool_step_parallel(pool, 0.4f, &tasks, NULL), MOTE_OK);
        how.alpha = 0.0f;
        assert_int_equal(mote_debris_pool_write_poses(pool, &how, at0, bytes), MOTE_OK);
        assert_memory_equal(at0, before, bytes);
        how.alpha = 1.0f;
        assert_int_equal(mote_debris_pool_write_poses(pool, &how, at1, bytes), MOTE_OK);
        assert_memory_not_equal(at1, before, bytes);
    }
    free(before), free(at0), free(at1);
    mote_workers_destroy(workers);
    mote_debris_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_every_kind_layout_alpha_and_stride),
               cmocka_unit_test(test_blended_write_across_chunks),
               cmocka_unit_test(test_blended_matrix_error_bound),
               cmocka_unit_test(test_previous_pose_follows_the_elements),
               cmocka_unit_test(test_refusals_name_the_member_and_write_nothing),
               cmocka_unit_test(test_mover_lift),
               cmocka_unit_test(test_parallel_step_keeps_the_previous_pose))
