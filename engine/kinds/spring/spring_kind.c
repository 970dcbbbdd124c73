/* Spring pools: the spring kind's record for the shared pool layer (its fields, the
 * half-life conversion, its kernels) and the public spring-pool names. */
#include <math.h>
#include <string.h>

#include "mote/orientation.h"
#include "mote/spring.h"
#include "mote/spring_pool.h"
#include "kind_record.h"
#include "spring_fields.h"

/* What mote_default_spring_pool_def() writes to internal_cookie. */
#define SPRING_POOL_COOKIE 0x5350524e /* "SPRN" */

_Static_assert(MOTE_KERNEL_spring_inertialize - MOTE_KERNEL_spring_damper ==
                   MOTE_SPRING_INERTIALIZE - MOTE_SPRING_DAMPER,
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
    };
    return desc;
}

/* Kinds whose desc gives a half-life, stored as the damping it implies. */
static bool has_halflife(mote_spring_kind kind) {
    return kind == MOTE_SPRING_DAMPER || kind == MOTE_SPRING_CRITICAL ||
           kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE ||
           kind == MOTE_SPRING_DECAY || kind == MOTE_SPRING_DOUBLE ||
           kind == MOTE_SPRING_INERTIALIZE;
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

/* The half-life kinds store the damping their half-life implies. Inertialize refuses a
 * negative half-life, as the orientation pool's inertialize kind does. */
static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    const mote_spring_desc *d = desc;
    mote_spring_kind kind = kind_of(pool);
    if (!has_halflife(kind)) {
        return MOTE_OK;
    }
    if (!isfinite(d->halflife)) {
        return MOTE_ERROR_NON_FINITE;
    }
    if (kind == MOTE_SPRING_INERTIALIZE && d->halflife < 0.0f) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    values[SPRING_FIELD_DAMPING] = mote_spring_damping_for_kind(kind, d->halflife);
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
}

/* Exact kinds take any dt; the semi-implicit kind is stable only up to its limit. */
static float advance(const mote_pool *pool, float dt) {
    return kind_of(pool) == MOTE_SPRING_SEMI_IMPLICIT && dt > MOTE_SEMI_IMPLICIT_MAX_DT
               ? MOTE_SEMI_IMPLICIT_MAX_DT
               : dt;
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
    return (int)s->kind >= 0 && s->kind < MOTE_SPRING_KIND_COUNT && step_cache_valid(s->step_cache)
               ? MOTE_OK
               : MOTE_ERROR_INVALID_ARGUMENT;
}

/* The kinds whose one transcendental is a per-element factor of one parameter and dt (the
 * fixed-step cache keeps it): exp(-damping / 2 dt), or the damper's and exp_response's
 * expm1 blend. The force kinds (damped, semi_implicit) have none to cache. */
static bool has_cached_factor(mote_spring_kind kind) {
    return kind != MOTE_SPRING_DAMPED && kind != MOTE_SPRING_SEMI_IMPLICIT;
}

static mote_step_cache step_cache(const mote_pool *pool) {
    const spring_settings *s = mote_pool_settings_const(pool);
    return has_cached_factor(s->kind) ? s->step_cache : MOTE_STEP_CACHE_OFF;
}

MOTE_KIND_FIELD_TABLE(spring, SPRING_FIELDS, SPRING_FIELD_COUNT);

const mote_pool_kind mote_spring_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(spring, SPRING_POOL_COOKIE, spring_settings),
    .local_settings_bytes = sizeof(spring_settings) - offsetof(spring_settings, step_cache),
    .parallel_min_elements =
        8192, /* a spring element costs 0.5-2 ns on avx2/avx512: 8192 are 4-16 us */
    .stored_fields = stored_fields,
    .kernel = kernel,
    .desc_to_values = desc_to_values,
    .values_to_desc = values_to_desc,
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
    if (!mote_pool_is(MOTE_AS_POOL(pool), RECORD) || !step_cache_valid(step_cache)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
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

mote_status mote_spring_pool_transition(mote_spring_pool *pool, mote_id id, float incoming_x,
                                        float incoming_v) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || kind_of(p) != MOTE_SPRING_INERTIALIZE) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_spring_desc d;
    mote_status status = mote_spring_pool_get(pool, id, &d);
    if (status != MOTE_OK) {
        return status;
    }
    if (!isfinite(incoming_x) || !isfinite(incoming_v)) {
        return MOTE_ERROR_NON_FINITE;
    }
    mote_inertialize_transition(&d.offset_x, &d.offset_v, d.goal, d.incoming_v, incoming_x,
                                incoming_v);
    /* the incoming pose and the offset; the output (x, v) is left as the last step wrote it.
     * Finite operands can still overflow: check before any write. */
    if (!isfinite(d.offset_x) || !isfinite(d.offset_v)) {
        return MOTE_ERROR_NON_FINITE;
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
