/* Snapshots, for every pool kind (the pool adapter registry): save, restore into a fresh
 * pool on another wide backend, and both continue to the same bits for 1,000 steps, ids held
 * across; every bad blob (truncated at every byte, every byte flipped, and re-sealed blobs
 * that are wrong in one way each) is refused with MOTE_ERROR_CORRUPT_SNAPSHOT and the pool
 * unchanged; out of memory while growing changes nothing; and the blobs committed under
 * tests/data/snapshot/ (written on x86-64) restore to their recorded state hashes on every
 * platform the tests run on (the aarch64 gate runs this under qemu).
 *
 * To rewrite the committed blobs and their hashes (after a deliberate format change, with
 * MOTE_SNAPSHOT_VERSION raised): MOTE_SNAPSHOT_WRITE_DATA=1 build/release/tests/test_snapshot */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "mote/mover_pool.h"
#include "mote/spring_pool.h"
#include "mover_fields.h"
#include "pool_adapter.h"
#include "pool_snapshot.h"
#include "spring_fields.h"
#include "test_snapshot_pools.h"

#ifndef MOTE_TEST_DATA_DIR
#error "tests/CMakeLists.txt defines MOTE_TEST_DATA_DIR"
#endif

static const float step_dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 0.1f, 0.0123f};

/* ---- helpers ---------------------------------------------------------------------------- */

/* count rounded up to MOTE_PAD_ELEMENTS: the elements a pool keeps written (zero past count). */
static size_t padded_count(size_t count) {
    return (count + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS * MOTE_PAD_ELEMENTS;
}

/* A churned pool of n random elements (test_snapshot_pools.h) stepped a few times. ids gets
 * the ids of the live elements by dense index (ids[i] = id_at(i)). */
static void *build_pool(const pool_adapter *a, mote_backend backend, size_t n, mote_id *ids) {
    void *pool = test_churned_pool(a, backend, n);
    for (int s = 0; s < 10; ++s) {
        assert_int_equal(a->step(pool, step_dts[s % 5]), MOTE_OK);
    }
    for (size_t i = 0; ids != NULL && i < a->count(pool); ++i) {
        ids[i] = a->id_at(pool, i);
    }
    return pool;
}

static void *empty_pool(const pool_adapter *a, size_t capacity, size_t max_count,
                        mote_backend backend) {
    pool_adapter_def def = {capacity, max_count, backend};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    return pool;
}

/* What a pool looks like to its user: count, capacity, every id and field (the state hash),
 * and the ids themselves (with their tags). */
typedef struct look {
    uint64_t hash;
    size_t count;
    size_t capacity;
    uint64_t ids;
} look;

static look look_at(const pool_adapter *a, void *pool) {
    look l = {pool_adapter_hash(a, pool), a->count(pool), a->capacity(pool), 0};
    for (size_t i = 0; i < l.count; ++i) {
        mote_id id = a->id_at(pool, i);
        l.ids = (l.ids ^ id.pool) * 0x100000001b3ull;
    }
    return l;
}

static void assert_same_look(look x, look y) {
    assert_int_equal(x.hash, y.hash);
    assert_int_equal(x.count, y.count);
    assert_int_equal(x.capacity, y.capacity);
    assert_int_equal(x.ids, y.ids);
}

static bool is_wide(mote_backend b) {
    return b != MOTE_BACKEND_SCALAR && mote_backend_available(b);
}

static size_t wide_backends(mote_backend *out) {
    size_t n = 0;
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (is_wide((mote_backend)b)) {
            out[n++] = (mote_backend)b;
        }
    }
    return n;
}

static uint32_t get_le32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; ++i) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

/* Writes a fresh checksum, so a blob damaged on purpose reaches the checks behind it. */
static void reseal(unsigned char *blob, size_t size) {
    uint64_t sum = mote_snapshot_checksum(blob, size - MOTE_SNAPSHOT_CHECKSUM_BYTES);
    for (int i = 0; i < 8; ++i) {
        blob[size - 8 + i] = (unsigned char)(sum >> (8 * i));
    }
}

/* Header words by byte offset (docs/snapshot-format.md). */
enum {
    AT_VERSION = 8,
    AT_HEADER_BYTES = 12,
    AT_KIND = 16,
    AT_NAME_HASH = 20,
    AT_LAYOUT_HASH = 24,
    AT_FIELD_COUNT = 28,
    AT_FIELD_MASK = 32,
    AT_TAG = 36,
    AT_COUNT = 40,
    AT_SLOTS_USED = 44,
    AT_FREE_COUNT = 48,
    AT_SETTING_WORDS = 52,
    AT_MAX_DT = 56,
    AT_FIELD_MASK_HIGH = 60,
};

/* Where a blob's sections start. */
typedef struct layout {
    size_t settings, fields, slot_of_dense, generation, free_list, checksum;
    uint32_t count, slots_used, free_count, field_words;
} layout;

static layout layout_of(const unsigned char *blob) {
    layout l;
    l.count = get_le32(blob + AT_COUNT);
    l.slots_used = get_le32(blob + AT_SLOTS_USED);
    l.free_count = get_le32(blob + AT_FREE_COUNT);
    uint64_t mask = get_le32(blob + AT_FIELD_MASK);
    mask |= (uint64_t)get_le32(blob + AT_FIELD_MASK_HIGH) << 32;
    uint32_t stored = 0;
    for (; mask != 0; mask &= mask - 1) {
        ++stored;
    }
    l.field_words = stored * l.count;
    l.settings = MOTE_SNAPSHOT_HEADER_BYTES;
    l.fields = l.settings + 4 * (size_t)get_le32(blob + AT_SETTING_WORDS);
    l.slot_of_dense = l.fields + 4 * (size_t)l.field_words;
    l.generation = l.slot_of_dense + 4 * (size_t)l.count;
    l.free_list = l.generation + 4 * (size_t)l.slots_used;
    l.checksum = l.free_list + 4 * (size_t)l.free_count;
    return l;
}

