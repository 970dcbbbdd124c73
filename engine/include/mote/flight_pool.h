/* mote: structure-of-arrays pools of approach flights (mote/flight.h): a flock of flyers, each
 * with its own Hermite curve, 32-sample arc-length table and speed profile stored in the pool,
 * stepped by one branch-free SIMD kernel held to the scalar reference. Every pool kind's common
 * functions are documented in mote/pool_common.h; this pool's own are the limits the flock
 * shares, re-targeting mid-flight, and the ids that landed in a step, which the step reports
 * as the debris pool reports releases (mote/debris_pool.h).
 *
 * A flyer is its plan and its clock: time (s since its flight began), the curve (P0, P1, M0,
 * M1; the chord is P1 - P0), its table s_1..s_31 (s_0 = 0, s_31 = the length), the speed
 * profile of mote_flight_plan, then the pose the step writes (position, velocity,
 * orientation, bank) and landed. A step adds dt to every flyer's time and evaluates the pose
 * there: time is analytic, so any sequence of steps reaching the same time gives the same
 * pose. The scalar backend is mote_flight_sample itself. The wide backends give its bits
 * exactly for time, landed, position, velocity and the plan; bank within 2.4e-7 rad and each
 * orientation component within 6e-7 (absolute). The pose is a function of the clock alone,
 * so these bounds do not grow with the number of steps. */
#ifndef MOTE_FLIGHT_POOL_H
#define MOTE_FLIGHT_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/flight.h"
#include "mote/pool_common.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every flyer of a pool shares: the limits a flight is planned with and the world it
 * banks in (mote_flight_desc's members of the same names). */
typedef struct mote_flight_limits {
    float cruise_speed;     /* units/s, > 0 */
    float max_acceleration; /* units/s^2, > 0 */
    float max_deceleration; /* units/s^2, > 0 */
    float max_bank;         /* rad, in [0, pi/2) */
    float gravity;          /* units/s^2, > 0 */
    mote_vec3 world_up;     /* any non-zero length */
} mote_flight_limits;

/* mote_default_flight_desc()'s limits: cruise 6, acceleration 4, deceleration 3, bank cap 45
 * degrees, gravity 9.81, up +z. */
mote_flight_limits mote_default_flight_limits(void);

/* How to build a pool. Start from mote_default_flight_pool_def(). */
typedef struct mote_flight_pool_def {
    size_t capacity;           /* flyers reserved at creation; default 1024 */
    size_t max_count;          /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;      /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    mote_flight_limits limits; /* default mote_default_flight_limits() */
    float max_dt;              /* s, > 0: a longer step is clamped to this; default
                                * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for none */
    int internal_cookie;       /* set by mote_default_flight_pool_def(); leave it alone */
} mote_flight_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_flight_pool_def mote_default_flight_pool_def(void);

/* The pool's field arrays (mote_flight_pool_view; see mote/pool_common.h). arc_length[k] is
 * s_(k+1), the table's length up to u = (k + 1) / 31; arc_length[30] is the flight's length. landed
 * is 0 in flight, 1 when the flyer landed in the last step that covered it, 2 after that. */
typedef struct mote_flight_view {
    size_t count;
    float *time;              /* s since the flight began */
    float *start_position[3]; /* P0 */
    float *perch_position[3]; /* P1 */
    float *start_tangent[3];  /* M0 */
    float *end_tangent[3];    /* M1 */
    float *arc_length[MOTE_FLIGHT_TABLE_SAMPLES - 1];
    float *start_speed;    /* the profile (mote_flight_path's members of the same names) */
    float *accel;          /* units/s^2 */
    float *accel_end;      /* s */
    float *accel_distance; /* units */
    float *peak_speed;     /* units/s */
    float *cruise_end;     /* s */
    float *deceleration;   /* units/s^2 */
    float *duration;       /* s */
    float *position[3];    /* the pose at time */
    float *velocity[3];    /* units/s */
    float *orientation[4]; /* {x, y, z, w} */
    float *bank;           /* rad */
    float *landed;         /* 0, 1 or 2 (above) */
} mote_flight_view;

/* Where a step reports the flyers that landed in it: as mote_debris_released. The caller owns
 * ids (room for capacity ids; may be NULL when capacity is 0); the step sets count to the
 * number of flyers of the stepped range that landed in this step and writes the first
 * min(count, capacity) of their ids in dense-index order. Each flyer is reported once: in the
 * step whose time reaches its duration (a flight of length 0 in its first step). */
typedef struct mote_flight_landed {
    mote_id *ids;
    size_t capacity;
    size_t count;
} mote_flight_landed;

typedef struct mote_flight_pool mote_flight_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_flight_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save and _restore; the step functions, which take a report, are below.
 * What is the flight pool's own in them:
 * - Every flyer the pool accepts lies in mote/flight.h's domain, within which it steps to a
 *   finite pose forever at any dt; a refusal changes nothing and names the field in
 *   mote_error_detail().
 * - create: limits mote_flight_plan would refuse: MOTE_ERROR_NON_FINITE for non-finite ones,
 *   else MOTE_ERROR_INVALID_ARGUMENT.
 * - add, add_many: plans desc's flight (mote_flight_plan) and adds it at time 0, its pose the
 *   pose at 0 and landed 0. desc's cruise_speed, max_acceleration, max_deceleration,
 *   max_bank, gravity and world_up must be the pool's limits exactly (mote_flight_pool_desc
 *   gives such a desc): MOTE_ERROR_INVALID_ARGUMENT otherwise, the first differing member
 *   named; mote_flight_plan's errors (a position or speed outside the domain among them).
 * - get: the desc as far as the stored plan keeps it: start and perch positions and the limits
 *   exactly; start_velocity the start speed along M0; landing_normal a unit normal that gives
 *   the same end tangent (0 when the end tangent is the chord).
 * - set: replans the flyer from desc, as add does (its clock back to 0).
 * - Snapshots hold the limits; a restore replaces them, and refuses a flyer outside the domain
 *   (a clock past MOTE_FLIGHT_MAX_TIME, a position, tangent, table or profile no plan within
 *   the domain gives) as MOTE_ERROR_CORRUPT_SNAPSHOT. */
