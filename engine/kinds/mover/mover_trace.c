/* mote-trace crowd: agents spaced on a circle of radius 400, each walking to the opposite
 * point through one mover pool (default params). Every frame each agent asks for a velocity
 * toward its goal at walking pace (200 units/s) that slows over the last stretch (speed =
 * distance * 2/s), as a game's steering would; they start at rest, facing along the circle,
 * so the facings visibly turn before they walk. The model has no collision avoidance: they
 * cross at the centre.
 * CSV: one row per agent per step (t, agent, x, y, vx, vy, rotation, goal_x, goal_y).
 * Figure: the paths (start, goal and arrival marked), the speeds and the facings against
 * time.
 *
 * Its scenes (--scene) are the mover page's avoidance scenes (avoid_scenes.h: bodies of
 * radius 0.4 m walking at 1.5 m/s, avoidance on, in metres): circle (80 bodies crossing a
 * ring), corridor (24 bodies, two-way traffic in a corridor 4 m wide) and door (40 bodies
 * from one room to the other through a 2 m door). CSV: one row per body per step (t, agent, x,
 * y, vx, vy, avoid_vx, avoid_vy, goal_x, goal_y, gap: the distance to the nearest body over
 * the sum of their radii). Figure: the paths among the walls, the gap and the speed against
 * time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "avoid_scenes.h"
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

/* ---- the avoidance scenes ---------------------------------------------------------------- */

/* The scene being run (mote-trace runs one), its walls as segments. */
static avoid_scene crowd;
static trace_segment crowd_walls[AVOID_MAX_WALLS];

static bool avoid_start(trace_run *run, avoid_scene_kind kind) {
    if (!trace_check(run,
                     avoid_scene_create(&crowd, kind, run->count, MOTE_BACKEND_AUTO) == MOTE_OK,
                     "making the avoidance scene failed")) {
        return false;
    }
    for (size_t w = 0; w < crowd.wall_count; ++w) {
        const mote_segment *g = &crowd.walls[w];
        crowd_walls[w] = (trace_segment){g->a.x, g->a.y, g->b.x, g->b.y};
    }
    run->segments = crowd_walls;
    run->segment_count = crowd.wall_count;
    return true;
}

static bool circle_start(trace_run *run) {
    return avoid_start(run, AVOID_CIRCLE);
}

static bool corridor_start(trace_run *run) {
    return avoid_start(run, AVOID_CORRIDOR);
}

static bool door_start(trace_run *run) {
    return avoid_start(run, AVOID_DOOR);
}

/* Steers every body toward its goal (the scene's steering), then steps. */
static bool avoid_advance(trace_run *run) {
    avoid_scene_steer(&crowd);
    return trace_check(run, mote_mover_pool_step(crowd.pool, run->dt) == MOTE_OK,
                       "an avoidance step failed");
}

/* Body i's distance to its nearest body over the sum of their radii. */
static double nearest_gap(const mote_mover_view *v, size_t i) {
    double gap = INFINITY;
    for (size_t j = 0; j < v->count; ++j) {
        if (j != i) {
            const double dx = (double)v->position_x[j] - (double)v->position_x[i];
            const double dy = (double)v->position_y[j] - (double)v->position_y[i];
            const double ratio = sqrt(dx * dx + dy * dy) / ((double)v->radius[i] + v->radius[j]);
            gap = ratio < gap ? ratio : gap;
        }
    }
    return gap;
}

static bool avoid_rows(trace_run *run, trace_csv *csv, double t) {
    (void)run;
    mote_mover_view v = mote_mover_pool_view(crowd.pool);
    for (size_t i = 0; i < v.count; ++i) {
        TRACE_CSV_ROW(csv, t, (double)i, v.position_x[i], v.position_y[i], v.velocity_x[i],
                      v.velocity_y[i], v.avoid_velocity_x[i], v.avoid_velocity_y[i],
                      crowd.goal_x[i], crowd.goal_y[i], v.count > 1 ? nearest_gap(&v, i) : 0.0);
    }
    return true;
}

