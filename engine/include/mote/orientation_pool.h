/* mote: structure-of-arrays pools of orientations (mote/orientation.h), one kind per pool:
 * seed 000's orientation control, the exact quaternion spring, the quaternion damper, or
 * quaternion inertialization, each stepped by one branch-free SIMD kernel held to the scalar
 * reference. The conventions are
 * the spring pools' (mote/spring_pool.h): the def chooses the kind as it chooses a spring
 * kind, and a pool stores only the fields its kind reads. */
#ifndef MOTE_ORIENTATION_POOL_H
#define MOTE_ORIENTATION_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/math3d.h"
#include "mote/orientation.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model a pool steps its elements with. */
typedef enum mote_orientation_kind {
    MOTE_ORIENTATION_CONTROL, /* mote_orientation_control_advance: stiffness, damping, cap */
    MOTE_ORIENTATION_SPRING,  /* mote_quat_spring: halflife */
    MOTE_ORIENTATION_DAMPER,  /* mote_quat_damper: halflife (angular_velocity not stored) */
    /* mote_inertialize_quat_update: the output (orientation, angular_velocity) is the incoming
     * pose (target, incoming_angular_velocity) plus an offset decaying with halflife;
     * mote_orientation_pool_transition switches the incoming pose and keeps the output
     * continuous */
    MOTE_ORIENTATION_INERTIALIZE,
    MOTE_ORIENTATION_KIND_COUNT
} mote_orientation_kind;

/* "control", "spring", "damper", "inertialize"; "unknown" for anything else. */
const char *mote_orientation_kind_name(mote_orientation_kind kind);

/* The kind a name gives (as mote_orientation_kind_name spells it); false if none. */
bool mote_orientation_kind_parse(const char *name, mote_orientation_kind *out);

/* How to build a pool. Start from mote_default_orientation_pool_def(). */
typedef struct mote_orientation_pool_def {
    mote_orientation_kind kind; /* default MOTE_ORIENTATION_CONTROL */
    size_t capacity;            /* elements reserved at creation; default 1024 */
    size_t max_count;           /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;       /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    float substep;              /* control: s, > 0; default MOTE_ORIENTATION_SUBSTEP */
    int max_substeps;           /* control: >= 1, a step is clamped to substep * max_substeps; 16 */
    float max_dt;               /* s, > 0: a longer step is clamped to this; default INFINITY */
    int internal_cookie;        /* set by mote_default_orientation_pool_def(); leave it alone */
} mote_orientation_pool_def;

/* The defaults above. */
mote_orientation_pool_def mote_default_orientation_pool_def(void);

/* One element, for add/get/set. A kind ignores the members it does not read (get gives them
 * back as 0). */
typedef struct mote_orientation_desc {
    mote_quat orientation;      /* state; any non-zero length, stored normalised */
    mote_vec3 angular_velocity; /* rad/s, world frame; state of control and spring */
    mote_quat target;           /* input: the orientation sought; stored normalised */
    float halflife;             /* spring, damper: s, >= 0 */
    float stiffness;            /* control: 1/s^2, >= 0 */
    float damping;              /* control: 1/s, >= 0 */
    float max_speed;            /* control: rad/s, >= 0; 0: no cap */
    /* inertialize: the incoming pose's angular velocity (rad/s; its orientation is target),
     * and the decaying offset (a rotation, stored normalised; and rad/s) */
    mote_vec3 incoming_angular_velocity;
    mote_quat offset;
    mote_vec3 offset_angular_velocity;
} mote_orientation_desc;

/* Identity orientation and target, at rest, half-life 0.1 s, the critically damped gains of
 * a 0.1 s half-life (mote_orientation_control_gains(0.1, 1, INFINITY)), no cap, no offset
 * (the identity, at rest). */
mote_orientation_desc mote_default_orientation_desc(void);

/* The field arrays, dense from 0 to count - 1 (see mote_spring_view). Fields the pool's kind
 * does not read are NULL. */
typedef struct mote_orientation_view {
    size_t count;
    float *orientation[4];      /* x, y, z, w */
    float *angular_velocity[3]; /* x, y, z */
    float *target[4];           /* x, y, z, w */
    float *halflife;
    float *stiffness;
    float *damping;
    float *max_speed;
    float *incoming_angular_velocity[3];
    float *offset[4];
    float *offset_angular_velocity[3];
} mote_orientation_view;

