/* mote-trace docking: three chasers closing on their own spinning stations (the seed's
 * profile: 3.15 rad/s about the station's z, approach 4 .. 18.5 s, settle .. 21.5 s, spin-down
 * .. 24.5 s, locked from spin_down_t >= 0.995), each station turned a little, the chasers
 * starting 0, 0.5 and 1 s apart from different offsets. CSV: after every step, two rows per
 * sequence: the chaser (series 2 i) and its spring target (series 2 i + 1), each with the
 * docking-frame decomposition (parallel distance along the dock axis, radial distance from
 * it), its offset from the dock port in station coordinates seen along the dock axis (sx, sy)
 * and its offset from the station in world coordinates seen along z (wx, wy; gnuplot's table
 * takes 14 columns, so not the third), and the sequence's phase,
 * stiffness, damping, spin rates and lock. Figure: the approach corridor in the docking frame,
 * the path seen along the dock axis in the station's frame (a straight run in: the corridor
 * turns with the station) and in the world (a spiral), and the ramps and spin rates against
 * time with the phase boundaries and the lock. */
#include <math.h>
#include <stdio.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_SEQUENCES 3
#define DEFAULT_SECONDS   27.0
#define MAX_SEQUENCES     64

#define CHASERS "0 2 4"
#define TARGETS "1 3 5"
#define LOCKED  "locked > 0"

static const trace_figure figure = {
    .title = "mote-trace docking: chasers closing on spinning stations (3.15 rad/s, the seed's "
             "timeline)",
    .panels = {
        {.title = "the approach corridor in the docking frame: the target runs down it, the "
                  "chaser follows through the spring",
         .x = {"radial", "radial distance from the dock axis (units)"},
         .y = {"parallel", "parallel distance along the dock axis (units)"},
         .curves = {{.legend = "chaser (each sequence)", .series = CHASERS},
                    {.legend = "spring target", .series = TARGETS, .dashed = true}},
         .markers = {{.legend = "capture (approach start)", .when = "phase >= 2"},
                     {.legend = "settle start", .when = "phase >= 3"},
                     {.legend = "lock", .when = LOCKED}}},
        {.title = "along the dock axis, in the station's frame: the waiting chaser circles, then "
                  "runs in",
         .x = {"sx", "station x from the port (units)"},
         .y = {"sy", "station y from the port (units)"},
         .equal_scale = true,
         .curves = {{.legend = "chaser (each sequence)", .series = CHASERS}},
         .markers = {{.legend = "capture (approach start)", .when = "phase >= 2"},
                     {.legend = "lock", .when = LOCKED}}},
        {.title = "seen along the spin axis, in the world: the chaser spirals in with the port",
         .x = {"wx", "world x from the station (units)"},
         .y = {"wy", "world y from the station (units)"},
         .equal_scale = true,
         .curves = {{.legend = "chaser (each sequence)", .series = CHASERS}},
         .markers = {{.legend = "capture (approach start)", .when = "phase >= 2"},
                     {.legend = "lock", .when = LOCKED}}},
        {.title = "stiffness and damping ramps (settle), spin rates (chaser spin-up, both "
                  "spin down), first sequence",
         .y = {"stiffness", "stiffness (1/s^2), damping (1/s), spin rate (rad/s)"},
         .curves = {{.legend = "stiffness", .series = "0", .color = 1},
                    {.legend = "damping", .y = "damping", .series = "0", .color = 2},
                    {.legend = "station spin rate", .y = "station_rate", .series = "0", .color = 3},
                    {.legend = "chaser spin rate", .y = "chaser_rate", .series = "0", .color = 4}},
         .markers = {{.legend = "approach start", .at = "4"},
                     {.legend = "settle", .at = "18.5"},
                     {.legend = "spin-down", .at = "21.5"},
                     {.legend = "lock", .when = LOCKED}}}}};

