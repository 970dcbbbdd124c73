/* mote: structure-of-arrays pools of characters moved by the movement model (mote/movement.h),
 * stepped by one SIMD kernel. One params set per pool: a pool is an archetype (soldiers,
 * civilians, ...); make one pool per archetype.
 *
 * Each step splits dt into equal sub-steps no longer than the pool's max_substep (default
 * 1/60 s), because the model is not dt-invariant: its rate clamp and lookahead are per step.
 * Each sub-step is exactly one mote_movement_update (or _update_facing) of the reference. A
 * dt longer than max_substep * MOTE_MOVER_MAX_SUBSTEPS is clamped to that (a suspended tab
 * does not fling the crowd across the map). */
#ifndef MOTE_MOVER_POOL_H
#define MOTE_MOVER_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/movement.h"
#include "mote/pool_common.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most sub-steps one step takes; a longer dt is clamped to max_substep times this. */
#define MOTE_MOVER_MAX_SUBSTEPS 16

/* How bodies avoid each other and walls (see "Avoidance" below). Start from
 * mote_default_avoidance_settings(). */
typedef struct mote_avoidance_settings {
    float neighbor_distance;     /* units, >= 0: bodies within this distance of a body's centre
                                  * are its neighbours; 0 (the default) turns avoidance off, and
                                  * the pool then steps exactly as without bodies */
    int max_neighbors;           /* >= 1: a body reacts to at most this many neighbours (those it
                                  * touches or predicts a collision with, in the order the grid
                                  * holds them); default 10 */
    float time_horizon;          /* s, >= MOTE_AVOIDANCE_MIN_TIME_HORIZON: collisions with
                                  * neighbours predicted within this are avoided; default 2 */
    float obstacle_time_horizon; /* s, >= MOTE_AVOIDANCE_MIN_TIME_HORIZON: the same for walls;
                                  * default 2 */
} mote_avoidance_settings;

/* s: the shortest time horizon the settings accept */
#define MOTE_AVOIDANCE_MIN_TIME_HORIZON 1e-3f
/* Elements a pool with avoidance on may hold: a step of more refuses (the kernels tell bodies
 * apart by their index as a float, exact below 2^24). */
#define MOTE_AVOIDANCE_MAX_ELEMENTS 16777216u

/* neighbor_distance 0 (off), 10 neighbours, time horizons of 2 s. */
mote_avoidance_settings mote_default_avoidance_settings(void);

/* units: |a.x|, |a.y|, |b.x|, |b.y| of a wall (its length squared stays finite in float) */
#define MOTE_MOVER_MAX_WALL_POSITION 1e18f

/* A two-sided static wall from a to b (units). */
typedef struct mote_segment {
    mote_vec2 a, b;
} mote_segment;

/* The domain. Every value a mover pool accepts (add, add_many, set and the setters, create,
 * set_params, set_max_substep, restore) lies within these bounds, and a refusal changes
 * nothing and names the field in mote_error_detail(). Every element in the domain steps to a
 * finite state forever, at any dt the step accepts (finite, >= 0; clamped to at most
 * MOTE_MOVER_MAX_SUBSTEPS sub-steps of at most MOTE_MOVER_MAX_SUBSTEP s):
 * - the immediate velocity never grows past the longer of itself and the desired velocity (the
 *   model's speed cap), the smoothing spring's goal is capped likewise, and the spring is an
 *   exact critically damped step, so velocity and acceleration stay within a fixed multiple of
 *   the bounds below (every rate y of a half-life within MOTE_MOVER_MAX_HALFLIFE and 0 is in
 *   [1.4e-3, 1.4e5] /s, every lookahead at most 1 + 100 * 1443 s: every product the step forms
 *   stays below 1e26);
 * - position grows by at most velocity * dt: below 1e15 units/s from any accepted state, it
 *   would take longer than 1e22 s to leave float range;
 * - the facing springs take their offsets along the short way (|offset| <= pi), so angular
 *   velocities stay below pi * 1.4e5 rad/s (within MOTE_MOVER_MAX_ANGULAR_SPEED) and a facing
 *   moves at most pi per sub-step; a step subtracts whole turns from a facing (rotation,
 *   immediate_rotation) past MOTE_MOVER_REBASE_ROTATION, so facings stay within
 *   MOTE_MOVER_MAX_ROTATION, where the kernels' angle wrap is exact.
 * The facings and angular velocities stay within these bounds; the linear state stays finite
 * but not always within them (an acceleration of 1e12 units/s^2 through a 1000 s half-life
 * carries the velocity to about 1e14 units/s): set and push then refuse such a state until it
 * is brought back (place_at, or a set within the bounds), while the inputs' setters
 * (set_desired_velocity, set_desired_facing) check only the inputs and still steer it. */
