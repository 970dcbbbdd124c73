/* The mover pool's avoidance stages (mover_avoid.h): the grid built from the bodies each step,
 * the avoidance kernel before the movement and the projection passes after it, the walls,
 * and the query. The pool keeps this in a workspace its settings point to (their local
 * bytes: not in a snapshot). */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "kernel_table.h"
#include "mover_avoid.h"
#include "mover_avoid_space.h"
#include "mover_fields.h"
#include "pool.h"
#include "refuse.h"
#include "task_split.h"

/* The smallest run of sorted slots a worker takes: a few tens of microseconds. */
#define AVOID_PARALLEL_MIN 512

mote_avoidance_settings mote_default_avoidance_settings(void) {
    mote_avoidance_settings s = {0.0f, 10, 2.0f, 2.0f};
    return s;
}

mote_status mover_check_avoidance(const mote_avoidance_settings *s) {
    if (!isfinite(s->neighbor_distance) || !isfinite(s->time_horizon) ||
        !isfinite(s->obstacle_time_horizon)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE,
                           "avoidance: neighbor_distance, time_horizon and "
                           "obstacle_time_horizon must be finite (got %g, %g, %g)",
                           (double)s->neighbor_distance, (double)s->time_horizon,
                           (double)s->obstacle_time_horizon);
    }
    if (s->neighbor_distance < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "avoidance.neighbor_distance must be >= 0 (got %g)",
                           (double)s->neighbor_distance);
    }
    if (s->max_neighbors < 1) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "avoidance.max_neighbors must be >= 1 (got %d)", s->max_neighbors);
    }
    if (!(s->time_horizon >= MOTE_AVOIDANCE_MIN_TIME_HORIZON) ||
        !(s->obstacle_time_horizon >= MOTE_AVOIDANCE_MIN_TIME_HORIZON)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "avoidance.time_horizon and obstacle_time_horizon must be >= %g s "
                           "(got %g, %g)",
                           (double)MOTE_AVOIDANCE_MIN_TIME_HORIZON, (double)s->time_horizon,
                           (double)s->obstacle_time_horizon);
    }
    return MOTE_OK;
}

mote_status mover_check_wall(const mote_segment *wall, size_t w, bool from_snapshot) {
    const float ends[4] = {wall->a.x, wall->a.y, wall->b.x, wall->b.y};
    if (!isfinite(ends[0]) || !isfinite(ends[1]) || !isfinite(ends[2]) || !isfinite(ends[3])) {
        return mote_refuse(from_snapshot ? MOTE_ERROR_CORRUPT_SNAPSHOT : MOTE_ERROR_NON_FINITE,
                           "walls[%zu]: ends must be finite (got %g, %g, %g, %g)", w,
                           (double)ends[0], (double)ends[1], (double)ends[2], (double)ends[3]);
    }
    for (int k = 0; k < 4; ++k) {
        if (!(fabsf(ends[k]) <= MOTE_MOVER_MAX_WALL_POSITION)) {
            return mote_refuse(from_snapshot ? MOTE_ERROR_CORRUPT_SNAPSHOT
                                             : MOTE_ERROR_INVALID_ARGUMENT,
                               "walls[%zu]: ends must be within +-%g units (got %g)", w,
                               (double)MOTE_MOVER_MAX_WALL_POSITION, (double)ends[k]);
        }
    }
    const float dx = ends[2] - ends[0], dy = ends[3] - ends[1];
    if (!(dx * dx + dy * dy > 0.0f)) {
        return mote_refuse(
            from_snapshot ? MOTE_ERROR_CORRUPT_SNAPSHOT : MOTE_ERROR_INVALID_ARGUMENT,
            "walls[%zu]: length must be > 0 (got %g)", w, (double)sqrtf(dx * dx + dy * dy));
    }
    return MOTE_OK;
}

