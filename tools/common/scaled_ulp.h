/* The error metric the tools report: "scaled ULP" (engine/kinds/spring/spring_kernels.c).
 *
 * The difference between a wide result and the scalar reference is measured in units in the
 * last place of max(|reference|, scale), where scale is the largest magnitude among the
 * element's state (x, v, goal, xi, vi) before and after the step. Cancellation near zero
 * (x - goal with both large) is so judged at the scale of the numbers that cancelled, not
 * at the tiny result.
 *
 * Angles (the x and xi of the angle kinds) differ by their distance on the circle: two
 * results a whole turn apart are the same facing. */
#ifndef MOTE_SCALED_ULP_H
#define MOTE_SCALED_ULP_H

#include <stdbool.h>

/* Spacing of floats at magnitude m (>= 0): 2^(exponent(m) - 23), at least 2^-149 (the
 * smallest subnormal). */
double scaled_ulp_unit(float m);

/* |wide - reference| as a double: 0 for identical bits or two NaNs, infinity for a NaN
 * against a number. With angle set, the distance on the circle (at most pi). */
double scaled_ulp_difference(float wide, float reference, bool angle);

/* difference / ulp(max(|reference|, scale)); 0 for no difference, infinity for an infinite
 * or NaN difference. */
double scaled_ulp_from_difference(double difference, float reference, float scale);

/* difference / max(|reference|, scale); 0 for no difference, infinity for an infinite or NaN
 * difference or when reference and scale are both 0. */
double scaled_ulp_relative_from_difference(double difference, float reference, float scale);

/* Scaled ULP between a wide result and the reference (plain values, not angles). */
double scaled_ulp_distance(float wide, float reference, float scale);

#endif
