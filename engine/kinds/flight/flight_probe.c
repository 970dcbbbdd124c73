/* The flight pool 's probe (probe.h): "flights/default" (the default limits) and
 * "flights/banked" (a faster, tighter-banking flock under a tilted up, so the bank cap is
 * reached and the level roll is not about +z).
 *
 * The desc as values (add_values/set_values): its float members in declaration order, vectors
 * flattened {x, y, z}:
 *   0-2 start_position, 3-5 start_velocity, 6-8 perch_position, 9-11 landing_normal,
 *   12 cruise_speed, 13 max_acceleration, 14 max_deceleration, 15 max_bank, 16 gravity,
 *   17-19 world_up (20 values; missing ones keep the pool's desc, mote_flight_pool_desc, so
 *   a short list has the pool's limits and is planned; a limit that differs is refused).
 *
 * add_random draws the four vectors (13 draws: one more picks the degenerate flights, P0 ==
 * P1, from rest, the normal along the chord, the perch behind, one flyer in eight).
 * step/step_range hand the pool a landed-ids report with room for 4 ids (so truncation is
 * exercised) and check it against the landed flags: a wrong report aborts. */
#include <stdio.h>
#include <stdlib.h>

#include <math.h>

#include "mote/flight_pool.h"
#include "flight_fields.h"
#include "probe.h"

enum { FLIGHT_KIND_DEFAULT, FLIGHT_KIND_BANKED };

#define DESC_VALUES 20
#define LANDED_ROOM 4

static mote_flight_limits adapter_limits(int kind) {
    mote_flight_limits l = mote_default_flight_limits();
    if (kind == FLIGHT_KIND_BANKED) {
        l.cruise_speed = 11.0f;
        l.max_acceleration = 7.0f;
        l.max_deceleration = 2.5f;
        l.max_bank = 0.35f;
        l.world_up = (mote_vec3){0.0f, 0.4f, 1.0f};
    }
    return l;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_flight_pool_def d = mote_default_flight_pool_def();
    PROBE_DEF_COMMON(d, def);
    d.limits = adapter_limits(variant->model);
    return mote_flight_pool_create(&d, (mote_flight_pool **)out);
}

static float *desc_member(mote_flight_desc *d, size_t i) {
    float *members[DESC_VALUES] = {
        &d->start_position.x, &d->start_position.y, &d->start_position.z, &d->start_velocity.x,
        &d->start_velocity.y, &d->start_velocity.z, &d->perch_position.x, &d->perch_position.y,
        &d->perch_position.z, &d->landing_normal.x, &d->landing_normal.y, &d->landing_normal.z,
        &d->cruise_speed,     &d->max_acceleration, &d->max_deceleration, &d->max_bank,
        &d->gravity,          &d->world_up.x,       &d->world_up.y,       &d->world_up.z,
    };
    return members[i];
}

static mote_flight_desc desc_of_values(const void *pool, const float *values, size_t n) {
    mote_flight_desc d = mote_flight_pool_desc(pool);
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        *desc_member(&d, i) = values[i];
    }
    return d;
}

/* An ordinary flyer within 25 units of the origin, one in eight degenerate. Always 13 draws. */
static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)variant;
    float values[12];
    for (size_t i = 0; i < 12; ++i) {
        float r = i >= 9 ? 1.0f : (i >= 3 && i < 6 ? 7.0f : 25.0f);
        values[i] = tool_rng_range(rng, -r, r);
    }
    float pick = tool_rng_range(rng, 0.0f, 1.0f);
    mote_flight_desc d = desc_of_values(pool, values, 12);
    if (pick < 0.03f) {
        d.perch_position = d.start_position;
    } else if (pick < 0.06f) {
        d.start_velocity = (mote_vec3){0.0f, 0.0f, 0.0f};
    } else if (pick < 0.09f) {
        d.landing_normal = mote_vec3_sub(d.perch_position, d.start_position);
    } else if (pick < 0.125f) {
        d.start_velocity = mote_vec3_scale(mote_vec3_sub(d.start_position, d.perch_position), 0.2f);
    }
    *(mote_flight_desc *)desc = d;
    return MOTE_OK;
}

