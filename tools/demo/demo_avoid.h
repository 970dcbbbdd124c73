/* mote-demo's avoiding crowd: the circle scene (bodies on a ring each walking to the opposite
 * point through one mover pool with avoidance on), stepped at 60 Hz on the best backend and on
 * the scalar reference from the same start. */
#ifndef MOTE_DEMO_AVOID_H
#define MOTE_DEMO_AVOID_H

#include <stdbool.h>

#include "mote/mote.h"

#define DEMO_AVOID_COUNT 200u

/* Runs the scene on backend and on the scalar reference and prints bodies per second for both,
 * the speedup, the closest any two bodies came (over the sum of their radii), how many arrived,
 * and the largest position difference between the two (0: the same bits). Returns false (after
 * saying why) if a pool call failed. */
bool demo_avoid_run(mote_backend backend);

#endif
