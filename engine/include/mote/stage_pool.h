/* mote: structure-of-arrays pools of detached stages (mote/stage.h), stepped by one SIMD kernel
 * held to the scalar reference. The conventions are the spring pools' (mote/spring_pool.h). A
 * step adds dt to every stage's time since detachment and writes its closed-form pose there.
 * The separation constants (offsets, speeds, kick, lags, tilt duration) are the pool's, taken
 * from the def's template: a desc with other separation constants is refused
 * (MOTE_ERROR_INVALID_ARGUMENT), and get fills them in from the pool. */
#ifndef MOTE_STAGE_POOL_H
#define MOTE_STAGE_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
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
    float max_dt;               /* s, > 0; default INFINITY (the separation is closed-form) */
    int internal_cookie;        /* set by mote_default_stage_pool_def(); leave it alone */
} mote_stage_pool_def;

/* The default def (capacity 1024, auto backend, default separation, no max_dt). */
mote_stage_pool_def mote_default_stage_pool_def(void);

/* The field arrays, dense from 0 to count - 1 (see mote_spring_view). */
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

/* Creates an empty pool from def: MOTE_ERROR_UNINITIALIZED_DEF for a def not from the default
 * function, MOTE_ERROR_INVALID_ARGUMENT for a bad def or separation. */
mote_status mote_stage_pool_create(const mote_stage_pool_def *def, mote_stage_pool **out);
/* Frees the pool (NULL is ignored). */
void mote_stage_pool_destroy(mote_stage_pool *pool);
/* Makes room for capacity stages (at most max_count). */
mote_status mote_stage_pool_reserve(mote_stage_pool *pool, size_t capacity);
/* Adds one stage (its time since detachment in s, its detach frame); out_id may be NULL. */
mote_status mote_stage_pool_add(mote_stage_pool *pool, const mote_stage_desc *desc,
                                mote_id *out_id);
/* Adds n stages, all or nothing; out_ids (may be NULL) gets their ids. */
mote_status mote_stage_pool_add_many(mote_stage_pool *pool, const mote_stage_desc *descs, size_t n,
                                     mote_id *out_ids);
/* Removes a stage (the last one moves into its place); its id is then stale. */
mote_status mote_stage_pool_remove(mote_stage_pool *pool, mote_id id);
/* True when id names a live stage of this pool. */
bool mote_stage_pool_contains(const mote_stage_pool *pool, mote_id id);
/* The dense index of id's stage (valid until the next add or remove). */
mote_status mote_stage_pool_index(const mote_stage_pool *pool, mote_id id, size_t *out_index);
/* The id of the stage at a dense index; the null id when index >= count. */
mote_id mote_stage_pool_id_at(const mote_stage_pool *pool, size_t index);
/* The stage's desc, with the pool's separation constants filled in. */
mote_status mote_stage_pool_get(const mote_stage_pool *pool, mote_id id, mote_stage_desc *out);
/* Replaces the stage's desc (its separation constants must be the pool's). */
mote_status mote_stage_pool_set(mote_stage_pool *pool, mote_id id, const mote_stage_desc *desc);
/* Live stages. */
size_t mote_stage_pool_count(const mote_stage_pool *pool);
/* Stages the pool holds before it grows. */
size_t mote_stage_pool_capacity(const mote_stage_pool *pool);
/* The field arrays (valid until the next add, remove, reserve or restore). */
mote_stage_view mote_stage_pool_view(mote_stage_pool *pool);
/* Adds dt s (clamped to max_dt) to every stage's time and writes its pose there.
 * MOTE_ERROR_INVALID_DT for NaN, infinite or negative dt; nothing changed on error. */
mote_status mote_stage_pool_step(mote_stage_pool *pool, float dt);
/* mote_stage_pool_step, reporting the seconds advanced (dt clamped to max_dt). */
mote_status mote_stage_pool_advance(mote_stage_pool *pool, float dt, float *out_advanced);
/* The seconds a step of dt would advance, without stepping. */
mote_status mote_stage_pool_advance_of(const mote_stage_pool *pool, float dt, float *out_advanced);
/* The longest step in s (INFINITY: no clamp). */
float mote_stage_pool_max_dt(const mote_stage_pool *pool);
/* Sets the longest step in s (> 0, may be INFINITY). */
mote_status mote_stage_pool_set_max_dt(mote_stage_pool *pool, float max_dt);
/* Steps the stages begin..end-1 only (MOTE_ERROR_RANGE unless begin <= end <= count). */
mote_status mote_stage_pool_step_range(mote_stage_pool *pool, size_t begin, size_t end, float dt);
/* mote_stage_pool_step in ranges run on tasks (see mote/tasks.h; NULL runs on this thread),
 * bit for bit the serial result. Ranges are at least 1024 stages, so pools of 1024 or fewer
 * run on this thread. */
mote_status mote_stage_pool_step_parallel(mote_stage_pool *pool, float dt,
                                          const mote_task_system *tasks);
/* Looks for NaN or infinity in every stage's fields: MOTE_ERROR_NON_FINITE if any; out (may be
 * NULL) says how many stages and which first. */
mote_status mote_stage_pool_validate(const mote_stage_pool *pool, mote_validation *out);
/* Switches the kernel to backend (MOTE_ERROR_BACKEND_UNAVAILABLE if this CPU lacks it). */
mote_status mote_stage_pool_set_backend(mote_stage_pool *pool, mote_backend backend);
/* The backend the pool steps on. */
mote_backend mote_stage_pool_backend(const mote_stage_pool *pool);

/* Snapshots (docs/snapshot-format.md), as for every pool kind: the pool's whole state as
 * bytes (count, every stored field, the ids, the pool's settings, max_dt), versioned,
 * little-endian and checksummed, and back. snapshot_size is 0 for a NULL pool. save:
 * MOTE_ERROR_BUFFER_TOO_SMALL with the size needed in *out_written, MOTE_ERROR_NON_FINITE for
 * NaN or infinity in a stored field. restore: all or nothing, MOTE_ERROR_CORRUPT_SNAPSHOT for
 * bytes this pool cannot take; ids issued before the save stay valid. A restored pool keeps a
 * spare copy of its field storage and id table for the next restore (docs/snapshot-format.md): its
 * fields and ids twice until destroy. */
size_t mote_stage_pool_snapshot_size(const mote_stage_pool *pool);
mote_status mote_stage_pool_save(const mote_stage_pool *pool, void *buffer, size_t size,
                                 size_t *out_written);
mote_status mote_stage_pool_restore(mote_stage_pool *pool, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
