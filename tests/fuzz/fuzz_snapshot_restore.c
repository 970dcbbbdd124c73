/* libFuzzer target: restore (mote_<kind>_pool_restore, through the adapter registry) fed
 * arbitrary bytes and valid snapshots mutated, for every pool kind. The input:
 *   byte 0: the adapter (its registry index, modulo the adapter count);
 *   byte 1: the mode: bit 0 clear, the rest of the input is the blob; bit 0 set, the blob is a
 *           snapshot of a pool built from byte 2 (its size) and mutated by the rest of the input,
 *           (position, xor) pairs of 3 bytes, cut to a length from byte 3 when byte 3 is odd;
 *           bit 1 set: the blob is re-sealed (a correct checksum written over its last 8 bytes),
 *           so the checks behind the checksum are reached.
 * Checked after every restore, on top of ASan/UBSan:
 *   - the status is MOTE_OK or MOTE_ERROR_CORRUPT_SNAPSHOT, nothing else;
 *   - refused, the pool is bit for bit as it was (count, capacity, ids, every field);
 *   - accepted, the ids are consistent, validate finds no non-finite data, saving the pool gives
 *     back exactly the bytes restored (the format has one encoding per state), and the pool
 *     steps, then takes STEPS_AFTER more steps of dts from 1e-4 s to 1 s (jittery, from the
 *     input's first bytes) with validate still clean: restore checks every element and setting
 *     as add and create do, so nothing it accepts becomes NaN.
 * A broken invariant prints what broke and aborts (libFuzzer then saves the input). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool_adapter.h"
#include "pool_snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_BLOB (1u << 20)

/* Steps an accepted blob's pool takes before validate must still be clean. */
#define STEPS_AFTER 240

static void broken(const pool_adapter *a, const char *what) {
    fprintf(stderr, "fuzz_snapshot_restore: %s: %s\n", a->name, what);
    abort();
}

/* A small pool with removed and reused slots, so the id table has a free list. */
static void *build(const pool_adapter *a, size_t n, uint64_t seed) {
    pool_adapter_def def = {4, 256, MOTE_BACKEND_AUTO};
    void *pool = NULL;
    if (a->create(a, &def, &pool) != MOTE_OK) {
        broken(a, "create failed");
    }
    test_rng rng = {seed};
    mote_id ids[64];
    for (size_t i = 0; i < n; ++i) {
        if (a->add_random(a, pool, &rng, &ids[i]) != MOTE_OK) {
            broken(a, "add failed");
        }
    }
    for (size_t i = 1; i < n; i += 3) {
        a->remove(pool, ids[i]);
    }
    for (size_t i = 0; i < n / 4; ++i) {
        a->add_random(a, pool, &rng, NULL);
    }
    a->step(pool, 1.0f / 60.0f);
    return pool;
}

static void reseal(unsigned char *blob, size_t size) {
    if (size < MOTE_SNAPSHOT_CHECKSUM_BYTES) {
        return;
    }
    uint64_t sum = mote_snapshot_checksum(blob, size - MOTE_SNAPSHOT_CHECKSUM_BYTES);
    for (int i = 0; i < 8; ++i) {
        blob[size - 8 + i] = (unsigned char)(sum >> (8 * i));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) {
        return 0;
    }
    size_t count;
    const pool_adapter *const *all = pool_adapters_all(&count);
    const pool_adapter *a = all[data[0] % count];
    const uint8_t mode = data[1];
    unsigned char *blob = NULL;
    size_t blob_size = 0;
    if ((mode & 1) == 0) {
        blob_size = size - 2 < MAX_BLOB ? size - 2 : MAX_BLOB;
        blob = malloc(blob_size + 1);
        memcpy(blob, data + 2, blob_size);
    } else {
        const size_t n = size > 2 ? data[2] % 64 : 0;
        void *source = build(a, n, n + 1);
        blob_size = a->snapshot_size(source);
        blob = malloc(blob_size);
        size_t written = 0;
        if (a->save(source, blob, blob_size, &written) != MOTE_OK || written != blob_size) {
            broken(a, "save of a built pool failed");
        }
        a->destroy(source);
        for (size_t at = 4; at + 3 <= size; at += 3) {
            const size_t position = ((size_t)data[at] | (size_t)data[at + 1] << 8) % blob_size;
            blob[position] ^= data[at + 2];
        }
        if (size > 3 && (data[3] & 1)) {
            blob_size = blob_size * data[3] / 256;
        }
    }
    if (mode & 2) {
        reseal(blob, blob_size);
    }

    void *target = build(a, 10, 99);
    const uint64_t hash = pool_adapter_hash(a, target);
    const size_t before_count = a->count(target), before_capacity = a->capacity(target);
    const mote_id first = a->id_at(target, 0);
    const mote_status status = a->restore(target, blob, blob_size);
    if (status == MOTE_OK) {
        if (!pool_adapter_ids_consistent(a, target)) {
            broken(a, "accepted a blob whose ids are inconsistent");
        }
        if (a->validate(target, NULL) != MOTE_OK) {
            broken(a, "accepted a blob with non-finite data");
        }
        if (a->snapshot_size(target) != blob_size) {
            broken(a, "the restored pool's snapshot size is not the blob's");
        }
        unsigned char *again = malloc(blob_size);
        size_t written = 0;
        if (a->save(target, again, blob_size, &written) != MOTE_OK || written != blob_size ||
            memcmp(again, blob, blob_size) != 0) {
            broken(a, "saving the restored pool does not give the blob back");
        }
        free(again);
        if (a->step(target, 1.0f / 30.0f) != MOTE_OK) {
            broken(a, "the restored pool does not step");
        }
        static const float dts[] = {1.0f / 30.0f, 1.0f / 240.0f, 1.0f / 60.0f, 0.1f,
                                    1e-4f,        0.25f,         1.0f,         0.0123f};
        for (unsigned k = 0; k < STEPS_AFTER; ++k) {
            const float dt = dts[(data[k % size] + k) % (sizeof dts / sizeof dts[0])];
            if (a->step(target, dt) != MOTE_OK) {
                broken(a, "the restored pool refused a step");
            }
        }
        if (a->validate(target, NULL) != MOTE_OK) {
            broken(a, "an accepted blob stepped to NaN or infinity");
        }
    } else if (status == MOTE_ERROR_CORRUPT_SNAPSHOT) {
        if (pool_adapter_hash(a, target) != hash || a->count(target) != before_count ||
            a->capacity(target) != before_capacity || !a->contains(target, first)) {
            broken(a, "a refused blob changed the pool");
        }
    } else {
        broken(a, mote_status_name(status));
    }
    a->destroy(target);
    free(blob);
    return 0;
}
