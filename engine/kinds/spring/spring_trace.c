/* mote-trace springs: one spring of every kind, each in a pool of its own, chasing a goal
 * that jumps twice (at 0.2 s and 1.5 s). The linear kinds go 0 -> 1 -> -0.5; the angle kinds
 * go 0 -> 2.5 -> -2.5 rad, which they reach the short way, through +-pi; decay starts at 1
 * and has no goal. The Spring-It-On forms in a panel of their own: timed arrives 0.6 s after
 * each jump, velocity travels at 2 units/s, tracking follows the jumps through its position
 * term, dead_blend blends over 0.4 s from where it was, extrapolate starts at 1 unit/s and
 * coasts to a stop (no goal). CSV: one row per spring per step (t, kind, x, v, goal). Figure:
 * x against time, one panel per group (the angles wrapped to (-pi, pi]), the goal dashed and
 * its jumps marked. */
#include <math.h>
#include <stdio.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define DEFAULT_SECONDS 3.0
#define FIRST_JUMP      0.2 /* s: the goal's jumps */
#define SECOND_JUMP     1.5
#define TIMED_ARRIVAL   0.6f /* s after a jump: the timed spring's goal_time */

static bool is_angle_kind(mote_spring_kind kind) {
    return kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
}

static float goal_at(mote_spring_kind kind, double t) {
    float first = is_angle_kind(kind) ? 2.5f : 1.0f;
    float second = is_angle_kind(kind) ? -2.5f : -0.5f;
    return t < FIRST_JUMP ? 0.0f : t < SECOND_JUMP ? first : second;
}

static mote_spring_desc start_desc(mote_spring_kind kind) {
    mote_spring_desc desc = mote_default_spring_desc();
    desc.halflife = 0.15f;
    desc.stiffness = 100.0f; /* semi_implicit, damped: about 1.6 Hz, underdamped */
    desc.damping = 4.0f;
    desc.rate = 6.0f;
    desc.x = kind == MOTE_SPRING_DECAY ? 1.0f : 0.0f;
    desc.v = kind == MOTE_SPRING_EXTRAPOLATE ? 1.0f : 0.0f;
    desc.speed = 2.0f;
    desc.blend_time = 0.4f;
    desc.ext_t = desc.blend_time; /* no blend running */
    return desc;
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

#define STRINGIFY_(x) #x
#define STRINGIFY(x)  STRINGIFY_(x)
#define LINEAR_KINDS  "damper critical decay semi_implicit exp_response damped double inertialize"
#define ANGLE_KINDS   "angle double_angle"
#define HOLDEN_KINDS  "timed velocity tracking extrapolate dead_blend"
#define GOAL_JUMPS                                                                                 \
    { .legend = "goal jumps", .at = STRINGIFY(FIRST_JUMP) " " STRINGIFY(SECOND_JUMP) }

static const trace_figure figure = {
    .title = "mote-trace springs: every spring kind chasing a goal that jumps twice",
    .panels = {
        {.title = "linear kinds: x against time",
         .y = {"x", "x (units)"},
         .curves = {{.legend = "%s", .series = LINEAR_KINDS},
                    {.legend = "goal", .y = "goal", .series = "critical", .dashed = true}},
         .markers = {GOAL_JUMPS}},
        {.title = "angle kinds: x wrapped to (-pi, pi] against time; they reach -2.5 the short "
                  "way, through +-pi",
         .y = {"wrap(x)", "x (rad, wrapped to (-pi, pi])"},
         .curves = {{.legend = "%s", .series = ANGLE_KINDS},
                    {.legend = "goal", .y = "goal", .series = "angle", .dashed = true}},
         .markers = {GOAL_JUMPS}},
        {.title = "Spring-It-On forms: timed (due in 0.6 s), velocity (2 units/s), dead_blend "
                  "(0.4 s), extrapolate (from 1 unit/s)",
         .y = {"x", "x (units)"},
         .curves = {{.legend = "%s", .series = HOLDEN_KINDS},
                    {.legend = "goal", .y = "goal", .series = "timed", .dashed = true}},
         .markers = {GOAL_JUMPS}}}};

/* The scene: one spring of each kind, each in a pool of its own. */
static mote_spring_pool *pools[MOTE_SPRING_KIND_COUNT];

static bool start(trace_run *run) {
    bool ok = true;
    for (int k = 0; ok && k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool_def def = mote_default_spring_pool_def();
        def.kind = (mote_spring_kind)k;
        def.capacity = 1;
        mote_spring_desc desc = start_desc(def.kind);
        ok = mote_spring_pool_create(&def, &pools[k]) == MOTE_OK &&
             mote_spring_pool_add(pools[k], &desc, NULL) == MOTE_OK;
    }
    return trace_check(run, ok, "out of memory");
}

static bool advance(trace_run *run) {
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool_step(pools[k], run->dt);
    }
    return true;
}

/* Sets each spring's goal for time t, and writes where it is. */
static bool rows(trace_run *run, trace_csv *csv, double t) {
    (void)run;
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_view view = mote_spring_pool_view(pools[k]);
        const float goal = goal_at((mote_spring_kind)k, t);
        if (k == MOTE_SPRING_INERTIALIZE || k == MOTE_SPRING_DEAD_BLEND) {
            /* inertialize and dead_blend switch their incoming pose through a transition: the
             * output stays continuous and decays or blends onto the new goal */
            if (view.goal[0] != goal) {
                mote_spring_pool_transition(pools[k], mote_spring_pool_id_at(pools[k], 0), goal,
                                            0.0f);
            }
        } else if (k == MOTE_SPRING_TIMED && view.goal[0] != goal) {
            view.goal[0] = goal; /* a new goal, due TIMED_ARRIVAL from now */
            view.goal_time[0] = TIMED_ARRIVAL;
        } else if (view.goal != NULL) {
            view.goal[0] = goal;
        }
        record((mote_spring_kind)k, &view, t, csv);
    }
    return true;
}

static void finish(void) {
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_pool_destroy(pools[k]);
    }
}

const trace_scenario trace_scenario_spring = {
    .name = "springs",
    .summary = "one spring of every kind chasing a goal that jumps twice",
    .columns = "t,kind,x,v,goal",
    .log = {.elements = "springs", .steps = true},
    .defaults = {.count = MOTE_SPRING_KIND_COUNT, .count_fixed = true, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .figure = &figure};
