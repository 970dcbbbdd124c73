/* mote-demo's crowd: 50,000 characters in one mover pool walking between waypoints, stepped
 * at 60 Hz for 4 simulated seconds on the best backend and on the scalar reference from the same
 * start. */
#ifndef MOTE_DEMO_MOVER_H
#define MOTE_DEMO_MOVER_H

#include <stdint.h>

#include "mote/mote.h"

#define DEMO_MOVER_COUNT 50000u

/* Runs the crowd on backend and on the scalar reference and prints movers per second for
 * both, the speedup and the largest differences. Returns false (after saying why) if a pool
 * call failed. */
bool demo_mover_run(mote_backend backend, uint64_t seed);

#endif
