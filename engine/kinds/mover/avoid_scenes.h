/* The avoidance scenes, defined once for the tests, mote-bench, mote-trace and mote-demo
 * (avoid_scenes_probe.c; units are metres and seconds):
 * - square (throughput): n bodies of radius 0.4 on a 1.5 m grid, ceil(sqrt(n)) per row,
 *   jittered +-0.3 m, each walking at 1.5 m/s to a uniformly random goal in the square and
 *   drawing a new one within 0.5 m of it.
 * - circle (quality): body i starts at angle i 2 pi / n on a ring of radius
 *   R (0.6 + 0.05 (i mod 8)), R = 1.2 sqrt(n), and walks to the opposite point (1.5 m/s while
 *   more than 1 m away, else the vector to the goal).
 * - corridor: a corridor 4 m wide and 40 m long, closed at its ends, half the bodies walking
 *   each way, in two rows each, the rows of the two ways interleaved (y 0.6 and 2.4 one way,
 *   1.6 and 3.4 the other), each body 19 m on in its own lane: the same place in the far
 *   half, so each way keeps its order and nobody stops in the way of those still passing.
 * - door: two 10 m by 20 m rooms side by side, a wall between them with a 2 m door in its
 *   middle; every body walks from the left room to the same place in the right one (10 m on,
 *   so the first through walk on to the far side and do not stand in the doorway), toward
 *   the door while it is on the left of it.
 * Every scene: neighbour distance 3 m, 10 neighbours, time horizons 2 s, dt 1/60 s. */
#ifndef MOTE_AVOID_SCENES_H
#define MOTE_AVOID_SCENES_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/mover_pool.h"
#include "tool_rng.h"

typedef enum avoid_scene_kind {
    AVOID_SQUARE,
    AVOID_CIRCLE,
    AVOID_CORRIDOR,
    AVOID_DOOR,
} avoid_scene_kind;

#define AVOID_RADIUS    0.4f
#define AVOID_SPEED     1.5f
#define AVOID_DT        (1.0f / 60.0f)
#define AVOID_ARRIVED   0.8f /* m: a body this close to its goal has arrived */
#define AVOID_MAX_WALLS 8

typedef struct avoid_scene {
    avoid_scene_kind kind;
    size_t n;
    mote_mover_pool *pool;
    float *goal_x, *goal_y; /* per element (the scenes never remove one) */
    float side;             /* square: its side */
    tool_rng rng;
    mote_segment walls[AVOID_MAX_WALLS];
    size_t wall_count;
} avoid_scene;

/* The scene's name ("square", "circle", "corridor", "door"). */
const char *avoid_scene_name(avoid_scene_kind kind);

/* Builds the scene with n bodies on backend (its pool's def otherwise the scenes' own). */
mote_status avoid_scene_create(avoid_scene *scene, avoid_scene_kind kind, size_t n,
                               mote_backend backend);
void avoid_scene_destroy(avoid_scene *scene);

/* Writes every body's desired velocity for the next step (the square draws new goals). */
void avoid_scene_steer(avoid_scene *scene);

/* Bodies within AVOID_ARRIVED of their goal. */
size_t avoid_scene_arrived(const avoid_scene *scene);

/* The smallest distance between two bodies over the sum of their radii (INFINITY for fewer
 * than two), by a sweep along x. */
float avoid_scene_closest_pair(const avoid_scene *scene);

/* The scene's movement params: metres and seconds. */
mote_movement_params avoid_scene_params(void);

#endif
