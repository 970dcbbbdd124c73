/* The step reports' shared scan (mote_pool_core_ids_where, engine/core/pool_core.h), on a bare
 * pool core, each case run twice: counting every group itself (marks NULL, the serial step),
 * and reading the group counts that ranges cut at odd places wrote first
 * (mote_pool_core_mark_groups, as a parallel step's ranges do), which must give the same
 * report and leave the groups the cuts split uncounted. Matches at both edges of the
 * 16-element groups, of the eight-group skips and inside them, in index order,
 * with the ids the elements hold after swap-removes; the count past the capacity with only the
 * first capacity written; sub-ranges; NaN matching nothing. The debris and flight pool suites
 * test the reports through their public steps on small pools. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

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

/* How a case scans: counting every group, or after ranges marked theirs. */
typedef enum scan_mode { COUNT_EVERY_GROUP, MARKED_BY_RANGES, SCAN_MODES } scan_mode;

/* mote_pool_core_ids_where over [begin, end) in the given mode. Marked: ranges cut at
 * begin + 1, 300 and 650 (where inside the scan) mark their whole groups first, and the marks
 * of the groups a cut splits are checked to be left uncounted. */
static size_t scan(const mote_pool_core *core, float value, size_t begin, size_t end, mote_id *ids,
                   size_t capacity, scan_mode mode) {
    if (mode == COUNT_EVERY_GROUP) {
        return mote_pool_core_ids_where(core, 0, value, begin, end, NULL, ids, capacity);
    }
    unsigned char marks[ELEMENTS / MOTE_IDS_GROUP + 16];
    assert_true(mote_group_marks_bytes(end - begin) <= sizeof marks);
    memset(marks, MOTE_GROUP_UNCOUNTED, sizeof marks);
    size_t cuts[] = {begin, begin + 1, 300, 650, end};
    for (size_t k = 0; k + 1 < sizeof cuts / sizeof cuts[0]; ++k) {
        const size_t from = cuts[k] < begin ? begin : cuts[k] > end ? end : cuts[k];
        const size_t to = cuts[k + 1] < begin ? begin : cuts[k + 1] > end ? end : cuts[k + 1];
        if (from < to) {
            mote_pool_core_mark_groups(core, 0, value, begin, from, to, marks);
        }
    }
    for (size_t k = 1; k + 1 < sizeof cuts / sizeof cuts[0]; ++k) {
        if (cuts[k] > begin && cuts[k] < end && (cuts[k] - begin) % MOTE_IDS_GROUP != 0) {
            assert_int_equal(marks[(cuts[k] - begin) / MOTE_IDS_GROUP], MOTE_GROUP_UNCOUNTED);
        }
    }
    return mote_pool_core_ids_where(core, 0, value, begin, end, marks, ids, capacity);
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
    for (int mode = 0; mode < SCAN_MODES; ++mode) {
        mote_id ids[16];
        assert_int_equal(scan(&core, 7.0f, 0, ELEMENTS, ids, 16, (scan_mode)mode), n);
        for (size_t k = 0; k < n; ++k) {
            const mote_id expected = mote_pool_core_id_at(&core, in_order[k]);
            assert_int_equal(ids[k].slot, expected.slot);
            assert_int_equal(ids[k].generation, expected.generation);
            assert_int_equal(ids[k].pool, 0x01000001u);
        }
    }
    mote_pool_core_release(&core);
}

static void counts_past_the_capacity_and_honours_ranges(void **unused) {
    (void)unused;
    static const size_t marked[] = {3, 254, 256, 600, 601, 602};
    mote_pool_core core;
    make_core(&core, marked, 6);
    for (int m = 0; m < SCAN_MODES; ++m) {
        const scan_mode mode = (scan_mode)m;
        mote_id ids[8];
        for (int k = 0; k < 8; ++k) {
            ids[k] = mote_null_id();
        }
        assert_int_equal(scan(&core, 7.0f, 0, ELEMENTS, ids, 2, mode), 6);
        assert_int_equal(ids[1].slot, mote_pool_core_id_at(&core, 254).slot);
        assert_int_equal(ids[2].slot, 0); /* past the capacity: untouched */
        assert_int_equal(scan(&core, 7.0f, 0, ELEMENTS, NULL, 0, mode), 6);
        assert_int_equal(scan(&core, 7.0f, 255, 601, ids, 8, mode), 2);
        assert_int_equal(ids[0].slot, mote_pool_core_id_at(&core, 256).slot);
        assert_int_equal(ids[1].slot, mote_pool_core_id_at(&core, 600).slot);
        assert_int_equal(scan(&core, 7.0f, 602, 602, ids, 8, mode), 0);
        assert_int_equal(scan(&core, 0.0f, 0, ELEMENTS, NULL, 0, mode), ELEMENTS - 6);
        core.fields.field[0][10] = NAN;
        assert_int_equal(scan(&core, NAN, 0, ELEMENTS, ids, 8, mode), 0);
        core.fields.field[0][10] = 0.0f;
    }
    mote_pool_core_release(&core);
}

/* Sparse matches in every pattern of skipped and walked groups (about one element in 150, so
 * runs of eight empty groups, skipped whole, sit between groups with matches, some at an
 * eight-group boundary) against the matches a plain loop finds, over scans that start at
 * every offset within a group. */
static void sparse_matches_agree_with_a_plain_loop(void **unused) {
    (void)unused;
    mote_pool_core core;
    make_core(&core, NULL, 0);
    for (size_t i = 0; i < ELEMENTS; ++i) {
        const size_t h = i * 2654435761u % 1000003u;
        core.fields.field[0][i] = h % 150 == 0 || i == 128 || i == 383 ? 7.0f : 0.0f;
    }
    for (size_t begin = 0; begin < 2 * MOTE_IDS_GROUP; ++begin) {
        size_t expected[ELEMENTS];
        size_t n = 0;
        for (size_t i = begin; i < ELEMENTS; ++i) {
            if (core.fields.field[0][i] == 7.0f) {
                expected[n++] = i;
            }
        }
        assert_true(n > 5);
        for (int mode = 0; mode < SCAN_MODES; ++mode) {
            mote_id ids[ELEMENTS];
            assert_int_equal(scan(&core, 7.0f, begin, ELEMENTS, ids, ELEMENTS, (scan_mode)mode), n);
            for (size_t k = 0; k < n; ++k) {
                assert_int_equal(ids[k].slot, mote_pool_core_id_at(&core, expected[k]).slot);
            }
        }
    }
    mote_pool_core_release(&core);
}

MOTE_TEST_MAIN(cmocka_unit_test(finds_every_match_in_order),
               cmocka_unit_test(counts_past_the_capacity_and_honours_ranges),
               cmocka_unit_test(sparse_matches_agree_with_a_plain_loop))
