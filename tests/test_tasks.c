/* The parallel step (mote/tasks.h): whatever task system runs it and however it splits the
 * work, every spring kind ends bit for bit where the serial step ends; bad input reaches no
 * task; small pools never enqueue. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "test_support.h"

/* 100,003 natively; scaled down (MOTE_TEST_SCALE), still three ranges of 8192: odd, so never a
 * multiple of a lane count or a block */
#define PARALLEL_COUNT (test_scaled_at_least(100003, 3 * 8192) | 1)
#define MAX_RANGES     4096

/* A task system that records its calls and runs the work its own way. */
typedef struct test_tasks {
    unsigned enqueued;
    unsigned finished;
    bool deferred; /* true: enqueue only stores the task; finish runs it, last range first */
    mote_task_fn *task;
    void *task_context;
    size_t item_count;
    size_t min_range;
} test_tasks;

/* Uneven ranges: min_range, then min_range + 1, + 2, ... (each at least min_range). */
static size_t range_count(size_t items, size_t min_range, size_t starts[MAX_RANGES + 1]) {
    size_t n = 0;
    size_t at = 0;
    while (at < items && n < MAX_RANGES) {
        starts[n++] = at;
        at += min_range + n - 1;
    }
    starts[n] = items;
    return n;
}

static void run_ranges(test_tasks *t) {
    static size_t starts[MAX_RANGES + 1];
    size_t n = range_count(t->item_count, t->min_range, starts);
    for (size_t r = n; r-- > 0;) {
        size_t end = starts[r + 1] < t->item_count ? starts[r + 1] : t->item_count;
        t->task(starts[r], end, (unsigned)(r % 3), t->task_context);
    }
}

static void *test_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                          void *task_context, void *user_context) {
    test_tasks *t = user_context;
    ++t->enqueued;
    t->task = task;
    t->task_context = task_context;
    t->item_count = item_count;
    t->min_range = min_range;
    if (t->deferred) {
        return t;
    }
    run_ranges(t);
    return NULL;
}

static void test_finish(void *user_task, void *user_context) {
    test_tasks *t = user_context;
    assert_ptr_equal(user_task, t);
    ++t->finished;
    run_ranges(t);
}

static mote_spring_pool *random_pool(mote_spring_kind kind, size_t count, uint64_t seed) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.backend = MOTE_BACKEND_AUTO;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_spring_pool_reserve(pool, count), MOTE_OK);
    test_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        mote_spring_desc d = mote_default_spring_desc();
        d.x = test_rng_range(&rng, -10.0f, 10.0f);
        d.v = test_rng_range(&rng, -10.0f, 10.0f);
        d.goal = test_rng_range(&rng, -10.0f, 10.0f);
        d.xi = test_rng_range(&rng, -10.0f, 10.0f);
        d.vi = test_rng_range(&rng, -10.0f, 10.0f);
        d.halflife = test_rng_range(&rng, 0.01f, 1.0f);
        d.stiffness = test_rng_range(&rng, 0.0f, 100.0f);
        d.damping = test_rng_range(&rng, 0.0f, 20.0f);
        d.rate = test_rng_range(&rng, 0.0f, 20.0f);
        assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return pool;
}

/* Every array of the view, as (pointer, count) pairs in a fixed order. */
static void assert_same_state(mote_spring_pool *a, mote_spring_pool *b) {
    mote_spring_view va = mote_spring_pool_view(a);
    mote_spring_view vb = mote_spring_pool_view(b);
    assert_int_equal(va.count, vb.count);
    float *fa[] = {va.x, va.v, va.goal, va.xi, va.vi, va.stiffness, va.damping, va.rate};
    float *fb[] = {vb.x, vb.v, vb.goal, vb.xi, vb.vi, vb.stiffness, vb.damping, vb.rate};
    for (size_t f = 0; f < sizeof fa / sizeof fa[0]; ++f) {
        assert_true((fa[f] == NULL) == (fb[f] == NULL));
        if (fa[f] != NULL) {
            assert_memory_equal(fa[f], fb[f], va.count * sizeof(float));
        }
    }
}

