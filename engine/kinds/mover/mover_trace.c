/* mote-trace crowd: agents spaced on a circle of radius 400, each walking to the opposite
 * point through one mover pool (default params). Every frame each agent asks for a velocity
 * toward its goal at walking pace (200 units/s) that slows over the last stretch (speed =
 * distance * 2/s), as a game's steering would; they start at rest, facing along the circle,
 * so the facings visibly turn before they walk. The model has no collision avoidance: they
 * cross at the centre.
 * CSV: one row per agent per step (t, agent, x, y, vx, vy, rotation, goal_x, goal_y).
 * Figure: the paths (start, goal and arrival marked), the speeds and the facings against
 * time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_AGENTS  24
#define DEFAULT_SECONDS 7.0
#define RADIUS          400.0f
#define WALK_SPEED      200.0f /* units/s */
#define ARRIVE_RATE     2.0f   /* 1/s: desired speed = distance * this near the goal */
#define PI_D            3.14159265358979323846

typedef struct crowd_goals {
    float *x, *y; /* [agents] */
} crowd_goals;

/* The steering: toward the goal at walking pace, slowing on arrival. */
static void steer(mote_mover_view *v, const crowd_goals *goals) {
    for (size_t i = 0; i < v->count; ++i) {
        float dx = goals->x[i] - v->position_x[i];
        float dy = goals->y[i] - v->position_y[i];
        float distance = sqrtf(dx * dx + dy * dy);
        float speed = fminf(WALK_SPEED, distance * ARRIVE_RATE);
        float k = distance > 1e-3f ? speed / distance : 0.0f;
        v->desired_velocity_x[i] = dx * k;
        v->desired_velocity_y[i] = dy * k;
    }
}

static void record(const mote_mover_view *v, const crowd_goals *goals, double time,
                   trace_csv *csv) {
    for (size_t i = 0; i < v->count; ++i) {
        trace_csv_value(csv, time);
        trace_csv_value(csv, (double)i);
        trace_csv_value(csv, v->position_x[i]);
        trace_csv_value(csv, v->position_y[i]);
        trace_csv_value(csv, v->velocity_x[i]);
        trace_csv_value(csv, v->velocity_y[i]);
        trace_csv_value(csv, v->rotation[i]);
        trace_csv_value(csv, goals->x[i]);
        trace_csv_value(csv, goals->y[i]);
        trace_csv_end_row(csv);
    }
}

/* An agent has arrived once it is within 1 unit of its goal. */
#define ARRIVAL                                                                                    \
    { .legend = "arrival: within 1 unit of the goal", .when = "dist(x,y,goal_x,goal_y) < 1" }

static const trace_figure figure = {
    .title = "mote-trace crowd: agents crossing a circle to the opposite point",
    .group = "agent",
    .panels = {
        {.title = "paths (no collision avoidance: they cross at the centre)",
         .x = "x",
         .x_label = "x (units)",
         .y = "y",
         .y_label = "y (units)",
         .equal_scale = true,
         .curves = {{.legend = "path of each agent, one colour each"}},
         .markers = {{.legend = "start (t = 0 s)"},
                     {.legend = "goal", .x = "goal_x", .y = "goal_y"},
                     ARRIVAL}},
        {.title = "speed against time: walking pace 200 units/s, slowing over the last stretch",
         .x = "t",
         .x_label = "t (s)",
         .y = "norm(vx,vy)",
         .y_label = "speed (units/s)",
         .curves = {{.legend = "speed of each agent"}},
         .markers = {ARRIVAL}},
        {.title = "facing against time: from along the circle to the walking direction",
         .x = "t",
         .x_label = "t (s)",
         .y = "wrap(rotation)",
         .y_label = "facing (rad, wrapped to (-pi, pi])",
         .curves = {{.legend = "facing of each agent"}},
         .markers = {ARRIVAL}},
    }};

static void release_goals(crowd_goals *goals) {
    free(goals->x);
    free(goals->y);
}

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    size_t agents = options->count > 0 ? options->count : DEFAULT_AGENTS;
    double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    float dt = (float)options->dt;
    size_t steps = (size_t)ceil(seconds / options->dt);
    crowd_goals goals = {malloc(agents * sizeof(float)), malloc(agents * sizeof(float))};
    mote_mover_pool *pool = NULL;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.capacity = agents;
    if (goals.x == NULL || goals.y == NULL || mote_mover_pool_create(&def, &pool) != MOTE_OK) {
        fprintf(err, "mote-trace: out of memory\n");
        release_goals(&goals);
        return false;
    }
    for (size_t i = 0; i < agents; ++i) {
        double a = 2.0 * PI_D * (double)i / (double)agents;
        mote_mover_desc d = mote_default_mover_desc();
        mote_vec2 start = {RADIUS * (float)cos(a), RADIUS * (float)sin(a)};
        mote_movement_place_at(&d.state, start, (float)(a + PI_D / 2.0)); /* along the circle */
        goals.x[i] = -start.x;
        goals.y[i] = -start.y;
        if (mote_mover_pool_add(pool, &d, NULL) != MOTE_OK) {
            fprintf(err, "mote-trace: adding agent %zu failed\n", i);
            mote_mover_pool_destroy(pool);
            release_goals(&goals);
            return false;
        }
    }

    trace_csv csv;
    if (!trace_csv_open(&csv, csv_path, "t,agent,x,y,vx,vy,rotation,goal_x,goal_y", err)) {
        mote_mover_pool_destroy(pool);
        release_goals(&goals);
        return false;
    }
    bool ok = true;
    for (size_t step = 0; step <= steps && ok; ++step) {
        double t = (double)step * options->dt;
        mote_mover_view view = mote_mover_pool_view(pool);
        steer(&view, &goals);
        record(&view, &goals, t, &csv);
        if (step < steps && mote_mover_pool_step(pool, dt) != MOTE_OK) {
            fprintf(err, "mote-trace: a crowd step failed\n");
            ok = false;
        }
    }
    ok = trace_csv_close(&csv) && ok;
    mote_mover_pool_destroy(pool);
    release_goals(&goals);
    if (!ok) {
        return false;
    }
    written->rows = (steps + 1) * agents;
    written->elements = agents;
    fprintf(log, "mote-trace crowd: %zu agents, %zu steps of %g s: wrote %s (%zu rows)\n", agents,
            steps, options->dt, csv_path, written->rows);
    return true;
}

const trace_scenario trace_scenario_mover = {
    "crowd", "agents on a circle each walking to the opposite point", run_scenario, &figure};
