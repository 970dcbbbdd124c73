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
 * (OFF, AUTO past MOTE_STEP_CACHE_AUTO_MAX_COUNT, or AUTO once its trial found the general
 * path faster) frees the arrays.
 *
 * AUTO's trial: while a pool within the count limit has not chosen, its steps at a repeated
 * dt (after the one that fills the arrays) alternate between the two paths, each timed, until
 * each has TRIAL_SAMPLES (3) steps; then the pool keeps the path whose fastest step took
 * less per element. It tries again when its count leaves half to twice the count the trial
 * began at, and after mote_step_cache_forget or a setting other than AUTO. Either path gives
 * the same bits, so the choice changes only speed and memory. */
void mote_step_cache_plan(mote_pool *pool, float dt, mote_cache_args *args);

/* After the step planned last by mote_step_cache_plan ran over elements elements: times it
 * when it was a trial's step. */
void mote_step_cache_finish(mote_pool *pool, size_t elements);

/* Records that the trial's step under way took seconds_per_element (s per element) and chooses
 * once both paths have their samples; nothing when the step was not a trial's.
 * mote_step_cache_finish calls it with the measured time; tests with their own. */
void mote_step_cache_record_trial(mote_pool *pool, double seconds_per_element);

/* Forgets every cached factor (a new backend, a restored snapshot): the next steps start
 * again as at creation. */
void mote_step_cache_forget(mote_pool *pool);

/* Frees the arrays. */
void mote_step_cache_release(mote_pool *pool);

#endif
