/* mote-trace springs: one spring of every kind, each in a pool of its own, chasing a goal
 * that jumps twice (at 0.2 s and 1.5 s). The linear kinds go 0 -> 1 -> -0.5; the angle kinds
 * go 0 -> 2.5 -> -2.5 rad, which they reach the short way, through +-pi; decay starts at 1
 * and has no goal. CSV: one row per spring per step (t, kind, x, v, goal). SVG: x against
 * time, one panel for the linear kinds and one for the angle kinds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"
#include "trace_svg.h"

#define DEFAULT_SECONDS 3.0
#define MAX_SVG_POINTS  2000

static bool is_angle_kind(mote_spring_kind kind) {
    return kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
}

static float goal_at(mote_spring_kind kind, double t) {
    float first = is_angle_kind(kind) ? 2.5f : 1.0f;
    float second = is_angle_kind(kind) ? -2.5f : -0.5f;
    return t < 0.2 ? 0.0f : t < 1.5 ? first : second;
}

static mote_spring_desc start_desc(mote_spring_kind kind) {
    mote_spring_desc desc = mote_default_spring_desc();
    desc.halflife = 0.15f;
    desc.stiffness = 100.0f; /* semi_implicit, damped: about 1.6 Hz, underdamped */
    desc.damping = 4.0f;
    desc.rate = 6.0f;
    desc.x = kind == MOTE_SPRING_DECAY ? 1.0f : 0.0f;
    return desc;
}

typedef struct spring_track {
    mote_spring_pool *pool;
    float *time;
    float *x;
    float *goal;
    size_t samples;
} spring_track;

static void release_tracks(spring_track *tracks) {
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool_destroy(tracks[k].pool);
        free(tracks[k].time);
        free(tracks[k].x);
        free(tracks[k].goal);
    }
}

static void record(mote_spring_kind kind, const mote_spring_view *view, double t, trace_csv *csv) {
    float v = view->v != NULL ? view->v[0] : 0.0f;
    float goal = view->goal != NULL ? view->goal[0] : 0.0f;
    trace_csv_value(csv, t);
    trace_csv_text(csv, mote_spring_kind_name(kind));
    trace_csv_value(csv, view->x[0]);
    trace_csv_value(csv, v);
    trace_csv_value(csv, goal);
    trace_csv_end_row(csv);
}

static void sample(spring_track *track, const mote_spring_view *view, double t) {
    track->time[track->samples] = (float)t;
    track->x[track->samples] = view->x[0];
    track->goal[track->samples] = view->goal != NULL ? view->goal[0] : 0.0f;
    ++track->samples;
}

/* The value drawn: angles wrapped into (-pi, pi] so both kinds read against their goal. */
static double shown_value(bool angles, float x) {
    return angles ? atan2(sin(x), cos(x)) : x;
}

/* One path per kind; an angle path breaks where it wraps through +-pi. */
static void draw_panel(trace_svg *svg, const spring_track *tracks, bool angles, double y,
                       double seconds) {
    double low = 0.0;
    double high = 0.0;
    size_t shown = 0;
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        if (is_angle_kind((mote_spring_kind)k) != angles) {
            continue;
        }
        ++shown;
        for (size_t s = 0; s < tracks[k].samples; ++s) {
            double value = shown_value(angles, tracks[k].x[s]);
            low = fmin(low, fmin(value, tracks[k].goal[s]));
            high = fmax(high, fmax(value, tracks[k].goal[s]));
        }
    }
    /* Stretch time so the 3:1 panel is filled: the writer keeps one scale for both axes. */
    double time_scale = 3.0 * (high - low) / seconds;
    trace_bounds world = {0.0, low, seconds * time_scale, high};
    trace_svg_panel(svg, 40.0, y, 900.0, 300.0,
                    angles ? "angle kinds: x wrapped to (-pi, pi] against time, goal dashed"
                           : "linear kinds: x against time, goal dashed",
                    world);
    char range[96];
    snprintf(range, sizeof range, "time 0 to %g s; x from %.3g to %.3g", seconds, low, high);
    trace_svg_note(svg, "#444", range);
    size_t index = 0;
    bool goal_drawn = false;
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        const spring_track *track = &tracks[k];
        if (is_angle_kind((mote_spring_kind)k) != angles) {
            continue;
        }
        char color[24];
        trace_color(color, index++, shown);
        if (!goal_drawn && k != MOTE_SPRING_DECAY) {
            trace_svg_path_begin(svg, "#444", 1.0, true);
            for (size_t s = 0; s < track->samples; ++s) {
                trace_svg_path_point(svg, track->time[s] * time_scale, track->goal[s]);
            }
            trace_svg_path_end(svg);
            goal_drawn = true;
        }
        trace_svg_path_begin(svg, color, 1.6, false);
        for (size_t s = 0; s < track->samples; ++s) {
            double value = shown_value(angles, track->x[s]);
            if (angles && s > 0 &&
                fabs(value - shown_value(angles, track->x[s - 1])) > 3.14159265358979) {
                trace_svg_path_end(svg);
                trace_svg_path_begin(svg, color, 1.6, false);
            }
            trace_svg_path_point(svg, track->time[s] * time_scale, value);
        }
        trace_svg_path_end(svg);
        trace_svg_note(svg, color, mote_spring_kind_name((mote_spring_kind)k));
    }
}