/* Steps twin pools 3 times, one serially and one through tasks, and compares every bit. */
static void check_parallel_matches_serial(const mote_task_system *tasks, size_t count) {
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool *serial = random_pool((mote_spring_kind)k, count, 77u + (uint64_t)k);
        mote_spring_pool *parallel = random_pool((mote_spring_kind)k, count, 77u + (uint64_t)k);
        for (int step = 0; step < 3; ++step) {
            assert_int_equal(mote_spring_pool_step(serial, 1.0f / 60.0f), MOTE_OK);
            assert_int_equal(mote_spring_pool_step_parallel(parallel, 1.0f / 60.0f, tasks),
                             MOTE_OK);
        }
        assert_same_state(serial, parallel);
        mote_spring_pool_destroy(serial);
        mote_spring_pool_destroy(parallel);
    }
}

static void uneven_ranges_give_the_serial_bits(void **state) {
    (void)state;
    test_tasks t = {0};
    mote_task_system tasks = {test_enqueue, test_finish, 3, &t};
    check_parallel_matches_serial(&tasks, PARALLEL_COUNT);
    assert_int_equal(t.enqueued, 3u * MOTE_SPRING_KIND_COUNT);
    assert_int_equal(t.finished, 0u);
    /* Items are 16-element blocks, at least 8192 elements a range. */
    assert_int_equal(t.item_count, (PARALLEL_COUNT + 15) / 16);
    assert_int_equal(t.min_range, 8192 / 16);
}

static void deferred_work_runs_in_finish(void **state) {
    (void)state;
    test_tasks t = {.deferred = true};
    mote_task_system tasks = {test_enqueue, test_finish, 2, &t};
    check_parallel_matches_serial(&tasks, PARALLEL_COUNT);
    assert_int_equal(t.finished, t.enqueued);
    assert_int_equal(t.enqueued, 3u * MOTE_SPRING_KIND_COUNT);
}

static void openmp_system_gives_the_serial_bits(void **state) {
    (void)state;
    mote_task_system tasks = mote_openmp_task_system();
    assert_non_null(tasks.enqueue);
    assert_true(tasks.worker_count >= 1);
#ifdef MOTE_TEST_HAS_OPENMP
    assert_true(mote_openmp_available());
#else
    assert_false(mote_openmp_available());
    assert_int_equal(tasks.worker_count, 1);
#endif
    check_parallel_matches_serial(&tasks, PARALLEL_COUNT);
}

static void no_task_system_steps_serially(void **state) {
    (void)state;
    check_parallel_matches_serial(NULL, PARALLEL_COUNT);
}

static void small_pools_stay_on_this_thread(void **state) {
    (void)state;
    test_tasks t = {0};
    mote_task_system tasks = {test_enqueue, test_finish, 2, &t};
    check_parallel_matches_serial(&tasks, 8192);
    assert_int_equal(t.enqueued, 0u);
}

static void bad_input_reaches_no_task(void **state) {
    (void)state;
    test_tasks t = {0};
    mote_task_system tasks = {test_enqueue, test_finish, 2, &t};
    mote_spring_pool *pool = random_pool(MOTE_SPRING_CRITICAL, PARALLEL_COUNT, 5u);
    mote_spring_pool *twin = random_pool(MOTE_SPRING_CRITICAL, PARALLEL_COUNT, 5u);
    const float bad_dt[] = {-1.0f / 60.0f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; ++i) {
        assert_int_equal(mote_spring_pool_step_parallel(pool, bad_dt[i], &tasks),
                         MOTE_ERROR_INVALID_DT);
    }
    assert_int_equal(mote_spring_pool_step_parallel(pool, 0.0f, &tasks), MOTE_OK);
    assert_int_equal(mote_spring_pool_step_parallel(NULL, 1.0f / 60.0f, &tasks),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(t.enqueued, 0u);
    assert_same_state(pool, twin);
    mote_spring_pool_destroy(pool);
    mote_spring_pool_destroy(twin);
}

MOTE_TEST_MAIN(cmocka_unit_test(uneven_ranges_give_the_serial_bits),
               cmocka_unit_test(deferred_work_runs_in_finish),
               cmocka_unit_test(openmp_system_gives_the_serial_bits),
               cmocka_unit_test(no_task_system_steps_serially),
               cmocka_unit_test(small_pools_stay_on_this_thread),
               cmocka_unit_test(bad_input_reaches_no_task))
