/* A world's snapshot (mote_world_snapshot_size, _save, _restore) over a world holding a pool of
 * every kind (the first variant of every probe, and a second spring pool of another model):
 * restore continues bit for bit, into the same world or another of the same layout; a restore
 * is all or nothing (a blob whose last pool is bad changes no pool); every truncation and
 * every flipped byte is refused with the world unchanged, and a flip re-sealed past the
 * checksums is refused or restores a world that steps finite; a blob of another layout (other
 * kinds, order or count, a pool of another model) is refused, naming it. */
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

#include "mote/mote.h"
#include "mote/world.h"
#include "pool_adapter.h"
#include "pool_snapshot.h"
#include "world_internal.h"

#define MAX_POOLS          16
#define WORLD_HEADER_BYTES 32 /* world_snapshot.c's layout, read here to tamper with it */
#define WORLD_ENTRY_BYTES  16

static const float step_dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 240.0f, 0.75f, 0.0123f};

/* A world and its pools, in join order. */
typedef struct scene {
    mote_world *world;
    size_t count;
    const pool_adapter *adapters[MAX_POOLS];
    void *pools[MAX_POOLS];
} scene;

/* The adapters of a scene: each probe's first variant, then the spring probe's last variant
 * (a second spring pool, of another model). */
static size_t scene_adapters(const pool_adapter *out[MAX_POOLS]) {
    size_t n_adapters = 0;
    const pool_adapter *const *all = pool_adapters_all(&n_adapters);
    size_t n = 0;
    const pool_adapter *last_spring = NULL;
    for (size_t p = 0; p < n_adapters; ++p) {
        bool seen = false;
        for (size_t q = 0; q < n; ++q) {
            seen |= out[q]->probe == all[p]->probe;
        }
        if (all[p]->probe->record->number == MOTE_KIND_spring) {
            last_spring = all[p];
        }
        if (!seen) {
            assert_true(n < MAX_POOLS - 1);
            out[n++] = all[p];
        }
    }
    assert_non_null(last_spring);
    assert_ptr_not_equal(last_spring, out[0]);
    out[n++] = last_spring;
    return n;
}

/* A pool of n random elements from seed, every third removed, on the best backend. */
static void *make_pool(const pool_adapter *a, size_t n, uint64_t seed) {
    pool_adapter_def def = {16, (size_t)1 << 20, mote_backend_best()};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {seed};
    for (size_t i = 0; i < n; ++i) {
        mote_id id;
        assert_int_equal(a->add_random(a, pool, &rng, &id), MOTE_OK);
        if (i % 3 == 1) {
            assert_int_equal(a->remove(pool, id), MOTE_OK);
        }
    }
    return pool;
}

/* A world with a pool of every adapter of scene_adapters, n elements each (from seed). */
static scene make_scene(size_t n, uint64_t seed) {
    scene s = {0};
    mote_world_def def = mote_default_world_def();
    assert_int_equal(mote_world_create(&def, &s.world), MOTE_OK);
    s.count = scene_adapters(s.adapters);
    for (size_t i = 0; i < s.count; ++i) {
        s.pools[i] = make_pool(s.adapters[i], n, seed + i);
        assert_int_equal(mote_world_join_pool(s.world, s.pools[i], s.adapters[i]->probe->record),
                         MOTE_OK);
    }
    return s;
}

static void free_scene(scene *s) {
    mote_world_destroy(s->world);
    for (size_t i = 0; i < s->count; ++i) {
        s->adapters[i]->destroy(s->pools[i]);
    }
}

/* Every stored bit of every pool (count, ids, fields). */
static uint64_t scene_hash(const scene *s) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < s->count; ++i) {
        h = (h ^ pool_adapter_hash(s->adapters[i], s->pools[i])) * 0x100000001b3ull;
    }
    return h;
}

