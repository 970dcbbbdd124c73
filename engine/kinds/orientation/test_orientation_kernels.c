/* The orientation kernels (control, spring, damper) on every runnable wide variant, emulated
 * ones included, against the scalar reference (orientation_bounds.h): after one step from
 * seeded elements and after ORIENTATION_BOUND_STEPS steps, at 1/60 s, 1/30 s and 0.1 s (the
 * control clamps and splits it); the quaternion and the angular velocity within the stated
 * bounds, every wide variant bit-identical to the others, and a range step giving a whole
 * step's bits. On a count no lane count divides. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernel_table.h"
#include "orientation_bounds.h"
#include "orientation_fields.h"
#include "pool.h"
#include "test_support.h"

#define COUNT      1031 /* one step */
#define LONG_COUNT 131  /* 1,000 steps */

static mote_quat rquat(test_rng *rng) {
    mote_quat q = {test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                   test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1)};
    return q;
}

/* A pool of COUNT seeded elements of kind (the scalar backend: the tests run tables). */
static mote_orientation_pool *seeded(mote_orientation_kind kind, uint64_t seed, size_t n) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.kind = kind;
    def.backend = MOTE_BACKEND_SCALAR;
    mote_orientation_pool *pool = NULL;
    assert_int_equal(mote_orientation_pool_create(&def, &pool), MOTE_OK);
    test_rng rng = {seed};
    for (size_t i = 0; i < n; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        d.orientation = rquat(&rng);
        d.target = rquat(&rng);
        d.angular_velocity = (mote_vec3){test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6),
                                         test_rng_range(&rng, -6, 6)};
        d.halflife = test_rng_range(&rng, 0.02f, 2.0f);
        mote_orientation_control_params g = mote_orientation_control_gains(
            test_rng_range(&rng, 0.05f, 1.0f), test_rng_range(&rng, 0.3f, 1.5f), INFINITY);
        d.stiffness = g.stiffness;
        d.damping = g.damping;
        d.max_speed = i % 3 == 0 ? 0.0f : test_rng_range(&rng, 1.0f, 20.0f);
        d.offset = rquat(&rng);
        d.incoming_angular_velocity = (mote_vec3){
            test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6)};
        d.offset_angular_velocity = (mote_vec3){
            test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6)};
        assert_int_equal(mote_orientation_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return pool;
}

static const mote_kernel_table *scalar_table(void) {
    size_t count;
    return mote_kernel_tables(&count)[0];
}

/* The state fields the kernels write, quaternions or angular velocities. */
static bool is_quat(int f) {
    return f <= ORIENTATION_QW || (f >= ORIENTATION_OQX && f <= ORIENTATION_OQW);
}

static bool is_state(int f) {
    return mote_orientation_pool_kind_record.fields[f].role == MOTE_ROLE_STATE;
}

/* The angular velocity whose size judges field f (omega or the offset's). */
static int omega_of(int f) {
    return f >= ORIENTATION_OWX ? ORIENTATION_OWX : ORIENTATION_WX;
}

static double bound_of(mote_orientation_kind kind, int f, int steps) {
    bool one = steps == 1, q = is_quat(f);
    switch (kind) {
    case MOTE_ORIENTATION_CONTROL:
        return q ? (one ? ORIENTATION_CONTROL_Q_ONE_STEP : ORIENTATION_CONTROL_Q_LONG_RUN)
                 : (one ? ORIENTATION_CONTROL_W_ONE_STEP : ORIENTATION_CONTROL_W_LONG_RUN);
    case MOTE_ORIENTATION_SPRING:
        return q ? (one ? ORIENTATION_SPRING_Q_ONE_STEP : ORIENTATION_SPRING_Q_LONG_RUN)
                 : (one ? ORIENTATION_SPRING_W_ONE_STEP : ORIENTATION_SPRING_W_LONG_RUN);
    case MOTE_ORIENTATION_INERTIALIZE:
        return q ? (one ? ORIENTATION_INERTIALIZE_Q_ONE_STEP : ORIENTATION_INERTIALIZE_Q_LONG_RUN)
                 : (one ? ORIENTATION_INERTIALIZE_W_ONE_STEP : ORIENTATION_INERTIALIZE_W_LONG_RUN);
    default:
        return one ? ORIENTATION_DAMPER_Q_ONE_STEP : ORIENTATION_DAMPER_Q_LONG_RUN;
    }
}

