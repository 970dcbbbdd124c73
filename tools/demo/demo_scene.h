/* mote-demo's scene: several spring pools, as a game would keep them, with goals that move
 * every simulated second. Built the same way from one seed on any backend. */
#ifndef MOTE_DEMO_SCENE_H
#define MOTE_DEMO_SCENE_H

#include <stdint.h>

#include "mote/mote.h"

/* One pool of the scene: what it animates, its kind, and how many springs. */
typedef struct demo_pool_spec {
    const char *role; /* "positions", "facings", ... */
    mote_spring_kind kind;
    size_t count;
} demo_pool_spec;

#define DEMO_MAX_POOLS 8

typedef struct demo_scene {
    size_t pool_count;
    const demo_pool_spec *spec[DEMO_MAX_POOLS];
    mote_spring_pool *pool[DEMO_MAX_POOLS];
} demo_scene;

/* The pools of the demo scene (300,000 springs in all); writes their number to count. */
const demo_pool_spec *demo_scene_specs(size_t *count);

/* Total springs in the scene. */
size_t demo_scene_spring_count(const demo_scene *scene);

/* Creates every pool on backend and fills it from seed (start state and first goals).
 * On error destroys what was made and returns the status. */
mote_status demo_scene_create(demo_scene *scene, mote_backend backend, uint64_t seed);

/* Gives every spring a new goal for simulated second `second`, written through the pools'
 * views; the same (seed, second) gives the same goals. */
void demo_scene_set_goals(demo_scene *scene, uint64_t seed, unsigned second);

/* Destroys every pool. */
void demo_scene_destroy(demo_scene *scene);

#endif