/* The world's snapshot, in a malloc'd buffer. */
static unsigned char *save_world(const mote_world *world, size_t *size) {
    *size = mote_world_snapshot_size(world);
    unsigned char *blob = malloc(*size);
    assert_non_null(blob);
    size_t written = 0;
    assert_int_equal(mote_world_save(world, blob, *size, &written), MOTE_OK);
    assert_int_equal(written, *size);
    return blob;
}

static uint64_t get_le64(const unsigned char *p) {
    uint64_t v = 0;
    for (int b = 7; b >= 0; --b) {
        v = v << 8 | p[b];
    }
    return v;
}

static void put_le64(unsigned char *p, uint64_t v) {
    for (int b = 0; b < 8; ++b) {
        p[b] = (unsigned char)(v >> (8 * b));
    }
}

/* Where pool i's snapshot starts in a world blob of pools pools, and its bytes. */
static size_t pool_offset(const unsigned char *blob, size_t pools, size_t i, size_t *bytes) {
    size_t at = WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * pools;
    for (size_t k = 0; k < i; ++k) {
        at += (size_t)get_le64(blob + WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * k + 8);
    }
    *bytes = (size_t)get_le64(blob + WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * i + 8);
    return at;
}

/* A correct world checksum over the blob's last 8 bytes. */
static void reseal_world(unsigned char *blob, size_t size) {
    put_le64(blob + size - 8, mote_snapshot_checksum(blob, size - 8));
}

/* Refused with MOTE_ERROR_CORRUPT_SNAPSHOT, a detail naming want, and every pool (and the
 * world's max_dt) as it was. */
static void expect_refused(scene *s, const unsigned char *blob, size_t size, const char *want) {
    const uint64_t before = scene_hash(s);
    const float max_dt = mote_world_max_dt(s->world);
    const mote_status status = mote_world_restore(s->world, blob, size);
    if (status != MOTE_ERROR_CORRUPT_SNAPSHOT) {
        fail_msg("a %zu-byte world blob (%s) gave %s", size, want, mote_status_name(status));
    }
    if (strstr(mote_error_detail(), want) == NULL) {
        fail_msg("detail \"%s\" does not name \"%s\"", mote_error_detail(), want);
    }
    assert_int_equal(scene_hash(s), before);
    assert_true(mote_world_max_dt(s->world) == max_dt);
}

/* ---- the cases ---------------------------------------------------------------------------- */

/* Save, step on, restore, step again: the same bits at every step, and the world's max_dt
 * back; then the same blob into a second world of the same layout (other contents) continues
 * to the same bits too. */
static void restored_worlds_continue_bit_for_bit(void **state) {
    (void)state;
    const size_t n = test_scaled_down() ? 24 : 200;
    scene s = make_scene(n, 11);
    assert_int_equal(mote_world_set_max_dt(s.world, 0.1f), MOTE_OK);
    for (int k = 0; k < 5; ++k) {
        assert_int_equal(mote_world_step(s.world, step_dts[k]), MOTE_OK);
    }
    size_t size = 0;
    unsigned char *blob = save_world(s.world, &size);
    enum { STEPS = 20 };
    uint64_t hashes[STEPS + 1];
    hashes[0] = scene_hash(&s);
    for (int k = 0; k < STEPS; ++k) {
        assert_int_equal(mote_world_step(s.world, step_dts[k % 5]), MOTE_OK);
        hashes[k + 1] = scene_hash(&s);
    }
    assert_true(hashes[STEPS] != hashes[0]);
    assert_int_equal(mote_world_set_max_dt(s.world, 0.5f), MOTE_OK);
    assert_int_equal(mote_world_restore(s.world, blob, size), MOTE_OK);
    assert_true(mote_world_max_dt(s.world) == 0.1f);
    assert_int_equal(scene_hash(&s), hashes[0]);
    for (int k = 0; k < STEPS; ++k) {
        assert_int_equal(mote_world_step(s.world, step_dts[k % 5]), MOTE_OK);
        if (scene_hash(&s) != hashes[k + 1]) {
            fail_msg("the restored world left the saved one at step %d", k);
        }
    }
    scene other = make_scene(n / 2, 99); /* the same layout, other contents */
    assert_int_equal(mote_world_restore(other.world, blob, size), MOTE_OK);
    assert_int_equal(scene_hash(&other), hashes[0]);
    for (int k = 0; k < STEPS; ++k) {
        assert_int_equal(mote_world_step(other.world, step_dts[k % 5]), MOTE_OK);
        assert_int_equal(scene_hash(&other), hashes[k + 1]);
    }
    size_t again_size = 0;
    unsigned char *again = save_world(other.world, &again_size);
    size_t now_size = 0;
    unsigned char *now = save_world(s.world, &now_size);
    assert_int_equal(again_size, now_size);
    assert_memory_equal(again, now, now_size);
    free(again);
    free(now);
    free(blob);
    free_scene(&other);
    free_scene(&s);
}

