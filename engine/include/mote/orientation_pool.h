/* mote: structure-of-arrays pools of orientations (mote/orientation.h), one kind per pool:
 * orientation control, the exact quaternion spring, the quaternion damper, or quaternion
 * inertialization, each stepped by one branch-free SIMD kernel held to the scalar reference.
 * Every pool kind's common functions are documented in mote/pool_common.h. As for the spring
 * pools (mote/spring_pool.h), the def chooses the kind, and a pool stores only the fields its
 * kind reads. */
#ifndef MOTE_ORIENTATION_POOL_H
#define MOTE_ORIENTATION_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/math3d.h"
#include "mote/orientation.h"
#include "mote/pool_common.h"
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
    /* control: s, in [MOTE_ORIENTATION_MIN_SUBSTEP, MOTE_ORIENTATION_MAX_SUBSTEP]; default
     * MOTE_ORIENTATION_SUBSTEP */
    float substep;
    /* control: in [1, MOTE_MAX_SUBSTEPS], a step is clamped to substep * max_substeps; default
     * MOTE_ORIENTATION_MAX_SUBSTEPS (64: 0.267 s at the default substep, above max_dt) */
    int max_substeps;
    float max_dt;        /* s, > 0: a longer step is clamped to this; default
                          * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for none */
    int internal_cookie; /* set by mote_default_orientation_pool_def(); leave it alone */
} mote_orientation_pool_def;

/* The defaults above. */
mote_orientation_pool_def mote_default_orientation_pool_def(void);

/* One element, for add/get/set. A kind ignores the members it does not read (get gives them
 * back as 0). */
typedef struct mote_orientation_desc {
    mote_quat orientation; /* state; any non-zero length, stored normalised */
    /* rad/s, world frame; state of control and spring; length <=
     * MOTE_ORIENTATION_MAX_ANGULAR_SPEED */
    mote_vec3 angular_velocity;
    mote_quat target; /* input: the orientation sought; stored normalised */
    float halflife;   /* spring, damper: s, >= 0 */
    float stiffness;  /* control: 1/s^2, >= 0, stable with damping (below) */
    float damping;    /* control: 1/s, >= 0 */
    /* control: rad/s, in (0, MOTE_ORIENTATION_MAX_ANGULAR_SPEED], or INFINITY for no cap (the
     * default; get gives it back so). 0 is accepted as no cap too, the older spelling. The
     * view's max_speed array stores no cap as 0 (a stored field is finite). As in
     * mote_orientation_control_params (docs/conventions.md, Caps). */
    float max_speed;
    /* inertialize: the incoming pose's angular velocity (rad/s; its orientation is target),
     * and the decaying offset (a rotation, stored normalised; and rad/s), both angular
     * velocities of length <= MOTE_ORIENTATION_MAX_ANGULAR_SPEED */
    mote_vec3 incoming_angular_velocity;
    mote_quat offset;
    mote_vec3 offset_angular_velocity;
} mote_orientation_desc;

/* Identity orientation and target, at rest, half-life 0.1 s, the critically damped gains of
 * a 0.1 s half-life (mote_orientation_control_gains(0.1, 1, INFINITY)), no cap (max_speed
 * INFINITY), no offset (the identity, at rest). */
mote_orientation_desc mote_default_orientation_desc(void);

/* The pool's field arrays (mote_orientation_pool_view; see mote/pool_common.h): NULL where
 * the pool's kind does not read the field. */
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

/* The common pool functions, documented once in mote/pool_common.h:
 * mote_orientation_pool_create, _destroy, _reserve, _add, _add_many, _remove, _contains,
 * _index, _id_at, _get, _set, _count, _capacity, _view, _validate, _set_backend, _backend,
 * _max_dt, _set_max_dt, _advance_of, _snapshot_size, _save, _restore, _step, _advance,
 * _step_range and _step_parallel. What is the orientation pool's own in them:
 * - Every value the pool accepts lies in mote/orientation.h's domain, within which every
 *   element steps to a finite state forever at any dt; a refusal changes nothing and names
 *   the field in mote_error_detail().
 * - create: MOTE_ERROR_INVALID_ARGUMENT also for an unknown kind, a substep outside
 *   [MOTE_ORIENTATION_MIN_SUBSTEP, MOTE_ORIENTATION_MAX_SUBSTEP] s or max_substeps outside
 *   [1, MOTE_MAX_SUBSTEPS] (every kind's def is checked so).
 * - add, add_many, set: orientation and target (and an inertialize pool's offset) are stored
 *   normalised; a max_speed of INFINITY (or 0) is stored as 0 (no cap). MOTE_ERROR_NON_FINITE for
 *   another non-finite member the kind reads; MOTE_ERROR_INVALID_ARGUMENT for a zero
 *   orientation, target or offset, a negative halflife, stiffness, damping or max_speed, an
 *   angular velocity (state, incoming or offset; not an inertialize pool's output) longer
 *   than MOTE_ORIENTATION_MAX_ANGULAR_SPEED, a max_speed above it, or control gains
 *   mote_orientation_control_stable(stiffness, damping, def.substep) refuses (of those the
 *   kind reads).
 * - get: the members the kind does not read are 0; a control pool's max_speed without a cap
 *   is INFINITY.
 * - step: each element is the kind's reference. The control kind also clamps dt to
 *   substep * max_substeps; the other kinds to MOTE_ORIENTATION_MAX_STEP.
 * - step_parallel: ranges are at least 1024 elements; pools of 1024 or fewer step on the
 *   calling thread.
 * - Snapshots hold the kind, substep and max_substeps; restore refuses a snapshot of another
 *   orientation kind, or settings create refuses (MOTE_ERROR_CORRUPT_SNAPSHOT). */
MOTE_POOL_COMMON_DECLS(orientation);
MOTE_POOL_STEP_DECLS(orientation);

/* The pool's kind (MOTE_ORIENTATION_KIND_COUNT for a NULL pool). */
mote_orientation_kind mote_orientation_pool_kind(const mote_orientation_pool *pool);

/* Sets one element's target (normalised; MOTE_ERROR_NON_FINITE for a non-finite one,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero one, the id's errors, and no change; a refusal is
 * named in mote_error_detail()). */
mote_status mote_orientation_pool_set_target(mote_orientation_pool *pool, mote_id id,
                                             mote_quat target);

/* Inertialize pools: switches element id's incoming pose to (incoming, incoming_omega)
 * through mote_inertialize_quat_transition from the current incoming pose (target,
 * incoming_angular_velocity), so the output stays where it is. MOTE_ERROR_NON_FINITE,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero quaternion, a pool of another kind, or an
 * incoming_omega or resulting offset angular velocity longer than
 * MOTE_ORIENTATION_MAX_ANGULAR_SPEED, the id's errors, and no change. */
mote_status mote_orientation_pool_transition(mote_orientation_pool *pool, mote_id id,
                                             mote_quat incoming, mote_vec3 incoming_omega);

/* Sets one element's target to mote_quat_look_rotation(forward, up): local +z along forward,
 * local +y toward up. MOTE_ERROR_NON_FINITE for a non-finite forward or up,
 * MOTE_ERROR_INVALID_ARGUMENT for a zero forward, the id's errors, and no change; an up zero
 * or parallel to forward takes math3d.h's defined result (the shortest arc from +z to
 * forward). */
mote_status mote_orientation_pool_set_target_look(mote_orientation_pool *pool, mote_id id,
                                                  mote_vec3 forward, mote_vec3 up);

#ifdef __cplusplus
}
#endif

#endif
