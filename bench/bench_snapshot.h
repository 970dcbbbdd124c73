/* The snapshot benchmarks: snapshot/<kind>/save|restore|memcpy/<count> for the spring, mover
 * and debris pools at 1024, 65536 and 1048576 elements. */
#ifndef MOTE_BENCH_SNAPSHOT_H
#define MOTE_BENCH_SNAPSHOT_H

#include "bench_shim.h"

/* Registers the snapshot benchmarks. */
void bench_register_snapshot_cases(void);

/* Frees the pool and buffers the snapshot benchmarks keep alive, if any. */
void bench_snapshot_release(void);

#endif
