/* Internal: the launch kernel's bounds against the scalar reference, for its tests and
 * mote-compare (reasoning in engine/kinds/launch/launch_kernels.c). The pose is a function of the
 * clock alone, nothing is carried from one evaluation to the next: the bounds after
 * LAUNCH_BOUND_STEPS steps are the one-evaluation bounds. */
#ifndef MOTE_LAUNCH_BOUNDS_H
#define MOTE_LAUNCH_BOUNDS_H

#include <math.h>

#include "mote/launch.h"

/* The step count the long-run bound is stated for. */
#define LAUNCH_BOUND_STEPS 1000

/* phase, distance, speed, altitude: bit-identical. */
#define LAUNCH_EXACT_ULP 0
/* ground_arc, in ULP (mote_w_pow against powf: |1.22 ln distance| ULP, up to 28 at the
 * slow phase's first distances of 2^-20; measured 19). The roll: 4 ULP of its 0.0128 bound. */
#define LAUNCH_GROUND_ARC_ULP 32
/* Absolute bounds in units of each field's scale (launch_kernels.c): unit vectors,
 * quaternions and the roll (scale 1); position (scale planet_radius + altitude); velocity
 * (scale 1 + the rocket's largest velocity component). */
#define LAUNCH_UNIT_ABS     4e-7
#define LAUNCH_ROLL_ABS     4e-9
#define LAUNCH_POSITION_REL 2.5e-7
#define LAUNCH_VELOCITY_REL 2.5e-6

/* The bounds at the domain's edges (mote/launch.h), for profiles other than the seed's: */
/* the roll: LAUNCH_ROLL_FAR_REL of the profile's roll bound (roll_amplitude + 2
 * vibration_amplitude), at least LAUNCH_ROLL_ABS: a rocket's own time of up to
 * MOTE_LAUNCH_OWN_TIME_MAX takes mote_w_sincos to arguments of 4.2e6 rad, past the 8192 where
 * it is held to one ULP (measured 3.3e-7 of the roll bound at the seed's frequencies); */
#define LAUNCH_ROLL_FAR_REL 1e-6
static inline double launch_roll_bound(const mote_launch_profile *p) {
    const double roll =
        fabs((double)p->roll_amplitude) + 2.0 * fabs((double)p->vibration_amplitude);
    return roll * LAUNCH_ROLL_FAR_REL > LAUNCH_ROLL_ABS ? roll * LAUNCH_ROLL_FAR_REL
                                                        : LAUNCH_ROLL_ABS;
}
/* the position: LAUNCH_POSITION_REL of planet_radius + |altitude| + the crossrange's reach
 * (MOTE_LAUNCH_CROSSRANGE_MAX |max_crossrange|) + |planet_center| (each component); */
static inline double launch_position_scale(const mote_launch_profile *p, float altitude) {
    const mote_vec3 c = p->planet_center;
    return (double)p->planet_radius + fabs((double)altitude) +
           MOTE_LAUNCH_CROSSRANGE_MAX * fabs((double)p->max_crossrange) + fabs((double)c.x) +
           fabs((double)c.y) + fabs((double)c.z);
}
/* the ground arc: LAUNCH_GROUND_ARC_ULP, or an absolute 32 ULP of the arc at the distance
 * 2^-20 where mote_w_pow's bound starts (the first distances of an ascent). */
static inline double launch_ground_arc_floor(const mote_launch_profile *p) {
    const double arc = fabs((double)p->max_ground_arc) * MOTE_LAUNCH_TURN_BLEND_MAX *
                       pow(0x1p-20, (double)p->ground_arc_exponent);
    return LAUNCH_GROUND_ARC_ULP * arc * 0x1p-23;
}

/* s: the clock a seeded state (the probe's seed_state) and mote-compare's run start from, an
 * hour into play, where the clock's rounding is what a long-running game sees. */
#define LAUNCH_SEED_CLOCK 3600.0

#endif
