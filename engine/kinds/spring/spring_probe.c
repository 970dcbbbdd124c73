/* The spring kind's probe (probe.h): one variant per spring model, "spring/<model>". The
 * models added after the gates had grown past the spring kind (inertialize, timed, velocity,
 * tracking, extrapolate, dead_blend) are its later variants, gated after every kind's, so no
 * older adapter's index (a fuzz seed's first byte) moves. */
#include <string.h>

#include "mote/spring_pool.h"
#include "probe.h"
#include "spring_bounds.h"
#include <math.h>
#include "spring_fields.h"

/* Largest angle (rad) the angle kinds are seeded with: below 25735 rad (4096 turns), where
 * the wide wrap-to-pi is exact (simd/wide/wide_math.h). Past it the wide and scalar wraps
 * differ by up to an ULP of the angle, which the spring's velocity amplifies. */
#define SEED_MAX_ANGLE 2.0e4f

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_spring_pool_def d = mote_default_spring_pool_def();
    d.kind = (mote_spring_kind)variant->model;
    PROBE_DEF_COMMON(d, def);
    return mote_spring_pool_create(&d, (mote_spring_pool **)out);
}

/* desc members in declaration order, the order desc_from_values takes them in */
static float *desc_member(mote_spring_desc *d, size_t i) {
    float *members[] = {&d->x,          &d->v,          &d->goal,      &d->xi,    &d->vi,
                        &d->halflife,   &d->stiffness,  &d->damping,   &d->rate,  &d->incoming_v,
                        &d->offset_x,   &d->offset_v,   &d->goal_time, &d->speed, &d->incoming_a,
                        &d->v_halflife, &d->a_halflife, &d->ext_x,     &d->ext_v, &d->ext_t,
                        &d->blend_time};
    return i < sizeof members / sizeof members[0] ? members[i] : NULL;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    mote_spring_desc *d = desc;
    *d = mote_default_spring_desc();
    for (size_t i = 0; i < n; ++i) {
        float *member = desc_member(d, i);
        if (member == NULL) {
            break;
        }
        *member = values[i];
    }
}

static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    /* the first nine fields drawn for every model: the same number of draws per element (the
     * inertialize model's three more after them, and the later models' nine more after
     * those, so the older models' draws stay as they were) */
    const float lo[] = {-10.0f, -5.0f, -10.0f, -10.0f, -5.0f, 0.02f, 0.0f,
                        0.0f,   0.0f,  -5.0f,  -4.0f,  -8.0f, 0.0f,  0.0f,
                        -20.0f, 0.02f, 0.02f,  -10.0f, -5.0f, 0.0f,  0.0f};
    const float hi[] = {10.0f, 5.0f, 10.0f, 10.0f, 5.0f, 1.5f, 40.0f, 12.0f, 20.0f, 5.0f, 4.0f,
                        8.0f,  3.0f, 10.0f, 20.0f, 1.5f, 1.5f, 10.0f, 5.0f,  1.0f,  1.0f};
    const size_t n = variant->model > MOTE_SPRING_INERTIALIZE    ? 21
                     : variant->model == MOTE_SPRING_INERTIALIZE ? 12
                                                                 : 9;
    float values[21];
    for (size_t i = 0; i < n; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    desc_from_values(variant, pool, values, n, desc);
    return MOTE_OK;
}

/* Inertialize's and dead_blend's arrays with their output (x, v: written by every step, never
 * read) last, so the gates' writes by field index (the golden scenario's NaN in field 0) land
 * in fields a step reads and carries on, as they do for every other model. */
static size_t field_order(const void *pool, int order[MOTE_MAX_FIELDS]) {
    const mote_pool_kind *kind = ((const mote_pool *)pool)->kind;
    const mote_kernel_id kernel = mote_kind_kernel(kind, (const mote_pool *)pool);
    const bool output_last =
        kernel == MOTE_KERNEL_spring_inertialize || kernel == MOTE_KERNEL_spring_dead_blend;
    size_t k = 0;
    for (int output = 0; output < 2; ++output) {
        for (int f = 0; f < kind->field_count; ++f) {
            const bool is_output = output_last && (f == SPRING_FIELD_X || f == SPRING_FIELD_V);
            if (is_output == (output == 1)) {
                order[k++] = f;
            }
        }
    }
    return k;
}

/* A position, velocity or goal: ordinary most of the time, sometimes large (up to `large`),
 * tiny or zero. */
