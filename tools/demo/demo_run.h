/* mote-demo's main loop: the scene stepped at a fixed rate with goals that move. */
#ifndef MOTE_DEMO_RUN_H
#define MOTE_DEMO_RUN_H

#include "demo_scene.h"

#define DEMO_STEP_HZ       60u /* steps per simulated second */
#define DEMO_SECONDS       10u /* simulated seconds */
#define DEMO_GOAL_INTERVAL 60u /* steps between goal changes: every simulated second */

/* Steps every pool DEMO_STEP_HZ * DEMO_SECONDS times by 1/DEMO_STEP_HZ s, giving every spring
 * a new goal each simulated second. Returns the wall-clock seconds spent in the pool steps
 * (goal changes excluded), or a negative number if a step failed. */
double demo_run_scene(demo_scene *scene, uint64_t seed);

#endif
