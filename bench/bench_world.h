/* The world benchmark: nine small pools (each kind's, and a second spring model), each at its
 * kind's parallel threshold so that alone it steps on the calling thread, stepped as one world
 * and one by one, serially and on mote's workers, in the same run:
 * world/step/nine_small/<world|one_by_one><_workers>/real_time. */
#ifndef MOTE_BENCH_WORLD_H
#define MOTE_BENCH_WORLD_H

#include "bench_shim.h"

/* Registers the world benchmarks. */
void bench_register_world_cases(void);

/* Frees the pools and worlds the world benchmarks keep alive, if any. */
void bench_world_release(void);

#endif
