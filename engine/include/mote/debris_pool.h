/* mote: structure-of-arrays pools of debris pieces (mote/debris.h), stepped by one SIMD
 * kernel held to the scalar reference. The conventions are the spring pools'
 * (mote/spring_pool.h); what is new is the ship frame the pool follows, its settings, and the
 * ids released in a step, which the step reports. */
#ifndef MOTE_DEBRIS_POOL_H
#define MOTE_DEBRIS_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/debris.h"
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
    float max_dt;                  /* s, > 0: a longer step is clamped to this
                                    * (docs/architecture.md); default INFINITY (free flight is
                                    * exact for any dt) */
    int internal_cookie;           /* set by mote_default_debris_pool_def(); leave it alone */
} mote_debris_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_debris_pool_def mote_default_debris_pool_def(void);

/* Direct access to the pool's field arrays, dense from index 0 to count - 1; vectors and
 * quaternions are one array per component ({x, y, z} and {x, y, z, w}). Each array is
 * MOTE_ALIGNMENT aligned and padded past count. Valid until the next add, remove, reserve,
 * restore or destroy. phase holds mote_debris_phase values as floats; outward and base must stay
 * unit length (add and set normalise them; values written here are used as they are). */
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

/* Creates an empty pool. MOTE_ERROR_UNINITIALIZED_DEF for a def that did not come from
 * mote_default_debris_pool_def(); MOTE_ERROR_INVALID_ARGUMENT for a bad def (capacity > max_count,
 * settings or ship rejected as by set_settings/set_ship), MOTE_ERROR_BACKEND_UNAVAILABLE if it
 * names a backend this CPU lacks, MOTE_ERROR_OUT_OF_MEMORY if the allocator fails. */
mote_status mote_debris_pool_create(const mote_debris_pool_def *def, mote_debris_pool **out);

/* Frees the pool and everything it owns. NULL is ignored. */
void mote_debris_pool_destroy(mote_debris_pool *pool);

/* Appends a piece; writes its id to out_id (may be NULL). outward and base are stored
 * normalised. MOTE_ERROR_NON_FINITE for a non-finite field; MOTE_ERROR_INVALID_ARGUMENT for
 * detach_time < peel_start, max_distance < 0, a zero outward or base, a phase outside
 * mote_debris_phase; MOTE_ERROR_FULL at max_count. */
mote_status mote_debris_pool_add(mote_debris_pool *pool, const mote_debris_desc *desc,
                                 mote_id *out_id);

/* Appends n elements from descs[0 .. n), all or nothing: every desc is checked as add checks
 * it and room is made for all before any is added, so on an error nothing changed.
 * out_ids (may be NULL) receives their ids in order. MOTE_ERROR_FULL when n more do not fit
 * under max_count. */
mote_status mote_debris_pool_add_many(mote_debris_pool *pool, const mote_debris_desc *descs,
                                      size_t n, mote_id *out_ids);

/* Removes a piece; the last piece moves into its place (dense swap-remove).
 * MOTE_ERROR_STALE_ID for an id that is not live in this pool, MOTE_ERROR_WRONG_POOL for an
 * id another pool issued. */
mote_status mote_debris_pool_remove(mote_debris_pool *pool, mote_id id);

/* True when id names a live piece of this pool. */
bool mote_debris_pool_contains(const mote_debris_pool *pool, mote_id id);

/* Dense index (into the view arrays) of a live piece. */
mote_status mote_debris_pool_index(const mote_debris_pool *pool, mote_id id, size_t *out_index);

/* Id of the piece at a dense index; the null id when index >= count. */
mote_id mote_debris_pool_id_at(const mote_debris_pool *pool, size_t index);

/* Reads one piece. */
mote_status mote_debris_pool_get(const mote_debris_pool *pool, mote_id id, mote_debris_desc *out);

/* Overwrites one piece, with the same checks as add. */
mote_status mote_debris_pool_set(mote_debris_pool *pool, mote_id id, const mote_debris_desc *desc);

/* Number of live pieces. */
size_t mote_debris_pool_count(const mote_debris_pool *pool);

/* Pieces that fit before the storage must grow. */
size_t mote_debris_pool_capacity(const mote_debris_pool *pool);

/* Grows storage to hold at least capacity pieces (never shrinks). MOTE_ERROR_FULL, and no
 * change, above max_count. */
mote_status mote_debris_pool_reserve(mote_debris_pool *pool, size_t capacity);

/* The field arrays and count (see mote_debris_view). */
mote_debris_view mote_debris_pool_view(mote_debris_pool *pool);

/* Sets the ship frame the next steps follow (update it before each step). Its orientation
 * and axis must be finite and non-zero (they are normalised when used), the spin rate
 * finite: else MOTE_ERROR_NON_FINITE / MOTE_ERROR_INVALID_ARGUMENT and no change. */
mote_status mote_debris_pool_set_ship(mote_debris_pool *pool, const mote_debris_ship *ship);

