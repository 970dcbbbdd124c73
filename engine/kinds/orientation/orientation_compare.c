/* mote-compare's orientation kinds (control, spring, damper, inertialize): seeded orientations,
 * angular velocities and targets, half-lives, gains and caps as
 * engine/kinds/orientation/test_orientation_kernels.c seeds them, with a few targets turned every
 * 30 steps, in the exact style (compare_style.h): the orientation (a unit quaternion, measured in
 * ULPs of 1) and the angular velocity within the absolute bounds of
 * engine/kinds/orientation/orientation_bounds.h (omega's relative bound times
 * ORIENTATION_COMPARE_OMEGA_SCALE, the largest |omega| these seeds reach). */
#include <math.h>
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "mote/orientation_pool.h"
#include "orientation_bounds.h"
#include "orientation_fields.h"
#include "tool_rng.h"

#define FIELD_RANGE(first, last) ((((1u << ((last) - (first) + 1)) - 1u)) << (first))

static const compare_row rows[] = {
    {"orientation", FIELD_RANGE(ORIENTATION_QX, ORIENTATION_QW)},
    {"omega", FIELD_RANGE(ORIENTATION_WX, ORIENTATION_WZ)},
    {"offset", FIELD_RANGE(ORIENTATION_OQX, ORIENTATION_OQW)},
    {"offset_omega", FIELD_RANGE(ORIENTATION_OWX, ORIENTATION_OWZ)},
};

static bool is_quat(int field) {
    return field <= ORIENTATION_QW || (field >= ORIENTATION_OQX && field <= ORIENTATION_OQW);
}

static mote_pool *create(const compare_kind *self) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.kind = (mote_orientation_kind)self->model;
    mote_orientation_pool *pool = NULL;
    return mote_orientation_pool_create(&def, &pool) == MOTE_OK ? (mote_pool *)(void *)pool : NULL;
}

/* A unit quaternion (a random one normalised in double, as the pool stores it). */
static void put_quat(tool_rng *rng, float *const *fields, int first, size_t i) {
    double q[4], sum = 0.0;
    for (int c = 0; c < 4; ++c) {
        q[c] = tool_rng_range(rng, -1.0f, 1.0f);
        sum += q[c] * q[c];
    }
    double length = sqrt(sum) > 0.0 ? sqrt(sum) : 1.0;
    for (int c = 0; c < 4; ++c) {
        fields[first + c][i] = (float)(q[c] / length);
    }
}

static void seed_elements(const compare_kind *self, float *const *f, size_t count, uint64_t seed) {
    (void)self;
    tool_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        put_quat(&rng, f, ORIENTATION_QX, i);
        put_quat(&rng, f, ORIENTATION_TX, i);
        if (f[ORIENTATION_OQX] != NULL) {
            put_quat(&rng, f, ORIENTATION_OQX, i);
        }
        float w[3] = {tool_rng_range(&rng, -6, 6), tool_rng_range(&rng, -6, 6),
                      tool_rng_range(&rng, -6, 6)};
        float halflife = tool_rng_range(&rng, 0.02f, 2.0f);
        mote_orientation_control_params g = mote_orientation_control_gains(
            tool_rng_range(&rng, 0.05f, 1.0f), tool_rng_range(&rng, 0.3f, 1.5f), INFINITY);
        float cap = i % 3 == 0 ? 0.0f : tool_rng_range(&rng, 1.0f, 20.0f);
        const int fields[] = {ORIENTATION_WX,       ORIENTATION_WY,        ORIENTATION_WZ,
                              ORIENTATION_HALFLIFE, ORIENTATION_STIFFNESS, ORIENTATION_DAMPING,
                              ORIENTATION_MAX_SPEED};
        const float values[] = {w[0], w[1], w[2], halflife, g.stiffness, g.damping, cap};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; ++k) {
            if (f[fields[k]] != NULL) {
                f[fields[k]][i] = values[k];
            }
        }
    }
}

