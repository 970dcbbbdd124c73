/* Internal: the one pool implementation every kind shares, driven by its kind record
 * (pool_kind.h). Every function checks its pool (NULL, or a pool of another kind, is
 * MOTE_ERROR_INVALID_ARGUMENT) and its ids (MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL);
 * a call that returns an error changes nothing. A step is checked once, at its entry
 * (mote_pool_step_span), which hands a ready plan (mote_step_plan) to the layers below. */
#ifndef MOTE_POOL_H
#define MOTE_POOL_H

#include "mote/tasks.h"
#include "pool_core.h"
#include "pool_kind.h"

/* MOTE_STEP_CACHE_AUTO's trial (step_cache.c): which path steps a pool of about this count
 * faster on this machine, from the pool's own timed steps. */
typedef struct mote_step_cache_trial {
    double best[2];      /* s per element: the fastest timed step of the general path, cached */
    unsigned samples[2]; /* timed steps of each so far */
    int arm;             /* the path the step under way is timed on: 0, 1, or -1 (not timed) */
    int choice;          /* 0 general, 1 cached, -1 still trying */
    size_t count;        /* elements when the trial began (0: no trial) */
    double start;        /* s: when the timed step began */
} mote_step_cache_trial;

/* A pool's fixed-step cache (step_cache.h): the arrays, and the dts it follows. */
typedef struct mote_step_cache_state {
    float *key;      /* capacity floats, or NULL */
    float *factor;   /* likewise */
    size_t capacity; /* elements */
    size_t filled;   /* slots [0, filled) hold a NaN key or a key and its factor; the rest are
                      * written as the count reaches them */
    float dt;        /* s: every slot is NaN-keyed or holds a factor for this dt (NaN: none) */
    float last_dt;   /* s: the last step's dt (NaN: none) */
    mote_step_cache_trial trial;
} mote_step_cache_state;

struct mote_pool {
    const mote_pool_kind *kind;
    mote_pool_core core;
    mote_backend backend; /* resolved: never MOTE_BACKEND_AUTO */
    /* the backend the kind's range hooks run on (mote_pool_ranges_backend) */
    mote_backend ranges_backend;
    mote_kernel_fn kernel;
    float max_dt;            /* s: a longer step is clamped to this (may be infinite) */
    size_t allocation_bytes; /* of this struct and its settings */
    mote_step_cache_state step_cache;
    unsigned char *report_marks; /* a parallel reporting step's group counts (pool.c), or NULL */
    size_t report_marks_bytes;
    struct mote_pose_history *pose_history; /* previous poses (pose_history.h), or NULL */
    struct mote_pool_events *events; /* the event record (pool_events.c), or NULL: none kept */
    struct mote_world *world;        /* the world the pool has joined (world.c), or NULL */
    _Alignas(16) unsigned char settings[]; /* kind->settings_size bytes */
};

/* The pool's settings (kind->settings_size bytes), for the kind's own code. */
static inline void *mote_pool_settings(mote_pool *pool) {
    return pool->settings;
}
static inline const void *mote_pool_settings_const(const mote_pool *pool) {
    return pool->settings;
}

/* True for a non-NULL pool of this kind. */
static inline bool mote_pool_is(const mote_pool *pool, const mote_pool_kind *kind) {
    return pool != NULL && pool->kind == kind;
}

/* Creates a pool of kind from the shared part of a def and the kind's settings (copied; the
 * kind's stored_fields may read them). Checks, in this order: the def's cookie
 * (MOTE_ERROR_UNINITIALIZED_DEF), its max_count, capacity, backend value and max_dt, then the
 * settings through the record's check_settings (its status: MOTE_ERROR_INVALID_ARGUMENT, or
 * MOTE_ERROR_NON_FINITE where the kind tells NaN apart); then
 * MOTE_ERROR_BACKEND_UNAVAILABLE, _OUT_OF_MEMORY. */
mote_status mote_pool_create(const mote_pool_kind *kind, const mote_pool_common_def *def,
                             const void *settings, mote_pool **out);

/* mote_pool_check_values's index for values that are not one of many (a single add's desc). */
#define MOTE_UNINDEXED SIZE_MAX

/* Checks one element's stored values (values[f] for every field, 0 where not stored) as add
 * checks a desc's: each stored field's own check (MOTE_ERROR_NON_FINITE for every NaN or
 * infinity before MOTE_ERROR_INVALID_ARGUMENT for any negative value in a field that must be
 * >= 0), then the kind's check_values (its status; it may rewrite values). Refuses through
 * mote_refuse with a detail naming what[index] (or what, for MOTE_UNINDEXED) and the field.
 * The kind's hooks see pool (its settings and stored fields). */
mote_status mote_pool_check_values(const mote_pool *pool, float *values, const char *what,
                                   size_t index);