/* units: |position_x|, |position_y| */
#define MOTE_MOVER_MAX_POSITION 1e30f
/* units: radius (so a body's separation and avoidance speeds stay below MOTE_MOVER_MAX_SPEED) */
#define MOTE_MOVER_MAX_RADIUS 1e6f
/* units/s: the length of velocity, immediate_velocity and desired_velocity */
#define MOTE_MOVER_MAX_SPEED 1e8f
/* units/s^2: the length of acceleration; params.acceleration and .deceleration */
#define MOTE_MOVER_MAX_ACCELERATION 1e12f
/* rad (1024 turns): |rotation|, |immediate_rotation|, |desired_facing| */
#define MOTE_MOVER_MAX_ROTATION 6433.98175f
/* rad (512 turns): past this a step takes a facing's whole turns off */
#define MOTE_MOVER_REBASE_ROTATION 3216.99088f
/* rad/s: |angular_velocity|, |immediate_angular_velocity| */
#define MOTE_MOVER_MAX_ANGULAR_SPEED 1e6f
/* s: the params' half-lives */
#define MOTE_MOVER_MAX_HALFLIFE 1e3f
/* the params' compensations, in lags */
#define MOTE_MOVER_MAX_COMPENSATION 100.0f
/* 1/s: params.turn_strength */
#define MOTE_MOVER_MAX_TURN_STRENGTH 1e6f
/* s: the range of max_substep */
#define MOTE_MOVER_MIN_SUBSTEP 1e-6f
#define MOTE_MOVER_MAX_SUBSTEP 1.0f

/* How to build a pool. Start from mote_default_mover_pool_def(). */
typedef struct mote_mover_pool_def {
    mote_movement_params params; /* every element's model; default mote_default_movement_params */
    float max_substep;           /* s, in [MOTE_MOVER_MIN_SUBSTEP, MOTE_MOVER_MAX_SUBSTEP]: longest
                                  * sub-step; default 1/60 */
    size_t capacity;             /* elements reserved at creation; default 1024 */
    size_t max_count;            /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;        /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    float max_dt;                /* s, > 0: a longer step is clamped to this before it is split;
                                  * default MOTE_DEFAULT_MAX_DT (0.25 s, every kind's, below
                                  * the default max_substep * MOTE_MOVER_MAX_SUBSTEPS); with
                                  * INFINITY that product is the limit */
    mote_avoidance_settings avoidance; /* default mote_default_avoidance_settings(): off */
    int internal_cookie;               /* set by mote_default_mover_pool_def(); leave it alone */
} mote_mover_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_mover_pool_def mote_default_mover_pool_def(void);

/* One element, for add/get/set: its state and its inputs. */
typedef struct mote_mover_desc {
    mote_movement_state state;
    mote_vec2 desired_velocity; /* units/s: where it is asked to go; zero asks to stop */
    float desired_facing;       /* rad: used when explicit_facing is set */
    bool explicit_facing;       /* false: face along the desired velocity (held when stopped) */
    float radius;               /* units, in [0, MOTE_MOVER_MAX_RADIUS]: the body's disc; 0 (the
                                 * default) is no body,
                                 * neither avoiding nor avoided */
} mote_mover_desc;

/* An element at rest at the origin, facing 0, asked to stay. */
mote_mover_desc mote_default_mover_desc(void);

/* The pool's field arrays (mote_mover_pool_view; mote/pool_common.h says how long they stay
 * valid and what may be written). Writing the inputs here (desired velocities, facings) is
 * the intended way to drive a crowd. */
typedef struct mote_mover_view {
    size_t count;
    float *position_x, *position_y;                     /* units */
    float *velocity_x, *velocity_y;                     /* units/s, smoothed */
    float *acceleration_x, *acceleration_y;             /* units/s^2 */
    float *immediate_velocity_x, *immediate_velocity_y; /* units/s, unsmoothed */
    float *rotation;                                    /* rad, continuous */
    float *angular_velocity;                            /* rad/s */
    float *immediate_rotation;                          /* rad (double facing spring) */
    float *immediate_angular_velocity;                  /* rad/s (double facing spring) */
    float *desired_velocity_x, *desired_velocity_y;     /* input, units/s */
    float *desired_facing;                              /* input, rad */
    float *explicit_facing; /* input: 0 faces along the desired velocity; any other value
                             * faces desired_facing */
    float *radius;          /* per body, units (>= 0; 0: no body); write it through add/set */
    float *avoid_velocity_x, *avoid_velocity_y; /* units/s: the velocity the last step walked
                                                 * toward (the desired one bent round neighbours
                                                 * and walls); the desired velocity itself is
                                                 * never overwritten */
} mote_mover_view;

