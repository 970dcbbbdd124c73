/* Internal: the documented error bounds of the mover kernel against the scalar reference,
 * in one place for the test suite and mote-compare (the numbers, and why, are in the header
 * comment of mover_kernels.c). */
#ifndef MOTE_MOVER_BOUNDS_H
#define MOTE_MOVER_BOUNDS_H

#include <math.h>

#include "mover_fields.h"

/* The step count the relative (long-run) bounds are stated for. */
#define MOVER_BOUND_STEPS 1000

typedef struct mover_bound {
    double one_step_ulp; /* scaled ULP (see mover_scale) */
    double ulp_per_rate; /* angular velocities: this many more scaled ULP per 1/dt */
    double relative;     /* |wide - ref| / scale after MOVER_BOUND_STEPS steps */
} mover_bound;

/* Indexed by the state fields MOVER_POSITION_X .. MOVER_IMMEDIATE_ANGULAR_VELOCITY. */
static const mover_bound mover_bounds[MOVER_STATE_COUNT] = {
    [MOVER_POSITION_X] = {0, 0, 0},
    [MOVER_POSITION_Y] = {0, 0, 0},
    [MOVER_VELOCITY_X] = {0, 0, 0},
    [MOVER_VELOCITY_Y] = {0, 0, 0},
    [MOVER_ACCELERATION_X] = {0, 0, 0},
    [MOVER_ACCELERATION_Y] = {0, 0, 0},
    [MOVER_IMMEDIATE_VELOCITY_X] = {0, 0, 0},
    [MOVER_IMMEDIATE_VELOCITY_Y] = {0, 0, 0},
    [MOVER_ROTATION] = {6, 0, 1e-5},
    [MOVER_ANGULAR_VELOCITY] = {4, 1.1, 5e-5},
    [MOVER_IMMEDIATE_ROTATION] = {6, 0, 1e-5},
    [MOVER_IMMEDIATE_ANGULAR_VELOCITY] = {4, 1.1, 5e-5},
};

/* True for the facing fields (the only ones the wide kernel does not match bit for bit). */
static inline bool mover_is_facing_field(int field) {
    return field >= MOVER_ROTATION && field < MOVER_STATE_COUNT;
}

/* Bound on one step of substeps sub-steps of dt seconds for one state field, in scaled ULP:
 * each sub-step chases the same (rounded) facing goal, so their differences add up. */
static inline double mover_one_step_bound(int field, float dt, int substeps) {
    const mover_bound *b = &mover_bounds[field];
    return (double)substeps * (b->one_step_ulp + (dt > 0.0f ? b->ulp_per_rate / (double)dt : 0.0));
}

/* The magnitude a facing field's difference is measured against: the largest of the
 * element's facing fields before and after, and pi (the facing goal's own scale). before and
 * after hold one element's MOVER_STATE_COUNT state values. */
static inline double mover_facing_scale(const float *before, const float *after) {
    double scale = 3.14159265358979323846;
    for (int f = MOVER_ROTATION; f < MOVER_STATE_COUNT; ++f) {
        scale = fmax(scale, fabs((double)before[f]));
        scale = fmax(scale, fabs((double)after[f]));
    }
    return scale;
}

#endif
