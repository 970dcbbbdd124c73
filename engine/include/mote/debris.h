/* mote: debris shed from a spinning hull (seed 000, "Peeling and released debris").
 *
 * Each piece is first ATTACHED to the ship: it peels outward from its anchor along its
 * outward direction and twists while it lifts. In the step where its clock reaches its
 * detach time it is RELEASED with the velocity it had in the ship's rotating frame
 * (cross(spin, offset)) plus an outward and an axial kick, speed capped. From then on it is
 * FREE: it flies in a straight line (or under the pool's gravity and linear damping) and
 * tumbles at its own angular velocity, integrated with the exact exponential map.
 *
 * This header holds the ship frame (vectors and quaternions are mote/math3d.h's), the
 * station spin state of the seed's docking timeline (shared with the docking work), and the
 * scalar reference: one piece at a time, straight from the formulas, libm sinf/cosf. The
 * pool (mote/debris_pool.h) steps many pieces with one SIMD kernel held to this reference.
 *
 * Conventions: right-handed, units are the user's (call them metres), time in seconds,
 * angles in radians. A quaternion is {x, y, z, w}; a * b applies b first, then a. */
#ifndef MOTE_DEBRIS_H
#define MOTE_DEBRIS_H

#include <stdbool.h>
#include <stdint.h>

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * The proven domain of a debris pool
 *
 * Within these ranges every state a pool accepts steps to a finite state forever, on every
 * backend, whatever accepted calls and steps follow: add, set, set_ship, set_settings,
 * create and restore refuse anything outside them (MOTE_ERROR_NON_FINITE for NaN or
 * infinity, else MOTE_ERROR_INVALID_ARGUMENT, mote_error_detail() naming the field), and a
 * step advances at most MOTE_DEBRIS_MAX_STEP. The ranges of the state (clock, position,
 * velocity, orientation) are closed under a step: what a step leaves is again accepted, so a
 * piece read back with get can be set again and a saved pool restores.
 *
 * Piece (mote_debris_desc):
 *   time, peel_start, detach_time  within +-MOTE_DEBRIS_MAX_TIME
 *   position                       each coordinate within +-MOTE_DEBRIS_MAX_POSITION
 *   orientation                    length within [1 / MOTE_DEBRIS_MAX_QUAT_SCALE,
 *                                  MOTE_DEBRIS_MAX_QUAT_SCALE] (a step normalises it)
 *   velocity                       each component within +-MOTE_DEBRIS_MAX_VELOCITY
 *   angular_velocity               length <= MOTE_DEBRIS_MAX_ANGULAR_SPEED
 *   anchor                         each coordinate within +-MOTE_DEBRIS_MAX_DISTANCE
 *   max_distance                   in [0, MOTE_DEBRIS_MAX_DISTANCE]
 *   outward, base                  non-zero (stored normalised)
 *   twist                          within +-MOTE_DEBRIS_MAX_TWIST
 *   outward_speed, axial_speed     within +-MOTE_DEBRIS_MAX_SPEED
 * Ship (mote_debris_ship): position each coordinate within +-MOTE_DEBRIS_MAX_DISTANCE;
 *   orientation and axis finite and non-zero; spin_rate within
 *   +-MOTE_DEBRIS_MAX_ANGULAR_SPEED.
 * Settings (mote_debris_settings): speed_cap > 0 (+inf: no cap); gravity each component
 *   within +-MOTE_DEBRIS_MAX_GRAVITY; linear_damping finite and >= 0.
 *
 * Why they hold, with D = MOTE_DEBRIS_MAX_STEP = 2^5 (round to nearest; a float x with
 * |x| >= 2^k has a spacing of at least 2^(k-23), so adding less than half of it leaves x):
 *   clock: t + dt with dt <= 2^5 stops moving once |t| >= 2^30 (spacing 2^7): |t| <= 2^31.
 *   attached: |local| <= |anchor| + max_distance, so its position stays within 2^43 and its
 *     release velocity (spin x offset + kicks) within 2^52 per component.
 *   free velocity: (v + g dt) e^(-c dt), |g dt| <= 2^35, stops growing once |v| >= 2^60
 *     (spacing 2^37); the decay and the cap only shrink it: |v| <= 2^61 per component, so
 *     |v|^2 never overflows and the cap always sees the true speed.
 *   free position: p + v dt, |v dt| <= 2^66, stops moving once |p| >= 2^91: |p| <= 2^92.
 *   orientation: the tumble's half angle |w| dt / 2 <= 4096 and the twist's |twist| / 2 <=
 *     4096 are inside the wide sine's accurate range (|x| <= 8192), so every rotation is unit
 *     and every normalisation divides by a length near 1 (or the accepted one). */
