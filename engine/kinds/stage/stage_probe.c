/* The stage pool 's probe (probe.h): "stages/default" (the seed's separation) and
 * "stages/no_kick" (no kick phase, a short tilt and stronger lags, so the lag and the spin set
 * in early). The separation constants are the pool's (mote/stage_pool.h): the adapter's
 * random stages carry the ones of its kind.
 *
 * The desc as values (add_values/set_values): its float members in declaration order, vectors
 * and quaternions flattened component by component ({x, y, z}, {x, y, z, w}):
 *   0-2 world.position, 3-6 world.orientation, 7-9 world.scale, 10-12 along, 13-15 side,
 *   16-18 earthward, 19 along_offset, 20 side_offset, 21 earthward_offset, 22 along_speed,
 *   23 side_speed, 24 earthward_speed, 25 kick_duration, 26 along_lag, 27 side_lag,
 *   28 earthward_lag, 29 tilt_duration, 30 tilt_angle, 31-33 tilt_axis, 34 spin_rate, 35 time,
 *   36-38 position, 39-42 orientation (43 values; missing ones keep the adapter's separation desc,
 *   mote_default_stage_desc() with its kind's constants; the pool refuses separation
 *   constants that are not its own). */
#include <math.h>

#include "mote/stage_pool.h"
#include "probe.h"
#include "stage_bounds.h"
#include "stage_fields.h"

enum { STAGE_SEPARATION_DEFAULT, STAGE_SEPARATION_NO_KICK };

#define DESC_VALUES  43
#define RANDOM_DRAWS 17

static mote_stage_desc adapter_separation(int kind) {
    mote_stage_desc d = mote_default_stage_desc();
    if (kind == STAGE_SEPARATION_NO_KICK) {
        d.kick_duration = 0.0f;
        d.tilt_duration = 0.75f;
        d.along_lag = -4.0f;
        d.side_lag = -2.5f;
        d.earthward_lag = 3.0f;
    }
    return d;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_stage_pool_def d = mote_default_stage_pool_def();
    PROBE_DEF_COMMON(d, def);
    d.separation = adapter_separation(variant->model);
    return mote_stage_pool_create(&d, (mote_stage_pool **)out);
}

/* The float members in declaration order. */
static float *desc_member(mote_stage_desc *d, size_t i) {
    float *members[] = {
        &d->world.position.x,
        &d->world.position.y,
        &d->world.position.z,
        &d->world.orientation.x,
        &d->world.orientation.y,
        &d->world.orientation.z,
        &d->world.orientation.w,
        &d->world.scale.x,
        &d->world.scale.y,
        &d->world.scale.z,
        &d->along.x,
        &d->along.y,
        &d->along.z,
        &d->side.x,
        &d->side.y,
        &d->side.z,
        &d->earthward.x,
        &d->earthward.y,
        &d->earthward.z,
        &d->along_offset,
        &d->side_offset,
        &d->earthward_offset,
        &d->along_speed,
        &d->side_speed,
        &d->earthward_speed,
        &d->kick_duration,
        &d->along_lag,
        &d->side_lag,
        &d->earthward_lag,
        &d->tilt_duration,
        &d->tilt_angle,
        &d->tilt_axis.x,
        &d->tilt_axis.y,
        &d->tilt_axis.z,
        &d->spin_rate,
        &d->time,
        &d->position.x,
        &d->position.y,
        &d->position.z,
        &d->orientation.x,
        &d->orientation.y,
        &d->orientation.z,
        &d->orientation.w,
    };
    _Static_assert(sizeof members / sizeof members[0] == DESC_VALUES, "every float member");
    return i < DESC_VALUES ? members[i] : NULL;
}

/* A stage detached from a rocket somewhere in its ascent: the rocket's world transform (off
 * the origin, turned, uniform scale) and the stage's local one, captured; the frame from a
 * flight direction leaning downrange, the radial and a side direction drawn around the
 * camera's; tilt and spin drawn from a seed; a time since detachment up to 4 s (the golden
 * scenario adds ~7.8 s: the kick, the tilt and the spin are all crossed). Always 17 draws. */
