/* mote: a world, the pools of one game stepped together.
 *
 * A world holds pools of any kind, joined in an order, and steps them all with one call under
 * one step policy on one task system: one clock for every pool (no pool falls behind the
 * others after a long frame), and the ranges of every pool split across the workers in one
 * fork and join, so many small pools use every core where each alone would stay on one.
 *
 * Step policy (docs/world.md says why):
 * - The world's max_dt replaces each joined pool's own max_dt: a step of dt advances every
 *   joined pool by the same min(dt, max_dt, MOTE_MAX_STEP_DT) seconds.
 * - A pool whose kind cannot take that in one step (its own limit: a mover's max_substep *
 *   MOTE_MOVER_MAX_SUBSTEPS, an orientation controller's substep * max_substeps, ...) takes it
 *   in n equal sub-steps, n the fewest whose length its kind advances in full, at most the
 *   def's max_substeps (past it, the pool advances n sub-steps of its kind's limit).
 * - Everything else is the pool's own: its kind's settings, its backend, its internal
 *   sub-steps, its step cache. A pool's max_dt is kept and applies again when it leaves.
 * - A pool stepped by the world gives the same bits as the same pool stepped alone by the same
 *   sub-steps (for a dt within its limits: by the same dt), on any task system.
 *
 * Pools join and leave through typed functions, one pair per kind (a spring pool cannot be
 * passed as a mover pool); in C, mote_world_join(world, pool) and mote_world_leave(world,
 * pool) pick the pair from the pool's type. A pool belongs to at most one world: joining it
 * to a second world, or twice to one, is refused. Destroying a joined pool makes it leave its
 * world first. Destroying a world leaves its pools as they are (not destroyed, in no world).
 *
 * Thread safety: a world is used by one thread at a time, and while it steps, nothing else
 * may use its pools. */
#ifndef MOTE_WORLD_H
#define MOTE_WORLD_H

#include "mote/base.h"
#include "mote/debris_pool.h"
#include "mote/docking_pool.h"
#include "mote/flight_pool.h"
#include "mote/launch_pool.h"
#include "mote/mover_pool.h"
#include "mote/orientation_pool.h"
#include "mote/spring_pool.h"
#include "mote/stage_pool.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mote_world mote_world;

/* The most sub-steps a world def may ask a pool to take in one world step. */
#define MOTE_WORLD_MAX_SUBSTEPS 1024

/* How to build a world. Start from mote_default_world_def(). */
typedef struct mote_world_def {
    float max_dt;                  /* s, > 0 (may be INFINITY): every world step is clamped to this,
                                    * for every joined pool alike; default MOTE_DEFAULT_MAX_DT */
    unsigned max_substeps;         /* in [1, MOTE_WORLD_MAX_SUBSTEPS]: the most sub-steps one pool
                                    * takes in a world step; default 256 */
    const mote_task_system *tasks; /* the workers every step runs on (copied at create; the
                                    * system it names must outlive the world); NULL (default):
                                    * the calling thread */
    size_t pool_capacity;          /* pools the world has room for before it grows; default 16 */
    int internal_cookie;           /* set by mote_default_world_def(); leave it alone */
} mote_world_def;

/* The default world definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_world_def mote_default_world_def(void);

/* Creates an empty world from def, its memory from the allocator of mote_set_allocator.
 * Errors: MOTE_ERROR_INVALID_ARGUMENT (def or out NULL, max_dt not > 0, max_substeps outside
 * [1, MOTE_WORLD_MAX_SUBSTEPS], a task system without enqueue or with worker_count 0),
 * MOTE_ERROR_UNINITIALIZED_DEF, MOTE_ERROR_OUT_OF_MEMORY. */
mote_status mote_world_create(const mote_world_def *def, mote_world **out);

/* Frees the world (NULL is ignored). Its pools leave it and are otherwise untouched. */
void mote_world_destroy(mote_world *world);

/* Joins a pool to the world, after the pools already joined (the world steps, saves and
 * reports its pools in join order). Errors: MOTE_ERROR_INVALID_ARGUMENT for a NULL world or
 * pool, or a pool that is already in this world or another one (leave it first),
 * MOTE_ERROR_OUT_OF_MEMORY; nothing changed. */
mote_status mote_world_join_spring_pool(mote_world *world, mote_spring_pool *pool);
mote_status mote_world_join_mover_pool(mote_world *world, mote_mover_pool *pool);
mote_status mote_world_join_debris_pool(mote_world *world, mote_debris_pool *pool);
mote_status mote_world_join_flight_pool(mote_world *world, mote_flight_pool *pool);
mote_status mote_world_join_docking_pool(mote_world *world, mote_docking_pool *pool);
mote_status mote_world_join_launch_pool(mote_world *world, mote_launch_pool *pool);
mote_status mote_world_join_stage_pool(mote_world *world, mote_stage_pool *pool);
mote_status mote_world_join_orientation_pool(mote_world *world, mote_orientation_pool *pool);