typedef struct mote_mover_pool mote_mover_pool;

/* True when params are usable by a pool: acceleration and deceleration in
 * [0, MOTE_MOVER_MAX_ACCELERATION], directional_acceleration in [0, 1], turn_strength in
 * [0, MOTE_MOVER_MAX_TURN_STRENGTH], the half-lives in [0, MOTE_MOVER_MAX_HALFLIFE], the
 * compensations in [0, MOTE_MOVER_MAX_COMPENSATION] (so every field finite). */
bool mote_movement_params_valid(const mote_movement_params *params);

/* The common pool functions, documented once in mote/pool_common.h: mote_mover_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save, _restore, _step, _advance, _step_range and _step_parallel. What is
 * the mover pool's own in them:
 * - Every value the pool accepts lies in the domain above; a refusal changes nothing and
 *   names the field in mote_error_detail().
 * - create: MOTE_ERROR_INVALID_ARGUMENT also for params that mote_movement_params_valid
 *   refuses, or a max_substep outside [MOTE_MOVER_MIN_SUBSTEP, MOTE_MOVER_MAX_SUBSTEP].
 * - add, add_many, set: MOTE_ERROR_NON_FINITE for NaN or infinity in any member;
 *   MOTE_ERROR_INVALID_ARGUMENT for a member outside the domain; explicit_facing is stored
 *   as 0 or 1.
 * - step: dt is also clamped to max_substep * MOTE_MOVER_MAX_SUBSTEPS, then split into
 *   sub-steps (see the top of this header and mote_mover_pool_substeps); advance and
 *   advance_of report the clamped dt. After the sub-steps, a facing (rotation,
 *   immediate_rotation) past MOTE_MOVER_REBASE_ROTATION loses its whole turns.
 * - step_parallel: ranges are at least 512 movers; pools of 512 or fewer step on the calling
 *   thread.
 * - Snapshots hold the params, max_substep, the avoidance settings and the walls (and the
 *   radii and avoid velocities as fields); a restore replaces them all. A restore refuses
 *   walls set_walls would refuse (MOTE_ERROR_CORRUPT_SNAPSHOT, the detail naming the wall). */
MOTE_POOL_COMMON_DECLS(mover);
MOTE_POOL_STEP_DECLS(mover);

/* Sets one element's desired velocity (units/s), checking only it. MOTE_ERROR_NON_FINITE for
 * NaN/infinity, MOTE_ERROR_INVALID_ARGUMENT for a length past MOTE_MOVER_MAX_SPEED (no
 * change); the id's errors. */
mote_status mote_mover_pool_set_desired_velocity(mote_mover_pool *pool, mote_id id,
                                                 mote_vec2 desired_velocity);

/* Makes one element face facing (rad) whatever its direction of travel (explicit true), or
 * face along its desired velocity again (explicit false; facing is then stored but unused),
 * checking only them. MOTE_ERROR_NON_FINITE for NaN/infinity, MOTE_ERROR_INVALID_ARGUMENT for
 * |facing| past MOTE_MOVER_MAX_ROTATION (no change); the id's errors. */
mote_status mote_mover_pool_set_desired_facing(mote_mover_pool *pool, mote_id id,
                                               bool explicit_facing, float facing);

/* Knockback: adds delta_velocity (units/s) to the element's velocity and immediate velocity
 * together (mote_movement_push), so the smoothing spring does not pull it back.
 * MOTE_ERROR_NON_FINITE when the result is not finite, MOTE_ERROR_INVALID_ARGUMENT when it
 * leaves the domain (no change); the id's errors. */
mote_status mote_mover_pool_push(mote_mover_pool *pool, mote_id id, mote_vec2 delta_velocity);

/* Teleports one element to position, at rest, facing facing (mote_movement_place_at).
 * MOTE_ERROR_NON_FINITE for NaN/infinity, MOTE_ERROR_INVALID_ARGUMENT outside the domain (no
 * change); the id's errors. */
mote_status mote_mover_pool_place_at(mote_mover_pool *pool, mote_id id, mote_vec2 position,
                                     float facing);

