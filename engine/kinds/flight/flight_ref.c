/* The approach-flight scalar reference (mote/flight.h): arc length to parameter, the speed
 * profile at a time, and the pose there, in float, one operation at a time in the order the
 * wide kernel repeats. libm atanf and atan2f, and mote/math3d.h. */
#include <math.h>

#include "mote/flight.h"
#include "refuse.h"

float mote_flight_parameter_at(const mote_flight_path *path, float s) {
    const float *t = path->table;
    const int last = MOTE_FLIGHT_TABLE_SAMPLES - 1;
    s = s > 0.0f ? s : 0.0f;
    s = s < path->length ? s : path->length;
    int k = 0;
    for (int step = MOTE_FLIGHT_TABLE_SAMPLES / 2; step > 0; step /= 2) {
        if (t[k + step] <= s) {
            k += step;
        }
    }
    k = k < last - 1 ? k : last - 1;
    float lo = t[k];
    float span = t[k + 1] - lo;
    float alpha = span > 0.0f ? (s - lo) / span : 0.0f;
    float uk = (float)k / (float)last;
    float uk1 = (float)(k + 1) / (float)last;
    return uk + alpha * (uk1 - uk);
}

/* The profile at time t (>= 0): distance, speed and acceleration along the path. */
static bool profile_at(const mote_flight_path *p, float t, float *s, float *v, float *a) {
    if (t >= p->duration) {
        *s = p->length;
        *v = 0.0f;
        *a = 0.0f;
        return true;
    }
    float d;
    if (t >= p->cruise_end) {
        float r = p->duration - t;
        d = p->length - (0.5f * p->deceleration) * (r * r);
        *v = p->deceleration * r;
        *a = -p->deceleration;
    } else if (t >= p->accel_end) {
        d = p->accel_distance + p->peak_speed * (t - p->accel_end);
        *v = p->peak_speed;
        *a = 0.0f;
    } else {
        d = p->start_speed * t + (0.5f * p->accel) * (t * t);
        *v = p->start_speed + p->accel * t;
        *a = p->accel;
    }
    d = d > 0.0f ? d : 0.0f;
    *s = d < p->length ? d : p->length;
    return false;
}

static mote_vec3 combine(float a, mote_vec3 x, float b, mote_vec3 y, float c, mote_vec3 z) {
    return mote_vec3_add(mote_vec3_add(mote_vec3_scale(x, a), mote_vec3_scale(y, b)),
                         mote_vec3_scale(z, c));
}

mote_status mote_flight_sample(const mote_flight_path *path, float time, mote_flight_pose *out) {
    if (path == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "path, out: must not be NULL");
    }
    if (!isfinite(time)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "time: must be finite (got %g)", (double)time);
    }
    if (time < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "time: must be >= 0 s (got %g)",
                           (double)time);
    }
    mote_flight_pose pose;
    pose.landed = profile_at(path, time, &pose.distance, &pose.speed, &pose.acceleration);
    float u = pose.landed ? 1.0f : mote_flight_parameter_at(path, pose.distance);
    pose.u = u;
    float u2 = u * u, u3 = u2 * u;
    float h10 = (u3 - 2.0f * u2) + u;
    float h01 = 3.0f * u2 - 2.0f * u3;
    float h11 = u3 - u2;
    mote_vec3 s = mote_vec3_add(path->p0, combine(h01, path->chord, h10, path->m0, h11, path->m1));
    float d01 = 6.0f * u - 6.0f * u2;
    float d10 = (3.0f * u2 - 4.0f * u) + 1.0f;
    float d11 = 3.0f * u2 - 2.0f * u;
    mote_vec3 s1 = combine(d01, path->chord, d10, path->m0, d11, path->m1);
    float e01 = 6.0f - 12.0f * u;
    float e10 = 6.0f * u - 4.0f;
    float e11 = 6.0f * u - 2.0f;
    mote_vec3 s2 = combine(e01, path->chord, e10, path->m0, e11, path->m1);

    mote_vec3 cross = mote_vec3_cross(s1, s2);
    float n = mote_vec3_length(s1);
    float n3 = (n * n) * n;
    bool flat = !(n3 > 0.0f);
    pose.curvature = flat ? 0.0f : mote_vec3_length(cross) / n3;
    mote_vec3 tangent = mote_vec3_normalize(s1);
    if (flat) {
        tangent = mote_vec3_normalize(path->chord);
        if (!(path->length > 0.0f)) {
            tangent = (mote_vec3){1.0f, 0.0f, 0.0f};
        }
    }
    pose.tangent = tangent;
    pose.position = pose.landed ? path->p1 : s;
    pose.velocity = mote_vec3_scale(tangent, pose.speed);

    /* the turn's horizontal part: signed, continuous, 0 in a vertical plane */
    float turn = flat ? 0.0f : mote_vec3_dot(cross, path->up) / n3;
    float phi = atanf(((pose.speed * pose.speed) * fabsf(turn)) / path->gravity);
    phi = phi < path->max_bank ? phi : path->max_bank;
    pose.bank = turn > 0.0f ? phi : (turn < 0.0f ? -phi : 0.0f);

    mote_quat qa = mote_quat_from_unit_vectors((mote_vec3){1.0f, 0.0f, 0.0f}, tangent);
    mote_vec3 za = mote_quat_rotate(qa, (mote_vec3){0.0f, 0.0f, 1.0f});
    mote_vec3 w =
        mote_vec3_sub(path->up, mote_vec3_scale(tangent, mote_vec3_dot(path->up, tangent)));
    float roll = atan2f(mote_vec3_dot(mote_vec3_cross(za, w), tangent), mote_vec3_dot(za, w));
    pose.orientation = mote_quat_mul(mote_quat_axis_angle(tangent, roll - pose.bank), qa);
    *out = pose;
    return MOTE_OK;
}

mote_status mote_flight_retarget(const mote_flight_path *path, float time, mote_vec3 perch_position,
                                 mote_vec3 landing_normal, mote_flight_path *out) {
    if (path == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "path, out: must not be NULL");
    }
    mote_flight_pose pose;
    mote_status status = mote_flight_sample(path, time, &pose);
    if (status != MOTE_OK) {
        return status;
    }
    mote_flight_desc desc = path->desc;
    desc.start_position = pose.position;
    desc.start_velocity = pose.velocity;
    desc.perch_position = perch_position;
    desc.landing_normal = landing_normal;
    return mote_flight_plan(&desc, out);
}
