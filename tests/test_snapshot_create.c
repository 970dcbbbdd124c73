/* A pool made from a snapshot alone (mote_<kind>_pool_create_from_snapshot), for every variant
 * of every pool kind (the pool adapters): it holds the saved pool's elements, ids, settings and
 * max_dt, runs on mote_backend_best(), and steps on to the same bits as the saved pool (their
 * snapshots stay byte-identical); a truncated, flipped or other kind's blob is refused with
 * MOTE_ERROR_CORRUPT_SNAPSHOT and a detail, *out untouched and no memory held. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool.h"
#include "pool_adapter.h"
#include "pool_snapshot.h"
#include "test_snapshot_pools.h"

static const float step_dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 240.0f, 0.1f, 0.0123f};

/* ---- every kind's typed create_from_snapshot, by kind number ----------------------------- */

typedef mote_status (*from_snapshot_fn)(const void *buffer, size_t size, void **out);

#define FROM_SNAPSHOT_(name, num, kernels)                                                         \
    static mote_status from_snapshot_##name(const void *buffer, size_t size, void **out) {         \
        mote_##name##_pool *pool = (mote_##name##_pool *)*out;                                     \
        const mote_status status = mote_##name##_pool_create_from_snapshot(buffer, size, &pool);   \
        *out = pool;                                                                               \
        return status;                                                                             \
    }
MOTE_KINDS(FROM_SNAPSHOT_, MOTE_KIND_NO_KERNEL)
#undef FROM_SNAPSHOT_

static from_snapshot_fn from_snapshot_of(const pool_adapter *a) {
#define FROM_SNAPSHOT_CASE_(name, num, kernels)                                                    \
    if (a->probe->record->number == MOTE_KIND_##name) {                                            \
        return from_snapshot_##name;                                                               \
    }
    MOTE_KINDS(FROM_SNAPSHOT_CASE_, MOTE_KIND_NO_KERNEL)
#undef FROM_SNAPSHOT_CASE_
    fail_msg("no create_from_snapshot for %s", a->name);
    return NULL;
}

/* ---- an allocator that counts what is held ------------------------------------------------ */

static size_t held_blocks;
static size_t held_bytes;

static void *counting_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    const size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *p = aligned_alloc(alignment, rounded);
    if (p != NULL) {
        ++held_blocks;
        held_bytes += size;
    }
    return p;
}

static void counting_free(void *ptr, size_t size, void *user) {
    (void)user;
    if (ptr != NULL) {
        --held_blocks;
        held_bytes -= size;
    }
    free(ptr);
}

static int use_counting_allocator(void **state) {
    (void)state;
    const mote_allocator counting = {counting_alloc, counting_free, NULL};
    mote_set_allocator(&counting);
    return 0;
}

static int use_default_allocator(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    return 0;
}

/* ---- helpers ------------------------------------------------------------------------------ */

/* A churned pool of n random elements (test_snapshot_pools.h) on the best backend, stepped a
 * few times, with max_dt 0.25 s. */
static void *build_pool(const pool_adapter *a, size_t n) {
    void *pool = test_churned_pool(a, mote_backend_best(), n);
    assert_int_equal(mote_pool_set_max_dt(pool, a->probe->record, 0.25f), MOTE_OK);
    for (int s = 0; s < 5; ++s) {
        assert_int_equal(a->step(pool, step_dts[s]), MOTE_OK);
    }
    return pool;
}

/* Refused with MOTE_ERROR_CORRUPT_SNAPSHOT and a detail naming want, *out untouched, and no
 * memory held afterwards. */
static void expect_refused(const pool_adapter *a, const void *blob, size_t size, const char *want) {
    const size_t blocks = held_blocks;
    const size_t bytes = held_bytes;
    void *sentinel = (void *)&held_blocks;
    void *out = sentinel;
    const mote_status status = from_snapshot_of(a)(blob, size, &out);
    if (status != MOTE_ERROR_CORRUPT_SNAPSHOT) {
        fail_msg("%s: a %zu-byte blob (%s) gave %s", a->name, size, want, mote_status_name(status));
    }
    assert_ptr_equal(out, sentinel);
    assert_int_equal(held_blocks, blocks);
    assert_int_equal(held_bytes, bytes);
    if (want != NULL && strstr(mote_error_detail(), want) == NULL) {
        fail_msg("%s: detail \"%s\" does not name \"%s\"", a->name, mote_error_detail(), want);
    }
}

/* ---- the cases ---------------------------------------------------------------------------- */

/* Save, make a pool from the blob alone, and both step on to the same bits (their snapshots
 * byte for byte after every step); the ids of the saved pool address the made pool's elements,
 * and the made pool takes elements like any other. Every adapter natively; one per family when
 * scaled down. */
