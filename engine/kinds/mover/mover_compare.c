/* mote-compare's movers, two kinds of the mover family:
 * - movers: the crowd, a seeded mix of characters (stopped, walking, turning, reversing, at
 *   the accelerate/decelerate threshold, fast, explicitly facing) whose inputs change every 30
 *   steps, in the scaled style (compare_style.h) against the bounds of
 *   engine/kinds/mover/mover_bounds.h: each state field judged at its own value, the facing
 *   fields at mover_facing_scale;
 * - avoidance: a packed crowd of bodies among walls with avoidance on, each variant's step the
 *   pool's whole step on its kernel table (the grid, mote_kernel_mover_avoid, the movement
 *   kernel, the mote_kernel_mover_project passes: compare_kind.stages), so every wide
 *   variant's avoidance and projection kernels are held to their scalar references: the
 *   positions, velocities, accelerations and avoid velocities bit for bit, the facing fields
 *   to the movers' bounds. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "avoid_scenes.h"
#include "compare_engine.h"
#include "compare_style.h"
#include "mote/mover_pool.h"
#include "mover_bounds.h"
#include "mover_fields.h"
#include "tool_rng.h"

#define ROW(name, field) {name, 1u << (field)},
/* The rows every mover compares: the motion's, then the facing's. */
#define MOVER_MOTION_ROWS                                                                          \
    ROW("position_x", MOVER_POSITION_X)                                                            \
    ROW("position_y", MOVER_POSITION_Y)                                                            \
    ROW("velocity_x", MOVER_VELOCITY_X)                                                            \
    ROW("velocity_y", MOVER_VELOCITY_Y)                                                            \
    ROW("acceleration_x", MOVER_ACCELERATION_X)                                                    \
    ROW("acceleration_y", MOVER_ACCELERATION_Y)                                                    \
    ROW("immediate_vx", MOVER_IMMEDIATE_VELOCITY_X)                                                \
    ROW("immediate_vy", MOVER_IMMEDIATE_VELOCITY_Y)
#define MOVER_FACING_ROWS                                                                          \
    ROW("rotation", MOVER_ROTATION)                                                                \
    ROW("angular_velocity", MOVER_ANGULAR_VELOCITY)                                                \
    ROW("immediate_rotation", MOVER_IMMEDIATE_ROTATION)                                            \
    ROW("immediate_angular_v", MOVER_IMMEDIATE_ANGULAR_VELOCITY)
static const compare_row rows[MOVER_STATE_COUNT] = {MOVER_MOTION_ROWS MOVER_FACING_ROWS};

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

/* ---- avoidance ------------------------------------------------------------------------- */

/* The crowd: bodies on a lattice CROWD_SPACING m apart, jittered (some overlap, some stand on
 * a wall, some on top of another), in metres with the avoidance scenes' params and settings
 * (avoid_scenes.h). Its step costs a neighbourhood per body, so it runs at most
 * CROWD_MAX_COUNT bodies and CROWD_MAX_STEPS steps. */
#define CROWD_SPACING   1.0f
#define CROWD_MAX_COUNT 1024
#define CROWD_MAX_STEPS 60
#define CROWD_PI        3.14159265f

/* Bodies per lattice row, and the lattice's side in metres. */
static size_t crowd_row(size_t count) {
    return (size_t)ceil(sqrt((double)(count > 0 ? count : 1)));
}

/* A box round the lattice, a wall across its middle with a door in it (through a column of
 * bodies: they start on it) and a slanted wall in one half. */
static mote_status crowd_walls(mote_mover_pool *pool, size_t count) {
    const float side = CROWD_SPACING * (float)crowd_row(count);
    const float mid = CROWD_SPACING * (float)(crowd_row(count) / 2), lo = -1.0f;
    const mote_segment walls[] = {
        {{lo, lo}, {side, lo}},
        {{side, lo}, {side, side}},
        {{side, side}, {lo, side}},
        {{lo, side}, {lo, lo}},
        {{mid, lo}, {mid, 0.4f * side}},
        {{mid, 0.6f * side}, {mid, side}},
        {{0.2f * side, 0.7f * side}, {0.4f * side, 0.9f * side}},
    };
    return mote_mover_pool_set_walls(pool, walls, sizeof walls / sizeof walls[0]);
}

