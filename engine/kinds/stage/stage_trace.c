/* mote-trace stages: first stages detached from a rocket at the seed's separation, tilt and
 * spin drawn per stage from one seed, stepped by the stage pool. CSV: one row per stage per
 * step (t, stage, the along, side and earthward offsets, the tilt from the captured
 * orientation, the position relative to the detach point). Figure: the three offsets against
 * time, the tilt against time (the slerp for 2 s, then the spin), and the separation seen from
 * the side. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_STAGES  4
#define DEFAULT_SECONDS 6.0

static const trace_figure figure = {
    .title = "mote-trace stages: separation of detached first stages (the seed's offsets)",
    .group = "stage",
    .panels = {
        {.title = "the along, side and earthward offsets against time (kick 0.4 s, then lag)",
         .x = "t",
         .x_label = "t since detachment (s)",
         .y = "along",
         .y_label = "offset (units)",
         .curves = {{.legend = "along", .series = "0"},
                    {.legend = "side", .y = "side", .series = "0"},
                    {.legend = "earthward", .y = "earthward", .series = "0"}}},
        {.title = "tilt from the captured orientation: slerp to 10-30 degrees for 2 s, then spin",
         .x = "t",
         .x_label = "t since detachment (s)",
         .y = "tilt",
         .y_label = "angle (rad)",
         .curves = {{.legend = "stage %s"}},
         .markers = {{.legend = "tilt reached", .at = "2"}}},
        {.title = "the separation seen from the side: position relative to the detach point",
         .x = "rz",
         .x_label = "z (units)",
         .y = "ry",
         .y_label = "y (units)",
         .equal_scale = true,
         .curves = {{.legend = "stage %s"}},
         .markers = {{.legend = "detachment"}}},
    }};

static double angle_between(mote_quat a, mote_quat b) {
    const double dot =
        fabs((double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w);
    return 2.0 * acos(dot < 1.0 ? dot : 1.0);
}

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    const double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    const size_t count = options->count > 0 ? options->count : DEFAULT_STAGES;
    const size_t steps = (size_t)ceil(seconds / options->dt);
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.capacity = count;
    mote_stage_pool *pool = NULL;
    mote_stage_desc *descs = malloc(count * sizeof *descs);
    bool ok = descs != NULL && mote_stage_pool_create(&def, &pool) == MOTE_OK;
    const mote_vec3 flight = {0.0f, 0.8f, -0.6f}, radial = {0.0f, 1.0f, 0.0f};
    for (size_t s = 0; ok && s < count; ++s) {
        mote_stage_desc d = mote_default_stage_desc();
        ok = mote_stage_set_frame(&d, flight, radial, (mote_vec3){1.0f, 0.0f, 0.0f}) == MOTE_OK &&
             mote_stage_draw(&d, options->seed, s) == MOTE_OK &&
             mote_stage_pool_add(pool, &d, NULL) == MOTE_OK;
        if (ok) {
            descs[s] = d;
        }
    }
    trace_csv csv = {0};
    if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
    } else {
        ok = trace_csv_open(&csv, csv_path, "t,stage,along,side,earthward,tilt,rx,ry,rz", err);
    }
    size_t rows = 0;
    for (size_t step = 0; ok && step <= steps; ++step) {
        if (step > 0 && mote_stage_pool_step(pool, (float)options->dt) != MOTE_OK) {
            fprintf(err, "mote-trace: a stage step failed\n");
            ok = false;
            break;
        }
        const mote_stage_view v = mote_stage_pool_view(pool);
        for (size_t s = 0; s < count; ++s) {
            mote_stage_pose pose;
            if (mote_stage_evaluate(&descs[s], v.time[s], &pose) != MOTE_OK) {
                ok = false;
                break;
            }
            const mote_quat q = {v.orientation[0][s], v.orientation[1][s], v.orientation[2][s],
                                 v.orientation[3][s]};
            trace_csv_value(&csv, v.time[s]);
            trace_csv_value(&csv, (double)s);
            for (int k = 0; k < 3; ++k) {
                trace_csv_value(&csv, pose.offset[k]);
            }
            trace_csv_value(&csv, angle_between(q, descs[s].world.orientation));
            for (int k = 0; k < 3; ++k) {
                trace_csv_value(&csv, v.position[k][s]);
            }
            trace_csv_end_row(&csv);
            ++rows;
        }
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = rows;
        written->elements = count;
        fprintf(log, "mote-trace stages: %zu rows, %zu stages, %g s -> %s\n", rows, count, seconds,
                csv_path);
    }
    free(descs);
    mote_stage_pool_destroy(pool);
    return ok;
}

const trace_scenario trace_scenario_stage = {
    "stages", "detached first stages: separation offsets, tilt then spin", run_scenario, &figure};
