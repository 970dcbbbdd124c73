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
/* The under-damped spring's phase w dt (rad) past which mote_spring_damper takes it to
 * phase - 2 pi round(phase / 2 pi), held within +-MOTE_SPRING_MAX_PHASE: the same float
 * operations in the reference and every wide kernel (whose sincos is valid to 8192 rad), so a
 * stiff spring stepped by a long dt stays finite. The reduced phase is as exact as the float
 * phase it comes from (its error is an ULP of w dt). */
#define MOTE_SPRING_MAX_PHASE 8192.0f
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

/* The forms below (after Daniel Holden's "Spring-It-On") check their input and return a
 * status: MOTE_ERROR_INVALID_ARGUMENT for a NULL pointer or a value outside its range,
 * MOTE_ERROR_NON_FINITE for NaN or infinity in any input or state (or a result that would
 * overflow), MOTE_ERROR_INVALID_DT for a negative dt; a refused call changes nothing and
 * names the argument in mote_error_detail(). dt == 0 changes nothing. A negative half-life is
 * taken as 0, as everywhere in this header. Each is exact in time where its formula is (the
 * critical spring, the dampers, the decays); "max error" is against the same formula carried
 * in double, in ULPs of the element's scale (its largest magnitude among position, goal and
 * the state before and after), measured over random inputs by test_spring_holden.c. */

/* How far ahead (in half-lives) the timed and velocity springs aim their critical spring
 * (Holden's "apprehension"): the lag compensation. */
#define MOTE_SPRING_APPREHENSION 2.0f

/* Timed spring: reaches goal (units) in goal_time seconds, the time left, which the caller
 * counts down (goal_time >= 0). An intermediate target xi moves toward goal at the constant
 * speed s = (goal - xi) / max(goal_time, dt), so it lies on the straight line from where it
 * started and lands on goal exactly at the step where goal_time <= dt; the visible (x, v)
 * is a critical spring of this half-life (s) aimed at where xi will be a lookahead
 * L = dt + 2 (halflife + eps) ahead, xi + s L (goal itself once L >= goal_time), which
 * compensates the spring's lag. x is within 5% of the move at goal_time for half-lives up to
 * a tenth of goal_time (1.6% short at a tenth, 0.6% at a twentieth), and settles on goal
 * after. The target steps once per frame, so the form is not exactly frame-rate independent:
 * 30 Hz, 240 Hz and a jittery dt end within 1% of the move of a 60 Hz run (0.9% at a
 * half-life of a twentieth of goal_time). goal_time == 0: xi is on goal now. xi moves by the
 * fraction dt / goal_time of its gap, taken as dt times 1 / goal_time and held to at most 1
 * (all of the gap): a goal_time under 2^-128 s, whose reciprocal overflows, lands xi on goal.
 * MOTE_ERROR_INVALID_ARGUMENT for goal_time < 0. Max error x: 5 ULP, xi: 3, v: 4 ULP of the
 * scale times the decay rate 2 ln2 / (halflife + eps). */
mote_status mote_timed_spring(float *x, float *v, float *xi, float goal, float goal_time,
                              float halflife, float dt);

/* Velocity spring: approaches goal (units) at speed units/s (>= 0) and settles on it. An
 * intermediate target xi moves toward goal at speed (and stops on it); the visible (x, v)
 * is a critical spring of this half-life (s) aimed a lookahead L = dt + 2 (halflife + eps)
 * ahead of xi along its path (goal itself once it is nearer than speed L). Once the spring
 * has caught up, x covers speed units/s within 1%; it arrives without overshoot past 1% of
 * the move. (The aim steps once a frame, so the spring's v at a frame's end dips below
 * speed, by under 1% for half-lives of 6 frames or more.) MOTE_ERROR_INVALID_ARGUMENT for
 * speed < 0. Max error as mote_timed_spring's. */
mote_status mote_velocity_spring(float *x, float *v, float *xi, float goal, float speed,
                                 float halflife, float dt);