/* Grows a block of *bytes to at least want bytes (contents dropped); false if that failed. */
static bool grow(const mote_allocator *allocator, void **block, size_t *bytes, size_t want) {
    if (*bytes >= want) {
        return true;
    }
    mote_release(allocator, *block, *bytes);
    *block = mote_allocate(allocator, want);
    *bytes = *block != NULL ? want : 0;
    return *block != NULL;
}

mover_avoid_space *mover_space(mote_pool *pool, mover_avoid_space **slot) {
    if (*slot == NULL) {
        *slot = mote_allocate(&pool->core.allocator, sizeof **slot);
        if (*slot != NULL) {
            memset(*slot, 0, sizeof **slot);
        }
    }
    return *slot;
}

void mover_space_release(const mote_allocator *allocator, mover_avoid_space *space) {
    if (space == NULL) {
        return;
    }
    mote_release(allocator, space->slots, space->slot_bytes);
    mote_release(allocator, space->cells, space->cell_bytes);
    mote_release(allocator, space->walls, space->wall_bytes);
    mote_release(allocator, space, sizeof *space);
}

/* A body takes part when its radius is > 0 and its position, velocity and radius finite. */
static bool is_body(float *const *p, size_t e) {
    const float r = p[MOVER_RADIUS][e];
    return r > 0.0f && isfinite(r) && isfinite(p[MOVER_POSITION_X][e]) &&
           isfinite(p[MOVER_POSITION_Y][e]) && isfinite(p[MOVER_VELOCITY_X][e]) &&
           isfinite(p[MOVER_VELOCITY_Y][e]);
}

/* The grid's per-slot arrays: 13 of floats, element, cell_x, cell_y, near_count, near_tag and
 * the MOVER_PROJECT_LIST of near_list. */
#define SLOT_ARRAYS (18 + MOVER_PROJECT_LIST)

/* Points the grid's per-slot arrays into one block of `slots` slots (each array padded). */
static void lay_out_slots(mover_grid *g, unsigned char *block, size_t slots) {
    float **floats[] = {&g->x,      &g->y,  &g->vx, &g->vy, &g->radius, &g->ordinal, &g->want_x,
                        &g->want_y, &g->px, &g->py, &g->qx, &g->qy,     &g->column};
    const size_t stride = (slots * sizeof(float) + 63) / 64 * 64;
    size_t at = 0;
    for (size_t f = 0; f < sizeof floats / sizeof floats[0]; ++f, at += stride) {
        *floats[f] = (float *)(void *)(block + at);
    }
    g->element = (uint32_t *)(void *)(block + at);
    g->cell_x = (uint32_t *)(void *)(block + at + stride);
    g->cell_y = (uint32_t *)(void *)(block + at + 2 * stride);
    g->near_count = (uint32_t *)(void *)(block + at + 3 * stride);
    g->near_tag = (uint32_t *)(void *)(block + at + 4 * stride);
    g->near_list = (uint32_t *)(void *)(block + at + 5 * stride);
    g->slot_capacity = slots;
}

static size_t slot_block_bytes(size_t slots) {
    return SLOT_ARRAYS * ((slots * sizeof(float) + 63) / 64 * 64);
}

/* The cell of a position. */
static size_t cell_index(const mover_grid *g, float x, float y) {
    size_t cx = (size_t)((x - g->min_x) * g->inv_cell);
    size_t cy = (size_t)((y - g->min_y) * g->inv_cell);
    cx = cx < g->width ? cx : g->width - 1;
    cy = cy < g->height ? cy : g->height - 1;
    return cy * g->width + cx;
}

