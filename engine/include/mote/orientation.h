/* mote: orientations, the scalar reference every orientation kernel is measured against.
 *
 * Seed 000's orientation control (the desired forward/up kept apart from the angular
 * physics: a target quaternion becomes an angular error, damping acts on the angular
 * velocity), the exact quaternion spring and damper in scaled-angle-axis space, and
 * inertialization for floats and quaternions (after Daniel Holden's Spring-It-On and his
 * Motion-Matching code).
 *
 * Conventions (mote/math3d.h): a quaternion is {x, y, z, w}; an angular velocity omega is a
 * world-frame rotation vector per second (rad/s), so q advances as
 * q' = from_rotation_vector(omega dt) * q; an angular error is the rotation vector (scaled
 * angle-axis, mote_quat_to_rotation_vector) of target * conjugate(q), angle in [0, pi]: the
 * short way round, whichever sign the quaternions carry. Half-lives and times in seconds. */
#ifndef MOTE_ORIENTATION_H
#define MOTE_ORIENTATION_H

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * The domain: within these bounds every accepted state steps to a finite state forever, at
 * any accepted dt (the pools check them at add, set, settings and restore, and refuse a
 * value outside them with its field named in mote_error_detail()).
 * - Angular velocities (the state's, the incoming and the offset's): |omega| <=
 *   MOTE_ORIENTATION_MAX_ANGULAR_SPEED. The control caps |omega| to it every sub-step when no
 *   max_speed is set, so its state never leaves it; the spring's and the decaying offset's
 *   stay within it (their energy omega^2 + y^2 |error|^2 never grows, and y pi, the most a
 *   half-life of 0 adds, is below half the bound).
 * - Gains (control): stiffness and damping >= 0 with stiffness H^2 + 2 damping H < 4, H the
 *   longest sub-step a frame takes (mote_orientation_control_stable); max_speed in
 *   (0, MOTE_ORIENTATION_MAX_ANGULAR_SPEED], or INFINITY for no cap (0 is accepted as no cap
 *   too, the older spelling).
 * - Half-lives: any finite value >= 0.
 * - Sub-steps: substep in [MOTE_ORIENTATION_MIN_SUBSTEP, MOTE_ORIENTATION_MAX_SUBSTEP] s,
 *   max_substeps in [1, MOTE_MAX_SUBSTEPS] (mote/pool_common.h): a control step costs at most
 *   max_substeps sub-steps per element (one more where rounding splits a clamped frame so).
 * - dt: any finite dt >= 0; the control clamps it to substep * max_substeps, the exact kinds
 *   to MOTE_ORIENTATION_MAX_STEP, so a rotation a step takes stays within the range the wide
 *   sine and cosine reduce exactly. */
#define MOTE_ORIENTATION_MAX_ANGULAR_SPEED 1e6f  /* rad/s */
#define MOTE_ORIENTATION_MIN_SUBSTEP       1e-6f /* s */
#define MOTE_ORIENTATION_MAX_SUBSTEP       1.0f  /* s */
#define MOTE_ORIENTATION_MAX_STEP          16.0f /* s: the longest step of the exact kinds */

/* ----------------------------------------------------------------------------------------
 * Orientation control (seed 000) */

/* One semi-implicit step of the control: error = to_rotation_vector(target * conjugate(q)),
 * alpha = error stiffness - omega damping (rad/s^2), omega += alpha dt, |omega| capped to
 * MOTE_ORIENTATION_MAX_ANGULAR_SPEED, then q = normalize(from_rotation_vector(omega dt) * q)
 * (the exact exponential map, normalised every step). stiffness in 1/s^2, damping in 1/s,
 * both >= 0. No sub-steps and no stability check: see mote_orientation_control_advance.
 * Errors, changing nothing: NULL pointers (MOTE_ERROR_INVALID_ARGUMENT), a negative or
 * non-finite dt (MOTE_ERROR_INVALID_DT), a non-finite or zero-length q or target, a
 * non-finite omega (MOTE_ERROR_NON_FINITE), a negative or non-finite gain
 * (MOTE_ERROR_INVALID_ARGUMENT). */
