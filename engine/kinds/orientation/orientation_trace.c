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
    .group = "ship",
    .panels = {
        {.title = "angle to the target against time (the target jumps at 2 s)",
         .x = "t",
         .x_label = "t (s)",
         .y = "error",
         .y_label = "error angle (rad)",
         .curves = {{.legend = "critically damped", .series = "0"},
                    {.legend = "under-damped (ratio 0.3)", .series = "1"},
                    {.legend = "capped at 1.5 rad/s", .series = "2"},
                    {.legend = "quaternion spring", .series = "3"}},
         .markers = {{.legend = "target jumps", .at = "2"}}},
        {.title = "angular speed against time",
         .x = "t",
         .x_label = "t (s)",
         .y = "speed",
         .y_label = "angular speed (rad/s)",
         .curves = {{.legend = "ship %s"}}},
        {.title = "the forward direction on the sphere of forward directions",
         .x = "lon",
         .x_label = "longitude of forward (degrees)",
         .y = "lat",
         .y_label = "latitude of forward (degrees)",
         .equal_scale = true,
         .curves = {{.legend = "ship %s"}},
         .markers = {{.legend = "start"}}},
    }};

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
    trace_csv_value(csv, t);
    trace_csv_value(csv, (double)ship);
    trace_csv_value(csv, 2.0 * acos(dot < 1.0 ? dot : 1.0));
    trace_csv_value(csv, mote_vec3_length(w));
    trace_csv_value(csv, atan2((double)f.x, (double)f.z) * DEGREES);
    trace_csv_value(csv, asin(fmax(-1.0, fmin(1.0, (double)f.y))) * DEGREES);
    trace_csv_end_row(csv);
}

static bool run_scenario(const trace_options *options, const char *csv_path, trace_written *written,
                         FILE *log, FILE *err) {
    const double seconds = options->seconds > 0.0 ? options->seconds : DEFAULT_SECONDS;
    const size_t steps = (size_t)ceil(seconds / options->dt);
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    mote_orientation_pool *control = NULL, *spring = NULL;
    bool ok = mote_orientation_pool_create(&def, &control) == MOTE_OK;
    def.kind = MOTE_ORIENTATION_SPRING;
    ok = ok && mote_orientation_pool_create(&def, &spring) == MOTE_OK;
    const float ratios[3] = {1.0f, 0.3f, 1.0f}, caps[3] = {0.0f, 0.0f, 1.5f};
    for (size_t i = 0; ok && i < 3; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        mote_orientation_control_params g =
            mote_orientation_control_gains(HALFLIFE, ratios[i], INFINITY);
        d.stiffness = g.stiffness;
        d.damping = g.damping;
        d.max_speed = caps[i];
        ok = mote_orientation_pool_add(control, &d, NULL) == MOTE_OK;
    }
    mote_orientation_desc s = mote_default_orientation_desc();
    s.halflife = HALFLIFE;
    ok = ok && mote_orientation_pool_add(spring, &s, NULL) == MOTE_OK;
    trace_csv csv = {0};
    if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
    } else {
        ok = trace_csv_open(&csv, csv_path, "t,ship,error,speed,lon,lat", err);
    }
    size_t rows = 0;
    for (size_t step = 0; ok && step <= steps; ++step) {
        const double t = (double)step * options->dt;
        const mote_quat target = target_at(t);
        if (!set_targets(control, spring, target)) {
            ok = false;
            break;
        }
        if (step > 0 && (mote_orientation_pool_step(control, (float)options->dt) != MOTE_OK ||
                         mote_orientation_pool_step(spring, (float)options->dt) != MOTE_OK)) {
            fprintf(err, "mote-trace: an orientation step failed\n");
            ok = false;
            break;
        }
        const mote_orientation_view c = mote_orientation_pool_view(control);
        const mote_orientation_view p = mote_orientation_pool_view(spring);
        for (size_t i = 0; i < 3; ++i) {
            write_row(&csv, t, i, &c, i, target);
        }
        write_row(&csv, t, 3, &p, 0, target);
        rows += SHIPS;
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = rows;
        written->elements = SHIPS;
        fprintf(log, "mote-trace orientation: %zu rows, %d ships, %g s -> %s\n", rows, SHIPS,
                seconds, csv_path);
    }
    mote_orientation_pool_destroy(control);
    mote_orientation_pool_destroy(spring);
    return ok;
}

const trace_scenario trace_scenario_orientation = {
    "orientation", "ships turning to a target: control (critical, under-damped, capped), spring",
    run_scenario, &figure};
