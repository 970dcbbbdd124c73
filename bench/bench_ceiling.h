/* The host's own two-core ceiling, measured beside the pools: loops whose elements share
 * nothing, stepped on one core and on each ready task system, so a pool kind's parallel row
 * can be read against what this host gives two busy cores in the same run (a vCPU that runs
 * faster while its neighbour idles shows here, not in the split). */
#ifndef MOTE_BENCH_CEILING_H
#define MOTE_BENCH_CEILING_H

/* Registers ceiling/compute/loop<suffix>/<n> (a chain of 32 multiply-adds per element, in
 * registers: bound by the core) and ceiling/memory/loop<suffix>/<n> (the memory-only
 * kernel's traffic, memory_loop.h: bound by the caches or DRAM) at 1k, 16k, 64k, 1M and 8M
 * elements, serially and on every ready task system (bench_tasks.h; wall-clock rates). */
void bench_register_ceiling_cases(void);

/* Frees the loops' buffers (at exit). */
void bench_ceiling_release(void);

#endif
