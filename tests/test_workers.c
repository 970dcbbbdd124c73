/* mote_workers (mote/tasks.h), mote's own ready task system: every item of a step runs exactly
 * once whatever the worker count, and no task call is empty; a range no thread starts is
 * stepped by the calling thread, and so is the rest of a range whose thread stopped in it; a
 * step that stalled sends the next steps to the calling thread; a step that finds the workers busy
 * runs on its own thread; bad input and a refused allocation are errors that leave nothing running.
 * That steps on it give the serial bits for every pool kind is test_parallel_kinds's (one body for
 * both ready systems). */
#if defined(MOTE_TEST_HAS_PTHREADS)
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#if defined(MOTE_TEST_HAS_PTHREADS)
#include <pthread.h>
#include <time.h>
#endif

#include "mote/mote.h"
#include "test_support.h"
#include "worker_shares.h"
#include "worker_threads.h"

#define MAX_ITEMS 5000

/* A task that counts how often each item ran and remembers who ran what. */
typedef struct counting_task {
    _Atomic unsigned char runs[MAX_ITEMS];
    _Atomic unsigned calls;
    _Atomic unsigned calls_off_caller; /* ranges run with a worker index other than 0 */
    _Atomic unsigned bad_index;        /* ranges run with an index >= the worker count */
    _Atomic unsigned empty;            /* calls with no items */
    unsigned worker_count;
    unsigned first_range_sleep_us;  /* the range starting at item 0 sleeps this long first */
    unsigned worker_range_sleep_us; /* a range a thread runs (not the caller) sleeps this long */
} counting_task;

static void sleep_us(unsigned us) {
#if defined(MOTE_TEST_HAS_PTHREADS)
    struct timespec t = {0, (long)us * 1000L};
    nanosleep(&t, NULL);
#else
    (void)us;
#endif
}

static void count_items(size_t begin, size_t end, unsigned worker_index, void *context) {
    counting_task *t = context;
    if (begin == 0 && t->first_range_sleep_us > 0) {
        sleep_us(t->first_range_sleep_us);
    }
    if (worker_index != 0 && t->worker_range_sleep_us > 0) {
        sleep_us(t->worker_range_sleep_us);
    }
    atomic_fetch_add(&t->calls, 1u);
    atomic_fetch_add(&t->calls_off_caller, worker_index != 0 ? 1u : 0u);
    atomic_fetch_add(&t->bad_index, worker_index >= t->worker_count ? 1u : 0u);
    atomic_fetch_add(&t->empty, begin >= end ? 1u : 0u);
    for (size_t i = begin; i < end; ++i) {
        atomic_fetch_add(&t->runs[i], 1);
    }
}

static void reset(counting_task *t, unsigned worker_count) {
    memset(t, 0, sizeof *t);
    t->worker_count = worker_count;
}

/* Runs one step of items through tasks and checks every item ran exactly once. */
static void step_once(const mote_task_system *tasks, counting_task *t, size_t items,
                      size_t min_range) {
    for (size_t i = 0; i < items; ++i) {
        atomic_store(&t->runs[i], 0);
    }
    assert_null(tasks->enqueue(count_items, items, min_range, t, tasks->user_context));
    for (size_t i = 0; i < items; ++i) {
        if (atomic_load(&t->runs[i]) != 1) {
            fail_msg("item %zu of %zu ran %u times", i, items, (unsigned)atomic_load(&t->runs[i]));
        }
    }
    assert_int_equal(atomic_load(&t->bad_index), 0);
    assert_int_equal(atomic_load(&t->empty), 0);
}

static void every_item_runs_once_for_any_worker_count(void **unused) {
    (void)unused;
    static counting_task t;
    const unsigned most = test_max_workers(8);
    for (unsigned workers = 1; workers <= most; ++workers) {
        mote_workers *w = NULL;
        assert_int_equal(mote_workers_create(workers, &w), MOTE_OK);
#if defined(MOTE_TEST_HAS_PTHREADS)
        assert_int_equal(mote_workers_count(w), workers);
#else
        assert_int_equal(mote_workers_count(w), 1); /* no threads: the calling thread alone */
#endif
        const mote_task_system tasks = mote_workers_task_system(w);
        assert_int_equal(tasks.worker_count, mote_workers_count(w));
        assert_null(tasks.finish);
        reset(&t, mote_workers_count(w));
        /* sizes around the split's edges: fewer items than workers, one range, odd counts */
        const size_t sizes[] = {1, 2, 3, 7, 64, 1000, 4099, MAX_ITEMS};
        const size_t min_ranges[] = {0, 1, 5, 600};
        for (int round = 0; round < 20; ++round) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                step_once(&tasks, &t, sizes[s], min_ranges[(s + (size_t)round) % 4]);
            }
        }
        /* never a range shorter than min_range: 1000 items of 600 make one range */
        const unsigned before = atomic_load(&t.calls);
        step_once(&tasks, &t, 1000, 600);
        assert_int_equal(atomic_load(&t.calls) - before, 1);
        mote_workers_destroy(w);
    }
}

