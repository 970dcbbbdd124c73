/* Internal: the reference springs in damping form. The half-life primitives of mote/spring.h
 * are these with damping = mote_halflife_to_damping(halflife); pools store that damping so
 * their steps never divide, and the scalar backend and the wide kernels both start from it.
 * damping is the coefficient d of u'' = -(d^2/4) u - d u' (1/s); the decay rate is d/2. */
#ifndef MOTE_SPRING_REF_H
#define MOTE_SPRING_REF_H

#include <float.h>
#include <math.h>

#include "mote/spring_pool.h"

/* The force kinds' (damped, semi_implicit) hold on a stepped state: a finite value past
 * +-MOTE_SPRING_MAX_STATE becomes +-MOTE_SPRING_MAX_STATE; NaN and the infinities (only ever
 * written through the view) pass unchanged, so validate still finds them. */
static inline float mote_ref_hold_state(float a) {
    if (a > MOTE_SPRING_MAX_STATE && a < INFINITY) {
        return MOTE_SPRING_MAX_STATE;
    }
    if (a < -MOTE_SPRING_MAX_STATE && a > -INFINITY) {
        return -MOTE_SPRING_MAX_STATE;
    }
    return a;
}

/* Exponential damper closing at rate damping/4 (= ln2/halflife). Returns the new x. */
float mote_ref_damper(float x, float goal, float damping, float dt);

/* Critically damped spring, exact. */
void mote_ref_spring(float *x, float *v, float goal, float damping, float dt);

/* Critically damped angle spring, short way round, continuous with x. */
void mote_ref_spring_angle(float *x, float *v, float goal, float damping, float dt);

/* Two angle springs in series, each with this damping. */
void mote_ref_double_spring_angle(float *x, float *v, float *xi, float *vi, float goal,
                                  float damping, float dt);

/* Two critically damped springs in series, each with this damping. */
void mote_ref_double_spring(float *x, float *v, float *xi, float *vi, float goal, float damping,
                            float dt);

/* Decay of x and v toward zero with the critically damped shape. */
void mote_ref_decay(float *x, float *v, float damping, float dt);

/* The lookahead (s) of the timed and velocity springs: dt plus MOTE_SPRING_APPREHENSION
 * half-lives, (4 ln2 / damping) each (halflife + eps, for the damping a half-life gives). */
float mote_ref_lookahead(float damping, float dt);

/* mote_timed_spring in damping form (goal_time >= 0, dt > 0). */
void mote_ref_timed_spring(float *x, float *v, float *xi, float goal, float goal_time,
                           float damping, float dt);

/* The pool's count-down of a timed spring's time left: goal_time - dt, and 0 past it. */
float mote_ref_time_left(float goal_time, float dt);

/* mote_velocity_spring in damping form (speed >= 0, dt > 0). */
void mote_ref_velocity_spring(float *x, float *v, float *xi, float goal, float speed, float damping,
                              float dt);

/* b / dt for dt > 0: b times the reciprocal 1 / dt, which a pool's step computes once for
 * every element, where that is finite (dt >= FLT_MIN); b / dt itself below. */
static inline float mote_ref_over_dt(float b, float dt) {
    return dt >= FLT_MIN ? b * (1.0f / dt) : b / dt;
}

/* mote_tracking_spring with the damping of each half-life (dt > 0). */
void mote_ref_tracking_spring(float *x, float *v, float goal, float goal_v, float goal_a,
                              float x_damping, float v_damping, float a_damping, float dt);

/* mote_extrapolate in damping form (damping > 0). */
void mote_ref_extrapolate(float *x, float *v, float damping, float dt);

/* mote_dead_blend_update in damping form (blend_time >= 0). */
void mote_ref_dead_blend(float *out_x, float *out_v, float *ext_x, float *ext_v, float *ext_t,
                         float in_x, float in_v, float blend_time, float damping, float dt);

#endif
