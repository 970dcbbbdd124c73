/* The orientation kernels (control, spring, damper, inertialize) on every runnable wide
 * variant, emulated ones included, against the scalar reference (orientation_bounds.h): after
 * one step from seeded elements and after ORIENTATION_BOUND_STEPS steps, at 1/60 s, 1/30 s and
 * 0.1 s (the control clamps and splits it); the quaternion and the angular velocity within the
 * stated bounds, every wide variant bit-identical to the others, and a range step giving a
 * whole step's bits. On a count no lane count divides. The elements are the probe's seed_state
 * (mote_probe_orientation, one variant per kind): unit quaternions anywhere, angular
 * velocities up to 6 rad/s, halflives 0.02..2 s, the control's gains, and every third element
 * with no speed cap (max_speed 0). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "kernel_table.h"
#include "orientation_bounds.h"
#include "orientation_fields.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT      1031 /* one step */
#define LONG_COUNT 131  /* 1,000 steps */

static const mote_probe *const probe = &mote_probe_orientation;

/* What the callbacks of a run are handed. */
typedef struct run_ctx {
    mote_orientation_kind kind;
    uint64_t seed;
} run_ctx;

/* The probe's seed_state leaves the inertialize kind's incoming and offset angular
 * velocities at the desc's zero; these tests draw them (up to 6 rad/s, as the other angular
 * velocities), so the offset's decay and the incoming velocity are stepped too. */
static void prepare(mote_pool *pool, const void *ctx) {
    const size_t n = mote_pool_count(pool, probe->record);
    test_rng rng = {((const run_ctx *)ctx)->seed ^ 0x1e41};
    for (size_t i = 0; i < n; ++i) {
        for (int k = 0; k < 3; ++k) {
            float *incoming = test_kernels_field(pool, ORIENTATION_IWX + k);
            float *offset = test_kernels_field(pool, ORIENTATION_OWX + k);
            const float a = test_rng_range(&rng, -6, 6), b = test_rng_range(&rng, -6, 6);
            if (incoming != NULL && offset != NULL) {
                incoming[i] = a;
                offset[i] = b;
            }
        }
    }
}

/* The state fields the kernels write, quaternions or angular velocities. */
static bool is_quat(int f) {
    return f <= ORIENTATION_QW || (f >= ORIENTATION_OQX && f <= ORIENTATION_OQW);
}

static bool is_state(int f) {
    return probe->record->fields[f].role == MOTE_ROLE_STATE;
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

/* The bound of e's field: the state within orientation_bounds.h (an angular velocity relative
 * to its size past 1 rad/s), the inputs and parameters, which no kernel writes, bit-identical. */
static double bound(const test_kernel_element *e, double *error, const void *ctx) {
    const mote_orientation_kind kind = ((const run_ctx *)ctx)->kind;
    const int f = e->field;
    if (!is_state(f)) {
        return test_kernels_bit_identical(e, error, NULL);
    }
    double scale = 1.0;
    if (!is_quat(f)) {
        const int o = omega_of(f);
        const size_t i = e->index;
        double wx = e->reference[o][i], wy = e->reference[o + 1][i], wz = e->reference[o + 2][i];
        scale = fmax(1.0, sqrt(wx * wx + wy * wy + wz * wz));
    }
    *error = fabs((double)e->wide - e->ref) / scale;
    return bound_of(kind, f, e->steps);
}

/* A run of n of the probe's seeded elements of variant v (ctx: its callbacks' run_ctx, set
 * here). */
static test_kernel_run run_of(size_t v, run_ctx *ctx, uint64_t seed, size_t n, int steps,
                              float dt) {
    *ctx = (run_ctx){(mote_orientation_kind)probe->variants[v].model, seed};
    const test_kernel_run run = {
        .probe = probe,
        .variant = &probe->variants[v],
        .source = TEST_KERNELS_SEEDED_STATE,
        .count = n,
        .seed = seed,
        .steps = steps,
        .dt = dt,
        .prepare = prepare,
        .bound = bound,
        .ctx = ctx,
    };
    return run;
}

static void check(size_t v, int steps, float dt, size_t n) {
    const mote_orientation_kind kind = (mote_orientation_kind)probe->variants[v].model;
    run_ctx ctx;
    test_kernel_run run =
        run_of(v, &ctx, 0x0e14 + (uint64_t)steps + (uint64_t)kind * 7, n, steps, 0.0f);
    /* the tables step by what the pool's step advances (the control clamps dt) */
    mote_pool *pool = test_kernels_pool(&run);
    assert_non_null(pool);
    assert_int_equal(
        mote_orientation_pool_advance_of((mote_orientation_pool *)(void *)pool, dt, &run.dt),
        MOTE_OK);
    mote_pool_destroy(pool, probe->record);
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, false));
    double worst_q = 0.0, worst_w = 0.0;
    for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
        if (is_state(f) && is_quat(f)) {
            worst_q = fmax(worst_q, worst[f]);
        } else if (is_state(f)) {
            worst_w = fmax(worst_w, worst[f]);
        }
    }
    printf("# %-7s %4d steps of %-9g q %.3g omega %.3g\n", mote_orientation_kind_name(kind), steps,
           (double)dt, worst_q, worst_w);
}

static const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 0.1f};

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    for (size_t v = 0; v < probe->variant_count; ++v) {
        for (size_t d = 0; d < 3; ++d) {
            check(v, 1, dts[d], COUNT);
        }
    }
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(ORIENTATION_BOUND_STEPS);
    for (size_t v = 0; v < probe->variant_count; ++v) {
        check(v, steps, dts[probe->variants[v].model % 2], LONG_COUNT);
    }
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    const size_t cuts[4] = {0, 3, 517, COUNT};
    for (size_t v = 0; v < probe->variant_count; ++v) {
        run_ctx ctx;
        const test_kernel_run run = run_of(v, &ctx, 99, COUNT, 1, 0.05f);
        assert_true(test_kernels_check_ranges(&run, cuts, 4));
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_variant),
               cmocka_unit_test(test_long_run_every_variant),
               cmocka_unit_test(test_ranges_match_whole_step))
