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

typedef struct mover_goals {
    float *x, *y; /* [agents] */
} mover_goals;

/* The steering: toward the goal at walking pace, slowing on arrival. */
static void steer(mote_mover_view *v, const mover_goals *goals) {
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

/* An agent has arrived once it is within 1 unit of its goal. */
#define ARRIVAL                                                                                    \
    { .legend = "arrival: within 1 unit of the goal", .when = "dist(x,y,goal_x,goal_y) < 1" }

static const trace_figure figure = {
    .title = "mote-trace crowd: agents crossing a circle to the opposite point",
    .panels = {
        {.title = "paths (no collision avoidance: they cross at the centre)",
         .plane = {"x", "y"},
         .curves = {{.legend = "path of each agent, one colour each"}},
         .markers = {{.legend = "start (t = 0 s)"},
                     {.legend = "goal", .x = "goal_x", .y = "goal_y"},
                     ARRIVAL}},
        {.title = "speed against time: walking pace 200 units/s, slowing over the last stretch",
         .y = {"norm(vx,vy)", "speed (units/s)"},
         .curves = {{.legend = "speed of each agent"}},
         .markers = {ARRIVAL}},
        {.title = "facing against time: from along the circle to the walking direction",
         .y = {"wrap(rotation)", "facing (rad, wrapped to (-pi, pi])"},
         .curves = {{.legend = "facing of each agent"}},
         .markers = {ARRIVAL}}}};

/* The scene: the agents' pool and their goals. */
static struct {
    mote_mover_pool *pool;
    mover_goals goals;
} scene;

static bool start(trace_run *run) {
    const size_t agents = run->count;
    scene.goals = (mover_goals){malloc(agents * sizeof(float)), malloc(agents * sizeof(float))};
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.capacity = agents;
    bool ok = scene.goals.x != NULL && scene.goals.y != NULL &&
              mote_mover_pool_create(&def, &scene.pool) == MOTE_OK;
    if (!trace_check(run, ok, "out of memory")) {
        return false;
    }
    for (size_t i = 0; i < agents; ++i) {
        double a = 2.0 * PI_D * (double)i / (double)agents;
        mote_mover_desc d = mote_default_mover_desc();
        mote_vec2 from = {RADIUS * (float)cos(a), RADIUS * (float)sin(a)};
        mote_movement_place_at(&d.state, from, (float)(a + PI_D / 2.0)); /* along the circle */
        scene.goals.x[i] = -from.x;
        scene.goals.y[i] = -from.y;
        if (mote_mover_pool_add(scene.pool, &d, NULL) != MOTE_OK) {
            fprintf(run->err, "mote-trace: adding agent %zu failed\n", i);
            return false;
        }
    }
    return true;
}

static bool advance(trace_run *run) {
    return trace_check(run, mote_mover_pool_step(scene.pool, run->dt) == MOTE_OK,
                       "a crowd step failed");
}

/* Steers every agent for the next step, and writes where it is. */
static bool rows(trace_run *run, trace_csv *csv, double t) {
    (void)run;
    const mover_goals *goals = &scene.goals;
    mote_mover_view v = mote_mover_pool_view(scene.pool);
    steer(&v, goals);
    for (size_t i = 0; i < v.count; ++i) {
        TRACE_CSV_ROW(csv, t, (double)i, v.position_x[i], v.position_y[i], v.velocity_x[i],
                      v.velocity_y[i], v.rotation[i], goals->x[i], goals->y[i]);
    }
    return true;
}

static void finish(void) {
    mote_mover_pool_destroy(scene.pool);
    free(scene.goals.x);
    free(scene.goals.y);
}

const trace_scenario trace_scenario_mover = {
    .name = "crowd",
    .summary = "agents on a circle each walking to the opposite point",
    .columns = "t,agent,x,y,vx,vy,rotation,goal_x,goal_y",
    .log = {.elements = "agents", .steps = true},
    .defaults = {.count = DEFAULT_AGENTS, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .figure = &figure};