static void made_pools_continue_bit_for_bit(void **state) {
    (void)state;
    size_t n_adapters = 0;
    const pool_adapter *const *all = pool_adapters_all(&n_adapters);
    for (size_t p = 0; p < n_adapters; ++p) {
        if (test_scaled_down() && pool_adapter_follows_its_family(all, p)) {
            continue;
        }
        const pool_adapter *a = all[p];
        const mote_pool_kind *kind = a->probe->record;
        void *source = build_pool(a, 40);
        size_t size = 0;
        unsigned char *blob = test_saved_pool(a, source, &size);
        void *made = NULL;
        assert_int_equal(from_snapshot_of(a)(blob, size, &made), MOTE_OK);
        assert_non_null(made);
        assert_int_equal(a->count(made), a->count(source));
        assert_true(a->capacity(made) >= a->count(source));
        assert_int_equal(a->backend(made), mote_backend_best());
        assert_true(mote_pool_max_dt(made, kind) == 0.25f);
        for (size_t i = 0; i < a->count(source); ++i) {
            const mote_id id = a->id_at(source, i);
            assert_true(a->contains(made, id));
            assert_int_equal(a->id_at(made, i).pool, id.pool);
            assert_int_equal(a->id_at(made, i).slot, id.slot);
        }
        assert_int_equal(pool_adapter_hash(a, made), pool_adapter_hash(a, source));
        for (int s = 0; s < 40; ++s) {
            const float dt = step_dts[s % 5] * (s == 17 ? 30.0f : 1.0f); /* a hitch: max_dt */
            assert_int_equal(a->step(source, dt), MOTE_OK);
            assert_int_equal(a->step(made, dt), MOTE_OK);
            if (pool_adapter_hash(a, made) != pool_adapter_hash(a, source)) {
                fail_msg("%s: the made pool left the saved one at step %d", a->name, s);
            }
        }
        size_t source_size = 0;
        size_t made_size = 0;
        unsigned char *source_blob = test_saved_pool(a, source, &source_size);
        unsigned char *made_blob = test_saved_pool(a, made, &made_size);
        assert_int_equal(made_size, source_size);
        assert_memory_equal(made_blob, source_blob, source_size);
        test_rng rng = {7};
        const size_t before = a->count(made);
        assert_int_equal(a->add_random(a, made, &rng, NULL), MOTE_OK);
        assert_int_equal(a->count(made), before + 1);
        free(source_blob);
        free(made_blob);
        free(blob);
        a->destroy(source);
        a->destroy(made);
    }
}

/* An empty pool's snapshot (and one emptied by removes) makes an empty pool that grows. */
static void an_empty_snapshot_makes_an_empty_pool(void **state) {
    (void)state;
    size_t n_adapters = 0;
    const pool_adapter *const *all = pool_adapters_all(&n_adapters);
    for (size_t p = 0; p < n_adapters; ++p) {
        if (pool_adapter_follows_its_family(all, p)) {
            continue;
        }
        const pool_adapter *a = all[p];
        pool_adapter_def def = {0, 64, mote_backend_best()};
        void *source = NULL;
        assert_int_equal(a->create(a, &def, &source), MOTE_OK);
        size_t size = 0;
        unsigned char *blob = test_saved_pool(a, source, &size);
        void *made = NULL;
        assert_int_equal(from_snapshot_of(a)(blob, size, &made), MOTE_OK);
        assert_int_equal(a->count(made), 0);
        test_rng rng = {3};
        mote_id id;
        assert_int_equal(a->add_random(a, made, &rng, &id), MOTE_OK);
        assert_true(a->contains(made, id));
        assert_int_equal(a->step(made, 0.02f), MOTE_OK);
        free(blob);
        a->destroy(source);
        a->destroy(made);
    }
}

/* Every truncation and every flipped byte is refused, with a detail, no pool made and nothing
 * held. Natively every byte of one adapter per family; scaled down, one adapter and a stride. */
static void truncated_or_flipped_blobs_make_no_pool(void **state) {
    (void)state;
    size_t n_adapters = 0;
    const pool_adapter *const *all = pool_adapters_all(&n_adapters);
    for (size_t p = 0; p < n_adapters; ++p) {
        if (pool_adapter_follows_its_family(all, p) || (test_scaled_down() && p > 0)) {
            continue;
        }
        const pool_adapter *a = all[p];
        void *source = build_pool(a, 12);
        size_t size = 0;
        unsigned char *blob = test_saved_pool(a, source, &size);
        unsigned char *bad = malloc(size);
        assert_non_null(bad);
        const size_t stride = test_scaled_down() ? 7 : 1;
        for (size_t cut = 0; cut < size; cut += stride) {
            memcpy(bad, blob, cut);
            expect_refused(a, bad, cut, "");
        }
        for (size_t i = 0; i < size; i += stride) {
            memcpy(bad, blob, size);
            bad[i] ^= (unsigned char)(1u << (i % 8));
            expect_refused(a, bad, size, "");
        }
        /* a tamper the checksum cannot see (re-sealed): a NaN in the first field word */
        memcpy(bad, blob, size);
        const uint32_t setting_words = (uint32_t)a->probe->record->setting_count;
        const size_t first_field = MOTE_SNAPSHOT_HEADER_BYTES + 4 * (size_t)setting_words;
        bad[first_field + 3] = 0x7f;
        bad[first_field + 2] = 0xc0;
        test_reseal_snapshot(bad, size);
        expect_refused(a, bad, size, "must be finite");
        /* the magic gone */
        memcpy(bad, blob, size);
        bad[0] = 'X';
        expect_refused(a, bad, size, "magic");
        free(bad);
        free(blob);
        a->destroy(source);
    }
}

