/* The docking kernel on every runnable wide variant, emulated ones included, against the scalar
 * reference (docking_bounds.h): after one step and after DOCKING_BOUND_STEPS steps (whole
 * sequences, through capture and lock, at 60 Hz and at a 0.1 s step split into sub-steps);
 * the clock, the angles and the flags bit-identical, the rest within the stated absolute
 * bounds, and every wide variant bit-identical to the others; a range step gives a whole
 * step's bits. On a count no lane count divides, for both of the probe's variants (default;
 * tilted: an off-axis port, a tilted dock axis, a 1/60 s sub-step clamp). The elements are
 * the probe's seed_state (mote_probe_docking): stations anywhere and turned, chasers 5..20
 * units out, clocks spread from -1 s (not started: whole sequences ahead) to 26 s (past lock),
 * so every phase is stepped through and a clock past approach start is captured in its first
 * step. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "docking_bounds.h"
#include "docking_fields.h"
#include "kernel_table.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT 1031

static const mote_probe *const probe = &mote_probe_docking;

enum { DEFAULT, TILTED }; /* the probe's variants */

static bool exact_field(int f) {
    return f == DOCKING_TIME || f == DOCKING_STATION_ANGLE || f == DOCKING_CHASER_ANGLE ||
           f == DOCKING_CAPTURED || f == DOCKING_LOCKED || (f >= DOCKING_STX && f <= DOCKING_SBW) ||
           (f >= DOCKING_START_PARALLEL && f <= DOCKING_RZ);
}

/* The bound of e's field for its run: bit-identical, or absolute within docking_bounds.h. */
static double bound_of(const test_kernel_element *e, double *error, const void *ctx) {
    (void)ctx;
    const int f = e->field;
    if (exact_field(f)) {
        return test_kernels_bit_identical(e, error, NULL);
    }
    *error = fabs((double)e->wide - e->ref);
    bool one = e->steps == 1;
    if (f >= DOCKING_QX && f <= DOCKING_QW) {
        return one ? DOCKING_ORIENTATION_ONE_STEP : DOCKING_ORIENTATION_LONG_RUN;
    }
    if (f >= DOCKING_VX && f <= DOCKING_VZ) {
        return one ? DOCKING_VELOCITY_ONE_STEP : DOCKING_VELOCITY_LONG_RUN;
    }
    return one ? DOCKING_POSITION_ONE_STEP : DOCKING_POSITION_LONG_RUN;
}

/* A run of COUNT of the probe's seeded sequences. */
static test_kernel_run run_of(size_t variant, uint64_t seed, int steps, float dt) {
    static const test_kernel_run every = {.probe = &mote_probe_docking,
                                          .source = TEST_KERNELS_SEEDED_STATE,
                                          .count = COUNT,
                                          .bound = bound_of};
    test_kernel_run run = every;
    run.variant = &probe->variants[variant];
    run.seed = seed;
    run.steps = steps;
    run.dt = dt;
    return run;
}

static double worst3(const double *worst, int first) {
    return fmax(worst[first], fmax(worst[first + 1], worst[first + 2]));
}

static void check(size_t variant, int steps, float dt) {
    const test_kernel_run run = run_of(variant, 0xd0c4 + (uint64_t)steps, steps, dt);
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, false));
    printf("# %s after %d steps of %g s: position %.3g spring %.3g velocity %.3g orientation "
           "%.3g\n",
           probe->variants[variant].name, steps, (double)dt, worst3(worst, DOCKING_PX),
           worst3(worst, DOCKING_SX), worst3(worst, DOCKING_VX),
           fmax(worst3(worst, DOCKING_QX), worst[DOCKING_QW]));
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(DEFAULT, 1, 1.0f / 60.0f);
    check(TILTED, 1, 1.0f / 60.0f);
    check(TILTED, 1, 0.1f); /* split into sub-steps */
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(DOCKING_BOUND_STEPS);
    check(DEFAULT, steps, 1.0f / 60.0f);
    check(TILTED, steps, 1.0f / 60.0f);
    check(TILTED, steps, 1.0f / 30.0f); /* 33 s: the sequences begun at -1 s lock */
    check(TILTED, steps, 0.013f);
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    const size_t cuts[4] = {0, 3, 517, COUNT};
    for (size_t v = 0; v < probe->variant_count; ++v) {
        const test_kernel_run run = run_of(v, 99, 1, 0.05f);
        assert_true(test_kernels_check_ranges(&run, cuts, 4));
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_variant),
               cmocka_unit_test(test_long_run_every_variant),
               cmocka_unit_test(test_ranges_match_whole_step))
