/* mote: the character movement model (after Daniel Holden, "A New Movement Model"), scalar
 * reference. A character is driven by a desired velocity: the requested direction pulls the
 * current direction of travel round (a damper of half-life 1 / turn_strength), acceleration
 * toward the requested velocity is clamped to a rate, the clamped ("immediate") velocity is
 * smoothed by a critically damped spring aimed ahead to cancel its lag, and the facing is
 * sprung separately. Units: positions in world units (the defaults are tuned for pixels),
 * velocities in units/s, accelerations in units/s^2, angles in radians, times in seconds.
 *
 * mote_movement_update is one step of the seed's model, in the seed's order, with its
 * epsilons and clamps. It is not dt-invariant (the rate clamp and the lookahead are per
 * step): mote_mover_pool splits long frames into equal sub-steps.
 *
 * Float knife edges. The seed decides accelerate/decelerate by desired_speed + 1e-4 >
 * |immediate_velocity|, and arrives exactly (snaps to the desired velocity) when a step
 * would overshoot, by error . step < |error|^2. In exact arithmetic a speed equal to the
 * desired speed counts as accelerating, and a step that lands exactly on the desired
 * velocity arrives. In float, 1e-4 is below the resolution of speeds above a few hundred
 * units/s, and the speed cap (which with directional acceleration pins |immediate_velocity|
 * to the desired speed) and the exact-close step both come back from rounding a few ULPs
 * either side, so a literal port decides these by rounding. mote keeps the exact-arithmetic
 * intent with margins that survive rounding at any speed, identical in the reference and the
 * kernels:
 *   accelerating  <=>  desired_speed * (1 + 2^-18) + 1e-4 > |immediate_velocity|
 *   arrives       <=>  !(error . step < |error|^2 * (1 - 2^-18))
 * 2^-18 is 32 float ULPs: far above the few ULPs of rounding in a length, a rescaling or a
 * dot product, and far below anything visible (4 um/s at 1000 units/s). */
#ifndef MOTE_MOVEMENT_H
#define MOTE_MOVEMENT_H

#include "mote/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A 2D vector (units, units/s or units/s^2). */
typedef struct mote_vec2 {
    float x, y;
} mote_vec2;

/* Relative margin of the accelerate test and the arrival test (see the header comment). */
#define MOTE_MOVEMENT_MARGIN 3.814697265625e-6f /* 2^-18 */
/* The seed's absolute margin on the accelerate test (units/s). */
#define MOTE_MOVEMENT_SPEED_EPS 1e-4f
/* Below this length (units/s) a vector has no direction, and a desired speed asks for no
 * turn. */
#define MOTE_MOVEMENT_DIRECTION_EPS 1e-8f
/* A desired velocity whose squared length is at or below this faces nowhere: the facing is
 * held. */
#define MOTE_MOVEMENT_FACING_EPS_SQ 1e-16f
/* turn_strength at or below this turns nothing. */
#define MOTE_MOVEMENT_TURN_EPS 1e-8f

/* How a character's movement responds to input. Start from mote_default_movement_params();
 * the defaults are Holden's demo values, in pixels and seconds. */
typedef struct mote_movement_params {
    float acceleration;              /* units/s^2 while speeding up; default 800 */
    float deceleration;              /* units/s^2 while slowing down; default 1400 */
    float directional_acceleration;  /* 0..1: share of acceleration pushed along the requested
                                      * direction rather than at the velocity error; default 0 */
    float turn_strength;             /* 1/s: the direction of travel is damped toward the
                                      * requested one with half-life 1 / turn_strength; default 1 */
    float acceleration_halflife;     /* s: velocity smoothing while speeding up; default 0.1 */
    float deceleration_halflife;     /* s: velocity smoothing while slowing down; default 0.05 */
    float acceleration_compensation; /* lookahead, in smoothing lags, while speeding up; 1 cancels
                                      * the smoothing's lag exactly; default 1 */
    float deceleration_compensation; /* the same while slowing down; default 0 */
    float rotation_halflife;         /* s: facing spring; default 0.15 */
    bool rotation_double_spring;     /* two facing springs in series (no flick); default true */
} mote_movement_params;

/* The default params (the seed's defaults). */
mote_movement_params mote_default_movement_params(void);

