/* mote-trace debris: a station hull (a cylinder of radius 10 and length 30 about its spin
 * axis, world z) spinning at the seed's 3.15 rad/s sheds pieces. Each peels off its anchor
 * for 0.6 s and is released between 0.3 s and 1.8 s with the hull's rotating-frame velocity
 * plus drawn outward and axial kicks and a drawn tumble; the station spins down over the
 * last second. CSV: one row per piece per step after the step (t, piece, phase, released this
 * step, position, velocity, orientation). SVG: the paths seen along the spin axis (x-y) and
 * from the side (x-z), the hull outline, release points marked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"
#include "trace_svg.h"

#define DEFAULT_PIECES  24
#define DEFAULT_SECONDS 3.0
#define HULL_RADIUS     10.0f
#define HULL_HALF       15.0f
#define MAX_SVG_POINTS  600

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

typedef struct track {
    float *xyz; /* sampled positions, 3 per sample */
    size_t samples;
    float release[3];
    bool released;
} track;

static void draw_view(trace_svg *svg, const track *tracks, size_t count, int u, int v, double y,
                      const char *title) {
    trace_bounds world = trace_bounds_empty();
    trace_bounds_add(&world, -HULL_RADIUS, u == 2 ? -HULL_HALF : -HULL_RADIUS);
    trace_bounds_add(&world, HULL_RADIUS, u == 2 ? HULL_HALF : HULL_RADIUS);
    for (size_t p = 0; p < count; ++p) {
        for (size_t s = 0; s < tracks[p].samples; ++s) {
            trace_bounds_add(&world, tracks[p].xyz[3 * s + u], tracks[p].xyz[3 * s + v]);
        }
    }
    trace_svg_panel(svg, 40.0, y, 900.0, 560.0, title, world);
    /* the hull: a circle along the axis, a rectangle from the side */
    trace_svg_path_begin(svg, "#888", 2.0, false);
    if (v == 1) {
        for (int k = 0; k <= 64; ++k) {
            double a = 6.283185307179586 * k / 64.0;
            trace_svg_path_point(svg, HULL_RADIUS * cos(a), HULL_RADIUS * sin(a));
        }
    } else {
        trace_svg_path_point(svg, -HULL_RADIUS, -HULL_HALF);
        trace_svg_path_point(svg, HULL_RADIUS, -HULL_HALF);
        trace_svg_path_point(svg, HULL_RADIUS, HULL_HALF);
        trace_svg_path_point(svg, -HULL_RADIUS, HULL_HALF);
        trace_svg_path_point(svg, -HULL_RADIUS, -HULL_HALF);
    }
    trace_svg_path_end(svg);
    for (size_t p = 0; p < count; ++p) {
        char color[24];
        trace_color(color, p, count);
        trace_svg_path_begin(svg, color, 1.4, false);
        for (size_t s = 0; s < tracks[p].samples; ++s) {
            trace_svg_path_point(svg, tracks[p].xyz[3 * s + u], tracks[p].xyz[3 * s + v]);
        }
        trace_svg_path_end(svg);
        if (tracks[p].released) {
            trace_svg_dot(svg, tracks[p].release[u], tracks[p].release[v], 3.0, color);
        }
    }
    trace_svg_note(svg, "#888", "grey: the hull outline; dots: where each piece was released");
}

bool trace_scenario_debris(const trace_options *options, const char *csv_path, const char *svg_path,
                           FILE *log, FILE *err) {
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    size_t count = options->count > 0 ? options->count : DEFAULT_PIECES;
    float dt = (float)options->dt;
    size_t steps = (size_t)ceil(seconds / options->dt);
    size_t every = steps / MAX_SVG_POINTS + 1;
    size_t max_samples = steps / every + 2;

    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = count;
    mote_debris_pool *pool = NULL;
    track *tracks = calloc(count, sizeof *tracks);
    mote_id *ids = malloc(count * sizeof *ids);
    bool ok = tracks != NULL && ids != NULL && mote_debris_pool_create(&def, &pool) == MOTE_OK;
    for (size_t p = 0; ok && p < count; ++p) {
        mote_debris_desc d = hull_piece(options->seed, p, count);
        tracks[p].xyz = malloc(3 * max_samples * sizeof(float));
        ok = tracks[p].xyz != NULL && mote_debris_pool_add(pool, &d, NULL) == MOTE_OK;
    }
    trace_csv csv;
    if (ok &&
        !trace_csv_open(&csv, csv_path, "t,piece,phase,released,x,y,z,vx,vy,vz,qx,qy,qz,qw")) {
        fprintf(err, "mote-trace: cannot write %s\n", csv_path);
        ok = false;
    } else if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
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
            if (now) {
                tracks[p].released = true;
                for (int k = 0; k < 3; ++k) {
                    tracks[p].release[k] = v.position[k][p];
                }
            }
            if (step % every == 0 || step == steps || step == 1) {
                for (int k = 0; k < 3; ++k) {
                    tracks[p].xyz[3 * tracks[p].samples + k] = v.position[k][p];
                }
                ++tracks[p].samples;
            }
        }
    }
    if (ok) {
        ok = trace_csv_close(&csv);
        trace_svg svg;
        if (!trace_svg_open(&svg, svg_path, 980, 1320,
                            "mote-trace debris: a spinning hull shedding pieces")) {
            fprintf(err, "mote-trace: cannot write %s\n", svg_path);
            ok = false;
        } else {
            draw_view(&svg, tracks, count, 0, 1, 60.0,
                      "along the spin axis (x-y): peel, then rotating-frame release");
            draw_view(&svg, tracks, count, 0, 2, 720.0,
                      "from the side (x-z): axial kicks spread the pieces along the axis");
            ok = trace_svg_close(&svg) && ok;
        }
        fprintf(log, "mote-trace debris: %zu rows, %zu pieces, %zu released, %g s -> %s, %s\n",
                rows, count, released_total, seconds, csv_path, svg_path);
    }
    for (size_t p = 0; tracks != NULL && p < count; ++p) {
        free(tracks[p].xyz);
    }
    free(tracks);
    free(ids);
    mote_debris_pool_destroy(pool);
    return ok;
}
