/* Internal: the documented bounds of the flight kernels against the scalar reference, in one
 * place for the kernel tests, the pool tests and mote-compare (the reasoning is in the header
 * comment of engine/kinds/flight/flight_kernels.c). The pose is a function of the clock alone, so
 * the bounds do not grow with the number of steps: one number per field holds after one step and
 * after FLIGHT_BOUND_STEPS. Measured on every variant by engine/kinds/flight/test_flight_kernels.c
 * over flights within 60 units of the origin, degenerate ones included (in brackets). */
#ifndef MOTE_FLIGHT_BOUNDS_H
#define MOTE_FLIGHT_BOUNDS_H

/* The step count the long-run check runs (whole flights at 60 Hz: every flyer lands). */
#define FLIGHT_BOUND_STEPS 1000

/* time, landed, position, velocity and the plan: bit-identical (0 ULP). */

/* bank, rad, absolute: atan through mote_w_atan2 (<= 2 ULP) against libm atanf, banks up to
 * the 45-degree cap (one ULP of pi/4 is 6e-8) [6.0e-8]. */
#define FLIGHT_BANK_ABS 2.4e-7

/* orientation (unit quaternion), per component, absolute: the level roll's atan2 and the
 * banked rotation's sin/cos (mote_w_quat_axis_angle, within 2.4e-7 of libm's) [2.2e-7]. */
#define FLIGHT_ORIENTATION_ABS 6e-7

#endif