/* ---- round trips ------------------------------------------------------------------------ */

#define ELEMENTS 300
#define STEPS    1000

/* Saved on each wide backend, restored into a fresh pool (another capacity, another wide
 * backend): the same state, every held id addressing the same element, and 1,000 steps
 * later the same bits as the original that carried on. */
static void restored_pools_continue_bit_for_bit(void **state) {
    (void)state;
    mote_backend backends[MOTE_BACKEND_COUNT];
    const size_t nb = wide_backends(backends);
    assert_true(nb >= 1);
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    const size_t elements = test_scaled(ELEMENTS);
    mote_id *ids = malloc(2 * elements * sizeof *ids);
    assert_non_null(ids);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        for (size_t b = 0; b < nb; ++b) {
            void *original = build_pool(a, backends[b], elements, ids);
            size_t size;
            unsigned char *blob = test_saved_pool(a, original, &size);
            void *restored = empty_pool(a, 4, (size_t)1 << 20, backends[(b + 1) % nb]);
            assert_int_equal(a->restore(restored, blob, size), MOTE_OK);
            assert_int_equal(a->backend(restored), backends[(b + 1) % nb]);
            const size_t count = a->count(original);
            assert_int_equal(a->count(restored), count);
            assert_int_equal(pool_adapter_hash(a, restored), pool_adapter_hash(a, original));
            assert_true(pool_adapter_ids_consistent(a, restored));
            for (size_t i = 0; i < count; ++i) {
                assert_true(a->contains(restored, ids[i]));
                assert_true(mote_id_equal(a->id_at(restored, i), ids[i]));
            }
            /* saving the restored pool gives the same bytes */
            size_t again_size;
            unsigned char *again = test_saved_pool(a, restored, &again_size);
            assert_int_equal(again_size, size);
            assert_memory_equal(again, blob, size);
            free(again);
            for (int s = 0; s < STEPS; ++s) {
                const float dt = step_dts[s % 5];
                assert_int_equal(a->step(original, dt), MOTE_OK);
                assert_int_equal(a->step(restored, dt), MOTE_OK);
            }
            uint64_t h0 = pool_adapter_hash(a, original), h1 = pool_adapter_hash(a, restored);
            if (h0 != h1) {
                fail_msg("%s saved on %s, restored on %s: 0x%016llx != 0x%016llx after %d steps",
                         a->name, mote_backend_name(backends[b]),
                         mote_backend_name(backends[(b + 1) % nb]), (unsigned long long)h0,
                         (unsigned long long)h1, STEPS);
            }
            /* and the ids keep working: removing through a held id, adding reuses the same
             * slot in both */
            assert_int_equal(a->remove(original, ids[0]), MOTE_OK);
            assert_int_equal(a->remove(restored, ids[0]), MOTE_OK);
            test_rng r0 = {7}, r1 = {7};
            mote_id n0, n1;
            assert_int_equal(a->add_random(a, original, &r0, &n0), MOTE_OK);
            assert_int_equal(a->add_random(a, restored, &r1, &n1), MOTE_OK);
            assert_true(mote_id_equal(n0, n1));
            assert_int_equal(pool_adapter_hash(a, restored), pool_adapter_hash(a, original));
            free(blob);
            a->destroy(original);
            a->destroy(restored);
        }
    }
    free(ids);
}

/* A restore into a pool holding more elements replaces them: their ids (another tag) are
 * refused, and the storage past the new count is zero again. An empty pool round-trips too. */
static void restore_replaces_a_larger_pool(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        mote_id big_ids[400];
        void *big = build_pool(a, MOTE_BACKEND_AUTO, 300, big_ids);
        const size_t big_count = a->count(big);
        void *small = build_pool(a, MOTE_BACKEND_AUTO, 20, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(a, small, &size);
        assert_int_equal(a->restore(big, blob, size), MOTE_OK);
        assert_int_equal(a->count(big), a->count(small));
        assert_int_equal(pool_adapter_hash(a, big), pool_adapter_hash(a, small));
        assert_false(a->contains(big, big_ids[big_count - 1]));
        assert_int_equal(a->remove(big, big_ids[big_count - 1]), MOTE_ERROR_WRONG_POOL);
        /* zero past the count, in its padding (nothing past it is read until the count
         * reaches it, and it is zeroed then) */
        pool_field fields[POOL_MAX_FIELDS];
        const size_t nf = a->fields(big, fields);
        for (size_t f = 0; f < nf; ++f) {
            const uint32_t *words = fields[f].data;
            for (size_t i = a->count(big); i < padded_count(a->count(big)); ++i) {
                assert_int_equal(words[i], 0);
            }
        }
        free(blob);
        /* an empty pool, into a pool with no storage at all */
        void *empty = empty_pool(a, 0, 64, MOTE_BACKEND_AUTO);
        blob = test_saved_pool(a, empty, &size);
        assert_int_equal(size, MOTE_SNAPSHOT_HEADER_BYTES + 4 * get_le32(blob + AT_SETTING_WORDS) +
                                   MOTE_SNAPSHOT_CHECKSUM_BYTES);
        assert_int_equal(a->restore(big, blob, size), MOTE_OK);
        assert_int_equal(a->count(big), 0);
        assert_int_equal(a->restore(empty, blob, size), MOTE_OK);
        free(blob);
        a->destroy(empty);
        a->destroy(big);
        a->destroy(small);
    }
}

/* ---- save's own errors ------------------------------------------------------------------ */