/* A blob whose last pool is bad (a NaN re-sealed past both checksums; damage under the
 * world's checksum only) changes no pool, and names the pool. */
static void a_bad_last_pool_changes_no_pool(void **state) {
    (void)state;
    scene s = make_scene(30, 5);
    size_t size = 0;
    unsigned char *blob = save_world(s.world, &size);
    for (int k = 0; k < 3; ++k) {
        assert_int_equal(mote_world_step(s.world, step_dts[k]), MOTE_OK);
    }
    size_t moved_size = 0;
    unsigned char *moved = save_world(s.world, &moved_size);
    const size_t last = s.count - 1;
    size_t bytes = 0;
    const size_t at = pool_offset(blob, s.count, last, &bytes);
    const size_t first_field =
        MOTE_SNAPSHOT_HEADER_BYTES + 4 * (size_t)s.adapters[last]->probe->record->setting_count;
    unsigned char *bad = malloc(size);
    assert_non_null(bad);

    memcpy(bad, blob, size);
    bad[at + first_field + 3] = 0x7f; /* a NaN in the last pool's first field word */
    bad[at + first_field + 2] = 0xc0;
    test_reseal_snapshot(bad + at, bytes);
    reseal_world(bad, size);
    char want[32];
    (void)snprintf(want, sizeof want, "pool[%zu]", last);
    expect_refused(&s, bad, size, want);
    assert_non_null(strstr(mote_error_detail(), "must be finite"));

    memcpy(bad, blob, size);
    bad[at + bytes - 20] ^= 0x10; /* the last pool's own checksum sees it */
    reseal_world(bad, size);
    expect_refused(&s, bad, size, want);

    size_t after_size = 0;
    unsigned char *after = save_world(s.world, &after_size);
    assert_int_equal(after_size, moved_size);
    assert_memory_equal(after, moved, moved_size);
    free(after);
    free(bad);
    free(moved);
    free(blob);
    free_scene(&s);
}

/* Every truncation and every flipped byte is refused, the world unchanged; every flip
 * re-sealed past the checksums (the pool's it lies in, then the world's) is refused, or
 * restores a world whose every pool steps finite through a hitch. Scaled down: a stride. */
