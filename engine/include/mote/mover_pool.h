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
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most sub-steps one step takes; a longer dt is clamped to max_substep times this. */
#define MOTE_MOVER_MAX_SUBSTEPS 16

/* How to build a pool. Start from mote_default_mover_pool_def(). */
typedef struct mote_mover_pool_def {
    mote_movement_params params; /* every element's model; default mote_default_movement_params */
    float max_substep;           /* s, > 0: longest sub-step; default 1/60 */
    size_t capacity;             /* elements reserved at creation; default 1024 */
    size_t max_count;            /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;        /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    float max_dt;                /* s, > 0: a longer step is clamped to this before it is split
                                  * (docs/architecture.md); default INFINITY, which leaves
                                  * max_substep * MOTE_MOVER_MAX_SUBSTEPS as the limit */
    int internal_cookie;         /* set by mote_default_mover_pool_def(); leave it alone */
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
} mote_mover_desc;

/* An element at rest at the origin, facing 0, asked to stay. */
mote_mover_desc mote_default_mover_desc(void);

/* Direct access to the pool's field arrays, dense from index 0 to count - 1, each
 * MOTE_ALIGNMENT aligned and padded past count. Valid until the next add, remove, reserve,
 * restore or destroy. Writing the inputs here (desired velocities, facings) is the intended way to
 * drive a crowd; validate reports non-finite values written here. */
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
} mote_mover_view;

typedef struct mote_mover_pool mote_mover_pool;

/* True when params are usable by a pool: every field finite, acceleration, deceleration,
 * turn_strength, the half-lives and the compensations >= 0, directional_acceleration in
 * [0, 1]. */
bool mote_movement_params_valid(const mote_movement_params *params);

/* Creates an empty pool. MOTE_ERROR_UNINITIALIZED_DEF for a def that did not come from
 * mote_default_mover_pool_def(); MOTE_ERROR_INVALID_ARGUMENT for a bad def (invalid params,
 * max_substep not finite and > 0, capacity > max_count), MOTE_ERROR_BACKEND_UNAVAILABLE if
 * the def names a backend this CPU lacks, MOTE_ERROR_OUT_OF_MEMORY if the allocator fails. */
mote_status mote_mover_pool_create(const mote_mover_pool_def *def, mote_mover_pool **out);

/* Frees the pool and everything it owns. NULL is ignored. */
void mote_mover_pool_destroy(mote_mover_pool *pool);

/* Appends an element; writes its id to out_id (may be NULL). MOTE_ERROR_NON_FINITE for a
 * non-finite field, MOTE_ERROR_FULL at max_count. Grows storage as needed. */
mote_status mote_mover_pool_add(mote_mover_pool *pool, const mote_mover_desc *desc,
                                mote_id *out_id);

/* Appends n elements from descs[0 .. n), all or nothing: every desc is checked as add checks
 * it and room is made for all before any is added, so on an error nothing changed.
 * out_ids (may be NULL) receives their ids in order. MOTE_ERROR_FULL when n more do not fit
 * under max_count. */
mote_status mote_mover_pool_add_many(mote_mover_pool *pool, const mote_mover_desc *descs, size_t n,
                                     mote_id *out_ids);

/* Removes an element; the last element moves into its place (dense swap-remove).
 * MOTE_ERROR_STALE_ID for an id that is not live in this pool, MOTE_ERROR_WRONG_POOL for an
 * id another pool issued. */
mote_status mote_mover_pool_remove(mote_mover_pool *pool, mote_id id);

/* True when id names a live element of this pool. */
bool mote_mover_pool_contains(const mote_mover_pool *pool, mote_id id);

/* Dense index (into the view arrays) of a live element. */
mote_status mote_mover_pool_index(const mote_mover_pool *pool, mote_id id, size_t *out_index);

/* Id of the element at a dense index; the null id when index >= count. */
mote_id mote_mover_pool_id_at(const mote_mover_pool *pool, size_t index);