/* Takes a pool out of the world; the pools after it keep their order. Errors:
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL world or pool, or a pool not in this world. */
mote_status mote_world_leave_spring_pool(mote_world *world, mote_spring_pool *pool);
mote_status mote_world_leave_mover_pool(mote_world *world, mote_mover_pool *pool);
mote_status mote_world_leave_debris_pool(mote_world *world, mote_debris_pool *pool);
mote_status mote_world_leave_flight_pool(mote_world *world, mote_flight_pool *pool);
mote_status mote_world_leave_docking_pool(mote_world *world, mote_docking_pool *pool);
mote_status mote_world_leave_launch_pool(mote_world *world, mote_launch_pool *pool);
mote_status mote_world_leave_stage_pool(mote_world *world, mote_stage_pool *pool);
mote_status mote_world_leave_orientation_pool(mote_world *world, mote_orientation_pool *pool);

#if !defined(__cplusplus)
/* mote_world_join(world, pool) / mote_world_leave(world, pool): the typed function for the
 * pool's kind, chosen from its type at compile time. */
#define MOTE_WORLD_BY_KIND_(verb, pool)                                                            \
    _Generic((pool), mote_spring_pool *                                                            \
             : mote_world_##verb##_spring_pool, mote_mover_pool *                                  \
             : mote_world_##verb##_mover_pool, mote_debris_pool *                                  \
             : mote_world_##verb##_debris_pool, mote_flight_pool *                                 \
             : mote_world_##verb##_flight_pool, mote_docking_pool *                                \
             : mote_world_##verb##_docking_pool, mote_launch_pool *                                \
             : mote_world_##verb##_launch_pool, mote_stage_pool *                                  \
             : mote_world_##verb##_stage_pool, mote_orientation_pool *                             \
             : mote_world_##verb##_orientation_pool)
#define mote_world_join(world, pool)  MOTE_WORLD_BY_KIND_(join, pool)((world), (pool))
#define mote_world_leave(world, pool) MOTE_WORLD_BY_KIND_(leave, pool)((world), (pool))
#endif

/* The number of pools joined (0 for NULL). */
size_t mote_world_pool_count(const mote_world *world);

/* Steps every joined pool, in join order, by dt seconds under the world's step policy (above)
 * on the world's task system. Errors, nothing changed: MOTE_ERROR_INVALID_ARGUMENT (NULL
 * world), MOTE_ERROR_INVALID_DT (dt NaN, infinite or negative). A dt of 0 steps nothing. */
mote_status mote_world_step(mote_world *world, float dt);

/* mote_world_step, and out_advanced (may be NULL) gets the seconds every pool advanced. */
mote_status mote_world_advance(mote_world *world, float dt, float *out_advanced);

/* The world's max_dt (s; 0 for NULL). */
float mote_world_max_dt(const mote_world *world);

/* Sets the world's max_dt (s, > 0, may be INFINITY); MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_world_set_max_dt(mote_world *world, float max_dt);

/* World snapshots: every joined pool's snapshot (the pool format of mote/pool_common.h), in
 * join order, and the world's max_dt and max_substeps, in one blob with one checksum over all
 * (docs/snapshot-format.md). For rollback and save games of a whole scene at once.
 *
 * The bytes a snapshot of the world takes now (it changes as pools join, leave, add and
 * remove); 0 for NULL. */
size_t mote_world_snapshot_size(const mote_world *world);

/* Writes the world's snapshot into buffer (size bytes) and its length to *out_written (may be
 * NULL). MOTE_ERROR_INVALID_ARGUMENT for a NULL world, or a NULL buffer with size > 0;
 * MOTE_ERROR_BUFFER_TOO_SMALL when size is below mote_world_snapshot_size, with that size in
 * *out_written and nothing written (save(world, NULL, 0, &size) asks for it); a pool's save
 * refusal (MOTE_ERROR_NON_FINITE: NaN written through a view), its detail naming the pool
 * ("pool[2] (debris): ..."), the buffer's contents then unspecified. No pool changes. */
mote_status mote_world_save(const mote_world *world, void *buffer, size_t size,
                            size_t *out_written);

/* Replaces the state of every joined pool, and the world's max_dt and max_substeps, with the
 * snapshot in buffer (exactly the size bytes save wrote), all or nothing: the whole blob and
 * every pool in it are checked (as each pool's restore checks its own) before any pool
 * changes, so a refusal leaves every pool and the world as they were. The world must hold
 * the saved world's layout: as many pools, of the same kinds, in the same order, each able to
 * take its snapshot (the same stored fields and kernel: a spring pool of the same model).
 * Errors: MOTE_ERROR_INVALID_ARGUMENT for a NULL world or buffer; MOTE_ERROR_CORRUPT_SNAPSHOT
 * for a blob of another layout ("layout: ...") or one that is not a world snapshot this world
 * can take (truncated, damaged, a pool's snapshot refused: "pool[i] (kind): ..." with that
 * pool's detail); MOTE_ERROR_OUT_OF_MEMORY when scratch or a pool's spare storage could not be
 * had. Each pool's ids, views and spare storage behave as after its own restore
 * (mote/pool_common.h). */
mote_status mote_world_restore(mote_world *world, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