mote_status mote_orientation_control_step(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                          float stiffness, float damping, float dt);

/* The control's per-element parameters. */
typedef struct mote_orientation_control_params {
    float stiffness; /* 1/s^2, >= 0: angular acceleration per radian of error */
    float damping;   /* 1/s, >= 0: angular deceleration per rad/s of angular speed */
    /* rad/s: |omega| is capped to it every sub-step; INFINITY: no cap of its own (the
     * domain's MOTE_ORIENTATION_MAX_ANGULAR_SPEED still holds); 0 is accepted as no cap too,
     * the older spelling (docs/conventions.md, Caps) */
    float max_speed;
} mote_orientation_control_params;

/* Gains from a half-life and a damping ratio: with w = mote_halflife_to_damping(halflife) / 2
 * (the decay rate of the critically damped spring of that half-life, mote/spring.h),
 * stiffness = w^2 and damping = 2 damping_ratio w. damping_ratio 1 is critically damped (no
 * overshoot), below 1 under-damped. max_speed as in the params (INFINITY for none).
 * The critically damped gains are stable (mote_orientation_control_stable) for half-lives
 * above 1.675 times the sub-step: 7 ms at the default 1/240 s; a stiffer control needs a
 * smaller substep. */
mote_orientation_control_params mote_orientation_control_gains(float halflife, float damping_ratio,
                                                               float max_speed);

/* Sub-steps of the control: a frame is split into n = ceil(dt / substep - 1/1024) equal
 * sub-steps (at least 1; a frame within 1/1024 of a sub-step of a whole number takes that
 * number), after dt is clamped to substep * max_substeps (a long frame, a suspended tab,
 * advances at most that). The semi-implicit step is stable while stiffness h^2 +
 * 2 damping h < 4 for the sub-step h (mote_orientation_control_stable checks it for every h a
 * frame can take). */
#define MOTE_ORIENTATION_SUBSTEP (1.0f / 240.0f) /* s: the default sub-step */
/* The default max_substeps: 64 (MOTE_MAX_SUBSTEPS), frames up to 64/240 s at the default
 * sub-step, above MOTE_DEFAULT_MAX_DT, so a default pool advances what every other kind's
 * default pool advances. */
#define MOTE_ORIENTATION_MAX_SUBSTEPS 64

/* The number of sub-steps (>= 1) a frame of dt (>= 0, already clamped) takes. */
int mote_orientation_substeps(float dt, float substep);

/* The longest sub-step a frame split by substep takes: substep (1 + 2^-10 + 2^-20) s (the
 * 1/1024 of mote_orientation_substeps and the rounding of the split), in double. */
double mote_orientation_longest_substep(float substep);

/* True when the control with these gains is stable at every sub-step a frame split by
 * substep can take: stiffness H^2 + 2 damping H < 4 for H = mote_orientation_longest_substep
 * (substep), in double; false for a negative or non-finite gain or substep. */
bool mote_orientation_control_stable(float stiffness, float damping, float substep);

/* Advances the control by dt: dt clamped to substep * max_substeps, split into
 * mote_orientation_substeps equal sub-steps h, each mote_orientation_control_step by h with
 * |omega| capped to params->max_speed (or, with no cap, MOTE_ORIENTATION_MAX_ANGULAR_SPEED)
 * after its velocity update (omega scaled by cap / |omega| where |omega| > cap). Errors as
 * mote_orientation_control_step, plus MOTE_ERROR_INVALID_ARGUMENT for anything outside the
 * domain above: a substep outside [MOTE_ORIENTATION_MIN_SUBSTEP,
 * MOTE_ORIENTATION_MAX_SUBSTEP], max_substeps outside [1, MOTE_MAX_SUBSTEPS], a max_speed
 * that is negative, NaN or finite above MOTE_ORIENTATION_MAX_ANGULAR_SPEED, |omega| above it,
 * or gains mote_orientation_control_stable refuses; nothing changes, and
 * mote_error_detail() names the argument. */
