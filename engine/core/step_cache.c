/* The fixed-step cache: a pool's per-element (key, factor) arrays, when steps reuse them, and
 * AUTO's trial of which path is faster. */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#endif
#include <math.h>
#include <string.h>
#include <time.h>

#include "allocator.h"
#include "step_cache.h"

/* Timed steps of each path before AUTO chooses: the fastest of three, so one step slowed by an
 * interrupt or a busy neighbour does not decide. */
#define TRIAL_SAMPLES 3

/* The setting this pool's steps follow (OFF for a kind without the cache). */
static mote_step_cache setting_of(const mote_pool *pool) {
    const mote_pool_kind *kind = pool->kind;
    return kind->step_cache != NULL ? kind->step_cache(pool) : MOTE_STEP_CACHE_OFF;
}

/* Seconds on a clock that only goes forward. */
static double seconds_now(void) {
    struct timespec t;
#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &t);
#else
    timespec_get(&t, TIME_UTC);
#endif
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A trial for a pool of count elements, nothing timed yet. */
static void trial_begin(mote_step_cache_trial *t, size_t count) {
    t->best[0] = INFINITY;
    t->best[1] = INFINITY;
    t->samples[0] = 0;
    t->samples[1] = 0;
    t->arm = -1;
    t->choice = -1;
    t->count = count;
    t->start = 0.0;
}

/* True when the trial (under way or decided) was for a pool of about count elements: from half
 * to twice the count it began at. */
static bool trial_fits(const mote_step_cache_trial *t, size_t count) {
    return t->count > 0 && count <= 2 * t->count && 2 * count >= t->count;
}

void mote_step_cache_release(mote_pool *pool) {
    mote_step_cache_state *c = &pool->step_cache;
    mote_release(&pool->core.allocator, c->key, c->capacity * sizeof(float));
    mote_release(&pool->core.allocator, c->factor, c->capacity * sizeof(float));
    c->key = NULL;
    c->factor = NULL;
    c->capacity = 0;
    c->filled = 0;
    c->dt = NAN;
}

void mote_step_cache_forget(mote_pool *pool) {
    pool->step_cache.dt = NAN;
    pool->step_cache.last_dt = NAN;
    trial_begin(&pool->step_cache.trial, 0); /* a new backend or state: try again */
}

/* Makes the slots [filled, count rounded up to MOTE_PAD_ELEMENTS) hold NaN keys (count <=
 * capacity, a multiple of it): the arrays' pages are written as the count reaches them. */
static void fill_to(mote_step_cache_state *c, size_t count) {
    const size_t to = (count + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS * MOTE_PAD_ELEMENTS;
    for (size_t i = c->filled; i < to; ++i) {
        c->key[i] = NAN;
        c->factor[i] = 0.0f;
    }
    if (to > c->filled) {
        c->filled = to;
    }
}

/* Arrays for every element the pool can hold, every key up to its count NaN (the rest as the
 * count reaches it); false when allocation failed (the cache is then empty). */
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
    c->filled = 0;
    fill_to(c, pool->core.count);
    return true;
}

void mote_step_cache_plan(mote_pool *pool, float dt, mote_cache_args *args) {
    mote_step_cache_state *c = &pool->step_cache;
    mote_step_cache_trial *t = &c->trial;
    memset(args, 0, sizeof *args);
    const bool repeated = c->last_dt == dt;
    c->last_dt = dt;
    t->arm = -1;
    const mote_step_cache setting = setting_of(pool);
    const size_t count = pool->core.count;
    const bool trying = setting == MOTE_STEP_CACHE_AUTO && count <= MOTE_STEP_CACHE_AUTO_MAX_COUNT;
    if (!trying) {
        trial_begin(t, 0); /* back to AUTO later: a fresh trial */
    } else if (!trial_fits(t, count)) {
        trial_begin(t, count);
    }
    /* not cached now (OFF, AUTO past its count, AUTO having found the general path faster):
     * no memory kept */
    const bool cached_now = setting == MOTE_STEP_CACHE_ON || (trying && t->choice != 0);
    if (!cached_now) {
        mote_step_cache_release(pool);
        return;
    }
    /* The arrays cover every element (they grow with the fields at the next new dt). */
    bool valid = c->dt == dt && c->capacity >= count;
    bool refilled = false;
    if (!valid && repeated) {
        valid = refill(pool);
        refilled = valid;
        c->dt = valid ? dt : NAN;
    }
    if (!valid) {
        c->dt = NAN;
        return;
    }
    fill_to(c, count); /* slots the count has reached since */
    bool reuse = true;
    /* a trial times the path with fewer samples, the cached one first; not a refilling step,
     * whose kernel computes and stores every factor */
    if (trying && t->choice < 0 && !refilled) {
        t->arm = t->samples[1] <= t->samples[0] ? 1 : 0;
        t->start = seconds_now();
        reuse = t->arm == 1; /* the general path keeps the arrays, valid, for the next turn */
    }
    if (reuse) {
        args->use = MOTE_CACHE_REUSE;
        args->key = c->key;
        args->factor = c->factor;
    }
}

void mote_step_cache_record_trial(mote_pool *pool, double seconds_per_element) {
    mote_step_cache_trial *t = &pool->step_cache.trial;
    if (t->arm < 0) {
        return;
    }
    if (seconds_per_element < t->best[t->arm]) {
        t->best[t->arm] = seconds_per_element;
    }
    t->samples[t->arm] += 1;
    t->arm = -1;
    if (t->samples[0] >= TRIAL_SAMPLES && t->samples[1] >= TRIAL_SAMPLES) {
        t->choice = t->best[1] < t->best[0] ? 1 : 0;
    }
}

void mote_step_cache_finish(mote_pool *pool, size_t elements) {
    mote_step_cache_trial *t = &pool->step_cache.trial;
    if (t->arm >= 0 && elements > 0) {
        mote_step_cache_record_trial(pool, (seconds_now() - t->start) / (double)elements);
    }
}
