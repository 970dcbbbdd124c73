/* mote-trace flights: a flock coming in to land on a wire. Each flyer starts 35 to 45 units
 * out (x), spread across y and 8 to 16 units up, flying in at a drawn speed and heading, and
 * lands on its own perch on the wire (x = 0, z = 5, one unit apart along y), landing normal
 * up. Every flight is planned once (mote_flight_plan) and sampled at each step's elapsed time
 * (mote_flight_sample): the scalar reference, analytic in time. CSV: one row per flyer per
 * sample (t, flyer, position, speed, distance along the path, bank in degrees, landed, and the
 * deceleration limit's line D (T - t) capped at the peak speed). Figure: the paths from above
 * (x-y) and from the side (x-z), the bank along each path, the speed against time with the
 * braking limit drawn. */
#include <math.h>
#include <stdio.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_FLYERS  12
#define DEFAULT_SECONDS 9.0
#define MAX_FLYERS      4096

static mote_flight_desc flyer(uint64_t seed, size_t i, size_t count) {
    mote_flight_desc d = mote_default_flight_desc();
    float across = count > 1 ? (float)i / (float)(count - 1) - 0.5f : 0.0f;
    d.start_position = (mote_vec3){mote_random_range(seed, 5 * i, 35.0f, 45.0f),
                                   50.0f * across + mote_random_range(seed, 5 * i + 1, -4, 4),
                                   mote_random_range(seed, 5 * i + 2, 8.0f, 16.0f)};
    float speed = mote_random_range(seed, 5 * i + 3, 4.0f, 9.0f);
    float heading = 3.14159265f + mote_random_range(seed, 5 * i + 4, -1.2f, 1.2f);
    d.start_velocity = (mote_vec3){speed * cosf(heading), speed * sinf(heading), 0.0f};
    d.perch_position = (mote_vec3){0.0f, (float)i - 0.5f * (float)(count - 1), 5.0f};
    d.cruise_speed = 7.0f;
    d.max_acceleration = 4.0f;
    d.max_deceleration = 3.0f;
    return d;
}

#define LANDED "landed > 0"

static const trace_figure figure = {
    .title = "mote-trace flights: a flock landing on a wire (x = 0, z = 5), Hermite approaches "
             "walked by arc length",
    .panels = {
        {.title = "from above (x-y): each flyer turns onto its perch",
         .plane = {"x", "y"},
         .curves = {{.legend = "path of each flyer, one colour each"}},
         .markers = {{.legend = "start"}, {.legend = "landed", .when = LANDED}}},
        {.title = "from the side (x-z): descending onto the wire, coming in level",
         .plane = {"x", "z"},
         .curves = {{.legend = "path of each flyer"}},
         .markers = {{.legend = "start"}, {.legend = "landed", .when = LANDED}}},
        {.title = "bank along each path: atan(v^2 kappa / g), capped at 45 degrees, + for a left "
                  "turn",
         .x = {"distance", "distance along the path (units)"},
         .y = {"bank_deg", "bank (degrees)"},
         .curves = {{.legend = "each flyer"}}},
        {.title = "speed against time: to cruise (7) within 4 units/s^2, braking at the 3 "
                  "units/s^2 limit to rest on the perch",
         .y = {"speed", "speed (units/s)"},
         .curves = {{.legend = "each flyer"},
                    {.legend = "deceleration limit D (T - t)", .y = "brake_limit", .dashed = true}},
         .markers = {{.legend = "landed", .when = LANDED}}}}};

/* Every flight, planned once. */
static mote_flight_path paths[MAX_FLYERS];

static bool start(trace_run *run) {
    if (run->count > MAX_FLYERS) {
        fprintf(run->err, "mote-trace flights: at most %d flyers\n", MAX_FLYERS);
        return false;
    }
    for (size_t i = 0; i < run->count; ++i) {
        mote_flight_desc d = flyer(run->options->seed, i, run->count);
        if (mote_flight_plan(&d, &paths[i]) != MOTE_OK) {
            fprintf(run->err, "mote-trace flights: planning flyer %zu failed\n", i);
            return false;
        }
    }
    return true;
}

/* Each flight sampled at t: the reference is analytic in time, nothing steps. */
static bool rows(trace_run *run, trace_csv *csv, double t) {
    run->tally = 0; /* flyers landed by now */
    for (size_t i = 0; i < run->count; ++i) {
        mote_flight_pose pose;
        if (mote_flight_sample(&paths[i], (float)t, &pose) != MOTE_OK) {
            fprintf(run->err, "mote-trace flights: sampling flyer %zu failed\n", i);
            return false;
        }
        const mote_flight_path *p = &paths[i];
        double left = fmax((double)p->duration - t, 0.0);
        double limit = fmin((double)p->peak_speed, p->desc.max_deceleration * left);
        run->tally += pose.landed;
        TRACE_CSV_ROW(csv, t, (double)i, pose.position.x, pose.position.y, pose.position.z,
                      pose.speed, pose.distance, pose.bank * (180.0 / 3.14159265358979),
                      pose.landed ? 1.0 : 0.0, limit);
    }
    return true;
}

const trace_scenario trace_scenario_flight = {
    .name = "flights",
    .summary = "a flock landing on a wire: Hermite approaches, braking, banking",
    .columns = "t,flyer,x,y,z,speed,distance,bank_deg,landed,brake_limit",
    .log = {.elements = "flyers", .tallied = "landed"},
    .defaults = {.count = DEFAULT_FLYERS, .seconds = DEFAULT_SECONDS},
    .scene = {.start = start, .rows = rows},
    .figure = &figure};
