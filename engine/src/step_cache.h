/* Internal: the fixed-step cache of the shared pool layer (pool_kind.h, mote_cache_args):
 * when a step may reuse the cached factors, and the arrays behind them. */
#ifndef MOTE_STEP_CACHE_H
#define MOTE_STEP_CACHE_H

#include "pool.h"

/* Chooses how the step of [begin, end) by dt (s, the advanced seconds, > 0) uses the cache
 * and fills args for the kernel: MOTE_CACHE_REUSE from the second consecutive step at one dt
 * (allocating the arrays then, every key NaN, when the dt is new to the cache), else
 * MOTE_CACHE_UNUSED (the first step at a dt, the setting off, or an allocation that failed:
 * the step then runs the general path, with the same bits). A pool that does not cache now
 * (OFF, or AUTO past MOTE_STEP_CACHE_AUTO_MAX_COUNT) frees the arrays. */
void mote_step_cache_plan(mote_pool *pool, float dt, mote_cache_args *args);

/* Forgets every cached factor (a new backend, a restored snapshot): the next steps start
 * again as at creation. */
void mote_step_cache_forget(mote_pool *pool);

/* Frees the arrays. */
void mote_step_cache_release(mote_pool *pool);

#endif
