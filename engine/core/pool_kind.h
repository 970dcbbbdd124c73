/* Internal: what a pool kind is to the shared pool layer. A kind is described once, by its
 * field list and one record (mote_pool_kind): the generic pool (pool.c) does create, ids,
 * storage, add/get/set, views, steps, validation and backends for every kind from it, and
 * the typed public names (mote_spring_pool_*, ...) are thin wrappers (pool_api.h). */
#ifndef MOTE_POOL_KIND_H
#define MOTE_POOL_KIND_H

#include <stddef.h>
#include <stdint.h>

#include "kernel_list.h"
#include "mote/backend.h"
#include "mote/base.h"
#include "mote/spring_pool.h" /* mote_step_cache */

/* What a stored field is to the model. */
typedef enum mote_field_role {
    MOTE_ROLE_STATE, /* written by every step */
    MOTE_ROLE_INPUT, /* written by the caller between steps (a goal, a desired velocity) */
    MOTE_ROLE_PARAM  /* a per-element parameter: read by steps, written only by add/set */
} mote_field_role;

/* What add, set and the per-field setters accept in a field. */
typedef enum mote_field_check {
    MOTE_CHECK_FINITE,     /* finite, else MOTE_ERROR_NON_FINITE */
    MOTE_CHECK_NONNEGATIVE /* finite and >= 0, else MOTE_ERROR_NON_FINITE / _INVALID_ARGUMENT */
} mote_field_check;

/* Where a field has no member of its own in the desc (the kind's hooks convert it). */
#define MOTE_NO_DESC SIZE_MAX

/* One stored per-element float array. */
/* The role column says what a field is to the model; the pool layer checks and stores every
 * role alike, and the docs, tools and snapshots read it. */
typedef struct mote_field_info {
    const char *name;   /* as the view names it: "x", "position_x", "position[0]" */
    size_t view_offset; /* offsetof(view, member): where the view holds the array's pointer */
    size_t desc_offset; /* offsetof(desc, float member), or MOTE_NO_DESC */
    mote_field_role role;
    mote_field_check check;
} mote_field_info;

/* What a step accepts in an input field (MOTE_ROLE_INPUT) that the caller wrote through the
 * view between steps (input_check.c checks it before anything is stepped). A row covers one
 * field, or a vector of consecutive fields judged by its length:
 * - components 1: low <= value <= high;
 * - components 2..4 (fields field .. field + components - 1): low <= length <= high.
 * NaN and infinity are never within. The bounds are the kind's domain for that input (the
 * constants in its public header), so an input that passes steps finite. */
typedef struct mote_input_limit {
    int field;
    int components;
    float low;
    float high;
    const char *name; /* a vector's name in a refusal's detail ("desired_velocity"); NULL: the
                       * field's own name */
} mote_input_limit;

/* A kind record's designators for its table of input limits (an array of mote_input_limit). */
#define MOTE_INPUT_LIMITS(table)                                                                   \
    .input_limits = (table), .input_limit_count = (int)(sizeof(table) / sizeof((table)[0]))

/* One field-list row, from an X-macro X(ENUM, view_member, desc_member, ROLE, CHECK, HOW):
 * HOW is MEMBER (the desc member is the float) or CONVERTED (the desc member is of another
 * type, bool or enum, and the kind's hooks convert it). */
