/* mote: stage detachment (seeds 000 and 002, "Stage detachment"; rule of 002: capture the world
 * transform before reparenting).
 *
 * Detaching a stage from its rocket: capture its world transform (mote_transform_compose of the
 * rocket's world transform and the stage's local one), reparent it to the scene root and
 * restore the captured transform there, so reparenting itself never moves it. The seed's
 * separation is then the only motion, in the frame of the detach moment (along = the flight
 * direction, earthward = -radial, side = a direction the caller picks, orthogonalized against
 * along; the seed picks it relative to the camera):
 *
 *   offset_k(tau) = offset0_k + speed0_k tau + lag_k u^3 / 6,  u = max(tau - kick_duration, 0)
 *   speed_k(tau)  = speed0_k + lag_k u^2 / 2
 *   position      = captured position + along offset_a + side offset_s + earthward offset_e
 *
 * for tau s since detachment: a kick phase of kick_duration s at the separation speeds, then a
 * lag acceleration growing at lag_k (units/s^3), the closed form of that motion, so any step
 * schedule lands on the same pose. Orientation: for the first tilt_duration s the slerp from the
 * captured orientation to rotation(tilt_axis, tilt_angle) * captured, which is
 * rotation(tilt_axis, tilt_angle tau / tilt_duration) * captured in closed form; then a spin at
 * spin_rate about the same axis. tilt_angle, tilt_axis and spin_rate are drawn by
 * mote_stage_draw from mote/random.h (one seed, one replay, on every backend).
 *
 * Units: the scene's (the seed's metres), seconds, radians. */
#ifndef MOTE_STAGE_H
#define MOTE_STAGE_H

#include <stdint.h>

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A position, an orientation and a per-axis scale: local to a parent, or world. */
typedef struct mote_transform {
    mote_vec3 position;
    mote_quat orientation; /* unit */
    mote_vec3 scale;
} mote_transform;

/* {0, 0, 0}, identity, {1, 1, 1}. */
mote_transform mote_transform_identity(void);

/* The world transform of a child: position = parent.position + rotate(parent.orientation,
 * parent.scale * child.position), orientation = parent.orientation * child.orientation,
 * scale = parent.scale * child.scale per axis (exact for uniform parent scales, as a scene graph
 * decomposes it). */
mote_transform mote_transform_compose(const mote_transform *parent_world,
                                      const mote_transform *child_local);

/* The inverse of a transform with non-zero scales: compose(t, inverse(t)) is the identity (for
 * uniform scales, within rounding). */
mote_transform mote_transform_inverse(const mote_transform *t);

/* The local transform under new_parent_world that keeps world where it is:
 * compose(inverse(new_parent_world), world). For the scene root (the identity) it is world
 * itself, bit for bit. */
mote_transform mote_transform_reparent(const mote_transform *world,
                                       const mote_transform *new_parent_world);

/* The tilt and spin ranges mote_stage_draw draws from (rad, rad/s). */
#define MOTE_STAGE_TILT_MIN 0.174532925f /* 10 degrees */
#define MOTE_STAGE_TILT_MAX 0.523598776f /* 30 degrees */
#define MOTE_STAGE_SPIN_MIN 0.06f
#define MOTE_STAGE_SPIN_MAX 0.15f

/* The domain of a stage (mote_stage_validate, the stage pool's add, set, def and restore):
 * every stage inside it steps to a finite pose forever, at any dt a pool accepts, on every
 * backend, within the reference's bounds. A stage's time stops at MOTE_STAGE_TIME_MAX: its pose
 * holds there (the spin angle stays within the range the wide sincos is held to). */
#define MOTE_STAGE_TIME_MAX     1e5f /* s since detachment: time, kick_duration, tilt_duration */
#define MOTE_STAGE_POSITION_MAX 1e9f /* |world.position| per component, units */
#define MOTE_STAGE_OFFSET_MAX   1e6f /* |along_offset|, |side_offset|, |earthward_offset| */
#define MOTE_STAGE_SPEED_MAX    1e4f /* |along_speed|, ... units/s */
#define MOTE_STAGE_LAG_MAX      1e3f /* |along_lag|, ... units/s^3 */

/* One detached stage. Start from mote_default_stage_desc(), then mote_stage_capture,
 * mote_stage_set_frame and mote_stage_draw. */
