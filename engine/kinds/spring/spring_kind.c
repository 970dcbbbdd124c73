/* Spring pools: the spring kind's record for the shared pool layer (its fields, the
 * half-life conversion, its kernels) and the public spring-pool names. */
#include <math.h>
#include <string.h>

#include "mote/orientation.h"
#include "mote/spring.h"
#include "mote/spring_pool.h"
#include "kind_record.h"
#include "refuse.h"
#include "spring_fields.h"

/* What mote_default_spring_pool_def() writes to internal_cookie. */
#define SPRING_POOL_COOKIE 0x5350524e /* "SPRN" */

_Static_assert(MOTE_KERNEL_spring_dead_blend - MOTE_KERNEL_spring_damper ==
                   MOTE_SPRING_DEAD_BLEND - MOTE_SPRING_DAMPER,
               "the spring kernels are listed in mote_spring_kind order");
MOTE_KIND_TYPE_CHECKS(spring, SPRING_FIELD_COUNT, mote_spring_constants);

/* The kind, a snapshot's one setting, and the fixed-step cache setting, which changes no bits
 * and so is no setting member (a snapshot does not hold it; a restore keeps the pool's). */
typedef struct spring_settings {
    mote_spring_kind kind;
    mote_step_cache step_cache;
} spring_settings;

static const char *const kind_names[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = "damper",
    [MOTE_SPRING_CRITICAL] = "critical",
    [MOTE_SPRING_ANGLE] = "angle",
    [MOTE_SPRING_DOUBLE_ANGLE] = "double_angle",
    [MOTE_SPRING_DECAY] = "decay",
    [MOTE_SPRING_SEMI_IMPLICIT] = "semi_implicit",
    [MOTE_SPRING_EXP_RESPONSE] = "exp_response",
    [MOTE_SPRING_DAMPED] = "damped",
    [MOTE_SPRING_DOUBLE] = "double",
    [MOTE_SPRING_INERTIALIZE] = "inertialize",
    [MOTE_SPRING_TIMED] = "timed",
    [MOTE_SPRING_VELOCITY] = "velocity",
    [MOTE_SPRING_TRACKING] = "tracking",
    [MOTE_SPRING_EXTRAPOLATE] = "extrapolate",
    [MOTE_SPRING_DEAD_BLEND] = "dead_blend",
};

const char *mote_spring_kind_name(mote_spring_kind kind) {
    if ((int)kind < 0 || kind >= MOTE_SPRING_KIND_COUNT) {
        return "unknown";
    }
    return kind_names[kind];
}

bool mote_spring_kind_parse(const char *name, mote_spring_kind *out) {
    if (name == NULL || out == NULL) {
        return false;
    }
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        if (strcmp(name, kind_names[k]) == 0) {
            *out = (mote_spring_kind)k;
            return true;
        }
    }
    return false;
}

mote_spring_pool_def mote_default_spring_pool_def(void) {
    mote_spring_pool_def def = {
        .kind = MOTE_SPRING_CRITICAL,
        .step_cache = MOTE_STEP_CACHE_AUTO,
        MOTE_DEFAULT_POOL_DEF_COMMON(SPRING_POOL_COOKIE),
    };
    return def;
}

mote_spring_desc mote_default_spring_desc(void) {
    mote_spring_desc desc = {
        .halflife = 0.1f,
        .stiffness = 5.0f,
        .damping = 4.6f,
        .rate = 10.0f,
        .speed = 1.0f,
        .ext_t = 0.2f,
        .blend_time = 0.2f,
    };
    return desc;
}

/* Kinds whose desc gives a half-life, stored as the damping it implies: all but the force
 * kinds and exp_response. */
static bool has_halflife(mote_spring_kind kind) {
    return kind != MOTE_SPRING_SEMI_IMPLICIT && kind != MOTE_SPRING_DAMPED &&
           kind != MOTE_SPRING_EXP_RESPONSE;
}

/* The double kinds run two springs in series, each on half the half-life. */
static bool runs_two_springs(mote_spring_kind kind) {
    return kind == MOTE_SPRING_DOUBLE_ANGLE || kind == MOTE_SPRING_DOUBLE;
}

float mote_spring_damping_for_kind(mote_spring_kind kind, float halflife) {
    if (!has_halflife(kind)) {
        return 0.0f;
    }
    return mote_halflife_to_damping(runs_two_springs(kind) ? 0.5f * halflife : halflife);
}

