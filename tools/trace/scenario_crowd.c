/* mote-trace crowd: agents spaced on a circle of radius 400, each walking to the opposite
 * point through one mover pool (default params). Every frame each agent asks for a velocity
 * toward its goal at walking pace (200 units/s) that slows over the last stretch (speed =
 * distance * 2/s), as a game's steering would; they start at rest, facing along the circle,
 * so the facings visibly turn before they walk. The model has no collision avoidance: they
 * cross at the centre.
 * CSV: one row per agent per step (t, agent, x, y, vx, vy, rotation, goal_x, goal_y).
 * SVG: the paths with the facing drawn as arrows every half second, and the speeds against
 * time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"
#include "trace_svg.h"

#define DEFAULT_AGENTS  24
#define DEFAULT_SECONDS 7.0
#define RADIUS          400.0f
#define WALK_SPEED      200.0f /* units/s */
#define ARRIVE_RATE     2.0f   /* 1/s: desired speed = distance * this near the goal */
#define ARROW_EVERY     0.5    /* s between facing arrows */
#define MAX_SVG_POINTS  1000
#define PI_D            3.14159265358979323846

typedef struct crowd_track {
    size_t agents, samples, max_samples;
    float *time;            /* [samples] */
    float *x, *y, *speed;   /* [samples * agents] */
    float *rotation;        /* [samples * agents] */
    float *goal_x, *goal_y; /* [agents] */
} crowd_track;

static void release_track(crowd_track *t) {
    free(t->time);
    free(t->x);
    free(t->y);
    free(t->speed);
    free(t->rotation);
    free(t->goal_x);
    free(t->goal_y);
}

static bool alloc_track(crowd_track *t, size_t agents, size_t max_samples) {
    t->agents = agents;
    t->samples = 0;
    t->max_samples = max_samples;
    t->time = malloc(max_samples * sizeof(float));
    t->x = malloc(max_samples * agents * sizeof(float));
    t->y = malloc(max_samples * agents * sizeof(float));
    t->speed = malloc(max_samples * agents * sizeof(float));
    t->rotation = malloc(max_samples * agents * sizeof(float));
    t->goal_x = malloc(agents * sizeof(float));
    t->goal_y = malloc(agents * sizeof(float));
    return t->time && t->x && t->y && t->speed && t->rotation && t->goal_x && t->goal_y;
}

/* The steering: toward the goal at walking pace, slowing on arrival. */
static void steer(mote_mover_view *v, const crowd_track *t) {
    for (size_t i = 0; i < v->count; ++i) {
        float dx = t->goal_x[i] - v->position_x[i];
        float dy = t->goal_y[i] - v->position_y[i];
        float distance = sqrtf(dx * dx + dy * dy);
        float speed = fminf(WALK_SPEED, distance * ARRIVE_RATE);
        float k = distance > 1e-3f ? speed / distance : 0.0f;
        v->desired_velocity_x[i] = dx * k;
        v->desired_velocity_y[i] = dy * k;
    }
}

static void record(const mote_mover_view *v, const crowd_track *t, double time, trace_csv *csv) {
    for (size_t i = 0; i < v->count; ++i) {
        trace_csv_value(csv, time);
        trace_csv_value(csv, (double)i);
        trace_csv_value(csv, v->position_x[i]);
        trace_csv_value(csv, v->position_y[i]);
        trace_csv_value(csv, v->velocity_x[i]);
        trace_csv_value(csv, v->velocity_y[i]);
        trace_csv_value(csv, v->rotation[i]);
        trace_csv_value(csv, t->goal_x[i]);
        trace_csv_value(csv, t->goal_y[i]);
        trace_csv_end_row(csv);
    }
}

static void sample(const mote_mover_view *v, crowd_track *t, double time) {
    size_t s = t->samples++;
    t->time[s] = (float)time;
    for (size_t i = 0; i < t->agents; ++i) {
        size_t k = s * t->agents + i;
        t->x[k] = v->position_x[i];
        t->y[k] = v->position_y[i];
        t->speed[k] =
            sqrtf(v->velocity_x[i] * v->velocity_x[i] + v->velocity_y[i] * v->velocity_y[i]);
        t->rotation[k] = v->rotation[i];
    }
}

static void draw_paths(trace_svg *svg, const crowd_track *t) {
    trace_bounds world = trace_bounds_empty();
    trace_bounds_add(&world, -RADIUS, -RADIUS);
    trace_bounds_add(&world, RADIUS, RADIUS);
    trace_svg_panel(svg, 40.0, 60.0, 620.0, 620.0,
                    "paths (start: coloured dot, goal: small grey dot); arrows: facing every 0.5 s",
                    world);
    double last_arrow = -1.0;
    for (size_t i = 0; i < t->agents; ++i) {
        char color[24];
        trace_color(color, i, t->agents);
        trace_svg_path_begin(svg, color, 1.4, false);
        for (size_t s = 0; s < t->samples; ++s) {
            trace_svg_path_point(svg, t->x[s * t->agents + i], t->y[s * t->agents + i]);
        }
        trace_svg_path_end(svg);
        trace_svg_dot(svg, t->x[i], t->y[i], 3.5, color);
        trace_svg_dot(svg, t->goal_x[i], t->goal_y[i], 1.5, "#444");
        last_arrow = -1.0;
        for (size_t s = 0; s < t->samples; ++s) {
            if (t->time[s] - last_arrow >= ARROW_EVERY - 1e-6 || last_arrow < 0.0) {
                float r = t->rotation[s * t->agents + i];
                trace_svg_arrow(svg, t->x[s * t->agents + i], t->y[s * t->agents + i], cos(r),
                                sin(r), 12.0, color);
                last_arrow = t->time[s];
            }
        }
    }
    char note[128];
    snprintf(note, sizeof note, "%zu agents on a circle of radius %g, each to the opposite point",
             t->agents, (double)RADIUS);
    trace_svg_note(svg, "#444", note);
}

