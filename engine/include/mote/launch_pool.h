/* mote: structure-of-arrays pools of rockets (mote/launch.h), evaluated at the pool's clock by
 * one SIMD kernel held to the scalar reference. The conventions are the spring pools'
 * (mote/spring_pool.h). What is new: the pool keeps a sequence clock in double (hours of play
 * do not drift), a step advances it and evaluates every rocket at it, and
 * mote_launch_pool_evaluate sets it. Every rocket evaluates its own phase (rockets launch at
 * different times). The view holds every pose field but the tangent, which is always
 * {0, radial[2], -radial[1]} (mote_launch_pose); its inputs (launch_time, turn_blend,
 * crossrange, flags) may be written through it between steps. */
#ifndef MOTE_LAUNCH_POOL_H
#define MOTE_LAUNCH_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/launch.h"
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
                                  * default INFINITY (the launch is analytic in time) */
    int internal_cookie;         /* set by mote_default_launch_pool_def(); leave it alone */
} mote_launch_pool_def;

mote_launch_pool_def mote_default_launch_pool_def(void);

/* One rocket for add/get/set: its inputs and its pose (written by every evaluation). */
typedef struct mote_launch_desc {
    mote_launch_rocket rocket;
    mote_launch_pose pose;
} mote_launch_desc;

/* The default rocket on the pad. */
mote_launch_desc mote_default_launch_desc(void);

/* The field arrays, dense from 0 to count - 1 (see mote_spring_view). flags is the rocket's
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

/* Creates a pool (the clock at 0). MOTE_ERROR_UNINITIALIZED_DEF, MOTE_ERROR_INVALID_ARGUMENT
 * (as every pool, or an invalid profile), MOTE_ERROR_BACKEND_UNAVAILABLE, _OUT_OF_MEMORY. */
mote_status mote_launch_pool_create(const mote_launch_pool_def *def, mote_launch_pool **out);
void mote_launch_pool_destroy(mote_launch_pool *pool);
mote_status mote_launch_pool_reserve(mote_launch_pool *pool, size_t capacity);
mote_status mote_launch_pool_add(mote_launch_pool *pool, const mote_launch_desc *desc,
                                 mote_id *out_id);
mote_status mote_launch_pool_add_many(mote_launch_pool *pool, const mote_launch_desc *descs,
                                      size_t n, mote_id *out_ids);
mote_status mote_launch_pool_remove(mote_launch_pool *pool, mote_id id);
bool mote_launch_pool_contains(const mote_launch_pool *pool, mote_id id);
mote_status mote_launch_pool_index(const mote_launch_pool *pool, mote_id id, size_t *out_index);
mote_id mote_launch_pool_id_at(const mote_launch_pool *pool, size_t index);
mote_status mote_launch_pool_get(const mote_launch_pool *pool, mote_id id, mote_launch_desc *out);
mote_status mote_launch_pool_set(mote_launch_pool *pool, mote_id id, const mote_launch_desc *desc);
size_t mote_launch_pool_count(const mote_launch_pool *pool);
size_t mote_launch_pool_capacity(const mote_launch_pool *pool);
mote_launch_view mote_launch_pool_view(mote_launch_pool *pool);
mote_status mote_launch_pool_validate(const mote_launch_pool *pool, mote_validation *out);
mote_status mote_launch_pool_set_backend(mote_launch_pool *pool, mote_backend backend);
mote_backend mote_launch_pool_backend(const mote_launch_pool *pool);
float mote_launch_pool_max_dt(const mote_launch_pool *pool);
mote_status mote_launch_pool_set_max_dt(mote_launch_pool *pool, float max_dt);
/* The seconds a step of dt would advance the clock (dt clamped to max_dt). */
mote_status mote_launch_pool_advance_of(const mote_launch_pool *pool, float dt,
                                        float *out_advanced);

/* Advances the clock by dt s (clamped to max_dt) and evaluates every rocket at it (also for
 * dt 0). MOTE_ERROR_INVALID_DT for NaN, infinite or negative dt; nothing changed on error. */
mote_status mote_launch_pool_step(mote_launch_pool *pool, float dt);
/* mote_launch_pool_step, reporting the seconds advanced. */
mote_status mote_launch_pool_advance(mote_launch_pool *pool, float dt, float *out_advanced);
/* mote_launch_pool_step in ranges on a task system (bit for bit the serial result). Ranges are
 * at least 1024 rockets, so pools of 1024 or fewer run on this thread. */
mote_status mote_launch_pool_step_parallel(mote_launch_pool *pool, float dt,
                                           const mote_task_system *tasks);
/* Sets the clock to time (s of the sequence) and evaluates every rocket at it.
 * MOTE_ERROR_NON_FINITE for a NaN or infinite time; nothing changed on error. */
mote_status mote_launch_pool_evaluate(mote_launch_pool *pool, double time);
/* mote_launch_pool_evaluate on a task system. */
mote_status mote_launch_pool_evaluate_parallel(mote_launch_pool *pool, double time,
                                               const mote_task_system *tasks);
/* Evaluates the rockets [begin, end) at the current clock (the clock unchanged): a caller
 * splitting the work itself. MOTE_ERROR_RANGE for a range outside [0, count]. */
mote_status mote_launch_pool_evaluate_range(mote_launch_pool *pool, size_t begin, size_t end);
/* The clock, s of the sequence (0 for a NULL pool). */
double mote_launch_pool_clock(const mote_launch_pool *pool);
/* The pool's profile (the default one for a NULL pool). */
mote_launch_profile mote_launch_pool_profile(const mote_launch_pool *pool);
/* Replaces the profile (used from the next evaluation); MOTE_ERROR_INVALID_ARGUMENT for an
 * invalid one, nothing changed. */
mote_status mote_launch_pool_set_profile(mote_launch_pool *pool,
                                         const mote_launch_profile *profile);

/* Snapshots (docs/snapshot-format.md), as for every pool kind: the pool's whole state as
 * bytes (count, every stored field, the ids, the pool's settings, max_dt), versioned,
 * little-endian and checksummed, and back. snapshot_size is 0 for a NULL pool. save:
 * MOTE_ERROR_BUFFER_TOO_SMALL with the size needed in *out_written, MOTE_ERROR_NON_FINITE for
 * NaN or infinity in a stored field. restore: all or nothing, MOTE_ERROR_CORRUPT_SNAPSHOT for
 * bytes this pool cannot take; ids issued before the save stay valid. A restored pool keeps a
 * spare copy of its field storage and id table for the next restore (docs/snapshot-format.md): its
 * fields and ids twice until destroy. */
size_t mote_launch_pool_snapshot_size(const mote_launch_pool *pool);
mote_status mote_launch_pool_save(const mote_launch_pool *pool, void *buffer, size_t size,
                                  size_t *out_written);
mote_status mote_launch_pool_restore(mote_launch_pool *pool, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