static mote_status crowd_create(const probe_variant *variant, const probe_def *def, void **out) {
    (void)variant;
    mote_mover_pool_def d = mote_default_mover_pool_def();
    d.params = avoid_scene_params();
    d.avoidance.neighbor_distance = 3.0f;
    PROBE_DEF_COMMON(d, def);
    mote_status status = mote_mover_pool_create(&d, (mote_mover_pool **)out);
    if (status == MOTE_OK) {
        status = crowd_walls(*out, def->max_count);
    }
    return status;
}

/* The pool's elements: bodies at rest (the seeded state replaces them before each step). */
static mote_status crowd_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                              void *desc) {
    (void)variant;
    (void)pool;
    (void)rng;
    mote_mover_desc *d = desc;
    *d = mote_default_mover_desc();
    d->radius = AVOID_RADIUS;
    return MOTE_OK;
}

/* Body i on the lattice, jittered by up to 0.35 m, of radius 0.3 to 0.5 m (every 16th no
 * body: radius 0), every 97th on top of the one before; walking up to 1.5 m/s, asking for
 * 1.5 m/s in a direction within 1.5 rad of it (every 11th to stand), every 5th facing
 * explicitly. */
static void crowd_seed(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    const size_t row = crowd_row(count);
    for (size_t i = 0; i < count; ++i) {
        float v[MOVER_FIELD_COUNT] = {0};
        v[MOVER_POSITION_X] =
            CROWD_SPACING * (float)(i % row) + tool_rng_range(&rng, -0.35f, 0.35f);
        v[MOVER_POSITION_Y] =
            CROWD_SPACING * (float)(i / row) + tool_rng_range(&rng, -0.35f, 0.35f);
        if (i % 97 == 96) {
            v[MOVER_POSITION_X] = fields[MOVER_POSITION_X][i - 1];
            v[MOVER_POSITION_Y] = fields[MOVER_POSITION_Y][i - 1];
        }
        const float radius = tool_rng_range(&rng, 0.3f, 0.5f);
        v[MOVER_RADIUS] = i % 16 == 15 ? 0.0f : radius;
        const float speed = tool_rng_range(&rng, 0.0f, AVOID_SPEED);
        const float a = tool_rng_range(&rng, -CROWD_PI, CROWD_PI);
        const float b = a + tool_rng_range(&rng, -1.5f, 1.5f);
        v[MOVER_VELOCITY_X] = speed * cosf(a);
        v[MOVER_VELOCITY_Y] = speed * sinf(a);
        v[MOVER_IMMEDIATE_VELOCITY_X] = v[MOVER_VELOCITY_X] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_IMMEDIATE_VELOCITY_Y] = v[MOVER_VELOCITY_Y] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_ACCELERATION_X] = tool_rng_range(&rng, -2.0f, 2.0f);
        v[MOVER_ACCELERATION_Y] = tool_rng_range(&rng, -2.0f, 2.0f);
        v[MOVER_ROTATION] = tool_rng_range(&rng, -3.0f, 3.0f);
        v[MOVER_IMMEDIATE_ROTATION] = v[MOVER_ROTATION] + tool_rng_range(&rng, -0.5f, 0.5f);
        v[MOVER_ANGULAR_VELOCITY] = tool_rng_range(&rng, -2.0f, 2.0f);
        v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = tool_rng_range(&rng, -2.0f, 2.0f);
        const float ask = i % 11 == 0 ? 0.0f : AVOID_SPEED;
        v[MOVER_DESIRED_VELOCITY_X] = ask * cosf(b);
        v[MOVER_DESIRED_VELOCITY_Y] = ask * sinf(b);
        v[MOVER_DESIRED_FACING] = tool_rng_range(&rng, -CROWD_PI, CROWD_PI);
        v[MOVER_EXPLICIT_FACING] = i % 5 == 0 ? 1.0f : 0.0f;
        v[MOVER_AVOID_VELOCITY_X] = v[MOVER_DESIRED_VELOCITY_X]; /* as add leaves it */
        v[MOVER_AVOID_VELOCITY_Y] = v[MOVER_DESIRED_VELOCITY_Y];
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            fields[f][i] = v[f];
        }
    }
}

