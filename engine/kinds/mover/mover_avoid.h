/* Internal: the mover pool's avoidance, as its stages and kernels share it: the grid a step
 * builds from the bodies' positions, the constants the two avoidance kernels read, and the
 * model's constants. The model is on the kind's page (README.md, "Avoidance"); its scalar
 * formulas are avoid_formulas.h, its reference kernels mover_avoid_ref.c, its wide kernels
 * mover_avoid_wide.h, and its stages (grid, kernels, write-back) mover_avoid.c. */
#ifndef MOTE_MOVER_AVOID_H
#define MOTE_MOVER_AVOID_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "mote/mover_pool.h"

/* Entries past the last body in the sorted arrays, the widest vector's lanes: a group of lanes
 * may read them (radius 0: no body). */
#define MOVER_GRID_PAD 16
/* The most cells a side of the grid has (a column index is exact as a float). */
#define MOVER_GRID_MAX_SIDE 4194304.0

/* The model's constants (the kind's page explains each). */
#define MOVER_AVOID_MARGIN                                                                         \
    1.1f /* predicted misses closer than this times the radii                                      \
          * sum are collisions */
#define MOVER_AVOID_BIAS                                                                           \
    0.25f /* the sideways offset, in radii sums, that steers a                                     \
           * head-on pair past each other on the right */
#define MOVER_AVOID_MIN_ACT_TIME                                                                   \
    0.25f /* s: a predicted collision is corrected over at                                         \
           * least this long */
#define MOVER_AVOID_SEPARATION_RATE                                                                \
    2.0f /* 1/s: overlapping bodies separate at this share                                         \
          * of their overlap per second, each half */
#define MOVER_AVOID_COINCIDENT                                                                     \
    1e-3f /* centres closer than this times the radii sum                                          \
           * separate along their index-given direction */
#define MOVER_AVOID_PASS                                                                           \
    0.5f /* a body walking into one it touches faster than that one walks on steps to its          \
          * right at this share of the difference */
#define MOVER_PROJECT_PASSES 4 /* overlap-and-wall passes after the movement */
#define MOVER_PROJECT_TARGET                                                                       \
    1.02f                   /* the passes push overlapping discs toward this                       \
                             * times their radii sum */
#define MOVER_WALL_PASSES 2 /* passes over the walls per projection pass */
#define MOVER_PROJECT_LIST                                                                         \
    8 /* the wide projection keeps up to this many candidates per body of a group from its         \
       * first pass for the next passes */
#define MOVER_PROJECT_LIST_MARGIN                                                                  \
    0.5f /* and lists them within this many largest radii beyond their reach; the lists serve      \
          * while no body has moved more than a quarter of that since */

/* A body's neighbours, from a grid of square cells counting-sorted by cell (row-major), so a
 * row of consecutive cells is one contiguous run of the sorted arrays. A body's candidates
 * are the bodies of the 3 x 3 cells around its own, in sorted-slot order (mover_grid_runs). */
typedef struct mover_grid {
    float min_x, min_y; /* units: the corner of cell (0, 0) */
    float cell;     /* units: a cell's side, at least neighbor_distance and every projection reach
                     * (MOVER_PROJECT_TARGET times a radii sum) */
    float inv_cell; /* 1 / cell */
    size_t width, height;
    size_t bodies;          /* bodies in the grid (sorted slots [0, bodies)) */
    size_t pool_count;      /* the pool's count when it was built; SIZE_MAX: stale */
    uint64_t index_changes; /* the pool's core.index_changes when it was built */
    float max_radius;       /* units */
    float shift;            /* units: the most any body moved since the build (the query's slack) */
    uint32_t *cell_start;   /* width * height + 1: slots of cell c are [cell_start[c], [c + 1]) */
    uint32_t *cell_x, *cell_y; /* per slot: its cell's column and row */
    float *column;             /* per slot: its cell's column, as a float (exact: see below) */
    uint32_t *element;         /* per slot: the element's index in the pool */
    /* per slot, plus MOVER_GRID_PAD entries of radius 0: the body as the grid was built */
    float *x, *y, *vx, *vy, *radius, *ordinal; /* ordinal: the element index, as a float */
    float *want_x, *want_y;                    /* the desired velocity */
    float *px, *py, *qx, *qy;                  /* the projection's positions, ping and pong */
    /* the wide projection's kept candidates: a group of lanes at slot s lists them from
     * near_list + s * MOVER_PROJECT_LIST on, near_count[s] of them (MOVER_NEAR_SCAN: none kept),
     * near_tag[s] the keeping step's near_tag plus the group's lane count */
    uint32_t *near_list, *near_count, *near_tag;
    uint32_t project_steps; /* steps that ran the projection (its tags) */
    size_t slot_capacity, cell_capacity;
} mover_grid;

/* What the avoidance kernels read (their constants argument); they run over sorted slots
 * [begin, end) and leave the bodies outside [range_begin, range_end) (element indices) as
 * they stand. */
typedef struct mover_avoid_step {
    const mover_grid *grid;
    float neighbor_distance_sq;  /* units^2 */
    float time_horizon;          /* s */
    float inv_time_horizon;      /* 1/s */
    float obstacle_time_horizon; /* s */
    float max_neighbors;         /* as a float, for the lanes' counts */
    const mote_segment *walls;
    size_t wall_count;
    size_t range_begin, range_end;
    /* the projection kernel's pass: positions from, before (the last ones known to be on
     * the right side of every wall), to */
    const float *from_x, *from_y, *before_x, *before_y;
    float *to_x, *to_y;
    /* the wide projection's kept candidates (mover_grid's near_*): MOVER_NEAR_OFF scans the
     * cells, MOVER_NEAR_KEEP scans them and keeps each group's candidates within
     * near_reach_extra beyond its reach, MOVER_NEAR_READ reads those kept (every body has
     * moved less than a quarter of near_reach_extra since: each candidate that may overlap is
     * kept, in the same order) */
    int near_mode;
    float near_reach_extra; /* units */
    uint32_t near_tag;      /* this step's tag, times 32 */
    /* where a wide projection pass reports the largest move along an axis of its bodies (the
     * bits of a float >= 0, or of a NaN: atomically the largest of every call's) */
    _Atomic uint32_t *moved_bits;
} mover_avoid_step;

enum { MOVER_NEAR_OFF, MOVER_NEAR_KEEP, MOVER_NEAR_READ };
#define MOVER_NEAR_SCAN UINT32_MAX

/* The sorted-slot runs of the cells in columns [first, last] (each widened by one, within
 * the grid) of the rows row - 1, row and row + 1 (those that exist), in ascending slot order.
 * Returns how many (1..3). */
static inline int mover_grid_runs(const mover_grid *g, size_t row, size_t first, size_t last,
                                  size_t begin[3], size_t end[3]) {
    const size_t x0 = first > 0 ? first - 1 : 0, x1 = last + 1 < g->width ? last + 1 : last;
    const size_t y0 = row > 0 ? row - 1 : 0, y1 = row + 1 < g->height ? row + 1 : row;
    int n = 0;
    for (size_t y = y0; y <= y1; ++y, ++n) {
        begin[n] = g->cell_start[y * g->width + x0];
        end[n] = g->cell_start[y * g->width + x1 + 1];
    }
    return n;
}

#endif