/* Frees a pool of kind (NULL, or a pool of another kind, is ignored); a pool in a world leaves
 * it first. */
void mote_pool_destroy(mote_pool *pool, const mote_pool_kind *kind);

/* Takes a pool out of the world it has joined, if any (world.c). */
void mote_world_forget_pool(mote_pool *pool);

mote_status mote_pool_reserve(mote_pool *pool, const mote_pool_kind *kind, size_t capacity);

/* Appends n elements from descs (kind->desc_size bytes apart), all or nothing: every desc is
 * checked and room made for all before any is added. out_ids (may be NULL) gets their ids. */
mote_status mote_pool_add(mote_pool *pool, const mote_pool_kind *kind, const void *descs, size_t n,
                          mote_id *out_ids);

mote_status mote_pool_remove(mote_pool *pool, const mote_pool_kind *kind, mote_id id);
bool mote_pool_contains(const mote_pool *pool, const mote_pool_kind *kind, mote_id id);
mote_status mote_pool_index(const mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                            size_t *out_index);
mote_id mote_pool_id_at(const mote_pool *pool, const mote_pool_kind *kind, size_t index);
mote_status mote_pool_get(const mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                          void *out_desc);
mote_status mote_pool_set(mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                          const void *desc);

/* Writes one stored field of a live element, checked as add checks it (a per-id setter of
 * an input: MOTE_ERROR_INVALID_ARGUMENT when the pool does not store the field). */
mote_status mote_pool_set_field(mote_pool *pool, const mote_pool_kind *kind, mote_id id, int field,
                                float value);

size_t mote_pool_count(const mote_pool *pool, const mote_pool_kind *kind);
size_t mote_pool_capacity(const mote_pool *pool, const mote_pool_kind *kind);

/* Fills the kind's public view (kind->view_size bytes): count, then a pointer per field
 * (NULL where not stored). A NULL or foreign pool gives a zeroed view. */
void mote_pool_view(mote_pool *pool, const mote_pool_kind *kind, void *out_view);

/* The seconds a step of dt advances this pool (dt clamped to max_dt and the kind's own
 * limit); MOTE_ERROR_INVALID_DT for NaN, infinite or negative dt. */
mote_status mote_pool_advance_of(const mote_pool *pool, const mote_pool_kind *kind, float dt,
                                 float *out_advanced);

/* Where a step reports the ids of the elements it leaves in a state (a piece released, a flyer
 * landed): the public report structs (mote_debris_released, mote_flight_landed) as one. */
typedef struct mote_step_report {
    int field;       /* the stored field that says it */
    float value;     /* ... by equalling this after the step */
    mote_id *ids;    /* the first capacity such ids, in index order (NULL when capacity is 0) */
    size_t capacity; /* ids' room */
    size_t *count;   /* how many there are (may exceed capacity); NULL: no report */
} mote_step_report;

/* The elements a step covers: [begin, end), or (whole) every element, [0, count) with the
 * count read once the pool has passed its check, so a whole-pool step asks nothing of the
 * pool before its entry does. */
typedef struct mote_step_span {
    size_t begin;
    size_t end;
    bool whole;
    bool inputs_checked; /* the caller has checked the span's inputs (input_check.h) since they
                          * were last written (a world, every pool's before any moves): the
                          * plan does not check them again */
} mote_step_span;

static inline mote_step_span mote_step_range(size_t begin, size_t end) {
    return (mote_step_span){begin, end, false, false};
}
static inline mote_step_span mote_step_whole(void) {
    return (mote_step_span){0, 0, true, false};
}

/* The one entry of every step. It checks, once and in this order: the pool (NULL, or a pool
 * of another kind) and the report (room but no ids), MOTE_ERROR_INVALID_ARGUMENT; dt (NaN,
 * infinite or negative), MOTE_ERROR_INVALID_DT; the range (unless begin <= end <= count),
 * MOTE_ERROR_RANGE. A call that fails changes nothing. A dt of 0 or an empty range steps
 * nothing; otherwise the entry builds the step's plan (mote_step_plan) and runs it: [begin,
 * end) by dt clamped to max_dt and the kind's own limit, on this thread (tasks NULL) or in
 * ranges on the task system (bit for bit the serial result). out_advanced (may be NULL) gets
 * the seconds advanced (0 when nothing stepped).
 *
 * report (NULL, or a count of NULL: none) gets the ids of the stepped elements whose field
 * report->field equals report->value after the step (count 0 when nothing stepped). On tasks
 * each range counts its report field's matches per group right after its kernel, in pieces
 * (the pool's group marks, allocated at the first such step; if that fails the scan counts
 * them itself, with the same report), and the scan after the step walks only the groups with
 * a match. */