mote_status mover_grid_build(mote_pool *pool, mover_avoid_space *space, float neighbor_distance) {
    mover_grid *g = &space->grid;
    float *const *p = pool->core.fields.field;
    const size_t n = pool->core.count;
    if (n > MOTE_AVOIDANCE_MAX_ELEMENTS) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "avoidance: a pool with avoidance may hold at most %u elements (got "
                           "%zu)",
                           MOTE_AVOIDANCE_MAX_ELEMENTS, n);
    }
    size_t bodies = 0;
    float min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY, max_r = 0;
    for (size_t e = 0; e < n; ++e) {
        if (!is_body(p, e)) {
            continue;
        }
        ++bodies;
        const float x = p[MOVER_POSITION_X][e], y = p[MOVER_POSITION_Y][e];
        min_x = x < min_x ? x : min_x;
        min_y = y < min_y ? y : min_y;
        max_x = x > max_x ? x : max_x;
        max_y = y > max_y ? y : max_y;
        max_r = p[MOVER_RADIUS][e] > max_r ? p[MOVER_RADIUS][e] : max_r;
    }
    const size_t slots = bodies + MOVER_GRID_PAD;
    void *block = space->slots;
    const size_t had_bytes = space->slot_bytes;
    if (!grow(&pool->core.allocator, &block, &space->slot_bytes, slot_block_bytes(slots))) {
        space->slots = NULL;
        g->pool_count = SIZE_MAX;
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "avoidance: no memory for %zu bodies", bodies);
    }
    space->slots = block;
    lay_out_slots(g, space->slots, space->slot_bytes / SLOT_ARRAYS / sizeof(float));
    if (space->slot_bytes != had_bytes) { /* a new block: no group has kept candidates in it */
        memset(g->near_count, 0xff, g->slot_capacity * sizeof(uint32_t));
        memset(g->near_tag, 0, g->slot_capacity * sizeof(uint32_t));
    }
    /* cells at least neighbor_distance and every projection reach wide, coarser until there
     * are at most about two per body */
    const float reach = 2.0f * max_r * MOVER_PROJECT_TARGET;
    double cell = neighbor_distance > reach ? neighbor_distance : reach;
    cell = cell > 0.0 ? cell : 1.0;
    double span_x = bodies > 0 ? (double)max_x - (double)min_x : 0.0;
    double span_y = bodies > 0 ? (double)max_y - (double)min_y : 0.0;
    double width = floor(span_x / cell) + 1.0, height = floor(span_y / cell) + 1.0;
    while (width * height > 2.0 * (double)bodies + 64.0 || width > MOVER_GRID_MAX_SIDE ||
           height > MOVER_GRID_MAX_SIDE) {
        cell *= 2.0;
        width = floor(span_x / cell) + 1.0;
        height = floor(span_y / cell) + 1.0;
    }
    g->min_x = bodies > 0 ? min_x : 0.0f;
    g->min_y = bodies > 0 ? min_y : 0.0f;
    g->cell = (float)cell;
    g->inv_cell = (float)(1.0 / cell);
    g->width = (size_t)width;
    g->height = (size_t)height;
    const size_t cells = g->width * g->height;
    void *cell_block = space->cells;
    if (!grow(&pool->core.allocator, &cell_block, &space->cell_bytes,
              (2 * cells + 1) * sizeof(uint32_t))) {
        space->cells = NULL;
        g->pool_count = SIZE_MAX;
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "avoidance: no memory for %zu cells", cells);
    }
    space->cells = cell_block;
    g->cell_start = space->cells;
    uint32_t *cursor = g->cell_start + cells + 1;
    /* counting sort: counts, starts, then each body into its cell in index order */
    memset(g->cell_start, 0, (cells + 1) * sizeof(uint32_t));
    for (size_t e = 0; e < n; ++e) {
        if (is_body(p, e)) {
            ++g->cell_start[cell_index(g, p[MOVER_POSITION_X][e], p[MOVER_POSITION_Y][e]) + 1];
        }
    }
    for (size_t c = 0; c < cells; ++c) {
        g->cell_start[c + 1] += g->cell_start[c];
        cursor[c] = g->cell_start[c];
    }
    for (size_t e = 0; e < n; ++e) {
        if (!is_body(p, e)) {
            continue;
        }
        const float x = p[MOVER_POSITION_X][e], y = p[MOVER_POSITION_Y][e];
        const size_t c = cell_index(g, x, y);
        const size_t s = cursor[c]++;
        g->x[s] = x;
        g->y[s] = y;
        g->vx[s] = p[MOVER_VELOCITY_X][e];
        g->vy[s] = p[MOVER_VELOCITY_Y][e];
        g->want_x[s] = p[MOVER_DESIRED_VELOCITY_X][e];
        g->want_y[s] = p[MOVER_DESIRED_VELOCITY_Y][e];
        g->radius[s] = p[MOVER_RADIUS][e];
        g->ordinal[s] = (float)e;
        g->element[s] = (uint32_t)e;
        g->cell_x[s] = (uint32_t)(c % g->width);
        g->column[s] = (float)g->cell_x[s];
        g->cell_y[s] = (uint32_t)(c / g->width);
    }
    for (size_t s = bodies; s < slots; ++s) { /* the padding: no body, far away */
        g->x[s] = g->y[s] = g->px[s] = g->py[s] = g->qx[s] = g->qy[s] = 0.0f;
        g->vx[s] = g->vy[s] = g->want_x[s] = g->want_y[s] = g->radius[s] = 0.0f;
        g->ordinal[s] = -1.0f;
        g->column[s] = 0.0f;
    }
    g->bodies = bodies;
    g->pool_count = n;
    g->index_changes = pool->core.index_changes;
    g->max_radius = max_r;
    g->shift = 0.0f;
    return MOTE_OK;
}

