/* mote-compare's debris: seeded pieces of every kind (attached before, during and at the end
 * of the peel, degenerate peel windows, free with and without tumble, capped) under the ship
 * of a spinning station that also moves, in the exact style (compare_style.h): time, phase,
 * position and velocity must match the reference bit for bit, the orientation (a unit
 * quaternion, measured in ULPs of 1) stay within the bounds of engine/kinds/debris/debris_bounds.h.
 */
#include <math.h>
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "debris_bounds.h"
#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "tool_rng.h"

#define DT COMPARE_DT

/* The fields first..last as a mask. */
#define FIELD_RANGE(first, last) ((((1u << ((last) - (first) + 1)) - 1u)) << (first))

static const compare_row rows[] = {
    {"time", 1u << DEBRIS_TIME},
    {"phase", 1u << DEBRIS_PHASE},
    {"position", FIELD_RANGE(DEBRIS_PX, DEBRIS_PZ)},
    {"orientation", FIELD_RANGE(DEBRIS_QX, DEBRIS_QW)},
    {"velocity", FIELD_RANGE(DEBRIS_VX, DEBRIS_VZ)},
};

static bool is_orientation(int field) {
    return field >= DEBRIS_QX && field <= DEBRIS_QW;
}

static mote_pool *create(const compare_kind *self) {
    (void)self;
    mote_debris_pool_def def = mote_default_debris_pool_def();
    mote_debris_pool *pool = NULL;
    return mote_debris_pool_create(&def, &pool) == MOTE_OK ? (mote_pool *)(void *)pool : NULL;
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

static void seed_pieces(const compare_kind *self, float *const *fields, size_t count,
                        uint64_t seed) {
    (void)self;
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

_Static_assert(sizeof(mote_station_spin) <= COMPARE_SCRATCH_BYTES, "the spin fits the scratch");

/* The ship and settings of step k: a station spinning up to 6 rad/s that spins down over the
 * run, drifting and turning its base, with gravity and damping switched on halfway. */
static bool before_step(const compare_kind *self, const compare_step *step) {
    (void)self;
    mote_station_spin *spin = step->scratch;
    const long k = step->step, steps = step->steps;
    if (k == 0) {
        *spin = mote_default_station_spin();
        spin->spin_rate = 6.0f;
        spin->rate = 6.0f;
        spin->spin_down_start = 0.5f * (float)steps * DT;
        spin->spin_down_end = 0.8f * (float)steps * DT;
    }
    mote_station_spin_step(spin, DT);
    mote_vec3 at = {30.0f * sinf(0.01f * (float)k), 0.2f * (float)k * DT, 5.0f};
    spin->base_orientation = mote_quat_axis_angle((mote_vec3){0.6f, 0.8f, 0.0f}, 0.002f * (float)k);
    mote_debris_ship ship = mote_station_spin_ship(spin, at);
    mote_debris_settings settings = mote_default_debris_settings();
    if (k * 2 > steps) {
        settings.gravity = (mote_vec3){0.0f, -9.81f, 0.0f};
        settings.linear_damping = 0.1f;
    }
    mote_debris_pool *pool = (mote_debris_pool *)(void *)step->pool;
    return mote_debris_pool_set_ship(pool, &ship) == MOTE_OK &&
           mote_debris_pool_set_settings(pool, &settings) == MOTE_OK;
}

/* The orientation in ULPs of 1; every other field in exact ULPs. */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    (void)sample;
    (void)i;
    return is_orientation(field) ? 1.0f : 0.0f;
}

/* The orientation bound after steps steps (absolute, per component): grows linearly past
 * DEBRIS_BOUND_STEPS. Every other field must be identical. */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    if (!is_orientation(field)) {
        return (compare_bound){0.0, COMPARE_ULP};
    }
    if (steps <= 1) {
        return (compare_bound){DEBRIS_ORIENTATION_ONE_STEP, COMPARE_ABSOLUTE};
    }
    double ratio = steps > DEBRIS_BOUND_STEPS ? (double)steps / DEBRIS_BOUND_STEPS : 1.0;
    return (compare_bound){DEBRIS_ORIENTATION_LONG_RUN * ratio, COMPARE_ABSOLUTE};
}

static const compare_kind debris = {
    .name = "debris",
    .help = "the debris pools",
    .about = "pieces under a spinning, moving station",
    .noun = "debris pieces",
    .json_member = "debris",
    .style = &compare_style_exact,
    .row_count = sizeof rows / sizeof rows[0],
    .rows = rows,
    .create = create,
    .seed = seed_pieces,
    .before_step = before_step,
    .scale = scale,
    .bound = bound,
};

static void print_note(FILE *out) {
    fprintf(out,
            "              debris: time, phase, position and velocity must match the\n"
            "              reference bit for bit; orientation within %.2g after 1 step,\n"
            "              %.2g after 1000, growing linearly past that\n",
            DEBRIS_ORIENTATION_ONE_STEP, DEBRIS_ORIENTATION_LONG_RUN);
}

const compare_family compare_family_debris = {.kind = &debris, .print_note = print_note};
