/* Snapshots per pool kind and size: snapshot/<kind>/save/<count> (save into a buffer),
 * snapshot/<kind>/restore/<count> (restore that buffer into the pool, every check included)
 * and, in the same run, snapshot/<kind>/memcpy/<count>: a plain memcpy of the same number of
 * bytes, the speed a snapshot is read against. Every case reports the snapshot's bytes, so
 * the bytes/s columns compare directly (the target: save and restore at >= 50% of
 * memcpy at 1M elements). The pools: critical springs, default movers, default debris, each
 * with one element in 16 removed (so the id table has a free list). */
#include "bench_snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mote/debris_pool.h"
#include "mote/mover_pool.h"
#include "mote/spring_pool.h"

static const size_t snapshot_counts[] = {1024, 65536, 1048576};

/* One kind through its public API. */
typedef struct snapshot_kind {
    const char *name;
    void *(*create)(size_t count); /* a filled pool, or NULL */
    void (*destroy)(void *pool);
    size_t (*size)(const void *pool);
    mote_status (*save)(const void *pool, void *buffer, size_t size, size_t *written);
    mote_status (*restore)(void *pool, const void *buffer, size_t size);
} snapshot_kind;

#define REMOVE_EVERY 16

static void *create_springs(size_t count) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = count;
    mote_spring_pool *pool = NULL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        return NULL;
    }
    mote_id id;
    for (size_t i = 0; i < count; ++i) {
        mote_spring_desc d = mote_default_spring_desc();
        d.x = (float)i;
        d.goal = (float)(i % 100);
        if (mote_spring_pool_add(pool, &d, &id) != MOTE_OK ||
            (i % REMOVE_EVERY == 1 && mote_spring_pool_remove(pool, id) != MOTE_OK)) {
            mote_spring_pool_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

static void *create_movers(size_t count) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.capacity = count;
    mote_mover_pool *pool = NULL;
    if (mote_mover_pool_create(&def, &pool) != MOTE_OK) {
        return NULL;
    }
    mote_id id;
    for (size_t i = 0; i < count; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        d.state.position = (mote_vec2){(float)(i % 1000), (float)(i / 1000)};
        d.desired_velocity = (mote_vec2){1.0f, 0.5f};
        if (mote_mover_pool_add(pool, &d, &id) != MOTE_OK ||
            (i % REMOVE_EVERY == 1 && mote_mover_pool_remove(pool, id) != MOTE_OK)) {
            mote_mover_pool_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

static void *create_debris(size_t count) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = count;
    mote_debris_pool *pool = NULL;
    if (mote_debris_pool_create(&def, &pool) != MOTE_OK) {
        return NULL;
    }
    mote_id id;
    for (size_t i = 0; i < count; ++i) {
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = (mote_vec3){(float)(i % 1000), (float)(i / 1000), 1.0f};
        if (mote_debris_pool_add(pool, &d, &id) != MOTE_OK ||
            (i % REMOVE_EVERY == 1 && mote_debris_pool_remove(pool, id) != MOTE_OK)) {
            mote_debris_pool_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

#define KIND_CALLS(k)                                                                              \
    static void destroy_##k(void *pool) {                                                          \
        mote_##k##_pool_destroy(pool);                                                             \
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

static const snapshot_kind kinds[] = {
    {"spring", create_springs, destroy_spring, size_spring, save_spring, restore_spring},
    {"mover", create_movers, destroy_mover, size_mover, save_mover, restore_mover},
    {"debris", create_debris, destroy_debris, size_debris, save_debris, restore_debris},
};

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
        current.kind->destroy(current.pool);
    }
    free(current.blob);
    free(current.copy);
    memset(&current, 0, sizeof current);
}

static snapshot_set *acquire(const snapshot_kind *kind, size_t count) {
    if (current.pool != NULL && current.kind == kind && current.count == count) {
        return &current;
    }
    bench_snapshot_release();
    current.kind = kind;
    current.count = count;
    current.pool = kind->create(count);
    if (current.pool == NULL) {
        return NULL;
    }
    current.size = kind->size(current.pool);
    current.blob = malloc(current.size);
    current.copy = malloc(current.size);
    size_t written;
    if (current.blob == NULL || current.copy == NULL ||
        kind->save(current.pool, current.blob, current.size, &written) != MOTE_OK) {
        bench_snapshot_release();
        return NULL;
    }
    /* touch every page of both buffers before timing */
    memcpy(current.copy, current.blob, current.size);
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