static float random_value(tool_rng *rng, float large) {
    double roll = tool_rng_unit(rng);
    if (roll < 0.08) {
        return tool_rng_sign(rng) * 0.0f;
    }
    if (roll < 0.18) {
        return tool_rng_sign(rng) * tool_rng_log_range(rng, 1e-30f, 1e-4f);
    }
    if (roll < 0.28) {
        return tool_rng_sign(rng) * tool_rng_log_range(rng, 1e3f, large);
    }
    return tool_rng_range(rng, -10.0f, 10.0f);
}

/* A half-life (s): 0, negative (taken as 0), tiny, ordinary or large. */
static float random_halflife(tool_rng *rng) {
    double roll = tool_rng_unit(rng);
    if (roll < 0.05) {
        return 0.0f;
    }
    if (roll < 0.10) {
        return -tool_rng_log_range(rng, 1e-4f, 10.0f);
    }
    if (roll < 0.20) {
        return tool_rng_log_range(rng, 1e-7f, 1e-3f);
    }
    if (roll < 0.85) {
        return tool_rng_range(rng, 0.01f, 2.0f);
    }
    return tool_rng_log_range(rng, 2.0f, 1e4f);
}

/* A rate lambda (1/s) for exp_response: 0, tiny, ordinary or large. */
static float random_rate(tool_rng *rng) {
    double roll = tool_rng_unit(rng);
    if (roll < 0.10) {
        return 0.0f;
    }
    if (roll < 0.20) {
        return tool_rng_log_range(rng, 1e-6f, 0.1f);
    }
    if (roll < 0.80) {
        return tool_rng_range(rng, 0.1f, 50.0f);
    }
    return tool_rng_log_range(rng, 50.0f, 1e5f);
}

/* Stiffness (1/s^2) and damping (1/s). The semi-implicit spring keeps stiffness <= 1600 and
 * damping <= 2 sqrt(stiffness), its stable range; the exact damped spring takes any >= 0,
 * with the critical band |stiffness - damping^2/4| < eps hit on purpose. */
static void random_force(tool_rng *rng, bool stable_only, float *stiffness, float *damping) {
    double roll = tool_rng_unit(rng);
    float k = 0.0f;
    if (roll >= 0.08) {
        float top = stable_only ? 1600.0f : 1e5f;
        k = tool_rng_log_range(rng, 1e-2f, top);
    }
    float critical = 2.0f * sqrtf(k);
    double shape = tool_rng_unit(rng);
    if (shape < 0.10) {
        *damping = 0.0f;
    } else if (shape < 0.25) {
        *damping = critical;
    } else if (shape < 0.35 && !stable_only) {
        *damping = critical * (1.0f + tool_rng_range(rng, -1e-4f, 1e-4f));
    } else if (stable_only) {
        *damping = tool_rng_range(rng, 0.0f, critical);
    } else {
        *damping = tool_rng_range(rng, 0.0f, 4.0f * critical + 1.0f);
    }
    *stiffness = k;
}

/* One element as a user describes it (a half-life, not the damping a pool stores for it). */
typedef struct element {
    float x, v, goal, xi, vi, halflife, stiffness, damping, rate;
} element;

/* Edge cases every state starts with, whatever the seed. */
static const element edge_cases[] = {
    /* x, v, goal, xi, vi, halflife, stiffness, damping, rate */
    {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f},           /* all zero */
    {1.0f, 0.0f, 0.0f, 0.5f, 0.0f, 0.0f, 4.0f, 4.0f, 1.0f},           /* half-life 0 */
    {1.0f, 2.0f, -1.0f, 0.0f, 1.0f, -0.5f, 1.0f, 100.0f, 0.5f},       /* negative, over-damped */
    {1e7f, -1e7f, -1e7f, 5e6f, 1e6f, 0.3f, 1600.0f, 80.0f, 1e5f},     /* large, critical band */
    {1e-30f, -1e-30f, 0.0f, 1e-20f, 0.0f, 1e-6f, 1e-2f, 0.0f, 1e-3f}, /* tiny, undamped */
    {-0.0f, 0.0f, 3.0f, -0.0f, 0.0f, 1e4f, 0.0f, 0.0f, 0.0f},         /* signed zero, huge h */
    {3.1f, 0.5f, -3.1f, 3.0f, -0.5f, 0.2f, 25.0f, 1.0f, 10.0f},       /* across pi */
    {-3.14159274f, 0.0f, 3.14159274f, 0.0f, 0.0f, 0.1f, 5.0f, 4.6f, 10.0f}, /* at +-pi */
};

