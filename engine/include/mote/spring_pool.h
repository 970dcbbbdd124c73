/* mote: structure-of-arrays pools of springs, stepped by one SIMD kernel per kind. */
#ifndef MOTE_SPRING_POOL_H
#define MOTE_SPRING_POOL_H

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/pool_common.h"
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
    /* mote_timed_spring: x, v, xi (the target), goal, goal_time (the time left, counted down
     * by every step to 0), halflife */
    MOTE_SPRING_TIMED,
    /* mote_velocity_spring: x, v, xi (the target), goal, speed, halflife */
    MOTE_SPRING_VELOCITY,
    /* mote_tracking_spring: x, v; the signal goal, incoming_v (its velocity), incoming_a (its
     * acceleration); halflife (x's), v_halflife, a_halflife */
    MOTE_SPRING_TRACKING,
    /* mote_extrapolate: x, v, halflife (of v's decay) */
    MOTE_SPRING_EXTRAPOLATE,
    /* mote_dead_blend_update: the output (x, v) blends from the extrapolated pose (ext_x,
     * ext_v, ext_t) to the input (goal, incoming_v) over blend_time; halflife is the decay
     * half-life; mote_spring_pool_transition starts a blend from the current output */
    MOTE_SPRING_DEAD_BLEND,
    MOTE_SPRING_KIND_COUNT
} mote_spring_kind;

/* Name used by benchmarks and tools: "damper", "critical", "angle", "double_angle", "decay",
 * "semi_implicit", "exp_response", "damped", "double", "inertialize", "timed", "velocity",
 * "tracking", "extrapolate", "dead_blend"; "unknown" outside the enum. */
const char *mote_spring_kind_name(mote_spring_kind kind);

/* Parses a kind name as printed by mote_spring_kind_name. False if unknown. */
bool mote_spring_kind_parse(const char *name, mote_spring_kind *out);

/* The fixed-step fast path. Most games step with one dt; then every half-life element's
 * decay factor exp(-y dt) repeats from step to step while its damping is unchanged. A pool
 * with the cache on keeps, per element, the damping the factor was computed from and the
 * factor; from the second consecutive step at the same dt (after the max_dt clamp) it reuses
 * the factor instead of computing the exp, and computes it again for any vector of elements
 * whose damping changed (also through the view). The bits are exactly the general path's in
 * every case: the setting changes speed and memory, never results, so it is not part of a
 * snapshot (a restore keeps the pool's own setting). The kinds with one exp(-y dt) per
 * element use it (critical, angle, double_angle, decay, double, inertialize, timed,
 * velocity, dead_blend), and so do damper, extrapolate and exp_response with their blend
 * 1 - exp(-rate dt) (keyed by damping and by rate); damped, semi_implicit and tracking (three
 * factors) ignore the setting. The cache costs two floats per element (8
 * bytes, allocated at the first cached step, freed at the first step that does not cache)
 * and two more read streams per step. */
typedef enum mote_step_cache {
    /* never cached past MOTE_STEP_CACHE_AUTO_MAX_COUNT elements (out of the caches, the two
     * extra streams cost more than the exp saves); up to it, each pool times its own steps on
     * both paths and keeps the faster: at a repeated dt, after the step that fills the arrays,
     * its steps alternate between the cached and the general path until each has 3 timed
     * steps, then it keeps the path whose fastest step took less per element, freeing the
     * arrays if that is the general path. Where the two paths cross depends on the CPU (the
     * exp's speed against its caches'). A pool tries again when its count leaves half to
     * twice the count it tried at, when its backend changes, after a restore, and when the
     * setting leaves AUTO and comes back. The trial times the steps as the program runs them,
     * between whatever else it does. */
    MOTE_STEP_CACHE_AUTO = 0,
    MOTE_STEP_CACHE_ON,  /* cached at every size */
    MOTE_STEP_CACHE_OFF, /* never cached: no cache memory is allocated */
    MOTE_STEP_CACHE_COUNT
} mote_step_cache;