static void damaged_world_blobs_are_refused_or_step_finite(void **state) {
    (void)state;
    scene s = make_scene(6, 23);
    size_t size = 0;
    unsigned char *blob = save_world(s.world, &size);
    unsigned char *bad = malloc(size);
    assert_non_null(bad);
    const size_t stride = test_scaled_down() ? 29 : 1;
    for (size_t cut = 0; cut < size; cut += stride) {
        memcpy(bad, blob, cut);
        expect_refused(&s, bad, cut, "");
    }
    for (size_t i = 0; i < size; i += stride) {
        memcpy(bad, blob, size);
        bad[i] ^= (unsigned char)(1u << (i % 8));
        expect_refused(&s, bad, size, "");
    }
    size_t accepted = 0;
    for (size_t i = 0; i < size - 8; i += stride) {
        memcpy(bad, blob, size);
        bad[i] ^= (unsigned char)(1u << ((3 * i + 5) % 8));
        for (size_t p = 0; p < s.count; ++p) {
            size_t bytes = 0;
            const size_t at = pool_offset(blob, s.count, p, &bytes);
            if (i >= at && i < at + bytes - MOTE_SNAPSHOT_CHECKSUM_BYTES) {
                test_reseal_snapshot(bad + at, bytes);
            }
        }
        reseal_world(bad, size);
        const uint64_t before = scene_hash(&s);
        const mote_status status = mote_world_restore(s.world, bad, size);
        if (status != MOTE_OK) {
            assert_int_equal(status, MOTE_ERROR_CORRUPT_SNAPSHOT);
            assert_int_equal(scene_hash(&s), before);
            continue;
        }
        ++accepted;
        for (int k = 0; k < 5; ++k) {
            assert_int_equal(mote_world_step(s.world, k == 2 ? 5.0f : step_dts[k]), MOTE_OK);
        }
        for (size_t p = 0; p < s.count; ++p) {
            if (s.adapters[p]->validate(s.pools[p], NULL) != MOTE_OK) {
                fail_msg("byte %zu flipped and re-sealed: %s stepped to a non-finite value", i,
                         s.adapters[p]->name);
            }
        }
        assert_int_equal(mote_world_restore(s.world, blob, size), MOTE_OK);
    }
    assert_true(accepted > 0); /* some fields' flips are ordinary values */
    free(bad);
    free(blob);
    free_scene(&s);
}

/* A blob of another layout is refused, naming it: pools in another order, fewer or more
 * pools, a spring pool of another model in the spring slot; and a pool's own snapshot. */
static void another_layout_is_refused(void **state) {
    (void)state;
    scene s = make_scene(8, 31);
    size_t size = 0;
    unsigned char *blob = save_world(s.world, &size);
    const mote_pool_kind *first = s.adapters[0]->probe->record;
    /* the first pool last: another order */
    assert_int_equal(mote_world_leave_pool(s.world, s.pools[0], first), MOTE_OK);
    assert_int_equal(mote_world_join_pool(s.world, s.pools[0], first), MOTE_OK);
    expect_refused(&s, blob, size, "layout: pool[0]");
    /* one pool fewer */
    assert_int_equal(mote_world_leave_pool(s.world, s.pools[0], first), MOTE_OK);
    expect_refused(&s, blob, size, "layout: the snapshot holds");
    /* one more: the second spring pool twice over is impossible, so a fresh one */
    assert_int_equal(mote_world_join_pool(s.world, s.pools[0], first), MOTE_OK);
    void *extra = make_pool(s.adapters[1], 4, 3);
    assert_int_equal(mote_world_join_pool(s.world, extra, s.adapters[1]->probe->record), MOTE_OK);
    expect_refused(&s, blob, size, "layout: the snapshot holds");
    assert_int_equal(mote_world_leave_pool(s.world, extra, s.adapters[1]->probe->record), MOTE_OK);
    s.adapters[1]->destroy(extra);
    free_scene(&s);

    /* the spring slot holding a spring pool of another model: that pool's restore refuses */
    scene swapped = make_scene(8, 31);
    const size_t last = swapped.count - 1;
    void *spring = swapped.pools[0];
    assert_int_equal(mote_world_leave_pool(swapped.world, spring, first), MOTE_OK);
    assert_int_equal(mote_world_leave_pool(swapped.world, swapped.pools[last], first), MOTE_OK);
    assert_int_equal(mote_world_join_pool(swapped.world, swapped.pools[last], first), MOTE_OK);
    for (size_t i = 1; i < last; ++i) {
        assert_int_equal(mote_world_leave_pool(swapped.world, swapped.pools[i],
                                               swapped.adapters[i]->probe->record),
                         MOTE_OK);
        assert_int_equal(mote_world_join_pool(swapped.world, swapped.pools[i],
                                              swapped.adapters[i]->probe->record),
                         MOTE_OK);
    }
    assert_int_equal(mote_world_join_pool(swapped.world, spring, first), MOTE_OK);
    /* now: the other model's spring pool first, the rest in order, the first model's last */
    const pool_adapter *order[MAX_POOLS];
    void *pools[MAX_POOLS];
    order[0] = swapped.adapters[last];
    pools[0] = swapped.pools[last];
    order[last] = swapped.adapters[0];
    pools[last] = spring;
    for (size_t i = 1; i < last; ++i) {
        order[i] = swapped.adapters[i];
        pools[i] = swapped.pools[i];
    }
    memcpy(swapped.adapters, order, sizeof order);
    memcpy(swapped.pools, pools, sizeof pools);
    expect_refused(&swapped, blob, size, "pool[0] (spring)");

    /* a pool's own snapshot is no world's */
    size_t pool_size = swapped.adapters[1]->snapshot_size(swapped.pools[1]);
    unsigned char *pool_blob = malloc(pool_size);
    assert_non_null(pool_blob);
    assert_int_equal(swapped.adapters[1]->save(swapped.pools[1], pool_blob, pool_size, NULL),
                     MOTE_OK);
    expect_refused(&swapped, pool_blob, pool_size, "magic");
    free(pool_blob);
    free(blob);
    free_scene(&swapped);
}

