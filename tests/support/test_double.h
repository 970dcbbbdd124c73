/* Double-precision vectors and quaternions for the tests' references: the float math of
 * mote/math3d.h measured against the same formulas carried in double. Header-only (static
 * inline): each suite takes what it uses. */
#ifndef MOTE_TEST_DOUBLE_H
#define MOTE_TEST_DOUBLE_H

#include <math.h>

#include "mote/math3d.h"

typedef struct dvec {
    double x, y, z;
} dvec;

typedef struct dquat {
    double x, y, z, w;
} dquat;

static inline dvec dv(mote_vec3 v) {
    dvec r = {v.x, v.y, v.z};
    return r;
}

static inline dquat dq(mote_quat q) {
    dquat r = {q.x, q.y, q.z, q.w};
    return r;
}

static inline double dv_len(dvec v) {
    return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

static inline double dv_dist(dvec a, dvec b) {
    dvec d = {a.x - b.x, a.y - b.y, a.z - b.z};
    return dv_len(d);
}

static inline dvec dv_cross(dvec a, dvec b) {
    dvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}

static inline double dq_len(dquat q) {
    return sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
}

/* The Hamilton product a b. */
static inline dquat dq_mul(dquat a, dquat b) {
    dquat r = {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
               a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
               a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
               a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
    return r;
}

#endif
