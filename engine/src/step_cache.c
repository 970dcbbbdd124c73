/* The fixed-step cache: a pool's per-element (key, factor) arrays and when steps reuse them. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "step_cache.h"

/* Whether this pool's steps go through the cache at its count now. */
static bool cache_wanted(const mote_pool *pool) {
    const mote_pool_kind *kind = pool->kind;
    mote_step_cache setting =
        kind->step_cache != NULL ? kind->step_cache(pool) : MOTE_STEP_CACHE_OFF;
    if (setting == MOTE_STEP_CACHE_AUTO) {
        return pool->core.count <= MOTE_STEP_CACHE_AUTO_MAX_COUNT;
    }
    return setting == MOTE_STEP_CACHE_ON;
}

void mote_step_cache_release(mote_pool *pool) {
    mote_step_cache_state *c = &pool->step_cache;
    mote_release(&pool->core.allocator, c->key, c->capacity * sizeof(float));
    mote_release(&pool->core.allocator, c->factor, c->capacity * sizeof(float));
    c->key = NULL;
    c->factor = NULL;
    c->capacity = 0;
    c->dt = NAN;
}

void mote_step_cache_forget(mote_pool *pool) {
    pool->step_cache.dt = NAN;
    pool->step_cache.last_dt = NAN;
}

/* Arrays for every element the pool can hold, every key NaN; false when allocation failed
 * (the cache is then empty). */
static bool refill(mote_pool *pool) {
    mote_step_cache_state *c = &pool->step_cache;
    const size_t capacity = pool->core.fields.capacity;
    if (c->capacity < capacity) {
        mote_step_cache_release(pool);
        c->key = mote_allocate(&pool->core.allocator, capacity * sizeof(float));
        c->factor = mote_allocate(&pool->core.allocator, capacity * sizeof(float));
        c->capacity = capacity;
        if (c->key == NULL || c->factor == NULL) {
            mote_step_cache_release(pool);
            return false;
        }
    }
    for (size_t i = 0; i < c->capacity; ++i) {
        c->key[i] = NAN;
    }
    memset(c->factor, 0, c->capacity * sizeof(float));
    return true;
}

void mote_step_cache_plan(mote_pool *pool, float dt, mote_cache_args *args) {
    mote_step_cache_state *c = &pool->step_cache;
    memset(args, 0, sizeof *args);
    const bool repeated = c->last_dt == dt;
    c->last_dt = dt;
    if (!cache_wanted(pool)) { /* the setting off, or AUTO past its count: no memory kept */
        mote_step_cache_release(pool);
        return;
    }
    /* The arrays cover every element (they grow with the fields at the next new dt). */
    bool valid = c->dt == dt && c->capacity >= pool->core.count;
    if (!valid && repeated) {
        valid = refill(pool);
        c->dt = valid ? dt : NAN;
    }
    if (valid) {
        args->use = MOTE_CACHE_REUSE;
        args->key = c->key;
        args->factor = c->factor;
    } else {
        c->dt = NAN;
    }
}
