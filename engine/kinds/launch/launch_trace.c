/* mote-trace launch: a launch schedule of rockets (the seed's profile) leaving a pad one after
 * the other, turn blends and crossranges varied, evaluated at the pool's clock. CSV: one row per
 * rocket per step (t, rocket, phase, distance, speed, altitude, ground arc, position, roll, the
 * roll envelope's bound). Figure: altitude against ground arc to scale (the ascent over the
 * planet's limb, phase boundaries marked), normalized distance and speed against time, and the
 * roll and vibration inside their envelope. */
#include <math.h>
#include <stdio.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_ROCKETS 5
#define DEFAULT_SECONDS 36.0
#define STAGGER         1.5f

static const trace_figure figure = {
    .title = "mote-trace launch: a launch schedule on the seed's profile (planet radius 6371)",
    .group = "rocket",
    .panels = {
        {.title = "the ascent over the curved limb: altitude against ground arc, to scale",
         .x = "ground_arc",
         .x_label = "ground arc (units)",
         .y = "altitude",
         .y_label = "altitude (units)",
         .equal_scale = true,
         .curves = {{.legend = "rocket %s"}},
         .markers = {{.legend = "accel starts", .when = "phase >= 2"},
                     {.legend = "decel starts", .when = "phase >= 3"},
                     {.legend = "coast starts", .when = "phase >= 4"},
                     {.legend = "rest", .when = "phase >= 5"}}},
        {.title = "normalized ascent distance (0..1) and 5 x its speed against time",
         .x = "t",
         .x_label = "t (s)",
         .y = "distance",
         .y_label = "distance (1), 5 speed (1/s)",
         .curves = {{.legend = "distance"}, {.legend = "5 speed", .y = "speed5", .dashed = true}},
         .markers = {{.legend = "ignition", .when = "phase >= 1"},
                     {.legend = "ascent end", .when = "phase >= 4"}}},
        {.title = "roll and vibration inside their envelope (0.0128 (1 - smoothstep(0.05, 0.9, "
                  "distance)))",
         .x = "t",
         .x_label = "t (s)",
         .y = "roll",
         .y_label = "roll (rad)",
         .curves = {{.legend = "roll"},
                    {.legend = "envelope bound", .y = "bound", .dashed = true},
                    {.legend = "minus the bound", .y = "minus_bound", .dashed = true}}},
    }};

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    const double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    const size_t count = options->count > 0 ? options->count : DEFAULT_ROCKETS;
    const size_t steps = (size_t)ceil(seconds / options->dt);
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.capacity = count;
    mote_launch_pool *pool = NULL;
    bool ok = mote_launch_pool_create(&def, &pool) == MOTE_OK;
    for (size_t r = 0; ok && r < count; ++r) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket.launch_time = STAGGER * (float)r;
        d.rocket.turn_blend = 0.8f + 0.4f * mote_random_unit(options->seed, 2 * r);
        d.rocket.crossrange = mote_random_range(options->seed, 2 * r + 1, -1.0f, 1.0f);
        ok = mote_launch_pool_add(pool, &d, NULL) == MOTE_OK;
    }
    trace_csv csv = {0};
    if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
    } else {
        ok = trace_csv_open(&csv, csv_path,
                            "t,rocket,phase,distance,speed,speed5,altitude,"
                            "ground_arc,x,y,z,roll,bound,minus_bound",
                            err);
    }
    const mote_launch_profile profile = mote_launch_pool_profile(pool);
    size_t rows = 0;
    for (size_t step = 0; ok && step <= steps; ++step) {
        if (mote_launch_pool_evaluate(pool, (double)step * options->dt) != MOTE_OK) {
            fprintf(err, "mote-trace: a launch evaluation failed\n");
            ok = false;
            break;
        }
        const mote_launch_view v = mote_launch_pool_view(pool);
        for (size_t r = 0; r < count; ++r) {
            const double bound = 0.0128 * mote_launch_roll_envelope(&profile, v.distance[r]);
            trace_csv_value(&csv, mote_launch_pool_clock(pool));
            trace_csv_value(&csv, (double)r);
            trace_csv_value(&csv, v.phase[r]);
            trace_csv_value(&csv, v.distance[r]);
            trace_csv_value(&csv, v.speed[r]);
            trace_csv_value(&csv, 5.0 * v.speed[r]);
            trace_csv_value(&csv, v.altitude[r]);
            trace_csv_value(&csv, v.ground_arc[r]);
            for (int k = 0; k < 3; ++k) {
                trace_csv_value(&csv, v.position[k][r]);
            }
            trace_csv_value(&csv, v.roll[r]);
            trace_csv_value(&csv, bound);
            trace_csv_value(&csv, -bound);
            trace_csv_end_row(&csv);
            ++rows;
        }
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = rows;
        written->elements = count;
        fprintf(log, "mote-trace launch: %zu rows, %zu rockets, %g s -> %s\n", rows, count, seconds,
                csv_path);
    }
    mote_launch_pool_destroy(pool);
    return ok;
}

const trace_scenario trace_scenario_launch = {
    "launch", "a launch schedule: ascent over the limb, distance and speed, roll envelope",
    run_scenario, &figure};