static void fields_of(mote_orientation_pool *pool, float **p) {
    mote_orientation_view v = mote_orientation_pool_view(pool);
    mote_pool_view_fields(&mote_orientation_pool_kind_record, &v, p);
}

static void check(mote_orientation_kind kind, int steps, float dt, size_t n) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    const uint64_t seed = 0x0e14 + (uint64_t)steps + (uint64_t)kind * 7;
    mote_orientation_pool *ref = seeded(kind, seed, n);
    float advanced = 0.0f;
    assert_int_equal(mote_orientation_pool_advance_of(ref, dt, &advanced), MOTE_OK);
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table((mote_pool *)(void *)ref, scalar_table(), 0, n, advanced);
    }
    float *rp[ORIENTATION_FIELD_COUNT];
    fields_of(ref, rp);
    mote_orientation_pool *first = NULL;
    double worst_q = 0.0, worst_w = 0.0;
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_orientation_pool *wide = seeded(kind, seed, n);
        for (int s = 0; s < steps; ++s) {
            mote_pool_run_table((mote_pool *)(void *)wide, tables[t], 0, n, advanced);
        }
        float *wp[ORIENTATION_FIELD_COUNT];
        fields_of(wide, wp);
        for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
            if (rp[f] == NULL || !is_state(f)) {
                continue;
            }
            for (size_t i = 0; i < n; ++i) {
                double scale = 1.0;
                if (!is_quat(f)) {
                    const int o = omega_of(f);
                    double wx = rp[o][i], wy = rp[o + 1][i], wz = rp[o + 2][i];
                    scale = fmax(1.0, sqrt(wx * wx + wy * wy + wz * wz));
                }
                double d = fabs((double)wp[f][i] - rp[f][i]) / scale;
                if (is_quat(f)) {
                    worst_q = fmax(worst_q, d);
                } else {
                    worst_w = fmax(worst_w, d);
                }
                if (!(d <= bound_of(kind, f, steps))) {
                    fail_msg("%s %s %s element %zu after %d steps of %g: %.9g vs %.9g",
                             mote_orientation_kind_name(kind), tables[t]->name,
                             mote_orientation_pool_kind_record.fields[f].name, i, steps, (double)dt,
                             wp[f][i], rp[f][i]);
                }
            }
        }
        if (first == NULL) {
            first = wide;
            continue;
        }
        float *ap[ORIENTATION_FIELD_COUNT];
        fields_of(first, ap);
        for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
            if (ap[f] != NULL && memcmp(ap[f], wp[f], n * sizeof(float)) != 0) {
                fail_msg("%s: %s differs from the first wide variant in %s",
                         mote_orientation_kind_name(kind), tables[t]->name,
                         mote_orientation_pool_kind_record.fields[f].name);
            }
        }
        mote_orientation_pool_destroy(wide);
    }
    printf("# %-7s %4d steps of %-9g q %.3g omega %.3g\n", mote_orientation_kind_name(kind), steps,
           (double)dt, worst_q, worst_w);
    mote_orientation_pool_destroy(first);
    mote_orientation_pool_destroy(ref);
}

static const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 0.1f};

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        for (size_t d = 0; d < 3; ++d) {
            check((mote_orientation_kind)k, 1, dts[d], COUNT);
        }
    }
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(ORIENTATION_BOUND_STEPS);
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        check((mote_orientation_kind)k, steps, dts[k % 2], LONG_COUNT);
    }
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        for (size_t t = 0; t < count; ++t) {
            if (!mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            mote_orientation_pool *whole = seeded((mote_orientation_kind)k, 99, COUNT);
            mote_orientation_pool *split = seeded((mote_orientation_kind)k, 99, COUNT);
            mote_pool_run_table((mote_pool *)(void *)whole, tables[t], 0, COUNT, 0.05f);
            const size_t cuts[4] = {0, 3, 517, COUNT};
            for (int c = 0; c < 3; ++c) {
                mote_pool_run_table((mote_pool *)(void *)split, tables[t], cuts[c], cuts[c + 1],
                                    0.05f);
            }
            float *ap[ORIENTATION_FIELD_COUNT], *bp[ORIENTATION_FIELD_COUNT];
            fields_of(whole, ap);
            fields_of(split, bp);
            for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
                if (ap[f] != NULL) {
                    assert_memory_equal(ap[f], bp[f], COUNT * sizeof(float));
                }
            }
            mote_orientation_pool_destroy(whole);
            mote_orientation_pool_destroy(split);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_every_variant),
        cmocka_unit_test(test_long_run_every_variant),
        cmocka_unit_test(test_ranges_match_whole_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
