/* Seeded random numbers for the tools. */
#include <math.h>

#include "tool_rng.h"

float tool_rng_log_range(tool_rng *rng, float lo, float hi) {
    double a = log((double)lo);
    double b = log((double)hi);
    return (float)exp(a + (b - a) * tool_rng_unit(rng));
}
