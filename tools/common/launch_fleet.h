/* A launch fleet for the tools' scenes (mote-demo's launch scene, mote-samples' launch sample),
 * through the public API only: count rockets launching one after another over a schedule, each
 * its own turn blend and signed crossrange drawn from a seed, and each rocket's first stage,
 * detached when the rocket's own time reaches the end of its acceleration phase. */
#ifndef MOTE_TOOL_LAUNCH_FLEET_H
#define MOTE_TOOL_LAUNCH_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include "mote/mote.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct launch_fleet {
    uint64_t seed;
    size_t count;      /* rockets */
    float schedule;    /* s over which the launches are spread: rocket i at schedule i / count */
    float turn_spread; /* turn blends drawn in [1 - turn_spread, 1 + turn_spread] */
    float crossrange;  /* crossranges drawn in [-crossrange, crossrange] */
} launch_fleet;

/* Rocket i of the fleet (i < count). */
mote_launch_rocket launch_fleet_rocket(const launch_fleet *fleet, size_t i);

/* Makes the fleet's pools on backend: *rockets holding every rocket (in index order), *stages
 * empty with room for a stage a rocket. MOTE_OK, or the first failing call's status (the pools
 * made are in *rockets and *stages, NULL those not: destroy both either way). */
mote_status launch_fleet_create(const launch_fleet *fleet, mote_backend backend,
                                mote_launch_pool **rockets, mote_stage_pool **stages);

/* Adds to stages the first stage of every rocket from *detached on whose own time at clock (the
 * launch pool's, s) has reached detach_time (s of its own time, the end of its acceleration
 * under profile), in index order (the rockets launch in index order), counting them in
 * *detached. Each stage is captured from its rocket's world transform at that exact time
 * (mote_launch_evaluate) composed with the stage's local one (1 unit below, along -y), its
 * separation frame taken from the flight direction and the radial (side: +x), its tilt and spin
 * drawn from the rocket's index, its time and pose those of now (the time since detach_time).
 * MOTE_OK, or the first failing call's status (the stages added before it stay). */
mote_status launch_fleet_detach_due(const launch_fleet *fleet, const mote_launch_profile *profile,
                                    float detach_time, double clock, mote_stage_pool *stages,
                                    size_t *detached);

#ifdef __cplusplus
}
#endif

#endif