static void avoid_finish(void) {
    avoid_scene_destroy(&crowd);
}

/* A body has arrived within AVOID_ARRIVED (0.8 m) of its goal. */
#define AVOID_ARRIVAL                                                                              \
    { .legend = "arrival: within 0.8 m of the goal", .when = "dist(x,y,goal_x,goal_y) < 0.8" }

/* The three scenes' figures: the paths among the walls, the gap, the speed. */
#define AVOID_FIGURE(name_, title_, paths_)                                                        \
    static const trace_figure name_ = {                                                            \
        .title = title_,                                                                           \
        .panels = {{.title = paths_,                                                               \
                    .plane = {"x", "y"},                                                           \
                    .walls = "wall",                                                               \
                    .curves = {{.legend = "path of each body, one colour each"}},                  \
                    .markers = {{.legend = "start (t = 0 s)"},                                     \
                                {.legend = "goal", .x = "goal_x", .y = "goal_y"},                  \
                                AVOID_ARRIVAL}},                                                   \
                   {.title = "nearest body against time: 1 is touching, under 1 overlapping",      \
                    .y = {"gap", "distance to the nearest body / radii sum"},                      \
                    .curves = {{.legend = "gap of each body"}},                                    \
                    .markers = {AVOID_ARRIVAL}},                                                   \
                   {.title = "speed against time: 1.5 m/s asked, slowing within 1 m of the goal",  \
                    .y = {"norm(vx,vy)", "speed (m/s)"},                                           \
                    .curves = {{.legend = "speed of each body"}},                                  \
                    .markers = {AVOID_ARRIVAL}}}}

AVOID_FIGURE(circle_figure, "mote-trace crowd --scene circle: bodies crossing a ring, avoiding",
             "paths (radius 0.4 m bodies, avoidance on: they pass on the right)");
AVOID_FIGURE(corridor_figure,
             "mote-trace crowd --scene corridor: two-way traffic in a corridor 4 m wide",
             "paths (two rows each way, interleaved; walls 40 m by 4 m)");
AVOID_FIGURE(door_figure, "mote-trace crowd --scene door: from one room to the other",
             "paths (two 10 m by 20 m rooms, a 2 m door between them)");

#define AVOID_COLUMNS "t,agent,x,y,vx,vy,avoid_vx,avoid_vy,goal_x,goal_y,gap"

static const trace_scenario circle_scene = {
    .name = "circle",
    .summary = "80 bodies crossing a ring to the opposite point, avoiding each other",
    .columns = AVOID_COLUMNS,
    .log = {.elements = "bodies", .steps = true},
    .defaults = {.count = 80, .seconds = 30.0},
    .scene = {circle_start, avoid_advance, avoid_rows, avoid_finish},
    .figure = &circle_figure};

static const trace_scenario corridor_scene = {
    .name = "corridor",
    .summary = "24 bodies in two-way traffic along a walled corridor",
    .columns = AVOID_COLUMNS,
    .log = {.elements = "bodies", .steps = true},
    .defaults = {.count = 24, .seconds = 20.0},
    .scene = {corridor_start, avoid_advance, avoid_rows, avoid_finish},
    .figure = &corridor_figure};

static const trace_scenario door_scene = {
    .name = "door",
    .summary = "40 bodies through a 2 m door from one room to the other",
    .columns = AVOID_COLUMNS,
    .log = {.elements = "bodies", .steps = true},
    .defaults = {.count = 40, .seconds = 45.0},
    .scene = {door_start, avoid_advance, avoid_rows, avoid_finish},
    .figure = &door_figure};

static const trace_scenario *const avoid_scenes[] = {&circle_scene, &corridor_scene, &door_scene,
                                                     NULL};

const trace_scenario trace_scenario_mover = {
    .name = "crowd",
    .summary = "agents on a circle each walking to the opposite point",
    .columns = "t,agent,x,y,vx,vy,rotation,goal_x,goal_y",
    .log = {.elements = "agents", .steps = true},
    .defaults = {.count = DEFAULT_AGENTS, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .figure = &figure,
    .scenes = avoid_scenes};