/* The half-life a stored damping implies (the inverse of mote_spring_damping_for_kind). */
static float halflife_for_damping(mote_spring_kind kind, float damping) {
    float h = (4.0f * MOTE_LN2) / damping - MOTE_SPRING_EPS;
    return runs_two_springs(kind) ? 2.0f * h : h;
}

static mote_spring_kind kind_of(const mote_pool *pool) {
    return ((const spring_settings *)mote_pool_settings_const(pool))->kind;
}

/* What the kind reads, and what it writes without reading (inertialize's output). */
static uint64_t stored_fields(const mote_pool *pool) {
    return spring_kind_reads[kind_of(pool)] | spring_kind_writes[kind_of(pool)];
}

static mote_kernel_id kernel(const mote_pool *pool) {
    return (mote_kernel_id)(MOTE_KERNEL_spring_damper + (int)kind_of(pool));
}

/* A half-life member must be finite. */
static mote_status check_halflife(const char *name, float halflife) {
    if (!isfinite(halflife)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desc.%s: must be finite (got %g)", name,
                           (double)halflife);
    }
    return MOTE_OK;
}

/* The half-life kinds store the damping their half-life implies (tracking also its velocity
 * and acceleration terms'). Inertialize refuses a negative half-life, as the orientation
 * pool's inertialize kind does. */
static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    const mote_spring_desc *d = desc;
    mote_spring_kind kind = kind_of(pool);
    if (!has_halflife(kind)) {
        return MOTE_OK;
    }
    mote_status status = check_halflife("halflife", d->halflife);
    if (status != MOTE_OK) {
        return status;
    }
    if (kind == MOTE_SPRING_INERTIALIZE && d->halflife < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.halflife: must be >= 0 for inertialize (got %g)",
                           (double)d->halflife);
    }
    values[SPRING_FIELD_DAMPING] = mote_spring_damping_for_kind(kind, d->halflife);
    if (kind == MOTE_SPRING_TRACKING) {
        if ((status = check_halflife("v_halflife", d->v_halflife)) != MOTE_OK ||
            (status = check_halflife("a_halflife", d->a_halflife)) != MOTE_OK) {
            return status;
        }
        values[SPRING_FIELD_V_DAMPING] = mote_spring_damping_for_kind(kind, d->v_halflife);
        values[SPRING_FIELD_A_DAMPING] = mote_spring_damping_for_kind(kind, d->a_halflife);
    }
    return MOTE_OK;
}

/* get gives the half-life back (and no damping) for the half-life kinds. */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    mote_spring_desc *d = desc;
    mote_spring_kind kind = kind_of(pool);
    if (has_halflife(kind)) {
        d->halflife = halflife_for_damping(kind, values[SPRING_FIELD_DAMPING]);
        d->damping = 0.0f;
    }
    if (kind == MOTE_SPRING_TRACKING) {
        d->v_halflife = halflife_for_damping(kind, values[SPRING_FIELD_V_DAMPING]);
        d->a_halflife = halflife_for_damping(kind, values[SPRING_FIELD_A_DAMPING]);
    }
}

/* Exact kinds take any dt up to the domain's MOTE_SPRING_MAX_STEP; the semi-implicit kind is
 * stable only up to its limit. */
static float advance(const mote_pool *pool, float dt) {
    const float limit = kind_of(pool) == MOTE_SPRING_SEMI_IMPLICIT ? MOTE_SEMI_IMPLICIT_MAX_DT
                                                                   : MOTE_SPRING_MAX_STEP;
    return dt > limit ? limit : dt;
}

/* The domain's bound on each stored field (mote/spring_pool.h), 0 where the field has none
 * of its own (the dampings, checked against the half-life bound below). */
static float field_bound(int field) {
    switch (field) {
    case SPRING_FIELD_GOAL:
    case SPRING_FIELD_INCOMING_V:
    case SPRING_FIELD_INCOMING_A:
    case SPRING_FIELD_SPEED:
        return MOTE_SPRING_MAX_INPUT;
    case SPRING_FIELD_STIFFNESS:
    case SPRING_FIELD_RATE:
        return MOTE_SPRING_MAX_GAIN;
    case SPRING_FIELD_GOAL_TIME:
    case SPRING_FIELD_BLEND_TIME:
        return MOTE_SPRING_MAX_TIME;
    case SPRING_FIELD_EXT_T:
        return 2.0f * MOTE_SPRING_MAX_TIME;
    case SPRING_FIELD_DAMPING:
    case SPRING_FIELD_V_DAMPING:
    case SPRING_FIELD_A_DAMPING:
        return 0.0f;
    default:
        return MOTE_SPRING_MAX_STATE;
    }
}

