/* Snapshots per pool kind and size: snapshot/<kind>/save/<count> (save into a buffer),
 * snapshot/<kind>/restore/<count> (restore that buffer into the pool, every check included)
 * and, in the same run, snapshot/<kind>/memcpy/<count>: a plain memcpy of the same number of
 * bytes, the speed a snapshot is read against. Every case reports the snapshot's bytes, so
 * the bytes/s columns compare directly (the target: save and restore at >= 50% of
 * memcpy at 1M elements). Every pool kind, its pool made from its probe's main variant and
 * elements (bench_pools.h) and given a history: see churn. */
#include "bench_snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_buffers.h"
#include "bench_pools.h"
#include "pool.h"
#include "pool_snapshot.h"

static const size_t snapshot_counts[] = {1024, 65536, 1048576};

/* One kind: its probe, whose main variant's pool is saved and restored. */
typedef struct snapshot_kind {
    const char *name; /* snapshot/<name>/...: the kind's registry name */
    const mote_probe *probe;
} snapshot_kind;

#define MAX_SNAPSHOT_KINDS 32
static snapshot_kind kinds[MAX_SNAPSHOT_KINDS];
static size_t kind_count;

/* One element in REMOVE_EVERY is removed (churn). */
#define REMOVE_EVERY 16

/* A pool of count elements with a history: count + count / REMOVE_EVERY added, then the
 * elements at dense index 1, 1 + REMOVE_EVERY, 1 + 2 REMOVE_EVERY, ... removed, each hole
 * filled by the pool's last element (removal swaps it in) and each slot put on the free list.
 * The id table then has count / REMOVE_EVERY free slots and the dense order is no longer the
 * slot order, as in a pool a game has been adding to and removing from. NULL when it fails. */
static void *churn(const snapshot_kind *kind, size_t count) {
    const size_t extra = count / REMOVE_EVERY;
    const mote_probe *probe = kind->probe;
    mote_pool *pool = NULL;
    mote_status status =
        probe_filled_pool(probe, &probe->variants[probe->main_variant], MOTE_BACKEND_AUTO,
                          count + extra, BENCH_POOL_SEED, &pool);
    for (size_t r = 0; r < extra && status == MOTE_OK; ++r) {
        status = mote_pool_remove(pool, probe->record,
                                  mote_pool_id_at(pool, probe->record, 1 + REMOVE_EVERY * r));
    }
    if (status != MOTE_OK) {
        mote_pool_destroy(pool, probe->record); /* NULL when making it failed: ignored */
        return NULL;
    }
    return pool;
}

/* The pool and buffers of the kind and size last run (kept between the three cases). */
typedef struct snapshot_set {
    const snapshot_kind *kind;
    size_t count;
    void *pool;
    unsigned char *blob; /* the pool's snapshot */
    unsigned char *copy; /* memcpy's destination */
    size_t size;
} snapshot_set;

static snapshot_set current;

void bench_snapshot_release(void) {
    if (current.pool != NULL) {
        mote_pool_destroy(current.pool, current.kind->probe->record);
    }
    bench_buffer_free(current.blob, current.size);
    bench_buffer_free(current.copy, current.size);
    memset(&current, 0, sizeof current);
}

static snapshot_set *acquire(const snapshot_kind *kind, size_t count) {
    if (current.pool != NULL && current.kind == kind && current.count == count) {
        return &current;
    }
    bench_snapshot_release();
    current.kind = kind;
    current.count = count;
    current.pool = churn(kind, count);
    if (current.pool == NULL) {
        return NULL;
    }
    current.size = mote_pool_snapshot_size(current.pool, kind->probe->record);
    current.blob = bench_buffer_alloc(current.size); /* the pools' kind of memory */
    current.copy = bench_buffer_alloc(current.size);
    size_t written;
    if (current.blob == NULL || current.copy == NULL ||
        mote_pool_save(current.pool, kind->probe->record, current.blob, current.size, &written) !=
            MOTE_OK) {
        bench_snapshot_release();
        return NULL;
    }
    /* touch every page of both buffers before timing, and restore once: the first restore
     * allocates the pool's spare storage (and faults its pages in), which a game that
     * snapshots every frame pays once, not per frame */
    memcpy(current.copy, current.blob, current.size);
    if (mote_pool_restore(current.pool, kind->probe->record, current.blob, current.size) !=
        MOTE_OK) {
        bench_snapshot_release();
        return NULL;
    }
    return &current;
}

typedef enum snapshot_what { WHAT_SAVE, WHAT_RESTORE, WHAT_MEMCPY, WHAT_COUNT } snapshot_what;
static const char *const what_names[WHAT_COUNT] = {"save", "restore", "memcpy"};

typedef struct snapshot_case {
    const snapshot_kind *kind;
    snapshot_what what;
} snapshot_case;

static snapshot_case cases[MAX_SNAPSHOT_KINDS][WHAT_COUNT];

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const snapshot_case *c = user;
    snapshot_set *set = acquire(c->kind, (size_t)arg);
    if (set == NULL) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    size_t written = 0;
    while (mote_bench_keep_running(state)) {
        mote_status status = MOTE_OK;
        switch (c->what) {
        case WHAT_SAVE:
            status =
                mote_pool_save(set->pool, c->kind->probe->record, set->blob, set->size, &written);
            break;
        case WHAT_RESTORE:
            status = mote_pool_restore(set->pool, c->kind->probe->record, set->blob, set->size);
            break;
        default:
            memcpy(set->copy, set->blob, set->size);
            break;
        }
        if (status != MOTE_OK) {
            mote_bench_skip_with_error(state, mote_status_name(status));
            break;
        }
    }
    mote_bench_set_items_processed(state, mote_bench_iterations(state) * arg);
    mote_bench_set_bytes_processed(state, mote_bench_iterations(state) * (int64_t)set->size);
}

void bench_register_snapshot_cases(void) {
    size_t probe_count = 0;
    const mote_probe *const *probes = mote_probes(&probe_count);
    for (kind_count = 0; kind_count < probe_count && kind_count < MAX_SNAPSHOT_KINDS;
         ++kind_count) {
        kinds[kind_count] = (snapshot_kind){probes[kind_count]->record->name, probes[kind_count]};
    }
    for (size_t k = 0; k < kind_count; ++k) {
        for (size_t n = 0; n < sizeof snapshot_counts / sizeof snapshot_counts[0]; ++n) {
            for (int w = 0; w < WHAT_COUNT; ++w) {
                cases[k][w] = (snapshot_case){&kinds[k], (snapshot_what)w};
                char name[64];
                snprintf(name, sizeof name, "snapshot/%s/%s/%zu", kinds[k].name, what_names[w],
                         snapshot_counts[n]);
                mote_bench_register(name, run_case, &cases[k][w], (int64_t)snapshot_counts[n]);
            }
        }
    }
}