/* The longest step a debris pool takes, s: a longer dt (the pool's max_dt may be +inf)
 * advances this much. */
#define MOTE_DEBRIS_MAX_STEP 32.0f
/* Piece clocks, peel_start and detach_time, s: 2^31 (about 68 years). */
#define MOTE_DEBRIS_MAX_TIME 0x1p31f
/* A free piece's position, per coordinate: 2^92 (about 4.95e27). */
#define MOTE_DEBRIS_MAX_POSITION 0x1p92f
/* A piece's velocity, per component, units/s: 2^61 (about 2.3e18). */
#define MOTE_DEBRIS_MAX_VELOCITY 0x1p61f
/* Anchors, max_distance and the ship's position, per coordinate: 2^40 (about 1.1e12). */
#define MOTE_DEBRIS_MAX_DISTANCE 0x1p40f
/* outward_speed and axial_speed, units/s: 2^40 (about 1.1e12). */
#define MOTE_DEBRIS_MAX_SPEED 0x1p40f
/* |angular_velocity| and |spin_rate|, rad/s: 256 (about 41 turns a second). */
#define MOTE_DEBRIS_MAX_ANGULAR_SPEED 256.0f
/* |twist|, rad: 8192 (about 1304 turns). */
#define MOTE_DEBRIS_MAX_TWIST 8192.0f
/* Gravity, per component, units/s^2: 2^30 (about 1.07e9). */
#define MOTE_DEBRIS_MAX_GRAVITY 0x1p30f
/* A piece's orientation is accepted with a length within [2^-20, 2^20]. */
#define MOTE_DEBRIS_MAX_QUAT_SCALE 0x1p20f

/* ----------------------------------------------------------------------------------------
 * The ship frame and the station spin state */

/* The hull the pieces peel from, as the user updates it before each step. */
typedef struct mote_debris_ship {
    mote_vec3 position;    /* world */
    mote_quat orientation; /* ship-local to world; normalised when used */
    mote_vec3 axis;        /* world spin axis, any non-zero length (normalised when used) */
    float spin_rate;       /* rad/s about axis (right-hand rule) */
} mote_debris_ship;

/* A ship at the origin, identity orientation, spinning at 0 about +z. */
mote_debris_ship mote_default_debris_ship(void);

/* The seed's station spin state: spin rate from a spin-down blend, spin angle,
 * orientation = base * rotation(local forward, angle). One step:
 *   time += dt; spinDownT = smoothstep(spin_down_start, spin_down_end, time);
 *   rate = lerp(spin_rate, 0, spinDownT); angle = wrap(mote_station_spin_angle_at(time))
 * The angle is the exact integral of the rate over [0, time] (the smoothstep integrates to a
 * polynomial), not the seed's running sum angle += rate * dt (its first-order, rectangle-rule
 * approximation): the angle at a time does not depend on the frame rate, and it is the same
 * float as a docking sequence's station angle (mote_docking_station_angle) on a station with
 * the same rate and spin-down. It is kept wrapped into (-pi, pi] (mote_wrap_angle); the
 * orientation is the same. */
typedef struct mote_station_spin {
    /* parameters */
    float spin_rate;            /* rad/s before spin-down; the seed's 3.15 */
    float spin_down_start;      /* s on the station clock */
    float spin_down_end;        /* s; the seed's post-dock spin-down lasts 3.0 s */
    mote_quat base_orientation; /* station orientation at angle 0 */
    mote_vec3 local_forward;    /* spin axis in station coordinates, unit */
    /* state */
    float time;  /* s */
    float rate;  /* current spin rate, rad/s */
    float angle; /* spin angle at time, rad, wrapped into (-pi, pi] */
} mote_station_spin;

/* The seed's station: 3.15 rad/s about local +z, spin-down from 21.5 s to 24.5 s (approach
 * starts at 4.0 s, lasts 14.5 s, docking settles for 3.0 s, then the 3.0 s spin-down), base
 * orientation identity, at time 0 with angle 0 and rate 3.15. */
