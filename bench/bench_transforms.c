/* Poses ready to draw (mote/pose.h): transforms/<layout>/<backend>/<count> writes every
 * element's pose of a debris pool (a rigid pose: position and quaternion) into an instance
 * buffer at alpha 0.5 (blended from the kept previous pose: the fixed-timestep case), on each
 * backend this CPU runs; in the same run transforms/<layout>/naive/<count>, the scalar packing
 * a game would write over the view and its own copy of the previous pose (lerp, nlerp, the
 * matrix), transforms/<layout>/memcpy/<count>, a memcpy of the bytes written, and
 * transforms/<layout>/memcpy-traffic/<count>, a memcpy moving as many bytes as the writer: half
 * of the bytes it reads plus those it writes, copied (so as many read and written in all; a
 * blended rigid pose reads 56 bytes, the current one alone 28). The same rows under
 * transforms-current/ write the current pose alone (alpha 1: no blend, half the reads). Every
 * case reports the poses' bytes written, so the bytes/s columns compare directly
 * (bench/transforms.py). */
#include "bench_transforms.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_buffers.h"
#include "bench_pools.h"
#include "mote/math3d.h"
#include "pool.h"
#include "pose_history.h"
#include "pose_writer.h"

static const size_t transform_counts[] = {1024, 100000};
static const char *const layout_names[MOTE_POSE_LAYOUT_COUNT] = {
    "position_quat", "position_quat_scale", "matrix_rows", "matrix_columns"};

/* What a case runs: a backend's writer, the naive loop or memcpy. */
enum { WHO_NAIVE = MOTE_BACKEND_COUNT, WHO_MEMCPY, WHO_TRAFFIC, WHO_COUNT };

/* Floats per pose in the buffers: enough for the largest memcpy-traffic copy ((56 + 48) / 2
 * bytes). */
#define BUFFER_FLOATS 16

typedef struct transform_case {
    int layout;
    int who;
    float alpha; /* 0.5: blended (transforms/); 1: the current pose alone (transforms-current/) */
} transform_case;

static transform_case cases[2][MOTE_POSE_LAYOUT_COUNT][WHO_COUNT];

/* The pool and buffers of the count last run. */
static struct {
    size_t count;
    mote_pool *pool;
    float *out;    /* count * BUFFER_FLOATS floats */
    float *source; /* memcpy's source */
} current;

void bench_transforms_release(void) {
    mote_pool_destroy(current.pool, current.pool != NULL ? current.pool->kind : NULL);
    bench_buffer_free(current.out, current.count * BUFFER_FLOATS * sizeof(float));
    bench_buffer_free(current.source, current.count * BUFFER_FLOATS * sizeof(float));
    memset(&current, 0, sizeof current);
}

static bool acquire(size_t count) {
    if (current.pool != NULL && current.count == count) {
        return true;
    }
    bench_transforms_release();
    size_t n;
    const mote_probe *const *probes = mote_probes(&n);
    const mote_probe *debris = NULL;
    for (size_t k = 0; k < n; ++k) {
        debris = strcmp(probes[k]->record->name, "debris") == 0 ? probes[k] : debris;
    }
    if (debris == NULL ||
        probe_filled_pool(debris, &debris->variants[debris->main_variant], MOTE_BACKEND_AUTO, count,
                          BENCH_POOL_SEED, &current.pool) != MOTE_OK ||
        mote_pose_history_keep(current.pool, true) != MOTE_OK ||
        probe_step_range(debris, current.pool, 0, count, 0.5f) != MOTE_OK) {
        bench_transforms_release();
        return false;
    }
    current.count = count;
    current.out = bench_buffer_alloc(count * BUFFER_FLOATS * sizeof(float));
    current.source = bench_buffer_alloc(count * BUFFER_FLOATS * sizeof(float));
    if (current.out == NULL || current.source == NULL) {
        bench_transforms_release();
        return false;
    }
    memset(current.out, 0, count * BUFFER_FLOATS * sizeof(float));
    memset(current.source, 1, count * BUFFER_FLOATS * sizeof(float));
    return true;
}

/* The loop a game writes: per pose, the current position and quaternion from the view's arrays
 * (below alpha 1 blended from its copy of the previous ones: lerp, nlerp the short way), then
 * the layout's floats. */
