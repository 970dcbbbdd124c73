/* mote-trace orientation: ships turned toward a target orientation by the orientation pools,
 * the target jumping once. Ships 0-2 are one control pool (critically damped, under-damped at
 * damping ratio 0.3, critically damped with its angular speed capped at 1.5 rad/s), ship 3 a
 * quaternion-spring pool of the same half-life. CSV: one row per ship per step (t, ship, the
 * error angle to the target, the angular speed, the forward direction's longitude and
 * latitude in degrees). Figure: the error angle and the angular speed against time, and the
 * path of the forward direction on the sphere of forward directions (longitude, latitude). */
#include <math.h>
#include <stdio.h>

#include "mote/mote.h"

#include "trace_csv.h"
#include "trace_scenario.h"

#define SHIPS           4
#define DEFAULT_SECONDS 4.0
#define JUMP_AT         2.0 /* s: the target jumps */
#define HALFLIFE        0.25f
#define DEGREES         (180.0 / 3.14159265358979323846)

static const trace_figure figure = {
    .title = "mote-trace orientation: control (critical, under-damped, capped) and a quaternion "
             "spring",
    .panels = {{.title = "angle to the target against time (the target jumps at 2 s)",
                .y = {"error", "error angle (rad)"},
                .curves = {{.legend = "critically damped", .series = "0"},
                           {.legend = "under-damped (ratio 0.3)", .series = "1"},
                           {.legend = "capped at 1.5 rad/s", .series = "2"},
                           {.legend = "quaternion spring", .series = "3"}},
                .markers = {{.legend = "target jumps", .at = "2"}}},
               {.title = "angular speed against time",
                .y = {"speed", "angular speed (rad/s)"},
                .curves = {{.legend = "ship %s"}}},
               {.title = "the forward direction on the sphere of forward directions",
                .x = {"lon", "longitude of forward (degrees)"},
                .y = {"lat", "latitude of forward (degrees)"},
                .equal_scale = true,
                .curves = {{.legend = "ship %s"}},
                .markers = {{.legend = "start"}}}}};

static mote_quat target_at(double t) {
    const mote_vec3 y = {0.0f, 1.0f, 0.0f};
    return t < JUMP_AT ? mote_quat_look_rotation((mote_vec3){1.0f, 0.6f, -0.2f}, y)
                       : mote_quat_look_rotation((mote_vec3){-0.3f, -0.5f, 1.0f}, y);
}

static bool set_targets(mote_orientation_pool *control, mote_orientation_pool *spring,
                        mote_quat target) {
    for (size_t i = 0; i < 3; ++i) {
        if (mote_orientation_pool_set_target(control, mote_orientation_pool_id_at(control, i),
                                             target) != MOTE_OK) {
            return false;
        }
    }
    return mote_orientation_pool_set_target(spring, mote_orientation_pool_id_at(spring, 0),
                                            target) == MOTE_OK;
}

static void write_row(trace_csv *csv, double t, size_t ship, const mote_orientation_view *v,
                      size_t i, mote_quat target) {
    const mote_quat q = {v->orientation[0][i], v->orientation[1][i], v->orientation[2][i],
                         v->orientation[3][i]};
    const mote_vec3 w = {v->angular_velocity[0][i], v->angular_velocity[1][i],
                         v->angular_velocity[2][i]};
    double dot = fabs((double)mote_quat_dot(q, target));
    const mote_vec3 f = mote_quat_rotate(q, (mote_vec3){0.0f, 0.0f, 1.0f});
    TRACE_CSV_ROW(csv, t, (double)ship, 2.0 * acos(dot < 1.0 ? dot : 1.0), mote_vec3_length(w),
                  atan2((double)f.x, (double)f.z) * DEGREES,
                  asin(fmax(-1.0, fmin(1.0, (double)f.y))) * DEGREES);
}

/* The scene: ships 0-2 in the control pool, ship 3 in the spring pool. */
static struct { mote_orientation_pool *control, *spring; } scene;

static bool start(trace_run *run) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    bool ok = mote_orientation_pool_create(&def, &scene.control) == MOTE_OK;
    def.kind = MOTE_ORIENTATION_SPRING;
    ok = ok && mote_orientation_pool_create(&def, &scene.spring) == MOTE_OK;
    const float ratios[3] = {1.0f, 0.3f, 1.0f}, caps[3] = {0.0f, 0.0f, 1.5f};
    for (size_t i = 0; ok && i < 3; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        mote_orientation_control_params g =
            mote_orientation_control_gains(HALFLIFE, ratios[i], INFINITY);
        d.stiffness = g.stiffness;
        d.damping = g.damping;
        d.max_speed = caps[i];
        ok = mote_orientation_pool_add(scene.control, &d, NULL) == MOTE_OK;
    }
    mote_orientation_desc s = mote_default_orientation_desc();
    s.halflife = HALFLIFE;
    ok = ok && mote_orientation_pool_add(scene.spring, &s, NULL) == MOTE_OK;
    return trace_check(run, ok, "out of memory") &&
           set_targets(scene.control, scene.spring, target_at(0.0));
}

/* Every ship turned toward the target of the time it steps to. */
static bool advance(trace_run *run) {
    return set_targets(scene.control, scene.spring,
                       target_at((double)run->step * run->options->dt)) &&
           trace_check(run,
                       mote_orientation_pool_step(scene.control, run->dt) == MOTE_OK &&
                           mote_orientation_pool_step(scene.spring, run->dt) == MOTE_OK,
                       "an orientation step failed");
}

static bool rows(trace_run *run, trace_csv *csv, double t) {
    (void)run;
    const mote_quat target = target_at(t);
    const mote_orientation_view c = mote_orientation_pool_view(scene.control);
    const mote_orientation_view p = mote_orientation_pool_view(scene.spring);
    for (size_t i = 0; i < 3; ++i) {
        write_row(csv, t, i, &c, i, target);
    }
    write_row(csv, t, 3, &p, 0, target);
    return true;
}

static void finish(void) {
    mote_orientation_pool_destroy(scene.control);
    mote_orientation_pool_destroy(scene.spring);
}

const trace_scenario trace_scenario_orientation = {
    .name = "orientation",
    .summary = "ships turning to a target: control (critical, under-damped, capped), spring",
    .columns = "t,ship,error,speed,lon,lat",
    .log = {.elements = "ships"},
    .defaults = {.count = SHIPS, .count_fixed = true, .seconds = DEFAULT_SECONDS},
    .scene = {start, advance, rows, finish},
    .figure = &figure};