/* A stored damping of a half-life kind: the one some half-life in [0, MOTE_SPRING_MAX_HALFLIFE]
 * gives. */
static mote_status check_halflife_damping(mote_spring_kind kind, int field, float damping) {
    const float least = mote_spring_damping_for_kind(kind, MOTE_SPRING_MAX_HALFLIFE);
    const float most = mote_spring_damping_for_kind(kind, 0.0f);
    if (damping < least || damping > most) {
        const char *name = field == SPRING_FIELD_V_DAMPING   ? "v_halflife"
                           : field == SPRING_FIELD_A_DAMPING ? "a_halflife"
                                                             : "halflife";
        return mote_refuse(
            MOTE_ERROR_INVALID_ARGUMENT, "%s: must be <= %g s (its damping %g outside [%g, %g])",
            name, (double)MOTE_SPRING_MAX_HALFLIFE, (double)damping, (double)least, (double)most);
    }
    return MOTE_OK;
}

/* The force kinds' gains: bounded, not both (nearly) 0, and semi_implicit stable at its
 * longest step. */
static mote_status check_force(mote_spring_kind kind, float stiffness, float damping) {
    if (damping > MOTE_SPRING_MAX_GAIN) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "damping: must be <= %g (got %g)",
                           (double)MOTE_SPRING_MAX_GAIN, (double)damping);
    }
    if (stiffness < MOTE_SPRING_MIN_GAIN && damping < MOTE_SPRING_MIN_GAIN) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "stiffness, damping: one must be >= %g, or the spring drifts forever "
                           "(got %g, %g)",
                           (double)MOTE_SPRING_MIN_GAIN, (double)stiffness, (double)damping);
    }
    const double h = MOTE_SEMI_IMPLICIT_MAX_DT;
    const double stability = (double)stiffness * h * h + 2.0 * (double)damping * h;
    if (kind == MOTE_SPRING_SEMI_IMPLICIT && !(stability < 4.0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "stiffness, damping: stiffness h^2 + 2 damping h must be < 4 at h = "
                           "%g s, the semi-implicit spring's longest step (got %g)",
                           h, stability);
    }
    return MOTE_OK;
}

/* add/set's (and restore's) check across fields: the proven domain (mote/spring_pool.h). */
static mote_status check_values(const mote_pool *pool, float *values) {
    const mote_spring_kind kind = kind_of(pool);
    const uint64_t stored = stored_fields(pool);
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        const float bound = field_bound(f);
        if ((stored & SPRING_BIT(f)) && bound > 0.0f && fabsf(values[f]) > bound) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: |value| must be <= %g (got %g)",
                               mote_spring_pool_kind_record.fields[f].name, (double)bound,
                               (double)values[f]);
        }
    }
    if (kind == MOTE_SPRING_DAMPED || kind == MOTE_SPRING_SEMI_IMPLICIT) {
        return check_force(kind, values[SPRING_FIELD_STIFFNESS], values[SPRING_FIELD_DAMPING]);
    }
    const int dampings[] = {SPRING_FIELD_DAMPING, SPRING_FIELD_V_DAMPING, SPRING_FIELD_A_DAMPING};
    for (size_t k = 0; has_halflife(kind) && k < sizeof dampings / sizeof dampings[0]; ++k) {
        if (stored & SPRING_BIT(dampings[k])) {
            mote_status status = check_halflife_damping(kind, dampings[k], values[dampings[k]]);
            if (status != MOTE_OK) {
                return status;
            }
        }
    }
    return MOTE_OK;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    (void)pool;
    mote_spring_constants c = {dt, {MOTE_CACHE_UNUSED, NULL, NULL}};
    memcpy(constants, &c, sizeof c);
}

_Static_assert(sizeof(mote_spring_kind) == 4, "the spring kind is stored as a 32-bit int");
static const mote_setting_info spring_setting_members[] = {
    {"kind", offsetof(spring_settings, kind), MOTE_SETTING_I32},
};

