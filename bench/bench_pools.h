/* The pool benchmarks every kind shares: <name>/<backend>/<count> for every backend this
 * build and CPU run (scalar is the reference) at 1024, 16384, 65536 and 1048576 elements,
 * made from the kinds' probes (engine/kinds/probe.h): a probe's bench name, its variants, its
 * seeded elements, its frame inputs and step. The pool kept alive between benchmarks, its
 * initial state, the restore every BENCH_RESTORE_PERIOD steps and the registration are here,
 * for every kind alike. */
#ifndef MOTE_BENCH_POOLS_H
#define MOTE_BENCH_POOLS_H

#include <stddef.h>

#include "mote/base.h"
#include "probe.h"

/* The seed of every benchmark pool's elements (probe_filled_pool: a fixed stream from element 0
 * up). */
#define BENCH_POOL_SEED 0x6d6f74652d62656eull /* "mote-ben" */

/* Registers, for every probe with a bench name, <name>/<backend>/<count> for every runnable
 * backend and size (each variant as <name>/<variant>/... where the probe benches each), and
 * the parallel step on the detected backend, timed by the wall clock, at 16384, 65536 and
 * 1048576: <name>/<best>_openmp/<count> (mote_openmp_task_system(), where this build has
 * OpenMP) and <name>/<best>_workers/<count> (mote_workers on every online CPU, where there
 * are two or more); and frames/<name>/... (register_frame_cases). */
void bench_register_pool_cases(void);

/* Frees the pool kept alive between benchmarks. */
void bench_pools_release(void);

#endif