/* The pool's params (defaults for a NULL pool). */
mote_movement_params mote_mover_pool_params(const mote_mover_pool *pool);

/* Replaces the pool's params; MOTE_ERROR_INVALID_ARGUMENT, and no change, unless
 * mote_movement_params_valid (mote_error_detail() names the member). */
mote_status mote_mover_pool_set_params(mote_mover_pool *pool, const mote_movement_params *params);

/* The longest sub-step (s; 0 for a NULL pool). */
float mote_mover_pool_max_substep(const mote_mover_pool *pool);

/* Sets the longest sub-step (s); MOTE_ERROR_INVALID_ARGUMENT, and no change, unless in
 * [MOTE_MOVER_MIN_SUBSTEP, MOTE_MOVER_MAX_SUBSTEP]. */
mote_status mote_mover_pool_set_max_substep(mote_mover_pool *pool, float max_substep);

/* How a step of dt seconds is split: the sub-step count (0 for dt == 0) and the sub-step
 * length (s): dt, clamped to max_dt and to max_substep * MOTE_MOVER_MAX_SUBSTEPS, divided
 * into the fewest equal sub-steps no longer than max_substep (up to 1e-3 relative, so a dt
 * that rounds just past a multiple of max_substep is not split once more).
 * MOTE_ERROR_INVALID_DT for a NaN, infinite or negative dt; MOTE_ERROR_INVALID_ARGUMENT for
 * a NULL pool, out_count or out_substep. */
mote_status mote_mover_pool_substeps(const mote_mover_pool *pool, float dt, int *out_count,
                                     float *out_substep);

/* Trajectory prediction: where every mover will be at a few future times if its current
 * inputs (desired velocity, desired facing, explicit flag) are held, for a motion-matching
 * query. Closed form, continuous in time (no sub-steps), as Holden's spring_character_predict:
 * the velocity smoothing spring (critically damped, on the side the accelerate test picks now)
 * and the facing springs (one, or two in series) run analytically toward the held goals.
 *
 * What it neglects of the stepped model (mote_movement_update), so where these act it differs
 * from stepping forward:
 * - the rate clamp: the immediate velocity is taken to be at the desired velocity already, not
 *   approaching it at acceleration or deceleration; while it is on its way the prediction leads;
 * - the lookahead and the speed cap: the smoothing spring chases the desired velocity itself;
 * - the turn damper, and a change of side (accelerating/decelerating) on the way;
 * - the step itself: a step integrates position by one Euler step per sub-step (the prediction
 *   by the exact integral), and the second facing spring of the double spring chases the
 *   first's end-of-sub-step value;
 * - a stopped character (no heading) holds its current facing as the goal, where stepping
 *   re-reads the goal every sub-step.
 * Where no clamp binds (the immediate velocity at the desired velocity g, the facing goal
 * fixed), prediction and stepping forward by sub-steps of h seconds agree within
 *   position: MOTE_MOVER_PREDICT_POSITION_BOUND * h * (|v - g| + |a| / y), y = 2 ln2 / the
 *             smoothing half-life, v and a the velocity and acceleration now (the Euler sum's
 *             lead of half a sub-step on the spring's change of velocity);
 *   velocity: float rounding, 1e-5 of (|v - g| + |a| / y + |g|) (the steps solve the same
 *             spring exactly);
 *   rotation: MOTE_MOVER_PREDICT_FACING_BOUND * h * (|angular velocities| + y_f |facing error|),
 *             y_f the facing spring's rate (the double spring's held inner goal);
 * each plus 1e-5 of the magnitudes for rounding. Where a clamp binds the prediction leads:
 * from rest to 300 units/s under the default params, 15-17 units ahead after 0.33-1 s; a
 * 90-degree turn at 300 units/s, 33-42 units. */

/* Most times one prediction takes. */
#define MOTE_MOVER_PREDICT_MAX_TIMES 8
/* Longest time (s) a prediction looks ahead. */
#define MOTE_MOVER_PREDICT_MAX_TIME 3600.0f
/* The stated agreement with stepping where no clamp binds (see above), per sub-step length. */
#define MOTE_MOVER_PREDICT_POSITION_BOUND 1.0f
#define MOTE_MOVER_PREDICT_FACING_BOUND   0.25f

/* Where a prediction is written: caller-owned arrays, structure of arrays per time. Time k of
 * element i (the view's dense index) is at [k * stride + i] of each array, so one time's
 * samples are contiguous across the crowd (a batched query reads them as rows). Each array
 * holds at least n_times * stride floats; stride >= the pool's count. */
