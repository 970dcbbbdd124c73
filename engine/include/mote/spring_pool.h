/* mote: structure-of-arrays pools of springs, stepped by one SIMD kernel per kind. */
#ifndef MOTE_SPRING_POOL_H
#define MOTE_SPRING_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model every element of one pool follows (one kind per pool). */
typedef enum mote_spring_kind {
    MOTE_SPRING_DAMPER = 0,    /* mote_damper: x, goal, halflife */
    MOTE_SPRING_CRITICAL,      /* mote_spring: x, v, goal, halflife */
    MOTE_SPRING_ANGLE,         /* mote_spring_angle: x, v, goal, halflife */
    MOTE_SPRING_DOUBLE_ANGLE,  /* mote_double_spring_angle: x, v, xi, vi, goal, halflife */
    MOTE_SPRING_DECAY,         /* mote_decay: x, v, halflife */
    MOTE_SPRING_SEMI_IMPLICIT, /* mote_spring_semi_implicit: x, v, goal, stiffness, damping */
    MOTE_SPRING_EXP_RESPONSE,  /* mote_exp_response: x, goal, rate (lambda) */
    MOTE_SPRING_DAMPED,        /* mote_spring_damper: x, v, goal, stiffness, damping */
    MOTE_SPRING_DOUBLE,        /* mote_double_spring: x, v, xi, vi, goal, halflife */
    /* mote_inertialize_update (mote/orientation.h): the output (x, v) is the incoming pose
     * (goal, incoming_v) plus an offset (offset_x, offset_v) decaying with halflife;
     * mote_spring_pool_transition switches the incoming pose and keeps the output continuous */
    MOTE_SPRING_INERTIALIZE,
    MOTE_SPRING_KIND_COUNT
} mote_spring_kind;

/* Name used by benchmarks and tools: "damper", "critical", "angle", "double_angle", "decay",
 * "semi_implicit", "exp_response", "damped", "double", "inertialize"; "unknown" outside the
 * enum. */
const char *mote_spring_kind_name(mote_spring_kind kind);

/* Parses a kind name as printed by mote_spring_kind_name. False if unknown. */
bool mote_spring_kind_parse(const char *name, mote_spring_kind *out);

/* The fixed-step fast path (docs/architecture.md, "Cache arrays"). Most games step with one
 * dt; then every half-life element's decay factor exp(-y dt) repeats from step to step while
 * its damping is unchanged. A pool with the cache on keeps, per element, the damping the
 * factor was computed from and the factor; from the second consecutive step at the same dt
 * (after the max_dt clamp) it reuses the factor instead of computing the exp, and computes it
 * again for any vector of elements whose damping changed (also through the view). The bits
 * are exactly the general path's in every case: the setting changes speed and memory, never
 * results, so it is not part of a snapshot (a restore keeps the pool's own setting). The kinds
 * with one exp(-y dt) per element use it (critical, angle, double_angle, decay, double,
 * inertialize), and so do damper and exp_response with their blend 1 - exp(-rate dt) (keyed
 * by damping and by rate); damped and semi_implicit ignore the setting. The cache costs two floats
 * per element (8 bytes, allocated at the first cached step, freed at the first step that does not
 * cache) and two more read streams per step. */
typedef enum mote_step_cache {
    /* never cached past MOTE_STEP_CACHE_AUTO_MAX_COUNT elements (from L3 misses and DRAM the
     * two extra streams cost more than the exp saves); up to it, each pool times its own steps
     * on both paths and keeps the faster (bench/README.md, "The fixed-step fast path (issue
     * 15)"): at a repeated dt, after the step that fills the arrays, its steps alternate
     * between the cached and the general path until each has 3 timed steps, then it keeps the
     * path whose fastest step took less per element, freeing the arrays if that is the general
     * path. Where the crossing lies depends on the CPU (the exp's speed against L2's): on
     * Zen 4 the cache paid up to 256k elements on avx512, on Zen 5 avx512 it lost from 64k. A
     * pool tries again when its count leaves half to twice the count it tried at, when its
     * backend changes, after a restore, and when the setting leaves AUTO and comes back. The
     * trial times the steps as the program runs them, between whatever else it does. */
    MOTE_STEP_CACHE_AUTO = 0,
    MOTE_STEP_CACHE_ON,  /* cached at every size */
    MOTE_STEP_CACHE_OFF, /* never cached: no cache memory is allocated */
    MOTE_STEP_CACHE_COUNT
} mote_step_cache;

/* The largest count MOTE_STEP_CACHE_AUTO may step through the cache (elements). Measured on a
 * Zen 4 (1 MiB L2 per core, 32 MiB L3), critical spring at 60 Hz, cached over general path:
 * avx2 2.40x at 16k, 1.83x at 256k, 0.99x at 1M, 0.79x at 8M; avx512 1.59x at 16k, 1.17x at
 * 256k, about 1.0x at 512k, 0.36x at 1M (the cached pool's 24 MiB leave the L3), 0.73x at 8M. */
