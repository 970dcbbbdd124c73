/* Internal: a world (mote/world.h) as the layers beside it see it. The joined pools are held
 * in join order, the order every world-wide operation (the step, snapshots, events) walks
 * them. world.c keeps the list; world_step.c steps it. */
#ifndef MOTE_WORLD_INTERNAL_H
#define MOTE_WORLD_INTERNAL_H

#include "mote/world.h"
#include "pool.h"

/* One joined pool. */
typedef struct mote_world_member {
    mote_pool *pool;                /* pool->world is the world */
    const mote_pool_kind *kind;     /* pool->kind */
    const mote_step_report *report; /* where a world step reports this pool's step (the
                                     * kind's report field and value, the caller's room), or
                                     * NULL: no report */
    unsigned substeps; /* the last world step's: how many sub-steps the pool took (0: none) */
    float substep_dt;  /* s: and the dt of each */
} mote_world_member;

struct mote_world {
    float max_dt;               /* s, > 0 (may be infinite) */
    unsigned max_substeps;      /* >= 1 */
    mote_task_system tasks;     /* the def's task system, copied */
    bool has_tasks;             /* false: steps run on the calling thread */
    mote_allocator allocator;   /* the world's own memory (not its pools') */
    mote_world_member *members; /* count members, in join order */
    size_t count;
    size_t capacity;                       /* members' room */
    struct mote_step_plan *plans;          /* capacity plans: a step's scratch, one per member */
    const struct mote_step_plan **running; /* capacity: the plans with ranges in a round */
    size_t *offsets;                       /* capacity + 1: mote_step_plans_run's scratch */
    size_t allocation_bytes;               /* of this struct */
};

/* The world's task system, or NULL for the calling thread. */
static inline const mote_task_system *mote_world_tasks(const mote_world *world) {
    return world->has_tasks ? &world->tasks : NULL;
}

/* Joins pool (of kind) to the world, after the others; the typed join functions' body. */
mote_status mote_world_join_pool(mote_world *world, mote_pool *pool, const mote_pool_kind *kind);

/* Takes pool (of kind) out of the world; the typed leave functions' body. */
mote_status mote_world_leave_pool(mote_world *world, mote_pool *pool, const mote_pool_kind *kind);

/* The index of pool among the world's members, or SIZE_MAX. */
size_t mote_world_find(const mote_world *world, const mote_pool *pool);

#endif