mote_status mote_orientation_control_advance(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                             const mote_orientation_control_params *params,
                                             float substep, int max_substeps, float dt);

/* ----------------------------------------------------------------------------------------
 * Exact quaternion spring and damper (scaled-angle-axis space) */

/* Critically damped spring of q toward goal with its angular velocity omega, exact in dt
 * like mote_spring: with y = mote_halflife_to_damping(halflife) / 2,
 * j0 = to_rotation_vector(q * conjugate(goal)) (the short way), j1 = omega + j0 y,
 * e = expf(-y dt): q = from_rotation_vector(e (j0 + j1 dt)) * goal,
 * omega = e (omega - j1 y dt). q and -q goals give the same motion. From rest, one half-life
 * closes 1 - (1 + 2 ln2) / 4 = 0.4034 of the angle (the critically damped spring's shape;
 * the damper closes exactly half). NaN in, NaN out. */
void mote_quat_spring(mote_quat *q, mote_vec3 *omega, mote_quat goal, float halflife, float dt);

/* Exponential damper of q toward goal, closing half the angle every half-life (up to the
 * seed's eps), exact in dt: with rate = mote_halflife_to_damping(halflife) / 4 (= ln2 /
 * (halflife + eps)), q = from_rotation_vector(to_rotation_vector(q * conjugate(goal))
 * expf(-rate dt)) * goal: the slerp toward goal, anchored on goal so rounding never
 * accumulates. NaN in, NaN out. */
void mote_quat_damper(mote_quat *q, mote_quat goal, float halflife, float dt);

/* Decays the rotation q toward the identity and omega toward zero with the critically
 * damped spring's shape: mote_quat_spring with the identity goal (Holden's
 * decay_spring_damper_exact on quaternions). */
void mote_quat_decay(mote_quat *q, mote_vec3 *omega, float halflife, float dt);

/* ----------------------------------------------------------------------------------------
 * Inertialization */

/* A transition from a source pose (src_x, src_v) to a destination (dst_x, dst_v) while an
 * offset is already decaying: offset_x = (src_x + offset_x) - dst_x and offset_v =
 * (src_v + offset_v) - dst_v, so the output, destination + offset, is unchanged by the
 * switch. Start with offsets of 0. */
void mote_inertialize_transition(float *offset_x, float *offset_v, float src_x, float src_v,
                                 float dst_x, float dst_v);

/* One update: the offset decays by mote_decay(offset_x, offset_v, halflife, dt), then
 * out_x = in_x + offset_x and out_v = in_v + offset_v (in: the incoming pose). */
void mote_inertialize_update(float *out_x, float *out_v, float *offset_x, float *offset_v,
                             float in_x, float in_v, float halflife, float dt);

/* The quaternion transition: offset_q = (offset_q * src_q) * conjugate(dst_q) (normalised,
 * w >= 0), offset_omega = (src_omega + offset_omega) - dst_omega. Unit quaternions. */
void mote_inertialize_quat_transition(mote_quat *offset_q, mote_vec3 *offset_omega, mote_quat src_q,
                                      mote_vec3 src_omega, mote_quat dst_q, mote_vec3 dst_omega);

/* The quaternion update: mote_quat_decay(offset_q, offset_omega, halflife, dt), then
 * out_q = offset_q * in_q and out_omega = in_omega + offset_omega. */
void mote_inertialize_quat_update(mote_quat *out_q, mote_vec3 *out_omega, mote_quat *offset_q,
                                  mote_vec3 *offset_omega, mote_quat in_q, mote_vec3 in_omega,
                                  float halflife, float dt);

#ifdef __cplusplus
}
#endif

#endif
