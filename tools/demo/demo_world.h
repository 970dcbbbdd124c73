/* mote-demo's world scene: one pool of every kind in one world (mote/world.h), stepped at
 * 60 Hz with a hitch, a save and a restore in the middle, and the world's events printed. The
 * scene is a struct of its own so the run can step, save and restore it between frames. */
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

/* Makes the pools, fills them and joins them to a new world of the default def (its max_dt
 * clamps a hitch for every pool alike), recording events. A few elements of each kind with
 * events are placed so that their events fall within the run (a piece released, a flyer
 * landing, chasers entering phases and locking, rockets entering phases and dropping their
 * stage); the others' fall long after it. MOTE_OK or the first refusal (the scene then holds
 * nothing). */
mote_status demo_world_create(demo_world_scene *scene);

/* One world step of dt seconds; the world's status. */
mote_status demo_world_step(demo_world_scene *scene, float dt);

void demo_world_destroy(demo_world_scene *scene);

/* The scene's run: 2 s at 60 Hz, one 10 s frame (what each pool advanced, and what a step of
 * it alone would have), a save, 2 s more, a restore of the save and the same 2 s again,
 * printing every event of the world as it happens (element id, code, time within the step)
 * and a line per phase; the second continuation must match the first bit for bit (its state's
 * snapshot and its events). Returns false (after printing why) if a call failed or the
 * continuations differ. */
bool demo_world_run(void);

#endif