bool trace_scenario_springs(const trace_options *options, const char *csv_path,
                            const char *svg_path, FILE *log, FILE *err) {
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    float dt = (float)options->dt;
    size_t steps = (size_t)ceil(seconds / options->dt);
    size_t every = steps / MAX_SVG_POINTS + 1;
    size_t max_samples = steps / every + 2;

    spring_track tracks[MOTE_SPRING_KIND_COUNT] = {0};
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool_def def = mote_default_spring_pool_def();
        def.kind = (mote_spring_kind)k;
        def.capacity = 1;
        mote_spring_desc desc = start_desc(def.kind);
        spring_track *track = &tracks[k];
        track->time = malloc(max_samples * sizeof(float));
        track->x = malloc(max_samples * sizeof(float));
        track->goal = malloc(max_samples * sizeof(float));
        if (track->time == NULL || track->x == NULL || track->goal == NULL ||
            mote_spring_pool_create(&def, &track->pool) != MOTE_OK ||
            mote_spring_pool_add(track->pool, &desc, NULL) != MOTE_OK) {
            fprintf(err, "mote-trace: out of memory\n");
            release_tracks(tracks);
            return false;
        }
    }

    trace_csv csv;
    if (!trace_csv_open(&csv, csv_path, "t,kind,x,v,goal")) {
        fprintf(err, "mote-trace: cannot write %s\n", csv_path);
        release_tracks(tracks);
        return false;
    }
    size_t rows = 0;
    for (size_t step = 0; step <= steps; ++step) {
        double t = (double)step * options->dt;
        for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
            mote_spring_view view = mote_spring_pool_view(tracks[k].pool);
            if (view.goal != NULL) {
                view.goal[0] = goal_at((mote_spring_kind)k, t);
            }
            record((mote_spring_kind)k, &view, t, &csv);
            ++rows;
            if (step % every == 0 || step == steps) {
                sample(&tracks[k], &view, t);
            }
            if (step < steps) {
                mote_spring_pool_step(tracks[k].pool, dt);
            }
        }
    }
    bool ok = trace_csv_close(&csv);

    trace_svg svg;
    if (!trace_svg_open(&svg, svg_path, 980, 880,
                        "mote-trace springs: every spring kind chasing a jumping goal")) {
        fprintf(err, "mote-trace: cannot write %s\n", svg_path);
        release_tracks(tracks);
        return false;
    }
    draw_panel(&svg, tracks, false, 60.0, seconds);
    draw_panel(&svg, tracks, true, 520.0, seconds);
    ok = trace_svg_close(&svg) && ok;
    release_tracks(tracks);
    if (!ok) {
        fprintf(err, "mote-trace: writing %s or %s failed\n", csv_path, svg_path);
        return false;
    }
    fprintf(log, "mote-trace springs: %d springs, %zu steps of %g s: wrote %s (%zu rows), %s\n",
            MOTE_SPRING_KIND_COUNT, steps, options->dt, csv_path, rows, svg_path);
    return true;
}