/* The later models' own fields (timed, velocity, tracking, dead_blend): drawn only for them,
 * after the others, so the older models' states stay as they were. */
typedef struct element_extra {
    float goal_time, speed, incoming_a, v_halflife, a_halflife, ext_t, blend_time;
} element_extra;

/* Edge cases of the later fields, beside edge_cases: a goal due now, a speed of 0, a blend
 * just started, done, or of length 0. */
static const element_extra edge_extras[] = {
    /* goal_time, speed, incoming_a, v_halflife, a_halflife, ext_t, blend_time */
    {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f},
    {1e-6f, 1.0f, 1.0f, 0.0f, -0.5f, 0.0f, 0.5f},
    {0.5f, 1e7f, -1e3f, 0.1f, 0.2f, 0.3f, 0.3f},
    {3.0f, 5.0f, 1e7f, 1e4f, 1e-6f, 0.1f, 0.2f},
    {1e4f, 1e-30f, -1e-30f, 0.2f, 1e4f, 1e-7f, 1e-6f},
    {0.0167f, 3.0f, 2.0f, -1.0f, 0.1f, 2.0f, 1.0f},
    {0.2f, 0.5f, -30.0f, 0.05f, 0.05f, 0.0f, 1e4f},
    {1.0f, 2.0f, 5.0f, 0.1f, 0.1f, 0.05f, 0.1f},
};
_Static_assert(sizeof edge_extras / sizeof edge_extras[0] ==
                   sizeof edge_cases / sizeof edge_cases[0],
               "one extra per edge case");

static element_extra random_extra(tool_rng *rng) {
    element_extra e;
    double roll = tool_rng_unit(rng);
    e.goal_time = roll < 0.15   ? 0.0f
                  : roll < 0.25 ? tool_rng_log_range(rng, 1e-6f, 1e-2f)
                                : tool_rng_range(rng, 0.0f, 3.0f);
    e.speed = tool_rng_unit(rng) < 0.1 ? 0.0f : tool_rng_log_range(rng, 1e-3f, 1e4f);
    e.incoming_a = random_value(rng, 1e6f);
    e.v_halflife = random_halflife(rng);
    e.a_halflife = random_halflife(rng);
    e.blend_time = tool_rng_unit(rng) < 0.1 ? 0.0f : tool_rng_range(rng, 0.0f, 1.0f);
    e.ext_t = tool_rng_range(rng, 0.0f, 1.2f);
    return e;
}

static element random_element(tool_rng *rng, mote_spring_kind kind) {
    bool angle = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    float large_position = angle ? SEED_MAX_ANGLE : 1e7f;
    element e;
    e.x = random_value(rng, large_position);
    e.v = random_value(rng, 1e7f);
    e.goal = random_value(rng, large_position);
    e.xi = random_value(rng, large_position);
    e.vi = random_value(rng, 1e7f);
    e.halflife = random_halflife(rng);
    random_force(rng, kind == MOTE_SPRING_SEMI_IMPLICIT, &e.stiffness, &e.damping);
    e.rate = random_rate(rng);
    return e;
}

/* Writes e into element i of the arrays the state has. The half-life kinds store the damping
 * their half-life implies, as a pool does. */