/* Tracking spring: follows an animated signal given its value goal (units), velocity goal_v
 * (units/s) and acceleration goal_a (units/s^2) at the end of this step. Three exact dampers
 * act on v in turn, each closing half its gap every half-life (s): v toward v + goal_a dt
 * (a_halflife), toward goal_v (v_halflife), toward (goal - x) / dt, the velocity that lands
 * on goal (x_halflife), its b / dt taken as b (1 / dt) for dt >= FLT_MIN (where 1 / dt is
 * finite), as a division below; then x += v dt. A half-life of 0 makes its term exact (with eps the
 * damper closes all but e^(-ln2 dt / eps) of the gap: all of it in float for dt >= 1 ms), so
 * with x_halflife 0 the spring is on the signal after one step (zero lag); a positive
 * x_halflife lags a moving signal as a damper of that half-life does. Max error x: 4 ULP of
 * the scale; v: 4 ULP of the scale over dt. */
mote_status mote_tracking_spring(float *x, float *v, float goal, float goal_v, float goal_a,
                                 float x_halflife, float v_halflife, float a_halflife, float dt);

/* Extrapolation: moves x (units) on with a velocity v (units/s) that decays exponentially,
 * halving every half-life (s): with r = ln2 / (halflife + eps), v(t) = v e^(-r t) and
 * x(t) = x + v (1 - e^(-r t)) / r, exact in t. Max error x, v: 2 ULP. */
mote_status mote_extrapolate(float *x, float *v, float dt, float halflife);

/* Dead blending, the alternative to inertialization: at a transition the source's current
 * output (src_x, src_v) is kept as an extrapolated pose (ext_x, ext_v) and the time since the
 * transition ext_t (s) starts at 0. NULL pointers or non-finite values are refused. */
mote_status mote_dead_blend_transition(float *ext_x, float *ext_v, float *ext_t, float src_x,
                                       float src_v);

/* Dead blending's step: while ext_t < blend_time (s, >= 0), the extrapolated pose moves on
 * with its velocity decaying by decay_halflife (s): ext_v *= e^(-ln2 dt / (decay_halflife +
 * eps)), ext_x += ext_v dt, ext_t += dt; and the output (out_x, out_v) is
 * (1 - a) ext + a in, a = smoothstep(ext_t / blend_time) = u^2 (3 - 2u), from the
 * extrapolated pose to the input (in_x, in_v). From ext_t >= blend_time on the output is the
 * input exactly and ext_t stays. The output is continuous across a transition (a starts at
 * 0 with zero slope). MOTE_ERROR_INVALID_ARGUMENT for blend_time < 0. Max error: 5 ULP. */
mote_status mote_dead_blend_update(float *out_x, float *out_v, float *ext_x, float *ext_v,
                                   float *ext_t, float in_x, float in_v, float blend_time,
                                   float decay_halflife, float dt);

/* The general damped spring (mote_spring_damper) by natural frequency and damping ratio:
 * stiffness = (2 pi frequency)^2 (1/s^2) and damping = 2 ratio sqrt(stiffness) (1/s), for
 * frequency (Hz) and ratio (1 critical, < 1 under-, > 1 over-damped) finite and >= 0
 * (MOTE_ERROR_INVALID_ARGUMENT, MOTE_ERROR_NON_FINITE; a result past FLT_MAX too). Max error
 * 3 ULP each. */
mote_status mote_spring_from_frequency(float frequency, float ratio, float *stiffness,
                                       float *damping);

/* The inverse: frequency = sqrt(stiffness) / (2 pi) (Hz) and ratio = damping / (2
 * sqrt(stiffness)), for stiffness > 0 and damping >= 0, finite (a stiffness of 0 has no
 * frequency: MOTE_ERROR_INVALID_ARGUMENT). Max error 3 ULP each. */
mote_status mote_spring_to_frequency(float stiffness, float damping, float *frequency,
                                     float *ratio);

#ifdef __cplusplus
}
#endif

#endif