/* One character. Every field is plain data: set position to teleport, zero velocity and
 * acceleration to stop dead (or use mote_movement_place_at). */
typedef struct mote_movement_state {
    mote_vec2 position;               /* units, integrated from velocity */
    mote_vec2 velocity;               /* units/s, smoothed: the one to animate from */
    mote_vec2 acceleration;           /* units/s^2: velocity's rate, carried by its spring */
    mote_vec2 immediate_velocity;     /* units/s: clamped, unsmoothed; what velocity chases */
    float rotation;                   /* rad: facing; continuous, not wrapped */
    float angular_velocity;           /* rad/s */
    float immediate_rotation;         /* rad: the intermediate facing (double spring only) */
    float immediate_angular_velocity; /* rad/s (double spring only) */
} mote_movement_state;

/* Advances s by dt seconds toward desired_velocity (units/s; a zero vector asks to stop),
 * facing along desired_velocity: atan2 of it, or the current rotation held while its squared
 * length is at most MOTE_MOVEMENT_FACING_EPS_SQ. One step of the seed's model; no checks
 * (the pool validates its inputs; here NaN in gives NaN out). */
void mote_movement_update(mote_movement_state *s, mote_vec2 desired_velocity, float dt,
                          const mote_movement_params *p);

/* As mote_movement_update, but facing desired_rotation (rad), for characters that aim
 * independently of where they go. */
void mote_movement_update_facing(mote_movement_state *s, mote_vec2 desired_velocity,
                                 float desired_rotation, float dt, const mote_movement_params *p);

/* Teleports s to position, at rest (every velocity and acceleration zero) and facing facing
 * (rad), with the intermediate facing on it too. */
void mote_movement_place_at(mote_movement_state *s, mote_vec2 position, float facing);

/* An external push (knockback): adds delta_velocity (units/s) to both velocity and
 * immediate_velocity, so the smoothing spring carries it instead of pulling it back. */
void mote_movement_push(mote_movement_state *s, mote_vec2 delta_velocity);

/* The fraction of the way the turn damper (half-life 1 / turn_strength, 1/s) moves the
 * immediate velocity toward the requested direction in dt seconds: the seed's damper,
 * 1 - e^(-ln2 dt / (1 / turn_strength + 1e-5)). */
float mote_movement_turn_blend(float turn_strength, float dt);

/* The accelerate/decelerate choice: true when desired_speed (units/s) counts as at least
 * speed, the length of the immediate velocity (after the turn damper). */
bool mote_movement_counts_as_accelerating(float desired_speed, float speed);

/* The arrival choice: true when a step along rate_step (units/s) from the immediate velocity
 * reaches or overshoots a velocity error (units/s), so the step lands on the desired velocity
 * exactly. */
bool mote_movement_step_arrives(mote_vec2 error, mote_vec2 rate_step);

/* Where a character will be after t seconds with its inputs held (mote_movement_predict). */
typedef struct mote_movement_prediction {
    mote_vec2 position; /* units */
    mote_vec2 velocity; /* units/s, smoothed */
    float rotation;     /* rad, continuous with s->rotation */
} mote_movement_prediction;

/* The closed-form prediction of s after t seconds (>= 0) with desired_velocity and
 * desired_rotation (rad) held: the velocity smoothing spring toward desired_velocity, with the
 * half-life of the side mote_movement_counts_as_accelerating picks from the current immediate
 * speed, and the facing springs toward desired_rotation, both solved exactly in continuous
 * time. It neglects the rate clamp, the lookahead, the speed cap and the turn damper (the
 * immediate velocity is taken to be at the desired velocity): mote/mover_pool.h lists what
 * that means against stepping. t = 0 gives the current position, velocity and rotation. */
mote_movement_prediction mote_movement_predict_facing(const mote_movement_state *s,
                                                      mote_vec2 desired_velocity,
                                                      float desired_rotation, float t,
                                                      const mote_movement_params *p);

/* As mote_movement_predict_facing, facing the way mote_movement_update does: along
 * desired_velocity, or the current rotation held while it has no direction. */
mote_movement_prediction mote_movement_predict(const mote_movement_state *s,
                                               mote_vec2 desired_velocity, float t,
                                               const mote_movement_params *p);

#ifdef __cplusplus
}
#endif

#endif
