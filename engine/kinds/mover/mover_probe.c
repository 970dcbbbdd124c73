/* The mover (crowd) kind's probe (probe.h): one variant per params set, "movers/<set>".
 * A mover pool has no kinds, one mote_movement_params per pool; the adapters cover the
 * defaults (double facing spring, acceleration at the velocity error) and a directional set
 * (directional_acceleration 1, single facing spring, a faster turn, deceleration lookahead),
 * so both sides of the model's params-driven selects are pinned by the gates.
 *
 * desc_from_values takes the desc flattened in declaration order, nested structs
 * member by member (16 floats):
 *   state.position.x, .y, state.velocity.x, .y, state.acceleration.x, .y,
 *   state.immediate_velocity.x, .y, state.rotation, state.angular_velocity,
 *   state.immediate_rotation, state.immediate_angular_velocity,
 *   desired_velocity.x, .y, desired_facing, explicit_facing
 * explicit_facing is a bool in the desc: any value but zero (NaN included) sets it. Values
 * past the count given keep mote_default_mover_desc(). */
#include <string.h>

#include "mote/mover_pool.h"
#include "mover_fields.h"
#include "probe.h"
#include "mover_bounds.h"
#include <math.h>

/* avoid: the default params with avoidance on (neighbours within 60 px) and every element a
 * body of radius 6 to 18 px. */
enum { MOVER_PARAMS_DEFAULT, MOVER_PARAMS_DIRECTIONAL, MOVER_PARAMS_AVOID };

#define DESC_VALUES 16

static mote_movement_params adapter_params(int kind) {
    mote_movement_params p = mote_default_movement_params();
    if (kind == MOVER_PARAMS_DIRECTIONAL) {
        p.directional_acceleration = 1.0f;
        p.rotation_double_spring = false;
        p.turn_strength = 4.0f;
        p.deceleration_compensation = 0.5f;
    }
    return p;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_mover_pool_def d = mote_default_mover_pool_def();
    d.params = adapter_params(variant->model);
    if (variant->model == MOVER_PARAMS_AVOID) {
        d.avoidance.neighbor_distance = 60.0f;
    }
    PROBE_DEF_COMMON(d, def);
    return mote_mover_pool_create(&d, (mote_mover_pool **)out);
}

/* The float members of a desc in declaration order (the order add_values takes them in);
 * explicit_facing, the one bool, is handled by desc_from_values. */
static float *desc_member(mote_mover_desc *d, size_t i) {
    mote_movement_state *s = &d->state;
    float *members[] = {
        &s->position.x,           &s->position.y,           &s->velocity.x,
        &s->velocity.y,           &s->acceleration.x,       &s->acceleration.y,
        &s->immediate_velocity.x, &s->immediate_velocity.y, &s->rotation,
        &s->angular_velocity,     &s->immediate_rotation,   &s->immediate_angular_velocity,
        &d->desired_velocity.x,   &d->desired_velocity.y,   &d->desired_facing,
    };
    return i < sizeof members / sizeof members[0] ? members[i] : NULL;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    mote_mover_desc *d = desc;
    *d = mote_default_mover_desc();
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        float *member = desc_member(d, i);
        if (member != NULL) {
            *member = values[i];
        } else {
            d->explicit_facing = values[i] != 0.0f;
        }
    }
}

static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    /* ordinary states and inputs in the params' pixel units; every value drawn for every
     * element (the same number of draws); about a third face explicitly */
    const float lo[] = {-500.0f, -500.0f, -300.0f, -300.0f, -800.0f, -800.0f, -300.0f, -300.0f,
                        -3.2f,   -6.0f,   -3.2f,   -6.0f,   -400.0f, -400.0f, -3.2f,   0.0f};
    const float hi[] = {500.0f, 500.0f, 300.0f, 300.0f, 800.0f, 800.0f, 300.0f, 300.0f,
                        3.2f,   6.0f,   3.2f,   6.0f,   400.0f, 400.0f, 3.2f,   1.0f};
    float values[DESC_VALUES];
    for (size_t i = 0; i < DESC_VALUES; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    values[DESC_VALUES - 1] = values[DESC_VALUES - 1] < 0.35f ? 1.0f : 0.0f;
    desc_from_values(variant, pool, values, DESC_VALUES, desc);
    if (variant->model == MOVER_PARAMS_AVOID) {
        ((mote_mover_desc *)desc)->radius = tool_rng_range(rng, 6.0f, 18.0f);
    }
    return MOTE_OK;
}

