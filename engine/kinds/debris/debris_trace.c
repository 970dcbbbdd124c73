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
    .group = "piece",
    .panels = {
        {.title = "along the spin axis (x-y): carried round the hull, peeled off, released with "
                  "the rotating frame's velocity",
         .x = "x",
         .x_label = "x (units)",
         .y = "y",
         .y_label = "y (units)",
         .equal_scale = true,
         .curves = {{.legend = "path of each piece, one colour each"}},
         .markers = {{.legend = "first step (on the hull)"},
                     {.legend = "release", .when = RELEASED}}},
        {.title = "from the side (x-z): axial kicks spread the pieces along the axis",
         .x = "x",
         .x_label = "x (units)",
         .y = "z",
         .y_label = "z (units)",
         .equal_scale = true,
         .curves = {{.legend = "path of each piece"}},
         .markers = {{.legend = "first step (on the hull)"},
                     {.legend = "release", .when = RELEASED}}},
        {.title =
             "distance from the spin axis against time: hull radius 10, peel up to 1.5, release",
         .x = "t",
         .x_label = "t (s)",
         .y = "norm(x,y)",
         .y_label = "distance from the axis (units)",
         .curves = {{.legend = "each piece"}},
         .markers = {{.legend = "release", .when = RELEASED}}},
    }};

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    size_t count = options->count > 0 ? options->count : DEFAULT_PIECES;
    float dt = (float)options->dt;
    size_t steps = (size_t)ceil(seconds / options->dt);

    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = count;
    mote_debris_pool *pool = NULL;
    mote_id *ids = malloc(count * sizeof *ids);
    bool ok = ids != NULL && mote_debris_pool_create(&def, &pool) == MOTE_OK;
    for (size_t p = 0; ok && p < count; ++p) {
        mote_debris_desc d = hull_piece(options->seed, p, count);
        ok = mote_debris_pool_add(pool, &d, NULL) == MOTE_OK;
    }
    trace_csv csv = {0};
    if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
    } else {
        ok = trace_csv_open(&csv, csv_path, "t,piece,phase,released,x,y,z,vx,vy,vz,qx,qy,qz,qw",
                            err);
    }

    mote_station_spin spin = mote_default_station_spin();
    spin.spin_down_start = (float)(seconds - 1.0);
    spin.spin_down_end = (float)seconds;
    size_t rows = 0, released_total = 0;
    for (size_t step = 1; ok && step <= steps; ++step) {
        mote_station_spin_step(&spin, dt);
        mote_debris_ship ship = mote_station_spin_ship(&spin, (mote_vec3){0.0f, 0.0f, 0.0f});
        mote_debris_released released = {ids, count, 0};
        if (mote_debris_pool_set_ship(pool, &ship) != MOTE_OK ||
            mote_debris_pool_step(pool, dt, &released) != MOTE_OK) {
            fprintf(err, "mote-trace: a debris step failed\n");
            ok = false;
            break;
        }
        released_total += released.count;
        double t = (double)step * options->dt;
        mote_debris_view v = mote_debris_pool_view(pool);
        for (size_t p = 0; p < count; ++p) {
            /* piece p was added p-th and nothing is removed: dense index p */
            bool now = v.phase[p] == (float)MOTE_DEBRIS_RELEASED;
            trace_csv_value(&csv, t);
            trace_csv_value(&csv, (double)p);
            trace_csv_value(&csv, v.phase[p]);
            trace_csv_value(&csv, now ? 1.0 : 0.0);
            for (int k = 0; k < 3; ++k) {
                trace_csv_value(&csv, v.position[k][p]);
            }
            for (int k = 0; k < 3; ++k) {
                trace_csv_value(&csv, v.velocity[k][p]);
            }
            for (int k = 0; k < 4; ++k) {
                trace_csv_value(&csv, v.orientation[k][p]);
            }
            trace_csv_end_row(&csv);
            ++rows;
        }
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = rows;
        written->elements = count;
        fprintf(log, "mote-trace debris: %zu rows, %zu pieces, %zu released, %g s -> %s\n", rows,
                count, released_total, seconds, csv_path);
    }
    free(ids);
    mote_debris_pool_destroy(pool);
    return ok;
}

const trace_scenario trace_scenario_debris = {
    "debris", "a spinning hull shedding pieces: peel, release, tumble", run_scenario, &figure};