#define MOTE_STEP_CACHE_AUTO_MAX_COUNT ((size_t)1 << 18)

/* How to build a pool. Start from mote_default_spring_pool_def(). */
typedef struct mote_spring_pool_def {
    mote_spring_kind kind;      /* default MOTE_SPRING_CRITICAL */
    size_t capacity;            /* elements reserved at creation; default 1024 */
    size_t max_count;           /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;       /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    float max_dt;               /* s, > 0: a longer step is clamped to this (docs/architecture.md);
                                 * default INFINITY: the exact kinds take any dt */
    mote_step_cache step_cache; /* the fixed-step fast path; default MOTE_STEP_CACHE_AUTO.
                                 * Another value: create gives MOTE_ERROR_INVALID_ARGUMENT */
    int internal_cookie;        /* set by mote_default_spring_pool_def(); leave it alone: create
                                 * refuses a def that did not come from there */
} mote_spring_pool_def;

/* The default pool definition. Start every def here: create returns
 * MOTE_ERROR_UNINITIALIZED_DEF for one that did not (a zeroed struct, say). */
mote_spring_pool_def mote_default_spring_pool_def(void);

/* One element's state and parameters, for add/get/set. Fields the pool's kind does not use
 * are ignored on add/set and returned as zero by get. The half-life kinds store the damping
 * the half-life implies (see mote_spring_damping_for_kind), and get returns the half-life
 * that damping implies: the one set, up to rounding. */
typedef struct mote_spring_desc {
    float x;         /* value (units; radians for the angle kinds) */
    float v;         /* velocity (units/s) */
    float goal;      /* target value */
    float xi;        /* intermediate spring value (double kinds) */
    float vi;        /* intermediate spring velocity (double kinds) */
    float halflife;  /* s; <= 0 is taken as 0 (damper, critical, angle, decay, double kinds);
                      * inertialize: >= 0 (a negative one is refused) */
    float stiffness; /* 1/s^2, >= 0 (semi_implicit, damped) */
    float damping;   /* 1/s, >= 0 (semi_implicit, damped; the half-life kinds derive it) */
    float rate;      /* lambda, 1/s, >= 0 (exp_response) */
    /* inertialize: the incoming pose's velocity (units/s; its position is goal), and the
     * decaying offset the output adds to it (units, units/s). x and v are the output: a step
     * writes them from the rest and never reads them. */
    float incoming_v;
    float offset_x;
    float offset_v;
} mote_spring_desc;

/* An element at rest at 0: halflife 0.1 s, stiffness 5, damping 4.6 (the seed's docking
 * spring), rate 10/s. */
mote_spring_desc mote_default_spring_desc(void);

/* The damping coefficient (1/s) a pool of this kind stores for an element with this
 * half-life (s), so that steps never divide: mote_halflife_to_damping(halflife), or of
 * halflife / 2 for the double kinds (each of their two springs runs on half the half-life).
 * Write it to view.damping to change half-lives in bulk. 0 for kinds without a half-life. */
float mote_spring_damping_for_kind(mote_spring_kind kind, float halflife);

/* Direct access to the pool's field arrays, dense from index 0 to count - 1. Pointers the
 * kind does not use are NULL. Each array is MOTE_ALIGNMENT aligned and padded past count.
 * Valid until the next add, remove, reserve, restore or destroy. Writing state or inputs here is
 * the intended way to drive many elements; validate reports non-finite values written here. */
typedef struct mote_spring_view {
    size_t count;
    float *x;          /* every kind */
    float *v;          /* all but damper and exp_response */
    float *goal;       /* all but decay */
    float *xi;         /* double kinds: the intermediate spring */
    float *vi;         /* double kinds */
    float *stiffness;  /* semi_implicit, damped: 1/s^2 */
    float *damping;    /* 1/s: semi_implicit and damped as given; the half-life kinds as
                        * mote_spring_damping_for_kind(kind, halflife) */
    float *rate;       /* exp_response: lambda, 1/s */
    float *incoming_v; /* inertialize: the incoming pose's velocity (its position is goal) */
    float *offset_x;   /* inertialize: the decaying offset, units */
    float *offset_v;   /* inertialize: units/s */
} mote_spring_view;

typedef struct mote_spring_pool mote_spring_pool;

/* Creates an empty pool. Fails with MOTE_ERROR_UNINITIALIZED_DEF for a def that did not come
 * from mote_default_spring_pool_def(), MOTE_ERROR_INVALID_ARGUMENT for a bad def (unknown
 * kind, capacity > max_count, max_dt not > 0), MOTE_ERROR_BACKEND_UNAVAILABLE if the def
 * names a backend this CPU lacks, MOTE_ERROR_OUT_OF_MEMORY if the allocator fails. */
