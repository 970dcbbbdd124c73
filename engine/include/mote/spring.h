/* mote: scalar spring primitives, the reference every spring kernel is measured against.
 *
 * Half-life is the parameter throughout: the time (seconds) a spring takes to close half
 * the distance to its goal. The exact springs are analytic solutions, so one step of dt and
 * ten steps of dt/10 land in the same place (up to float rounding). A half-life at or below
 * zero is taken as zero: with the seed's eps = 1e-5 s the spring then arrives within a few
 * eps, i.e. snaps to its goal on any realistic frame. Angles are radians, times seconds. */
#ifndef MOTE_SPRING_H
#define MOTE_SPRING_H

#include "mote/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Natural log of two, as the seed spells it. */
#define MOTE_LN2 0.69314718056f
/* The seed's eps: keeps a zero half-life finite (seconds), and bands the critical case of
 * the general damped spring. */
#define MOTE_SPRING_EPS 1e-5f
/* Largest dt (seconds) the semi-implicit spring integrates in one step; longer steps (a tab
 * that was suspended) are clamped to it, as the seed asks. Symplectic Euler is stable while
 * stiffness dt^2 + 2 damping dt < 4 and damping dt < 2: at this clamp, stiffness +
 * 40 damping < 1600 (the seed's docking spring, 9.8 and 7.4, is far inside). */
#define MOTE_SEMI_IMPLICIT_MAX_DT 0.05f

/* Damping coefficient (1/s) of a critically damped spring with this half-life (s):
 * 4 ln2 / (halflife + eps). */
float mote_halflife_to_damping(float halflife);

/* Half-life (s) of a critically damped spring with this damping (1/s): 4 ln2 / (damping + eps). */
float mote_damping_to_halflife(float damping);

/* Lag (s) a damper of this half-life trails a constant-speed goal by: halflife / ln2. */
float mote_halflife_to_lag(float halflife);

/* Half-life (s) whose trailing lag is lag seconds: lag * ln2. */
float mote_lag_to_halflife(float lag);

/* Exponential damper: moves x toward goal, closing half the distance every half-life.
 * Returns the new x. */
float mote_damper(float x, float goal, float halflife, float dt);

/* Critically damped spring, exact: steps x (units) and v (units/s) toward goal. */
void mote_spring(float *x, float *v, float goal, float halflife, float dt);

/* Critically damped spring on an angle (radians), taking the short way round. The new x is
 * continuous with the old one (never jumps by 2*pi); it is not wrapped. The pool kernels
 * wrap exactly like mote_wrap_angle while |x - goal| stays below 4096 turns (25735 rad);
 * keep angles wrapped, or re-wrap a long-spinning x now and then, to stay there. */
void mote_spring_angle(float *x, float *v, float goal, float halflife, float dt);

/* Two angle springs in series, each on half the half-life: the intermediate (xi, vi) chases
 * goal, the visible (x, v) chases the intermediate. */
void mote_double_spring_angle(float *x, float *v, float *xi, float *vi, float goal, float halflife,
                              float dt);

/* Two critically damped springs in series, each on half the half-life (linear values). */
void mote_double_spring(float *x, float *v, float *xi, float *vi, float goal, float halflife,
                        float dt);

/* Decays x and v toward zero with the shape of a critically damped spring (goal 0). */
void mote_decay(float *x, float *v, float halflife, float dt);

/* a wrapped into (-pi, pi] (radians): fmod by 2*pi, then one turn either way. */
float mote_wrap_angle(float a);

/* Frame-rate independent exponential response: value + (target - value) * alpha with
 * alpha = 1 - exp(-lambda * dt), computed as -expm1(-lambda dt) so it does not cancel for
 * small lambda dt; lambda in 1/s. Returns the new value. */
float mote_exp_response(float value, float target, float lambda, float dt);

/* The seed-000 semi-implicit (symplectic Euler) spring: a = (target - x) * stiffness -
 * v * damping; v += a dt; x += v dt. dt is clamped to MOTE_SEMI_IMPLICIT_MAX_DT. */
void mote_spring_semi_implicit(float *x, float *v, float target, float stiffness, float damping,
                               float dt);

/* General damped spring, exact: x'' = stiffness (goal - x) - damping x', stiffness in 1/s^2
 * and damping in 1/s, both >= 0. Under-, critically (|stiffness - damping^2/4| < eps) and
 * over-damped cases are each solved in closed form. */
void mote_spring_damper(float *x, float *v, float goal, float stiffness, float damping, float dt);

#ifdef __cplusplus
}
#endif

#endif