/* The largest count MOTE_STEP_CACHE_AUTO may step through the cache (elements, 256k). */
#define MOTE_STEP_CACHE_AUTO_MAX_COUNT ((size_t)1 << 18)

/* The proven domain. add, add_many, set and restore accept an element only inside it, and
 * within it every step of every accepted dt keeps every field finite forever:
 * - the caller's inputs (goal, incoming_v, incoming_a) and speed: |value| <= MOTE_SPRING_MAX_INPUT;
 * - the state (x, v, xi, vi, offset_x, offset_v, ext_x, ext_v): |value| <= MOTE_SPRING_MAX_STATE.
 *   Every kind is exact or stable and contracts toward its input, so a step from the domain
 *   stays within about 1e6 times the larger of the two (a zero half-life's v is y |x - goal|,
 *   y up to 1.4e5/s; extrapolation coasts v (halflife + eps) / ln2 further): below
 *   MOTE_SPRING_MAX_STATE for inputs up to MOTE_SPRING_MAX_INPUT, so a snapshot of an evolved
 *   pool restores, and below FLT_MAX from any state in the domain. The exact spring's
 *   intermediate j1 y dt (j1 = v + y (x - goal)) is at most about 2 y^2 dt times the state,
 *   4e16 times MOTE_SPRING_MAX_STATE at the largest y and step: below FLT_MAX, where a state of
 *   1e30 overflowed it (0 * inf) for half-lives under about 0.05 s;
 * - half-lives (halflife, v_halflife, a_halflife) <= MOTE_SPRING_MAX_HALFLIFE (the stored
 *   damping >= the damping that half-life gives);
 * - the force kinds' stiffness and damping, and exp_response's rate, <= MOTE_SPRING_MAX_GAIN; a
 *   damped or semi_implicit spring needs stiffness or damping >= MOTE_SPRING_MIN_GAIN (with
 *   both 0 it drifts forever), and semi_implicit stiffness h^2 + 2 damping h < 4 at its
 *   longest step h = MOTE_SEMI_IMPLICIT_MAX_DT (the stability of symplectic Euler; every
 *   shorter step is then stable too). The force kinds hold x and v within
 *   +-MOTE_SPRING_MAX_STATE after every step (a finite value past it is set to it), so every
 *   accepted state steps finite forever at any dt:
 *   - damped: exact in time, so its energy stiffness u^2 + v^2 (u = x - goal) never grows but
 *     by rounding (8 ULP a step at most; an undamped spring at 60 Hz measured 1.22 times in
 *     energy over 1e7 steps). Its intermediates stay below 1e34 (y v, stiffness u within the
 *     gain and state bounds). The hold is reached only by an undamped soft spring swinging
 *     v / sqrt(stiffness) past it, or by that rounding after billions of steps.
 *   - semi_implicit: stable at any one dt, but a dt that changes from step to step can pump an
 *     under-damped spring (a jittery 7-33 ms frame took an undamped stiffness-40 spring from 1
 *     to 1e21 in 1e7 steps; a dt timed against its phase, far faster). Where damping >=
 *     stiffness h (damping ratio >= sqrt(stiffness) h / 2) no sequence of steps up to h pumps
 *     it: one quadratic form shrinks under every step (checked over the whole region
 *     stiffness h^2 <= 4/3), so it settles. A lighter damping is accepted (at a steady frame
 *     it is as accurate, and refusing it would refuse most lively springs: a 3 Hz spring
 *     would need a damping ratio of 0.47), and a pumped one ends at the hold, finite;
 *     the exact damped kind has no such limit.
 * - goal_time and blend_time <= MOTE_SPRING_MAX_TIME, ext_t <= 2 MOTE_SPRING_MAX_TIME;
 * - a step advances at most MOTE_SPRING_MAX_STEP (longer ones are clamped).
 * A refusal is MOTE_ERROR_INVALID_ARGUMENT with the field named in mote_error_detail(). */