static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)pool;
    static const float lo[RANDOM_DRAWS] = {-50.0f, -10.0f, -50.0f, -1.0f, -1.0f, -1.0f,
                                           0.2f,   0.5f,   -2.0f,  -2.0f, -2.0f, -1.0f,
                                           0.2f,   0.0f,   -1.0f,  0.0f,  0.0f};
    static const float hi[RANDOM_DRAWS] = {50.0f, 400.0f, 50.0f, 1.0f, 1.0f, 1.0f, 1.0f, 3.0f, 2.0f,
                                           2.0f,  2.0f,   1.0f,  1.0f, 1.0f, 1.0f, 4.0f, 1.0f};
    float v[RANDOM_DRAWS];
    for (size_t i = 0; i < RANDOM_DRAWS; ++i) {
        v[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    mote_stage_desc d = adapter_separation(variant->model);
    const mote_transform rocket = {
        {v[0], v[1], v[2]},
        mote_quat_normalize((mote_quat){v[3], v[4], v[5], v[6]}),
        {v[7], v[7], v[7]},
    };
    const mote_transform local = {{v[8], v[9], v[10]}, mote_quat_identity(), {1.0f, 1.0f, 1.0f}};
    mote_status status = mote_stage_capture(&d, &rocket, &local);
    const mote_vec3 flight = {v[11], v[12], -v[13]};
    const mote_vec3 radial = {0.0f, 1.0f, -0.3f * v[13]};
    const mote_vec3 side = {1.0f, 0.2f * v[14], 0.1f};
    if (status == MOTE_OK) {
        status = mote_stage_set_frame(&d, flight, radial, side);
    }
    if (status == MOTE_OK) {
        status = mote_stage_draw(&d, 0x5354474553454544ull, (uint64_t)(v[16] * 65536.0f));
    }
    d.time = v[15];
    *(mote_stage_desc *)desc = d;
    return status;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)pool;
    mote_stage_desc *d = desc;
    *d = adapter_separation(variant->model);
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        *desc_member(d, i) = values[i];
    }
}

static float r(tool_rng *rng, float lo, float hi) {
    return tool_rng_range(rng, lo, hi);
}

static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        mote_stage_desc d = mote_default_stage_desc();
        const float s = r(&rng, 0.5f, 3.0f);
        const mote_transform rocket = {
            {r(&rng, -3000.0f, 3000.0f), r(&rng, 0.0f, 420.0f), r(&rng, -3000.0f, 3000.0f)},
            mote_quat_normalize((mote_quat){r(&rng, -1, 1), r(&rng, -1, 1), r(&rng, -1, 1), 0.5f}),
            {s, s, s},
        };
        const mote_transform local = {
            {r(&rng, -2, 2), r(&rng, -8, 0), r(&rng, -2, 2)},
            mote_quat_normalize((mote_quat){r(&rng, -0.2f, 0.2f), 0.0f, 0.0f, 1.0f}),
            {1.0f, 1.0f, 1.0f},
        };
        const float turn = r(&rng, 0.0f, 1.4f); /* the flight direction across the ascent */
        const mote_vec3 flight = {r(&rng, -0.05f, 0.05f), cosf(turn), -sinf(turn)};
        const mote_vec3 radial = {0.0f, 1.0f, r(&rng, -0.3f, 0.0f)};
        const mote_vec3 side = {1.0f, r(&rng, -0.3f, 0.3f), r(&rng, -0.3f, 0.3f)};
        if (mote_stage_capture(&d, &rocket, &local) != MOTE_OK ||
            mote_stage_set_frame(&d, flight, radial, side) != MOTE_OK ||
            mote_stage_draw(&d, seed, i) != MOTE_OK) {
            d = mote_default_stage_desc();
        }
        d.time = r(&rng, 0.0f, 4.0f);
        stage_desc_store(fields, i, &d);
    }
}

static const probe_variant variants[] = {
    {"default", STAGE_SEPARATION_DEFAULT, 0},
    {"no_kick", STAGE_SEPARATION_NO_KICK, 0},
};

const mote_probe mote_probe_stage = {
    .gate = "stages",
    .record = &mote_stage_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .bench = "stages",
    .bench_bytes = (STAGE_FIELD_COUNT + 1) * sizeof(float),
};