/* The calls' own refusals: NULL arguments, a buffer too small (the size asked for), a NaN
 * written through a pool's view (named by the pool); an empty world round-trips. */
static void save_and_restore_refuse_bad_calls(void **state) {
    (void)state;
    assert_int_equal(mote_world_snapshot_size(NULL), 0);
    size_t size = 0;
    assert_int_equal(mote_world_save(NULL, NULL, 0, &size), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "world"));
    unsigned char byte = 0;
    assert_int_equal(mote_world_restore(NULL, &byte, 1), MOTE_ERROR_INVALID_ARGUMENT);

    scene s = make_scene(5, 41);
    assert_int_equal(mote_world_restore(s.world, NULL, 64), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "buffer"));
    assert_int_equal(mote_world_save(s.world, NULL, 0, &size), MOTE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(size, mote_world_snapshot_size(s.world));
    assert_non_null(strstr(mote_error_detail(), "size"));
    unsigned char *blob = malloc(size);
    assert_non_null(blob);
    size_t written = 0;
    assert_int_equal(mote_world_save(s.world, blob, size - 1, &written),
                     MOTE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(written, size);
    pool_field fields[POOL_MAX_FIELDS];
    const size_t nf = s.adapters[2]->fields(s.pools[2], fields);
    assert_true(nf > 0 && fields[0].is_float);
    float *x = fields[0].data;
    const float kept = x[0];
    x[0] = NAN;
    assert_int_equal(mote_world_save(s.world, blob, size, &written), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "pool[2]"));
    x[0] = kept;
    assert_int_equal(mote_world_save(s.world, blob, size, &written), MOTE_OK);
    free(blob);
    free_scene(&s);

    mote_world_def def = mote_default_world_def();
    mote_world *empty = NULL;
    assert_int_equal(mote_world_create(&def, &empty), MOTE_OK);
    size = mote_world_snapshot_size(empty);
    blob = malloc(size);
    assert_non_null(blob);
    assert_int_equal(mote_world_save(empty, blob, size, NULL), MOTE_OK);
    assert_int_equal(mote_world_restore(empty, blob, size), MOTE_OK);
    blob[size - 1] ^= 1;
    assert_int_equal(mote_world_restore(empty, blob, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    assert_non_null(strstr(mote_error_detail(), "checksum"));
    free(blob);
    mote_world_destroy(empty);
}

MOTE_TEST_MAIN(cmocka_unit_test(restored_worlds_continue_bit_for_bit),
               cmocka_unit_test(a_bad_last_pool_changes_no_pool),
               cmocka_unit_test(damaged_world_blobs_are_refused_or_step_finite),
               cmocka_unit_test(another_layout_is_refused),
               cmocka_unit_test(save_and_restore_refuse_bad_calls))