/* Learnt shares can leave a worker no items (2 items, min_range 0, worker 1 taught to be 9
 * times slower: worker 0 takes both): its range is skipped, never called empty. */
static void a_range_without_items_is_not_run(void **unused) {
    (void)unused;
    static counting_task t;
    test_teach_slower_second_worker(9.0);
    size_t split[3];
    mote_shares_split(2, 0, 2, split);
    assert_int_equal(split[1], 2); /* the empty range the case is about */
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(test_max_workers(2), &w), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(w);
    reset(&t, mote_workers_count(w));
    for (int round = 0; round < 100; ++round) {
        step_once(&tasks, &t, 2, 0);
    }
    assert_int_equal(atomic_load(&t.calls), 100);
    mote_workers_destroy(w);
    mote_shares_reset();
}

static void held_threads_leave_every_range_to_the_caller(void **unused) {
    (void)unused;
    const unsigned workers = test_max_workers(4);
    if (workers < 2) {
        skip(); /* no threads to hold on this host */
    }
    static counting_task t;
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(workers, &w), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(w);
    reset(&t, workers);
    mote_workers_hold(w, true);
    for (int round = 0; round < 200; ++round) {
        step_once(&tasks, &t, MAX_ITEMS, 1);
    }
    /* every range, on this thread: a range a call each, or the whole step in one call where a
     * stall (a loaded host) sent the step to the calling thread alone (mote/tasks.h) */
    assert_in_range(atomic_load(&t.calls), 200u, 200u * workers);
    assert_int_equal(atomic_load(&t.calls_off_caller), 0);
    /* released, the threads take their ranges again: the caller's own range sleeps long
     * enough for a thread to be woken and start */
    mote_workers_hold(w, false);
    t.first_range_sleep_us = 2000;
    for (int round = 0; round < 500 && atomic_load(&t.calls_off_caller) == 0; ++round) {
        step_once(&tasks, &t, MAX_ITEMS, 1);
    }
    assert_true(atomic_load(&t.calls_off_caller) > 0);
    mote_workers_destroy(w);
}

/* A thread stopped in the first chunk of its range (here: asleep in it) holds the step up by
 * that chunk alone: the calling thread steps the rest of the range. The step stalled (it waited
 * longer than it stepped), so the next MOTE_WORKERS_STALL_SERIAL_STEPS steps run whole on the
 * calling thread, and the one after tries the threads again. */
static void a_stalled_step_sends_the_next_steps_to_the_caller(void **unused) {
    (void)unused;
    if (test_max_workers(2) < 2) {
        skip(); /* no thread to stop on this host */
    }
    static counting_task t;
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(2, &w), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(w);
    reset(&t, 2);
    /* the caller's own range sleeps long enough for the thread to wake and take a chunk, in
     * which the thread then sleeps far longer */
    t.first_range_sleep_us = 2000;
    t.worker_range_sleep_us = 50000;
    unsigned stalled_calls = 0;
    for (int round = 0; round < 200 && atomic_load(&t.calls_off_caller) == 0; ++round) {
        const unsigned before = atomic_load(&t.calls);
        step_once(&tasks, &t, MAX_ITEMS, 1);
        stalled_calls = atomic_load(&t.calls) - before;
    }
    /* one chunk on the thread; the caller ran its own range and took the rest of the thread's */
    assert_int_equal(atomic_load(&t.calls_off_caller), 1);
    assert_true(stalled_calls >= 3);
    t.first_range_sleep_us = 0;
    for (unsigned s = 0; s < MOTE_WORKERS_STALL_SERIAL_STEPS; ++s) {
        const unsigned before = atomic_load(&t.calls);
        step_once(&tasks, &t, MAX_ITEMS, 1);
        assert_int_equal(atomic_load(&t.calls) - before, 1); /* whole, on this thread */
    }
    assert_int_equal(atomic_load(&t.calls_off_caller), 1);
    t.worker_range_sleep_us = 0;
    const unsigned before = atomic_load(&t.calls);
    step_once(&tasks, &t, MAX_ITEMS, 1);
    assert_true(atomic_load(&t.calls) - before >= 2); /* in ranges again */
    mote_workers_destroy(w);
    mote_shares_reset(); /* the stopped thread was learnt slow */
}

#if defined(MOTE_TEST_HAS_PTHREADS)
/* A step on another thread whose second range waits for release: the workers stay busy. */
typedef struct blocking_step {
    mote_task_system tasks;
    _Atomic int second_range_started;
    _Atomic int release;
    counting_task counted;
} blocking_step;

static void block_second_range(size_t begin, size_t end, unsigned worker_index, void *context) {
    blocking_step *b = context;
    if (begin > 0) {
        atomic_store(&b->second_range_started, 1);
        while (!atomic_load(&b->release)) {
            sleep_us(100);
        }
    }
    count_items(begin, end, worker_index, &b->counted);
}