static void draw_speeds(trace_svg *svg, const crowd_track *t, double seconds) {
    /* one scale for both axes: stretch time to fill a 3:1 panel */
    double time_scale = 3.0 * WALK_SPEED * 1.2 / seconds;
    trace_bounds world = {0.0, 0.0, seconds * time_scale, WALK_SPEED * 1.2};
    trace_svg_panel(svg, 40.0, 760.0, 620.0, 206.0, "speed |velocity| against time", world);
    for (size_t i = 0; i < t->agents; ++i) {
        char color[24];
        trace_color(color, i, t->agents);
        trace_svg_path_begin(svg, color, 1.0, false);
        for (size_t s = 0; s < t->samples; ++s) {
            trace_svg_path_point(svg, t->time[s] * time_scale, t->speed[s * t->agents + i]);
        }
        trace_svg_path_end(svg);
    }
    char note[128];
    snprintf(note, sizeof note, "time 0 to %g s; speed 0 to %g units/s (walking pace %g)", seconds,
             WALK_SPEED * 1.2, (double)WALK_SPEED);
    trace_svg_note(svg, "#444", note);
}

bool trace_scenario_crowd(const trace_options *options, const char *csv_path, const char *svg_path,
                          FILE *log, FILE *err) {
    size_t agents = options->count > 0 ? options->count : DEFAULT_AGENTS;
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    float dt = (float)options->dt;
    size_t steps = (size_t)ceil(seconds / options->dt);
    size_t every = steps / MAX_SVG_POINTS + 1;
    crowd_track track = {0};
    mote_mover_pool *pool = NULL;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.capacity = agents;
    if (!alloc_track(&track, agents, steps / every + 2) ||
        mote_mover_pool_create(&def, &pool) != MOTE_OK) {
        fprintf(err, "mote-trace: out of memory\n");
        release_track(&track);
        return false;
    }
    for (size_t i = 0; i < agents; ++i) {
        double a = 2.0 * PI_D * (double)i / (double)agents;
        mote_mover_desc d = mote_default_mover_desc();
        mote_vec2 start = {RADIUS * (float)cos(a), RADIUS * (float)sin(a)};
        mote_movement_place_at(&d.state, start, (float)(a + PI_D / 2.0)); /* along the circle */
        track.goal_x[i] = -start.x;
        track.goal_y[i] = -start.y;
        if (mote_mover_pool_add(pool, &d, NULL) != MOTE_OK) {
            fprintf(err, "mote-trace: adding agent %zu failed\n", i);
            mote_mover_pool_destroy(pool);
            release_track(&track);
            return false;
        }
    }

    trace_csv csv;
    if (!trace_csv_open(&csv, csv_path, "t,agent,x,y,vx,vy,rotation,goal_x,goal_y")) {
        fprintf(err, "mote-trace: cannot write %s\n", csv_path);
        mote_mover_pool_destroy(pool);
        release_track(&track);
        return false;
    }
    bool ok = true;
    for (size_t step = 0; step <= steps && ok; ++step) {
        double t = (double)step * options->dt;
        mote_mover_view view = mote_mover_pool_view(pool);
        steer(&view, &track);
        record(&view, &track, t, &csv);
        if (step % every == 0 || step == steps) {
            sample(&view, &track, t);
        }
        if (step < steps) {
            ok = mote_mover_pool_step(pool, dt) == MOTE_OK;
        }
    }
    ok = trace_csv_close(&csv) && ok;

    trace_svg svg;
    if (!trace_svg_open(&svg, svg_path, 700, 1020,
                        "mote-trace crowd: agents crossing a circle to the opposite point")) {
        fprintf(err, "mote-trace: cannot write %s\n", svg_path);
        mote_mover_pool_destroy(pool);
        release_track(&track);
        return false;
    }
    draw_paths(&svg, &track);
    draw_speeds(&svg, &track, seconds);
    ok = trace_svg_close(&svg) && ok;
    mote_mover_pool_destroy(pool);
    release_track(&track);
    if (!ok) {
        fprintf(err, "mote-trace: writing %s or %s failed\n", csv_path, svg_path);
        return false;
    }
    fprintf(log, "mote-trace crowd: %zu agents, %zu steps of %g s: wrote %s (%zu rows), %s\n",
            agents, steps, options->dt, csv_path, (steps + 1) * agents, svg_path);
    return true;
}
