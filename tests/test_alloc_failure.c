/* Allocation failure at every allocation point, for every pool kind (the pool adapter
 * registry): a scenario (create, adds that grow the storage several times, reserve, removes,
 * steps, destroy) is run once through a counting allocator to learn how many allocations it
 * makes, then once per allocation k with the k-th failing. Each call that fails must return
 * MOTE_ERROR_OUT_OF_MEMORY and leave the pool bit-for-bit as it was (count, ids, every field,
 * capacity); the scenario then carries on, later allocations succeed, and after destroy
 * every byte handed out has been given back. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"

#include "pool_adapter.h"

/* The allocator under test: counts calls, fails call number fail_at (1-based; 0: never),
 * tracks outstanding blocks and bytes. */
typedef struct counting_allocator {
    size_t calls;
    size_t fail_at;
    size_t failed;
    size_t live_blocks;
    size_t live_bytes;
} counting_allocator;

static void *counting_alloc(size_t size, size_t alignment, void *user) {
    counting_allocator *c = user;
    c->calls += 1;
    if (c->calls == c->fail_at) {
        c->failed += 1;
        return NULL;
    }
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *p = aligned_alloc(alignment, rounded);
    if (p != NULL) {
        c->live_blocks += 1;
        c->live_bytes += size;
    }
    return p;
}

static void counting_free(void *ptr, size_t size, void *user) {
    counting_allocator *c = user;
    assert_true(c->live_blocks > 0 && c->live_bytes >= size);
    c->live_blocks -= 1;
    c->live_bytes -= size;
    free(ptr);
}

/* What the pool looked like before a call. */
typedef struct pool_snapshot {
    uint64_t hash;
    size_t capacity;
} pool_snapshot;

static pool_snapshot snapshot(const pool_adapter *a, void *pool) {
    pool_snapshot s = {pool_adapter_hash(a, pool), a->capacity(pool)};
    return s;
}

/* A call's result: MOTE_OK, or out of memory with nothing changed. */
static void expect_ok_or_unchanged(const pool_adapter *a, void *pool, mote_status status,
                                   pool_snapshot before, const char *what, size_t k) {
    if (status == MOTE_OK) {
        return;
    }
    if (status != MOTE_ERROR_OUT_OF_MEMORY) {
        fail_msg("%s, allocation %zu failing: %s returned %s", a->name, k, what,
                 mote_status_name(status));
    }
    pool_snapshot after = snapshot(a, pool);
    if (after.hash != before.hash || after.capacity != before.capacity) {
        fail_msg("%s, allocation %zu failing: %s failed but changed the pool", a->name, k, what);
    }
    assert_true(pool_adapter_ids_consistent(a, pool));
}

#define ADDS 100

/* The scenario; returns the number of calls that failed with out of memory. */
static size_t run_scenario(const pool_adapter *a, size_t k) {
    size_t failures = 0;
    pool_adapter_def def = {4, 1000, MOTE_BACKEND_AUTO};
    void *pool = NULL;
    mote_status status = a->create(a, &def, &pool);
    if (status != MOTE_OK) {
        assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
        assert_null(pool);
        return 1;
    }
    test_rng rng = {42};
    mote_id ids[ADDS];
    size_t live = 0;
    for (size_t i = 0; i < ADDS; ++i) {
        pool_snapshot before = snapshot(a, pool);
        mote_id id = mote_null_id();
        status = a->add_random(a, pool, &rng, &id);
        expect_ok_or_unchanged(a, pool, status, before, "add", k);
        failures += status != MOTE_OK;
        if (status == MOTE_OK) {
            ids[live++] = id;
        } else {
            assert_false(a->contains(pool, id));
        }
    }
    pool_snapshot before = snapshot(a, pool);
    status = a->reserve(pool, 700);
    expect_ok_or_unchanged(a, pool, status, before, "reserve", k);
    failures += status != MOTE_OK;
    for (size_t i = 0; i < live; i += 3) {
        assert_int_equal(a->remove(pool, ids[i]), MOTE_OK);
    }
    /* a kind that keeps step storage (mover avoidance's grid) may fail a step too */
    before = snapshot(a, pool);
    status = a->step(pool, 1.0f / 60.0f);
    expect_ok_or_unchanged(a, pool, status, before, "step", k);
    failures += status != MOTE_OK;
    assert_int_equal(a->step_range(pool, 0, a->count(pool) / 2, 1.0f / 30.0f), MOTE_OK);
    assert_int_equal(a->validate(pool, NULL), MOTE_OK);
    assert_true(pool_adapter_ids_consistent(a, pool));
    a->destroy(pool);
    return failures;
}

static void every_allocation_point_of_every_pool(void **state) {
    (void)state;
    size_t n;
    const pool_adapter *const *all = pool_adapters_all(&n);
    for (size_t p = 0; p < n; ++p) {
        const pool_adapter *a = all[p];
        counting_allocator counter = {0};
        mote_allocator hooks = {counting_alloc, counting_free, &counter};
        mote_set_allocator(&hooks);
        assert_int_equal(run_scenario(a, 0), 0);
        size_t total = counter.calls;
        assert_int_equal(counter.live_blocks, 0);
        /* create, the first growth of the ids and the fields, later growths, reserve */
        assert_true(total >= 4);
        for (size_t k = 1; k <= total; ++k) {
            counting_allocator c = {0, k, 0, 0, 0};
            hooks.user = &c;
            mote_set_allocator(&hooks);
            size_t failures = run_scenario(a, k);
            if (c.failed != 1 || failures != 1) {
                fail_msg("%s: allocation %zu of %zu failed %zu time(s), %zu call(s) reported it",
                         a->name, k, total, c.failed, failures);
            }
            if (c.live_blocks != 0 || c.live_bytes != 0) {
                fail_msg("%s: allocation %zu failing leaks %zu blocks (%zu bytes)", a->name, k,
                         c.live_blocks, c.live_bytes);
            }
        }
        mote_set_allocator(NULL);
        printf("%s: %zu allocation points, each failed once\n", a->name, total);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(every_allocation_point_of_every_pool))
