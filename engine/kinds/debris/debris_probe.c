/* The debris pool 's probe (probe.h): "debris/default" (the default settings: speed cap
 * 95, no gravity, no damping) and "debris/gravity" (gravity, linear damping and a speed cap
 * of 24 that about half the pieces reach; the rest fly below it).
 *
 * The ship: every pool an adapter creates follows one fixed ship frame, set at creation: off
 * the origin, turned (an orientation and a spin axis that are not unit length, so the pool's
 * normalisation is covered) and spinning at 2.5 rad/s. Attached pieces follow it through the
 * ship transform and are released with its rotating-frame velocity. It stays the same from
 * step to step on purpose: the gates compare a step split into ranges with one whole step,
 * step_table with the pool's step, and (fuzzing) a piece stepped in the pool with the same
 * piece stepped alone in a fresh pool, so the ship cannot depend on which call is made.
 *
 * The desc as values (add_values/set_values): its float members in declaration order, vectors
 * and quaternions flattened component by component ({x, y, z}, {x, y, z, w}):
 *   0 time, 1 phase, 2-4 position, 5-8 orientation, 9-11 velocity, 12-14 angular_velocity,
 *   15-17 anchor, 18-20 outward, 21-24 base, 25 peel_start, 26 detach_time, 27 max_distance,
 *   28 twist, 29 outward_speed, 30 axial_speed (31 values; missing ones keep the default
 *   desc's). The phase is an enum: an integral float within int range becomes that integer
 *   (0, 1, 2 are the phases; -1, 3, ... are passed on for the pool to reject), anything else
 *   (fractions, infinities, NaN) becomes 3, which is not a phase.
 *
 * step/step_range hand the pool a released-ids report with room for 4 ids (so truncation is
 * exercised) and check it against the phases: a wrong report aborts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "probe.h"
#include "debris_bounds.h"

enum { DEBRIS_KIND_DEFAULT, DEBRIS_KIND_GRAVITY };

#define DESC_VALUES   31
#define RELEASED_ROOM 4
#define NOT_A_PHASE   3

static mote_debris_ship adapter_ship(void) {
    mote_debris_ship ship = {
        .position = {4.0f, -1.5f, 2.0f},
        .orientation = {0.2f, -0.4f, 0.1f, 0.9f},
        .axis = {0.3f, 0.2f, 1.0f},
        .spin_rate = 2.5f,
    };
    return ship;
}

static mote_debris_settings adapter_settings(int kind) {
    mote_debris_settings s = mote_default_debris_settings();
    if (kind == DEBRIS_KIND_GRAVITY) {
        s.speed_cap = 24.0f;
        s.gravity = (mote_vec3){0.5f, -9.81f, 0.25f};
        s.linear_damping = 0.35f;
    }
    return s;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_debris_pool_def d = mote_default_debris_pool_def();
    PROBE_DEF_COMMON(d, def);
    d.settings = adapter_settings(variant->model);
    if (variant->model != PROBE_DEFAULT_DEF) {
        d.ship = adapter_ship();
    }
    return mote_debris_pool_create(&d, (mote_debris_pool **)out);
}

/* values[1] as a phase (see the header comment). */
static mote_debris_phase phase_from_value(float value) {
    if (isfinite(value) && value == truncf(value) && fabsf(value) <= 1e9f) {
        return (mote_debris_phase)(int)value;
    }
    return (mote_debris_phase)NOT_A_PHASE;
}

/* The float members in declaration order (the phase, index 1, is handled apart). */
static float *desc_member(mote_debris_desc *d, size_t i) {
    float *members[DESC_VALUES] = {
        &d->time,
        NULL,
        &d->position.x,
        &d->position.y,
        &d->position.z,
        &d->orientation.x,
        &d->orientation.y,
        &d->orientation.z,
        &d->orientation.w,
        &d->velocity.x,
        &d->velocity.y,
        &d->velocity.z,
        &d->angular_velocity.x,
        &d->angular_velocity.y,
        &d->angular_velocity.z,
        &d->anchor.x,
        &d->anchor.y,
        &d->anchor.z,
        &d->outward.x,
        &d->outward.y,
        &d->outward.z,
        &d->base.x,
        &d->base.y,
        &d->base.z,
        &d->base.w,
        &d->peel_start,
        &d->detach_time,
        &d->max_distance,
        &d->twist,
        &d->outward_speed,
        &d->axial_speed,
    };
    return i < DESC_VALUES ? members[i] : NULL;
}

static mote_debris_desc desc_of_values(const float *values, size_t n) {
    mote_debris_desc d = mote_default_debris_desc();
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        if (i == 1) {
            d.phase = phase_from_value(values[i]);
        } else {
            *desc_member(&d, i) = values[i];
        }
    }
    return d;
}

/* An ordinary piece: mostly attached, with detach times spread over the first ~7 s (the
 * golden scenario steps ~7.8 s), the rest already released or free and tumbling. Always 31
 * draws. */