typedef struct mote_mover_prediction {
    float *position_x, *position_y; /* units, world frame */
    float *velocity_x, *velocity_y; /* units/s, the smoothed velocity */
    float *rotation;                /* rad, continuous with the element's current rotation */
    size_t stride;                  /* floats from one time's row to the next */
} mote_mover_prediction;

/* Predicts every element of pool at each of times[0 .. n_times) (s from now, each finite and
 * in [0, MOTE_MOVER_PREDICT_MAX_TIME]; any order, repeats allowed) into out, with the pool's
 * params and backend (every wide backend gives the same bits). Reads the pool, changes nothing
 * in it. MOTE_ERROR_INVALID_ARGUMENT (nothing written) for a NULL pool, out or output array,
 * NULL times with n_times > 0, n_times > MOTE_MOVER_PREDICT_MAX_TIMES or stride < count;
 * MOTE_ERROR_INVALID_DT (nothing written) for a time that is NaN, infinite, negative or past
 * MOTE_MOVER_PREDICT_MAX_TIME. n_times == 0 writes nothing and returns MOTE_OK. */
mote_status mote_mover_pool_predict(mote_mover_pool *pool, const float *times, size_t n_times,
                                    const mote_mover_prediction *out);

/* Avoidance. With avoidance on (neighbor_distance > 0), every step first finds each body's
 * neighbours through a grid built from the positions (cells of at least neighbor_distance,
 * counting-sorted), turns each body's desired velocity into an avoiding one (predicted
 * collisions within time_horizon, each steered past on the right, overlaps pushed apart,
 * walls approached within obstacle_time_horizon slowed along their normal: the model is on
 * the kind's page), runs the movement model toward it, then moves every body out of the
 * discs of its neighbours and out of the walls (no disc's centre crosses a wall, no disc ends
 * closer to a wall than its radius). Bodies whose position, velocity or radius is not finite
 * take no part. A step of a range [begin, end) moves only that range's bodies; the others are
 * seen where they stand. */

/* The pool's avoidance settings (the defaults for a NULL pool). */
mote_avoidance_settings mote_mover_pool_avoidance(const mote_mover_pool *pool);

/* Replaces the avoidance settings, also on a live pool. MOTE_ERROR_NON_FINITE for NaN or
 * infinity, MOTE_ERROR_INVALID_ARGUMENT for a negative neighbor_distance, max_neighbors < 1
 * or a time horizon <= 0; nothing changes then (mote_error_detail() names the member). */
mote_status mote_mover_pool_set_avoidance(mote_mover_pool *pool,
                                          const mote_avoidance_settings *avoidance);

/* Replaces the pool's walls with a copy of walls[0 .. count) (count 0 clears them; walls may
 * then be NULL). MOTE_ERROR_NON_FINITE for a NaN or infinite end, MOTE_ERROR_INVALID_ARGUMENT
 * for a wall of zero length or walls NULL with count > 0, MOTE_ERROR_OUT_OF_MEMORY; nothing
 * changes then. Walls are static, two-sided segments; each step reads every wall for each
 * body near walls, so they are meant to be tens, not thousands. */
mote_status mote_mover_pool_set_walls(mote_mover_pool *pool, const mote_segment *walls,
                                      size_t count);

/* The pool's walls (*out_count of them; NULL when none): valid until the next set_walls,
 * restore or destroy. */
const mote_segment *mote_mover_pool_walls(const mote_mover_pool *pool, size_t *out_count);

/* The bodies (radius > 0) whose centre lies within radius (units) of center: their ids,
 * the first max_ids of them into out_ids (which may be NULL when max_ids is 0), and in
 * *out_count how many there are, even past max_ids. Read from the grid the last step with avoidance
 * built (built here when no such step has built one since the last step, add, remove or
 * restore), so a body moved by the game since the last step is looked for near where the step
 * left it. Order: by grid
 * cell, then by index. MOTE_ERROR_NON_FINITE for a NaN or infinite center or radius,
 * MOTE_ERROR_INVALID_ARGUMENT for a negative radius, a NULL pool or out_count,
 * MOTE_ERROR_OUT_OF_MEMORY when the grid could not be built. */
mote_status mote_mover_pool_query_radius(mote_mover_pool *pool, mote_vec2 center, float radius,
                                         mote_id *out_ids, size_t max_ids, size_t *out_count);

#ifdef __cplusplus
}
#endif

#endif
