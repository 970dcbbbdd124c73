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
    .panels = {
        {.title = "the along, side and earthward offsets against time (kick 0.4 s, then lag)",
         .x = {"t", "t since detachment (s)"},
         .y = {"along", "offset (units)"},
         .curves = {{.legend = "along", .series = "0"},
                    {.legend = "side", .y = "side", .series = "0"},
                    {.legend = "earthward", .y = "earthward", .series = "0"}}},
        {.title = "tilt from the captured orientation: slerp to 10-30 degrees for 2 s, then spin",
         .x = {"t", "t since detachment (s)"},
         .y = {"tilt", "angle (rad)"},
         .curves = {{.legend = "stage %s"}},
         .markers = {{.legend = "tilt reached", .at = "2"}}},
        {.title = "the separation seen from the side: position relative to the detach point",
         .x = {"rz", "z (units)"},
         .y = {"ry", "y (units)"},
         .equal_scale = true,
         .curves = {{.legend = "stage %s"}},
         .markers = {{.legend = "detachment"}}}}};

static double angle_between(mote_quat a, mote_quat b) {
    const double dot =
        fabs((double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w);
    return 2.0 * acos(dot < 1.0 ? dot : 1.0);
}

/* The scene: the stages' pool, and each stage as drawn (for its offsets and tilt). */
static struct {
    mote_stage_pool *pool;
    mote_stage_desc *descs; /* [count] */
} scene;

static bool start(trace_run *run) {
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.capacity = run->count;
    scene.descs = malloc(run->count * sizeof *scene.descs);
    bool ok = scene.descs != NULL && mote_stage_pool_create(&def, &scene.pool) == MOTE_OK;
    const mote_vec3 flight = {0.0f, 0.8f, -0.6f}, radial = {0.0f, 1.0f, 0.0f};
    for (size_t s = 0; ok && s < run->count; ++s) {
        mote_stage_desc d = mote_default_stage_desc();
        ok = mote_stage_set_frame(&d, flight, radial, (mote_vec3){1.0f, 0.0f, 0.0f}) == MOTE_OK &&
             mote_stage_draw(&d, run->options->seed, s) == MOTE_OK &&
             mote_stage_pool_add(scene.pool, &d, NULL) == MOTE_OK;
        if (ok) {
            scene.descs[s] = d;
        }
    }
    return trace_check(run, ok, "out of memory");
}

static bool advance(trace_run *run) {
    return trace_check(run, mote_stage_pool_step(scene.pool, run->dt) == MOTE_OK,
                       "a stage step failed");
}

/* Each stage at its own clock, the t of its rows. */
static bool rows(trace_run *run, trace_csv *csv, double t) {
    (void)t;
    const mote_stage_view v = mote_stage_pool_view(scene.pool);
    for (size_t s = 0; s < run->count; ++s) {
        mote_stage_pose pose;
        if (mote_stage_evaluate(&scene.descs[s], v.time[s], &pose) != MOTE_OK) {
            return false;
        }
        const mote_quat q = {v.orientation[0][s], v.orientation[1][s], v.orientation[2][s],
                             v.orientation[3][s]};
        TRACE_CSV_ROW(csv, v.time[s], (double)s, pose.offset[0], pose.offset[1], pose.offset[2],
                      angle_between(q, scene.descs[s].world.orientation), v.position[0][s],
                      v.position[1][s], v.position[2][s]);
    }
    return true;
}

static void finish(void) {
    free(scene.descs);
    mote_stage_pool_destroy(scene.pool);
}

const trace_scenario trace_scenario_stage = {
    .name = "stages",
    .summary = "detached first stages: separation offsets, tilt then spin",
    .columns = "t,stage,along,side,earthward,tilt,rx,ry,rz",
    .log = {.elements = "stages"},
    .defaults = {.count = DEFAULT_STAGES, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .figure = &figure};
