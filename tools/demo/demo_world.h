/* mote-demo's world scene: one pool of every kind in one world (mote/world.h), stepped at
 * 60 Hz with a 10 s hitch in the middle. The scene is a struct of its own so other parts of
 * the demo (a save and a restore, the world's events) can be run on it between steps. */
#ifndef MOTE_DEMO_WORLD_H
#define MOTE_DEMO_WORLD_H

#include "mote/mote.h"

#define DEMO_WORLD_ELEMENTS 256u /* per pool */

typedef struct demo_world_scene {
    mote_world *world;
    mote_spring_pool *springs;
    mote_mover_pool *movers;
    mote_debris_pool *debris;
    mote_flight_pool *flyers;
    mote_docking_pool *chasers;
    mote_launch_pool *rockets;
    mote_stage_pool *stages;
    mote_orientation_pool *turrets;
    double seconds; /* simulated, as the world advanced */
} demo_world_scene;

/* Makes the pools, fills them and joins them to a new world (max_dt INFINITY: a hitch is
 * taken whole, in sub-steps where a kind needs them). MOTE_OK or the first refusal (the scene
 * then holds nothing). */
mote_status demo_world_create(demo_world_scene *scene);

/* One world step of dt seconds; the world's status. */
mote_status demo_world_step(demo_world_scene *scene, float dt);

void demo_world_destroy(demo_world_scene *scene);

/* The scene's run: 2 s at 60 Hz, one 10 s frame, 2 s at 60 Hz, printing the simulated time,
 * the launch clock (every pool advanced by the same seconds) and the sub-steps of the hitch.
 * Returns false (after printing why) if a call failed. */
bool demo_world_run(void);

#endif
