/* The step reports' shared scan (mote_pool_core_ids_where, engine/src/pool_core.h), on a bare
 * pool core: matches at both edges of its 256-element blocks and of the 16-element groups it
 * walks, and inside them, in index order,
 * with the ids the elements hold after swap-removes; the count past the capacity with only the
 * first capacity written; sub-ranges; NaN matching nothing. The debris and flight pool suites
 * test the reports through their public steps on small pools. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "pool_core.h"

#define ELEMENTS 1000

/* A core of ELEMENTS elements with one field, 0 everywhere but 7 at the indices in marked. */
static void make_core(mote_pool_core *core, const size_t *marked, size_t marked_count) {
    const mote_allocator allocator = mote_get_allocator();
    assert_int_equal(
        mote_pool_core_init(core, &allocator, MOTE_FIELD_BIT(0), 16, ELEMENTS * 2, 0x01000001u),
        MOTE_OK);
    mote_id first = mote_null_id();
    for (size_t i = 0; i < ELEMENTS + 3; ++i) {
        mote_id id;
        size_t index;
        assert_int_equal(mote_pool_core_push(core, &id, &index), MOTE_OK);
        if (i == 0) {
            first = id;
        }
    }
    /* three swap-removes: the ids no longer follow the dense order */
    assert_int_equal(mote_pool_core_remove(core, first), MOTE_OK);
    assert_int_equal(mote_pool_core_remove(core, mote_pool_core_id_at(core, 500)), MOTE_OK);
    assert_int_equal(mote_pool_core_remove(core, mote_pool_core_id_at(core, 255)), MOTE_OK);
    assert_int_equal(core->count, ELEMENTS);
    for (size_t i = 0; i < ELEMENTS; ++i) {
        core->fields.field[0][i] = 0.0f;
    }
    for (size_t k = 0; k < marked_count; ++k) {
        core->fields.field[0][marked[k]] = 7.0f;
    }
}

static void finds_every_match_in_order(void **unused) {
    (void)unused;
    static const size_t marked[] = {0,   1,   15,  16,  32,  31,  255, 256,
                                    300, 511, 512, 500, 767, 998, 999};
    static const size_t in_order[] = {0,   1,   15,  16,  31,  32,  255, 256,
                                      300, 500, 511, 512, 767, 998, 999};
    const size_t n = sizeof marked / sizeof marked[0];
    mote_pool_core core;
    make_core(&core, marked, n);
    mote_id ids[16];
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 7.0f, 0, ELEMENTS, ids, 16), n);
    for (size_t k = 0; k < n; ++k) {
        const mote_id expected = mote_pool_core_id_at(&core, in_order[k]);
        assert_int_equal(ids[k].slot, expected.slot);
        assert_int_equal(ids[k].generation, expected.generation);
        assert_int_equal(ids[k].pool, 0x01000001u);
    }
    mote_pool_core_release(&core);
}

static void counts_past_the_capacity_and_honours_ranges(void **unused) {
    (void)unused;
    static const size_t marked[] = {3, 254, 256, 600, 601, 602};
    mote_pool_core core;
    make_core(&core, marked, 6);
    mote_id ids[8];
    for (int k = 0; k < 8; ++k) {
        ids[k] = mote_null_id();
    }
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 7.0f, 0, ELEMENTS, ids, 2), 6);
    assert_int_equal(ids[1].slot, mote_pool_core_id_at(&core, 254).slot);
    assert_int_equal(ids[2].slot, 0); /* past the capacity: untouched */
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 7.0f, 0, ELEMENTS, NULL, 0), 6);
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 7.0f, 255, 601, ids, 8), 2);
    assert_int_equal(ids[0].slot, mote_pool_core_id_at(&core, 256).slot);
    assert_int_equal(ids[1].slot, mote_pool_core_id_at(&core, 600).slot);
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 7.0f, 602, 602, ids, 8), 0);
    assert_int_equal(mote_pool_core_ids_where(&core, 0, 0.0f, 0, ELEMENTS, NULL, 0), ELEMENTS - 6);
    core.fields.field[0][10] = NAN;
    assert_int_equal(mote_pool_core_ids_where(&core, 0, NAN, 0, ELEMENTS, ids, 8), 0);
    mote_pool_core_release(&core);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finds_every_match_in_order),
        cmocka_unit_test(counts_past_the_capacity_and_honours_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
