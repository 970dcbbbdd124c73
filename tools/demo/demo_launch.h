/* mote-demo's launch scene: a launch schedule of 4,096 rockets leaving the planet at staggered
 * times, each dropping its first stage at the end of its acceleration phase. */
#ifndef MOTE_DEMO_LAUNCH_H
#define MOTE_DEMO_LAUNCH_H

#include "mote/mote.h"

#define DEMO_LAUNCH_ROCKETS 4096u
#define DEMO_LAUNCH_SECONDS 36u /* simulated, at 60 Hz */

/* Runs the launch scene on backend and on the scalar reference from the same start, and
 * prints rockets (and stages) per second for both, the speedups, where the fleet is (rockets
 * per phase, stages detached, the highest altitude) and the largest difference per field
 * group. Returns false (after printing why) if a call failed. */
bool demo_launch_run(mote_backend backend);

#endif
