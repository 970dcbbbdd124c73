/* mote-compare's movers: the crowd, a seeded mix of characters (stopped, walking, turning,
 * reversing, at the accelerate/decelerate threshold, fast, explicitly facing) whose inputs
 * change every 30 steps, in the scaled style (compare_style.h) against the bounds of
 * engine/kinds/mover/mover_bounds.h: each state field judged at its own value, the facing fields at
 * mover_facing_scale. */
#include <math.h>
#include <stdbool.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "mote/mover_pool.h"
#include "mover_bounds.h"
#include "mover_fields.h"
#include "tool_rng.h"

#define ROW(name, field)                                                                           \
    { name, 1u << (field) }
static const compare_row rows[MOVER_STATE_COUNT] = {
    ROW("position_x", MOVER_POSITION_X),
    ROW("position_y", MOVER_POSITION_Y),
    ROW("velocity_x", MOVER_VELOCITY_X),
    ROW("velocity_y", MOVER_VELOCITY_Y),
    ROW("acceleration_x", MOVER_ACCELERATION_X),
    ROW("acceleration_y", MOVER_ACCELERATION_Y),
    ROW("immediate_vx", MOVER_IMMEDIATE_VELOCITY_X),
    ROW("immediate_vy", MOVER_IMMEDIATE_VELOCITY_Y),
    ROW("rotation", MOVER_ROTATION),
    ROW("angular_velocity", MOVER_ANGULAR_VELOCITY),
    ROW("immediate_rotation", MOVER_IMMEDIATE_ROTATION),
    ROW("immediate_angular_v", MOVER_IMMEDIATE_ANGULAR_VELOCITY),
};
#undef ROW

/* New inputs every 30 steps, the same for every variant: turn, stop, restart, re-aim. */
static void change_inputs(float *const *c, float *const *start, size_t count, long k) {
    for (size_t i = 0; i < count; ++i) {
        float phase = 0.7f * (float)(k / 30) + 0.37f * (float)(i % 13);
        float sx = start[MOVER_DESIRED_VELOCITY_X][i];
        float sy = start[MOVER_DESIRED_VELOCITY_Y][i];
        float base = fminf(sqrtf(sx * sx + sy * sy), 3000.0f) + 50.0f;
        bool stop = (k / 30 + (long)i) % 7 == 0;
        c[MOVER_DESIRED_VELOCITY_X][i] = stop ? 0.0f : base * cosf(phase);
        c[MOVER_DESIRED_VELOCITY_Y][i] = stop ? 0.0f : base * sinf(phase);
        c[MOVER_EXPLICIT_FACING][i] = (k / 30 + (long)i) % 5 == 0 ? 1.0f : 0.0f;
        c[MOVER_DESIRED_FACING][i] = 2.0f * phase - 5.0f;
    }
}

static bool before_step(const compare_kind *self, const compare_step *step) {
    (void)self;
    if (step->step > 0 && step->step % 30 == 0) {
        change_inputs(step->fields, step->start, step->count, step->step);
    }
    return true;
}

/* The facing fields at mover_facing_scale of the element's start and end; the others at
 * their own value (0). */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    if (!mover_is_facing_field(field)) {
        return 0.0f;
    }
    float before[MOVER_STATE_COUNT], after[MOVER_STATE_COUNT];
    for (int g = 0; g < MOVER_STATE_COUNT; ++g) {
        before[g] = sample->start[g][i];
        after[g] = sample->reference[g][i];
    }
    return (float)mover_facing_scale(before, after);
}

/* Scaled ULP after one step, relative after more (mover_bounds.h). */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    if (steps == 1) {
        return (compare_bound){mover_one_step_bound(field, COMPARE_DT, 1), COMPARE_ULP};
    }
    return (compare_bound){mover_bounds[field].relative, COMPARE_RELATIVE};
}

static const compare_kind mover = {
    COMPARE_WORDS("movers", "the crowd: mover pools",
                  "default params; facing fields scaled at max(|facing fields|, pi)", "movers"),
    .json_member = "movers",
    .style = &compare_style_scaled,
    COMPARE_STANDARD_MEMBERS(mover),
    .scale = scale,
    .before_step = before_step,
};

const compare_family compare_family_mover = {.kind = &mover};
