/* mote-compare's spring states and their seeded starting values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_state.h"
#include "tool_rng.h"

static size_t padded_count(size_t count) {
    size_t pad = MOTE_PAD_ELEMENTS;
    size_t padded = (count + pad - 1) / pad * pad;
    return padded == 0 ? pad : padded;
}

bool compare_state_alloc(compare_state *state, size_t count, unsigned fields) {
    memset(state, 0, sizeof *state);
    state->count = count;
    state->fields = fields;
    size_t bytes = padded_count(count) * sizeof(float);
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (!(fields & SPRING_BIT(f))) {
            continue;
        }
        state->field[f] = aligned_alloc(MOTE_ALIGNMENT, bytes);
        if (state->field[f] == NULL) {
            compare_state_free(state);
            return false;
        }
        memset(state->field[f], 0, bytes);
    }
    return true;
}

void compare_state_free(compare_state *state) {
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        free(state->field[f]);
        state->field[f] = NULL;
    }
}

void compare_state_copy(compare_state *dst, const compare_state *src) {
    size_t bytes = padded_count(src->count) * sizeof(float);
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (src->field[f] != NULL) {
            memcpy(dst->field[f], src->field[f], bytes);
        }
    }
}

mote_spring_view compare_state_view(const compare_state *state) {
    mote_spring_view view;
    float *pointers[SPRING_FIELD_COUNT];
    memcpy(pointers, state->field, sizeof pointers);
    spring_view_from_pointers(&view, pointers);
    view.count = state->count;
    return view;
}

void compare_state_grow_scale(const compare_state *state, float *scale) {
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        const float *a = state->field[f];
        if (a == NULL || !(COMPARE_SCALE_FIELDS & SPRING_BIT(f))) {
            continue;
        }
        for (size_t i = 0; i < state->count; ++i) {
            float m = fabsf(a[i]);
            if (m > scale[i]) {
                scale[i] = m;
            }
        }
    }
}

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
static void store_element(compare_state *state, mote_spring_kind kind, size_t i, element e) {
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
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (state->field[f] != NULL) {
            state->field[f][i] = value[f];
        }
    }
}

static float clamp_angle(float a) {
    return a > COMPARE_MAX_ANGLE    ? COMPARE_MAX_ANGLE
           : a < -COMPARE_MAX_ANGLE ? -COMPARE_MAX_ANGLE
                                    : a;
}

void compare_state_seed(compare_state *state, mote_spring_kind kind, uint64_t seed) {
    tool_rng rng = {seed ^ ((uint64_t)kind << 56)};
    const size_t edges = sizeof edge_cases / sizeof edge_cases[0];
    for (size_t i = 0; i < state->count; ++i) {
        element e = i < edges ? edge_cases[i] : random_element(&rng, kind);
        if (kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE) {
            e.x = clamp_angle(e.x);
            e.goal = clamp_angle(e.goal);
            e.xi = clamp_angle(e.xi);
        }
        store_element(state, kind, i, e);
    }
}
