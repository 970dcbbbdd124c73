/* mote-compare's docking: seeded sequences all over the timeline (waiting, approaching,
 * settling, spinning down, locked), each on its own turned station within 100 units of the
 * origin with its chaser 5..20 units out, on the seed's profile, in the exact style
 * (compare_style.h): the clock, the spin angles, the flags and the captured approach values
 * must match the reference bit for bit, the chaser's position, spring position, velocity and
 * orientation (a unit quaternion, measured in ULPs of 1) stay within the bounds of
 * engine/kinds/docking/docking_bounds.h. */
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "docking_bounds.h"
#include "docking_fields.h"
#include "tool_rng.h"

static const compare_row rows[] = {
    {"time", 1u << DOCKING_TIME},
    {"angles", COMPARE_FIELD_RANGE(DOCKING_STATION_ANGLE, DOCKING_CHASER_ANGLE)},
    {"flags", COMPARE_FIELD_RANGE(DOCKING_CAPTURED, DOCKING_LOCKED)},
    {"capture", COMPARE_FIELD_RANGE(DOCKING_START_PARALLEL, DOCKING_RZ)},
    {"position", COMPARE_FIELD_RANGE(DOCKING_PX, DOCKING_PZ)},
    {"spring", COMPARE_FIELD_RANGE(DOCKING_SX, DOCKING_SZ)},
    {"velocity", COMPARE_FIELD_RANGE(DOCKING_VX, DOCKING_VZ)},
    {"orientation", COMPARE_FIELD_RANGE(DOCKING_QX, DOCKING_QW)},
};

static bool in(int field, int first, int last) {
    return field >= first && field <= last;
}

/* The chaser's bounds (absolute, per component) after steps steps, growing linearly past
 * DOCKING_BOUND_STEPS; every other field must be identical. */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    double one, long_run;
    if (in(field, DOCKING_PX, DOCKING_SZ)) {
        one = DOCKING_POSITION_ONE_STEP;
        long_run = DOCKING_POSITION_LONG_RUN;
    } else if (in(field, DOCKING_VX, DOCKING_VZ)) {
        one = DOCKING_VELOCITY_ONE_STEP;
        long_run = DOCKING_VELOCITY_LONG_RUN;
    } else if (in(field, DOCKING_QX, DOCKING_QW)) {
        one = DOCKING_ORIENTATION_ONE_STEP;
        long_run = DOCKING_ORIENTATION_LONG_RUN;
    } else {
        return (compare_bound){0.0, COMPARE_ULP};
    }
    if (steps <= 1) {
        return (compare_bound){one, COMPARE_ABSOLUTE};
    }
    double ratio = steps > DOCKING_BOUND_STEPS ? (double)steps / DOCKING_BOUND_STEPS : 1.0;
    return (compare_bound){long_run * ratio, COMPARE_ABSOLUTE};
}

static const compare_kind docking = {
    COMPARE_WORDS("docking", "the docking pools", "chasers closing on spinning stations",
                  "docking sequences"),
    .json_member = "docking",
    .style = &compare_style_exact,
    COMPARE_STANDARD_MEMBERS(docking),
    /* in ULPs of 1; every other field in exact ULPs */
    .unit_scale_fields = COMPARE_FIELD_RANGE(DOCKING_QX, DOCKING_QW),
};

static void print_note(FILE *out) {
    fprintf(out,
            "              docking: time, spin angles, flags and captured values must match\n"
            "              the reference bit for bit; position within %.2g abs after 1 step,\n"
            "              %.2g after 1000, velocity %.2g and %.2g, orientation %.2g and\n"
            "              %.2g, growing linearly past that\n",
            DOCKING_POSITION_ONE_STEP, DOCKING_POSITION_LONG_RUN, DOCKING_VELOCITY_ONE_STEP,
            DOCKING_VELOCITY_LONG_RUN, DOCKING_ORIENTATION_ONE_STEP, DOCKING_ORIENTATION_LONG_RUN);
}

const compare_family compare_family_docking = {.kind = &docking, .print_note = print_note};