typedef struct mote_orientation_pool mote_orientation_pool;

/* Creates an empty pool. MOTE_ERROR_UNINITIALIZED_DEF for a def that did not come from
 * mote_default_orientation_pool_def(); MOTE_ERROR_INVALID_ARGUMENT for a bad def (an unknown
 * kind, capacity > max_count, substep not > 0 and finite, max_substeps < 1),
 * MOTE_ERROR_BACKEND_UNAVAILABLE if it names a backend this CPU lacks,
 * MOTE_ERROR_OUT_OF_MEMORY if the allocator fails. */
mote_status mote_orientation_pool_create(const mote_orientation_pool_def *def,
                                         mote_orientation_pool **out);

/* The pool's kind (MOTE_ORIENTATION_KIND_COUNT for a NULL pool). */
mote_orientation_kind mote_orientation_pool_kind(const mote_orientation_pool *pool);

/* Sets one element's target (normalised; MOTE_ERROR_NON_FINITE for a non-finite one,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero one, and no change). */
mote_status mote_orientation_pool_set_target(mote_orientation_pool *pool, mote_id id,
                                             mote_quat target);

/* Inertialize pools: switches element id's incoming pose to (incoming, incoming_omega)
 * through mote_inertialize_quat_transition from the current incoming pose (target,
 * incoming_angular_velocity), so the output stays where it is. MOTE_ERROR_NON_FINITE,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero quaternion or a pool of another kind, and no
 * change. */
mote_status mote_orientation_pool_transition(mote_orientation_pool *pool, mote_id id,
                                             mote_quat incoming, mote_vec3 incoming_omega);

/* Sets one element's target to mote_quat_look_rotation(forward, up): local +z along forward,
 * local +y toward up. MOTE_ERROR_NON_FINITE for a non-finite forward or up,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero forward, and no change; an up zero or parallel to
 * forward takes math3d.h's defined result (the shortest arc from +z to forward). */
mote_status mote_orientation_pool_set_target_look(mote_orientation_pool *pool, mote_id id,
                                                  mote_vec3 forward, mote_vec3 up);

/* Frees the pool and everything it owns. NULL is ignored. */
void mote_orientation_pool_destroy(mote_orientation_pool *pool);

/* Appends a element; writes its id to out_id (may be NULL). orientation and target are stored
 * normalised. MOTE_ERROR_NON_FINITE for a non-finite field; MOTE_ERROR_INVALID_ARGUMENT for
 * a zero orientation or target, or a negative halflife, gain or max_speed; MOTE_ERROR_FULL at
 * max_count. */
mote_status mote_orientation_pool_add(mote_orientation_pool *pool,
                                      const mote_orientation_desc *desc, mote_id *out_id);

/* Appends n elements from descs[0 .. n), all or nothing: every desc is checked as add checks
 * it and room is made for all before any is added, so on an error nothing changed.
 * out_ids (may be NULL) receives their ids in order. MOTE_ERROR_FULL when n more do not fit
 * under max_count. */
mote_status mote_orientation_pool_add_many(mote_orientation_pool *pool,
                                           const mote_orientation_desc *descs, size_t n,
                                           mote_id *out_ids);

/* Removes a element; the last element moves into its place (dense swap-remove).
 * MOTE_ERROR_STALE_ID for an id that is not live in this pool, MOTE_ERROR_WRONG_POOL for an
 * id another pool issued. */
mote_status mote_orientation_pool_remove(mote_orientation_pool *pool, mote_id id);

/* True when id names a live element of this pool. */
bool mote_orientation_pool_contains(const mote_orientation_pool *pool, mote_id id);

/* Dense index (into the view arrays) of a live element. */
mote_status mote_orientation_pool_index(const mote_orientation_pool *pool, mote_id id,
                                        size_t *out_index);

/* Id of the element at a dense index; the null id when index >= count. */
mote_id mote_orientation_pool_id_at(const mote_orientation_pool *pool, size_t index);

/* Reads one element. */
mote_status mote_orientation_pool_get(const mote_orientation_pool *pool, mote_id id,
                                      mote_orientation_desc *out);

/* Overwrites one element, with the same checks as add. */
mote_status mote_orientation_pool_set(mote_orientation_pool *pool, mote_id id,
                                      const mote_orientation_desc *desc);

/* Number of live elements. */
size_t mote_orientation_pool_count(const mote_orientation_pool *pool);

