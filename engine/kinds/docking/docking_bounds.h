/* Internal: the documented bounds of the docking model, in one place for the reference tests,
 * the kernel tests and mote-compare (the kernel's reasoning is in the header comment of
 * docking_kernels.c). */
#ifndef MOTE_DOCKING_BOUNDS_H
#define MOTE_DOCKING_BOUNDS_H

#include "mote/docking.h"

/* Reference properties ---------------------------------------------------------------------- */

/* The chaser's radial error (distance from the dock axis) at the end of settle, for the
 * default profile and a chaser captured within 3 units of the axis, at any step rate from
 * 30 Hz to 240 Hz: the spring's lag behind a corridor turning at 3.15 rad/s. Measured
 * 9.8e-3 at 30 Hz (engine/kinds/docking/test_docking_ref.c). A dock port off the spin axis moves,
 * and the spring (no feed-forward, as the seed's) lags it: no such bound there. */
#define DOCKING_SETTLE_RADIAL_ERROR 0.05

/* The final locked pose at two step rates: relative difference (the target is analytic in
 * the clock; only the captured start values round differently). */
#define DOCKING_FRAME_RATE_REL 1e-5

/* Orientation: |rotate(q, up) + dock_axis| per component, and ||q| - 1|. */
#define DOCKING_ALIGNMENT_TOLERANCE 1e-5
#define DOCKING_UNIT_TOLERANCE      1e-6

/* Wide kernels against the reference ---------------------------------------------------------
 * Bit-identical (0 ULP) for any number of steps: the clock, the spin angles (polynomials of
 * the clock), captured, locked, the captured start values and direction (the capture frame's
 * spin is a per-step constant and a chaser moves without any transcendental until captured),
 * and the station (never written). The rest differ through mote_w_sincos in the station's and
 * the chaser's spin rotations; absolute per component, for chasers within 200 units of the
 * origin (one ULP of a position there is 1.5e-5), measured on every variant by
 * engine/kinds/docking/test_docking_kernels.c (in brackets): */

/* The step count the long-run bounds are stated for. */
#define DOCKING_BOUND_STEPS 1000

/* position and spring_position [3.8e-6 one step, 7.6e-6 after 1,000 steps] */
#define DOCKING_POSITION_ONE_STEP 1.6e-5
#define DOCKING_POSITION_LONG_RUN 3.2e-5
/* velocity [2.7e-6 one step, 1.0e-5 after 1,000 steps] */
#define DOCKING_VELOCITY_ONE_STEP 5e-6
#define DOCKING_VELOCITY_LONG_RUN 3e-5
/* orientation (unit quaternion) [1.3e-6 one step, 1.4e-6 after 1,000 steps; over the
 * 100,000 chasers of mote-compare's default run one step reaches 3.11e-6 (26 ULP of a
 * component: the wide sincos of a spin angle of tens of radians), the same over 1,000,000] */
#define DOCKING_ORIENTATION_ONE_STEP 4e-6
#define DOCKING_ORIENTATION_LONG_RUN 4e-6

/* Past 200 units: the bounds above scale with the sequence's largest position magnitude
 * (station, chaser, spring, and the captured start_parallel and start_radial, the target's
 * reach), one ULP of a position being relative; */
static inline double docking_scaled_bound(double bound, double scale) {
    return scale > 200.0 ? bound * (scale / 200.0) : bound;
}
/* and the velocity's with the spring too: its stiffness turns a position's difference into an
 * acceleration (max(k) max_substep per sub-step, at least 1). */
static inline double docking_scaled_velocity_bound(const mote_docking_profile *p, double scale) {
    const double k = p->stiffness_start > p->stiffness_end ? p->stiffness_start : p->stiffness_end;
    const double gain = k * p->max_substep > 1.0 ? k * p->max_substep : 1.0;
    return docking_scaled_bound(DOCKING_VELOCITY_LONG_RUN, scale) * gain;
}

#endif
