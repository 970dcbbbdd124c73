/* The pose writer's scalar reference: one element at a time, straight from the definitions in
 * mote/pose.h, through mote/math3d.h (mote_vec3_lerp, mote_quat_nlerp, mote_quat_to_mat3) and
 * libm. The wide kernel (simd/kernels/pose_kernels.c) repeats it operation for operation. */
#include <math.h>

#include "mote/math3d.h"
#include "pose_kernel.h"

/* A planar pose's world position: origin + axis_x x + axis_y y. */
static mote_vec3 lift_position(const mote_pose_job *job, float x, float y) {
    float r[3];
    for (int c = 0; c < 3; ++c) {
        r[c] = job->origin[c] + job->axis_x[c] * x + job->axis_y[c] * y;
    }
    return (mote_vec3){r[0], r[1], r[2]};
}

/* A planar facing's world orientation: plane * (0, 0, sin(angle / 2), cos(angle / 2)). */
static mote_quat lift_orientation(const mote_pose_job *job, float angle) {
    const float h = angle * 0.5f;
    const float s = sinf(h), c = cosf(h);
    const float *p = job->plane;
    return (mote_quat){p[0] * c + p[1] * s, p[1] * c - p[0] * s, p[2] * c + p[3] * s,
                       p[3] * c - p[2] * s};
}

/* Element i's pose in the arrays pos, ori (a job's from or to). */
static void pose_at(const mote_pose_job *job, const float *const pos[3], const float *const ori[4],
                    size_t i, mote_vec3 *p, mote_quat *q) {
    switch (job->source) {
    case MOTE_POSE_SOURCE_PLANAR:
        *p = lift_position(job, pos[0][i], pos[1][i]);
        *q = lift_orientation(job, ori[0][i]);
        return;
    case MOTE_POSE_SOURCE_ROTATION:
        *p = (mote_vec3){0.0f, 0.0f, 0.0f};
        break;
    default:
        *p = (mote_vec3){pos[0][i], pos[1][i], pos[2][i]};
        break;
    }
    *q = (mote_quat){ori[0][i], ori[1][i], ori[2][i], ori[3][i]};
}

/* Element i's blended pose: positions lerped (a planar one before it is lifted), orientations
 * nlerped the short way. */
static void blended_pose_at(const mote_pose_job *job, size_t i, mote_vec3 *p, mote_quat *q) {
    const float t = job->alpha;
    mote_vec3 pa, pb;
    mote_quat qa, qb;
    pose_at(job, job->from_position, job->from_orientation, i, &pa, &qa);
    pose_at(job, job->to_position, job->to_orientation, i, &pb, &qb);
    if (job->source == MOTE_POSE_SOURCE_PLANAR) {
        const float x = job->from_position[0][i], y = job->from_position[1][i];
        const float x1 = job->to_position[0][i], y1 = job->to_position[1][i];
        *p = lift_position(job, x + (x1 - x) * t, y + (y1 - y) * t);
    } else {
        *p = mote_vec3_lerp(pa, pb, t);
    }
    *q = mote_quat_nlerp(qa, qb, t);
}

/* Writes one pose in the job's packing to o. */
static void pack(const mote_pose_job *job, mote_vec3 p, mote_quat q, float *o) {
    const float s = job->scale;
    if (job->pack == MOTE_POSE_PACK_POSITION_QUAT ||
        job->pack == MOTE_POSE_PACK_POSITION_QUAT_SCALE) {
        const float v[8] = {p.x, p.y, p.z, q.x, q.y, q.z, q.w, s};
        const int n = job->pack == MOTE_POSE_PACK_POSITION_QUAT ? 7 : 8;
        for (int k = 0; k < n; ++k) {
            o[k] = v[k];
        }
        return;
    }
    float m[9];
    mote_quat_to_mat3(q, m);
    const float t[3] = {p.x, p.y, p.z};
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            if (job->pack == MOTE_POSE_PACK_MATRIX_ROWS) {
                o[r * 4 + c] = m[r * 3 + c] * s; /* row r: m[r][0..2] s, then t[r] */
            } else {
                o[c * 3 + r] = m[r * 3 + c] * s; /* column c: m[0..2][c] s */
            }
        }
        if (job->pack == MOTE_POSE_PACK_MATRIX_ROWS) {
            o[r * 4 + 3] = t[r];
        } else {
            o[9 + r] = t[r];
        }
    }
}

void mote_pose_write_scalar(const mote_pose_job *job, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        mote_vec3 p;
        mote_quat q;
        if (job->blend) {
            blended_pose_at(job, i, &p, &q);
        } else {
            pose_at(job, job->to_position, job->to_orientation, i, &p, &q);
        }
        pack(job, p, q, job->out + i * job->stride);
    }
}
