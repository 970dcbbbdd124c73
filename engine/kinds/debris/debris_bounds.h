/* Internal: the documented error bounds of the debris model, in one place for the reference
 * tests, the kernel tests and mote-compare (the reasoning is in the header comment of
 * debris_kernels.c). */
#ifndef MOTE_DEBRIS_BOUNDS_H
#define MOTE_DEBRIS_BOUNDS_H

/* Reference against the seed's formulas in double ----------------------------------------- */

/* Release velocity: |ref - analytic| per component, relative to the velocity's scale
 * |spin| (|ship position| + |offset|) + the kick speeds. */
#define DEBRIS_RELEASE_VELOCITY_REL 1e-6

/* Free flight without gravity: distance from the exact line p0 + v0 t, per step, relative to
 * |p0| + |v0| t (each step rounds the position once). */
#define DEBRIS_FREE_FLIGHT_REL_PER_STEP 1.2e-7

/* Orientation stays unit length: ||q| - 1| after any number of steps. */
#define DEBRIS_UNIT_LENGTH_TOLERANCE 3e-7

/* Tumble at constant omega for n steps of dt: the angle (rad) between the result and the
 * exact rotation by |omega| n dt about omega is at most
 *   1e-6 + 6e-8 n (1 + |omega| dt).
 * Each step's rotation and renormalisation rounds about half an ULP of a unit quaternion
 * (6e-8 rad), and the rounding of the step angle |omega| dt (relative 6e-8) repeats with the
 * same sign at a constant omega. Measured (reference and every variant): 3.5e-4 rad after
 * 100,000 steps at |omega| dt = 0.066 (bound 6.4e-3), 7.4e-5 after 1,000 steps at
 * |omega| dt = 1.53 (bound 1.5e-4). */
static inline double debris_tumble_angle_bound(long steps, double step_angle) {
    return 1e-6 + 6e-8 * (double)steps * (1.0 + step_angle);
}

/* Wide kernels against the reference --------------------------------------------------------
 * time, phase, position and velocity are bit-identical (0 ULP) for any number of steps. */

/* The step count the long-run bound is stated for. */
#define DEBRIS_BOUND_STEPS 1000

/* Orientation, absolute per component (a unit quaternion: 4 ULP of 1 is 4.8e-7). */
#define DEBRIS_ORIENTATION_ONE_STEP 4.8e-7
/* ... after DEBRIS_BOUND_STEPS steps of 1/60 s under a spinning ship. */
#define DEBRIS_ORIENTATION_LONG_RUN 2e-5

/* The station spin's angle (mote_station_spin_angle_at, and the wrapped angle a step stores)
 * against its exact integral in double at the same clock, rad, over the seed's timeline (the
 * angle reaches 72.45 rad; 2 ULP of it is 1.5e-5, the float 3.15 and the wrap's float 2 pi
 * add 2e-6 each). */
#define STATION_SPIN_ANGLE_TOLERANCE 1.5e-5

#endif
