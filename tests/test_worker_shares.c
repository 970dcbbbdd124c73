/* The ready task system's split (engine/core/worker_shares.h): contiguous ranges that cover the
 * items once, at least min_range each, equal until speeds are learnt, then in proportion to
 * them, never below the floor. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_main.h"

#include "worker_shares.h"

/* bounds covers [0, n) in order, every range holding at least min_range items. */
static void assert_covers(const size_t *bounds, int workers, size_t n, size_t min_range) {
    assert_int_equal(bounds[0], 0);
    assert_int_equal(bounds[workers], n);
    for (int w = 0; w < workers; ++w) {
        assert_true(bounds[w] <= bounds[w + 1]);
        assert_true(bounds[w + 1] - bounds[w] >= min_range);
    }
}

/* Teaches the shares `rounds` steps in which worker w takes seconds_per_item[w] per item. */
static void learn(int workers, size_t n, const double *seconds_per_item, int rounds) {
    for (int r = 0; r < rounds; ++r) {
        size_t bounds[MOTE_SHARES_MAX_WORKERS + 1];
        double seconds[MOTE_SHARES_MAX_WORKERS];
        mote_shares_split(n, 1, workers, bounds);
        for (int w = 0; w < workers; ++w) {
            seconds[w] = (double)(bounds[w + 1] - bounds[w]) * seconds_per_item[w];
        }
        mote_shares_learn(workers, bounds, seconds);
    }
}

static int reset(void **state) {
    (void)state;
    mote_shares_reset();
    return 0;
}

static void equal_until_learnt(void **state) {
    (void)state;
    size_t b[4];
    mote_shares_split(1000, 1, 2, b);
    assert_int_equal(b[1], 500);
    assert_covers(b, 2, 1000, 1);
    mote_shares_split(1001, 100, 3, b);
    assert_covers(b, 3, 1001, 100);
    assert_int_equal(b[1], 334);
    assert_int_equal(b[2], 667);
}

/* Worker 1 twice as slow: its speed is 2/3 of the mean, worker 0's 4/3, so worker 0 takes two
 * thirds of the items (to 1% after 100 steps of learning at 1/8). */
static void shares_follow_speed(void **state) {
    (void)state;
    const double per_item[2] = {1e-9, 2e-9};
    learn(2, 9000, per_item, 100);
    size_t b[3];
    mote_shares_split(9000, 1, 2, b);
    assert_covers(b, 2, 9000, 1);
    assert_true(fabs((double)b[1] - 6000.0) <= 90.0);
}

/* A worker 100 times slower keeps the floor: 0.25 against the fast worker's 2 * 100 / 101 of
 * the mean, 11.2% of the items. */
static void a_slow_worker_keeps_the_floor(void **state) {
    (void)state;
    const double per_item[2] = {1e-9, 1e-7};
    learn(2, 10000, per_item, 200);
    size_t b[3];
    mote_shares_split(10000, 1, 2, b);
    const double slow = (double)(b[2] - b[1]);
    const double expected = 10000.0 * MOTE_SHARES_FLOOR / (MOTE_SHARES_FLOOR + 200.0 / 101.0);
    assert_true(fabs(slow - expected) <= 100.0);
}

/* Learnt shares never take a range below min_range. */
static void min_range_holds_against_the_shares(void **state) {
    (void)state;
    const double per_item[2] = {1e-9, 1e-7};
    learn(2, 10000, per_item, 200);
    size_t b[3];
    mote_shares_split(1000, 400, 2, b);
    assert_covers(b, 2, 1000, 400);
    assert_int_equal(b[1], 600);
}

/* Nothing to learn from a worker without items or time, or from one worker alone. */
static void empty_lessons_teach_nothing(void **state) {
    (void)state;
    const size_t bounds[3] = {0, 0, 1000};
    const double seconds[2] = {0.0, 1e-3};
    mote_shares_learn(2, bounds, seconds);
    mote_shares_learn(1, bounds + 1, seconds + 1);
    size_t b[3];
    mote_shares_split(1000, 1, 2, b);
    assert_int_equal(b[1], 500);
}

/* More workers than are tracked split equally. */
static void many_workers_split_equally(void **state) {
    (void)state;
    enum { WORKERS = MOTE_SHARES_MAX_WORKERS + 6 };
    size_t b[WORKERS + 1];
    mote_shares_split(WORKERS * 10, 10, WORKERS, b);
    assert_covers(b, WORKERS, WORKERS * 10, 10);
    for (int w = 0; w < WORKERS; ++w) {
        assert_int_equal(b[w + 1] - b[w], 10);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test_setup(equal_until_learnt, reset),
               cmocka_unit_test_setup(shares_follow_speed, reset),
               cmocka_unit_test_setup(a_slow_worker_keeps_the_floor, reset),
               cmocka_unit_test_setup(min_range_holds_against_the_shares, reset),
               cmocka_unit_test_setup(empty_lessons_teach_nothing, reset),
               cmocka_unit_test_setup(many_workers_split_equally, reset))