static void naive_write(const mote_pool *pool, int layout, float alpha, float scale, float *out) {
    const mote_pose_fields *pose = pool->kind->pose;
    float *const *f = pool->core.fields.field;
    float *const *h = pool->pose_history->arrays.field;
    const float *px = f[pose->position[0]], *py = f[pose->position[1]];
    const float *pz = f[pose->position[2]];
    const float *qx = f[pose->orientation[0]], *qy = f[pose->orientation[1]];
    const float *qz = f[pose->orientation[2]], *qw = f[pose->orientation[3]];
    const size_t floats = mote_pose_layout_size((mote_pose_layout)layout) / sizeof(float);
    for (size_t i = 0; i < pool->core.count; ++i) {
        float x = px[i], y = py[i], z = pz[i], a = qx[i], b = qy[i], c = qz[i], d = qw[i];
        if (alpha < 1.0f) {
            x = h[0][i] + (x - h[0][i]) * alpha;
            y = h[1][i] + (y - h[1][i]) * alpha;
            z = h[2][i] + (z - h[2][i]) * alpha;
            if (h[3][i] * a + h[4][i] * b + h[5][i] * c + h[6][i] * d < 0.0f) {
                a = -a, b = -b, c = -c, d = -d;
            }
            a = h[3][i] + (a - h[3][i]) * alpha, b = h[4][i] + (b - h[4][i]) * alpha;
            c = h[5][i] + (c - h[5][i]) * alpha, d = h[6][i] + (d - h[6][i]) * alpha;
            const float inv = 1.0f / sqrtf(a * a + b * b + c * c + d * d);
            a *= inv, b *= inv, c *= inv, d *= inv;
        }
        float *o = out + i * floats;
        if (layout == MOTE_POSE_POSITION_QUAT || layout == MOTE_POSE_POSITION_QUAT_SCALE) {
            o[0] = x, o[1] = y, o[2] = z, o[3] = a, o[4] = b, o[5] = c, o[6] = d;
            if (layout == MOTE_POSE_POSITION_QUAT_SCALE) {
                o[7] = scale;
            }
            continue;
        }
        float m[9];
        mote_quat_to_mat3((mote_quat){a, b, c, d}, m);
        if (layout == MOTE_POSE_MATRIX_ROWS) {
            const float r[12] = {m[0] * scale, m[1] * scale, m[2] * scale, x,
                                 m[3] * scale, m[4] * scale, m[5] * scale, y,
                                 m[6] * scale, m[7] * scale, m[8] * scale, z};
            memcpy(o, r, sizeof r);
        } else {
            const float r[12] = {m[0] * scale,
                                 m[3] * scale,
                                 m[6] * scale,
                                 m[1] * scale,
                                 m[4] * scale,
                                 m[7] * scale,
                                 m[2] * scale,
                                 m[5] * scale,
                                 m[8] * scale,
                                 x,
                                 y,
                                 z};
            memcpy(o, r, sizeof r);
        }
    }
}

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const transform_case *c = user;
    if (!acquire((size_t)arg)) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    mote_pose_write how = mote_default_pose_write();
    how.layout = (mote_pose_layout)c->layout;
    how.alpha = c->alpha;
    how.scale = c->layout == MOTE_POSE_POSITION_QUAT ? 1.0f : 2.0f;
    const size_t bytes = (size_t)arg * mote_pose_layout_size(how.layout);
    const size_t read = (size_t)arg * 7 * sizeof(float) * (c->alpha < 1.0f ? 2 : 1);
    const size_t traffic = (read + bytes) / 2;
    const mote_pose_fn write = c->who < MOTE_BACKEND_COUNT ? mote_pose_fn_for(c->who) : NULL;
    while (mote_bench_keep_running(state)) {
        if (c->who == WHO_NAIVE) {
            naive_write(current.pool, c->layout, how.alpha, how.scale, current.out);
        } else if (c->who == WHO_MEMCPY) {
            memcpy(current.out, current.source, bytes);
        } else if (c->who == WHO_TRAFFIC) {
            memcpy(current.out, current.source, traffic);
        } else {
            mote_pose_plan_parts parts;
            if (mote_pose_plan(current.pool, current.pool->kind, &how, current.out, bytes,
                               &parts) != MOTE_OK) {
                mote_bench_skip_with_error(state, "refused");
                break;
            }
            mote_pose_plan_run(&parts, write);
        }
        __asm__ volatile("" : : "r"(current.out) : "memory"); /* the writes are used */
    }
    mote_bench_set_items_processed(state, mote_bench_iterations(state) * arg);
    mote_bench_set_bytes_processed(state, mote_bench_iterations(state) * (int64_t)bytes);
}

void bench_register_transform_cases(void) {
    for (int layout = 0; layout < MOTE_POSE_LAYOUT_COUNT; ++layout) {
        for (int who = 0; who < WHO_COUNT; ++who) {
            const char *name = who == WHO_NAIVE     ? "naive"
                               : who == WHO_MEMCPY  ? "memcpy"
                               : who == WHO_TRAFFIC ? "memcpy-traffic"
                                                    : mote_backend_name((mote_backend)who);
            if (who < MOTE_BACKEND_COUNT && (!mote_backend_available((mote_backend)who) ||
                                             (who != MOTE_BACKEND_SCALAR &&
                                              mote_pose_variant_for((mote_backend)who) == NULL))) {
                continue;
            }
            for (int a = 0; a < 2; ++a) {
                cases[a][layout][who] = (transform_case){layout, who, a == 0 ? 0.5f : 1.0f};
                for (size_t n = 0; n < sizeof transform_counts / sizeof transform_counts[0]; ++n) {
                    char row[96];
                    snprintf(row, sizeof row, "%s/%s/%s/%zu",
                             a == 0 ? "transforms" : "transforms-current", layout_names[layout],
                             name, transform_counts[n]);
                    mote_bench_register(row, run_case, &cases[a][layout][who],
                                        (int64_t)transform_counts[n]);
                }
            }
        }
    }
}