#define MOTE_SPRING_MAX_INPUT    1e15f
#define MOTE_SPRING_MAX_STATE    1e21f
#define MOTE_SPRING_MAX_HALFLIFE 1e6f /* s: 11.6 days */
#define MOTE_SPRING_MAX_GAIN     1e12f
#define MOTE_SPRING_MIN_GAIN     1e-6f
#define MOTE_SPRING_MAX_TIME     1e9f       /* s: 31.7 years */
#define MOTE_SPRING_MAX_STEP     1048576.0f /* s: 2^20, 12 days */

/* How to build a pool. Start from mote_default_spring_pool_def(). */
typedef struct mote_spring_pool_def {
    mote_spring_kind kind;      /* default MOTE_SPRING_CRITICAL */
    size_t capacity;            /* elements reserved at creation; default 1024 */
    size_t max_count;           /* add fails with MOTE_ERROR_FULL past this; default 1 << 26 */
    mote_backend backend;       /* MOTE_BACKEND_AUTO (default) follows mote_backend_best() */
    float max_dt;               /* s, > 0: a longer step is clamped to this; default
                                 * MOTE_DEFAULT_MAX_DT (0.25 s, every kind's); INFINITY for
                                 * none: the exact kinds take any dt */
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
    /* timed: the time left (s, >= 0) until xi reaches goal; every step counts it down to 0 */
    float goal_time;
    /* velocity: the target's speed toward goal (units/s, >= 0) */
    float speed;
    /* tracking: the signal's acceleration (units/s^2; its value is goal, its velocity
     * incoming_v), and the half-lives (s) of the velocity and acceleration terms (halflife is
     * the position term's); <= 0 is taken as 0, the exact term */
    float incoming_a;
    float v_halflife;
    float a_halflife;
    /* dead_blend: the extrapolated pose (units, units/s), the time since the transition
     * (s, >= 0) and the blend's length (s, >= 0): a blend runs while ext_t < blend_time; the
     * input is (goal, incoming_v), the output (x, v), which a step writes and never reads;
     * halflife is the extrapolated velocity's decay half-life */
    float ext_x;
    float ext_v;
    float ext_t;
    float blend_time;
} mote_spring_desc;

/* An element at rest at 0: halflife 0.1 s, stiffness 5, damping 4.6 (the seed's docking
 * spring), rate 10/s, speed 1 unit/s, blend_time 0.2 s and ext_t 0.2 s (no blend running);
 * the other members 0. */
mote_spring_desc mote_default_spring_desc(void);

/* The damping coefficient (1/s) a pool of this kind stores for an element with this
 * half-life (s), so that steps never divide: mote_halflife_to_damping(halflife), or of
 * halflife / 2 for the double kinds (each of their two springs runs on half the half-life).
 * Write it to view.damping to change half-lives in bulk. 0 for kinds without a half-life. */
float mote_spring_damping_for_kind(mote_spring_kind kind, float halflife);

/* The pool's field arrays (mote_spring_pool_view; mote/pool_common.h says how long they stay
 * valid and what may be written): NULL where the pool's kind does not use the field. */
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
    float *goal_time;  /* timed: the time left (s), counted down by every step */
    float *speed;      /* velocity: units/s, >= 0 */
    float *incoming_a; /* tracking: the signal's acceleration (units/s^2) */
    float *v_damping;  /* tracking: mote_spring_damping_for_kind(kind, v_halflife) */
    float *a_damping;  /* tracking: mote_spring_damping_for_kind(kind, a_halflife) */
    float *ext_x;      /* dead_blend: the extrapolated pose, units */
    float *ext_v;      /* dead_blend: units/s */
    float *ext_t;      /* dead_blend: seconds since the transition */
    float *blend_time; /* dead_blend: s, >= 0 */
} mote_spring_view;

typedef struct mote_spring_pool mote_spring_pool;