typedef struct mote_stage_desc {
    mote_transform world;   /* captured at the detach moment */
    mote_vec3 along;        /* unit: the flight direction at detachment */
    mote_vec3 side;         /* unit, orthogonal to along */
    mote_vec3 earthward;    /* unit: -radial at detachment */
    float along_offset;     /* -3.4: the seed's separation offsets, units */
    float side_offset;      /* 4.2 */
    float earthward_offset; /* 1.2 */
    float along_speed;      /* -5.2: and speeds, units/s */
    float side_speed;       /* 5.8 */
    float earthward_speed;  /* 4.2 */
    float kick_duration;    /* 0.4 s at the separation speeds before the lag sets in;
                             * [0, MOTE_STAGE_TIME_MAX] */
    float along_lag;        /* -1.5 units/s^3: the stage falls behind */
    float side_lag;         /* -0.6: its sideways drift eases */
    float earthward_lag;    /* 0.9: it sinks earthward */
    float tilt_duration;    /* 2 s of slerp to the tilt; (0, MOTE_STAGE_TIME_MAX] */
    float tilt_angle;       /* rad, [0, MOTE_STAGE_TILT_MAX]; drawn in [10, 30] degrees */
    mote_vec3 tilt_axis;    /* unit */
    float spin_rate;        /* rad/s, [0, MOTE_STAGE_SPIN_MAX]; drawn in [0.06, 0.15] */
    /* the stage pool's state (mote/stage_pool.h); mote_stage_evaluate takes its time itself */
    float time;            /* s since detachment, [0, MOTE_STAGE_TIME_MAX]; default 0 */
    mote_vec3 position;    /* world, written by the pool's steps; finite */
    mote_quat orientation; /* world, written by the pool's steps; finite */
} mote_stage_desc;

/* The seed's separation, identity world transform, along +y, side +x, earthward -y, tilt 0
 * about +x, spin 0. */
mote_stage_desc mote_default_stage_desc(void);

/* Captures the stage's world transform from its rocket's world transform and its own local
 * one (before it is removed from the rocket). MOTE_ERROR_INVALID_ARGUMENT for NULL,
 * MOTE_ERROR_NON_FINITE for a non-finite input; desc unchanged on error. */
mote_status mote_stage_capture(mote_stage_desc *desc, const mote_transform *rocket_world,
                               const mote_transform *stage_local);

/* The separation frame: along = normalize(flight_direction), earthward = -normalize(radial),
 * side = the given side with its along part removed, normalized (in double).
 * MOTE_ERROR_INVALID_ARGUMENT for NULL, a zero vector, or a side within 1e-6 rad of parallel to
 * along; MOTE_ERROR_NON_FINITE for a non-finite one; desc unchanged on error. */
mote_status mote_stage_set_frame(mote_stage_desc *desc, mote_vec3 flight_direction,
                                 mote_vec3 radial, mote_vec3 side);

/* Draws tilt_angle in [MOTE_STAGE_TILT_MIN, MOTE_STAGE_TILT_MAX), the tilt axis at a uniform
 * angle in the plane orthogonal to along (cos a side + sin a (along x side)) and spin_rate in
 * [MOTE_STAGE_SPIN_MIN, MOTE_STAGE_SPIN_MAX), from mote_random_range(seed, 3 index + k); set
 * the frame first. MOTE_ERROR_INVALID_ARGUMENT for NULL. */
mote_status mote_stage_draw(mote_stage_desc *desc, uint64_t seed, uint64_t index);

/* MOTE_OK for a desc inside the domain: finite (else MOTE_ERROR_NON_FINITE), unit along, side,
 * earthward and tilt_axis within 1e-5, a unit world orientation within 1e-5, world.position,
 * the offsets, speeds and lags within their MOTE_STAGE_*_MAX, time and kick_duration in
 * [0, MOTE_STAGE_TIME_MAX], tilt_duration in (0, MOTE_STAGE_TIME_MAX], tilt_angle in
 * [0, MOTE_STAGE_TILT_MAX] and spin_rate in [0, MOTE_STAGE_SPIN_MAX] (else
 * MOTE_ERROR_INVALID_ARGUMENT). A refusal names the member in mote_error_detail(). */
mote_status mote_stage_validate(const mote_stage_desc *desc);

/* Everything the seed's "Expose" list names for a detached stage. */
typedef struct mote_stage_pose {
    mote_transform world_before; /* captured, before reparenting */
    mote_transform world_after;  /* restored under the scene root: equal to world_before */
    float offset[3];             /* along, side, earthward, units */
    float speed[3];              /* their rates, units/s */
    float tilt_progress;         /* min(tau / tilt_duration, 1) */
    float spin_angle;            /* rad: spin_rate max(tau - tilt_duration, 0) */
    mote_vec3 position;          /* world */
    mote_quat orientation;       /* world */
} mote_stage_pose;

/* The stage at tau s since detachment (tau >= 0; past MOTE_STAGE_TIME_MAX the pose at
 * MOTE_STAGE_TIME_MAX). MOTE_ERROR_INVALID_ARGUMENT (NULL, an invalid desc, tau < 0),
 * MOTE_ERROR_NON_FINITE (tau NaN or infinite) and *out unchanged. */
mote_status mote_stage_evaluate(const mote_stage_desc *desc, float tau, mote_stage_pose *out);

#ifdef __cplusplus
}
#endif

#endif
