/* Internal: the launch reference's unchecked core, shared by mote_launch_evaluate, the scalar
 * kernel and the tests: the pose at a rocket's own time from a checked profile and timeline. */
#ifndef MOTE_LAUNCH_REF_H
#define MOTE_LAUNCH_REF_H

#include "mote/launch.h"

/* The rocket flags as the launch pool stores them, one float: no_roll 1, no_vibration 2,
 * no_camera_shake 4, summed. */
float mote_launch_flags_encode(const mote_launch_rocket *rocket);
/* Sets the three flags of rocket from a stored float (rounded down to 0..7 by halves). */
void mote_launch_flags_decode(float flags, mote_launch_rocket *rocket);

/* mote_smoothstep for edge1 > edge0, as the kernels compute it:
 * x = clamp((value - edge0) / width, 0, 1), x x (3 - 2 x), width = edge1 - edge0. */
static inline float mote_launch_smooth(float edge0, float width, float value) {
    float x = (value - edge0) / width;
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return x * x * (3.0f - 2.0f * x);
}

/* A rocket's own time as the model reads it: clamped to [-MOTE_LAUNCH_OWN_TIME_MAX,
 * MOTE_LAUNCH_OWN_TIME_MAX] (a NaN stays NaN; the wide kernel selects the same way). */
static inline float mote_launch_own_time_clamp(float t) {
    const float above = t > MOTE_LAUNCH_OWN_TIME_MAX ? MOTE_LAUNCH_OWN_TIME_MAX : t;
    return above < -MOTE_LAUNCH_OWN_TIME_MAX ? -MOTE_LAUNCH_OWN_TIME_MAX : above;
}

/* MOTE_OK for a rocket inside the domain (mote/launch.h), else the refusal naming the member:
 * MOTE_ERROR_NON_FINITE, or MOTE_ERROR_INVALID_ARGUMENT past MOTE_LAUNCH_TIME_MAX,
 * MOTE_LAUNCH_TURN_BLEND_MAX or MOTE_LAUNCH_CROSSRANGE_MAX. */
mote_status mote_launch_rocket_check(const mote_launch_rocket *rocket);

/* The pose at t s of the rocket's own time (the sequence time minus its launch_time), clamped
 * by mote_launch_own_time_clamp. */
void mote_launch_pose_at(const mote_launch_profile *profile, const mote_launch_timeline *timeline,
                         const mote_launch_rocket *rocket, float t, mote_launch_pose *out);

/* mote_launch_ascent and mote_launch_coast without their checks. */
void mote_launch_ascent_at(const mote_launch_timeline *timeline, float t, float *distance,
                           float *speed);
void mote_launch_coast_at(const mote_launch_timeline *timeline, float t, float *distance,
                          float *speed);

#endif
