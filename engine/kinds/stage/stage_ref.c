/* The stage-detachment reference: capture, frame, seeded draw and the closed-form separation
 * (mote/stage.h), one stage at a time, libm sinf and cosf. */
#include <math.h>
#include <stdbool.h>

#include "mote/random.h"
#include "mote/stage.h"
#include "refuse.h"
#include "stage_ref.h"

mote_stage_desc mote_default_stage_desc(void) {
    mote_stage_desc d = {
        .world = mote_transform_identity(),
        .along = {0.0f, 1.0f, 0.0f},
        .side = {1.0f, 0.0f, 0.0f},
        .earthward = {0.0f, -1.0f, 0.0f},
        .along_offset = -3.4f,
        .side_offset = 4.2f,
        .earthward_offset = 1.2f,
        .along_speed = -5.2f,
        .side_speed = 5.8f,
        .earthward_speed = 4.2f,
        .kick_duration = 0.4f,
        .along_lag = -1.5f,
        .side_lag = -0.6f,
        .earthward_lag = 0.9f,
        .tilt_duration = 2.0f,
        .tilt_angle = 0.0f,
        .tilt_axis = {1.0f, 0.0f, 0.0f},
        .spin_rate = 0.0f,
        .time = 0.0f,
        .position = {0.0f, 0.0f, 0.0f},
        .orientation = {0.0f, 0.0f, 0.0f, 1.0f},
    };
    return d;
}

static bool finite3(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static bool finite_transform(const mote_transform *t) {
    return finite3(t->position) && finite3(t->scale) && isfinite(t->orientation.x) &&
           isfinite(t->orientation.y) && isfinite(t->orientation.z) && isfinite(t->orientation.w);
}

mote_status mote_stage_capture(mote_stage_desc *desc, const mote_transform *rocket_world,
                               const mote_transform *stage_local) {
    if (desc == NULL || rocket_world == NULL || stage_local == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc, rocket_world and stage_local must not be NULL");
    }
    if (!finite_transform(rocket_world) || !finite_transform(stage_local)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "rocket_world and stage_local must be finite");
    }
    mote_transform world = mote_transform_compose(rocket_world, stage_local);
    if (!finite_transform(&world)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE,
                           "the composed world transform must be finite (it overflowed)");
    }
    desc->world = world;
    return MOTE_OK;
}

/* v / |v| in double; false for a zero v. */
static bool unit_of(mote_vec3 v, double out[3]) {
    const double x = v.x, y = v.y, z = v.z, n = sqrt(x * x + y * y + z * z);
    if (!(n > 0.0)) {
        return false;
    }
    out[0] = x / n;
    out[1] = y / n;
    out[2] = z / n;
    return true;
}

mote_status mote_stage_set_frame(mote_stage_desc *desc, mote_vec3 flight_direction,
                                 mote_vec3 radial, mote_vec3 side) {
    if (desc == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc must not be NULL");
    }
    if (!finite3(flight_direction) || !finite3(radial) || !finite3(side)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE,
                           "flight_direction, radial and side must be finite");
    }
    double a[3], r[3], s[3];
    if (!unit_of(flight_direction, a) || !unit_of(radial, r) || !unit_of(side, s)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "flight_direction, radial and side must be non-zero");
    }
    const double along_part = s[0] * a[0] + s[1] * a[1] + s[2] * a[2];
    const double perp[3] = {s[0] - along_part * a[0], s[1] - along_part * a[1],
                            s[2] - along_part * a[2]};
    const double n = sqrt(perp[0] * perp[0] + perp[1] * perp[1] + perp[2] * perp[2]);
    if (!(n > 1e-6)) { /* parallel to along: no side left */
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "side must not be parallel to flight_direction (within 1e-6 rad)");
    }
    desc->along = (mote_vec3){(float)a[0], (float)a[1], (float)a[2]};
    desc->earthward = (mote_vec3){(float)-r[0], (float)-r[1], (float)-r[2]};
    desc->side = (mote_vec3){(float)(perp[0] / n), (float)(perp[1] / n), (float)(perp[2] / n)};
    return MOTE_OK;
}