static void save_reports_the_size_it_needs(void **state) {
    (void)state;
    const pool_adapter *a = pool_adapter_find("spring/critical");
    assert_non_null(a);
    void *pool = build_pool(a, MOTE_BACKEND_AUTO, 50, NULL);
    const size_t size = a->snapshot_size(pool);
    size_t written = 0;
    assert_int_equal(a->save(pool, NULL, 0, &written), MOTE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(written, size);
    unsigned char *buffer = malloc(size + 16);
    assert_non_null(buffer);
    memset(buffer, 0xee, size + 16);
    written = 0;
    assert_int_equal(a->save(pool, buffer, size - 1, &written), MOTE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(written, size);
    assert_int_equal(buffer[0], 0xee); /* nothing written */
    assert_int_equal(a->save(pool, buffer, size + 16, &written), MOTE_OK);
    assert_int_equal(written, size);
    assert_int_equal(buffer[size], 0xee); /* nothing past the snapshot */
    assert_int_equal(a->save(pool, buffer, size, NULL), MOTE_OK);
    assert_int_equal(a->save(NULL, buffer, size, &written), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(a->save(pool, NULL, size, &written), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(a->snapshot_size(NULL), 0);
    assert_int_equal(a->restore(NULL, buffer, size), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(a->restore(pool, NULL, size), MOTE_ERROR_INVALID_ARGUMENT);
    /* a snapshot is exactly its size: one byte more is refused */
    assert_int_equal(a->restore(pool, buffer, size + 1), MOTE_ERROR_CORRUPT_SNAPSHOT);
    /* non-finite data written through the view is not saved */
    pool_field fields[POOL_MAX_FIELDS];
    assert_true(a->fields(pool, fields) > 0);
    ((float *)fields[0].data)[3] = NAN;
    assert_int_equal(a->save(pool, buffer, size, &written), MOTE_ERROR_NON_FINITE);
    ((float *)fields[0].data)[3] = 1.0f;
    assert_int_equal(a->save(pool, buffer, size, &written), MOTE_OK);
    free(buffer);
    a->destroy(pool);
}

/* ---- bad blobs -------------------------------------------------------------------------- */

/* restore must refuse the blob with MOTE_ERROR_CORRUPT_SNAPSHOT and leave target as it was. */
static void expect_refused(const pool_adapter *a, void *target, const unsigned char *blob,
                           size_t size, const char *what) {
    const look before = look_at(a, target);
    mote_status status = a->restore(target, blob, size);
    if (status != MOTE_ERROR_CORRUPT_SNAPSHOT) {
        fail_msg("%s: %s: restore gave %s", a->name, what, mote_status_name(status));
    }
    assert_same_look(before, look_at(a, target));
}

/* Truncated at every byte, and every byte flipped (the checksum catches it), for every
 * kind. */
static void truncated_or_flipped_blobs_are_refused(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        void *source = build_pool(a, MOTE_BACKEND_AUTO, 12, NULL);
        void *target = build_pool(a, MOTE_BACKEND_AUTO, 40, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(a, source, &size);
        for (size_t n = 0; n < size; ++n) {
            expect_refused(a, target, blob, n, "truncated");
        }
        for (size_t i = 0; i < size; ++i) {
            for (unsigned flip = 0x01; flip <= 0x80; flip <<= 7) { /* lowest and highest bit */
                blob[i] ^= (unsigned char)flip;
                expect_refused(a, target, blob, size, "a flipped byte");
                blob[i] ^= (unsigned char)flip;
            }
        }
        assert_int_equal(a->restore(target, blob, size), MOTE_OK);
        free(blob);
        a->destroy(source);
        a->destroy(target);
    }
}

/* One blob, damaged in one way and re-sealed (a correct checksum), so each check behind the
 * checksum is reached. */
typedef void (*damage_fn)(unsigned char *blob, const layout *l);

static void damage_magic(unsigned char *b, const layout *l) {
    (void)l;
    b[0] = 'X';
}
static void damage_newer_version(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_VERSION, MOTE_SNAPSHOT_VERSION + 1);
}
static void damage_version_zero(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_VERSION, 0);
}
static void damage_header_bytes(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_HEADER_BYTES, 72);
}
static void damage_kind(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_KIND, get_le32(b + AT_KIND) % 3 + 1);
}
static void damage_name_hash(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_NAME_HASH, get_le32(b + AT_NAME_HASH) ^ 1);
}
static void damage_layout_hash(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_LAYOUT_HASH, get_le32(b + AT_LAYOUT_HASH) ^ 0x100);
}
static void damage_field_count(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_FIELD_COUNT, get_le32(b + AT_FIELD_COUNT) + 1);
}
static void damage_tag_kind(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_TAG, get_le32(b + AT_TAG) ^ 0x40000000u);
}
static void damage_tag_serial(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_TAG, get_le32(b + AT_TAG) & 0xff000000u);
}
static void damage_mask_high(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_FIELD_MASK_HIGH, get_le32(b + AT_FIELD_MASK_HIGH) ^ 1u);
}
static void damage_max_dt_nan(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_MAX_DT, 0x7fc00000u);
}
static void damage_max_dt_zero(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_MAX_DT, 0);
}
static void damage_max_dt_negative(unsigned char *b, const layout *l) {
    (void)l;
    put_le32(b + AT_MAX_DT, 0xbf800000u); /* -1 */
}
/* Counts that disagree with the sections (the size no longer matches). */
static void damage_count(unsigned char *b, const layout *l) {
    put_le32(b + AT_COUNT, l->count - 1);
}
static void damage_free_count(unsigned char *b, const layout *l) {
    put_le32(b + AT_FREE_COUNT, l->free_count + 1);
}
static void damage_nan_field(unsigned char *b, const layout *l) {
    put_le32(b + l->fields + 4 * (l->field_words / 2), 0x7fc00001u);
}
static void damage_infinite_field(unsigned char *b, const layout *l) {
    put_le32(b + l->fields + 4 * (l->field_words - 1), 0xff800000u);
}
static void damage_slot_zero(unsigned char *b, const layout *l) {
    put_le32(b + l->slot_of_dense + 4, 0);
}
static void damage_slot_out_of_range(unsigned char *b, const layout *l) {
    put_le32(b + l->slot_of_dense, l->slots_used + 1);
}
/* two dense indices naming one slot: the dense->slot and slot->dense maps disagree */
static void damage_slot_twice(unsigned char *b, const layout *l) {
    put_le32(b + l->slot_of_dense + 8, get_le32(b + l->slot_of_dense + 4));
}
static void damage_generation_zero(unsigned char *b, const layout *l) {
    put_le32(b + l->generation + 4 * (l->slots_used - 1), 0);
}
/* the free list naming a slot twice: a cycle */
static void damage_free_cycle(unsigned char *b, const layout *l) {
    put_le32(b + l->free_list + 4 * (l->free_count - 1), get_le32(b + l->free_list));
}
/* the free list naming a live slot: an overlap */
static void damage_free_overlap(unsigned char *b, const layout *l) {
    put_le32(b + l->free_list, get_le32(b + l->slot_of_dense));
}
static void damage_free_out_of_range(unsigned char *b, const layout *l) {
    put_le32(b + l->free_list, l->slots_used + 7);
}
static void damage_free_slot_zero(unsigned char *b, const layout *l) {
    put_le32(b + l->free_list, 0);
}
/* a settings word no settings of the kind accepts: NaN fits none of the three kinds (the
 * spring kind as an int, a mover rate, a debris ship coordinate) */