/* Reads one element. */
mote_status mote_mover_pool_get(const mote_mover_pool *pool, mote_id id, mote_mover_desc *out);

/* Overwrites one element, with the same checks as add. */
mote_status mote_mover_pool_set(mote_mover_pool *pool, mote_id id, const mote_mover_desc *desc);

/* Sets one element's desired velocity (units/s). MOTE_ERROR_NON_FINITE for NaN/infinity. */
mote_status mote_mover_pool_set_desired_velocity(mote_mover_pool *pool, mote_id id,
                                                 mote_vec2 desired_velocity);

/* Makes one element face facing (rad) whatever its direction of travel (explicit true), or
 * face along its desired velocity again (explicit false; facing is then stored but unused). */
mote_status mote_mover_pool_set_desired_facing(mote_mover_pool *pool, mote_id id,
                                               bool explicit_facing, float facing);

/* Knockback: adds delta_velocity (units/s) to the element's velocity and immediate velocity
 * together (mote_movement_push), so the smoothing spring does not pull it back. */
mote_status mote_mover_pool_push(mote_mover_pool *pool, mote_id id, mote_vec2 delta_velocity);

/* Teleports one element to position, at rest, facing facing (mote_movement_place_at). */
mote_status mote_mover_pool_place_at(mote_mover_pool *pool, mote_id id, mote_vec2 position,
                                     float facing);

/* Number of live elements. */
size_t mote_mover_pool_count(const mote_mover_pool *pool);

/* Elements that fit before the storage must grow. */
size_t mote_mover_pool_capacity(const mote_mover_pool *pool);

/* Grows storage to hold at least capacity elements (never shrinks). MOTE_ERROR_FULL, and no
 * change, when capacity is above the pool's max_count. */
mote_status mote_mover_pool_reserve(mote_mover_pool *pool, size_t capacity);

/* The field arrays and count (see mote_mover_view). */
mote_mover_view mote_mover_pool_view(mote_mover_pool *pool);

/* The pool's params (defaults for a NULL pool). */
mote_movement_params mote_mover_pool_params(const mote_mover_pool *pool);

/* Replaces the pool's params; MOTE_ERROR_INVALID_ARGUMENT, and no change, unless
 * mote_movement_params_valid. */
mote_status mote_mover_pool_set_params(mote_mover_pool *pool, const mote_movement_params *params);

/* The longest sub-step (s). */
float mote_mover_pool_max_substep(const mote_mover_pool *pool);

/* Sets the longest sub-step (s); MOTE_ERROR_INVALID_ARGUMENT, and no change, unless finite
 * and > 0. */
mote_status mote_mover_pool_set_max_substep(mote_mover_pool *pool, float max_substep);

/* How a step of dt seconds is split: the sub-step count (0 for dt == 0) and the sub-step
 * length (s): dt, clamped to max_substep * MOTE_MOVER_MAX_SUBSTEPS, divided into the fewest
 * equal sub-steps no longer than max_substep (up to 1e-3 relative, so a dt that rounds just
 * past a multiple of max_substep is not split once more). MOTE_ERROR_INVALID_DT for a NaN,
 * infinite or negative dt. */
mote_status mote_mover_pool_substeps(const mote_mover_pool *pool, float dt, int *out_count,
                                     float *out_substep);

/* Steps every element by dt seconds (in sub-steps, see above). dt NaN, infinite or negative:
 * MOTE_ERROR_INVALID_DT and nothing changes; dt == 0 changes nothing. */
mote_status mote_mover_pool_step(mote_mover_pool *pool, float dt);

/* Steps like mote_mover_pool_step and writes the seconds the step advanced to out_advanced
 * (may be NULL): dt clamped to max_dt and to max_substep * MOTE_MOVER_MAX_SUBSTEPS, 0 when
 * nothing stepped. */
mote_status mote_mover_pool_advance(mote_mover_pool *pool, float dt, float *out_advanced);

/* The seconds a step of dt would advance this pool, without stepping (see _advance). */
mote_status mote_mover_pool_advance_of(const mote_mover_pool *pool, float dt, float *out_advanced);

