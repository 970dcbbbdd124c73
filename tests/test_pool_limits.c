/* The shared pool layer's limits, for every pool kind (the probes, in registry order):
 * add_many answers a count that does not fit before it reads a desc; max_count above
 * MOTE_MAX_COUNT is refused with a detail. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/pool_common.h"
#include "probe.h"
#include "refuse.h"

/* A pool of every probe's first variant, with room for capacity and at most max_count. */
static mote_pool *pool_of(const mote_probe *probe, size_t capacity, size_t max_count) {
    const probe_def def = {capacity, max_count, MOTE_BACKEND_AUTO};
    mote_pool *pool = NULL;
    assert_int_equal(probe_create(probe, &probe->variants[0], &def, &pool), MOTE_OK);
    return pool;
}

/* One ordinary desc of the probe's kind in a block of exactly its size (ASan: a read past it
 * is reported). */
static void *one_desc(const mote_probe *probe, const mote_pool *pool) {
    void *desc = malloc(probe->record->desc_size);
    assert_non_null(desc);
    tool_rng rng = {7};
    int draws = 0;
    while (probe->random_desc(&probe->variants[0], pool, &rng, desc) != MOTE_OK) {
        assert_true(++draws < 100); /* a degenerate draw made no element: draw again */
    }
    return desc;
}

static void test_add_many_checks_room_before_reading_descs(void **state) {
    (void)state;
    size_t count;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < count; ++k) {
        const mote_probe *probe = probes[k];
        mote_pool *pool = pool_of(probe, 4, 8);
        void *desc = one_desc(probe, pool);
        mote_id ids[2];
        assert_int_equal(mote_pool_add(pool, probe->record, desc, 1, ids), MOTE_OK);
        /* 7 of room left: n = SIZE_MAX and n = room + 1 are FULL, one desc in the array */
        const size_t too_many[] = {SIZE_MAX, 8, SIZE_MAX / probe->record->desc_size + 1};
        for (size_t t = 0; t < sizeof too_many / sizeof too_many[0]; ++t) {
            mote_clear_error_detail();
            assert_int_equal(mote_pool_add(pool, probe->record, desc, too_many[t], NULL),
                             MOTE_ERROR_FULL);
            assert_non_null(strstr(mote_error_detail(), "do not fit"));
        }
        assert_int_equal(mote_pool_count(pool, probe->record), 1);
        /* exactly the room is taken (the one desc read seven times over is the caller's
         * array here: descs of the same element) */
        void *seven = malloc(7 * probe->record->desc_size);
        assert_non_null(seven);
        for (size_t i = 0; i < 7; ++i) {
            memcpy((char *)seven + i * probe->record->desc_size, desc, probe->record->desc_size);
        }
        assert_int_equal(mote_pool_add(pool, probe->record, seven, 7, NULL), MOTE_OK);
        assert_int_equal(mote_pool_add(pool, probe->record, desc, 1, NULL), MOTE_ERROR_FULL);
        assert_int_equal(mote_pool_count(pool, probe->record), 8);
        free(seven);
        free(desc);
        mote_pool_destroy(pool, probe->record);
    }
}

static void test_max_count_above_the_limit_is_refused(void **state) {
    (void)state;
    size_t count;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < count; ++k) {
        const mote_probe *probe = probes[k];
        const size_t refused[] = {0, (size_t)MOTE_MAX_COUNT + 1, SIZE_MAX};
        for (size_t t = 0; t < sizeof refused / sizeof refused[0]; ++t) {
            const probe_def def = {0, refused[t], MOTE_BACKEND_AUTO};
            mote_pool *pool = NULL;
            mote_clear_error_detail();
            assert_int_equal(probe_create(probe, &probe->variants[0], &def, &pool),
                             MOTE_ERROR_INVALID_ARGUMENT);
            assert_null(pool);
            assert_non_null(strstr(mote_error_detail(), "max_count"));
            assert_non_null(strstr(mote_error_detail(), "MOTE_MAX_COUNT"));
        }
        /* the limit itself is a max_count create takes (no storage until elements come) */
        const probe_def at_limit = {0, MOTE_MAX_COUNT, MOTE_BACKEND_AUTO};
        mote_pool *pool = NULL;
        assert_int_equal(probe_create(probe, &probe->variants[0], &at_limit, &pool), MOTE_OK);
        mote_pool_destroy(pool, probe->record);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_add_many_checks_room_before_reading_descs),
               cmocka_unit_test(test_max_count_above_the_limit_is_refused))