static void damage_settings_nan(unsigned char *b, const layout *l) {
    put_le32(b + l->settings, 0x7fc00000u);
}

static const struct {
    const char *name;
    damage_fn damage;
} damages[] = {
    {"wrong magic", damage_magic},
    {"a newer version", damage_newer_version},
    {"version 0", damage_version_zero},
    {"another header size", damage_header_bytes},
    {"another kind number", damage_kind},
    {"another kind name", damage_name_hash},
    {"another field layout", damage_layout_hash},
    {"another field count", damage_field_count},
    {"a tag of another kind", damage_tag_kind},
    {"a tag of no pool", damage_tag_serial},
    {"field mask's high word", damage_mask_high},
    {"max_dt NaN", damage_max_dt_nan},
    {"max_dt 0", damage_max_dt_zero},
    {"max_dt negative", damage_max_dt_negative},
    {"a count that is not the sections'", damage_count},
    {"a free count that is not the slots'", damage_free_count},
    {"a NaN field", damage_nan_field},
    {"an infinite field", damage_infinite_field},
    {"slot 0 for an element", damage_slot_zero},
    {"a slot out of range", damage_slot_out_of_range},
    {"two elements in one slot", damage_slot_twice},
    {"generation 0", damage_generation_zero},
    {"a free list cycle", damage_free_cycle},
    {"a free list through a live slot", damage_free_overlap},
    {"a free slot out of range", damage_free_out_of_range},
    {"free slot 0", damage_free_slot_zero},
    {"settings create refuses", damage_settings_nan},
};

static void resealed_bad_blobs_are_refused(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        void *source = build_pool(a, MOTE_BACKEND_AUTO, 30, NULL);
        void *target = build_pool(a, MOTE_BACKEND_AUTO, 9, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(a, source, &size);
        unsigned char *bad = malloc(size);
        assert_non_null(bad);
        const layout l = layout_of(blob);
        assert_true(l.count >= 3 && l.free_count >= 2 && l.checksum + 8 == size);
        for (size_t d = 0; d < sizeof damages / sizeof damages[0]; ++d) {
            memcpy(bad, blob, size);
            damages[d].damage(bad, &l);
            reseal(bad, size);
            expect_refused(a, target, bad, size, damages[d].name);
        }
        /* the undamaged blob, re-sealed, is fine: the damage is what is refused */
        memcpy(bad, blob, size);
        reseal(bad, size);
        assert_int_equal(a->restore(target, bad, size), MOTE_OK);
        free(bad);
        free(blob);
        a->destroy(source);
        a->destroy(target);
    }
}

/* Every stored float of the pool past its count, in its padding (the count rounded up to
 * MOTE_PAD_ELEMENTS: what a wide kernel reads), is zero. */
static void assert_zero_past_count(const pool_adapter *a, void *pool) {
    pool_field fields[POOL_MAX_FIELDS];
    const size_t n = a->fields(pool, fields);
    for (size_t f = 0; f < n; ++f) {
        const uint32_t *words = fields[f].data;
        for (size_t i = a->count(pool); i < padded_count(a->count(pool)); ++i) {
            if (words[i] != 0) {
                fail_msg("%s: field %s holds %08x at %zu, past count %zu", a->name, fields[f].name,
                         (unsigned)words[i], i, a->count(pool));
            }
        }
    }
}

/* Restore checks and copies the fields in one pass of 16 KB pieces into spare storage, which
 * the pool takes only once the whole blob is good: a blob of several pieces per field whose
 * last piece is bad (a NaN in the last field word, a flipped byte there, a bad last slot)
 * leaves the pool as it was, before and after the spare storage exists; restores then go
 * bigger and smaller (the spare holds the state before, zeroed past the new count), each
 * giving back exactly its blob. Every adapter natively; one per family when scaled down. */
