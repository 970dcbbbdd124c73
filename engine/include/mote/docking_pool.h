/* mote: structure-of-arrays pools of docking sequences (mote/docking.h), each a chaser closing
 * on its own spinning station with its own start time, stepped by one SIMD kernel held to the
 * scalar reference. The conventions are the spring pools' (mote/spring_pool.h); what is new is
 * the docking profile every sequence of a pool shares. */
#ifndef MOTE_DOCKING_POOL_H
#define MOTE_DOCKING_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/docking.h"
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
    float max_dt;                 /* s, > 0: a longer step is clamped to this
                                   * (docs/architecture.md); default INFINITY (the profile's
                                   * max_substep already splits long steps) */
    int internal_cookie;          /* set by mote_default_docking_pool_def(); leave it alone */
} mote_docking_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_docking_pool_def mote_default_docking_pool_def(void);

/* One sequence, for add/get/set: the reference's state (start one with mote_docking_begin). */
typedef mote_docking_state mote_docking_desc;

/* Direct access to the pool's field arrays, dense from index 0 to count - 1, one array per
 * component of every mote_docking_state member in its order; captured and locked hold 0 or 1.
 * Each array is MOTE_ALIGNMENT aligned and padded past count. Valid until the next add,
 * remove, reserve, restore or destroy. station_position may be moved between steps; station_base
 * must stay unit length (add and set normalise it). */
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

/* Creates an empty pool. MOTE_ERROR_UNINITIALIZED_DEF for a def that did not come from
 * mote_default_docking_pool_def(); MOTE_ERROR_INVALID_ARGUMENT for a bad def (capacity > max_count,
 * profile rejected by mote_docking_profile_validate), MOTE_ERROR_BACKEND_UNAVAILABLE if it
 * names a backend this CPU lacks, MOTE_ERROR_OUT_OF_MEMORY if the allocator fails. */
mote_status mote_docking_pool_create(const mote_docking_pool_def *def, mote_docking_pool **out);

/* Frees the pool and everything it owns. NULL is ignored. */
void mote_docking_pool_destroy(mote_docking_pool *pool);

/* Appends a sequence; writes its id to out_id (may be NULL). station_base is stored
 * normalised. MOTE_ERROR_NON_FINITE for a non-finite field; MOTE_ERROR_INVALID_ARGUMENT for
 * a zero station_base or start_radial < 0; MOTE_ERROR_FULL at max_count. */
mote_status mote_docking_pool_add(mote_docking_pool *pool, const mote_docking_desc *desc,
                                  mote_id *out_id);

/* Appends n elements from descs[0 .. n), all or nothing: every desc is checked as add checks
 * it and room is made for all before any is added, so on an error nothing changed.
 * out_ids (may be NULL) receives their ids in order. MOTE_ERROR_FULL when n more do not fit
 * under max_count. */
mote_status mote_docking_pool_add_many(mote_docking_pool *pool, const mote_docking_desc *descs,
                                       size_t n, mote_id *out_ids);

/* Removes a sequence; the last sequence moves into its place (dense swap-remove).
 * MOTE_ERROR_STALE_ID for an id that is not live in this pool, MOTE_ERROR_WRONG_POOL for an
 * id another pool issued. */
mote_status mote_docking_pool_remove(mote_docking_pool *pool, mote_id id);

/* True when id names a live sequence of this pool. */
bool mote_docking_pool_contains(const mote_docking_pool *pool, mote_id id);

/* Dense index (into the view arrays) of a live sequence. */
mote_status mote_docking_pool_index(const mote_docking_pool *pool, mote_id id, size_t *out_index);

/* Id of the sequence at a dense index; the null id when index >= count. */
mote_id mote_docking_pool_id_at(const mote_docking_pool *pool, size_t index);

/* Reads one sequence. */
mote_status mote_docking_pool_get(const mote_docking_pool *pool, mote_id id,
                                  mote_docking_desc *out);

/* Overwrites one sequence, with the same checks as add. */
mote_status mote_docking_pool_set(mote_docking_pool *pool, mote_id id,
                                  const mote_docking_desc *desc);

/* Number of live sequences. */
size_t mote_docking_pool_count(const mote_docking_pool *pool);

/* Sequences that fit before the storage must grow. */
size_t mote_docking_pool_capacity(const mote_docking_pool *pool);

/* Grows storage to hold at least capacity sequences (never shrinks). MOTE_ERROR_FULL, and no
 * change, above max_count. */
