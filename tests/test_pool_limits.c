/* The shared pool layer's limits, for every pool kind (the probes, in registry order):
 * add_many answers a count that does not fit before it reads a desc; max_count above
 * MOTE_MAX_COUNT is refused with a detail; capacity is reserved, not committed (through an
 * allocator that maps its blocks from the system, whose pages mincore says are resident: an
 * empty pool of a huge capacity, and one holding a few elements stepped, keep almost nothing
 * resident), and a capacity the allocator cannot give is MOTE_ERROR_OUT_OF_MEMORY with nothing
 * left allocated. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* mincore, MAP_ANONYMOUS under -std=c11 */
#endif
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

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

/* dt = FLT_MAX with max_dt = INFINITY: every kind advances at most MOTE_MAX_STEP_DT (and its
 * own limit), and its ordinary elements stay finite. */
static void test_the_longest_dt_is_clamped(void **state) {
    (void)state;
    size_t count;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < count; ++k) {
        const mote_probe *probe = probes[k];
        mote_pool *pool = pool_of(probe, 64, 64);
        assert_int_equal(probe_fill(probe, &probe->variants[0], pool, 64, 3), MOTE_OK);
        assert_int_equal(mote_pool_set_max_dt(pool, probe->record, INFINITY), MOTE_OK);
        float advanced = -1.0f;
        assert_int_equal(mote_pool_advance_of(pool, probe->record, FLT_MAX, &advanced), MOTE_OK);
        assert_true(advanced > 0.0f && advanced <= MOTE_MAX_STEP_DT);
        for (int s = 0; s < 4; ++s) {
            assert_int_equal(probe_step_range(probe, pool, 0, 64, FLT_MAX), MOTE_OK);
        }
        mote_validation v;
        if (mote_pool_validate(pool, probe->record, &v) != MOTE_OK) {
            fail_msg("%s: %zu elements non-finite after steps of FLT_MAX", probe->gate,
                     v.bad_count);
        }
        mote_pool_destroy(pool, probe->record);
    }
}

#if defined(__linux__)
/* An allocator mapping every block from the system (its pages mapped on first touch), with a
 * budget: a block larger than budget bytes is refused. */
#define MAX_BLOCKS 512
typedef struct mapped_block {
    unsigned char *base; /* the mapping */
    size_t bytes;        /* its length */
    void *block;         /* what was handed out */
} mapped_block;
typedef struct mapped_allocator {
    mapped_block blocks[MAX_BLOCKS];
    size_t live;
    size_t budget;
} mapped_allocator;

static void *mapped_alloc(size_t size, size_t alignment, void *user) {
    mapped_allocator *m = user;
    if (size > m->budget || m->live == MAX_BLOCKS) {
        return NULL;
    }
    const size_t bytes = size + alignment;
    void *base = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
        return NULL;
    }
    const uintptr_t at = ((uintptr_t)base + alignment - 1) / alignment * alignment;
    m->blocks[m->live++] = (mapped_block){base, bytes, (void *)at};
    return (void *)at;
}

static void mapped_free(void *ptr, size_t size, void *user) {
    (void)size;
    mapped_allocator *m = user;
    for (size_t i = 0; i < m->live; ++i) {
        if (m->blocks[i].block == ptr) {
            assert_int_equal(munmap(m->blocks[i].base, m->blocks[i].bytes), 0);
            m->blocks[i] = m->blocks[--m->live];
            return;
        }
    }
    fail_msg("freed a block the allocator did not give");
}

/* Bytes of the live blocks' pages that are resident, and (reserved) their total length. */
static size_t resident_bytes(const mapped_allocator *m, size_t *reserved) {
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t resident = 0, total = 0;
    for (size_t i = 0; i < m->live; ++i) {
        const size_t pages = (m->blocks[i].bytes + page - 1) / page;
        unsigned char *in_core = malloc(pages);
        assert_non_null(in_core);
        assert_int_equal(mincore(m->blocks[i].base, m->blocks[i].bytes, in_core), 0);
        for (size_t p = 0; p < pages; ++p) {
            resident += (in_core[p] & 1) ? page : 0;
        }
        free(in_core);
        total += m->blocks[i].bytes;
    }
    *reserved = total;
    return resident;
}