static void bad_last_pieces_leave_the_pool_unchanged(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        if (test_scaled_down() && pool_adapter_follows_its_family(all, p)) {
            continue; /* under emulation or valgrind, one adapter per family */
        }
        void *big = build_pool(a, MOTE_BACKEND_AUTO, 12000, NULL); /* 10,000 live: 3 pieces */
        void *small = build_pool(a, MOTE_BACKEND_AUTO, 90, NULL);
        void *target = build_pool(a, MOTE_BACKEND_AUTO, 50, NULL);
        size_t size, small_size;
        unsigned char *blob = test_saved_pool(a, big, &size);
        unsigned char *small_blob = test_saved_pool(a, small, &small_size);
        unsigned char *bad = malloc(size);
        assert_non_null(bad);
        const layout l = layout_of(blob);
        assert_true(l.count > 2 * 4096);
        for (int round = 0; round < 2; ++round) { /* before and after a first restore */
            memcpy(bad, blob, size);
            put_le32(bad + l.fields + 4 * ((size_t)l.field_words - 1), 0x7fc00000u);
            reseal(bad, size);
            expect_refused(a, target, bad, size, "a NaN in the last piece");
            memcpy(bad, blob, size);
            bad[l.slot_of_dense - 1] ^= 0x01; /* the last field word, checksum not renewed */
            expect_refused(a, target, bad, size, "a flipped byte in the last piece");
            memcpy(bad, blob, size);
            put_le32(bad + l.slot_of_dense + 4 * ((size_t)l.count - 1), 0);
            reseal(bad, size);
            expect_refused(a, target, bad, size, "a bad last slot");
            assert_zero_past_count(a, target);
            if (round == 0) {
                assert_int_equal(a->restore(target, small_blob, small_size), MOTE_OK);
            }
        }
        const void *const blobs[] = {blob, small_blob, blob, blob, small_blob};
        const size_t sizes[] = {size, small_size, size, size, small_size};
        void *const sources[] = {big, small, big, big, small};
        for (size_t r = 0; r < sizeof sizes / sizeof sizes[0]; ++r) {
            assert_int_equal(a->restore(target, blobs[r], sizes[r]), MOTE_OK);
            assert_int_equal(pool_adapter_hash(a, target), pool_adapter_hash(a, sources[r]));
            assert_zero_past_count(a, target);
            size_t again_size;
            unsigned char *again = test_saved_pool(a, target, &again_size);
            assert_int_equal(again_size, sizes[r]);
            assert_memory_equal(again, blobs[r], sizes[r]);
            free(again);
        }
        free(bad);
        free(blob);
        free(small_blob);
        a->destroy(big);
        a->destroy(small);
        a->destroy(target);
    }
}

/* Snapshots of MOTE_SNAPSHOT_STREAM_BYTES or more copy their floats with streaming stores:
 * for the first adapter of each family (only the very first when scaled down), a pool that
 * big saves (also into a buffer that is not 16-byte aligned) and restores to the same bytes,
 * a NaN in the last field word is refused with the pool unchanged, and a NaN written through
 * the view in the last element is not saved. */
static void snapshots_past_the_streaming_size_round_trip(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        if (pool_adapter_follows_its_family(all, p) || (test_scaled_down() && p > 0)) {
            continue; /* one adapter per family (the pools are large); one in all when scaled */
        }
        void *probe = build_pool(a, MOTE_BACKEND_AUTO, 120, NULL);
        const size_t per_element = a->snapshot_size(probe) / a->count(probe) + 1;
        a->destroy(probe);
        /* build_pool keeps 11 in 12 of the n it adds (a quarter more, to be sure; under
         * build_pool's max_count of 2^20 for the smallest elements, a damper's) */
        const size_t n = MOTE_SNAPSHOT_STREAM_BYTES / per_element * 5 / 4 + 4096;
        void *source = build_pool(a, MOTE_BACKEND_AUTO, n, NULL);
        void *target = build_pool(a, MOTE_BACKEND_AUTO, 50, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(a, source, &size);
        if (size < MOTE_SNAPSHOT_STREAM_BYTES) {
            fail_msg("%s: %zu bytes from %zu elements (%zu per element)", a->name, size, n,
                     per_element);
        }
        unsigned char *unaligned = malloc(size + 4);
        assert_non_null(unaligned);
        size_t written = 0;
        assert_int_equal(a->save(source, unaligned + 4, size, &written), MOTE_OK);
        assert_memory_equal(unaligned + 4, blob, size);
        const layout l = layout_of(blob);
        memcpy(unaligned, blob, size); /* now a damaged copy */
        put_le32(unaligned + l.fields + 4 * ((size_t)l.field_words - 1), 0x7f800000u);
        reseal(unaligned, size);
        expect_refused(a, target, unaligned, size, "an infinity in the last field word");
        assert_int_equal(a->restore(target, blob, size), MOTE_OK);
        assert_int_equal(pool_adapter_hash(a, target), pool_adapter_hash(a, source));
        size_t again_size;
        unsigned char *again = test_saved_pool(a, target, &again_size);
        assert_int_equal(again_size, size);
        assert_memory_equal(again, blob, size);
        pool_field fields[POOL_MAX_FIELDS];
        const size_t nf = a->fields(target, fields);
        float *last = (float *)fields[nf - 1].data + a->count(target) - 1;
        const float kept = *last;
        *last = NAN;
        assert_int_equal(a->save(target, again, again_size, &written), MOTE_ERROR_NON_FINITE);
        *last = kept;
        free(again);
        free(unaligned);
        free(blob);
        a->destroy(source);
        a->destroy(target);
    }
}

/* More elements (or slots) than the pool's max_count. */
static void a_snapshot_above_max_count_is_refused(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        void *source = build_pool(a, MOTE_BACKEND_AUTO, 40, NULL); /* 37 live, 40 slots */
        size_t size;
        unsigned char *blob = test_saved_pool(a, source, &size);
        const layout l = layout_of(blob);
        void *small = empty_pool(a, 4, l.count - 1, MOTE_BACKEND_AUTO);
        expect_refused(a, small, blob, size, "count above max_count");
        a->destroy(small);
        small = empty_pool(a, 4, l.slots_used - 1, MOTE_BACKEND_AUTO);
        expect_refused(a, small, blob, size, "slots above max_count");
        a->destroy(small);
        small = empty_pool(a, 4, l.slots_used, MOTE_BACKEND_AUTO);
        assert_int_equal(a->restore(small, blob, size), MOTE_OK);
        a->destroy(small);
        free(blob);
        a->destroy(source);
    }
}

/* A snapshot of one kind does not restore into another: another pool kind, another spring
 * kind, a mover with the other params is fine (params are state) but not a spring. */