mote_status mote_docking_pool_reserve(mote_docking_pool *pool, size_t capacity);

/* The field arrays and count (see mote_docking_view). */
mote_docking_view mote_docking_pool_view(mote_docking_pool *pool);

/* Replaces the profile (MOTE_ERROR_INVALID_ARGUMENT, and no change, for one that
 * mote_docking_profile_validate refuses). */
mote_status mote_docking_pool_set_profile(mote_docking_pool *pool,
                                          const mote_docking_profile *profile);

/* The profile in use (the default for a NULL pool). */
mote_docking_profile mote_docking_pool_profile(const mote_docking_pool *pool);

/* Steps every sequence by dt seconds (mote_docking_step, per sequence). dt NaN, infinite or
 * negative: MOTE_ERROR_INVALID_DT and nothing changes. dt == 0 changes nothing. */
mote_status mote_docking_pool_step(mote_docking_pool *pool, float dt);

/* Steps like mote_docking_pool_step and writes the seconds the step advanced to out_advanced
 * (may be NULL): dt clamped to max_dt, 0 when nothing stepped. */
mote_status mote_docking_pool_advance(mote_docking_pool *pool, float dt, float *out_advanced);

/* The seconds a step of dt would advance this pool, without stepping (see _advance). */
mote_status mote_docking_pool_advance_of(const mote_docking_pool *pool, float dt,
                                         float *out_advanced);

/* The pool's max_dt (s; 0 for a NULL pool). */
float mote_docking_pool_max_dt(const mote_docking_pool *pool);

/* Sets the pool's max_dt (s, > 0, INFINITY for none): a longer step is clamped to it.
 * MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_docking_pool_set_max_dt(mote_docking_pool *pool, float max_dt);

/* Steps the sequences with dense index in [begin, end), for splitting one step across a task
 * system: disjoint ranges may run on different threads at once, and any split gives the same
 * bits as one whole step. MOTE_ERROR_RANGE unless begin <= end <= count. */
mote_status mote_docking_pool_step_range(mote_docking_pool *pool, size_t begin, size_t end,
                                         float dt);

/* Steps every sequence like mote_docking_pool_step, in ranges run on tasks (see mote/tasks.h;
 * NULL runs on this thread). The result is bit for bit the serial step's. Ranges are at least
 * 1024 sequences, so pools of 1024 or fewer run on this thread. */
mote_status mote_docking_pool_step_parallel(mote_docking_pool *pool, float dt,
                                            const mote_task_system *tasks);

/* Snapshots (docs/snapshot-format.md), as for every pool kind: the pool's whole state as
 * bytes (count, every stored field, the ids, the profile, max_dt), versioned, little-endian
 * and checksummed, and back. snapshot_size is 0 for a NULL pool. save: MOTE_ERROR_BUFFER_TOO_SMALL
 * with the size needed in *out_written, MOTE_ERROR_NON_FINITE for NaN or infinity in a stored
 * field. restore: all or nothing, MOTE_ERROR_CORRUPT_SNAPSHOT for bytes this pool cannot take;
 * ids issued before the save stay valid. A restored pool keeps a spare
 * copy of its field storage and id table for the next restore (docs/snapshot-format.md): its fields
 * and ids twice until destroy. */
size_t mote_docking_pool_snapshot_size(const mote_docking_pool *pool);
mote_status mote_docking_pool_save(const mote_docking_pool *pool, void *buffer, size_t size,
                                   size_t *out_written);
mote_status mote_docking_pool_restore(mote_docking_pool *pool, const void *buffer, size_t size);

/* Looks for NaN or infinity in every sequence's fields. MOTE_OK when there is none, else
 * MOTE_ERROR_NON_FINITE; out (may be NULL) says how many sequences and which first. */
mote_status mote_docking_pool_validate(const mote_docking_pool *pool, mote_validation *out);

/* Chooses this pool's backend (MOTE_BACKEND_AUTO follows mote_backend_best()).
 * MOTE_ERROR_BACKEND_UNAVAILABLE, and no change, if this CPU cannot run it. */
mote_status mote_docking_pool_set_backend(mote_docking_pool *pool, mote_backend backend);

/* The backend the pool's steps run on (never MOTE_BACKEND_AUTO); MOTE_BACKEND_COUNT for a
 * NULL pool. */
mote_backend mote_docking_pool_backend(const mote_docking_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