/* The ship frame as last set. */
mote_debris_ship mote_debris_pool_ship(const mote_debris_pool *pool);

/* Replaces the settings: speed_cap > 0 (+inf allowed), gravity finite, linear_damping finite
 * and >= 0; else MOTE_ERROR_INVALID_ARGUMENT and no change. */
mote_status mote_debris_pool_set_settings(mote_debris_pool *pool,
                                          const mote_debris_settings *settings);

/* The settings in use. */
mote_debris_settings mote_debris_pool_settings(const mote_debris_pool *pool);

/* Steps every piece by dt seconds (mote_debris_step, per piece) and reports the pieces
 * released in this step into released (may be NULL). dt NaN, infinite or negative:
 * MOTE_ERROR_INVALID_DT; released with ids NULL but capacity > 0: MOTE_ERROR_INVALID_ARGUMENT;
 * in both cases nothing changes. dt == 0 changes nothing and releases nothing (count 0). Any
 * finite dt is exact for free flight, so the only maximum is the pool's max_dt. */
mote_status mote_debris_pool_step(mote_debris_pool *pool, float dt, mote_debris_released *released);

/* Steps like mote_debris_pool_step and writes the seconds the step advanced to out_advanced
 * (may be NULL): dt clamped to max_dt, 0 when nothing stepped. */
mote_status mote_debris_pool_advance(mote_debris_pool *pool, float dt,
                                     mote_debris_released *released, float *out_advanced);

/* The seconds a step of dt would advance this pool, without stepping (see _advance). */
mote_status mote_debris_pool_advance_of(const mote_debris_pool *pool, float dt,
                                        float *out_advanced);

/* The pool's max_dt (s; 0 for a NULL pool). */
float mote_debris_pool_max_dt(const mote_debris_pool *pool);

/* Sets the pool's max_dt (s, > 0, INFINITY for none): a longer step is clamped to it.
 * MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_debris_pool_set_max_dt(mote_debris_pool *pool, float max_dt);

/* Steps the pieces with dense index in [begin, end) and reports those released among them,
 * for splitting one step across a task system: disjoint ranges may run on different threads
 * at once (each with its own released buffer), and any split gives the same bits as one
 * whole step. MOTE_ERROR_RANGE unless begin <= end <= count. */
mote_status mote_debris_pool_step_range(mote_debris_pool *pool, size_t begin, size_t end, float dt,
                                        mote_debris_released *released);

/* Steps every piece like mote_debris_pool_step, in ranges run on tasks (see mote/tasks.h;
 * NULL runs on this thread), then reports the released ids as the serial step does. Returns
 * once every range has run; the result is bit for bit the serial step's. Ranges are at least
 * 1024 pieces, so pools of 1024 or fewer run on this thread. */
mote_status mote_debris_pool_step_parallel(mote_debris_pool *pool, float dt,
                                           const mote_task_system *tasks,
                                           mote_debris_released *released);

/* Looks for NaN or infinity in every piece's fields. MOTE_OK when there is none, else
 * MOTE_ERROR_NON_FINITE; out (may be NULL) says how many pieces and which first. */
mote_status mote_debris_pool_validate(const mote_debris_pool *pool, mote_validation *out);

/* Chooses this pool's backend (MOTE_BACKEND_AUTO follows mote_backend_best()).
 * MOTE_ERROR_BACKEND_UNAVAILABLE, and no change, if this CPU cannot run it. */
mote_status mote_debris_pool_set_backend(mote_debris_pool *pool, mote_backend backend);

/* The backend the pool's steps run on (never MOTE_BACKEND_AUTO); MOTE_BACKEND_COUNT for a
 * NULL pool. */
mote_backend mote_debris_pool_backend(const mote_debris_pool *pool);

/* Snapshots (docs/snapshot-format.md): the pool's whole state as bytes and back, for
 * rollback, save games, replays and moving a simulation between processes. The format is
 * versioned, little-endian and checksummed (XXH3-64), the same on x86-64 and aarch64; the
 * backend is not part of it (every wide backend steps a restored pool to the same bits). */

/* Bytes a snapshot of the pool takes now (grows with count); 0 for a NULL pool. */
size_t mote_debris_pool_snapshot_size(const mote_debris_pool *pool);

/* Writes the pool's whole state (count, every stored field, the ids, ship and settings, max_dt)
 * into buffer and its length to *out_written (may be NULL). MOTE_ERROR_BUFFER_TOO_SMALL when size
 * is below mote_debris_pool_snapshot_size, with that size in *out_written (buffer may be NULL
 * with size 0, to ask); MOTE_ERROR_NON_FINITE when a stored field holds NaN or infinity
 * (written through the view: see _validate), the buffer then unspecified. The pool never
 * changes. */
mote_status mote_debris_pool_save(const mote_debris_pool *pool, void *buffer, size_t size,
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
mote_status mote_debris_pool_restore(mote_debris_pool *pool, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