/* One kernel over the sorted slots, split over tasks. */
typedef struct avoid_job {
    mote_kernel_fn kernel;
    float *const *fields;
    const mover_avoid_step *step;
} avoid_job;

static void run_slots(size_t begin, size_t end, void *context) {
    const avoid_job *job = context;
    job->kernel(job->fields, job->step, begin, end);
}

static mover_avoid_step avoid_step_of(const mote_avoidance_settings *a, const mover_grid *g,
                                      const mover_avoid_space *space, size_t begin, size_t end) {
    mover_avoid_step k;
    memset(&k, 0, sizeof k);
    k.grid = g;
    k.neighbor_distance_sq = a->neighbor_distance * a->neighbor_distance;
    k.time_horizon = a->time_horizon;
    k.inv_time_horizon = 1.0f / a->time_horizon;
    k.obstacle_time_horizon = a->obstacle_time_horizon;
    k.max_neighbors = (float)a->max_neighbors;
    k.walls = space->walls;
    k.wall_count = space->wall_count;
    k.range_begin = begin;
    k.range_end = end;
    return k;
}

mote_status mover_avoid_before(mote_pool *pool, mover_avoid_space *space,
                               const mote_avoidance_settings *a, const mote_kernel_table *table,
                               const mote_step_plan *plan) {
    mote_status status = mover_grid_build(pool, space, a->neighbor_distance);
    if (status != MOTE_OK) {
        return status;
    }
    float *const *p = pool->core.fields.field;
    for (size_t e = plan->begin; e < plan->end; ++e) { /* no body: walks as asked */
        p[MOVER_AVOID_VELOCITY_X][e] = p[MOVER_DESIRED_VELOCITY_X][e];
        p[MOVER_AVOID_VELOCITY_Y][e] = p[MOVER_DESIRED_VELOCITY_Y][e];
    }
    const mover_avoid_step k = avoid_step_of(a, &space->grid, space, plan->begin, plan->end);
    avoid_job job = {table->kernel[MOTE_KERNEL_mover_avoid], p, &k};
    mote_run_range_tasks(plan->tasks, 0, space->grid.bodies, AVOID_PARALLEL_MIN, run_slots, &job);
    return MOTE_OK;
}

/* A body the projection moved by (moved_x, moved_y) loses the part of its velocities against
 * that move (what pushed it into the bodies or the wall it was moved out of), so the crowd's
 * push does not carry into the next step. */
