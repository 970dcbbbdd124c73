/* mote-trace debris: a station hull (a cylinder of radius 10 and length 30 about its spin
 * axis, world z) spinning at the seed's 3.15 rad/s sheds pieces. Each peels off its anchor
 * for 0.6 s and is released between 0.3 s and 1.8 s with the hull's rotating-frame velocity
 * plus drawn outward and axial kicks and a drawn tumble; the station spins down over the
 * last second. CSV: one row per piece per step after the step (t, piece, phase, released this
 * step, position, velocity, orientation). Figure: the paths seen along the spin axis (x-y) and
 * from the side (x-z), and the distance from the axis against time, release points marked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_PIECES  24
#define DEFAULT_SECONDS 3.0
#define HULL_RADIUS     10.0f
#define HULL_HALF       15.0f

static mote_debris_desc hull_piece(uint64_t seed, size_t i, size_t count) {
    mote_debris_desc d = mote_default_debris_desc();
    float a = 6.2831853f * ((float)i + mote_random_unit(seed, 4 * i)) / (float)count;
    float z = mote_random_range(seed, 4 * i + 1, -HULL_HALF, HULL_HALF);
    d.anchor = (mote_vec3){HULL_RADIUS * cosf(a), HULL_RADIUS * sinf(a), z};
    d.outward = (mote_vec3){cosf(a), sinf(a), 0.0f};
    d.base = mote_quat_axis_angle((mote_vec3){0.0f, 0.0f, 1.0f}, a);
    d.max_distance = 1.5f;
    d.twist = mote_random_range(seed, 4 * i + 2, -2.0f, 2.0f);
    d.detach_time = 0.3f + 1.5f * ((float)i + 0.5f) / (float)count;
    d.peel_start = d.detach_time - 0.6f;
    mote_debris_ranges ranges = {0.5f, 6.0f, 2.0f, 6.0f, -3.0f, 3.0f};
    mote_debris_draw(&d, &ranges, seed, i);
    return d;
}

#define RELEASED "released > 0"

static const trace_figure figure = {
    .title = "mote-trace debris: a spinning hull (radius 10, 30 long about z) shedding pieces",
    .panels = {
        {.title = "along the spin axis (x-y): carried round the hull, peeled off, released with "
                  "the rotating frame's velocity",
         .plane = {"x", "y"},
         .curves = {{.legend = "path of each piece, one colour each"}},
         .markers = {{.legend = "first step (on the hull)"},
                     {.legend = "release", .when = RELEASED}}},
        {.title = "from the side (x-z): axial kicks spread the pieces along the axis",
         .plane = {"x", "z"},
         .curves = {{.legend = "path of each piece"}},
         .markers = {{.legend = "first step (on the hull)"},
                     {.legend = "release", .when = RELEASED}}},
        {.title =
             "distance from the spin axis against time: hull radius 10, peel up to 1.5, release",
         .y = {"norm(x,y)", "distance from the axis (units)"},
         .curves = {{.legend = "each piece"}},
         .markers = {{.legend = "release", .when = RELEASED}}}}};

/* The scene: the pieces' pool and the station's spin. */
static struct {
    mote_debris_pool *pool;
    mote_id *ids; /* [count]: where a step reports the pieces released */
    mote_station_spin spin;
} scene;

static bool start(trace_run *run) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = run->count;
    scene.ids = malloc(run->count * sizeof *scene.ids);
    bool ok = scene.ids != NULL && mote_debris_pool_create(&def, &scene.pool) == MOTE_OK;
    for (size_t p = 0; ok && p < run->count; ++p) {
        mote_debris_desc d = hull_piece(run->options->seed, p, run->count);
        ok = mote_debris_pool_add(scene.pool, &d, NULL) == MOTE_OK;
    }
    scene.spin = mote_default_station_spin();
    scene.spin.spin_down_start = (float)(run->seconds - 1.0);
    scene.spin.spin_down_end = (float)run->seconds;
    return trace_check(run, ok, "out of memory");
}

static bool advance(trace_run *run) {
    mote_station_spin_step(&scene.spin, run->dt);
    mote_debris_ship ship = mote_station_spin_ship(&scene.spin, (mote_vec3){0.0f, 0.0f, 0.0f});
    mote_debris_released released = {scene.ids, run->count, 0};
    bool ok = mote_debris_pool_set_ship(scene.pool, &ship) == MOTE_OK &&
              mote_debris_pool_step(scene.pool, run->dt, &released) == MOTE_OK;
    run->tally += released.count;
    return trace_check(run, ok, "a debris step failed");
}

static bool rows(trace_run *run, trace_csv *csv, double t) {
    mote_debris_view v = mote_debris_pool_view(scene.pool);
    for (size_t p = 0; p < run->count; ++p) {
        /* piece p was added p-th and nothing is removed: dense index p */
        bool now = v.phase[p] == (float)MOTE_DEBRIS_RELEASED;
        TRACE_CSV_ROW(csv, t, (double)p, v.phase[p], now ? 1.0 : 0.0, v.position[0][p],
                      v.position[1][p], v.position[2][p], v.velocity[0][p], v.velocity[1][p],
                      v.velocity[2][p], v.orientation[0][p], v.orientation[1][p],
                      v.orientation[2][p], v.orientation[3][p]);
    }
    return true;
}

static void finish(void) {
    free(scene.ids);
    mote_debris_pool_destroy(scene.pool);
}

const trace_scenario trace_scenario_debris = {
    .name = "debris",
    .summary = "a spinning hull shedding pieces: peel, release, tumble",
    .columns = "t,piece,phase,released,x,y,z,vx,vy,vz,qx,qy,qz,qw",
    .log = {.elements = "pieces", .tallied = "released"},
    .defaults = {.count = DEFAULT_PIECES, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .first_row_after_step = true,
    .figure = &figure};