mote_station_spin mote_default_station_spin(void);

/* Advances the spin state by dt seconds (dt >= 0), in the seed's order (see above).
 * MOTE_ERROR_INVALID_DT for a NaN, infinite or negative dt and MOTE_ERROR_INVALID_ARGUMENT
 * for a NULL spin, both changing nothing. */
mote_status mote_station_spin_step(mote_station_spin *spin, float dt);

/* The unwrapped spin angle at a station time (s, < 0 counts as 0), rad: with
 * D = spin_down_end - spin_down_start, x = clamp((time - spin_down_start) / D, 0, 1) and
 * tc = min(time, spin_down_end), spin_rate (tc - D (x^3 - x^4 / 2)); spin_rate min(time,
 * spin_down_end) when D <= 0 (the rate then drops to 0 at spin_down_end). Constant from
 * spin_down_end on: 3.15 * 23 with the defaults. Float, so its error is a few ULP of the
 * angle (7.6e-6 rad at the seed's 72.45). */
float mote_station_spin_angle_at(const mote_station_spin *spin, float time);

/* base_orientation * rotation(local_forward, angle). */
mote_quat mote_station_spin_orientation(const mote_station_spin *spin);

/* The ship frame of a station at this position: its orientation, its world spin axis (the
 * base orientation applied to local_forward) and its current spin rate. */
mote_debris_ship mote_station_spin_ship(const mote_station_spin *spin, mote_vec3 position);

/* ----------------------------------------------------------------------------------------
 * One piece of debris */

/* Where a piece is in its life. Stored as a float (0, 1, 2) in the pool's phase array. */
typedef enum mote_debris_phase {
    MOTE_DEBRIS_ATTACHED = 0, /* peeling off the hull; follows the ship */
    MOTE_DEBRIS_RELEASED = 1, /* released in the latest step that covered it */
    MOTE_DEBRIS_FREE = 2      /* released in an earlier step; flying free */
} mote_debris_phase;

/* One piece's state and parameters. */
typedef struct mote_debris_desc {
    float time;                 /* s, the piece's sequence clock; every step adds dt */
    mote_debris_phase phase;    /* usually MOTE_DEBRIS_ATTACHED on add */
    mote_vec3 position;         /* world; written by every step */
    mote_quat orientation;      /* world; written by every step, unit length */
    mote_vec3 velocity;         /* world, units/s. While attached: the velocity the piece
                                 * would be released with from its current pose */
    mote_vec3 angular_velocity; /* world, rad/s; the tumble once released */
    mote_vec3 anchor;           /* ship-local point the piece peels from */
    mote_vec3 outward;          /* ship-local unit direction it peels along */
    mote_quat base;             /* ship-local orientation of the piece (unit) */
    float peel_start;           /* s: peeling starts */
    float detach_time;          /* s, >= peel_start: released in the step reaching it */
    float max_distance;         /* >= 0: peel distance at detach_time */
    float twist;                /* rad about outward at detach_time (see mote_debris_peel) */
    float outward_speed;        /* units/s along world outward, added at release */
    float axial_speed;          /* units/s along the spin axis, added at release */
} mote_debris_desc;

/* An attached piece at the ship origin peeling along +x: identity orientations, peel from
 * 0 s to 1 s over 1 unit with a quarter turn of twist, released at 2 units/s outward and no
 * axial speed, no tumble. */
mote_debris_desc mote_default_debris_desc(void);

/* What every piece of a pool shares besides the ship. */
typedef struct mote_debris_settings {
    float speed_cap;      /* > 0 (+inf: no cap); no piece's speed ever exceeds it. The seed's 95 */
    mote_vec3 gravity;    /* units/s^2 on free pieces; default zero */
    float linear_damping; /* 1/s, >= 0: free pieces' velocity decays as e^(-c t); default 0 */
} mote_debris_settings;

/* speed_cap 95, no gravity, no damping. */
mote_debris_settings mote_default_debris_settings(void);

/* The constants one step shares across all pieces, computed once per step from the ship,
 * the settings and dt. The reference and every kernel read the same frame, so the parts
 * that need no transcendental (an attached piece's position) agree bit for bit. */