static void another_kind_is_refused(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        void *source = build_pool(all[p], MOTE_BACKEND_AUTO, 10, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(all[p], source, &size);
        for (size_t q = 0; q < na; ++q) {
            const pool_adapter *b = all[q];
            void *target = build_pool(b, MOTE_BACKEND_AUTO, 5, NULL);
            const bool same_family = strncmp(all[p]->name, b->name, 6) == 0;
            const bool spring = strncmp(b->name, "spring/", 7) == 0 ||
                                strncmp(b->name, "orientation/", 12) == 0; /* kind in the def */
            if (p == q || (same_family && !spring)) {
                assert_int_equal(b->restore(target, blob, size), MOTE_OK);
            } else {
                expect_refused(b, target, blob, size, all[p]->name);
            }
            b->destroy(target);
        }
        free(blob);
        all[p]->destroy(source);
    }
}

/* Settings blobs of the right shape but with values create refuses, one kind at a time. */
static void settings_create_refuses_are_refused(void **state) {
    (void)state;
    /* the spring kind out of range */
    const pool_adapter *s = pool_adapter_find("spring/critical");
    void *springs = build_pool(s, MOTE_BACKEND_AUTO, 10, NULL);
    size_t size;
    unsigned char *blob = test_saved_pool(s, springs, &size);
    put_le32(blob + MOTE_SNAPSHOT_HEADER_BYTES, MOTE_SPRING_KIND_COUNT);
    reseal(blob, size);
    expect_refused(s, springs, blob, size, "spring kind out of range");
    put_le32(blob + MOTE_SNAPSHOT_HEADER_BYTES, (uint32_t)-1);
    reseal(blob, size);
    expect_refused(s, springs, blob, size, "spring kind -1");
    free(blob);
    s->destroy(springs);

    /* a mover bool that is neither 0 nor 1, a negative acceleration, a max_substep of 0 */
    const pool_adapter *m = pool_adapter_find("movers/default");
    assert_non_null(m);
    void *movers = build_pool(m, MOTE_BACKEND_AUTO, 10, NULL);
    blob = test_saved_pool(m, movers, &size);
    const size_t at = MOTE_SNAPSHOT_HEADER_BYTES;
    const uint32_t bad[][2] = {{9, 2}, {0, 0xbf800000u}, {10, 0}, {2, 0x3fc00000u /* 1.5 */}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        unsigned char *copy = malloc(size);
        memcpy(copy, blob, size);
        put_le32(copy + at + 4 * bad[k][0], bad[k][1]);
        reseal(copy, size);
        expect_refused(m, movers, copy, size, "mover settings");
        free(copy);
    }
    free(blob);
    m->destroy(movers);

    /* a debris ship with a zero orientation, a speed cap of 0 */
    const pool_adapter *d = pool_adapter_find("debris/default");
    assert_non_null(d);
    void *debris = build_pool(d, MOTE_BACKEND_AUTO, 10, NULL);
    blob = test_saved_pool(d, debris, &size);
    unsigned char *copy = malloc(size);
    memcpy(copy, blob, size);
    for (int c = 3; c < 7; ++c) {
        put_le32(copy + at + 4 * c, 0);
    }
    reseal(copy, size);
    expect_refused(d, debris, copy, size, "zero ship orientation");
    memcpy(copy, blob, size);
    put_le32(copy + at + 4 * 11, 0);
    reseal(copy, size);
    expect_refused(d, debris, copy, size, "speed cap 0");
    free(copy);
    free(blob);
    d->destroy(debris);
}

/* ---- settings and max_dt come back ------------------------------------------------------ */

static void settings_and_max_dt_are_restored(void **state) {
    (void)state;
    /* movers: params, max_substep, max_dt */
    mote_mover_pool_def md = mote_default_mover_pool_def();
    md.params.directional_acceleration = 0.75f;
    md.params.rotation_double_spring = false;
    md.max_substep = 1.0f / 120.0f;
    md.max_dt = 0.2f;
    mote_mover_pool *m0 = NULL, *m1 = NULL;
    assert_int_equal(mote_mover_pool_create(&md, &m0), MOTE_OK);
    mote_mover_pool_def plain = mote_default_mover_pool_def();
    assert_int_equal(mote_mover_pool_create(&plain, &m1), MOTE_OK);
    unsigned char buffer[4096];
    size_t written;
    assert_int_equal(mote_mover_pool_save(m0, buffer, sizeof buffer, &written), MOTE_OK);
    assert_int_equal(mote_mover_pool_restore(m1, buffer, written), MOTE_OK);
    mote_movement_params p0 = mote_mover_pool_params(m0), p1 = mote_mover_pool_params(m1);
    assert_memory_equal(&p0.acceleration, &p1.acceleration, 9 * sizeof(float));
    assert_false(p1.rotation_double_spring);
    assert_true(mote_mover_pool_max_substep(m1) == 1.0f / 120.0f);
    assert_true(mote_mover_pool_max_dt(m1) == 0.2f);
    mote_mover_pool_destroy(m0);
    mote_mover_pool_destroy(m1);

    /* debris: the ship and settings */
    mote_debris_pool_def dd = mote_default_debris_pool_def();
    dd.ship.spin_rate = 0.25f;
    dd.ship.position = (mote_vec3){1.0f, -2.0f, 3.0f};
    dd.settings.gravity = (mote_vec3){0.0f, -9.8f, 0.0f};
    dd.settings.speed_cap = INFINITY;
    dd.max_dt = INFINITY; /* not d1's default: the restore must bring it */
    mote_debris_pool *d0 = NULL, *d1 = NULL;
    assert_int_equal(mote_debris_pool_create(&dd, &d0), MOTE_OK);
    mote_debris_pool_def dplain = mote_default_debris_pool_def();
    assert_int_equal(mote_debris_pool_create(&dplain, &d1), MOTE_OK);
    assert_int_equal(mote_debris_pool_save(d0, buffer, sizeof buffer, &written), MOTE_OK);
    assert_int_equal(mote_debris_pool_restore(d1, buffer, written), MOTE_OK);
    mote_debris_ship s0 = mote_debris_pool_ship(d0), s1 = mote_debris_pool_ship(d1);
    mote_debris_settings t0 = mote_debris_pool_settings(d0), t1 = mote_debris_pool_settings(d1);
    assert_memory_equal(&s0, &s1, sizeof s0);
    assert_memory_equal(&t0, &t1, sizeof t0);
    assert_true(isinf(mote_debris_pool_max_dt(d1)));
    mote_debris_pool_destroy(d0);
    mote_debris_pool_destroy(d1);

    /* springs: the kind and max_dt */
    mote_spring_pool_def sd = mote_default_spring_pool_def();
    sd.kind = MOTE_SPRING_SEMI_IMPLICIT;
    sd.max_dt = 0.03f;
    mote_spring_pool *s_0 = NULL, *s_1 = NULL;
    assert_int_equal(mote_spring_pool_create(&sd, &s_0), MOTE_OK);
    sd.max_dt = INFINITY;
    assert_int_equal(mote_spring_pool_create(&sd, &s_1), MOTE_OK);
    assert_int_equal(mote_spring_pool_save(s_0, buffer, sizeof buffer, &written), MOTE_OK);
    assert_int_equal(mote_spring_pool_restore(s_1, buffer, written), MOTE_OK);
    assert_int_equal(mote_spring_pool_kind(s_1), MOTE_SPRING_SEMI_IMPLICIT);
    assert_true(mote_spring_pool_max_dt(s_1) == 0.03f);
    mote_spring_pool_destroy(s_0);
    mote_spring_pool_destroy(s_1);
}

