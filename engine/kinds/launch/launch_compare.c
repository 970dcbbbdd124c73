/* mote-compare's launch: a seeded launch schedule an hour into play (the pool's double clock
 * at 3600 s, so its hi + lo split is in every step), rockets with launch times spread so every
 * phase (hold, slow, accel, decel, coast, rest) is in the run, turn blends and crossranges
 * around their defaults and every combination of the diagnostics flags, evaluated at the clock
 * of each step, in the scaled style (compare_style.h) against the bounds of
 * engine/kinds/launch/launch_bounds.h: phase, distance, speed and altitude identical, the ground
 * arc in ULP, the unit vectors, quaternions and the roll absolute, the position relative to
 * planet_radius + altitude and the velocity relative to 1 + its largest component. */
#include <math.h>
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "launch_bounds.h"
#include "launch_fields.h"
#include "launch_ref.h"
#include "mote/launch_pool.h"
#include "tool_rng.h"

static const compare_row rows[] = {
    {"phase", 1u << LAUNCH_PHASE},
    {"distance", 1u << LAUNCH_DISTANCE},
    {"speed", 1u << LAUNCH_SPEED},
    {"altitude", 1u << LAUNCH_ALTITUDE},
    {"ground_arc", 1u << LAUNCH_GROUND_ARC},
    {"radial", COMPARE_FIELD_RANGE(LAUNCH_RX, LAUNCH_RZ)},
    {"flight_direction", COMPARE_FIELD_RANGE(LAUNCH_FX, LAUNCH_FZ)},
    {"base_orientation", COMPARE_FIELD_RANGE(LAUNCH_BX, LAUNCH_BW)},
    {"roll", 1u << LAUNCH_ROLL},
    {"orientation", COMPARE_FIELD_RANGE(LAUNCH_QX, LAUNCH_QW)},
    {"position", COMPARE_FIELD_RANGE(LAUNCH_PX, LAUNCH_PZ)},
    {"velocity", COMPARE_FIELD_RANGE(LAUNCH_VX, LAUNCH_VZ)},
};

static bool in_range(int field, int first, int last) {
    return field >= first && field <= last;
}

/* The clock of the step about to run (the same for every variant). */
static bool before_step(const compare_kind *self, const compare_step *step) {
    (void)self;
    const double clock = LAUNCH_SEED_CLOCK + (double)(step->step + 1) * (double)COMPARE_DT;
    return mote_launch_pool_evaluate((mote_launch_pool *)(void *)step->pool, clock) == MOTE_OK;
}

/* The position at planet_radius + |altitude|, the velocity at 1 + its largest component (of
 * the reference); every other field at its own value (0). */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    if (in_range(field, LAUNCH_PX, LAUNCH_PZ)) {
        return mote_default_launch_profile().planet_radius +
               fabsf(sample->reference[LAUNCH_ALTITUDE][i]);
    }
    if (in_range(field, LAUNCH_VX, LAUNCH_VZ)) {
        float largest = 0.0f;
        for (int k = LAUNCH_VX; k <= LAUNCH_VZ; ++k) {
            largest = fmaxf(largest, fabsf(sample->reference[k][i]));
        }
        return 1.0f + largest;
    }
    return 0.0f;
}

/* The pose is a function of the clock alone: one bound for any step count. */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    (void)steps;
    if (field == LAUNCH_GROUND_ARC) {
        return (compare_bound){LAUNCH_GROUND_ARC_ULP, COMPARE_ULP};
    }
    if (field == LAUNCH_ROLL) {
        return (compare_bound){LAUNCH_ROLL_ABS, COMPARE_ABSOLUTE};
    }
    if (in_range(field, LAUNCH_RX, LAUNCH_FZ) || in_range(field, LAUNCH_BX, LAUNCH_BW) ||
        in_range(field, LAUNCH_QX, LAUNCH_QW)) {
        return (compare_bound){LAUNCH_UNIT_ABS, COMPARE_ABSOLUTE};
    }
    if (in_range(field, LAUNCH_PX, LAUNCH_PZ)) {
        return (compare_bound){LAUNCH_POSITION_REL, COMPARE_RELATIVE};
    }
    if (in_range(field, LAUNCH_VX, LAUNCH_VZ)) {
        return (compare_bound){LAUNCH_VELOCITY_REL, COMPARE_RELATIVE};
    }
    return (compare_bound){LAUNCH_EXACT_ULP, COMPARE_ULP}; /* phase, distance, speed, altitude */
}

static const compare_kind launch = {
    COMPARE_WORDS("launch", "the launch pools", "a launch schedule an hour into play, every phase",
                  "rockets"),
    .style = &compare_style_scaled,
    COMPARE_STANDARD_MEMBERS(launch),
    .scale = scale,
    .before_step = before_step,
};

static void print_note(FILE *out) {
    fprintf(out,
            "              launch: phase, distance, speed, altitude identical; ground_arc\n"
            "              %d ULP; unit vectors and quaternions %.2g abs, roll %.2g abs;\n"
            "              position %.2g of planet_radius + altitude, velocity %.2g of\n"
            "              1 + its largest component; any step count\n",
            LAUNCH_GROUND_ARC_ULP, LAUNCH_UNIT_ABS, LAUNCH_ROLL_ABS, LAUNCH_POSITION_REL,
            LAUNCH_VELOCITY_REL);
}

const compare_family compare_family_launch = {.kind = &launch, .print_note = print_note};
