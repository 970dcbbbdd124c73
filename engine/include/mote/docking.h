/* mote: spin docking (seeds 000 and 002: "Spin-docking timeline", "Docking-frame
 * decomposition", "Spring convergence and terminal lock").
 *
 * A chaser closes on a spinning station. The station spins about its local forward axis and
 * spins down after the chaser has docked; the chaser spins up to the station's rate and spins
 * down with it. At approach start the chaser's offset from the dock port is captured in the
 * docking frame (parallel distance along the dock axis, radial distance and direction); the
 * spring target then runs down an approach corridor that turns with the station, the chaser
 * follows it through a damped vector spring, and at the end of spin-down it locks onto the
 * target exactly.
 *
 * The timeline (defaults; every boundary derived from the durations in one place,
 * mote_docking_timeline_of):
 *   0 .. 6.5 s      the chaser spins up (spin_up_t)
 *   4.0 .. 18.5 s   approach (approach_t)
 *   18.5 .. 21.5 s  settle (dock_t: stiffness and damping ramp, lateral error goes)
 *   21.5 .. 24.5 s  spin-down (spin_down_t); locked from spin_down_t >= 0.995
 * Every phase value is its own named smoothstep range: the sequence never hides its timing in
 * one 0..1 value. A sequence's clock starts below 0 to start later (staggered starts).
 *
 * Spin angles are the exact integral of the smoothstep-blended rates over the timeline
 * (smoothstep integrates to the polynomial x^3 - x^4 / 2), evaluated at the clock: they do not
 * depend on the frame rate. The seed's `spinAngle += currentSpinRate * dt` is the first-order
 * (rectangle-rule) approximation of the same integral.
 *
 * The scalar reference here is one sequence at a time, straight from the formulas, libm
 * sinf/cosf; the pool (mote/docking_pool.h) steps many with one SIMD kernel held to it.
 *
 * Conventions: mote/math3d.h's (right-handed, quaternion {x, y, z, w}, a * b applies b first),
 * units are the user's (call them metres), time in seconds, angles in radians. */
#ifndef MOTE_DOCKING_H
#define MOTE_DOCKING_H

#include <stdbool.h>

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * The profile: every constant of the sequence */

/* One docking sequence's constants. Start from mote_default_docking_profile(). */
typedef struct mote_docking_profile {
    float station_spin_rate;  /* rad/s about station_local_forward before spin-down; 3.15 */
    float spin_up_duration;   /* s, > 0: the chaser spins up over [0, this]; 6.5. Must end
                               * by spin-down start (the rates' integral is then exact) */
    float approach_start;     /* s, >= 0: capture and start of approach; 4.0 */
    float approach_duration;  /* s, > 0; 14.5 */
    float settle_duration;    /* s, > 0: docking settles after approach; 3.0 */
    float spin_down_duration; /* s, > 0: station and chaser spin down after settle; 3.0 */
    float dock_clearance;     /* parallel distance from the port the chaser docks at; 4.1 */
    float dock_radial_offset; /* >= 0: radial distance at the end of approach; 0.35. The
                               * corridor never widens: a chaser captured closer than this
                               * keeps its own radial distance */
    float stiffness_start;    /* 1/s^2, (0, MOTE_DOCKING_STIFFNESS_MAX]: spring stiffness
                               * before settle; 5.0 */
    float stiffness_end;      /* 1/s^2, > 0: ... at the end of settle (ramped by dock_t); 9.8 */
    float damping_start;      /* 1/s, [0, MOTE_DOCKING_DAMPING_MAX]: spring damping before
                               * settle; 4.6 */
    float damping_end;        /* 1/s, >= 0: ... at the end of settle; 7.4 */
    float lock_threshold;     /* in (0, 1]: spin_down_t from which the pose is locked; 0.995 */
    float final_lerp_start;   /* in [0, lock_threshold): the final lerp window is
                               * spin_down_t in [this, lock_threshold]: position =
                               * lerp(spring_position, target, w), w the smoothstep of
                               * spin_down_t over the window (0 -> 1). A blend of the pose,
                               * not fed back into the spring, so it does not depend on the
                               * frame rate; 0.6 */
    float max_substep;        /* s, (0, 1]: the spring's dt clamp. A longer step is split into
                               * ceil(dt / max_substep) equal sub-steps (at most
                               * MOTE_DOCKING_MAX_SUBSTEPS; past that the timeline advances
                               * the whole dt and the spring integrates max_substep per
                               * sub-step); 1/30 */
    mote_vec3 station_local_forward; /* station spin axis, station coordinates, non-zero
                                      * (normalised when used); {0, 0, 1} */
    mote_vec3 dock_port_offset;      /* dock port, station coordinates; {0, 0, 3} */
    mote_vec3 dock_axis;             /* dock axis (pointing out of the port), station
                                      * coordinates, non-zero (normalised when used); {0, 0, 1} */
    mote_vec3 chaser_local_up;       /* chaser-local up, aligned onto -dock axis, non-zero
                                      * (normalised when used); {0, 1, 0} */
} mote_docking_profile;