/* Every kind's settings members lie inside its settings struct, do not overlap, and leave
 * uncovered only the padding after a bool and the kind's local options at the end (not state:
 * the spring pool's step_cache): every byte of state is in a snapshot. */
static void settings_members_cover_the_settings(void **state) {
    (void)state;
    const mote_pool_kind *kinds[] = {&mote_spring_pool_kind_record, &mote_mover_pool_kind_record,
                                     &mote_debris_pool_kind_record};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
        const mote_pool_kind *kind = kinds[k];
        assert_non_null(kind->check_settings);
        int owner[256];
        assert_true(kind->settings_size <= 256);
        for (size_t i = 0; i < kind->settings_size; ++i) {
            owner[i] = -1;
        }
        for (int s = 0; s < kind->setting_count; ++s) {
            const mote_setting_info *m = &kind->setting_members[s];
            const size_t bytes = m->type == MOTE_SETTING_BOOL ? sizeof(bool) : 4;
            assert_true(m->offset + bytes <= kind->settings_size);
            for (size_t i = m->offset; i < m->offset + bytes; ++i) {
                assert_int_equal(owner[i], -1);
                owner[i] = s;
            }
        }
        int last = -1;
        assert_true(kind->local_settings_bytes <= kind->settings_size);
        for (size_t i = 0; i < kind->settings_size - kind->local_settings_bytes; ++i) {
            if (owner[i] >= 0) {
                last = owner[i];
            } else if (last < 0 || kind->setting_members[last].type != MOTE_SETTING_BOOL) {
                fail_msg("%s settings: byte %zu is in no member", kind->name, i);
            }
        }
    }
}

/* ---- out of memory ---------------------------------------------------------------------- */

typedef struct failing_allocator {
    size_t calls, fail_at;
} failing_allocator;

static void *failing_alloc(size_t size, size_t alignment, void *user) {
    failing_allocator *f = user;
    if (++f->calls == f->fail_at) {
        return NULL;
    }
    return aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

static void failing_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

/* Each allocation a restore makes (its scan, the growth of the ids and the fields), failing in
 * turn: MOTE_ERROR_OUT_OF_MEMORY and the pool as it was; then the restore succeeds. */
static void out_of_memory_changes_nothing(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        void *source = build_pool(a, MOTE_BACKEND_AUTO, 200, NULL);
        size_t size;
        unsigned char *blob = test_saved_pool(a, source, &size);
        size_t allocations = 0;
        for (size_t k = 1;; ++k) {
            failing_allocator f = {0, 0};
            mote_allocator hooks = {failing_alloc, failing_free, &f};
            mote_set_allocator(&hooks);
            void *target = build_pool(a, MOTE_BACKEND_AUTO, 10, NULL);
            const look before = look_at(a, target);
            f.calls = 0;
            f.fail_at = k;
            mote_status status = a->restore(target, blob, size);
            if (status == MOTE_OK) {
                allocations = k - 1;
                assert_int_equal(pool_adapter_hash(a, target), pool_adapter_hash(a, source));
            } else {
                assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
                assert_same_look(before, look_at(a, target));
            }
            f.fail_at = 0;
            a->destroy(target);
            mote_set_allocator(NULL);
            if (status == MOTE_OK) {
                break;
            }
        }
        /* the scan's bitmap, 4 id arrays, at least one field array */
        assert_true(allocations >= 6);
        free(blob);
        a->destroy(source);
    }
}

/* ---- blobs written on x86-64, restored everywhere --------------------------------------- */

#define DATA_ELEMENTS 24
#define DATA_STEPS    100

static void data_path(const pool_adapter *a, const char *suffix, char *path, size_t size) {
    int n = snprintf(path, size, "%s/snapshot/%s%s", MOTE_TEST_DATA_DIR, a->name, suffix);
    assert_true(n > 0 && (size_t)n < size);
    for (char *c = path + strlen(MOTE_TEST_DATA_DIR) + 10; *c != '\0'; ++c) {
        *c = *c == '/' ? '_' : *c;
    }
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fail_msg("cannot open %s (MOTE_SNAPSHOT_WRITE_DATA=1 writes it)", path);
    }
    unsigned char *bytes = malloc(1 << 20);
    assert_non_null(bytes);
    *size = fread(bytes, 1, 1 << 20, file);
    fclose(file);
    return bytes;
}

/* Restores the committed blob: the state hash it was written with, save gives the same bytes
 * back, and DATA_STEPS steps on this machine's best backend reach the recorded hash. */
