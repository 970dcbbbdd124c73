/* Internal: the docking model's per-step constants and its one sub-step, shared by the public
 * reference (docking_ref.c), the diagnostics, the scalar kernel and the pool. The wide kernel
 * (engine/kinds/docking/docking_kernels.c) repeats docking_substep operation for operation. */
#ifndef MOTE_DOCKING_MODEL_H
#define MOTE_DOCKING_MODEL_H

#include "mote/docking.h"
#include "spin_angle.h"

/* What one step of a profile shares across every sequence: the sub-steps, the timeline as
 * start and span of each range, the profile's scalars and its vectors normalised. */
typedef struct mote_docking_constants {
    int substeps;      /* sub-steps of this step (0 for dt == 0) */
    float h;           /* s, the clock's advance per sub-step: dt / substeps */
    float spring_h;    /* s, the spring's dt per sub-step: min(h, max_substep) */
    float rate;        /* station_spin_rate */
    float spin_up_end; /* spin-up range [0, spin_up_end] */
    float approach_start, approach_span;
    float settle_start, settle_span;
    float spin_down_start, spin_down_span, spin_down_end;
    float clearance, radial_offset;
    float stiffness_start, stiffness_end, damping_start, damping_end;
    float lock_threshold, lerp_start, lerp_span;
    mote_vec3 forward, port, axis, up; /* station forward, port offset, dock axis, chaser up */
    /* rotation(forward, station angle at approach_start): the capture frame's spin, the same
     * for every sequence (the angle is a function of the clock alone), libm sinf/cosf */
    mote_quat capture_spin;
} mote_docking_constants;

/* The constants of a step of dt seconds (dt >= 0 finite, profile valid). */
mote_docking_constants mote_docking_constants_make(const mote_docking_profile *profile, float dt);

/* x = clamp((value - start) / span, 0, 1), by comparisons (no fminf/fmaxf: the kernels select
 * the same way, signed zeros included). */
static inline float docking_ramp_x(float value, float start, float span) {
    float x = (value - start) / span;
    x = x < 0.0f ? 0.0f : x;
    return x > 1.0f ? 1.0f : x;
}

/* smoothstep of a clamped x: (x x) (3 - 2 x). */
static inline float docking_smooth(float x) {
    return x * x * (3.0f - 2.0f * x);
}

/* The integral of smoothstep over [0, x]: ((x x) x) (1 - x / 2) (spin_angle.h's). */
static inline float docking_smooth_integral(float x) {
    return spin_smooth_integral(x);
}

/* The sequence's timeline at clock t: te = max(t, 0), the phase values and the spin angles. */
typedef struct docking_time {
    float te;
    float spin_up_t, approach_t, dock_t, spin_down_t;
    float station_angle, chaser_angle;
} docking_time;

docking_time docking_time_at(const mote_docking_constants *c, float t);

/* The station frame at a spin: Q = normalize(base * spin), port = station + Q port offset,
 * axis = normalize(Q dock axis). */
typedef struct docking_frame {
    mote_quat q;
    mote_vec3 port, axis;
} docking_frame;

docking_frame docking_frame_at(const mote_docking_constants *c, mote_vec3 station, mote_quat base,
                               mote_quat spin);

/* The spring target of a captured sequence at phase values tm in frame f; writes the
 * corridor's parallel and radial distances. */
mote_vec3 docking_target(const mote_docking_constants *c, const mote_docking_state *s,
                         const docking_time *tm, const docking_frame *f, float *parallel,
                         float *radial);

/* One sub-step of c->h seconds (the order of mote_docking_step's comment). */
void docking_substep(const mote_docking_constants *c, mote_docking_state *s);

/* NULL, invalid profile, non-finite or zero-base state: the status mote_docking_step gives. */
mote_status docking_check(const mote_docking_profile *profile, const mote_docking_state *s);

/* A state inside the domain (mote/docking.h): MOTE_OK, or the refusal naming the member
 * (MOTE_ERROR_NON_FINITE, MOTE_ERROR_INVALID_ARGUMENT). */
mote_status docking_state_check(const mote_docking_state *s);

/* x held within [-bound, bound] by comparisons (a NaN stays NaN; the kernels select the same
 * way): how a sub-step keeps the clock, the chaser and its velocity inside the domain. */
static inline float docking_hold(float x, float bound) {
    const float below = x > bound ? bound : x;
    return below < -bound ? -bound : below;
}

/* The clock after a sub-step of h: time + h, stopping at MOTE_DOCKING_TIME_MAX (the clock only
 * rises; a NaN stays NaN). */
static inline float docking_clock_after(float time, float h) {
    const float t = time + h;
    return t > MOTE_DOCKING_TIME_MAX ? MOTE_DOCKING_TIME_MAX : t;
}

static inline mote_vec3 docking_hold3(mote_vec3 v, float bound) {
    return (mote_vec3){docking_hold(v.x, bound), docking_hold(v.y, bound),
                       docking_hold(v.z, bound)};
}

#endif