/* The most sub-steps one step is split into. */
#define MOTE_DOCKING_MAX_SUBSTEPS 1024

/* The docking domain. Within it every sequence steps to a finite state forever, at any dt a
 * step accepts, on every backend, within the reference's bounds (the docking page,
 * engine/kinds/docking/README.md). mote_docking_profile_validate, mote_docking_begin,
 * mote_docking_step and the pool's create, set_profile, add, set and restore refuse what lies
 * outside, naming the member in mote_error_detail(). A sub-step keeps the state inside: the
 * clock stops at MOTE_DOCKING_TIME_MAX, the chaser's positions are held within
 * MOTE_DOCKING_CHASER_MAX and its velocity within MOTE_DOCKING_VELOCITY_MAX per component (a
 * bound the model reaches only far outside any docking: the spring is stable, see below). */
/* s: |time| */
#define MOTE_DOCKING_TIME_MAX 1e9f
/* units: |station_position| and |dock_port_offset| per component, |dock_clearance|,
 * dock_radial_offset */
#define MOTE_DOCKING_STATION_MAX 1e9f
/* units: |position|, |spring_position| per component */
#define MOTE_DOCKING_CHASER_MAX 1e12f
/* units/s: |velocity| per component */
#define MOTE_DOCKING_VELOCITY_MAX 1e6f
/* units: |start_parallel|, start_radial */
#define MOTE_DOCKING_START_MAX 1e13f
/* s: the timeline's end (spin-down end) */
#define MOTE_DOCKING_TIMELINE_MAX 1e6f
/* rad: |station_spin_rate| times the timeline's end */
#define MOTE_DOCKING_SPIN_ANGLE_MAX 8192.0f
/* 1/s^2 and 1/s: stiffness and damping; with them k h^2 + 2 c h < 4 at h = max_substep at
 * both ends of the ramp (the sub-step's stability) */
#define MOTE_DOCKING_STIFFNESS_MAX 1e8f
#define MOTE_DOCKING_DAMPING_MAX   1e4f
/* s: max_substep */
#define MOTE_DOCKING_SUBSTEP_MAX 1.0f
/* the lengths of station_local_forward, dock_axis and chaser_local_up */
#define MOTE_DOCKING_AXIS_MIN 1e-6f
#define MOTE_DOCKING_AXIS_MAX 1e6f

/* The seed's profile (values above). */
mote_docking_profile mote_default_docking_profile(void);

/* MOTE_OK for a profile inside the domain; MOTE_ERROR_NON_FINITE for a NaN or infinite member,
 * MOTE_ERROR_INVALID_ARGUMENT for one outside its range above (an axis whose length is outside
 * [MOTE_DOCKING_AXIS_MIN, MOTE_DOCKING_AXIS_MAX], a duration <= 0, a timeline past
 * MOTE_DOCKING_TIMELINE_MAX or a spin past MOTE_DOCKING_SPIN_ANGLE_MAX, spin-up ending after
 * spin-down starts, a length past MOTE_DOCKING_STATION_MAX, stiffness or damping past their
 * bounds or a spring the sub-step cannot integrate (k h^2 + 2 c h >= 4 at either end of the
 * ramp, h = max_substep), max_substep outside (0, MOTE_DOCKING_SUBSTEP_MAX], a lock threshold
 * outside (0, 1], ...) or NULL. mote_error_detail() names the member. */
mote_status mote_docking_profile_validate(const mote_docking_profile *profile);

/* The phase boundaries, derived from the profile's durations in one place, s on the
 * sequence clock. */
typedef struct mote_docking_timeline {
    float spin_up_end;    /* spin_up_duration (spin-up starts at 0) */
    float approach_start; /* approach_start */
    float approach_end;   /* approach_start + approach_duration; settle starts here */
    float settle_end;     /* approach_end + settle_duration; spin-down starts here */
    float spin_down_end;  /* settle_end + spin_down_duration */
} mote_docking_timeline;