/* Every 30 steps, the targets of every 17th element turn a little about y. */
static bool before_step(const compare_kind *self, const compare_step *step) {
    (void)self;
    if (step->step == 0 || step->step % 30 != 0) {
        return true;
    }
    mote_quat turn = mote_quat_axis_angle((mote_vec3){0.0f, 1.0f, 0.0f}, 0.7f);
    for (size_t i = 0; i < step->count; i += 17) {
        mote_quat t = {step->fields[ORIENTATION_TX][i], step->fields[ORIENTATION_TY][i],
                       step->fields[ORIENTATION_TZ][i], step->fields[ORIENTATION_TW][i]};
        t = mote_quat_normalize(mote_quat_mul(turn, t));
        const float c[4] = {t.x, t.y, t.z, t.w};
        for (int k = 0; k < 4; ++k) {
            step->fields[ORIENTATION_TX + k][i] = c[k];
        }
    }
    return true;
}

/* The quaternion in ULPs of 1, omega in ULPs of the seeds' largest speed. */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    (void)sample;
    (void)i;
    return is_quat(field) ? 1.0f : (float)ORIENTATION_COMPARE_OMEGA_SCALE;
}

static compare_bound bound(const compare_kind *self, int field, long steps) {
    const bool one = steps <= 1, q = is_quat(field);
    double b;
    switch ((mote_orientation_kind)self->model) {
    case MOTE_ORIENTATION_CONTROL:
        b = q ? (one ? ORIENTATION_CONTROL_Q_ONE_STEP : ORIENTATION_CONTROL_Q_LONG_RUN)
              : (one ? ORIENTATION_CONTROL_W_ONE_STEP : ORIENTATION_CONTROL_W_LONG_RUN);
        break;
    case MOTE_ORIENTATION_SPRING:
        b = q ? (one ? ORIENTATION_SPRING_Q_ONE_STEP : ORIENTATION_SPRING_Q_LONG_RUN)
              : (one ? ORIENTATION_SPRING_W_ONE_STEP : ORIENTATION_SPRING_W_LONG_RUN);
        break;
    case MOTE_ORIENTATION_INERTIALIZE:
        b = q ? (one ? ORIENTATION_INERTIALIZE_Q_ONE_STEP : ORIENTATION_INERTIALIZE_Q_LONG_RUN)
              : (one ? ORIENTATION_INERTIALIZE_W_ONE_STEP : ORIENTATION_INERTIALIZE_W_LONG_RUN);
        break;
    default:
        b = one ? ORIENTATION_DAMPER_Q_ONE_STEP : ORIENTATION_DAMPER_Q_LONG_RUN;
        break;
    }
    /* past ORIENTATION_BOUND_STEPS the long-run bound grows linearly, as debris's does */
    double ratio = steps > ORIENTATION_BOUND_STEPS ? (double)steps / ORIENTATION_BOUND_STEPS : 1.0;
    double omega = q ? 1.0 : ORIENTATION_COMPARE_OMEGA_SCALE;
    return (compare_bound){b * omega * (one ? 1.0 : ratio), COMPARE_ABSOLUTE};
}

static const compare_kind *kinds(size_t *count) {
    static const char *const names[MOTE_ORIENTATION_KIND_COUNT] = {
        "orientation_control", "orientation_spring", "orientation_damper",
        "orientation_inertialize"};
    static compare_kind all[MOTE_ORIENTATION_KIND_COUNT];
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        all[k] = (compare_kind){
            .name = names[k],
            .noun = "orientations",
            .style = &compare_style_exact,
            .hashes = true,
            .model = k,
            .row_count = k == MOTE_ORIENTATION_DAMPER        ? 1
                         : k == MOTE_ORIENTATION_INERTIALIZE ? 4
                                                             : 2,
            .rows = rows,
            .create = create,
            .seed = seed_elements,
            .before_step = before_step,
            .scale = scale,
            .bound = bound,
        };
    }
    *count = MOTE_ORIENTATION_KIND_COUNT;
    return all;
}

const compare_family compare_family_orientation = {.kinds = kinds};