/* Sequences that fit before the storage must grow. */
size_t mote_orientation_pool_capacity(const mote_orientation_pool *pool);

/* Grows storage to hold at least capacity elements (never shrinks). MOTE_ERROR_FULL, and no
 * change, above max_count. */
mote_status mote_orientation_pool_reserve(mote_orientation_pool *pool, size_t capacity);

/* The field arrays and count (see mote_orientation_view). */
mote_orientation_view mote_orientation_pool_view(mote_orientation_pool *pool);

/* Steps every element by dt seconds (the kind's reference, per element). dt NaN, infinite or
 * negative: MOTE_ERROR_INVALID_DT and nothing changes. dt == 0 changes nothing. */
mote_status mote_orientation_pool_step(mote_orientation_pool *pool, float dt);

/* Steps like mote_orientation_pool_step and writes the seconds the step advanced to out_advanced
 * (may be NULL): dt clamped to max_dt, 0 when nothing stepped. */
mote_status mote_orientation_pool_advance(mote_orientation_pool *pool, float dt,
                                          float *out_advanced);

/* The seconds a step of dt would advance this pool, without stepping (see _advance). */
mote_status mote_orientation_pool_advance_of(const mote_orientation_pool *pool, float dt,
                                             float *out_advanced);

/* The pool's max_dt (s; 0 for a NULL pool). */
float mote_orientation_pool_max_dt(const mote_orientation_pool *pool);

/* Sets the pool's max_dt (s, > 0, INFINITY for none): a longer step is clamped to it.
 * MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_orientation_pool_set_max_dt(mote_orientation_pool *pool, float max_dt);

/* Steps the elements with dense index in [begin, end), for splitting one step across a task
 * system: disjoint ranges may run on different threads at once, and any split gives the same
 * bits as one whole step. MOTE_ERROR_RANGE unless begin <= end <= count. */
mote_status mote_orientation_pool_step_range(mote_orientation_pool *pool, size_t begin, size_t end,
                                             float dt);

/* Steps every element like mote_orientation_pool_step, in ranges run on tasks (see mote/tasks.h;
 * NULL runs on this thread). The result is bit for bit the serial step's. Ranges are at least
 * 1024 elements, so pools of 1024 or fewer run on this thread. */
mote_status mote_orientation_pool_step_parallel(mote_orientation_pool *pool, float dt,
                                                const mote_task_system *tasks);

/* Snapshots (docs/snapshot-format.md), as for every pool kind: the pool's whole state as
 * bytes (count, every stored field, the ids, the kind, the sub-step settings, max_dt), versioned,
 * little-endian and checksummed, and back. snapshot_size is 0 for a NULL pool. save:
 * MOTE_ERROR_BUFFER_TOO_SMALL with the size needed in *out_written, MOTE_ERROR_NON_FINITE for NaN
 * or infinity in a stored field. restore: all or nothing, MOTE_ERROR_CORRUPT_SNAPSHOT for bytes
 * this pool cannot take; ids issued before the save stay valid. A restored pool keeps a spare
 * copy of its field storage and id table for the next restore (docs/snapshot-format.md): its fields
 * and ids twice until destroy. */
size_t mote_orientation_pool_snapshot_size(const mote_orientation_pool *pool);
mote_status mote_orientation_pool_save(const mote_orientation_pool *pool, void *buffer, size_t size,
                                       size_t *out_written);
mote_status mote_orientation_pool_restore(mote_orientation_pool *pool, const void *buffer,
                                          size_t size);

/* Looks for NaN or infinity in every element's fields. MOTE_OK when there is none, else
 * MOTE_ERROR_NON_FINITE; out (may be NULL) says how many elements and which first. */
mote_status mote_orientation_pool_validate(const mote_orientation_pool *pool, mote_validation *out);

/* Chooses this pool's backend (MOTE_BACKEND_AUTO follows mote_backend_best()).
 * MOTE_ERROR_BACKEND_UNAVAILABLE, and no change, if this CPU cannot run it. */
mote_status mote_orientation_pool_set_backend(mote_orientation_pool *pool, mote_backend backend);

/* The backend the pool's steps run on (never MOTE_BACKEND_AUTO); MOTE_BACKEND_COUNT for a
 * NULL pool. */
mote_backend mote_orientation_pool_backend(const mote_orientation_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
