/* The parallel step of every pool kind (the gate adapters' registry, so a new kind is
 * covered by being registered): each ready task system (OpenMP's threads and mote's own
 * workers, one test body for both) with any worker count from 1 to 8 ends bit for bit where the
 * serial step ends, and a pool at the kind's parallel threshold never reaches the
 * task system while one just above it hands out ranges of at least that many elements. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool.h"
#include "pool_adapter.h"
#include "test_support.h"
#include "worker_shares.h"

#define STEPS 3

static const float frame_dt = 1.0f / 60.0f;

/* A pool of the adapter's kind with count seeded elements (the same ones every call). */
static void *make_pool(const pool_adapter *a, size_t count) {
    pool_adapter_def def = {count, count + 16, MOTE_BACKEND_AUTO};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {0x7061726cu}; /* "parl" */
    for (size_t i = 0; i < count; ++i) {
        mote_id id;
        assert_int_equal(a->add_random(a, pool, &rng, &id), MOTE_OK);
    }
    return pool;
}

static void step_with(void *pool, const mote_task_system *tasks) {
    mote_pool *p = pool;
    for (int k = 0; k < STEPS; ++k) {
        assert_int_equal(mote_pool_step(p, p->kind, 0, p->core.count, frame_dt, tasks, NULL),
                         MOTE_OK);
    }
}

/* The ready task systems, each tested by the same body. */
typedef enum ready_system { READY_OPENMP, READY_WORKERS } ready_system;

/* A ready system with `workers` workers and the count it must report (mote_workers in *own,
 * for mote_workers_destroy). */
static mote_task_system make_system(ready_system which, unsigned workers, mote_workers **own,
                                    unsigned *expected_count) {
    *own = NULL;
    if (which == READY_OPENMP) {
        *expected_count = mote_openmp_available() ? workers : 1u;
        return mote_openmp_task_system_workers(workers);
    }
    assert_int_equal(mote_workers_create(workers, own), MOTE_OK);
    *expected_count = mote_workers_count(*own);
    assert_int_equal(*expected_count, workers);
    return mote_workers_task_system(*own);
}

/* Every registered kind stepped by a ready system with 1 to `most` workers ends on the serial
 * bits: every variant, or with every_variant false and the tests scaled down, the first of
 * each family and the later ones (pool_adapter_follows_its_family). */
static void check_worker_counts(ready_system which, unsigned most, bool every_variant) {
    size_t adapter_count;
    const pool_adapter *const *all = pool_adapters_all(&adapter_count);
    for (size_t k = 0; k < adapter_count; ++k) {
        if (!every_variant && test_scaled_down() && pool_adapter_follows_its_family(all, k)) {
            continue;
        }
        const pool_adapter *a = all[k];
        void *serial = make_pool(a, 0);
        const size_t count = 5 * ((mote_pool *)serial)->kind->parallel_min_elements + 37;
        a->destroy(serial);
        serial = make_pool(a, count);
        step_with(serial, NULL);
        const uint64_t expected = pool_adapter_hash(a, serial);
        a->destroy(serial);
        for (unsigned workers = 1; workers <= most; ++workers) {
            mote_workers *own;
            unsigned expected_count;
            mote_task_system tasks = make_system(which, workers, &own, &expected_count);
            assert_int_equal(tasks.worker_count, expected_count);
            void *parallel = make_pool(a, count);
            step_with(parallel, &tasks);
            if (pool_adapter_hash(a, parallel) != expected) {
                fail_msg("%s: %u workers (%s) differ from the serial step", a->name, workers,
                         which == READY_OPENMP ? "OpenMP" : "mote_workers");
            }
            a->destroy(parallel);
            mote_workers_destroy(own);
        }
    }
}

/* 8 natively; 2 under the emulated gates (MOTE_TEST_SCALE), where every thread is a slow
 * emulated core */
static unsigned most_workers(void) {
    return test_max_workers(test_scaled(8) < 2 ? 2u : (unsigned)test_scaled(8));
}

static void any_worker_count_gives_the_serial_bits(void **unused) {
    (void)unused;
    check_worker_counts(READY_OPENMP, most_workers(), true);
}

static void any_count_of_motes_workers_gives_the_serial_bits(void **unused) {
    (void)unused;
    check_worker_counts(READY_WORKERS, most_workers(), true);
}

/* The ready system's learnt shares (worker_shares.h) move where ranges split, never the bits:
 * taught that worker 1 is 3 times slower than worker 0, it gives worker 0 the larger part.
 * Scaled down, one variant per family: the split is the same for every variant. */
static void learnt_shares_give_the_serial_bits(void **unused) {
    (void)unused;
    test_teach_slower_second_worker(3.0);
    size_t split[3];
    mote_shares_split(2000, 1, 2, split);
    assert_true(split[1] > 1400);
    check_worker_counts(READY_OPENMP, test_max_workers(2), false);
    check_worker_counts(READY_WORKERS, test_max_workers(2), false);
    mote_shares_reset();
}

/* A task system that only counts and checks what it is asked, then runs the work. */
typedef struct counting_tasks {
    unsigned enqueued;
    size_t min_range;
} counting_tasks;

static void *counting_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                              void *task_context, void *user_context) {
    counting_tasks *t = user_context;
    t->enqueued += 1;
    t->min_range = min_range;
    task(0, item_count, 0, task_context);
    return NULL;
}

static void small_pools_stay_on_this_thread(void **unused) {
    (void)unused;
    size_t adapter_count;
    const pool_adapter *const *all = pool_adapters_all(&adapter_count);
    for (size_t k = 0; k < adapter_count; ++k) {
        const pool_adapter *a = all[k];
        void *probe = make_pool(a, 0);
        const size_t threshold = ((mote_pool *)probe)->kind->parallel_min_elements;
        a->destroy(probe);
        assert_int_equal(threshold % MOTE_PAD_ELEMENTS, 0);
        counting_tasks t = {0, 0};
        mote_task_system tasks = {counting_enqueue, NULL, 2, &t};
        void *at = make_pool(a, threshold);
        step_with(at, &tasks);
        assert_int_equal(t.enqueued, 0);
        void *above = make_pool(a, threshold + 1);
        step_with(above, &tasks);
        if (a->probe->ranges_differ != NULL && a->probe->ranges_differ(a->variant)) {
            /* stages of their own around the kernel (mover avoidance): tasks of each */
            assert_true(t.enqueued > STEPS && t.enqueued % STEPS == 0);
        } else {
            assert_int_equal(t.enqueued, STEPS);
        }
        assert_int_equal(t.min_range * MOTE_PAD_ELEMENTS, threshold); /* blocks of 16 */
        a->destroy(at);
        a->destroy(above);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(any_worker_count_gives_the_serial_bits),
               cmocka_unit_test(any_count_of_motes_workers_gives_the_serial_bits),
               cmocka_unit_test(learnt_shares_give_the_serial_bits),
               cmocka_unit_test(small_pools_stay_on_this_thread))