#define MOTE_DESC_OFFSET_MEMBER(desc_t, member)    offsetof(desc_t, member)
#define MOTE_DESC_OFFSET_CONVERTED(desc_t, member) MOTE_NO_DESC
#define MOTE_FIELD_ROW(view_t, desc_t, e, view_member, desc_member, role, check, how)              \
    [e] = {#view_member, offsetof(view_t, view_member),                                            \
           MOTE_DESC_OFFSET_##how(desc_t, desc_member), MOTE_ROLE_##role, MOTE_CHECK_##check},
/* The enum of a field list: X(ENUM, ...) -> ENUM, */
#define MOTE_FIELD_ENUM(e, ...) e,

/* The rows of a vector member in a field list, one per component, each X(...) as above: a
 * vec3 member is e##X, e##Y, e##Z, the view's view_member[0..2] and the desc's desc_member.x,
 * .y, .z; a quaternion adds e##W, view_member[3] and desc_member.w. MOTE_FIELD_VEC3(X,
 * DEBRIS_P, position, position, STATE, FINITE, MEMBER) is the rows DEBRIS_PX, DEBRIS_PY,
 * DEBRIS_PZ. A prefix must not name a macro itself: C pastes it unexpanded, but cppcheck's
 * preprocessor expands it first and stops. */
#define MOTE_FIELD_VEC3(row, e, view_member, desc_member, role, check, how)                        \
    row(e##X, view_member[0], desc_member.x, role, check, how)                                     \
        row(e##Y, view_member[1], desc_member.y, role, check, how)                                 \
            row(e##Z, view_member[2], desc_member.z, role, check, how)
#define MOTE_FIELD_QUAT(row, e, view_member, desc_member, role, check, how)                        \
    row(e##X, view_member[0], desc_member.x, role, check, how)                                     \
        row(e##Y, view_member[1], desc_member.y, role, check, how)                                 \
            row(e##Z, view_member[2], desc_member.z, role, check, how)                             \
                row(e##W, view_member[3], desc_member.w, role, check, how)

/* Element i of the field arrays to and from a struct with the desc's members, written out by
 * the field list for a kind's scalar code, in a function with the arrays `p`, the element `i`
 * and a pointer `d` to the struct: KIND_FIELDS(MOTE_FIELD_LOAD) loads every MEMBER field into
 * *d, MOTE_FIELD_STORE stores every one from *d, MOTE_FIELD_STORE_STATE only the STATE ones
 * (what a step writes). A CONVERTED field is left to the kind. */
#define MOTE_FIELD_LOAD(e, view_member, desc_member, role, check, how)                             \
    MOTE_FIELD_LOAD_##how(e, desc_member)
#define MOTE_FIELD_LOAD_MEMBER(e, desc_member) d->desc_member = p[e][i];
#define MOTE_FIELD_LOAD_CONVERTED(e, desc_member)
#define MOTE_FIELD_STORE(e, view_member, desc_member, role, check, how)                            \
    MOTE_FIELD_STORE_##how(e, desc_member)
#define MOTE_FIELD_STORE_MEMBER(e, desc_member) p[e][i] = d->desc_member;
#define MOTE_FIELD_STORE_CONVERTED(e, desc_member)
#define MOTE_FIELD_STORE_STATE(e, view_member, desc_member, role, check, how)                      \
    MOTE_FIELD_STORE_IF_##role(e, desc_member, how)
#define MOTE_FIELD_STORE_IF_STATE(e, desc_member, how) MOTE_FIELD_STORE_##how(e, desc_member)
#define MOTE_FIELD_STORE_IF_INPUT(e, desc_member, how)
#define MOTE_FIELD_STORE_IF_PARAM(e, desc_member, how)

/* How a member of a kind's settings is written to a snapshot (pool_snapshot.c): each as one
 * little-endian 32-bit word, so a snapshot never depends on the struct's padding, bool size or
 * byte order. */
typedef enum mote_setting_type {
    MOTE_SETTING_F32, /* a float: its IEEE-754 bits */
    MOTE_SETTING_I32, /* a 32-bit int or an enum of int size: two's complement */
    MOTE_SETTING_BOOL /* a bool: 0 or 1 (a snapshot with another value is corrupt) */
} mote_setting_type;

/* One member of a kind's settings struct (name as a path: "params.acceleration"). */
typedef struct mote_setting_info {
    const char *name;
    size_t offset; /* offsetof(settings struct, member) */
    mote_setting_type type;
} mote_setting_info;

/* Which stored fields are an element's pose, for the pose writer (mote/pose.h, pose.c): a rigid
 * pose is a position and a unit quaternion (x, y, z, w); a rotation is a quaternion alone, at
 * the origin; a planar pose is a 2D position and a facing angle (rad, about the plane's
 * normal), which the writer lifts onto the caller's plane. */
typedef enum mote_pose_form {
    MOTE_POSE_FORM_RIGID = 1, /* position[0..2], orientation[0..3] */
    MOTE_POSE_FORM_ROTATION,  /* orientation[0..3] */
    MOTE_POSE_FORM_PLANAR     /* position[0..1] (x, y), orientation[0] (the angle) */
} mote_pose_form;
typedef struct mote_pose_fields {
    mote_pose_form form;
    int position[3];    /* field indices (unused entries 0) */
    int orientation[4]; /* likewise */
} mote_pose_fields;
/* A record's .pose for the fields P##X.. and the quaternion Q##X..Q##W (MOTE_FIELD_VEC3 and
 * MOTE_FIELD_QUAT prefixes), for a quaternion alone, and for x, y and an angle. */
#define MOTE_POSE_RIGID(p, q)                                                                      \
    (&(const mote_pose_fields){MOTE_POSE_FORM_RIGID, {p##X, p##Y, p##Z}, {q##X, q##Y, q##Z, q##W}})
#define MOTE_POSE_ROTATION(q)                                                                      \
    (&(const mote_pose_fields){MOTE_POSE_FORM_ROTATION, {0, 0, 0}, {q##X, q##Y, q##Z, q##W}})
#define MOTE_POSE_PLANAR(x, y, angle)                                                              \
    (&(const mote_pose_fields){MOTE_POSE_FORM_PLANAR, {x, y, 0}, {angle, 0, 0, 0}})

typedef struct mote_pool mote_pool;
struct mote_step_plan;
struct mote_kernel_table;

/* The fixed-step cache (step_cache.c): per element, the key a per-element factor was computed
 * from and the factor, kept by the pool beside its fields (not a field: not in the view, the
 * desc or a snapshot). A kernel given MOTE_CACHE_REUSE takes a vector's cached factors where
 * every lane's key equals its input, and otherwise computes the factors as the general path
 * does and writes key and factor back; MOTE_CACHE_UNUSED runs the general path. Every cache
 * slot holds either a NaN key (never equal) or a key and the factor computed from it at the
 * pool's cached dt on its backend, so the cache needs no upkeep on add, remove or set. */
typedef enum mote_cache_use { MOTE_CACHE_UNUSED = 0, MOTE_CACHE_REUSE } mote_cache_use;
typedef struct mote_cache_args {
    mote_cache_use use;
    float *key;    /* MOTE_CACHE_REUSE: one per element, indexed as the fields */
    float *factor; /* likewise */
} mote_cache_args;

/* The largest public desc of any kind (checked per kind). */
#define MOTE_MAX_DESC_BYTES 512
/* The most per-step constants bytes any kind prepares (checked per kind). */
#define MOTE_MAX_CONSTANTS_BYTES 512

/* The settings every pool def shares (the common head of mote_xxx_pool_def). */
typedef struct mote_pool_common_def {
    size_t capacity;
    size_t max_count;
    mote_backend backend;
    float max_dt; /* s, > 0 (may be infinite) */
    int cookie;   /* the def's internal_cookie */
} mote_pool_common_def;

/* A kind's own section at the end of its snapshots (pool_snapshot.c), after the free list:
 * items of words_per_item little-endian words each, their count the settings member
 * count_setting (an I32 member, so the layout hash and the settings carry it). save writes the
 * pool's items; stage checks a blob's items and keeps them in the pool for commit (the pool as
 * its user sees it unchanged), refusing with MOTE_ERROR_CORRUPT_SNAPSHOT and a detail naming
 * the item, or MOTE_ERROR_OUT_OF_MEMORY; commit swaps the staged items in (cannot fail). A
 * mover pool's walls. */
typedef struct mote_snapshot_tail {
    int count_setting;
    uint32_t words_per_item;
    void (*save)(const mote_pool *pool, unsigned char *out);
    mote_status (*stage)(mote_pool *pool, const unsigned char *words, uint32_t items);
    void (*commit)(mote_pool *pool);
} mote_snapshot_tail;

/* A pool kind: its fields and its formulas' entry points. Optional hooks may be NULL. */
typedef struct mote_pool_kind {
    const char *name; /* "spring", "mover", "debris" */
    unsigned number;  /* 1..255: in every id's pool tag, so ids know their kind */
    int cookie;       /* what mote_default_xxx_pool_def() writes to internal_cookie */
    int field_count;  /* <= MOTE_MAX_FIELDS */
    const mote_field_info *fields;
    size_t view_size;     /* sizeof the public view: size_t count, then the field pointers */
    size_t desc_size;     /* sizeof the public desc */
    size_t settings_size; /* bytes of pool settings kept in the pool (mote_pool_settings) */
    /* The last bytes of the settings that are the pool's own options, not state: no setting
     * member covers them, a snapshot does not hold them, a restore keeps the pool's (the
     * spring pool's step_cache). 0 for most kinds. */
    size_t local_settings_bytes;
    /* The smallest range a parallel step hands a worker (a multiple of MOTE_PAD_ELEMENTS): a
     * pool of this many elements or fewer steps on the calling thread. Chosen per kind so a
     * range is some microseconds of work, far above a task's overhead. */
    size_t parallel_min_elements;
    /* Every member of the settings struct, in a fixed order: what a snapshot stores of it. */
    int setting_count;
    const mote_setting_info *setting_members;

    /* Fields a pool stores (and its kernel reads), as a bit mask (a mote_field_mask,
     * field_arrays.h). NULL: every field of the list, in every pool of the kind. */
    uint64_t (*stored_fields)(const mote_pool *pool);
    /* The kernel this pool's elements step with. NULL: kernel_id, for every pool of the kind
     * (a kind whose def chooses among kernels, as the spring kinds do, gives the hook). */
    mote_kernel_id (*kernel)(const mote_pool *pool);
    mote_kernel_id kernel_id;

    /* desc -> values[field] for the fields without a desc member (and any conversion);
     * may refuse the desc (before the field checks run). Optional. */
    mote_status (*desc_to_values)(const mote_pool *pool, const void *desc, float *values);
    /* Checks across fields after every field passed its own check; may rewrite values (a
     * normalised vector). Optional. */
    mote_status (*check_values)(const mote_pool *pool, float *values);
    /* values -> the desc members without a float member of their own. Optional. */
    void (*values_to_desc)(const mote_pool *pool, const float *values, void *desc);

    /* The time a step of a checked dt (> 0) advances, at most the pool's max_dt: the kind's
     * own limit (a clamp the model needs) applied too. */
    float (*advance)(const mote_pool *pool, float dt);
    /* Fills constants (at most MOTE_MAX_CONSTANTS_BYTES, checked by the kind's static
     * assert) for a step of advanced seconds: the kind's per-step constants. */
    void (*prepare)(const mote_pool *pool, float dt, void *constants);
    /* Checks settings (kind->settings_size bytes) as create checks the def's: MOTE_OK or the
     * status create would give. A restored snapshot's settings pass it before they are used.
     * Optional only for a kind without setting members (restore refuses the others). */
    mote_status (*check_settings)(const void *settings);

    /* The limits a step checks its input fields against (mote_input_limit): a row for every
     * MOTE_ROLE_INPUT field of the list (a row of a field the pool does not store is skipped). */
    const mote_input_limit *input_limits;
    int input_limit_count;

    /* The fixed-step cache: this pool's setting (MOTE_STEP_CACHE_OFF where its kernel has no
     * per-element factor to cache). NULL: never cached. */
    mote_step_cache (*step_cache)(const mote_pool *pool);
    /* Where prepare's constants hold the kernel's mote_cache_args (step_cache non-NULL). */
    size_t cache_args_offset;
    /* The kind's discrete events (pool_events.h). NULL: the kind has none. */
    const struct mote_kind_events *events;
    /* The fields that are an element's pose (mote/pose.h). NULL: the kind has no pose. */
    const mote_pose_fields *pose;
    /* After add, add_many or set wrote the elements [begin, end) from their descs: a kind whose
     * state follows from its inputs and the pool's settings alone writes it here (a launch
     * pool's pose at its clock), so the element reads right before any step. Optional. */
    void (*written)(mote_pool *pool, size_t begin, size_t end);
    /* Before a planned step's constants are prepared (mote_pool_step_plan, pool.c), with the
     * seconds it advances (> 0); for a whole-pool step of an empty pool too: a kind whose
     * elements follow a clock of the pool's own (launch) moves it here. Optional. */
    void (*before_step)(mote_pool *pool, float advanced);
    /* Whole-pool stages around the ranges' kernels, for a kind whose elements see each other
     * (optional): before_ranges runs once the step's plan is ready (the end of
     * mote_pool_step_plan), before any range's kernel, and may refuse the step
     * (MOTE_ERROR_OUT_OF_MEMORY) with the fields unchanged; after_ranges runs once every
     * range's kernel has returned (the start of mote_pool_step_finish). So a world, which runs
     * many pools' ranges in one fork and join, runs them serially around it. Both get the
     * kernel table the step runs on (the pool's backend's, or a test's) and split their own
     * work over the plan's tasks. */
    mote_status (*before_ranges)(mote_pool *pool, const struct mote_kernel_table *table,
                                 const struct mote_step_plan *plan);
    void (*after_ranges)(mote_pool *pool, const struct mote_kernel_table *table,
                         const struct mote_step_plan *plan);
    /* The widest backend the range hooks prefer in a pool whose backend MOTE_BACKEND_AUTO
     * chose: where that backend has more lanes than this one and the CPU runs this one, the
     * hooks get this backend's table and the ranges' kernels keep the pool's
     * (mote_pool_ranges_backend, pool.h). For a stage whose lanes wait for the slowest in a
     * round, or whose costly operations cost the same per lane on wider vectors (a division),
     * the narrower variant can be the faster one; every wide backend gives the same bits, so
     * only the speed changes. A pool given its backend by name runs it in every stage.
     * MOTE_BACKEND_SCALAR (0, what a record that leaves it out holds) or portable: no cap. */
    mote_backend ranges_backend_cap;
    /* Frees what the kind keeps for a pool beyond its fields and settings (optional):
     * destroy calls it first. */
    void (*release)(mote_pool *pool);
    /* The kind's own snapshot section (optional; NULL: none). */
    const mote_snapshot_tail *snapshot_tail;
} mote_pool_kind;

/* The field pointers a public view of kind holds, indexed by field. */
void mote_pool_view_fields(const mote_pool_kind *kind, const void *view, float **fields);

/* Points a public view's field pointers at fields (its count is left as it is). */
void mote_pool_view_set_fields(const mote_pool_kind *kind, float *const *fields, void *view);

/* k_view_pointers(view, p), the field pointers of a public view of kind k (mote_<k>_view) as
 * an array indexed by its field list's enum, and k_view_from_pointers(view, p), the inverse
 * (the view's count is left as it is), for a kind's scalar code; with the declaration of the
 * kind record (mote_<k>_pool_kind_record, <k>_kind.c) they read. */
#define MOTE_KIND_VIEW_POINTERS(k, field_count)                                                    \
    extern const mote_pool_kind mote_##k##_pool_kind_record;                                       \
    static inline void k##_view_pointers(const mote_##k##_view *view, float *p[field_count]) {     \
        mote_pool_view_fields(&mote_##k##_pool_kind_record, view, p);                              \
    }                                                                                              \
    static inline void k##_view_from_pointers(mote_##k##_view *view,                               \
                                              float *const p[field_count]) {                       \
        mote_pool_view_set_fields(&mote_##k##_pool_kind_record, p, view);                          \
    }

/* Fills a public view of kind (kind->view_size bytes) from field pointers and a count. */
void mote_pool_view_from_fields(const mote_pool_kind *kind, float *const *fields, size_t count,
                                void *view);

/* The fields a pool of kind stores: its hook's answer, or every field of the list. */
static inline uint64_t mote_kind_stored_fields(const mote_pool_kind *kind, const mote_pool *pool) {
    if (kind->stored_fields != NULL) {
        return kind->stored_fields(pool);
    }
    return kind->field_count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << kind->field_count) - 1u;
}

/* The MOTE_KERNELS entry a pool of kind steps with: its hook's answer, or the kind's one. */
static inline mote_kernel_id mote_kind_kernel(const mote_pool_kind *kind, const mote_pool *pool) {
    return kind->kernel != NULL ? kind->kernel(pool) : kind->kernel_id;
}

#endif
