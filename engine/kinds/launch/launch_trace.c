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
    .panels = {
        {.title = "the ascent over the curved limb: altitude against ground arc, to scale",
         .x = {"ground_arc", "ground arc (units)"},
         .y = {"altitude", "altitude (units)"},
         .equal_scale = true,
         .curves = {{.legend = "rocket %s"}},
         .markers = {{.legend = "accel starts", .when = "phase >= 2"},
                     {.legend = "decel starts", .when = "phase >= 3"},
                     {.legend = "coast starts", .when = "phase >= 4"},
                     {.legend = "rest", .when = "phase >= 5"}}},
        {.title = "normalized ascent distance (0..1) and 5 x its speed against time",
         .y = {"distance", "distance (1), 5 speed (1/s)"},
         .curves = {{.legend = "distance"}, {.legend = "5 speed", .y = "speed5", .dashed = true}},
         .markers = {{.legend = "ignition", .when = "phase >= 1"},
                     {.legend = "ascent end", .when = "phase >= 4"}}},
        {.title = "roll and vibration inside their envelope (0.0128 (1 - smoothstep(0.05, 0.9, "
                  "distance)))",
         .y = {"roll", "roll (rad)"},
         .curves = {{.legend = "roll"},
                    {.legend = "envelope bound", .y = "bound", .dashed = true},
                    {.legend = "minus the bound", .y = "minus_bound", .dashed = true}}}}};

/* The scene: the rockets' pool. */
static struct {
    mote_launch_pool *pool;
    mote_launch_profile profile;
} scene;

static bool start(trace_run *run) {
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.capacity = run->count;
    const uint64_t seed = run->options->seed;
    bool ok = mote_launch_pool_create(&def, &scene.pool) == MOTE_OK;
    for (size_t r = 0; ok && r < run->count; ++r) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket.launch_time = STAGGER * (float)r;
        d.rocket.turn_blend = 0.8f + 0.4f * mote_random_unit(seed, 2 * r);
        d.rocket.crossrange = mote_random_range(seed, 2 * r + 1, -1.0f, 1.0f);
        ok = mote_launch_pool_add(scene.pool, &d, NULL) == MOTE_OK;
    }
    scene.profile = mote_launch_pool_profile(scene.pool);
    return trace_check(run, ok, "out of memory");
}

/* The schedule evaluated at t: nothing steps. */
static bool rows(trace_run *run, trace_csv *csv, double t) {
    if (!trace_check(run, mote_launch_pool_evaluate(scene.pool, t) == MOTE_OK,
                     "a launch evaluation failed")) {
        return false;
    }
    const mote_launch_view v = mote_launch_pool_view(scene.pool);
    for (size_t r = 0; r < run->count; ++r) {
        const double bound = 0.0128 * mote_launch_roll_envelope(&scene.profile, v.distance[r]);
        TRACE_CSV_ROW(csv, mote_launch_pool_clock(scene.pool), (double)r, v.phase[r], v.distance[r],
                      v.speed[r], 5.0 * v.speed[r], v.altitude[r], v.ground_arc[r],
                      v.position[0][r], v.position[1][r], v.position[2][r], v.roll[r], bound,
                      -bound);
    }
    return true;
}

static void finish(void) {
    mote_launch_pool_destroy(scene.pool);
}

const trace_scenario trace_scenario_launch = {
    .name = "launch",
    .summary = "a launch schedule: ascent over the limb, distance and speed, roll envelope",
    .columns = "t,rocket,phase,distance,speed,speed5,altitude,"
               "ground_arc,x,y,z,roll,bound,minus_bound",
    .log = {.elements = "rockets"},
    .defaults = {.count = DEFAULT_ROCKETS, .seconds = DEFAULT_SECONDS},
    .scene = {.start = start, .rows = rows, .finish = finish},
    .figure = &figure};
