/* Internal: the documented bounds of the docking model, in one place for the reference tests,
 * the kernel tests and mote-compare (the kernel's reasoning is in the header comment of
 * docking_kernels.c). */
#ifndef MOTE_DOCKING_BOUNDS_H
#define MOTE_DOCKING_BOUNDS_H

/* Reference properties ---------------------------------------------------------------------- */

/* The chaser's radial error (distance from the dock axis) at the end of settle, for the
 * default profile and a chaser captured within 3 units of the axis, at any step rate from
 * 30 Hz to 240 Hz: the spring's lag behind a corridor turning at 3.15 rad/s. Measured
 * 9.8e-3 at 30 Hz (tests/test_docking_ref.c). A dock port off the spin axis moves, and the
 * spring (no feed-forward, as the seed's) lags it: no such bound there. */
#define DOCKING_SETTLE_RADIAL_ERROR 0.05

/* The final locked pose at two step rates: relative difference (the target is analytic in
 * the clock; only the captured start values round differently). */
#define DOCKING_FRAME_RATE_REL 1e-5

/* Orientation: |rotate(q, up) + dock_axis| per component, and ||q| - 1|. */
#define DOCKING_ALIGNMENT_TOLERANCE 1e-5
#define DOCKING_UNIT_TOLERANCE      1e-6

#endif