/* The pool's max_dt (s; 0 for a NULL pool). */
float mote_mover_pool_max_dt(const mote_mover_pool *pool);

/* Sets the pool's max_dt (s, > 0, INFINITY for none): a longer step is clamped to it.
 * MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_mover_pool_set_max_dt(mote_mover_pool *pool, float max_dt);

/* Steps the elements with dense index in [begin, end): disjoint ranges may run on different
 * threads at once, and any split gives the same bits as one whole step. MOTE_ERROR_RANGE
 * unless begin <= end <= count. */
mote_status mote_mover_pool_step_range(mote_mover_pool *pool, size_t begin, size_t end, float dt);

/* Steps every element by dt seconds like mote_mover_pool_step, in ranges run on tasks (see
 * mote/tasks.h; NULL runs on this thread). Returns once every range has run; the result is
 * bit for bit the serial step's. Ranges are at least 512 movers (a mover costs 20-30 springs),
 * so pools of 512 or fewer run on this thread. */
mote_status mote_mover_pool_step_parallel(mote_mover_pool *pool, float dt,
                                          const mote_task_system *tasks);

/* Looks for NaN or infinity in every element's fields. MOTE_OK when there is none, else
 * MOTE_ERROR_NON_FINITE; out (may be NULL) says how many elements and which first. */
mote_status mote_mover_pool_validate(const mote_mover_pool *pool, mote_validation *out);

/* Chooses this pool's backend (MOTE_BACKEND_AUTO follows mote_backend_best()).
 * MOTE_ERROR_BACKEND_UNAVAILABLE, and no change, if this CPU cannot run it. */
mote_status mote_mover_pool_set_backend(mote_mover_pool *pool, mote_backend backend);

/* The backend the pool's steps run on (never MOTE_BACKEND_AUTO); MOTE_BACKEND_COUNT for a
 * NULL pool. */
mote_backend mote_mover_pool_backend(const mote_mover_pool *pool);

/* Snapshots (docs/snapshot-format.md): the pool's whole state as bytes and back, for
 * rollback, save games, replays and moving a simulation between processes. The format is
 * versioned, little-endian and checksummed (XXH3-64), the same on x86-64 and aarch64; the
 * backend is not part of it (every wide backend steps a restored pool to the same bits). */

/* Bytes a snapshot of the pool takes now (grows with count); 0 for a NULL pool. */
size_t mote_mover_pool_snapshot_size(const mote_mover_pool *pool);

/* Writes the pool's whole state (count, every stored field, the ids, params and max_substep,
 * max_dt) into buffer and its length to *out_written (may be NULL). MOTE_ERROR_BUFFER_TOO_SMALL
 * when size is below mote_mover_pool_snapshot_size, with that size in *out_written (buffer may be
 * NULL with size 0, to ask); MOTE_ERROR_NON_FINITE when a stored field holds NaN or infinity
 * (written through the view: see _validate), the buffer then unspecified. The pool never
 * changes. */
mote_status mote_mover_pool_save(const mote_mover_pool *pool, void *buffer, size_t size,
                                 size_t *out_written);

/* Replaces the pool's whole state with a snapshot (exactly the size bytes save wrote): every
 * id issued before the save addresses the same element afterwards (the pool takes the saved
 * pool's tag), and stepping continues bit for bit as the saved pool would have. The pool keeps
 * its backend, allocator and max_count. All or nothing: MOTE_ERROR_CORRUPT_SNAPSHOT for bytes
 * that are not a snapshot this pool can take (truncated, damaged, a newer format, another kind
 * of pool, settings create would refuse, more elements than max_count, an inconsistent id table,
 * non-finite data); MOTE_ERROR_OUT_OF_MEMORY when growing failed. The first restore allocates a
 * spare copy of the field storage and id table, which later restores reuse (restore then reads the
 * blob once): a restored pool holds its fields and ids twice until destroy. */
mote_status mote_mover_pool_restore(mote_mover_pool *pool, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
