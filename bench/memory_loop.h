/* The memory-only baseline: the critical spring's access pattern with trivial arithmetic, so
 * its speed at sizes far beyond the caches is what memory allows for that pattern. */
#ifndef MOTE_BENCH_MEMORY_LOOP_H
#define MOTE_BENCH_MEMORY_LOOP_H

#include <stddef.h>

/* Reads x, v, goal and halflife and writes x and v for elements [0, count): x = goal - v and
 * v = x - halflife (old x). Every value repeats after four calls, so it never drifts. */
void bench_memory_critical(float *restrict x, float *restrict v, const float *restrict goal,
                           const float *restrict halflife, size_t count);

#endif
