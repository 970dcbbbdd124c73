/* The memory-only baseline: the critical spring's access pattern with trivial arithmetic, so
 * its speed at sizes far beyond the caches is what memory allows for that pattern. */
#ifndef MOTE_BENCH_MEMORY_LOOP_H
#define MOTE_BENCH_MEMORY_LOOP_H

#include <stddef.h>

/* Reads x, v, goal and halflife and writes x and v for elements [0, count): x = goal - v and
 * v = x - halflife (old x). Every value repeats after four calls, so it never drifts. */
void bench_memory_critical(float *restrict x, float *restrict v, const float *restrict goal,
                           const float *restrict halflife, size_t count);

/* The fixed-step fast path's access pattern (issue 15): bench_memory_critical's, plus the
 * step cache's two arrays read (key, factor; one float each per element). v = x - halflife -
 * (key - factor) (old x): with key and factor equal, as the benchmark fills them, the values
 * repeat as bench_memory_critical's do. A cached kernel moves the same bytes and computes
 * too, so it runs at about this speed at best (94-103% of it measured on Zen 4 at 16k). */
void bench_memory_critical_cached(float *restrict x, float *restrict v, const float *restrict goal,
                                  const float *restrict halflife, const float *restrict key,
                                  const float *restrict factor, size_t count);

#endif