/* A blob of another kind is refused by every other kind's create_from_snapshot, naming it. */
static void another_kinds_blob_makes_no_pool(void **state) {
    (void)state;
    size_t n_adapters = 0;
    const pool_adapter *const *all = pool_adapters_all(&n_adapters);
    for (size_t p = 0; p < n_adapters; ++p) {
        if (pool_adapter_follows_its_family(all, p)) {
            continue;
        }
        void *source = build_pool(all[p], 8);
        size_t size = 0;
        unsigned char *blob = test_saved_pool(all[p], source, &size);
        for (size_t q = 0; q < n_adapters; ++q) {
            if (!pool_adapter_follows_its_family(all, q) &&
                all[q]->probe->record->number != all[p]->probe->record->number) {
                expect_refused(all[q], blob, size, "another kind");
            }
        }
        free(blob);
        all[p]->destroy(source);
    }
}

/* NULL buffer or out: MOTE_ERROR_INVALID_ARGUMENT, naming them. */
static void null_arguments_are_refused(void **state) {
    (void)state;
    mote_spring_pool *pool = NULL;
    unsigned char blob[MOTE_SNAPSHOT_HEADER_BYTES + MOTE_SNAPSHOT_CHECKSUM_BYTES] = {0};
    assert_int_equal(mote_spring_pool_create_from_snapshot(NULL, 64, &pool),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "buffer"));
    assert_null(pool);
    assert_int_equal(mote_mover_pool_create_from_snapshot(blob, sizeof blob, NULL),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "out"));
}

/* A spring pool made from a snapshot keeps the blob's model (the kernel follows the settings),
 * and the option a snapshot does not hold (step_cache) is the default def's. */
static void a_spring_model_comes_from_the_blob(void **state) {
    (void)state;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = MOTE_SPRING_TIMED;
    def.step_cache = MOTE_STEP_CACHE_OFF;
    mote_spring_pool *source = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &source), MOTE_OK);
    mote_spring_desc desc = mote_default_spring_desc();
    desc.goal = 3.0f;
    assert_int_equal(mote_spring_pool_add(source, &desc, NULL), MOTE_OK);
    size_t size = 0;
    assert_int_equal(mote_spring_pool_save(source, NULL, 0, &size), MOTE_ERROR_BUFFER_TOO_SMALL);
    unsigned char *blob = malloc(size);
    assert_non_null(blob);
    assert_int_equal(mote_spring_pool_save(source, blob, size, NULL), MOTE_OK);
    mote_spring_pool *made = NULL;
    assert_int_equal(mote_spring_pool_create_from_snapshot(blob, size, &made), MOTE_OK);
    assert_int_equal(mote_spring_pool_kind(made), MOTE_SPRING_TIMED);
    assert_int_equal(mote_spring_pool_step_cache(made), mote_default_spring_pool_def().step_cache);
    for (int s = 0; s < 30; ++s) {
        assert_int_equal(mote_spring_pool_step(source, 1.0f / 60.0f), MOTE_OK);
        assert_int_equal(mote_spring_pool_step(made, 1.0f / 60.0f), MOTE_OK);
    }
    const mote_spring_view a = mote_spring_pool_view(source);
    const mote_spring_view b = mote_spring_pool_view(made);
    assert_true(a.x[0] == b.x[0]);
    assert_true(a.v[0] == b.v[0]);
    assert_true(a.x[0] != 0.0f);
    free(blob);
    mote_spring_pool_destroy(source);
    mote_spring_pool_destroy(made);
}

MOTE_TEST_MAIN(cmocka_unit_test_setup_teardown(made_pools_continue_bit_for_bit,
                                               use_counting_allocator, use_default_allocator),
               cmocka_unit_test_setup_teardown(an_empty_snapshot_makes_an_empty_pool,
                                               use_counting_allocator, use_default_allocator),
               cmocka_unit_test_setup_teardown(truncated_or_flipped_blobs_make_no_pool,
                                               use_counting_allocator, use_default_allocator),
               cmocka_unit_test_setup_teardown(another_kinds_blob_makes_no_pool,
                                               use_counting_allocator, use_default_allocator),
               cmocka_unit_test(null_arguments_are_refused),
               cmocka_unit_test(a_spring_model_comes_from_the_blob))
