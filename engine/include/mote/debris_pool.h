/* mote: structure-of-arrays pools of debris pieces (mote/debris.h), stepped by one SIMD
 * kernel held to the scalar reference. Every pool kind's common functions are documented in
 * mote/pool_common.h; this pool's own are the ship frame it follows, its settings, and the ids
 * released in a step, which the step reports. */
#ifndef MOTE_DEBRIS_POOL_H
#define MOTE_DEBRIS_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/debris.h"
#include "mote/pool_common.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How to build a pool. Start from mote_default_debris_pool_def(). */
typedef struct mote_debris_pool_def {
    size_t capacity;               /* pieces reserved at creation; default 1024 */
    size_t max_count;              /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;          /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    mote_debris_settings settings; /* default mote_default_debris_settings() */
    mote_debris_ship ship;         /* default mote_default_debris_ship() */
    float max_dt;                  /* s, > 0: a longer step is clamped to this; default
                                    * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for
                                    * none (MOTE_DEBRIS_MAX_STEP still applies) */
    int internal_cookie;           /* set by mote_default_debris_pool_def(); leave it alone */
} mote_debris_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_debris_pool_def mote_default_debris_pool_def(void);

/* The pool's field arrays (mote_debris_pool_view; mote/pool_common.h says how long they stay
 * valid and what may be written); vectors and quaternions are one array per component
 * ({x, y, z} and {x, y, z, w}). phase holds mote_debris_phase values as floats; outward and
 * base must stay unit length (add and set normalise them; values written here are used as
 * they are). */
typedef struct mote_debris_view {
    size_t count;
    float *time;
    float *phase;
    float *position[3];
    float *orientation[4];
    float *velocity[3];
    float *angular_velocity[3];
    float *anchor[3];
    float *outward[3];
    float *base[4];
    float *peel_start;
    float *detach_time;
    float *max_distance;
    float *twist;
    float *outward_speed;
    float *axial_speed;
} mote_debris_view;

/* Where a step reports the pieces it released. The caller owns ids (room for capacity ids;
 * may be NULL when capacity is 0). The step sets count to the number of pieces released in
 * the stepped range and writes the first min(count, capacity) of their ids, in dense-index
 * order. count > capacity means the list was truncated; the step itself is complete either
 * way, and every piece released in it shows MOTE_DEBRIS_RELEASED in view.phase until the
 * next step that covers it. */
typedef struct mote_debris_released {
    mote_id *ids;
    size_t capacity;
    size_t count;
} mote_debris_released;

typedef struct mote_debris_pool mote_debris_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_debris_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save and _restore; the step functions, which take a report, are below.
 * What is the debris pool's own in them:
 * - The pool keeps to the proven domain of mote/debris.h: every refusal below names the field
 *   and the rule in mote_error_detail().
 * - create: MOTE_ERROR_NON_FINITE / MOTE_ERROR_INVALID_ARGUMENT also for settings or a ship
 *   that set_settings or set_ship would refuse.
 * - add, add_many, set: outward and base are stored normalised (one already unit to within
 *   2^-22 is kept as it is, so a piece read with get sets back to the same bits).
 *   MOTE_ERROR_NON_FINITE for a non-finite member; MOTE_ERROR_INVALID_ARGUMENT for a phase
 *   outside mote_debris_phase, detach_time < peel_start, a zero outward or base, and any
 *   member outside its range in the domain (a clock past MOTE_DEBRIS_MAX_TIME, an anchor past
 *   MOTE_DEBRIS_MAX_DISTANCE, an angular speed past MOTE_DEBRIS_MAX_ANGULAR_SPEED, ...).
 * - step: dt is clamped to MOTE_DEBRIS_MAX_STEP (32 s), the kind's own limit; a longer step
 *   advances 32 s (advance_of says so).
 * - Snapshots hold the ship and the settings; a restore replaces them, and refuses them (and
 *   any piece) outside the domain as create (and add) would. */
MOTE_POOL_COMMON_DECLS(debris);

/* Sets the ship frame the next steps follow (update it before each step). Its position within
 * +-MOTE_DEBRIS_MAX_DISTANCE per coordinate, its orientation and axis finite and non-zero
 * (they are normalised when used), its spin rate within +-MOTE_DEBRIS_MAX_ANGULAR_SPEED:
 * else MOTE_ERROR_NON_FINITE (NaN or infinity) / MOTE_ERROR_INVALID_ARGUMENT and no change;
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL ship. */
mote_status mote_debris_pool_set_ship(mote_debris_pool *pool, const mote_debris_ship *ship);

/* The ship frame as last set (the default ship for a NULL pool). */
mote_debris_ship mote_debris_pool_ship(const mote_debris_pool *pool);

/* Replaces the settings: speed_cap > 0 (+inf allowed), gravity within
 * +-MOTE_DEBRIS_MAX_GRAVITY per component, linear_damping finite and >= 0; else (or for NULL
 * settings) MOTE_ERROR_INVALID_ARGUMENT and no change. */
mote_status mote_debris_pool_set_settings(mote_debris_pool *pool,
                                          const mote_debris_settings *settings);

/* The settings in use (the default settings for a NULL pool). */
mote_debris_settings mote_debris_pool_settings(const mote_debris_pool *pool);

/* The step functions: mote/pool_common.h's step, advance, step_range and step_parallel, each
 * with a report of the pieces released in the stepped range (released, may be NULL; see
 * mote_debris_released). Each piece is mote_debris_step's, per piece. Beyond the common
 * statuses: MOTE_ERROR_INVALID_ARGUMENT for a released with ids NULL but capacity > 0, and
 * nothing changes. A step that steps nothing (dt 0, an empty range) releases nothing
 * (count 0). A step advances at most MOTE_DEBRIS_MAX_STEP (and the pool's max_dt).
 * step_range's concurrent ranges each need their own released buffer. step_parallel reports
 * the released ids as the serial step does; its ranges are at least 1024 pieces, so pools of
 * 1024 or fewer step on the calling thread. */
mote_status mote_debris_pool_step(mote_debris_pool *pool, float dt, mote_debris_released *released);
mote_status mote_debris_pool_advance(mote_debris_pool *pool, float dt,
                                     mote_debris_released *released, float *out_advanced);
mote_status mote_debris_pool_step_range(mote_debris_pool *pool, size_t begin, size_t end, float dt,
                                        mote_debris_released *released);
mote_status mote_debris_pool_step_parallel(mote_debris_pool *pool, float dt,
                                           const mote_task_system *tasks,
                                           mote_debris_released *released);

#ifdef __cplusplus
}
#endif

#endif
