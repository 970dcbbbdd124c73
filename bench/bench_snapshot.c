/* Snapshots per pool kind and size: snapshot/<kind>/save/<count> (save into a buffer),
 * snapshot/<kind>/restore/<count> (restore that buffer into the pool, every check included)
 * and, in the same run, snapshot/<kind>/memcpy/<count>: a plain memcpy of the same number of
 * bytes, the speed a snapshot is read against. Every case reports the snapshot's bytes, so
 * the bytes/s columns compare directly (the target: save and restore at >= 50% of
 * memcpy at 1M elements). Every pool kind, its pool made by the kind's record of the shared
 * pool benchmarks (bench_pools.h; critical springs here) and given a history: see churn. */
#include "bench_snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_buffers.h"
#include "bench_pools.h"
#include "mote/debris_pool.h"
#include "mote/docking_pool.h"
#include "mote/flight_pool.h"
#include "mote/launch_pool.h"
#include "mote/mover_pool.h"
#include "mote/orientation_pool.h"
#include "mote/spring_pool.h"
#include "mote/stage_pool.h"

static const size_t snapshot_counts[] = {1024, 65536, 1048576};

/* One kind: its pool benchmarks' record (create, destroy, add) and its public id and snapshot
 * calls. */
typedef struct snapshot_kind {
    const char *name; /* snapshot/<name>/... */
    const bench_pool_kind *pool;
    mote_id (*id_at)(const void *pool, size_t index);
    mote_status (*remove)(void *pool, mote_id id);
    size_t (*size)(const void *pool);
    mote_status (*save)(const void *pool, void *buffer, size_t size, size_t *written);
    mote_status (*restore)(void *pool, const void *buffer, size_t size);
} snapshot_kind;

/* Critical springs, which the spring benchmarks make from their own arrays. */
static mote_status create_springs(mote_backend backend, size_t capacity, void **pool) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_spring_pool_create(&def, (mote_spring_pool **)pool);
}

static void destroy_springs(void *pool) {
    mote_spring_pool_destroy(pool);
}

static mote_status add_spring(void *pool, size_t i) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = (float)i;
    d.goal = (float)(i % 100);
    return mote_spring_pool_add(pool, &d, NULL);
}

static const bench_pool_kind springs_kind = {
    "springs", create_springs, destroy_springs, add_spring, NULL, NULL, 0,
};

#define KIND_CALLS(k)                                                                              \
    static mote_id id_at_##k(const void *pool, size_t index) {                                     \
        return mote_##k##_pool_id_at(pool, index);                                                 \
    }                                                                                              \
    static mote_status remove_##k(void *pool, mote_id id) {                                        \
        return mote_##k##_pool_remove(pool, id);                                                   \
    }                                                                                              \
    static size_t size_##k(const void *pool) {                                                     \
        return mote_##k##_pool_snapshot_size(pool);                                                \
    }                                                                                              \
    static mote_status save_##k(const void *pool, void *buffer, size_t size, size_t *written) {    \
        return mote_##k##_pool_save(pool, buffer, size, written);                                  \
    }                                                                                              \
    static mote_status restore_##k(void *pool, const void *buffer, size_t size) {                  \
        return mote_##k##_pool_restore(pool, buffer, size);                                        \
    }
KIND_CALLS(spring)
KIND_CALLS(mover)
KIND_CALLS(debris)
KIND_CALLS(flight)
KIND_CALLS(docking)
KIND_CALLS(launch)
KIND_CALLS(stage)
KIND_CALLS(orientation)

#define KIND(k, record)                                                                            \
    { #k, record, id_at_##k, remove_##k, size_##k, save_##k, restore_##k }
static const snapshot_kind kinds[] = {
    KIND(spring, &springs_kind),        KIND(mover, &bench_mover_kind),
    KIND(debris, &bench_debris_kind),   KIND(flight, &bench_flight_kind),
    KIND(docking, &bench_docking_kind), KIND(launch, &bench_launch_kind),
    KIND(stage, &bench_stage_kind),     KIND(orientation, &bench_orientation_control_kind),
};

/* One element in REMOVE_EVERY is removed (churn). */
#define REMOVE_EVERY 16

/* A pool of count elements with a history: count + count / REMOVE_EVERY added, then the
 * elements at dense index 1, 1 + REMOVE_EVERY, 1 + 2 REMOVE_EVERY, ... removed, each hole
 * filled by the pool's last element (removal swaps it in) and each slot put on the free list.
 * The id table then has count / REMOVE_EVERY free slots and the dense order is no longer the
 * slot order, as in a pool a game has been adding to and removing from. NULL when it fails. */
static void *churn(const snapshot_kind *kind, size_t count) {
    const size_t extra = count / REMOVE_EVERY;
    void *pool = NULL;
    if (kind->pool->create(MOTE_BACKEND_AUTO, count + extra, &pool) != MOTE_OK) {
        return NULL;
    }
    mote_status status = MOTE_OK;
    for (size_t i = 0; i < count + extra && status == MOTE_OK; ++i) {
        status = kind->pool->add(pool, i);
    }
    for (size_t r = 0; r < extra && status == MOTE_OK; ++r) {
        status = kind->remove(pool, kind->id_at(pool, 1 + REMOVE_EVERY * r));
    }
    if (status != MOTE_OK) {
        kind->pool->destroy(pool);
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
        current.kind->pool->destroy(current.pool);
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
    current.size = kind->size(current.pool);
    current.blob = bench_buffer_alloc(current.size); /* the pools' kind of memory */
    current.copy = bench_buffer_alloc(current.size);
    size_t written;
    if (current.blob == NULL || current.copy == NULL ||
        kind->save(current.pool, current.blob, current.size, &written) != MOTE_OK) {
        bench_snapshot_release();
        return NULL;
    }
    /* touch every page of both buffers before timing, and restore once: the first restore
     * allocates the pool's spare storage (and faults its pages in), which a game that
     * snapshots every frame pays once, not per frame */
    memcpy(current.copy, current.blob, current.size);
    if (kind->restore(current.pool, current.blob, current.size) != MOTE_OK) {
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

static snapshot_case cases[sizeof kinds / sizeof kinds[0]][WHAT_COUNT];

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
            status = c->kind->save(set->pool, set->blob, set->size, &written);
            break;
        case WHAT_RESTORE:
            status = c->kind->restore(set->pool, set->blob, set->size);
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
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
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
