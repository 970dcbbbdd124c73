/* The snapshot suites' shared pools (test_snapshot.c, test_snapshot_create.c): a pool of every
 * adapter built the same way, with an id table that has been through removes and re-adds, and
 * its snapshot. Include after <cmocka.h> (the helpers assert). */
#ifndef MOTE_TEST_SNAPSHOT_POOLS_H
#define MOTE_TEST_SNAPSHOT_POOLS_H

#include <stdint.h>
#include <stdlib.h>

#include "pool_adapter.h"
#include "pool_snapshot.h"
#include "test_support.h"

/* Each adapter's own seed (FNV-1a of its name). */
static inline uint64_t test_name_seed(const char *name) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *c = name; *c != '\0'; ++c) {
        h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
    }
    return h;
}

/* A pool of n random elements (the adapter's own seed) on backend, every third removed and
 * n / 4 added again, so its id table has reused slots, bumped generations and a free list; not
 * stepped. */
static inline void *test_churned_pool(const pool_adapter *a, mote_backend backend, size_t n) {
    pool_adapter_def def = {16, (size_t)1 << 20, backend};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {test_name_seed(a->name)};
    mote_id *added = malloc(n * sizeof *added);
    assert_non_null(added);
    for (size_t i = 0; i < n; ++i) {
        assert_int_equal(a->add_random(a, pool, &rng, &added[i]), MOTE_OK);
    }
    for (size_t i = 1; i < n; i += 3) {
        assert_int_equal(a->remove(pool, added[i]), MOTE_OK);
    }
    for (size_t i = 0; i < n / 4; ++i) {
        assert_int_equal(a->add_random(a, pool, &rng, NULL), MOTE_OK);
    }
    free(added);
    return pool;
}

/* The pool's snapshot, in a malloc'd buffer (*size its bytes, every one written by save). */
static inline unsigned char *test_saved_pool(const pool_adapter *a, void *pool, size_t *size) {
    *size = a->snapshot_size(pool);
    assert_true(*size >= MOTE_SNAPSHOT_HEADER_BYTES + MOTE_SNAPSHOT_CHECKSUM_BYTES);
    unsigned char *blob = malloc(*size);
    assert_non_null(blob);
    size_t written = 0;
    assert_int_equal(a->save(pool, blob, *size, &written), MOTE_OK);
    assert_int_equal(written, *size);
    return blob;
}

#endif