static bool step_cache_valid(mote_step_cache step_cache) {
    return (int)step_cache >= 0 && step_cache < MOTE_STEP_CACHE_COUNT;
}

static mote_status check_settings(const void *settings) {
    const spring_settings *s = settings;
    if ((int)s->kind < 0 || s->kind >= MOTE_SPRING_KIND_COUNT) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "def.kind: not a mote_spring_kind (got %d)",
                           (int)s->kind);
    }
    if (!step_cache_valid(s->step_cache)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "def.step_cache: not a mote_step_cache (got %d)", (int)s->step_cache);
    }
    return MOTE_OK;
}

/* The kinds whose one transcendental is a per-element factor of one parameter and dt (the
 * fixed-step cache keeps it): exp(-damping / 2 dt) (or / 4, dead_blend's decay), or the
 * damper's, extrapolate's and exp_response's expm1 blend. The force kinds (damped,
 * semi_implicit) have none to cache, tracking three. */
static bool has_cached_factor(mote_spring_kind kind) {
    return kind != MOTE_SPRING_DAMPED && kind != MOTE_SPRING_SEMI_IMPLICIT &&
           kind != MOTE_SPRING_TRACKING;
}

static mote_step_cache step_cache(const mote_pool *pool) {
    const spring_settings *s = mote_pool_settings_const(pool);
    return has_cached_factor(s->kind) ? s->step_cache : MOTE_STEP_CACHE_OFF;
}

/* What a step accepts in the inputs written through the view (pool_kind.h): the domain's
 * bound on each, as check_values judges them (|value| <= MOTE_SPRING_MAX_INPUT). */
static const mote_input_limit spring_input_limits[] = {
    {SPRING_FIELD_GOAL, 1, -MOTE_SPRING_MAX_INPUT, MOTE_SPRING_MAX_INPUT, NULL},
    {SPRING_FIELD_INCOMING_V, 1, -MOTE_SPRING_MAX_INPUT, MOTE_SPRING_MAX_INPUT, NULL},
    {SPRING_FIELD_INCOMING_A, 1, -MOTE_SPRING_MAX_INPUT, MOTE_SPRING_MAX_INPUT, NULL},
};

MOTE_KIND_FIELD_TABLE(spring, SPRING_FIELDS, SPRING_FIELD_COUNT);

const mote_pool_kind mote_spring_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(spring, SPRING_POOL_COOKIE, spring_settings),
    MOTE_INPUT_LIMITS(spring_input_limits),
    .local_settings_bytes = sizeof(spring_settings) - offsetof(spring_settings, step_cache),
    .parallel_min_elements =
        8192, /* a spring element costs 0.5-2 ns on avx2/avx512: 8192 are 4-16 us */
    .stored_fields = stored_fields,
    .kernel = kernel,
    .desc_to_values = desc_to_values,
    .values_to_desc = values_to_desc,
    .check_values = check_values,
    .step_cache = step_cache,
    .cache_args_offset = offsetof(mote_spring_constants, cache),
};

#define RECORD (&mote_spring_pool_kind_record)

MOTE_KIND_POOL_API(spring, spring_settings, (spring_settings){def->kind, def->step_cache})
MOTE_POOL_STEP_API(spring, RECORD)

mote_spring_kind mote_spring_pool_kind(const mote_spring_pool *pool) {
    return mote_pool_is(MOTE_AS_CONST_POOL(pool), RECORD) ? kind_of(MOTE_AS_CONST_POOL(pool))
                                                          : MOTE_SPRING_KIND_COUNT;
}

mote_status mote_spring_pool_set_step_cache(mote_spring_pool *pool, mote_step_cache step_cache) {
    if (!mote_pool_is(MOTE_AS_POOL(pool), RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool: not a spring pool");
    }
    if (!step_cache_valid(step_cache)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "step_cache: not a mote_step_cache (got %d)", (int)step_cache);
    }
    ((spring_settings *)mote_pool_settings(MOTE_AS_POOL(pool)))->step_cache = step_cache;
    return MOTE_OK;
}

mote_step_cache mote_spring_pool_step_cache(const mote_spring_pool *pool) {
    return mote_pool_is(MOTE_AS_CONST_POOL(pool), RECORD)
               ? ((const spring_settings *)mote_pool_settings_const(MOTE_AS_CONST_POOL(pool)))
                     ->step_cache
               : MOTE_STEP_CACHE_COUNT;
}

