/* A flight pool's flyer as values and back: the mapping between the 64 stored floats of one
 * flyer and the mote_flight_path / mote_flight_pose of the scalar reference (flight_fields.h). */
#include <math.h>
#include <string.h>

#include "flight_fields.h"

mote_flight_constants flight_constants_make(const mote_flight_limits *limits, float dt) {
    /* as mote_flight_plan stores up: scaled by 1 / |up| in double, then rounded */
    double x = limits->world_up.x, y = limits->world_up.y, z = limits->world_up.z;
    double inv = 1.0 / sqrt(x * x + y * y + z * z);
    mote_flight_constants c = {
        .dt = dt,
        .max_bank = limits->max_bank,
        .gravity = limits->gravity,
        .up = {(float)(x * inv), (float)(y * inv), (float)(z * inv)},
    };
    return c;
}

static mote_vec3 vec_at(const float *v, int f) {
    mote_vec3 r = {v[f], v[f + 1], v[f + 2]};
    return r;
}

static void vec_store(float *v, int f, mote_vec3 a) {
    v[f] = a.x;
    v[f + 1] = a.y;
    v[f + 2] = a.z;
}

void flight_values_to_path(const float *v, const mote_flight_constants *c, mote_flight_path *path) {
    mote_flight_path p;
    memset(&p, 0, sizeof p);
    p.p0 = vec_at(v, FLIGHT_P0X);
    p.p1 = vec_at(v, FLIGHT_P1X);
    p.chord = mote_vec3_sub(p.p1, p.p0); /* as mote_flight_plan computes it */
    p.m0 = vec_at(v, FLIGHT_M0X);
    p.m1 = vec_at(v, FLIGHT_M1X);
    p.up = c->up;
    p.table[0] = 0.0f;
    for (int k = 1; k < MOTE_FLIGHT_TABLE_SAMPLES; ++k) {
        p.table[k] = v[FLIGHT_TABLE_FIRST + k - 1];
    }
    p.length = v[FLIGHT_LENGTH];
    p.start_speed = v[FLIGHT_START_SPEED];
    p.accel = v[FLIGHT_ACCEL];
    p.accel_end = v[FLIGHT_ACCEL_END];
    p.accel_distance = v[FLIGHT_ACCEL_DISTANCE];
    p.peak_speed = v[FLIGHT_PEAK_SPEED];
    p.cruise_end = v[FLIGHT_CRUISE_END];
    p.deceleration = v[FLIGHT_DECELERATION];
    p.duration = v[FLIGHT_DURATION];
    p.max_bank = c->max_bank;
    p.gravity = c->gravity;
    *path = p;
}

void flight_path_to_values(const mote_flight_path *path, float *v) {
    vec_store(v, FLIGHT_P0X, path->p0);
    vec_store(v, FLIGHT_P1X, path->p1);
    vec_store(v, FLIGHT_M0X, path->m0);
    vec_store(v, FLIGHT_M1X, path->m1);
    for (int k = 1; k < MOTE_FLIGHT_TABLE_SAMPLES; ++k) {
        v[FLIGHT_TABLE_FIRST + k - 1] = path->table[k];
    }
    v[FLIGHT_START_SPEED] = path->start_speed;
    v[FLIGHT_ACCEL] = path->accel;
    v[FLIGHT_ACCEL_END] = path->accel_end;
    v[FLIGHT_ACCEL_DISTANCE] = path->accel_distance;
    v[FLIGHT_PEAK_SPEED] = path->peak_speed;
    v[FLIGHT_CRUISE_END] = path->cruise_end;
    v[FLIGHT_DECELERATION] = path->deceleration;
    v[FLIGHT_DURATION] = path->duration;
}

void flight_pose_to_values(const mote_flight_pose *pose, float *v) {
    vec_store(v, FLIGHT_PX, pose->position);
    vec_store(v, FLIGHT_VX, pose->velocity);
    v[FLIGHT_QX] = pose->orientation.x;
    v[FLIGHT_QY] = pose->orientation.y;
    v[FLIGHT_QZ] = pose->orientation.z;
    v[FLIGHT_QW] = pose->orientation.w;
    v[FLIGHT_BANK] = pose->bank;
}