static void stop_against(float *const *p, size_t e, float moved_x, float moved_y) {
    const float moved = sqrtf(moved_x * moved_x + moved_y * moved_y);
    if (!(moved > 0.0f)) {
        return;
    }
    const float ux = moved_x / moved, uy = moved_y / moved;
    const int vx[2] = {MOVER_VELOCITY_X, MOVER_IMMEDIATE_VELOCITY_X};
    for (int k = 0; k < 2; ++k) {
        float *fx = &p[vx[k]][e], *fy = &p[vx[k] + 1][e];
        const float along = *fx * ux + *fy * uy;
        if (along < 0.0f) {
            *fx = *fx - ux * along;
            *fy = *fy - uy * along;
        }
    }
}

void mover_avoid_after(mote_pool *pool, mover_avoid_space *space, const mote_avoidance_settings *a,
                       const mote_kernel_table *table, const mote_step_plan *plan) {
    mover_grid *g = &space->grid;
    float *const *p = pool->core.fields.field;
    for (size_t s = 0; s < g->bodies; ++s) { /* where the movement took them */
        g->px[s] = p[MOVER_POSITION_X][g->element[s]];
        g->py[s] = p[MOVER_POSITION_Y][g->element[s]];
    }
    mover_avoid_step k = avoid_step_of(a, g, space, plan->begin, plan->end);
    avoid_job job = {table->kernel[MOTE_KERNEL_mover_project], p, &k};
    /* the first pass keeps each group's candidates; the next read them while every body has
     * moved less than a quarter of the extra reach since (the sum of each pass's largest move
     * along an axis, times 1.5 > sqrt 2) */
    g->project_steps = g->project_steps + 1;
    k.near_tag = g->project_steps * 32u;
    k.near_reach_extra = MOVER_PROJECT_LIST_MARGIN * g->max_radius;
    _Atomic uint32_t moved_bits;
    k.moved_bits = &moved_bits;
    float moved = 0.0f;
    for (int pass = 0; pass < MOVER_PROJECT_PASSES; ++pass) {
        const bool even = pass % 2 == 0;
        k.from_x = even ? g->px : g->qx;
        k.from_y = even ? g->py : g->qy;
        k.before_x = pass == 0 ? g->x : k.from_x;
        k.before_y = pass == 0 ? g->y : k.from_y;
        k.to_x = even ? g->qx : g->px;
        k.to_y = even ? g->qy : g->py;
        k.near_mode = pass == 0                            ? MOVER_NEAR_KEEP
                      : moved < 0.25f * k.near_reach_extra ? MOVER_NEAR_READ
                                                           : MOVER_NEAR_OFF;
        atomic_store(&moved_bits, 0u); /* the wide kernels report (the reference keeps none) */
        mote_run_range_tasks(plan->tasks, 0, g->bodies, AVOID_PARALLEL_MIN, run_slots, &job);
        const uint32_t bits = atomic_load(&moved_bits);
        float most;
        memcpy(&most, &bits, sizeof most);
        moved = moved + 1.5f * most; /* a NaN stops the lists */
    }
    const float *x = MOVER_PROJECT_PASSES % 2 == 0 ? g->px : g->qx;
    const float *y = MOVER_PROJECT_PASSES % 2 == 0 ? g->py : g->qy;
    float shift = 0.0f;
    for (size_t s = 0; s < g->bodies; ++s) {
        const size_t e = g->element[s];
        if (e >= plan->begin && e < plan->end) {
            const float moved_x = x[s] - p[MOVER_POSITION_X][e];
            const float moved_y = y[s] - p[MOVER_POSITION_Y][e];
            p[MOVER_POSITION_X][e] = x[s];
            p[MOVER_POSITION_Y][e] = y[s];
            stop_against(p, e, moved_x, moved_y);
        }
        const float dx = fabsf(x[s] - g->x[s]), dy = fabsf(y[s] - g->y[s]);
        shift = dx > shift ? dx : shift;
        shift = dy > shift ? dy : shift;
    }
    g->shift = shift;
}

