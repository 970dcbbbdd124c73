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

static const compare_row rows[] = {
    {"time", 1u << DEBRIS_TIME},
    {"phase", 1u << DEBRIS_PHASE},
    {"position", COMPARE_FIELD_RANGE(DEBRIS_PX, DEBRIS_PZ)},
    {"orientation", COMPARE_FIELD_RANGE(DEBRIS_QX, DEBRIS_QW)},
    {"velocity", COMPARE_FIELD_RANGE(DEBRIS_VX, DEBRIS_VZ)},
};

static bool is_orientation(int field) {
    return field >= DEBRIS_QX && field <= DEBRIS_QW;
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
    COMPARE_WORDS("debris", "the debris pools", "pieces under a spinning, moving station",
                  "debris pieces"),
    .json_member = "debris",
    .style = &compare_style_exact,
    COMPARE_STANDARD_MEMBERS(debris),
    /* in ULPs of 1; every other field in exact ULPs */
    .unit_scale_fields = COMPARE_FIELD_RANGE(DEBRIS_QX, DEBRIS_QW),
    .before_step = before_step,
};

static void print_note(FILE *out) {
    fprintf(out,
            "              debris: time, phase, position and velocity must match the\n"
            "              reference bit for bit; orientation within %.2g after 1 step,\n"
            "              %.2g after 1000, growing linearly past that\n",
            DEBRIS_ORIENTATION_ONE_STEP, DEBRIS_ORIENTATION_LONG_RUN);
}

const compare_family compare_family_debris = {.kind = &debris, .print_note = print_note};
