/* mote-compare's flights: seeded approach flights (ordinary, sharp turns, degenerate: P0 == P1,
 * from rest, the normal along the chord, the perch behind) at clocks spread over their
 * flights, in the exact style (compare_style.h): time, landed, position and velocity must
 * match the reference bit for bit, bank and orientation stay within the absolute bounds of
 * engine/kinds/flight/flight_bounds.h (the pose depends on the clock alone: one bound for any run).
 */
#include <stdio.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "flight_bounds.h"
#include "flight_fields.h"

static const compare_row rows[] = {
    {"time", MOTE_FIELD_BIT(FLIGHT_TIME)},
    {"landed", MOTE_FIELD_BIT(FLIGHT_LANDED)},
    {"position", COMPARE_FIELD_RANGE(FLIGHT_PX, FLIGHT_PZ)},
    {"velocity", COMPARE_FIELD_RANGE(FLIGHT_VX, FLIGHT_VZ)},
    {"bank", MOTE_FIELD_BIT(FLIGHT_BANK)},
    {"orientation", COMPARE_FIELD_RANGE(FLIGHT_QX, FLIGHT_QW)},
};

static bool is_bounded(int field) {
    return field == FLIGHT_BANK || (field >= FLIGHT_QX && field <= FLIGHT_QW);
}

/* Bank and orientation within their absolute bounds after any number of steps; every other
 * field identical. */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    (void)self;
    (void)steps;
    if (field == FLIGHT_BANK) {
        return (compare_bound){FLIGHT_BANK_ABS, COMPARE_ABSOLUTE};
    }
    if (is_bounded(field)) {
        return (compare_bound){FLIGHT_ORIENTATION_ABS, COMPARE_ABSOLUTE};
    }
    return (compare_bound){0.0, COMPARE_ULP};
}

static const compare_kind flight = {
    COMPARE_WORDS("flights", "the flight pools", "approach flights onto perches", "flyers"),
    .style = &compare_style_exact,
    COMPARE_STANDARD_MEMBERS(flight),
    /* in ULPs of 1; every other field in exact ULPs */
    .unit_scale_fields = MOTE_FIELD_BIT(FLIGHT_BANK) | COMPARE_FIELD_RANGE(FLIGHT_QX, FLIGHT_QW),
};

static void print_note(FILE *out) {
    fprintf(out,
            "              flights: time, landed, position and velocity must match the\n"
            "              reference bit for bit; bank within %.2g rad, orientation within\n"
            "              %.2g, after any number of steps\n",
            FLIGHT_BANK_ABS, FLIGHT_ORIENTATION_ABS);
}

const compare_family compare_family_flight = {.kind = &flight, .print_note = print_note};