static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)pool;
    (void)variant;
    /* time, phase draw, position, orientation (w kept away from 0), velocity, angular
     * velocity, anchor, outward (x kept away from 0), base (w kept away from 0), peel_start,
     * detach delay, max_distance, twist, outward_speed, axial_speed */
    static const float lo[DESC_VALUES] = {-0.5f, 0.0f,  -10.0f, -10.0f, -10.0f, -1.0f, -1.0f, -1.0f,
                                          0.2f,  -5.0f, -5.0f,  -5.0f,  -4.0f,  -4.0f, -4.0f, -3.0f,
                                          -3.0f, -3.0f, 0.2f,   -1.0f,  -1.0f,  -1.0f, -1.0f, -1.0f,
                                          0.2f,  -1.0f, 0.0f,   0.0f,   -3.0f,  0.0f,  -2.0f};
    static const float hi[DESC_VALUES] = {0.5f, 1.0f, 10.0f, 10.0f, 10.0f, 1.0f, 1.0f, 1.0f,
                                          1.0f, 5.0f, 5.0f,  5.0f,  4.0f,  4.0f, 4.0f, 3.0f,
                                          3.0f, 3.0f, 1.0f,  1.0f,  1.0f,  1.0f, 1.0f, 1.0f,
                                          1.0f, 4.0f, 3.0f,  3.0f,  3.0f,  6.0f, 2.0f};
    float values[DESC_VALUES];
    for (size_t i = 0; i < DESC_VALUES; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    float u = values[1];
    values[1] = u < 0.6f    ? (float)MOTE_DEBRIS_ATTACHED
                : u < 0.75f ? (float)MOTE_DEBRIS_RELEASED
                            : (float)MOTE_DEBRIS_FREE;
    values[26] += values[25]; /* detach_time = peel_start + delay */
    mote_debris_desc d = desc_of_values(values, DESC_VALUES);
    d.orientation = mote_quat_normalize(d.orientation);
    *(mote_debris_desc *)desc = d;
    return MOTE_OK;
}

/* The step's report must list the pieces whose phase now says RELEASED (probe_check_report);
 * its room of RELEASED_ROOM ids exercises truncation. */
static mote_status step_range(void *pool, size_t begin, size_t end, float dt) {
    mote_id ids[RELEASED_ROOM];
    mote_debris_released released = {ids, RELEASED_ROOM, (size_t)-1};
    mote_status status = mote_debris_pool_step_range(pool, begin, end, dt, &released);
    if (status == MOTE_OK) {
        probe_check_report(pool, DEBRIS_PHASE, (float)MOTE_DEBRIS_RELEASED, begin, end, dt, ids,
                           RELEASED_ROOM, released.count);
    }
    return status;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    *(mote_debris_desc *)desc = desc_of_values(values, n);
}

/* The benchmarks' frames: the station spins (from rest at frame 0) and the pool's ship follows
 * it; each step reports its released ids into a buffer, as a game's frame would. */
static mote_station_spin bench_spin;

static void bench_frame(void *pool, unsigned frame) {
    if (frame == 0) {
        bench_spin = mote_default_station_spin();
    }
    mote_station_spin_step(&bench_spin, 1.0f / 60.0f);
    const mote_debris_ship ship =
        mote_station_spin_ship(&bench_spin, (mote_vec3){0.0f, 0.0f, 0.0f});
    (void)mote_debris_pool_set_ship(pool, &ship);
}

static mote_status bench_step(void *pool, float dt, const mote_task_system *tasks) {
    static mote_id ids[256];
    mote_debris_released released = {ids, 256, 0};
    return tasks == NULL ? mote_debris_pool_step(pool, dt, &released)
                         : mote_debris_pool_step_parallel(pool, dt, tasks, &released);
}

static mote_vec3 rvec(tool_rng *rng, float r) {
    mote_vec3 v = {tool_rng_range(rng, -r, r), tool_rng_range(rng, -r, r),
                   tool_rng_range(rng, -r, r)};
    return v;
}

static mote_quat rquat(tool_rng *rng) {
    mote_quat q = {tool_rng_range(rng, -1, 1), tool_rng_range(rng, -1, 1),
                   tool_rng_range(rng, -1, 1), tool_rng_range(rng, -1, 1)};
    return mote_quat_normalize(q);
}

static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    mote_debris_ranges ranges = {0.0f, 15.0f, 0.0f, 40.0f, -10.0f, 10.0f};
    for (size_t i = 0; i < count; ++i) {
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = rvec(&rng, 40.0f);
        mote_vec3 o = rvec(&rng, 1.0f);
        float len = sqrtf(o.x * o.x + o.y * o.y + o.z * o.z);
        d.outward = len > 1e-3f ? (mote_vec3){o.x / len, o.y / len, o.z / len}
                                : (mote_vec3){1.0f, 0.0f, 0.0f};
        d.base = rquat(&rng);
        d.max_distance = tool_rng_range(&rng, 0.0f, 6.0f);
        d.twist = tool_rng_range(&rng, -10.0f, 10.0f);
        mote_debris_draw(&d, &ranges, seed, i);
        d.peel_start = tool_rng_range(&rng, 0.0f, 2.0f);
        d.detach_time = d.peel_start + tool_rng_range(&rng, 0.0f, 3.0f);
        d.time = tool_rng_range(&rng, -1.0f, 4.0f);
        switch (i % 6) {
        case 0: /* free */
            d.phase = MOTE_DEBRIS_FREE;
            d.position = rvec(&rng, 1000.0f);
            d.orientation = rquat(&rng);
            d.velocity = rvec(&rng, 60.0f);
            break;
        case 1: /* free, far too fast: capped */
            d.phase = MOTE_DEBRIS_RELEASED;
            d.position = rvec(&rng, 100.0f);
            d.orientation = rquat(&rng);
            d.velocity = rvec(&rng, 1000.0f);
            break;
        case 2: /* degenerate window */
            d.detach_time = d.peel_start;
            break;
        default: /* attached */
            break;
        }
        debris_desc_store(fields, i, &d);
    }
}

static const probe_variant variants[] = {
    {"default", DEBRIS_KIND_DEFAULT, 0},
    {"gravity", DEBRIS_KIND_GRAVITY, 0},
};

const mote_probe mote_probe_debris = {
    .gate = "debris",
    .record = &mote_debris_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .step_range = step_range,
    .bench = "debris",
    .bench_step = bench_step,
    .bench_frame = bench_frame,
    .bench_bytes = (DEBRIS_FIELD_COUNT + 12) * sizeof(float),
};
