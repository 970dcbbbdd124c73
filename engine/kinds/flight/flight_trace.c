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
    .group = "flyer",
    .panels = {
        {.title = "from above (x-y): each flyer turns onto its perch",
         .x = "x",
         .x_label = "x (units)",
         .y = "y",
         .y_label = "y (units)",
         .equal_scale = true,
         .curves = {{.legend = "path of each flyer, one colour each"}},
         .markers = {{.legend = "start"}, {.legend = "landed", .when = LANDED}}},
        {.title = "from the side (x-z): descending onto the wire, coming in level",
         .x = "x",
         .x_label = "x (units)",
         .y = "z",
         .y_label = "z (units)",
         .equal_scale = true,
         .curves = {{.legend = "path of each flyer"}},
         .markers = {{.legend = "start"}, {.legend = "landed", .when = LANDED}}},
        {.title = "bank along each path: atan(v^2 kappa / g), capped at 45 degrees, + for a left "
                  "turn",
         .x = "distance",
         .x_label = "distance along the path (units)",
         .y = "bank_deg",
         .y_label = "bank (degrees)",
         .curves = {{.legend = "each flyer"}}},
        {.title = "speed against time: to cruise (7) within 4 units/s^2, braking at the 3 "
                  "units/s^2 limit to rest on the perch",
         .x = "t",
         .x_label = "t (s)",
         .y = "speed",
         .y_label = "speed (units/s)",
         .curves = {{.legend = "each flyer"},
                    {.legend = "deceleration limit D (T - t)", .y = "brake_limit", .dashed = true}},
         .markers = {{.legend = "landed", .when = LANDED}}},
    }};

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    size_t count = options->count > 0 ? options->count : DEFAULT_FLYERS;
    if (count > MAX_FLYERS) {
        fprintf(err, "mote-trace flights: at most %d flyers\n", MAX_FLYERS);
        return false;
    }
    size_t steps = (size_t)ceil(seconds / options->dt);
    static mote_flight_path paths[MAX_FLYERS];
    for (size_t i = 0; i < count; ++i) {
        mote_flight_desc d = flyer(options->seed, i, count);
        if (mote_flight_plan(&d, &paths[i]) != MOTE_OK) {
            fprintf(err, "mote-trace flights: planning flyer %zu failed\n", i);
            return false;
        }
    }
    trace_csv csv;
    if (!trace_csv_open(&csv, csv_path, "t,flyer,x,y,z,speed,distance,bank_deg,landed,brake_limit",
                        err)) {
        return false;
    }
    size_t rows = 0, landed = 0;
    bool ok = true;
    for (size_t step = 0; ok && step <= steps; ++step) {
        double t = (double)step * options->dt;
        for (size_t i = 0; i < count; ++i) {
            mote_flight_pose pose;
            if (mote_flight_sample(&paths[i], (float)t, &pose) != MOTE_OK) {
                fprintf(err, "mote-trace flights: sampling flyer %zu failed\n", i);
                ok = false;
                break;
            }
            const mote_flight_path *p = &paths[i];
            double left = fmax((double)p->duration - t, 0.0);
            double limit = fmin((double)p->peak_speed, p->desc.max_deceleration * left);
            landed += step == steps && pose.landed;
            trace_csv_value(&csv, t);
            trace_csv_value(&csv, (double)i);
            trace_csv_value(&csv, pose.position.x);
            trace_csv_value(&csv, pose.position.y);
            trace_csv_value(&csv, pose.position.z);
            trace_csv_value(&csv, pose.speed);
            trace_csv_value(&csv, pose.distance);
            trace_csv_value(&csv, pose.bank * (180.0 / 3.14159265358979));
            trace_csv_value(&csv, pose.landed ? 1.0 : 0.0);
            trace_csv_value(&csv, limit);
            trace_csv_end_row(&csv);
            ++rows;
        }
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = rows;
        written->elements = count;
        fprintf(log, "mote-trace flights: %zu rows, %zu flyers, %zu landed, %g s -> %s\n", rows,
                count, landed, seconds, csv_path);
    }
    return ok;
}

const trace_scenario trace_scenario_flight = {
    "flights", "a flock landing on a wire: Hermite approaches, braking, banking", run_scenario,
    &figure};