/* The profile's timeline: 6.5, 4.0, 18.5, 21.5, 24.5 with the defaults. */
mote_docking_timeline mote_docking_timeline_of(const mote_docking_profile *profile);

/* The named phase values at time (s), each smoothstep(start, end, time) of its range
 * (mote_smoothstep's formula with x = (time - start) / (end - start)): 0 at and before start,
 * 1 at and after end, monotone between. */
float mote_docking_spin_up_t(const mote_docking_profile *profile,
                             float time); /* 0 .. spin_up_end */
float mote_docking_approach_t(const mote_docking_profile *profile, float time);  /* approach */
float mote_docking_dock_t(const mote_docking_profile *profile, float time);      /* settle */
float mote_docking_spin_down_t(const mote_docking_profile *profile, float time); /* spin-down */

/* Spin rates at time (s): station lerp(station_spin_rate, 0, spin_down_t); chaser
 * lerp(lerp(0, station_spin_rate, spin_up_t), 0, spin_down_t). rad/s. */
float mote_docking_station_rate(const mote_docking_profile *profile, float time);
float mote_docking_chaser_rate(const mote_docking_profile *profile, float time);

/* Spin angles at time (s): the exact integrals of the rates from 0 to max(time, 0), rad,
 * accumulated (not wrapped; constant from the end of spin-down on). With P(x) = x^3 - x^4 / 2
 * the integral of smoothstep over [0, x], tc = min(time, spin_down_end), D the spin-down
 * duration, U the spin-up duration and x_d, x_u the ranges' clamped x:
 *   station = rate (tc - D P(x_d))
 *   chaser  = rate ((U P(x_u) + max(tc - U, 0)) - D P(x_d)) */
float mote_docking_station_angle(const mote_docking_profile *profile, float time);
float mote_docking_chaser_angle(const mote_docking_profile *profile, float time);

/* ----------------------------------------------------------------------------------------
 * One sequence */

/* One docking sequence: its clock, its station and its chaser. Also the pool's desc. */
typedef struct mote_docking_state {
    float time;                 /* s on the sequence clock; < 0: not started (nothing moves);
                                 * |time| <= MOTE_DOCKING_TIME_MAX */
    mote_vec3 station_position; /* world; the caller may move it between steps */
    mote_quat station_base;     /* station orientation at spin angle 0 (unit) */
    mote_vec3 position;         /* chaser, world: spring_position blended toward the target
                                 * in the final-lerp window, the target itself once locked */
    mote_vec3 spring_position;  /* the spring's own position, world (position before the
                                 * final-lerp window) */
    mote_vec3 velocity;         /* the spring's velocity, world, units/s; 0 once locked */
    mote_quat orientation;      /* chaser, world, unit: spin * alignment (written by steps) */
    float start_parallel;       /* captured: dot(offset, dock axis) at approach start */
    float start_radial;         /* captured: radial distance at approach start, >= 0 */
    mote_vec3 radial_direction; /* captured: unit radial direction (zero on the axis), in
                                 * STATION coordinates, so the corridor turns with it */
    float station_angle;        /* rad, the station's spin angle at the clock (accumulated) */
    float chaser_angle;         /* rad, the chaser's spin angle about the dock axis */
    bool captured;              /* the approach values above are set */
    bool locked;                /* the terminal lock holds: position is the target exactly */
} mote_docking_state;

/* Starts a sequence: the station at station_position with base orientation station_base
 * (non-zero; stored normalised), the chaser at rest at chaser_position (position and
 * spring_position), starting start_delay
 * seconds from now (>= 0: the clock starts at -start_delay). Nothing captured or locked,
 * angles 0, orientation the alignment of the dock axis at angle 0. MOTE_ERROR_NON_FINITE for a
 * non-finite input, MOTE_ERROR_INVALID_ARGUMENT for NULL, a zero station_base, a negative
 * start_delay or an invalid profile; *out is written only on MOTE_OK. */
mote_status mote_docking_begin(const mote_docking_profile *profile, mote_vec3 station_position,
                               mote_quat station_base, mote_vec3 chaser_position, float start_delay,
                               mote_docking_state *out);

