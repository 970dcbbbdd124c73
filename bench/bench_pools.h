/* The pool benchmarks every kind shares: <name>/<backend>/<count> for every backend this
 * build and CPU run (scalar is the reference) at 1024, 16384, 65536 and 1048576 elements. A
 * kind says only how to make its pool, its elements and its step (bench_<kind>.c, one
 * bench_pool_kind); the pool kept alive between benchmarks, its initial state, the restore
 * every BENCH_RESTORE_PERIOD steps and the registration are here, over the kind record. */
#ifndef MOTE_BENCH_POOLS_H
#define MOTE_BENCH_POOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/backend.h"
#include "mote/base.h"
#include "kinds.h"
#include "mote/tasks.h"

typedef struct bench_pool_kind {
    const char *name; /* the benchmark names' first part: "movers", "debris" */
    /* Creates an empty pool on backend with room for capacity elements. */
    mote_status (*create)(mote_backend backend, size_t capacity, void **pool);
    void (*destroy)(void *pool);
    /* Adds the element with this index (the same one on every backend). */
    mote_status (*add)(void *pool, size_t index);
    /* Puts the kind's per-run inputs back (a station spin restarted, ...); may be NULL. */
    void (*reset)(void *pool);
    /* One frame: inputs for this step, then the pool's step; with tasks NULL on this thread,
     * else the pool's parallel step on them. */
    bool (*step)(void *pool, const mote_task_system *tasks);
    size_t bytes_per_element; /* memory one step moves per element: the bytes reported */
} bench_pool_kind;

/* Registers name/<backend>/<count> for every runnable backend and size, and the parallel step
 * on the detected backend, timed by the wall clock, at 16384, 65536 and 1048576:
 * name/<best>_openmp/<count> (mote_openmp_task_system(), where this build has OpenMP) and
 * name/<best>_workers/<count> (mote_workers on every online CPU, where there are two or more). */
void bench_register_pool_cases(const bench_pool_kind *kind);

/* Frees the pool kept alive between benchmarks. */
void bench_pools_release(void);

/* The kinds (bench_movers.c, bench_debris.c, bench_launch.c, ...). */
/* The pool kinds other layers name (bench_snapshot.c saves one pool of each). */
extern const bench_pool_kind bench_mover_kind;
extern const bench_pool_kind bench_debris_kind;
extern const bench_pool_kind bench_flight_kind;
extern const bench_pool_kind bench_docking_kind;
extern const bench_pool_kind bench_launch_kind;
extern const bench_pool_kind bench_stage_kind;
extern const bench_pool_kind bench_orientation_control_kind;

/* Each kind's benchmarks, one function per row of the registry (kinds.h): the springs' in
 * bench_cases.c, every other kind's in engine/kinds/<kind>/<kind>_bench.c. */
#define BENCH_DECLARE_KIND_CASES(name, number, kernels) void bench_register_##name##_cases(void);
MOTE_KINDS(BENCH_DECLARE_KIND_CASES, MOTE_KIND_NO_KERNEL)
#undef BENCH_DECLARE_KIND_CASES

#endif
