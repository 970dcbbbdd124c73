/* The avoidance scenes (avoid_scenes.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "avoid_scenes.h"

const char *avoid_scene_name(avoid_scene_kind kind) {
    static const char *const names[] = {"square", "circle", "corridor", "door"};
    return names[kind];
}

mote_movement_params avoid_scene_params(void) {
    mote_movement_params p = mote_default_movement_params();
    p.acceleration = 8.0f;
    p.deceleration = 12.0f;
    p.turn_strength = 10.0f;
    return p;
}

static void add_wall(avoid_scene *s, float ax, float ay, float bx, float by) {
    s->walls[s->wall_count++] = (mote_segment){{ax, ay}, {bx, by}};
}

/* Body i's start and goal. */
static void place(avoid_scene *s, size_t i, float *x, float *y, float *gx, float *gy) {
    const size_t n = s->n;
    switch (s->kind) {
    case AVOID_SQUARE: {
        const size_t row = (size_t)ceil(sqrt((double)n));
        *x = 1.5f * (float)(i % row) + tool_rng_range(&s->rng, -0.3f, 0.3f);
        *y = 1.5f * (float)(i / row) + tool_rng_range(&s->rng, -0.3f, 0.3f);
        *gx = tool_rng_range(&s->rng, 0.0f, s->side);
        *gy = tool_rng_range(&s->rng, 0.0f, s->side);
        break;
    }
    case AVOID_CIRCLE: {
        const double big_r = 1.2 * sqrt((double)n);
        const double ring = big_r * (0.6 + 0.05 * (double)(i % 8));
        const double angle = (double)i * 2.0 * 3.14159265358979323846 / (double)n;
        *x = (float)(ring * cos(angle));
        *y = (float)(ring * sin(angle));
        *gx = -*x;
        *gy = -*y;
        break;
    }
    case AVOID_CORRIDOR: { /* two rows each way, the lanes interleaved, the order kept */
        const size_t half = (n + 1) / 2, k = i < half ? i : i - half;
        const bool left = i < half;
        const float across = left ? (k % 2 == 0 ? 0.6f : 2.4f) : (k % 2 == 0 ? 1.6f : 3.4f);
        const float along = 1.0f + 1.0f * (float)(k / 2);
        *x = left ? along : 40.0f - along;
        *y = across;
        *gx = left ? along + 19.0f : 21.0f - along; /* the same place in the far half */
        *gy = across;
        break;
    }
    case AVOID_DOOR: { /* a grid in the left room, goals 10 m on in the right one */
        const size_t per_row = 9;
        *x = -1.0f - 1.0f * (float)(i % per_row);
        *y = -9.0f + 1.0f * (float)(i / per_row % 19);
        *gx = 10.5f + 0.9f * *x; /* columns 0.9 m apart, 2.4 m to 9.6 m from the door */
        *gy = *y;
        break;
    }
    }
}

mote_status avoid_scene_create(avoid_scene *s, avoid_scene_kind kind, size_t n,
                               mote_backend backend) {
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->n = n;
    s->rng.state = 0x5eed0000u + (uint64_t)kind;
    s->side = 1.5f * (float)ceil(sqrt((double)n));
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.params = avoid_scene_params();
    def.backend = backend;
    def.capacity = n;
    def.avoidance.neighbor_distance = 3.0f;
    mote_status status = mote_mover_pool_create(&def, &s->pool);
    if (status != MOTE_OK) {
        return status;
    }
    if (kind == AVOID_CORRIDOR) {
        add_wall(s, 0.0f, 0.0f, 40.0f, 0.0f);
        add_wall(s, 0.0f, 4.0f, 40.0f, 4.0f);
        add_wall(s, 0.0f, 0.0f, 0.0f, 4.0f);
        add_wall(s, 40.0f, 0.0f, 40.0f, 4.0f);
    } else if (kind == AVOID_DOOR) {
        add_wall(s, -10.0f, -10.0f, 10.0f, -10.0f);
        add_wall(s, -10.0f, 10.0f, 10.0f, 10.0f);
        add_wall(s, -10.0f, -10.0f, -10.0f, 10.0f);
        add_wall(s, 10.0f, -10.0f, 10.0f, 10.0f);
        add_wall(s, 0.0f, -10.0f, 0.0f, -1.0f);
        add_wall(s, 0.0f, 1.0f, 0.0f, 10.0f);
    }
    status = mote_mover_pool_set_walls(s->pool, s->walls, s->wall_count);
    s->goal_x = malloc(n * sizeof(float) + 1);
    s->goal_y = malloc(n * sizeof(float) + 1);
    if (status != MOTE_OK || s->goal_x == NULL || s->goal_y == NULL) {
        avoid_scene_destroy(s);
        return status != MOTE_OK ? status : MOTE_ERROR_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < n && status == MOTE_OK; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        place(s, i, &d.state.position.x, &d.state.position.y, &s->goal_x[i], &s->goal_y[i]);
        d.radius = AVOID_RADIUS;
        status = mote_mover_pool_add(s->pool, &d, NULL);
    }
    if (status != MOTE_OK) {
        avoid_scene_destroy(s);
    }
    return status;
}