/* Sequence i's station (turned a little about x), chaser start and delay. */
static mote_status begin_sequence(const mote_docking_profile *p, size_t i, mote_docking_state *s) {
    float a = 6.2831853f * (float)i / (float)DEFAULT_SEQUENCES;
    mote_quat base = mote_quat_axis_angle((mote_vec3){1.0f, 0.0f, 0.0f}, 0.05f * (float)i);
    mote_vec3 chaser = {3.0f * cosf(a), 3.0f * sinf(a), 14.0f + 2.0f * (float)(i % 3)};
    return mote_docking_begin(p, (mote_vec3){0.0f, 0.0f, 0.0f}, base, chaser, 0.5f * (float)i, s);
}

/* One CSV row: the point at (chaser or target) of a sequence in its pose. */
static void write_row(trace_csv *csv, double t, size_t i, int role, const mote_docking_state *s,
                      const mote_docking_pose *pose) {
    mote_vec3 at = role == 0 ? s->position : pose->target;
    mote_vec3 offset = mote_vec3_sub(at, pose->dock_port);
    float parallel = mote_vec3_dot(offset, pose->dock_axis);
    mote_vec3 radial = mote_vec3_sub(offset, mote_vec3_scale(pose->dock_axis, parallel));
    mote_vec3 local = mote_quat_rotate(mote_quat_conjugate(pose->station_orientation), offset);
    mote_vec3 world = mote_vec3_sub(at, s->station_position);
    TRACE_CSV_ROW(csv, t, (double)(2 * i + (size_t)role), (double)pose->phase, parallel,
                  mote_vec3_length(radial), local.x, local.y, world.x, world.y, pose->stiffness,
                  pose->damping, pose->station_spin_rate, pose->chaser_spin_rate,
                  pose->locked ? 1.0 : 0.0);
}

/* The scene: the sequences' pool. */
static struct {
    mote_docking_pool *pool;
    mote_docking_profile profile;
    mote_id ids[MAX_SEQUENCES];
} scene;

static bool start(trace_run *run) {
    run->count = run->count > MAX_SEQUENCES ? MAX_SEQUENCES : run->count;
    run->elements = 2 * run->count; /* a chaser and its target per sequence */
    mote_docking_pool_def def = mote_default_docking_pool_def();
    def.capacity = run->count;
    scene.profile = def.profile;
    bool ok = mote_docking_pool_create(&def, &scene.pool) == MOTE_OK;
    for (size_t i = 0; ok && i < run->count; ++i) {
        mote_docking_state s;
        ok = begin_sequence(&def.profile, i, &s) == MOTE_OK &&
             mote_docking_pool_add(scene.pool, &s, &scene.ids[i]) == MOTE_OK;
    }
    return trace_check(run, ok, "out of memory");
}

static bool advance(trace_run *run) {
    return trace_check(run, mote_docking_pool_step(scene.pool, run->dt) == MOTE_OK,
                       "a docking step failed");
}

static bool rows(trace_run *run, trace_csv *csv, double t) {
    run->tally = 0; /* sequences locked by now */
    for (size_t i = 0; i < run->count; ++i) {
        mote_docking_state s;
        mote_docking_pose pose;
        if (mote_docking_pool_get(scene.pool, scene.ids[i], &s) != MOTE_OK ||
            mote_docking_pose_of(&scene.profile, &s, &pose) != MOTE_OK) {
            return false;
        }
        write_row(csv, t, i, 0, &s, &pose);
        write_row(csv, t, i, 1, &s, &pose);
        run->tally += s.locked;
    }
    return true;
}

static void finish(void) {
    mote_docking_pool_destroy(scene.pool);
}

const trace_scenario trace_scenario_docking = {
    .name = "docking",
    .summary = "chasers docking with spinning stations: corridor, frames, ramps, lock",
    .columns = "t,series,phase,parallel,radial,sx,sy,wx,wy,"
               "stiffness,damping,station_rate,chaser_rate,locked",
    .log = {.elements = "sequences", .tallied = "locked"},
    .defaults = {.count = DEFAULT_SEQUENCES, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .first_row_after_step = true,
    .figure = &figure};
