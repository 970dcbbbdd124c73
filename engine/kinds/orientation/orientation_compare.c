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

static const compare_row rows[] = {
    {"orientation", COMPARE_FIELD_RANGE(ORIENTATION_QX, ORIENTATION_QW)},
    {"omega", COMPARE_FIELD_RANGE(ORIENTATION_WX, ORIENTATION_WZ)},
    {"offset", COMPARE_FIELD_RANGE(ORIENTATION_OQX, ORIENTATION_OQW)},
    {"offset_omega", COMPARE_FIELD_RANGE(ORIENTATION_OWX, ORIENTATION_OWZ)},
};

static bool is_quat(int field) {
    return field <= ORIENTATION_QW || (field >= ORIENTATION_OQX && field <= ORIENTATION_OQW);
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
            .probe = &mote_probe_orientation,
            .before_step = before_step,
            .scale = scale,
            .bound = bound,
        };
    }
    *count = MOTE_ORIENTATION_KIND_COUNT;
    return all;
}

const compare_family compare_family_orientation = {.kinds = kinds};
