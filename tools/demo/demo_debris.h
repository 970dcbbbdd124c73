/* mote-demo's debris scene: 100,000 pieces peeling off a spinning station. */
#ifndef MOTE_DEMO_DEBRIS_H
#define MOTE_DEMO_DEBRIS_H

#include "mote/mote.h"

#define DEMO_DEBRIS_PIECES  100000u
#define DEMO_DEBRIS_SECONDS 4u /* simulated, at 60 Hz */

/* Runs the debris scene on backend and on the scalar reference from the same seeded start,
 * and prints pieces per second for both, the speedup, the pieces released (as the steps
 * reported them), the fastest piece against the cap, and the largest difference per field
 * group. Returns false (after printing why) if a call failed. */
bool demo_debris_run(mote_backend backend);

#endif