/* The crowd's probe: a mover pool in the avoidance scenes' units with walls, and the state
 * above (mote-compare uses create, random_desc and seed_state). */
static const probe_variant crowd_variants[] = {{"avoidance", 0, 0}};
static const mote_probe crowd_probe = {
    .gate = "avoidance",
    .record = &mote_mover_pool_kind_record,
    .variant_count = 1,
    .variants = crowd_variants,
    .create = crowd_create,
    .random_desc = crowd_desc,
    .seed_state = crowd_seed,
};

/* New inputs every 30 steps, the same for every variant: 1.5 m/s in a new direction, some
 * standing, some facing explicitly. */
static bool crowd_before_step(const compare_kind *self, const compare_step *step) {
    (void)self;
    const long k = step->step;
    if (k == 0 || k % 30 != 0) {
        return true;
    }
    float *const *c = step->fields;
    for (size_t i = 0; i < step->count; ++i) {
        const float phase = 0.7f * (float)(k / 30) + 0.37f * (float)(i % 13);
        const bool stop = (k / 30 + (long)i) % 7 == 0;
        c[MOVER_DESIRED_VELOCITY_X][i] = stop ? 0.0f : AVOID_SPEED * cosf(phase);
        c[MOVER_DESIRED_VELOCITY_Y][i] = stop ? 0.0f : AVOID_SPEED * sinf(phase);
        c[MOVER_EXPLICIT_FACING][i] = (k / 30 + (long)i) % 5 == 0 ? 1.0f : 0.0f;
        c[MOVER_DESIRED_FACING][i] = 2.0f * phase - 5.0f;
    }
    return true;
}

/* Identical but for the facing fields, which keep the movers' bounds. */
static compare_bound crowd_bound(const compare_kind *self, int field, long steps) {
    if (!mover_is_facing_field(field)) {
        return (compare_bound){0.0, COMPARE_ULP};
    }
    return bound(self, field, steps);
}

static const compare_row crowd_rows[MOVER_STATE_COUNT + 2] = {
    MOVER_MOTION_ROWS ROW("avoid_velocity_x", MOVER_AVOID_VELOCITY_X)
        ROW("avoid_velocity_y", MOVER_AVOID_VELOCITY_Y) MOVER_FACING_ROWS};
#undef MOVER_FACING_ROWS
#undef MOVER_MOTION_ROWS
#undef ROW

static const compare_kind kinds[] = {
    {
        COMPARE_WORDS("movers", "the crowd: mover pools",
                      "default params; facing fields scaled at max(|facing fields|, pi)", "movers"),
        .json_member = "movers",
        .style = &compare_style_scaled,
        COMPARE_STANDARD_MEMBERS(mover),
        .scale = scale,
        .before_step = before_step,
    },
    {
        COMPARE_WORDS("avoidance",
                      "the crowd's avoidance: the grid, avoid and projection kernels in the "
                      "pool's step",
                      "bodies 1 m apart among walls, avoidance on; facing fields scaled at "
                      "max(|facing fields|, pi)",
                      "bodies"),
        .style = &compare_style_scaled,
        .row_count = sizeof crowd_rows / sizeof crowd_rows[0],
        .rows = crowd_rows,
        .probe = &crowd_probe,
        .model = 0,
        .bound = crowd_bound,
        .scale = scale,
        .before_step = crowd_before_step,
        .stages = true,
        .max_count = CROWD_MAX_COUNT,
        .max_steps = CROWD_MAX_STEPS,
    },
};

static const compare_kind *mover_kinds(size_t *count) {
    *count = sizeof kinds / sizeof kinds[0];
    return kinds;
}

static void print_note(FILE *out) {
    fprintf(out,
            "              movers: position, velocity, acceleration and immediate velocity\n"
            "              must match the reference bit for bit; the facing fields within\n"
            "              their bounds (mover_bounds.h)\n"
            "              avoidance: the pool's whole step with avoidance on, on at most\n"
            "              %d bodies and %d steps (a step costs a neighbourhood per body);\n"
            "              the movers' bounds, and avoid velocity bit for bit\n",
            CROWD_MAX_COUNT, CROWD_MAX_STEPS);
}

const compare_family compare_family_mover = {.kinds = mover_kinds, .print_note = print_note};
