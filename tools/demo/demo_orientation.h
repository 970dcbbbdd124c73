/* mote-demo's orientation scene: 2,048 turrets turning toward drones that fly circles and
 * change hands every two seconds (orientation control), and 2,048 ships blending from one
 * spinning animation clip to the next (inertialization). */
#ifndef MOTE_DEMO_ORIENTATION_H
#define MOTE_DEMO_ORIENTATION_H

#include "mote/mote.h"

#define DEMO_ORIENTATION_TURRETS 2048u
#define DEMO_ORIENTATION_SHIPS   2048u
#define DEMO_ORIENTATION_SECONDS 6u /* simulated, at 60 Hz */

/* Runs the orientation scene on backend and on the scalar reference from the same start, and
 * prints turrets and ships per second for both, the speedups, how well the turrets are on
 * target and the ships' blends settled, and the largest difference per field group. Returns
 * false (after printing why) if a call failed. */
bool demo_orientation_run(mote_backend backend);

#endif
