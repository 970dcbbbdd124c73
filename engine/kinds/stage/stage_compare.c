/* mote-compare's stages: seeded detached stages (world transforms captured from turned,
 * scaled rockets, separation frames from flight directions across the ascent, tilt and spin
 * drawn from the seed) at times since detachment from 0 to 4 s, so the kick, the tilt and the
 * spin are all in the run, in the exact style (compare_style.h): time and position must match
 * the reference bit for bit, the orientation (a unit quaternion, measured in ULPs of 1) stay
 * within the bound of engine/kinds/stage/stage_bounds.h. */
#include <math.h>
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "mote/stage_pool.h"
#include "stage_bounds.h"
#include "stage_fields.h"
#include "tool_rng.h"

static const compare_row rows[] = {
    {"time", 1u << STAGE_TIME},
    {"position", COMPARE_FIELD_RANGE(STAGE_PX, STAGE_PZ)},
    {"orientation", COMPARE_FIELD_RANGE(STAGE_QX, STAGE_QW)},
};

static bool is_orientation(int field) {
    return field >= STAGE_QX && field <= STAGE_QW;
}

/* The separation is closed-form in the time since detachment: one bound for any step count. */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    (void)steps;
    return is_orientation(field) ? (compare_bound){STAGE_ORIENTATION_ABS, COMPARE_ABSOLUTE}
                                 : (compare_bound){STAGE_EXACT_ULP, COMPARE_ULP};
}

static const compare_kind stage = {
    COMPARE_WORDS("stages", "the stage pools", "detached stages through kick, tilt and spin",
                  "stages"),
    .style = &compare_style_exact,
    COMPARE_STANDARD_MEMBERS(stage),
    /* in ULPs of 1; every other field in exact ULPs */
    .unit_scale_fields = COMPARE_FIELD_RANGE(STAGE_QX, STAGE_QW),
};

static void print_note(FILE *out) {
    fprintf(out,
            "              stages: time and position must match the reference bit for\n"
            "              bit; orientation within %.2g abs after 1 step and after 1000\n",
            STAGE_ORIENTATION_ABS);
}

const compare_family compare_family_stage = {.kind = &stage, .print_note = print_note};