static void store_element(float *const *fields, mote_spring_kind kind, size_t i, element e,
                          element_extra extra) {
    bool halflife_kind = kind != MOTE_SPRING_SEMI_IMPLICIT && kind != MOTE_SPRING_DAMPED &&
                         kind != MOTE_SPRING_EXP_RESPONSE;
    float value[SPRING_FIELD_COUNT];
    value[SPRING_FIELD_X] = e.x;
    value[SPRING_FIELD_V] = e.v;
    value[SPRING_FIELD_GOAL] = e.goal;
    value[SPRING_FIELD_XI] = e.xi;
    value[SPRING_FIELD_VI] = e.vi;
    value[SPRING_FIELD_STIFFNESS] = e.stiffness;
    value[SPRING_FIELD_DAMPING] =
        halflife_kind ? mote_spring_damping_for_kind(kind, e.halflife) : e.damping;
    value[SPRING_FIELD_RATE] = e.rate;
    /* inertialize: the incoming velocity and the offset from the draws the others use (no
     * draws of their own, so the other kinds' states stay as they were) */
    value[SPRING_FIELD_INCOMING_V] = e.vi;
    value[SPRING_FIELD_OFFSET_X] = e.xi;
    value[SPRING_FIELD_OFFSET_V] = e.v;
    /* the later models: their own draws, and the extrapolated pose from the others' */
    value[SPRING_FIELD_GOAL_TIME] = extra.goal_time;
    value[SPRING_FIELD_SPEED] = extra.speed;
    value[SPRING_FIELD_INCOMING_A] = extra.incoming_a;
    value[SPRING_FIELD_V_DAMPING] = mote_spring_damping_for_kind(kind, extra.v_halflife);
    value[SPRING_FIELD_A_DAMPING] = mote_spring_damping_for_kind(kind, extra.a_halflife);
    value[SPRING_FIELD_EXT_X] = e.xi;
    value[SPRING_FIELD_EXT_V] = e.vi;
    value[SPRING_FIELD_EXT_T] = extra.ext_t;
    value[SPRING_FIELD_BLEND_TIME] = extra.blend_time;
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (fields[f] != NULL) {
            fields[f][i] = value[f];
        }
    }
}

static float clamp_angle(float a) {
    return a > SEED_MAX_ANGLE ? SEED_MAX_ANGLE : a < -SEED_MAX_ANGLE ? -SEED_MAX_ANGLE : a;
}

/* A state for kind from seed: a fixed prefix of edge cases (all zero, half-life 0 and
 * negative, large, tiny, critical bands, angles across pi), then random elements drawing
 * each field from a mix of ordinary, large (1e3..1e7), tiny (1e-30..1e-4) and zero values,
 * and half-lives that are 0, negative, tiny (1e-7..1e-3 s), ordinary or large (to 1e4 s).
 * Stiffness, damping and rate are >= 0, as a pool requires; the semi-implicit kind stays
 * in its documented stable range; the angle kinds' angles stay within +-2e4 rad, where the
 * wide wrap-to-pi is exact. The half-life kinds store mote_spring_damping_for_kind(h). */
static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    const mote_spring_kind kind = (mote_spring_kind)variant->model;
    tool_rng rng = {seed ^ ((uint64_t)kind << 56)};
    const size_t edges = sizeof edge_cases / sizeof edge_cases[0];
    for (size_t i = 0; i < count; ++i) {
        element e = i < edges ? edge_cases[i] : random_element(&rng, kind);
        element_extra extra = edge_extras[i % edges];
        if (kind > MOTE_SPRING_INERTIALIZE && i >= edges) {
            extra = random_extra(&rng);
        }
        if (kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE) {
            e.x = clamp_angle(e.x);
            e.goal = clamp_angle(e.goal);
            e.xi = clamp_angle(e.xi);
        }
        store_element(fields, kind, i, e, extra);
    }
}

static const probe_variant variants[] = {
    {"damper", MOTE_SPRING_DAMPER, 0},
    {"critical", MOTE_SPRING_CRITICAL, 0},
    {"angle", MOTE_SPRING_ANGLE, 0},
    {"double_angle", MOTE_SPRING_DOUBLE_ANGLE, 0},
    {"decay", MOTE_SPRING_DECAY, 0},
    {"semi_implicit", MOTE_SPRING_SEMI_IMPLICIT, 0},
    {"exp_response", MOTE_SPRING_EXP_RESPONSE, 0},
    {"damped", MOTE_SPRING_DAMPED, 0},
    {"double", MOTE_SPRING_DOUBLE, 0},
    {"inertialize", MOTE_SPRING_INERTIALIZE, 0},
    {"timed", MOTE_SPRING_TIMED, 0},
    {"velocity", MOTE_SPRING_VELOCITY, 0},
    {"tracking", MOTE_SPRING_TRACKING, 0},
    {"extrapolate", MOTE_SPRING_EXTRAPOLATE, 0},
    {"dead_blend", MOTE_SPRING_DEAD_BLEND, 0},
};

_Static_assert(sizeof variants / sizeof variants[0] == MOTE_SPRING_KIND_COUNT,
               "one variant per spring model");

const mote_probe mote_probe_spring = {
    .gate = "spring",
    .record = &mote_spring_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .later_variants = 6,
    .main_variant = MOTE_SPRING_CRITICAL, /* the default def's model */
    .field_order = field_order,
    /* no pool benchmarks: the spring benchmarks, baselines beside them, are bench_cases.c's */
    .bench = NULL,
};
