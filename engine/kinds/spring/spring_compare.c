/* mote-compare's spring kinds: one compare kind per mote_spring_kind, in the scaled style
 * (compare_style.h), from a seeded state mixing ordinary, large, tiny and zero values, each
 * written field judged at the element's largest reference |x, v, goal, xi, vi| along the run,
 * against the bounds of engine/kinds/spring/spring_bounds.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "mote/spring_pool.h"
#include "spring_bounds.h"
#include "spring_fields.h"
#include "tool_rng.h"

/* Largest angle (rad) the angle kinds are seeded with: below 25735 rad (4096 turns), where
 * the wide wrap-to-pi is exact (simd/wide/wide_math.h). Past it the wide and scalar wraps
 * differ by up to an ULP of the angle, which the spring's velocity amplifies. */
#define COMPARE_MAX_ANGLE 2.0e4f

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

static element random_element(tool_rng *rng, mote_spring_kind kind) {
    bool angle = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    float large_position = angle ? COMPARE_MAX_ANGLE : 1e7f;
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
static void store_element(float *const *fields, mote_spring_kind kind, size_t i, element e) {
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
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (fields[f] != NULL) {
            fields[f][i] = value[f];
        }
    }
}

static float clamp_angle(float a) {
    return a > COMPARE_MAX_ANGLE    ? COMPARE_MAX_ANGLE
           : a < -COMPARE_MAX_ANGLE ? -COMPARE_MAX_ANGLE
                                    : a;
}

/* A state for kind from seed: a fixed prefix of edge cases (all zero, half-life 0 and
 * negative, large, tiny, critical bands, angles across pi), then random elements drawing
 * each field from a mix of ordinary, large (1e3..1e7), tiny (1e-30..1e-4) and zero values,
 * and half-lives that are 0, negative, tiny (1e-7..1e-3 s), ordinary or large (to 1e4 s).
 * Stiffness, damping and rate are >= 0, as a pool requires; the semi-implicit kind stays
 * in its documented stable range; the angle kinds' angles stay within +-2e4 rad, where the
 * wide wrap-to-pi is exact. The half-life kinds store mote_spring_damping_for_kind(h). */
static void seed_state(const compare_kind *self, float *const *fields, size_t count,
                       uint64_t seed) {
    const mote_spring_kind kind = (mote_spring_kind)self->model;
    tool_rng rng = {seed ^ ((uint64_t)kind << 56)};
    const size_t edges = sizeof edge_cases / sizeof edge_cases[0];
    for (size_t i = 0; i < count; ++i) {
        element e = i < edges ? edge_cases[i] : random_element(&rng, kind);
        if (kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE) {
            e.x = clamp_angle(e.x);
            e.goal = clamp_angle(e.goal);
            e.xi = clamp_angle(e.xi);
        }
        store_element(fields, kind, i, e);
    }
}

static mote_pool *create(const compare_kind *self) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = (mote_spring_kind)self->model;
    mote_spring_pool *pool = NULL;
    return mote_spring_pool_create(&def, &pool) == MOTE_OK ? (mote_pool *)(void *)pool : NULL;
}

/* The element's largest reference |x, v, goal, xi, vi| (and inertialize's |incoming_v,
 * offset_x, offset_v|) along the run (the trajectory). */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    (void)field;
    return sample->trajectory[i];
}

/* Scaled ULP after one step, relative after more (spring_bounds.h). */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    const mote_spring_kind kind = (mote_spring_kind)self->model;
    if (steps == 1) {
        return (compare_bound){spring_one_step_bound(kind, field, COMPARE_DT), COMPARE_ULP};
    }
    return (compare_bound){spring_relative_bound(kind, steps), COMPARE_RELATIVE};
}

static const compare_kind *kinds(size_t *count) {
    static compare_kind all[MOTE_SPRING_KIND_COUNT];
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        bool angle = k == MOTE_SPRING_ANGLE || k == MOTE_SPRING_DOUBLE_ANGLE;
        all[k] = (compare_kind){
            .name = mote_spring_kind_name((mote_spring_kind)k),
            .noun = "springs",
            .style = &compare_style_scaled,
            .hashes = true,
            .model = k,
            .angle_fields = angle ? SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_XI) : 0u,
            .trajectory_fields = SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V) |
                                 SPRING_BIT(SPRING_FIELD_GOAL) | SPRING_BIT(SPRING_FIELD_XI) |
                                 SPRING_BIT(SPRING_FIELD_VI) | SPRING_BIT(SPRING_FIELD_INCOMING_V) |
                                 SPRING_OFFSET,
            .create = create,
            .seed = seed_state,
            .scale = scale,
            .bound = bound,
        };
    }
    *count = MOTE_SPRING_KIND_COUNT;
    return all;
}

/* The table of bounds, one line per kind: the shared ones of engine/kinds/spring/spring_bounds.h,
 * for dt = 1/60.
 *
 * Why the long-run bounds are what they are: each step's exp differs from libm's by up to an
 * ULP, and a long half-life carries the difference on, so the wide and scalar results drift
 * apart by about an ULP of the element's scale per step: 2 ULP per step is
 * 2 * 1000 * 2^-23 = 2.4e-4, and twice that for the general damped spring (sincos, exp and
 * expm1). The angle kinds drift further: their angle is wrapped onto the circle and stays
 * small while a fast spin keeps the scale at |v|, and the angle integrates the drift of v,
 * eps * dt * S^2 / 2 = 2^-23 / 60 * 1000^2 / 2 = 1e-3 of the scale.
 * Measured with `mote-compare --steps 1000 --count 100000`, five seeds for every kind and
 * eight for the angle kinds: at most 9.4e-5 (critical x), 1.4e-4 (damped v, an undamped
 * spring of stiffness 5e4) and 3.3e-4 (angle x, spinning at 1600 rad/s). */
static void print_bounds(FILE *stream) {
    fprintf(stream, "  %-14s %-24s %s\n", "kind", "1 step (ULP: x v xi vi ox ov)",
            "<= 1000 steps (relative)");
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        unsigned written = spring_kind_writes[k];
        char ulps[64] = "";
        size_t used = 0;
        const int fields[] = {SPRING_FIELD_X,  SPRING_FIELD_V,        SPRING_FIELD_XI,
                              SPRING_FIELD_VI, SPRING_FIELD_OFFSET_X, SPRING_FIELD_OFFSET_V};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
            if (written & SPRING_BIT(fields[f])) {
                used += (size_t)snprintf(
                    ulps + used, sizeof ulps - used, "%s%g", used ? " " : "",
                    spring_one_step_bound((mote_spring_kind)k, fields[f], COMPARE_DT));
            }
        }
        fprintf(stream, "  %-14s %-24s %g\n", mote_spring_kind_name((mote_spring_kind)k), ulps,
                spring_bounds[k].relative);
    }
    fprintf(stream,
            "  (past 1000 steps relative bounds grow as S/1000, as (S/1000)^2 for the angle\n"
            "  kinds, whose wrapped angle integrates a drifting velocity)\n");
}

const compare_family compare_family_spring = {.kinds = kinds, .print_bounds = print_bounds};