/* One kind of character per index mod 7: stopped, walking, turning, reversing, at the
 * accelerate/decelerate threshold, fast, explicitly facing. */
static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        float v[MOVER_FIELD_COUNT] = {0};
        float speed = tool_rng_log_range(&rng, 1.0f, 1000.0f);
        float a = tool_rng_range(&rng, -3.14159f, 3.14159f);
        float b = a;
        float ds = speed;
        v[MOVER_POSITION_X] = tool_rng_range(&rng, -1000.0f, 1000.0f);
        v[MOVER_POSITION_Y] = tool_rng_range(&rng, -1000.0f, 1000.0f);
        v[MOVER_ROTATION] = tool_rng_range(&rng, -10.0f, 10.0f);
        v[MOVER_IMMEDIATE_ROTATION] = v[MOVER_ROTATION] + tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_ANGULAR_VELOCITY] = tool_rng_range(&rng, -3.0f, 3.0f);
        v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = tool_rng_range(&rng, -3.0f, 3.0f);
        switch (i % 7) {
        case 0:
            speed = ds = 0.0f;
            break;
        case 2:
            b = a + tool_rng_range(&rng, -2.5f, 2.5f);
            break;
        case 3:
            b = a + 3.14159265f;
            break;
        case 4:
            ds = speed * (1.0f + (float)((int)(tool_rng_next(&rng) % 9) - 4) * 1.2e-7f);
            b = a + tool_rng_range(&rng, -1e-3f, 1e-3f);
            break;
        case 5:
            speed *= 1000.0f, ds = speed;
            b = a + 0.3f;
            break;
        case 6:
            v[MOVER_EXPLICIT_FACING] = 1.0f;
            v[MOVER_DESIRED_FACING] = tool_rng_range(&rng, -3.14159f, 3.14159f);
            b = a + tool_rng_range(&rng, -3.0f, 3.0f);
            break;
        default:
            break;
        }
        v[MOVER_IMMEDIATE_VELOCITY_X] = speed * cosf(a);
        v[MOVER_IMMEDIATE_VELOCITY_Y] = speed * sinf(a);
        v[MOVER_VELOCITY_X] = v[MOVER_IMMEDIATE_VELOCITY_X] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_VELOCITY_Y] = v[MOVER_IMMEDIATE_VELOCITY_Y] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_ACCELERATION_X] = speed * tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_ACCELERATION_Y] = speed * tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_DESIRED_VELOCITY_X] = ds * cosf(b);
        v[MOVER_DESIRED_VELOCITY_Y] = ds * sinf(b);
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            fields[f][i] = v[f];
        }
    }
}

static const probe_variant variants[] = {
    {"default", MOVER_PARAMS_DEFAULT, 0},
    {"directional", MOVER_PARAMS_DIRECTIONAL, 0},
    {"avoid", MOVER_PARAMS_AVOID, 0},
};

/* With avoidance on, a step split into ranges is not the whole step. */
static bool ranges_differ(const probe_variant *variant) {
    return variant->model == MOVER_PARAMS_AVOID;
}

const mote_probe mote_probe_mover = {
    .ranges_differ = ranges_differ,
    .gate = "movers",
    .record = &mote_mover_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .bench = "movers",
    .bench_bytes = (MOVER_FIELD_COUNT + MOVER_STATE_COUNT) * sizeof(float),
};
