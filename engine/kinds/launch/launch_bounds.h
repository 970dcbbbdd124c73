/* Internal: the launch kernel's bounds against the scalar reference, for its tests and
 * mote-compare (reasoning in engine/kinds/launch/launch_kernels.c). The pose is a function of the
 * clock alone, nothing is carried from one evaluation to the next: the bounds after
 * LAUNCH_BOUND_STEPS steps are the one-evaluation bounds. */
#ifndef MOTE_LAUNCH_BOUNDS_H
#define MOTE_LAUNCH_BOUNDS_H

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

/* s: the clock a seeded state (the probe's seed_state) and mote-compare's run start from, an
 * hour into play, where the clock's rounding is what a long-running game sees. */
#define LAUNCH_SEED_CLOCK 3600.0

#endif
