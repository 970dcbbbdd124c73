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
#include "tool_rng.h"

/* The fields first..last as a mask. */
#define FIELD_RANGE(first, last) ((((mote_field_mask)1 << ((last) - (first) + 1)) - 1u) << (first))

static const compare_row rows[] = {
    {"time", MOTE_FIELD_BIT(FLIGHT_TIME)},
    {"landed", MOTE_FIELD_BIT(FLIGHT_LANDED)},
    {"position", FIELD_RANGE(FLIGHT_PX, FLIGHT_PZ)},
    {"velocity", FIELD_RANGE(FLIGHT_VX, FLIGHT_VZ)},
    {"bank", MOTE_FIELD_BIT(FLIGHT_BANK)},
    {"orientation", FIELD_RANGE(FLIGHT_QX, FLIGHT_QW)},
};

static bool is_bounded(int field) {
    return field == FLIGHT_BANK || (field >= FLIGHT_QX && field <= FLIGHT_QW);
}

static mote_pool *create(const compare_kind *self) {
    (void)self;
    mote_flight_pool_def def = mote_default_flight_pool_def();
    mote_flight_pool *pool = NULL;
    return mote_flight_pool_create(&def, &pool) == MOTE_OK ? (mote_pool *)(void *)pool : NULL;
}

static mote_vec3 rvec(tool_rng *rng, float r) {
    mote_vec3 v = {tool_rng_range(rng, -r, r), tool_rng_range(rng, -r, r),
                   tool_rng_range(rng, -r, r)};
    return v;
}

/* Flight i's plan and its pose at a clock in [0, 12] s, written as the pool's add writes
 * them (flight_fields.h). */
static void seed_flights(const compare_kind *self, float *const *fields, size_t count,
                         uint64_t seed) {
    (void)self;
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

/* Bank and orientation in ULPs of 1; every other field in exact ULPs. */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)self;
    (void)sample;
    (void)i;
    return is_bounded(field) ? 1.0f : 0.0f;
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

static const compare_kind flights = {
    .name = "flights",
    .help = "the flight pools",
    .about = "approach flights onto perches",
    .noun = "flyers",
    .style = &compare_style_exact,
    .row_count = sizeof rows / sizeof rows[0],
    .rows = rows,
    .create = create,
    .seed = seed_flights,
    .scale = scale,
    .bound = bound,
};

static void print_note(FILE *out) {
    fprintf(out,
            "              flights: time, landed, position and velocity must match the\n"
            "              reference bit for bit; bank within %.2g rad, orientation within\n"
            "              %.2g, after any number of steps\n",
            FLIGHT_BANK_ABS, FLIGHT_ORIENTATION_ABS);
}

const compare_family compare_family_flight = {.kind = &flights, .print_note = print_note};