/* The common pool functions, documented once in mote/pool_common.h: mote_spring_pool_create,
 * _destroy, _reserve, _add, _add_many, _remove, _contains, _index, _id_at, _get, _set, _count,
 * _capacity, _view, _validate, _set_backend, _backend, _max_dt, _set_max_dt, _advance_of,
 * _snapshot_size, _save, _restore, _step, _advance, _step_range and _step_parallel. What is
 * the spring pool's own in them:
 * - create: MOTE_ERROR_INVALID_ARGUMENT also for a kind or step_cache outside its enum.
 * - add, add_many, set: only the fields the kind stores are checked (see mote_spring_desc):
 *   MOTE_ERROR_NON_FINITE for NaN or infinity in them (and in halflife, for the half-life
 *   kinds, and v_halflife and a_halflife for tracking); MOTE_ERROR_INVALID_ARGUMENT for a
 *   negative stiffness, damping, rate, goal_time, speed, ext_t or blend_time, a negative
 *   halflife in an inertialize pool, or any value outside the proven domain (above).
 * - get: the half-life kinds give back the half-life their stored damping implies (damping
 *   0); the members the kind does not use are 0.
 * - step: the semi_implicit kind also clamps dt to MOTE_SEMI_IMPLICIT_MAX_DT (0.05 s); the
 *   other kinds take any finite dt, a step advancing at most MOTE_SPRING_MAX_STEP. Before it
 *   moves anything a step checks the inputs written through the view (goal, incoming_v,
 *   incoming_a) of the elements it steps: MOTE_ERROR_NON_FINITE for a NaN or infinity,
 *   MOTE_ERROR_INVALID_ARGUMENT for |value| > MOTE_SPRING_MAX_INPUT, the field and element
 *   named in mote_error_detail() ("view.goal[12]: ..."), nothing changed. A step may reuse
 * or refresh the fixed-step cache (see mote_step_cache); its arrays belong to the whole pool, so
 * step_range calls on one pool may run at the same time only when the pool does not cache
 * (MOTE_STEP_CACHE_OFF, or the damped and semi_implicit kinds).
 * - set_backend: a change of backend drops the cached factors.
 * - step_parallel: ranges are at least 8192 elements; pools of 8192 or fewer step on the
 *   calling thread.
 * - Snapshots hold the spring kind (not the step_cache setting, which a restore keeps and
 *   whose factors it drops); restore refuses a snapshot of another spring kind
 *   (MOTE_ERROR_CORRUPT_SNAPSHOT). */
MOTE_POOL_COMMON_DECLS(spring);
MOTE_POOL_STEP_DECLS(spring);

/* The kind the pool was created with (MOTE_SPRING_KIND_COUNT for a NULL pool). */
mote_spring_kind mote_spring_pool_kind(const mote_spring_pool *pool);

/* Sets one element's goal (the kind's units). MOTE_ERROR_NON_FINITE for NaN or infinity;
 * MOTE_ERROR_INVALID_ARGUMENT for the decay kind, which has no goal; the id's errors
 * (MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL). */
mote_status mote_spring_pool_set_goal(mote_spring_pool *pool, mote_id id, float goal);

/* Inertialize and dead_blend pools: switches element id's incoming pose to (incoming_x, incoming_v)
 * (units, units/s) through mote_inertialize_transition from the current one (goal, incoming_v), so
 * the output (x, v) stays where it is and as fast as it is, and then decays onto the new pose.
 * A dead_blend pool instead keeps the current output as its extrapolated pose (ext_x = x,
 * ext_v = v, ext_t = 0, mote_dead_blend_transition) and blends from it to the new input over
 * blend_time. MOTE_ERROR_NON_FINITE for NaN or infinity, MOTE_ERROR_INVALID_ARGUMENT for a pool of
 * another kind, the id's errors (MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL), and no change.
 * (mote_spring_pool_set_goal moves the incoming pose without a transition: the output jumps
 * with it.) */
mote_status mote_spring_pool_transition(mote_spring_pool *pool, mote_id id, float incoming_x,
                                        float incoming_v);

/* Sets the pool's fixed-step cache (see mote_step_cache); MOTE_ERROR_INVALID_ARGUMENT, and no
 * change, for a NULL pool or a value outside the enum. The bits of every step stay the same. */
mote_status mote_spring_pool_set_step_cache(mote_spring_pool *pool, mote_step_cache step_cache);

/* The pool's fixed-step cache setting (MOTE_STEP_CACHE_COUNT for a NULL pool). */
mote_step_cache mote_spring_pool_step_cache(const mote_spring_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
