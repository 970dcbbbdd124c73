/* mote: structure-of-arrays pools of detached stages (mote/stage.h), stepped by one SIMD kernel
 * held to the scalar reference. Every pool kind's common functions are documented in
 * mote/pool_common.h. A step adds dt to every stage's time since detachment and writes its
 * closed-form pose there. The separation constants (offsets, speeds, kick, lags, tilt duration) are
 * the pool's, taken from the def's template: a desc with other separation constants is refused
 * (MOTE_ERROR_INVALID_ARGUMENT), and get fills them in from the pool. */
#ifndef MOTE_STAGE_POOL_H
#define MOTE_STAGE_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/pool_common.h"
#include "mote/stage.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How to build a pool. Start from mote_default_stage_pool_def(). */
typedef struct mote_stage_pool_def {
    size_t capacity;            /* stages reserved at creation; default 1024 */
    size_t max_count;           /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;       /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    mote_stage_desc separation; /* its separation constants are every stage's; default
                                 * mote_default_stage_desc(); must be valid */
    float max_dt;               /* s, > 0: a longer step is clamped to this; default
                                 * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for
                                 * none (the separation is closed-form) */
    int internal_cookie;        /* set by mote_default_stage_pool_def(); leave it alone */
} mote_stage_pool_def;

/* The default def (capacity 1024, auto backend, default separation, max_dt
 * MOTE_DEFAULT_MAX_DT). Start every def here: create returns MOTE_ERROR_UNINITIALIZED_DEF for
 * one that did not. */
mote_stage_pool_def mote_default_stage_pool_def(void);

/* The pool's field arrays (mote_stage_pool_view; see mote/pool_common.h). */
typedef struct mote_stage_view {
    size_t count;
    float *time;
    float *position[3];
    float *orientation[4];
    float *world_position[3];
    float *world_orientation[4];
    float *world_scale[3];
    float *along[3];
    float *side[3];
    float *earthward[3];
    float *tilt_angle;
    float *tilt_axis[3];
    float *spin_rate;
} mote_stage_view;

typedef struct mote_stage_pool mote_stage_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_stage_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save, _restore, _step, _advance, _step_range and _step_parallel. What is
 * the stage pool's own in them:
 * - create: MOTE_ERROR_INVALID_ARGUMENT also for a separation template mote_stage_validate
 *   refuses.
 * - add, add_many, set: a stage is its time since detachment (s) and its detach frame.
 *   MOTE_ERROR_NON_FINITE for a non-finite member; MOTE_ERROR_INVALID_ARGUMENT for separation
 *   constants other than the pool's, or a desc outside the domain mote_stage_validate states
 *   (mote/stage.h). mote_error_detail() names the member.
 * - get: the separation constants are the pool's.
 * - step: adds dt (clamped to max_dt) to every stage's time, stopping at MOTE_STAGE_TIME_MAX,
 *   and writes its closed-form pose there; any dt a step accepts keeps every stage finite.
 * - step_parallel: ranges are at least 1024 stages; pools of 1024 or fewer step on the
 *   calling thread.
 * - Snapshots hold the separation template; a restore replaces it. */
MOTE_POOL_COMMON_DECLS(stage);
MOTE_POOL_STEP_DECLS(stage);

#ifdef __cplusplus
}
#endif

#endif