mote_status mote_stage_draw(mote_stage_desc *desc, uint64_t seed, uint64_t index) {
    if (desc == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc must not be NULL");
    }
    const uint64_t c = 3u * index;
    const float tilt = mote_random_range(seed, c, MOTE_STAGE_TILT_MIN, MOTE_STAGE_TILT_MAX);
    const float around = mote_random_range(seed, c + 1u, 0.0f, 6.28318531f);
    const float spin = mote_random_range(seed, c + 2u, MOTE_STAGE_SPIN_MIN, MOTE_STAGE_SPIN_MAX);
    const mote_vec3 other = mote_vec3_cross(desc->along, desc->side);
    const mote_vec3 axis = mote_vec3_normalize(mote_vec3_add(
        mote_vec3_scale(desc->side, cosf(around)), mote_vec3_scale(other, sinf(around))));
    desc->tilt_angle = tilt;
    desc->tilt_axis = axis;
    desc->spin_rate = spin;
    return MOTE_OK;
}

/* One member's range: [low, high], or (low, high] when low_open. */
typedef struct stage_range {
    const char *name;
    float value, low, high;
    bool low_open;
} stage_range;

#define STAGE_SYMMETRIC(name, value, max)                                                          \
    { name, value, -(max), max, false }

static mote_status check_unit(const char *name, mote_vec3 v) {
    const float length = mote_vec3_length(v);
    if (fabsf(length - 1.0f) <= 1e-5f) {
        return MOTE_OK;
    }
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must be unit within 1e-5 (length %g)", name,
                       (double)length);
}

mote_status mote_stage_validate(const mote_stage_desc *d) {
    if (d == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc must not be NULL");
    }
    const mote_vec3 wp = d->world.position;
    const stage_range ranges[] = {
        STAGE_SYMMETRIC("world.position.x", wp.x, MOTE_STAGE_POSITION_MAX),
        STAGE_SYMMETRIC("world.position.y", wp.y, MOTE_STAGE_POSITION_MAX),
        STAGE_SYMMETRIC("world.position.z", wp.z, MOTE_STAGE_POSITION_MAX),
        STAGE_SYMMETRIC("along_offset", d->along_offset, MOTE_STAGE_OFFSET_MAX),
        STAGE_SYMMETRIC("side_offset", d->side_offset, MOTE_STAGE_OFFSET_MAX),
        STAGE_SYMMETRIC("earthward_offset", d->earthward_offset, MOTE_STAGE_OFFSET_MAX),
        STAGE_SYMMETRIC("along_speed", d->along_speed, MOTE_STAGE_SPEED_MAX),
        STAGE_SYMMETRIC("side_speed", d->side_speed, MOTE_STAGE_SPEED_MAX),
        STAGE_SYMMETRIC("earthward_speed", d->earthward_speed, MOTE_STAGE_SPEED_MAX),
        {"kick_duration", d->kick_duration, 0.0f, MOTE_STAGE_TIME_MAX, false},
        STAGE_SYMMETRIC("along_lag", d->along_lag, MOTE_STAGE_LAG_MAX),
        STAGE_SYMMETRIC("side_lag", d->side_lag, MOTE_STAGE_LAG_MAX),
        STAGE_SYMMETRIC("earthward_lag", d->earthward_lag, MOTE_STAGE_LAG_MAX),
        {"tilt_duration", d->tilt_duration, 0.0f, MOTE_STAGE_TIME_MAX, true},
        {"tilt_angle", d->tilt_angle, 0.0f, MOTE_STAGE_TILT_MAX, false},
        {"spin_rate", d->spin_rate, 0.0f, MOTE_STAGE_SPIN_MAX, false},
        {"time", d->time, 0.0f, MOTE_STAGE_TIME_MAX, false},
    };
    const struct {
        const char *name;
        float value;
    } finite_only[] = {
        {"world.orientation.x", d->world.orientation.x},
        {"world.orientation.y", d->world.orientation.y},
        {"world.orientation.z", d->world.orientation.z},
        {"world.orientation.w", d->world.orientation.w},
        {"world.scale.x", d->world.scale.x},
        {"world.scale.y", d->world.scale.y},
        {"world.scale.z", d->world.scale.z},
        {"along.x", d->along.x},
        {"along.y", d->along.y},
        {"along.z", d->along.z},
        {"side.x", d->side.x},
        {"side.y", d->side.y},
        {"side.z", d->side.z},
        {"earthward.x", d->earthward.x},
        {"earthward.y", d->earthward.y},
        {"earthward.z", d->earthward.z},
        {"tilt_axis.x", d->tilt_axis.x},
        {"tilt_axis.y", d->tilt_axis.y},
        {"tilt_axis.z", d->tilt_axis.z},
        {"position.x", d->position.x},
        {"position.y", d->position.y},
        {"position.z", d->position.z},
        {"orientation.x", d->orientation.x},
        {"orientation.y", d->orientation.y},
        {"orientation.z", d->orientation.z},
        {"orientation.w", d->orientation.w},
    };
    /* every NaN or infinity before any range */
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) {
        if (!isfinite(ranges[i].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "%s must be finite (got %g)", ranges[i].name,
                               (double)ranges[i].value);
        }
    }
    for (size_t i = 0; i < sizeof finite_only / sizeof finite_only[0]; ++i) {
        if (!isfinite(finite_only[i].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "%s must be finite (got %g)",
                               finite_only[i].name, (double)finite_only[i].value);
        }
    }
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) {
        const stage_range *r = &ranges[i];
        const bool above_low = r->low_open ? r->value > r->low : r->value >= r->low;
        if (!above_low || !(r->value <= r->high)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must lie in %c%g, %g] (got %g)",
                               r->name, r->low_open ? '(' : '[', (double)r->low, (double)r->high,
                               (double)r->value);
        }
    }
    const mote_quat q = d->world.orientation;
    const float q_length = sqrtf(mote_quat_dot(q, q));
    if (!(fabsf(q_length - 1.0f) <= 1e-5f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "world.orientation must be unit within 1e-5 (length %g)",
                           (double)q_length);
    }
    const struct {
        const char *name;
        mote_vec3 v;
    } units[] = {{"along", d->along},
                 {"side", d->side},
                 {"earthward", d->earthward},
                 {"tilt_axis", d->tilt_axis}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; ++i) {
        mote_status status = check_unit(units[i].name, units[i].v);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}

