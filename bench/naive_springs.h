/* The naive baseline: an array of structs (one mote_spring_desc per spring) stepped one
 * element at a time in plain scalar C with libm, the way a user writes it. Compiled with the
 * project's normal flags (-O3 -ffp-contract=off, no -ffast-math), so GCC cannot vectorize
 * expf. */
#ifndef MOTE_BENCH_NAIVE_SPRINGS_H
#define MOTE_BENCH_NAIVE_SPRINGS_H

#include <stddef.h>

#include "mote/spring_pool.h"

/* Steps springs[0 .. count) of one kind by dt seconds. */
void bench_naive_step(mote_spring_kind kind, mote_spring_desc *springs, size_t count, float dt);

#endif