static void committed_blobs_restore_to_their_hashes(void **state) {
    (void)state;
    const bool write = getenv("MOTE_SNAPSHOT_WRITE_DATA") != NULL;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    char path[1024];
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        uint64_t restored_hash, stepped_hash;
        if (write) {
            void *source = build_pool(a, MOTE_BACKEND_AUTO, DATA_ELEMENTS, NULL);
            size_t size;
            unsigned char *blob = test_saved_pool(a, source, &size);
            data_path(a, ".bin", path, sizeof path);
            FILE *out = fopen(path, "wb");
            assert_non_null(out);
            assert_int_equal(fwrite(blob, 1, size, out), size);
            fclose(out);
            restored_hash = pool_adapter_hash(a, source);
            for (int s = 0; s < DATA_STEPS; ++s) {
                assert_int_equal(a->step(source, step_dts[s % 5]), MOTE_OK);
            }
            stepped_hash = pool_adapter_hash(a, source);
            data_path(a, ".hash", path, sizeof path);
            out = fopen(path, "w");
            assert_non_null(out);
            fprintf(out, "%016llx %016llx\n", (unsigned long long)restored_hash,
                    (unsigned long long)stepped_hash);
            fclose(out);
            printf("wrote %s\n", path);
            free(blob);
            a->destroy(source);
        }
        data_path(a, ".hash", path, sizeof path);
        FILE *in = fopen(path, "r");
        if (in == NULL) {
            fail_msg("cannot open %s (MOTE_SNAPSHOT_WRITE_DATA=1 writes it)", path);
        }
        unsigned long long h0 = 0, h1 = 0;
        assert_int_equal(fscanf(in, "%llx %llx", &h0, &h1), 2);
        fclose(in);
        size_t size;
        data_path(a, ".bin", path, sizeof path);
        unsigned char *blob = read_file(path, &size);
        void *pool = empty_pool(a, 0, 1024, MOTE_BACKEND_AUTO);
        assert_int_equal(a->restore(pool, blob, size), MOTE_OK);
        assert_int_equal(pool_adapter_hash(a, pool), h0);
        assert_true(pool_adapter_ids_consistent(a, pool));
        size_t again_size;
        unsigned char *again = test_saved_pool(a, pool, &again_size);
        assert_int_equal(again_size, size);
        assert_memory_equal(again, blob, size);
        for (int s = 0; s < DATA_STEPS; ++s) {
            assert_int_equal(a->step(pool, step_dts[s % 5]), MOTE_OK);
        }
        if (pool_adapter_hash(a, pool) != h1) {
            fail_msg("%s: restored from %s and stepped on %s: 0x%016llx, recorded 0x%016llx",
                     a->name, path, mote_backend_name(a->backend(pool)),
                     (unsigned long long)pool_adapter_hash(a, pool), h1);
        }
        free(again);
        free(blob);
        a->destroy(pool);
    }
}

/* Snapshots written before fields were appended to their kind's list (the spring blobs of
 * data/snapshot/older predate the inertialize kind's three fields) restore to the state their
 * current twins record and step on to the same hash: appending fields keeps old snapshots. */
static void older_field_lists_still_restore(void **state) {
    (void)state;
    size_t na;
    const pool_adapter *const *all = pool_adapters_all(&na);
    char path[1024], older[1100];
    int restored = 0;
    for (size_t p = 0; p < na; ++p) {
        const pool_adapter *a = all[p];
        data_path(a, ".bin", path, sizeof path);
        const char *file = strrchr(path, '/') + 1;
        int n = snprintf(older, sizeof older, "%s/snapshot/older/%s", MOTE_TEST_DATA_DIR, file);
        assert_true(n > 0 && (size_t)n < sizeof older);
        FILE *probe = fopen(older, "rb");
        if (probe == NULL) {
            continue;
        }
        fclose(probe);
        data_path(a, ".hash", path, sizeof path);
        FILE *in = fopen(path, "r");
        assert_non_null(in);
        unsigned long long h0 = 0, h1 = 0;
        assert_int_equal(fscanf(in, "%llx %llx", &h0, &h1), 2);
        fclose(in);
        size_t size;
        unsigned char *blob = read_file(older, &size);
        void *pool = empty_pool(a, 0, 1024, MOTE_BACKEND_AUTO);
        assert_int_equal(a->restore(pool, blob, size), MOTE_OK);
        assert_int_equal(pool_adapter_hash(a, pool), h0);
        for (int s = 0; s < DATA_STEPS; ++s) {
            assert_int_equal(a->step(pool, step_dts[s % 5]), MOTE_OK);
        }
        assert_int_equal(pool_adapter_hash(a, pool), h1);
        free(blob);
        a->destroy(pool);
        ++restored;
    }
    assert_int_equal(restored, 9); /* the nine spring kinds of before */
}

MOTE_TEST_MAIN(cmocka_unit_test(restored_pools_continue_bit_for_bit),
               cmocka_unit_test(restore_replaces_a_larger_pool),
               cmocka_unit_test(save_reports_the_size_it_needs),
               cmocka_unit_test(truncated_or_flipped_blobs_are_refused),
               cmocka_unit_test(resealed_bad_blobs_are_refused),
               cmocka_unit_test(bad_last_pieces_leave_the_pool_unchanged),
               cmocka_unit_test(snapshots_past_the_streaming_size_round_trip),
               cmocka_unit_test(a_snapshot_above_max_count_is_refused),
               cmocka_unit_test(another_kind_is_refused),
               cmocka_unit_test(settings_create_refuses_are_refused),
               cmocka_unit_test(settings_and_max_dt_are_restored),
               cmocka_unit_test(settings_members_cover_the_settings),
               cmocka_unit_test(out_of_memory_changes_nothing),
               cmocka_unit_test(committed_blobs_restore_to_their_hashes),
               cmocka_unit_test(older_field_lists_still_restore))