mote_status mote_spring_pool_set_goal(mote_spring_pool *pool, mote_id id, float goal) {
    return mote_pool_set_field(MOTE_AS_POOL(pool), RECORD, id, SPRING_FIELD_GOAL, goal);
}

void mote_spring_run_table(const mote_kernel_table *table, mote_spring_kind kind,
                           const mote_spring_view *view, size_t begin, size_t end, float dt) {
    float *p[SPRING_FIELD_COUNT];
    spring_view_pointers(view, p);
    const mote_spring_constants c = {dt, {MOTE_CACHE_UNUSED, NULL, NULL}};
    table->kernel[MOTE_KERNEL_spring_damper + (int)kind](p, &c, begin, end);
}

/* A dead_blend pool's transition: the output becomes the extrapolated pose, ext_t 0, and the
 * input moves to (incoming_x, incoming_v). */
static mote_status dead_blend_transition(mote_pool *p, mote_id id, const mote_spring_desc *d,
                                         float incoming_x, float incoming_v) {
    float ext_x, ext_v, ext_t;
    mote_status status = mote_dead_blend_transition(&ext_x, &ext_v, &ext_t, d->x, d->v);
    if (status != MOTE_OK) {
        return status;
    }
    const float values[5] = {incoming_x, incoming_v, ext_x, ext_v, ext_t};
    const int fields[5] = {SPRING_FIELD_GOAL, SPRING_FIELD_INCOMING_V, SPRING_FIELD_EXT_X,
                           SPRING_FIELD_EXT_V, SPRING_FIELD_EXT_T};
    for (int k = 0; k < 5; ++k) {
        status = mote_pool_set_field(p, RECORD, id, fields[k], values[k]);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}

mote_status mote_spring_pool_transition(mote_spring_pool *pool, mote_id id, float incoming_x,
                                        float incoming_v) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) ||
        (kind_of(p) != MOTE_SPRING_INERTIALIZE && kind_of(p) != MOTE_SPRING_DEAD_BLEND)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool: transition needs an inertialize or dead_blend spring pool");
    }
    mote_spring_desc d;
    mote_status status = mote_spring_pool_get(pool, id, &d);
    if (status != MOTE_OK) {
        return status;
    }
    if (!isfinite(incoming_x) || !isfinite(incoming_v)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE,
                           "incoming_x, incoming_v: must be finite (got %g, %g)",
                           (double)incoming_x, (double)incoming_v);
    }
    if (fabsf(incoming_x) > MOTE_SPRING_MAX_INPUT || fabsf(incoming_v) > MOTE_SPRING_MAX_INPUT) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "incoming_x, incoming_v: |value| must be <= %g (got %g, %g)",
                           (double)MOTE_SPRING_MAX_INPUT, (double)incoming_x, (double)incoming_v);
    }
    if (kind_of(p) == MOTE_SPRING_DEAD_BLEND) {
        return dead_blend_transition(p, id, &d, incoming_x, incoming_v);
    }
    mote_inertialize_transition(&d.offset_x, &d.offset_v, d.goal, d.incoming_v, incoming_x,
                                incoming_v);
    /* the incoming pose and the offset; the output (x, v) is left as the last step wrote it.
     * Finite operands can still overflow: check before any write. */
    if (!(fabsf(d.offset_x) <= MOTE_SPRING_MAX_STATE) ||
        !(fabsf(d.offset_v) <= MOTE_SPRING_MAX_STATE)) {
        return mote_refuse(
            MOTE_ERROR_INVALID_ARGUMENT,
            "incoming_x, incoming_v: the offset to them leaves the domain (got %g, %g)",
            (double)incoming_x, (double)incoming_v);
    }
    const float values[4] = {incoming_x, incoming_v, d.offset_x, d.offset_v};
    const int fields[4] = {SPRING_FIELD_GOAL, SPRING_FIELD_INCOMING_V, SPRING_FIELD_OFFSET_X,
                           SPRING_FIELD_OFFSET_V};
    /* the id was checked by get: these writes cannot fail */
    for (int k = 0; k < 4; ++k) {
        status = mote_pool_set_field(p, RECORD, id, fields[k], values[k]);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}