static void *run_blocking_step(void *argument) {
    blocking_step *b = argument;
    b->tasks.enqueue(block_second_range, 1000, 1, b, b->tasks.user_context);
    return NULL;
}
#endif

static void a_busy_system_steps_on_the_calling_thread(void **unused) {
    (void)unused;
#if defined(MOTE_TEST_HAS_PTHREADS)
    if (test_max_workers(2) < 2) {
        skip();
    }
    static blocking_step b;
    static counting_task t;
    memset(&b, 0, sizeof b);
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(2, &w), MOTE_OK);
    b.tasks = mote_workers_task_system(w);
    b.counted.worker_count = 2;
    pthread_t other;
    assert_int_equal(pthread_create(&other, NULL, run_blocking_step, &b), 0);
    while (!atomic_load(&b.second_range_started)) {
        sleep_us(100);
    }
    /* the other thread's step holds the workers: this one runs whole, here, as one range */
    reset(&t, 2);
    step_once(&b.tasks, &t, MAX_ITEMS, 1);
    assert_int_equal(atomic_load(&t.calls), 1);
    assert_int_equal(atomic_load(&t.calls_off_caller), 0);
    atomic_store(&b.release, 1);
    assert_int_equal(pthread_join(other, NULL), 0);
    for (size_t i = 0; i < 1000; ++i) {
        assert_int_equal(atomic_load(&b.counted.runs[i]), 1);
    }
    mote_workers_destroy(w);
#else
    skip();
#endif
}

/* An allocator that refuses everything. */
static void *refuse(size_t size, size_t alignment, void *user) {
    (void)size;
    (void)alignment;
    (void)user;
    return NULL;
}

static void never_called_free(void *ptr, size_t size, void *user) {
    (void)ptr;
    (void)size;
    (void)user;
    fail_msg("nothing was allocated");
}

static void bad_input_and_refused_memory_are_errors(void **unused) {
    (void)unused;
    assert_int_equal(mote_workers_create(2, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_workers *w = (mote_workers *)&w; /* any value: an error leaves it alone */
    assert_int_equal(mote_workers_create(MOTE_WORKERS_MAX + 1, &w), MOTE_ERROR_INVALID_ARGUMENT);
    assert_ptr_equal(w, (mote_workers *)&w);
    const mote_allocator refusing = {refuse, never_called_free, NULL};
    mote_set_allocator(&refusing);
    assert_int_equal(mote_workers_create(2, &w), MOTE_ERROR_OUT_OF_MEMORY);
    mote_set_allocator(NULL);
    assert_null(w);
    /* no workers: a system that steps serially */
    assert_int_equal(mote_workers_count(NULL), 0);
    const mote_task_system none = mote_workers_task_system(NULL);
    assert_null(none.enqueue);
    assert_int_equal(none.worker_count, 1);
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = 20000;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_spring_pool_step_parallel(pool, 1.0f / 60.0f, &none), MOTE_OK);
    mote_spring_pool_destroy(pool);
    mote_workers_destroy(NULL);
}

/* An allocator that counts its blocks (aligned_alloc underneath). */
static int live_blocks;

static void *counted_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    void *p = aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
    live_blocks += p != NULL;
    return p;
}

static void counted_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    live_blocks -= ptr != NULL;
    free(ptr);
}

/* The workers are freed by the allocator they were made with, whatever is set by then. */
static void workers_free_through_their_own_allocator(void **unused) {
    (void)unused;
    const mote_allocator counting = {counted_alloc, counted_free, NULL};
    mote_set_allocator(&counting);
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(test_max_workers(2), &w), MOTE_OK);
    mote_set_allocator(NULL);
    assert_int_equal(live_blocks, 1);
    mote_workers_destroy(w);
    assert_int_equal(live_blocks, 0);
}

static void zero_asks_for_one_worker_per_cpu(void **unused) {
    (void)unused;
    if (test_max_workers(2) < 2) {
        skip();
    }
    mote_workers *w = NULL;
    assert_int_equal(mote_workers_create(0, &w), MOTE_OK);
    assert_true(mote_workers_count(w) >= 1);
    assert_true(mote_workers_count(w) <= MOTE_WORKERS_MAX);
    mote_workers_destroy(w);
}

MOTE_TEST_MAIN(cmocka_unit_test(every_item_runs_once_for_any_worker_count),
               cmocka_unit_test(a_range_without_items_is_not_run),
               cmocka_unit_test(held_threads_leave_every_range_to_the_caller),
               cmocka_unit_test(a_stalled_step_sends_the_next_steps_to_the_caller),
               cmocka_unit_test(a_busy_system_steps_on_the_calling_thread),
               cmocka_unit_test(bad_input_and_refused_memory_are_errors),
               cmocka_unit_test(workers_free_through_their_own_allocator),
               cmocka_unit_test(zero_asks_for_one_worker_per_cpu))