/* The step's report must list the flyers whose flag says they landed in this step (1,
 * probe_check_report); its room of LANDED_ROOM ids exercises truncation. */
static mote_status step_range(void *pool, size_t begin, size_t end, float dt) {
    mote_id ids[LANDED_ROOM];
    mote_flight_landed landed = {ids, LANDED_ROOM, (size_t)-1};
    mote_status status = mote_flight_pool_step_range(pool, begin, end, dt, &landed);
    if (status == MOTE_OK) {
        probe_check_report(pool, FLIGHT_LANDED, 1.0f, begin, end, dt, ids, LANDED_ROOM,
                           landed.count);
    }
    return status;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    *(mote_flight_desc *)desc = desc_of_values(pool, values, n);
}

/* A benchmark's step reports its landed ids into a buffer, as a game's frame would. */
static mote_status bench_step(void *pool, float dt, const mote_task_system *tasks) {
    static mote_id ids[256];
    mote_flight_landed landed = {ids, 256, 0};
    return tasks == NULL ? mote_flight_pool_step(pool, dt, &landed)
                         : mote_flight_pool_step_parallel(pool, dt, tasks, &landed);
}

static mote_vec3 rvec(tool_rng *rng, float r) {
    mote_vec3 v = {tool_rng_range(rng, -r, r), tool_rng_range(rng, -r, r),
                   tool_rng_range(rng, -r, r)};
    return v;
}

/* Flight i's plan and its pose at a clock in [0, 12] s, written as the pool's add writes
 * them (flight_fields.h): ordinary approaches within 50 units and, in turn, P0 == P1, from
 * rest, the normal along the chord, the perch straight behind and a sharp turn onto a close
 * perch. */
static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    mote_flight_desc base = mote_default_flight_desc();
    for (size_t i = 0; i < count; ++i) {
        mote_flight_desc d = base;
        d.start_position = rvec(&rng, 50.0f);
        d.start_velocity = rvec(&rng, 8.0f);
        d.perch_position = rvec(&rng, 50.0f);
        d.landing_normal = rvec(&rng, 1.0f);
        float time = tool_rng_range(&rng, 0.0f, 12.0f);
        switch (i % 10) {
        case 0: /* P0 == P1 */
            d.perch_position = d.start_position;
            break;
        case 1: /* from rest */
            d.start_velocity = (mote_vec3){0.0f, 0.0f, 0.0f};
            break;
        case 2: /* the normal along the chord */
            d.landing_normal = mote_vec3_sub(d.perch_position, d.start_position);
            break;
        case 3: /* the perch straight behind */
            d.start_velocity =
                mote_vec3_scale(mote_vec3_sub(d.start_position, d.perch_position), 0.2f);
            break;
        case 4: /* a sharp turn onto a close perch */
            d.perch_position = mote_vec3_add(d.start_position, rvec(&rng, 3.0f));
            break;
        default:
            break;
        }
        mote_flight_path path;
        mote_flight_pose pose;
        float v[FLIGHT_FIELD_COUNT] = {0};
        if (mote_flight_plan(&d, &path) == MOTE_OK &&
            mote_flight_sample(&path, time, &pose) == MOTE_OK) {
            flight_path_to_values(&path, v);
            flight_pose_to_values(&pose, v);
            v[FLIGHT_TIME] = time;
            v[FLIGHT_LANDED] = pose.landed ? 2.0f : 0.0f;
        }
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            fields[f][i] = v[f];
        }
    }
}

static const probe_variant variants[] = {
    {"default", FLIGHT_KIND_DEFAULT, 0},
    {"banked", FLIGHT_KIND_BANKED, 0},
};

const mote_probe mote_probe_flight = {
    .gate = "flights",
    .record = &mote_flight_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .step_range = step_range,
    .bench = "flights",
    .bench_step = bench_step,
    .bench_bytes = (FLIGHT_FIELD_COUNT + 13) * sizeof(float),
};