/* Advances one sequence by dt seconds (split into sub-steps of at most max_substep). Each
 * sub-step of h seconds, at the new clock t (te = max(t, 0)):
 *   angles from the timeline at te; station orientation Q = normalize(base * rotation(forward,
 *   station angle)); dock port = station position + Q port offset, dock axis =
 *   normalize(Q axis).
 *   capture (the sub-step that reaches approach_start, or the first after it when added
 *   late): the chaser's offset from the port of the docking frame AT approach_start is
 *   decomposed into parallel, radial distance and direction (stored in station coordinates).
 *   target: parallel lerp(lerp(start_parallel, clearance, approach_t), clearance, dock_t);
 *   radial lerp(lerp(lerp(start_radial, min(start_radial, radial_offset), approach_t), 0,
 *   dock_t), 0, spin_down_t); target = port + axis parallel + (Q radial_direction) radial.
 *   Before capture the target is the spring's own position (the chaser waits, damped).
 *   spring on (spring_position p, velocity v): stiffness k and damping c lerp by dock_t;
 *   a = (target - p) k - v c; v += a hs; p += v hs, hs = min(h, max_substep).
 *   final lerp: position = lerp(p, target, w) (final_lerp_start).
 *   lock: from spin_down_t >= lock_threshold (and once locked, always): position and
 *   spring_position = target exactly, v = 0.
 *   orientation = normalize(rotation(axis, chaser angle) * from_unit_vectors(up, -axis)).
 * dt == 0 changes nothing. MOTE_ERROR_INVALID_DT for a NaN, infinite or negative dt,
 * MOTE_ERROR_NON_FINITE for a non-finite state member, MOTE_ERROR_INVALID_ARGUMENT for NULL,
 * a zero station_base or an invalid profile: in each case nothing changes. */
mote_status mote_docking_step(const mote_docking_profile *profile, mote_docking_state *state,
                              float dt);

/* ----------------------------------------------------------------------------------------
 * Diagnostics (the seed's "Expose" list) */

/* Where a sequence is on its timeline. */
typedef enum mote_docking_phase {
    MOTE_DOCKING_PENDING = 0,   /* clock < 0: not started */
    MOTE_DOCKING_HOLD = 1,      /* before approach start: station spinning, chaser waiting */
    MOTE_DOCKING_APPROACH = 2,  /* approach_start .. approach_end */
    MOTE_DOCKING_SETTLE = 3,    /* approach_end .. settle_end */
    MOTE_DOCKING_SPIN_DOWN = 4, /* settle_end .. lock */
    MOTE_DOCKING_LOCKED = 5     /* the terminal lock holds */
} mote_docking_phase;

/* "pending", "hold", "approach", "settle", "spin-down", "locked" ("unknown" otherwise). */
const char *mote_docking_phase_name(mote_docking_phase phase);

/* Everything a sequence exposes at its clock, from the same formulas as the step (so a locked
 * sequence's position equals target bit for bit). */
typedef struct mote_docking_pose {
    float time;                                       /* s, the clock */
    mote_docking_phase phase;                         /* from the clock and the lock */
    float spin_up_t, approach_t, dock_t, spin_down_t; /* the named phase values */
    float station_spin_rate;                          /* rad/s */
    float chaser_spin_rate;                           /* rad/s */
    float station_angle;                              /* rad, accumulated */
    float chaser_angle;                               /* rad, accumulated */
    mote_quat station_orientation;                    /* world */
    mote_vec3 dock_port;                              /* world */
    mote_vec3 dock_axis;                              /* world, unit */
    mote_vec3 target;      /* the spring target (spring_position before capture) */
    float parallel_error;  /* dot(position - dock_port, dock_axis): the chaser's axial
                            * distance from the port; converges to dock_clearance */
    float radial_error;    /* |(position - dock_port) minus its axial part|: the
                            * chaser's lateral distance from the dock axis */
    float target_parallel; /* the target's parallel distance (the corridor) */
    float target_radial;   /* the target's radial distance (the corridor) */
    mote_vec3 velocity;    /* the chaser's, units/s */
    float stiffness;       /* 1/s^2 */
    float damping;         /* 1/s */
    bool locked;           /* the terminal lock */
} mote_docking_pose;

/* The pose of a sequence at its clock. Same errors as mote_docking_step; *out written only on
 * MOTE_OK. */
mote_status mote_docking_pose_of(const mote_docking_profile *profile,
                                 const mote_docking_state *state, mote_docking_pose *out);

#ifdef __cplusplus
}
#endif

#endif