static mapped_allocator mapped;

static void use_mapped_allocator(size_t budget) {
    memset(&mapped, 0, sizeof mapped);
    mapped.budget = budget;
    const mote_allocator allocator = {mapped_alloc, mapped_free, &mapped};
    mote_set_allocator(&allocator);
}

/* 16M elements of capacity (a spring pool's would be over 500 MB committed): reserved, and
 * after create, after 1,000 adds and after steps (the step cache's arrays too) almost
 * nothing of it resident. */
#define HUGE_CAPACITY ((size_t)1 << 24)
#define FEW_RESIDENT  ((size_t)4 << 20) /* bytes: a few elements' pages and the tables' */

static void test_capacity_is_reserved_not_committed(void **state) {
    (void)state;
    size_t count;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < count; ++k) {
        const mote_probe *probe = probes[k];
        use_mapped_allocator(SIZE_MAX);
        mote_pool *pool = pool_of(probe, HUGE_CAPACITY, HUGE_CAPACITY);
        size_t reserved = 0;
        size_t resident = resident_bytes(&mapped, &reserved);
        assert_true(reserved >= HUGE_CAPACITY * 4); /* at least one field array's worth */
        if (resident > FEW_RESIDENT) {
            fail_msg("%s: an empty pool of capacity %zu has %zu bytes resident", probe->gate,
                     HUGE_CAPACITY, resident);
        }
        assert_int_equal(probe_fill(probe, &probe->variants[0], pool, 1000, 11), MOTE_OK);
        for (int s = 0; s < 8; ++s) { /* repeated dts: a step cache fills */
            assert_int_equal(probe_step_range(probe, pool, 0, 1000, 1.0f / 60.0f), MOTE_OK);
        }
        resident = resident_bytes(&mapped, &reserved);
        if (resident > FEW_RESIDENT) {
            fail_msg("%s: 1,000 elements in a pool of capacity %zu have %zu bytes resident",
                     probe->gate, HUGE_CAPACITY, resident);
        }
        mote_pool_destroy(pool, probe->record);
        assert_int_equal(mapped.live, 0);
    }
    mote_set_allocator(NULL);
}

/* A capacity whose storage the allocator cannot give (here: no block above 1 GiB, as a system
 * without overcommit would answer) is MOTE_ERROR_OUT_OF_MEMORY, with nothing left allocated. */
static void test_impossible_capacity_is_out_of_memory(void **state) {
    (void)state;
    size_t count;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < count; ++k) {
        const mote_probe *probe = probes[k];
        use_mapped_allocator((size_t)1 << 30);
        const probe_def def = {MOTE_MAX_COUNT, MOTE_MAX_COUNT, MOTE_BACKEND_AUTO};
        mote_pool *pool = NULL;
        mote_clear_error_detail();
        assert_int_equal(probe_create(probe, &probe->variants[0], &def, &pool),
                         MOTE_ERROR_OUT_OF_MEMORY);
        assert_null(pool);
        assert_non_null(strstr(mote_error_detail(), "capacity"));
        assert_int_equal(mapped.live, 0);
        /* the same capacity through reserve: refused, the pool as it was */
        pool = pool_of(probe, 16, MOTE_MAX_COUNT);
        const size_t live = mapped.live;
        assert_int_equal(mote_pool_reserve(pool, probe->record, MOTE_MAX_COUNT),
                         MOTE_ERROR_OUT_OF_MEMORY);
        assert_int_equal(mote_pool_capacity(pool, probe->record), 16);
        assert_int_equal(mapped.live, live);
        mote_pool_destroy(pool, probe->record);
        assert_int_equal(mapped.live, 0);
    }
    mote_set_allocator(NULL);
}
#define MAPPED_TESTS                                                                               \
    , cmocka_unit_test(test_capacity_is_reserved_not_committed),                                   \
        cmocka_unit_test(test_impossible_capacity_is_out_of_memory)
#else
#define MAPPED_TESTS
#endif

MOTE_TEST_MAIN(cmocka_unit_test(test_add_many_checks_room_before_reading_descs),
               cmocka_unit_test(test_max_count_above_the_limit_is_refused),
               cmocka_unit_test(test_the_longest_dt_is_clamped) MAPPED_TESTS)