void avoid_scene_destroy(avoid_scene *s) {
    mote_mover_pool_destroy(s->pool);
    free(s->goal_x);
    free(s->goal_y);
    s->pool = NULL;
    s->goal_x = s->goal_y = NULL;
}

void avoid_scene_steer(avoid_scene *s) {
    mote_mover_view v = mote_mover_pool_view(s->pool);
    for (size_t i = 0; i < v.count; ++i) {
        float tx = s->goal_x[i], ty = s->goal_y[i];
        const float x = v.position_x[i], y = v.position_y[i];
        if (s->kind == AVOID_SQUARE) {
            float dx = tx - x, dy = ty - y;
            if (dx * dx + dy * dy < 0.25f) {
                s->goal_x[i] = tool_rng_range(&s->rng, 0.0f, s->side);
                s->goal_y[i] = tool_rng_range(&s->rng, 0.0f, s->side);
                tx = s->goal_x[i];
                ty = s->goal_y[i];
            }
        } else if (s->kind == AVOID_DOOR && x < 0.0f) { /* through the door first */
            tx = 1.0f;
            ty = y < -0.4f ? -0.4f : (y > 0.4f ? 0.4f : y);
        }
        const float dx = tx - x, dy = ty - y;
        const float dist = sqrtf(dx * dx + dy * dy);
        const float scale = dist > 1.0f ? AVOID_SPEED / dist : AVOID_SPEED;
        const bool near = s->kind != AVOID_SQUARE && dist <= 1.0f;
        v.desired_velocity_x[i] = near ? dx : dx * scale;
        v.desired_velocity_y[i] = near ? dy : dy * scale;
        if (s->kind == AVOID_SQUARE) {
            v.desired_velocity_x[i] = dist > 0.0f ? dx / dist * AVOID_SPEED : 0.0f;
            v.desired_velocity_y[i] = dist > 0.0f ? dy / dist * AVOID_SPEED : 0.0f;
        }
    }
}

size_t avoid_scene_arrived(const avoid_scene *s) {
    mote_mover_view v = mote_mover_pool_view(s->pool);
    size_t arrived = 0;
    for (size_t i = 0; i < v.count; ++i) {
        const float dx = s->goal_x[i] - v.position_x[i], dy = s->goal_y[i] - v.position_y[i];
        arrived += dx * dx + dy * dy <= AVOID_ARRIVED * AVOID_ARRIVED;
    }
    return arrived;
}

typedef struct sweep_body {
    float x, y, r;
} sweep_body;

static int by_x(const void *a, const void *b) {
    const float ax = ((const sweep_body *)a)->x, bx = ((const sweep_body *)b)->x;
    return (ax > bx) - (ax < bx);
}

float avoid_scene_closest_pair(const avoid_scene *s) {
    mote_mover_view v = mote_mover_pool_view(s->pool);
    sweep_body *b = malloc((v.count + 1) * sizeof *b);
    float best = INFINITY;
    if (b == NULL) {
        return NAN;
    }
    float max_r = 0.0f;
    for (size_t i = 0; i < v.count; ++i) {
        b[i] = (sweep_body){v.position_x[i], v.position_y[i], v.radius[i]};
        max_r = v.radius[i] > max_r ? v.radius[i] : max_r;
    }
    qsort(b, v.count, sizeof *b, by_x);
    for (size_t i = 0; i < v.count; ++i) {
        for (size_t j = i + 1; j < v.count && b[j].x - b[i].x < 2.0f * max_r; ++j) {
            const float dx = b[j].x - b[i].x, dy = b[j].y - b[i].y;
            const float ratio = sqrtf(dx * dx + dy * dy) / (b[i].r + b[j].r);
            best = ratio < best ? ratio : best;
        }
    }
    free(b);
    return best;
}