MOTE_POOL_COMMON_DECLS(flight);

/* The pool's limits (the default limits for a NULL pool). */
mote_flight_limits mote_flight_pool_limits(const mote_flight_pool *pool);

/* mote_default_flight_desc() with the pool's limits: a desc add accepts once its positions,
 * velocity and normal are filled in. */
mote_flight_desc mote_flight_pool_desc(const mote_flight_pool *pool);

/* The flyer's plan as a mote_flight_path: mote_flight_sample(path, view.time[i]) is the scalar
 * reference of its pose (its desc member as mote_flight_pool_get gives it).
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL out; the id's errors. */
mote_status mote_flight_pool_path(const mote_flight_pool *pool, mote_id id, mote_flight_path *out);

/* Re-targets a flyer mid-flight: a new plan from the flyer's current position and velocity
 * (the view's, as the last step left them) to another perch, its clock back to 0 and landed
 * 0. Position is continuous exactly (the new P0 is the current position), velocity within
 * rounding (the new plan starts at the current speed along the current velocity); the pose
 * arrays keep their values until the next step. mote_flight_plan's errors for the new desc
 * (a non-finite perch or normal: MOTE_ERROR_NON_FINITE), the id's errors; no change on
 * error. */
mote_status mote_flight_pool_retarget(mote_flight_pool *pool, mote_id id, mote_vec3 perch_position,
                                      mote_vec3 landing_normal);

/* The step functions: mote/pool_common.h's step, advance, step_range and step_parallel, each
 * with a report of the flyers of the stepped range that landed in it (landed, may be NULL;
 * see mote_flight_landed). Beyond the common statuses: MOTE_ERROR_INVALID_ARGUMENT for a
 * landed with ids NULL but capacity > 0, and nothing changes. A step that steps nothing (dt
 * 0, an empty range) reports nothing (count 0). Time is analytic: a step advances dt exactly,
 * clamped to the pool's max_dt and to MOTE_FLIGHT_MAX_STEP. step_range's concurrent ranges each
 * need their own landed buffer. step_parallel reports the landed ids as the serial step does; its
 * ranges are at least 512 flyers, so pools of 512 or fewer step on the calling thread. */
mote_status mote_flight_pool_step(mote_flight_pool *pool, float dt, mote_flight_landed *landed);
mote_status mote_flight_pool_advance(mote_flight_pool *pool, float dt, mote_flight_landed *landed,
                                     float *out_advanced);
mote_status mote_flight_pool_step_range(mote_flight_pool *pool, size_t begin, size_t end, float dt,
                                        mote_flight_landed *landed);
mote_status mote_flight_pool_step_parallel(mote_flight_pool *pool, float dt,
                                           const mote_task_system *tasks,
                                           mote_flight_landed *landed);

#ifdef __cplusplus
}
#endif

#endif