typedef struct mote_debris_frame {
    float dt;                   /* s */
    float half_dt;              /* dt / 2 */
    mote_vec3 ship_position;    /* world */
    mote_quat ship_orientation; /* normalised (in double: any non-zero finite input works) */
    float rotation[9];          /* mote_quat_to_mat3(ship_orientation) */
    mote_vec3 axis;             /* unit spin axis */
    mote_vec3 spin;             /* axis * spin_rate: the ship's angular velocity, rad/s */
    mote_vec3 gravity_dt;       /* gravity * dt */
    float velocity_decay;       /* expf(-linear_damping * dt) */
    float speed_cap;            /* speeds above this are scaled down ... */
    float cap_target;           /* ... to this: speed_cap * (1 - 2^-20), so that rounding in
                                 * the scaling never lands above speed_cap */
} mote_debris_frame;

/* The frame of one step of dt seconds. */
mote_debris_frame mote_debris_frame_make(const mote_debris_ship *ship,
                                         const mote_debris_settings *settings, float dt);

/* The ship transform of a ship-local point: ship_position + rotation * local. */
mote_vec3 mote_debris_ship_point(const mote_debris_frame *frame, mote_vec3 local);

/* peelT = smoothstep(peel_start, detach_time, time): 0 before peeling, 1 from detach on. */
float mote_debris_peel_t(const mote_debris_desc *piece, float time);

/* An attached piece's pose at its clock time, from peelT = mote_debris_peel_t:
 *   distance = max_distance * peelT^2
 *   position = ship transform of (anchor + outward * distance)
 *   orientation = normalize(ship_orientation * base * twist), twist the rotation about the
 *   ship-local outward by twist * peelT^2: the piece turns in step with its lift, from none
 *   before peel_start to the full twist at detach_time (and stays smooth at both ends). */
void mote_debris_peel(const mote_debris_frame *frame, const mote_debris_desc *piece, float time,
                      mote_vec3 *position, mote_quat *orientation);

/* v scaled down to cap_target when |v| > speed_cap, else v unchanged. */
mote_vec3 mote_debris_cap_speed(const mote_debris_frame *frame, mote_vec3 v);

/* The release velocity of a piece whose world offset from the ship origin is offset:
 * cross(spin, offset) + world outward * outward_speed + axis * axial_speed, speed capped. */
mote_vec3 mote_debris_release_velocity(const mote_debris_frame *frame,
                                       const mote_debris_desc *piece, mote_vec3 offset);

/* Turns q by angular velocity omega (world, rad/s) for dt seconds with the exact exponential
 * map, q' = normalize(exp(omega dt / 2) * q), exp(omega dt / 2) = {omega/|omega| sin(h),
 * cos(h)} with h = |omega| dt / 2 (omega dt / 2 when |omega| is 0). */
mote_quat mote_debris_tumble(mote_quat q, mote_vec3 omega, float dt);

/* One step of one piece; true when it was released in this step. Every piece: time += dt.
 *   attached: pose from mote_debris_peel at the new time; velocity = release velocity from
 *     that pose; when time >= detach_time it is released here (phase RELEASED; at that pose,
 *     peelT = 1) and flies free from the next step on.
 *   released/free: phase FREE; velocity = cap((velocity + gravity dt) e^(-c dt));
 *     position += velocity dt; orientation = mote_debris_tumble(orientation, omega, dt). */
bool mote_debris_step(mote_debris_desc *piece, const mote_debris_frame *frame);

/* Ranges to draw per-piece speeds and tumble from. */
typedef struct mote_debris_ranges {
    float angular_speed_min, angular_speed_max; /* rad/s; the axis is uniform on the sphere */
    float outward_speed_min, outward_speed_max; /* units/s */
    float axial_speed_min, axial_speed_max;     /* units/s */
} mote_debris_ranges;

/* Draws piece `index`'s angular_velocity, outward_speed and axial_speed from ranges with the
 * counter-based generator (mote/random.h) at seed: the same (seed, index) gives the same bits
 * on every machine (only correctly rounded arithmetic: the axis is drawn by rejection from the
 * unit ball, no libm). Other fields are left as they are. */
void mote_debris_draw(mote_debris_desc *piece, const mote_debris_ranges *ranges, uint64_t seed,
                      uint64_t index);

#ifdef __cplusplus
}
#endif

#endif
