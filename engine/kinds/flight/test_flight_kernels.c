/* The flight kernel on every runnable wide variant, emulated ones included, against the scalar
 * reference (flight_bounds.h): after one step from clocks spread over whole flights, and after
 * FLIGHT_BOUND_STEPS steps at 60 Hz (every flyer lands); time, landed, position, velocity and
 * the plan bit-identical, bank and orientation within the stated absolute bounds, every wide
 * variant bit-identical to the others, degenerate flights (P0 == P1, V0 == 0, the normal along
 * the chord, the perch behind) among them; a range step gives a whole step's bits. On a count no
 * lane count divides.
 *
 * The flyers are the flight probe's (flight_probe.c): its seed_state (plans and poses at clocks
 * anywhere in [0, 12] s, one flyer in ten of each degenerate kind and a sharp turn onto a close
 * perch) for the spread clocks, and its random_desc added to the pool (clock 0, one flyer in
 * eight degenerate) for flights from their start. The loop is tests/support/test_kernels.c's. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "flight_bounds.h"
#include "flight_fields.h"
#include "kernel_table.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT 1031

/* Bank and orientation within their absolute bounds, every other field bit-identical. */
static double bound_of(const test_kernel_element *e, double *error, const void *ctx) {
    (void)ctx;
    if (e->field == FLIGHT_BANK || (e->field >= FLIGHT_QX && e->field <= FLIGHT_QW)) {
        *error = fabs((double)e->wide - (double)e->ref);
        return e->field == FLIGHT_BANK ? FLIGHT_BANK_ABS : FLIGHT_ORIENTATION_ABS;
    }
    return test_kernels_bit_identical(e, error, ctx);
}

/* steps steps of dt from the probe's flyers: spread, its seed_state (clocks over whole
 * flights); else its random_desc added (every clock at 0). */
static test_kernel_run flight_run(uint64_t seed, int steps, float dt, bool spread) {
    test_kernel_run run = {
        .probe = &mote_probe_flight,
        .source = spread ? TEST_KERNELS_SEEDED_STATE : TEST_KERNELS_ADDED,
        .count = COUNT,
        .seed = seed,
        .steps = steps,
        .dt = dt,
        .bound = bound_of,
        .label = "flight",
    };
    return run;
}

static void check(int steps, float dt, bool spread) {
    const test_kernel_run run = flight_run(0xf117 + (uint64_t)steps, steps, dt, spread);
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, false));
    printf(
        "after %d steps of %g s: bank %.3g orientation %.3g\n", steps, (double)dt,
        worst[FLIGHT_BANK],
        fmax(fmax(worst[FLIGHT_QX], worst[FLIGHT_QY]), fmax(worst[FLIGHT_QZ], worst[FLIGHT_QW])));
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(1, 1.0f / 60.0f, true);
    check(1, 0.25f, true);
    check(1, 1.0f / 60.0f, false);
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    check((int)test_scaled(FLIGHT_BOUND_STEPS), 1.0f / 60.0f, false);
    check((int)test_scaled(FLIGHT_BOUND_STEPS / 4), 0.037f, true);
}

/* Every flyer of the long run lands: on every variant position is P1 bit for bit, velocity 0
 * and landed 2 once the clock is past the duration. */
static void test_every_variant_lands_on_the_perch(void **unused) {
    (void)unused;
    const test_kernel_run run = flight_run(5, 2, 0.01f, false);
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        mote_pool *pool = test_kernels_pool(&run);
        assert_non_null(pool);
        mote_flight_view v = mote_flight_pool_view((mote_flight_pool *)(void *)pool);
        for (size_t i = 0; i < COUNT; ++i) {
            v.time[i] = v.duration[i]; /* the step lands every flyer */
        }
        test_kernels_step(pool, table, &run);
        for (size_t i = 0; i < COUNT; ++i) {
            for (int c = 0; c < 3; ++c) {
                assert_true(test_ulp_distance(v.position[c][i], v.perch_position[c][i]) == 0);
                assert_true(v.velocity[c][i] == 0.0f);
            }
            assert_true(v.landed[i] == 2.0f);
        }
        mote_pool_destroy(pool, run.probe->record);
    }
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    const test_kernel_run run = flight_run(99, 1, 0.05f, true);
    const size_t cuts[4] = {0, 3, 517, COUNT};
    assert_true(test_kernels_check_ranges(&run, cuts, 4));
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_variant),
               cmocka_unit_test(test_long_run_every_variant),
               cmocka_unit_test(test_every_variant_lands_on_the_perch),
               cmocka_unit_test(test_ranges_match_whole_step))
