/* Internal: what a mover pool keeps for avoidance beside its fields (its settings hold a
 * pointer to it, in their local bytes): the grid, its storage and the walls; and the
 * functions of mover_avoid.c that mover_kind.c calls. */
#ifndef MOTE_MOVER_AVOID_SPACE_H
#define MOTE_MOVER_AVOID_SPACE_H

#include "mover_avoid.h"
#include "pool.h"

typedef struct mover_avoid_space {
    mover_grid grid;
    void *slots; /* the grid's per-slot arrays, one block */
    size_t slot_bytes;
    uint32_t *cells; /* cell starts, then the sort's cursors */
    size_t cell_bytes;
    mote_segment *walls; /* a copy of the caller's */
    size_t wall_count, wall_bytes;
} mover_avoid_space;

/* The settings' checks (mote_refuse's detail names the member). */
mote_status mover_check_avoidance(const mote_avoidance_settings *avoidance);

/* Wall w: ends finite and within MOTE_MOVER_MAX_WALL_POSITION, length > 0; else the refusal
 * naming it (MOTE_ERROR_CORRUPT_SNAPSHOT for one read from a snapshot, else
 * MOTE_ERROR_NON_FINITE or MOTE_ERROR_INVALID_ARGUMENT). */
mote_status mover_check_wall(const mote_segment *wall, size_t w, bool from_snapshot);

/* The pool's workspace (*slot), allocated at the first call; NULL when that failed. */
mover_avoid_space *mover_space(mote_pool *pool, mover_avoid_space **slot);

/* Frees a workspace (NULL is ignored). */
void mover_space_release(const mote_allocator *allocator, mover_avoid_space *space);

/* Builds the grid from the pool's bodies (MOTE_ERROR_OUT_OF_MEMORY leaves no grid). */
mote_status mover_grid_build(mote_pool *pool, mover_avoid_space *space, float neighbor_distance);

/* The stage before the movement kernel: the grid, then every avoid velocity of the plan's
 * range; and the stage after it: the projection passes, then the range's positions. */
mote_status mover_avoid_before(mote_pool *pool, mover_avoid_space *space,
                               const mote_avoidance_settings *avoidance,
                               const struct mote_kernel_table *table, const mote_step_plan *plan);
void mover_avoid_after(mote_pool *pool, mover_avoid_space *space,
                       const mote_avoidance_settings *avoidance,
                       const struct mote_kernel_table *table, const mote_step_plan *plan);

/* mote_mover_pool_set_walls and mote_mover_pool_query_radius past the pool's check. */
mote_status mover_set_walls(mote_pool *pool, mover_avoid_space **slot, const mote_segment *walls,
                            size_t count);
mote_status mover_query(mote_pool *pool, mover_avoid_space **slot, float neighbor_distance,
                        mote_vec2 center, float radius, mote_id *out_ids, size_t max_ids,
                        size_t *out_count);

#endif
