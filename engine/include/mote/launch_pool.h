/* mote: structure-of-arrays pools of rockets (mote/launch.h), evaluated at the pool's clock by
 * one SIMD kernel held to the scalar reference. Every pool kind's common functions are
 * documented in mote/pool_common.h. What is this pool's own: it keeps a sequence clock in double
 * (hours of play do not drift), a step advances it and evaluates every rocket at it, and
 * mote_launch_pool_evaluate sets it. Every rocket evaluates its own phase (rockets launch at
 * different times). The view holds every pose field but the tangent, which is always
 * {0, radial[2], -radial[1]} (mote_launch_pose); its inputs (launch_time, turn_blend,
 * crossrange, flags) may be written through it between steps. */
#ifndef MOTE_LAUNCH_POOL_H
#define MOTE_LAUNCH_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/launch.h"
#include "mote/pool_common.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How to build a pool. Start from mote_default_launch_pool_def(). */
typedef struct mote_launch_pool_def {
    size_t capacity;             /* rockets reserved at creation; default 1024 */
    size_t max_count;            /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;        /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    mote_launch_profile profile; /* default mote_default_launch_profile(); must be valid */
    float max_dt;                /* s, > 0: a longer step advances the clock this much;
                                  * default MOTE_DEFAULT_MAX_DT (0.25 s, every kind's);
                                  * INFINITY for none (the launch is analytic in time) */
    int internal_cookie;         /* set by mote_default_launch_pool_def(); leave it alone */
} mote_launch_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_launch_pool_def mote_default_launch_pool_def(void);

/* One rocket for add/get/set: its inputs and its pose (written by every evaluation). */
typedef struct mote_launch_desc {
    mote_launch_rocket rocket;
    mote_launch_pose pose;
} mote_launch_desc;

/* The default rocket on the pad. */
mote_launch_desc mote_default_launch_desc(void);

/* The pool's field arrays (mote_launch_pool_view; see mote/pool_common.h). flags is the rocket's
 * diagnostics flags as one float (no_roll 1 + no_vibration 2 + no_camera_shake 4); phase is
 * mote_launch_phase as a float. */
typedef struct mote_launch_view {
    size_t count;
    float *launch_time;
    float *turn_blend;
    float *crossrange;
    float *flags;
    float *phase;
    float *distance;
    float *speed;
    float *altitude;
    float *ground_arc;
    float *radial[3];
    float *flight_direction[3];
    float *base_orientation[4];
    float *roll;
    float *orientation[4];
    float *position[3];
    float *velocity[3];
} mote_launch_view;

typedef struct mote_launch_pool mote_launch_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_launch_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save and _restore; the step functions, which move the clock, are below
 * (there is no step_range: mote_launch_pool_evaluate_range splits the work). What is the
 * launch pool's own in them:
 * - create: the clock starts at 0. MOTE_ERROR_INVALID_ARGUMENT also for an invalid profile.
 * - add, add_many, set: MOTE_ERROR_NON_FINITE for a non-finite member;
 *   MOTE_ERROR_INVALID_ARGUMENT for a pose.phase outside mote_launch_phase.
 * - get: the pose's tangent is {0, radial[2], -radial[1]}.
 * - advance_of: the seconds a step of dt would advance the clock (dt clamped to max_dt).
 * - Snapshots hold the profile and the clock; a restore replaces them. */
MOTE_POOL_COMMON_DECLS(launch);

/* Advances the clock by dt s (clamped to max_dt) and evaluates every rocket at it (also for
 * dt 0). MOTE_ERROR_INVALID_DT for NaN, infinite or negative dt. Every evaluation (the step
 * functions and the evaluate functions below, over the rockets they evaluate) first checks the
 * inputs written through the view: MOTE_ERROR_NON_FINITE for a NaN or infinite launch_time,
 * turn_blend, crossrange or flags, MOTE_ERROR_INVALID_ARGUMENT for one outside its range
 * (MOTE_LAUNCH_TIME_MAX, MOTE_LAUNCH_TURN_BLEND_MAX, MOTE_LAUNCH_CROSSRANGE_MAX; flags within
 * [0, 7]), the field and rocket named in mote_error_detail() ("view.launch_time[12]: ...").
 * Nothing changed on error (not the clock). */
mote_status mote_launch_pool_step(mote_launch_pool *pool, float dt);
/* mote_launch_pool_step, writing the seconds the clock advanced to *out_advanced (may be
 * NULL): dt clamped to max_dt, for an empty pool too. */
mote_status mote_launch_pool_advance(mote_launch_pool *pool, float dt, float *out_advanced);
/* mote_launch_pool_step in ranges on a task system (bit for bit the serial result). Ranges are
 * at least 1024 rockets, so pools of 1024 or fewer run on this thread. */
mote_status mote_launch_pool_step_parallel(mote_launch_pool *pool, float dt,
                                           const mote_task_system *tasks);
/* Sets the clock to time (s of the sequence) and evaluates every rocket at it.
 * MOTE_ERROR_NON_FINITE for a NaN or infinite time, MOTE_ERROR_INVALID_ARGUMENT for one past
 * MOTE_LAUNCH_CLOCK_MAX, and the inputs' refusals (mote_launch_pool_step); nothing changed on
 * error. */
mote_status mote_launch_pool_evaluate(mote_launch_pool *pool, double time);
/* mote_launch_pool_evaluate on a task system. */
mote_status mote_launch_pool_evaluate_parallel(mote_launch_pool *pool, double time,
                                               const mote_task_system *tasks);
/* Evaluates the rockets [begin, end) at the current clock (the clock unchanged): a caller
 * splitting the work itself (disjoint ranges may run at the same time, as step_range's).
 * MOTE_ERROR_RANGE for a range outside [0, count], and the inputs' refusals of the range
 * (mote_launch_pool_step); nothing changed on error. */
mote_status mote_launch_pool_evaluate_range(mote_launch_pool *pool, size_t begin, size_t end);
/* The clock, s of the sequence (0 for a NULL pool). */
double mote_launch_pool_clock(const mote_launch_pool *pool);
/* The pool's profile (the default one for a NULL pool). */
mote_launch_profile mote_launch_pool_profile(const mote_launch_pool *pool);
/* Replaces the profile (used from the next evaluation); MOTE_ERROR_INVALID_ARGUMENT for an
 * invalid one, nothing changed. */
mote_status mote_launch_pool_set_profile(mote_launch_pool *pool,
                                         const mote_launch_profile *profile);

#ifdef __cplusplus
}
#endif

#endif