mote_status mote_pool_step_span(mote_pool *pool, const mote_pool_kind *kind, mote_step_span span,
                                float dt, const mote_task_system *tasks,
                                const mote_step_report *report, float *out_advanced);

/* mote_pool_step_span over [begin, end), without a report. */
mote_status mote_pool_step(mote_pool *pool, const mote_pool_kind *kind, size_t begin, size_t end,
                           float dt, const mote_task_system *tasks, float *out_advanced);

/* What a reporting step's ranges count after their kernels (mote_pool_core_mark_groups). */
typedef struct mote_group_marking {
    int field;
    float value;
    size_t origin;        /* the step's begin */
    unsigned char *marks; /* NULL: the ranges count nothing */
} mote_group_marking;

/* A step ready to run, built by mote_pool_step_span once every check has passed: the layers
 * it is handed to (mote_step_plan_run, task_split.h) take it as it is and check nothing. */
typedef struct mote_step_plan {
    mote_pool *pool;
    bool runs;                      /* false: nothing to run (dt 0 or an empty range) */
    bool events;                    /* the step records the pool's events */
    const mote_step_report *report; /* NULL: none */
    mote_kernel_fn kernel;          /* the pool's, on its backend */
    size_t begin, end;              /* begin < end <= the pool's count */
    float advanced;                 /* s: dt (> 0) after max_dt and the kind's own limit */
    const mote_task_system *tasks;  /* NULL: this thread */
    size_t min_elements;            /* the smallest range a worker gets (the kind's) */
    bool cached;                    /* the kind has the step cache: the step is timed after */
    mote_cache_args cache;          /* the step cache's plan (in constants too, where cached) */
    mote_group_marking marking;     /* a reporting step's per-range counting */
    /* the table the kind's range hooks get: mote_pool_ranges_backend's (a test's, in
     * mote_pool_run_table) */
    const struct mote_kernel_table *ranges_table;
    _Alignas(64) unsigned char constants[MOTE_MAX_CONSTANTS_BYTES]; /* the kind's, for advanced */
} mote_step_plan;

/* The two halves of mote_pool_step_span, for a caller that runs many pools' plans at once
 * (a world, mote_step_plans_run). mote_pool_step_plan makes the entry's checks, in its order
 * (a refusal changes nothing; the inputs' only where span.inputs_checked is false), and fills
 * plan; plan->runs says whether it has ranges to run
 * (mote_step_plan_run, mote_step_plans_run). max_dt: the clamp in place of the pool's own
 * max_dt (a world's), or NAN for the pool's own. After the ranges have run (or when
 * plan->runs is false), mote_pool_step_finish times the step cache, finishes the events and
 * writes the report, and returns the seconds advanced (0 when nothing ran). */
mote_status mote_pool_step_plan(mote_pool *pool, const mote_pool_kind *kind, mote_step_span span,
                                float dt, float max_dt, const mote_task_system *tasks,
                                const mote_step_report *report, mote_step_plan *plan);
float mote_pool_step_finish(mote_step_plan *plan);

/* The longest step the pool's kind advances in full (its own limit, MOTE_MAX_STEP_DT where it
 * has none), whatever the pool's max_dt. */
float mote_pool_kind_limit(const mote_pool *pool);

mote_status mote_pool_validate(const mote_pool *pool, const mote_pool_kind *kind,
                               mote_validation *out);
mote_status mote_pool_set_backend(mote_pool *pool, const mote_pool_kind *kind,
                                  mote_backend backend);
/* The pool's backend; MOTE_BACKEND_COUNT (named "unknown") for a NULL or foreign pool. */
mote_backend mote_pool_backend(const mote_pool *pool, const mote_pool_kind *kind);
/* The backend whose kernel table a step hands the kind's range hooks (before_ranges,
 * after_ranges; the plan's ranges_table): the pool's backend, except where AUTO chose it and
 * the kind's ranges_backend_cap (pool_kind.h) names a wide backend of fewer lanes that this
 * CPU runs, which it is then. A pool given its backend by name (create or set_backend) runs
 * that backend in every stage. The bits are the same either way. */
mote_backend mote_pool_ranges_backend(const mote_pool *pool);

float mote_pool_max_dt(const mote_pool *pool, const mote_pool_kind *kind);
/* Sets max_dt (s, > 0, may be +infinity); MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_pool_set_max_dt(mote_pool *pool, const mote_pool_kind *kind, float max_dt);

/* Runs one kernel table's kernel for this pool's elements [begin, end) with constants
 * prepared for dt (already checked): the tests' and tools' way to hold every compiled
 * variant, emulated ones included, to the reference. */
struct mote_kernel_table;
void mote_pool_run_table(mote_pool *pool, const struct mote_kernel_table *table, size_t begin,
                         size_t end, float dt);

#endif
