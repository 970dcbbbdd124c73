/* The scaled ULP metric (see scaled_ulp.h). */
#include <math.h>
#include <string.h>

#include "scaled_ulp.h"

#define TWO_PI 6.28318530717958647692

double scaled_ulp_unit(float m) {
    double magnitude = fabs((double)m);
    if (!(magnitude >= 0x1p-126)) {
        return 0x1p-149; /* zero and subnormals: the subnormal spacing */
    }
    if (isinf(magnitude)) {
        return INFINITY;
    }
    int exponent;
    frexp(magnitude, &exponent); /* magnitude = f * 2^exponent, f in [0.5, 1) */
    return ldexp(1.0, exponent - 24);
}

double scaled_ulp_difference(float wide, float reference, bool angle) {
    if (memcmp(&wide, &reference, sizeof wide) == 0 || (isnan(wide) && isnan(reference))) {
        return 0.0;
    }
    if (isnan(wide) || isnan(reference)) {
        return INFINITY;
    }
    double difference = (double)wide - (double)reference;
    if (angle && isfinite(difference)) {
        difference = remainder(difference, TWO_PI);
    }
    return fabs(difference);
}

static double larger_magnitude(float reference, float scale) {
    double r = fabs((double)reference);
    double s = fabs((double)scale);
    return r > s ? r : s;
}

double scaled_ulp_from_difference(double difference, float reference, float scale) {
    if (difference == 0.0) {
        return 0.0;
    }
    if (!isfinite(difference)) {
        return INFINITY;
    }
    return difference / scaled_ulp_unit((float)larger_magnitude(reference, scale));
}

double scaled_ulp_relative_from_difference(double difference, float reference, float scale) {
    if (difference == 0.0) {
        return 0.0;
    }
    double denominator = larger_magnitude(reference, scale);
    if (!isfinite(difference) || denominator == 0.0) {
        return INFINITY;
    }
    return difference / denominator;
}

double scaled_ulp_distance(float wide, float reference, float scale) {
    return scaled_ulp_from_difference(scaled_ulp_difference(wide, reference, false), reference,
                                      scale);
}
