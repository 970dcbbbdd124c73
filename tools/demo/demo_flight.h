/* mote-demo's flock scene: 4,000 flyers landing on perches along 20 wires. */
#ifndef MOTE_DEMO_FLIGHT_H
#define MOTE_DEMO_FLIGHT_H

#include "mote/mote.h"

#define DEMO_FLIGHT_FLYERS  4000u
#define DEMO_FLIGHT_SECONDS 10u /* simulated, at 60 Hz */

/* Runs the flock scene on backend and on the scalar reference from the same seeded start,
 * and prints flyers per second for both, the speedup, the flyers that landed (as the steps
 * reported them) and were re-targeted, the steepest bank against the cap, and the largest
 * difference per field group. Returns false (after printing why) if a call failed. */
bool demo_flight_run(mote_backend backend);

#endif