mote_status mover_set_walls(mote_pool *pool, mover_avoid_space **slot, const mote_segment *walls,
                            size_t count) {
    if (walls == NULL && count > 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "walls: NULL with count %zu", count);
    }
    for (size_t w = 0; w < count; ++w) {
        const mote_status status = mover_check_wall(&walls[w], w, false);
        if (status != MOTE_OK) {
            return status;
        }
    }
    if (count > SIZE_MAX / sizeof(mote_segment) / 2) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "walls: %zu are too many", count);
    }
    mover_avoid_space *space = mover_space(pool, slot);
    if (space == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "walls: no memory");
    }
    const size_t bytes = count * sizeof(mote_segment);
    if (bytes > space->wall_bytes) {
        mote_segment *copy = mote_allocate(&pool->core.allocator, bytes);
        if (copy == NULL) {
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "walls: no memory for %zu", count);
        }
        mote_release(&pool->core.allocator, space->walls, space->wall_bytes);
        space->walls = copy;
        space->wall_bytes = bytes;
    }
    if (count > 0) {
        memmove(space->walls, walls, bytes); /* walls may be the pool's own */
    }
    space->wall_count = count;
    return MOTE_OK;
}

mote_status mover_query(mote_pool *pool, mover_avoid_space **slot, float neighbor_distance,
                        mote_vec2 center, float radius, mote_id *out_ids, size_t max_ids,
                        size_t *out_count) {
    if (out_count == NULL || (out_ids == NULL && max_ids > 0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "query: out_count NULL, or out_ids NULL "
                                                        "with max_ids > 0");
    }
    if (!isfinite(center.x) || !isfinite(center.y) || !isfinite(radius)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "query: center and radius must be finite");
    }
    if (radius < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "query: radius must be >= 0 (got %g)",
                           (double)radius);
    }
    mover_avoid_space *space = mover_space(pool, slot);
    if (space == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "query: no memory");
    }
    mover_grid *g = &space->grid;
    if (g->pool_count != pool->core.count || g->index_changes != pool->core.index_changes ||
        g->cell_start == NULL) {
        mote_status status = mover_grid_build(pool, space, neighbor_distance);
        if (status != MOTE_OK) {
            return status;
        }
    }
    float *const *p = pool->core.fields.field;
    const double reach = (double)radius + (double)g->shift;
    const double lo_x = floor(((double)center.x - reach - g->min_x) / g->cell);
    const double hi_x = floor(((double)center.x + reach - g->min_x) / g->cell);
    const double lo_y = floor(((double)center.y - reach - g->min_y) / g->cell);
    const double hi_y = floor(((double)center.y + reach - g->min_y) / g->cell);
    const double last_x = (double)g->width - 1.0, last_y = (double)g->height - 1.0;
    size_t found = 0;
    const float radius_sq = radius * radius;
    if (g->bodies > 0 && hi_x >= 0.0 && hi_y >= 0.0 && lo_x <= last_x && lo_y <= last_y) {
        const size_t x0 = lo_x > 0.0 ? (size_t)lo_x : 0,
                     x1 = hi_x < last_x ? (size_t)hi_x : g->width - 1;
        const size_t y0 = lo_y > 0.0 ? (size_t)lo_y : 0,
                     y1 = hi_y < last_y ? (size_t)hi_y : g->height - 1;
        for (size_t cy = y0; cy <= y1; ++cy) {
            const size_t row = cy * g->width;
            for (size_t s = g->cell_start[row + x0]; s < g->cell_start[row + x1 + 1]; ++s) {
                const size_t e = g->element[s];
                if (e >= pool->core.count) {
                    continue;
                }
                const float dx = p[MOVER_POSITION_X][e] - center.x;
                const float dy = p[MOVER_POSITION_Y][e] - center.y;
                if (p[MOVER_RADIUS][e] > 0.0f && dx * dx + dy * dy <= radius_sq) {
                    if (found < max_ids) {
                        out_ids[found] = mote_pool_core_id_at(&pool->core, e);
                    }
                    ++found;
                }
            }
        }
    }
    *out_count = found;
    return MOTE_OK;
}