/* One scalar separation axis at tau: offset and speed. */
static void axis_at(float offset0, float speed0, float lag, float kick, float tau, float *offset,
                    float *speed) {
    const float u0 = tau - kick;
    const float u = u0 > 0.0f ? u0 : 0.0f;
    *offset = offset0 + speed0 * tau + lag * (u * u * u) * (1.0f / 6.0f);
    *speed = speed0 + lag * (u * u) * 0.5f;
}

void mote_stage_pose_at(const mote_stage_desc *d, float tau, mote_stage_pose *out) {
    float o[3], v[3];
    axis_at(d->along_offset, d->along_speed, d->along_lag, d->kick_duration, tau, &o[0], &v[0]);
    axis_at(d->side_offset, d->side_speed, d->side_lag, d->kick_duration, tau, &o[1], &v[1]);
    axis_at(d->earthward_offset, d->earthward_speed, d->earthward_lag, d->kick_duration, tau, &o[2],
            &v[2]);
    mote_vec3 p = mote_vec3_add(d->world.position, mote_vec3_scale(d->along, o[0]));
    p = mote_vec3_add(p, mote_vec3_scale(d->side, o[1]));
    p = mote_vec3_add(p, mote_vec3_scale(d->earthward, o[2]));

    const float progress0 = tau / d->tilt_duration;
    const float progress = progress0 < 1.0f ? progress0 : 1.0f;
    const float spin_time0 = tau - d->tilt_duration;
    const float spin_angle = d->spin_rate * (spin_time0 > 0.0f ? spin_time0 : 0.0f);
    const float angle = d->tilt_angle * progress + spin_angle;
    const mote_quat turn = mote_quat_axis_angle(d->tilt_axis, angle);

    const mote_transform root = mote_transform_identity();
    out->world_before = d->world;
    out->world_after = mote_transform_compose(&root, &d->world);
    for (int k = 0; k < 3; ++k) {
        out->offset[k] = o[k];
        out->speed[k] = v[k];
    }
    out->tilt_progress = progress;
    out->spin_angle = spin_angle;
    out->position = p;
    out->orientation = mote_quat_mul(turn, d->world.orientation);
}

mote_status mote_stage_evaluate(const mote_stage_desc *desc, float tau, mote_stage_pose *out) {
    if (desc == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc and out must not be NULL");
    }
    mote_status status = mote_stage_validate(desc);
    if (status != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    if (!isfinite(tau)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "tau must be finite (got %g)", (double)tau);
    }
    if (tau < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "tau must be >= 0 (got %g)", (double)tau);
    }
    mote_stage_pose_at(desc, stage_time_after(tau, 0.0f), out);
    return MOTE_OK;
}