mote_status mote_spring_pool_create(const mote_spring_pool_def *def, mote_spring_pool **out);

/* Frees the pool and everything it owns. NULL is ignored. */
void mote_spring_pool_destroy(mote_spring_pool *pool);

/* Appends an element; writes its id to out_id (may be NULL). Rejects non-finite fields
 * (MOTE_ERROR_NON_FINITE) and negative stiffness, damping or rate
 * (MOTE_ERROR_INVALID_ARGUMENT); MOTE_ERROR_FULL at max_count. Grows storage as needed. */
mote_status mote_spring_pool_add(mote_spring_pool *pool, const mote_spring_desc *desc,
                                 mote_id *out_id);

/* Appends n elements from descs[0 .. n), all or nothing: every desc is checked as add checks
 * it and room is made for all before any is added, so on an error nothing changed.
 * out_ids (may be NULL) receives their ids in order. MOTE_ERROR_FULL when n more do not fit
 * under max_count. */
mote_status mote_spring_pool_add_many(mote_spring_pool *pool, const mote_spring_desc *descs,
                                      size_t n, mote_id *out_ids);

/* Removes an element; the last element moves into its place (dense swap-remove).
 * MOTE_ERROR_STALE_ID for an id that is not live in this pool, MOTE_ERROR_WRONG_POOL for an
 * id another pool issued. */
mote_status mote_spring_pool_remove(mote_spring_pool *pool, mote_id id);

/* True when id names a live element of this pool. */
bool mote_spring_pool_contains(const mote_spring_pool *pool, mote_id id);

/* Dense index (into the view arrays) of a live element. */
mote_status mote_spring_pool_index(const mote_spring_pool *pool, mote_id id, size_t *out_index);

/* Id of the element at a dense index; the null id when index >= count. */
mote_id mote_spring_pool_id_at(const mote_spring_pool *pool, size_t index);

/* Reads one element's fields. */
mote_status mote_spring_pool_get(const mote_spring_pool *pool, mote_id id, mote_spring_desc *out);

/* Overwrites one element's fields, with the same checks as add. */
mote_status mote_spring_pool_set(mote_spring_pool *pool, mote_id id, const mote_spring_desc *desc);

/* Sets one element's goal (the kind's units). MOTE_ERROR_NON_FINITE for NaN or infinity;
 * MOTE_ERROR_INVALID_ARGUMENT for the decay kind, which has no goal. */
mote_status mote_spring_pool_set_goal(mote_spring_pool *pool, mote_id id, float goal);

/* Inertialize pools: switches element id's incoming pose to (incoming_x, incoming_v) (units,
 * units/s) through mote_inertialize_transition from the current one (goal, incoming_v), so
 * the output (x, v) stays where it is and as fast as it is, and then decays onto the new pose.
 * MOTE_ERROR_NON_FINITE for NaN or infinity, MOTE_ERROR_INVALID_ARGUMENT for a pool of
 * another kind, the id's errors (MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL), and no change.
 * (mote_spring_pool_set_goal moves the incoming pose without a transition: the output jumps
 * with it.) */
mote_status mote_spring_pool_transition(mote_spring_pool *pool, mote_id id, float incoming_x,
                                        float incoming_v);

/* Number of live elements. */
size_t mote_spring_pool_count(const mote_spring_pool *pool);

/* Elements that fit before the storage must grow. */
size_t mote_spring_pool_capacity(const mote_spring_pool *pool);

/* The kind the pool was created with. */
mote_spring_kind mote_spring_pool_kind(const mote_spring_pool *pool);

/* Grows storage to hold at least capacity elements (never shrinks). MOTE_ERROR_FULL, and no
 * change, when capacity is above the pool's max_count. */
mote_status mote_spring_pool_reserve(mote_spring_pool *pool, size_t capacity);

/* The field arrays and count (see mote_spring_view). */
mote_spring_view mote_spring_pool_view(mote_spring_pool *pool);

/* Steps every element by dt seconds. dt NaN, infinite or negative: MOTE_ERROR_INVALID_DT and
 * nothing changes; dt == 0 changes nothing. dt is clamped to the pool's max_dt, and the
 * semi-implicit kind clamps it to MOTE_SEMI_IMPLICIT_MAX_DT; the exact kinds take any finite
 * dt. */
mote_status mote_spring_pool_step(mote_spring_pool *pool, float dt);

/* Steps like mote_spring_pool_step and writes the seconds the step advanced to out_advanced
 * (may be NULL): dt after the clamps above, 0 when nothing stepped. */
mote_status mote_spring_pool_advance(mote_spring_pool *pool, float dt, float *out_advanced);

