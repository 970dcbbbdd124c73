/* Internal: how the ready OpenMP task system divides a step between its workers.
 *
 * One contiguous range per worker, so each worker steps the same part of a pool every frame
 * and finds it in its own core's cache (a schedule that hands ranges to whichever worker is
 * free moves them between cores every step: measured 1.5x slower at 64k springs). The sizes
 * of the ranges follow each worker's measured speed, so a core that is slower (a busy
 * neighbour on a VM, a small core) gets less and nobody waits for it: the shares are learnt
 * from the time every worker took on its last ranges, as an average over recent steps. Any
 * split gives the same bits (every kernel is element-wise), so the shares only move time. */
#ifndef MOTE_WORKER_SHARES_H
#define MOTE_WORKER_SHARES_H

#include <stddef.h>

/* Workers whose speed is learnt; more run equal shares. */
#define MOTE_SHARES_MAX_WORKERS 64

/* A learnt share never falls below this fraction of an equal share, so a worker slowed once
 * by the OS keeps some work and is measured again. */
#define MOTE_SHARES_FLOOR 0.25

/* How many of `workers` a step of item_count items uses: never a range shorter than min_range
 * (but the last), at most MOTE_SHARES_MAX_WORKERS, at least 1. */
int mote_shares_worker_count(size_t item_count, size_t min_range, int workers);

/* Splits [0, item_count) into `workers` contiguous ranges, bounds[0] = 0 <= bounds[1] <= ... <=
 * bounds[workers] = item_count, worker w taking [bounds[w], bounds[w + 1]), in proportion to
 * the learnt shares; every range holds at least min_range items when item_count >= workers *
 * min_range (the caller's choice of workers ensures it). */
void mote_shares_split(size_t item_count, size_t min_range, int workers, size_t *bounds);

/* Learns from one split: worker w stepped bounds[w + 1] - bounds[w] items in seconds[w]. A
 * worker without items or time teaches nothing. Safe to call from any thread (the shares are
 * atomics; concurrent steps may mix their lessons, never corrupt them). */
void mote_shares_learn(int workers, const size_t *bounds, const double *seconds);

/* Forgets every learnt share (tests). */
void mote_shares_reset(void);

#endif
