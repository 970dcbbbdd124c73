/* Internal: the documented error bounds of the spring kernels against the scalar reference,
 * in one place for the test suite and mote-compare (the numbers, and why, are in the header
 * comment of spring_kernels.c). */
#ifndef MOTE_SPRING_BOUNDS_H
#define MOTE_SPRING_BOUNDS_H

#include <math.h>

#include "mote/spring_pool.h"
#include "spring_fields.h"

/* The step count the relative (long-run) bounds are stated for. */
#define SPRING_BOUND_STEPS 1000

typedef struct spring_bound {
    double one_step_ulp; /* scaled ULP, every written field */
    /* Double kinds: the visible spring's v amplifies the intermediate's one-ULP difference by
     * y^2 dt e^(-y dt) <= 0.54 / dt; v's bound adds this many scaled ULP per 1/dt. */
    double v_ulp_per_rate;
    double relative; /* |wide - ref| / scale after SPRING_BOUND_STEPS steps */
    /* Past SPRING_BOUND_STEPS the relative bound grows as (steps / SPRING_BOUND_STEPS) to
     * this power: 1 where the drift adds up step by step, 2 for the angle kinds, whose
     * wrapped angle integrates a drifting velocity. */
    int growth_power;
} spring_bound;

static const spring_bound spring_bounds[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_CRITICAL] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_ANGLE] = {4, 0, 1e-3, 2},
    [MOTE_SPRING_DOUBLE_ANGLE] = {8, 1.1, 1e-3, 2},
    [MOTE_SPRING_DECAY] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_SEMI_IMPLICIT] = {0, 0, 0, 1},
    [MOTE_SPRING_EXP_RESPONSE] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_DAMPED] = {8, 0, 4.8e-4, 1},
    [MOTE_SPRING_DOUBLE] = {8, 1.1, 2.4e-4, 1},
    /* the offset as decay (4), and the output's sum, at most twice the scale, rounded once
     * more (2) */
    [MOTE_SPRING_INERTIALIZE] = {6, 0, 2.4e-4, 1},
    /* the critical spring's exp (timed, velocity: their targets' arithmetic is the
     * reference's), extrapolate's expm1 and dead_blend's exp: as critical */
    [MOTE_SPRING_TIMED] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_VELOCITY] = {4, 0, 2.4e-4, 1},
    /* three expm1 blends in series on v, then x = x + dt v; the scale includes the velocity
     * the acceleration adds, |goal_a| dt (spring_scale_floor), which the blends carry */
    [MOTE_SPRING_TRACKING] = {12, 0, 2.4e-4, 1},
    [MOTE_SPRING_EXTRAPOLATE] = {4, 0, 2.4e-4, 1},
    [MOTE_SPRING_DEAD_BLEND] = {4, 0, 2.4e-4, 1},
};

/* Bound on one step of dt for one written field, in scaled ULP. */
static inline double spring_one_step_bound(mote_spring_kind kind, int field, float dt) {
    const spring_bound *b = &spring_bounds[kind];
    double extra = (field == SPRING_FIELD_V && dt > 0.0f) ? b->v_ulp_per_rate / (double)dt : 0.0;
    return b->one_step_ulp + extra;
}

/* The least scale an element of kind is judged at, beside its state's magnitudes: tracking's
 * velocity passes through v + goal_a dt a_blend before its other blends, so an ULP of those
 * blends is an ULP of |goal_a| dt, which no state field holds; 0 for the other kinds. */
static inline double spring_scale_floor(mote_spring_kind kind, float incoming_a, float dt) {
    return kind == MOTE_SPRING_TRACKING ? fabs((double)incoming_a * (double)dt) : 0.0;
}

/* Relative bound after steps steps of 1/60 s. */
static inline double spring_relative_bound(mote_spring_kind kind, long steps) {
    double bound = spring_bounds[kind].relative;
    if (steps > SPRING_BOUND_STEPS) {
        double ratio = (double)steps / (double)SPRING_BOUND_STEPS;
        for (int p = 0; p < spring_bounds[kind].growth_power; ++p) {
            bound *= ratio;
        }
    }
    return bound;
}

#endif
