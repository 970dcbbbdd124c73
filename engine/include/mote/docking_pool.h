/* mote: structure-of-arrays pools of docking sequences (mote/docking.h), each a chaser closing
 * on its own spinning station with its own start time, stepped by one SIMD kernel held to the
 * scalar reference. Every pool kind's common functions are documented in mote/pool_common.h;
 * this pool's own is the docking profile every sequence of a pool shares. */
#ifndef MOTE_DOCKING_POOL_H
#define MOTE_DOCKING_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/docking.h"
#include "mote/pool_common.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How to build a pool. Start from mote_default_docking_pool_def(). */
typedef struct mote_docking_pool_def {
    size_t capacity;              /* sequences reserved at creation; default 1024 */
    size_t max_count;             /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;         /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    mote_docking_profile profile; /* shared by every sequence; default
                                   * mote_default_docking_profile() */
    float max_dt;                 /* s, > 0: a longer step is clamped to this; default
                                   * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for
                                   * none (the profile's max_substep splits long steps) */
    int internal_cookie;          /* set by mote_default_docking_pool_def(); leave it alone */
} mote_docking_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_docking_pool_def mote_default_docking_pool_def(void);

/* One sequence, for add/get/set: the reference's state (start one with mote_docking_begin). */
typedef mote_docking_state mote_docking_desc;

/* The pool's field arrays (mote_docking_pool_view; mote/pool_common.h says how long they stay
 * valid and what may be written), one array per component of every mote_docking_state member
 * in its order; captured and locked hold 0 or 1. station_position may be moved between steps;
 * station_base must stay unit length (add and set normalise it). */
typedef struct mote_docking_view {
    size_t count;
    float *time;
    float *station_position[3];
    float *station_base[4];
    float *position[3];
    float *spring_position[3];
    float *velocity[3];
    float *orientation[4];
    float *start_parallel;
    float *start_radial;
    float *radial_direction[3];
    float *station_angle;
    float *chaser_angle;
    float *captured;
    float *locked;
} mote_docking_view;

typedef struct mote_docking_pool mote_docking_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_docking_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save, _restore, _step, _advance, _step_range and _step_parallel. What is
 * the docking pool's own in them:
 * - create: the profile's statuses from mote_docking_profile_validate
 *   (MOTE_ERROR_NON_FINITE, MOTE_ERROR_INVALID_ARGUMENT).
 * - add, add_many, set: station_base is stored normalised. MOTE_ERROR_NON_FINITE for a
 *   non-finite member; MOTE_ERROR_INVALID_ARGUMENT for a zero station_base or a member
 *   outside the domain (mote/docking.h: the clock, positions, velocity, captured distances);
 *   mote_error_detail() names the member.
 * - step: each sequence is mote_docking_step's, which keeps it inside the domain at any dt.
 *   Before it moves anything a step checks station_position, as written through the view, of
 *   the sequences it steps: MOTE_ERROR_NON_FINITE for a NaN or infinite component,
 *   MOTE_ERROR_INVALID_ARGUMENT for one past MOTE_DOCKING_STATION_MAX, the field and element
 *   named in mote_error_detail() ("view.station_position[0][12]: ..."), nothing changed.
 *   No limit of the kind's own: the profile's max_substep splits a long step into
 *   ceil(dt / max_substep) equal sub-steps, at most MOTE_DOCKING_MAX_SUBSTEPS.
 * - step_parallel: ranges are at least 1024 sequences; pools of 1024 or fewer step on the
 *   calling thread.
 * - Snapshots hold the profile; a restore replaces it. */
MOTE_POOL_COMMON_DECLS(docking);
MOTE_POOL_STEP_DECLS(docking);

/* Replaces the profile (MOTE_ERROR_INVALID_ARGUMENT, and no change, for one that
 * mote_docking_profile_validate refuses, or NULL; mote_error_detail() names the member). */
mote_status mote_docking_pool_set_profile(mote_docking_pool *pool,
                                          const mote_docking_profile *profile);

/* The profile in use (the default for a NULL pool). */
mote_docking_profile mote_docking_pool_profile(const mote_docking_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
