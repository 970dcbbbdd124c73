/* mote-demo's docking scene: thousands of chasers docking with their own spinning stations. */
#ifndef MOTE_DEMO_DOCKING_H
#define MOTE_DEMO_DOCKING_H

#include "mote/mote.h"

#define DEMO_DOCKING_SEQUENCES 5000u
#define DEMO_DOCKING_SECONDS   29u /* simulated, at 60 Hz: the last start (4 s) locks by 28.5 s */

/* Runs the docking scene on backend and on the scalar reference from the same seeded start,
 * and prints sequences per second for both, the speedup, how many sequences were in each
 * phase at 22 s and at the end, the largest distance of a locked chaser from its
 * target, and the largest difference per field group. Returns false (after printing why) if
 * a call failed. */
bool demo_docking_run(mote_backend backend);

#endif