/* The seconds a step of dt would advance this pool, without stepping. */
mote_status mote_spring_pool_advance_of(const mote_spring_pool *pool, float dt,
                                        float *out_advanced);

/* The pool's max_dt (s; 0 for a NULL pool). */
float mote_spring_pool_max_dt(const mote_spring_pool *pool);

/* Sets the pool's max_dt (s, > 0, INFINITY for none); MOTE_ERROR_INVALID_ARGUMENT otherwise. */
mote_status mote_spring_pool_set_max_dt(mote_spring_pool *pool, float max_dt);

/* Sets the pool's fixed-step cache (see mote_step_cache); MOTE_ERROR_INVALID_ARGUMENT, and no
 * change, for a NULL pool or a value outside the enum. The bits of every step stay the same. */
mote_status mote_spring_pool_set_step_cache(mote_spring_pool *pool, mote_step_cache step_cache);

/* The pool's fixed-step cache setting (MOTE_STEP_CACHE_COUNT for a NULL pool). */
mote_step_cache mote_spring_pool_step_cache(const mote_spring_pool *pool);

/* Steps the elements with dense index in [begin, end), for splitting one step across a task
 * system: disjoint ranges may run on different threads at once, and any split gives the same
 * bits as one whole step. MOTE_ERROR_RANGE unless begin <= end <= count. */
mote_status mote_spring_pool_step_range(mote_spring_pool *pool, size_t begin, size_t end, float dt);

/* Steps every element by dt seconds like mote_spring_pool_step, in ranges run on tasks (see
 * mote/tasks.h; NULL runs on this thread). Returns once every range has run; the result is
 * bit for bit the serial step's. Ranges are at least 8192 elements, so pools of 8192 or fewer run
 * on this thread. */
mote_status mote_spring_pool_step_parallel(mote_spring_pool *pool, float dt,
                                           const mote_task_system *tasks);

/* Looks for NaN or infinity in every element's fields. MOTE_OK when there is none, else
 * MOTE_ERROR_NON_FINITE; out (may be NULL) says how many elements and which first. */
mote_status mote_spring_pool_validate(const mote_spring_pool *pool, mote_validation *out);

/* Chooses this pool's backend (MOTE_BACKEND_AUTO follows mote_backend_best()).
 * MOTE_ERROR_BACKEND_UNAVAILABLE, and no change, if this CPU cannot run it. */
mote_status mote_spring_pool_set_backend(mote_spring_pool *pool, mote_backend backend);

/* The backend the pool's steps run on (never MOTE_BACKEND_AUTO); MOTE_BACKEND_COUNT
 * (mote_backend_name: "unknown") for a NULL pool. */
mote_backend mote_spring_pool_backend(const mote_spring_pool *pool);

/* Snapshots (docs/snapshot-format.md): the pool's whole state as bytes and back, for
 * rollback, save games, replays and moving a simulation between processes. The format is
 * versioned, little-endian and checksummed (XXH3-64), the same on x86-64 and aarch64; the
 * backend is not part of it (every wide backend steps a restored pool to the same bits). */

/* Bytes a snapshot of the pool takes now (grows with count); 0 for a NULL pool. */
size_t mote_spring_pool_snapshot_size(const mote_spring_pool *pool);

/* Writes the pool's whole state (count, every stored field, the ids, the spring kind, max_dt) into
 * buffer and its length to *out_written (may be NULL). MOTE_ERROR_BUFFER_TOO_SMALL when size
 * is below mote_spring_pool_snapshot_size, with that size in *out_written (buffer may be NULL
 * with size 0, to ask); MOTE_ERROR_NON_FINITE when a stored field holds NaN or infinity
 * (written through the view: see _validate), the buffer then unspecified. The pool never
 * changes. */
mote_status mote_spring_pool_save(const mote_spring_pool *pool, void *buffer, size_t size,
                                  size_t *out_written);

/* Replaces the pool's whole state with a snapshot (exactly the size bytes save wrote): every
 * id issued before the save addresses the same element afterwards (the pool takes the saved
 * pool's tag), and stepping continues bit for bit as the saved pool would have. The pool keeps
 * its backend, allocator and max_count. All or nothing: MOTE_ERROR_CORRUPT_SNAPSHOT for bytes
 * that are not a snapshot this pool can take (truncated, damaged, a newer format, another kind
 * of pool, another spring kind, more elements than max_count, an inconsistent id table, non-finite
 * data); MOTE_ERROR_OUT_OF_MEMORY when growing failed. The first restore allocates a
 * spare copy of the field storage and id table, which later restores reuse (restore then reads the
 * blob once): a restored pool holds its fields and ids twice until destroy. */
mote_status mote_spring_pool_restore(mote_spring_pool *pool, const void *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
