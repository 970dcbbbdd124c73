/* The pose writer's scalar reference: one element at a time, straight from the definitions in
 * mote/pose.h, through mote/math3d.h (mote_vec3_lerp, mote_quat_normalize, mote_quat_to_mat3)
 * and libm. The wide kernel (simd/kernels/pose_kernels.c) repeats it operation for operation. */
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

/* a + (b - a) t the short way (b negated when mote_quat_dot(a, b) < 0): mote_quat_nlerp(a, b, t)
 * before its normalisation. */
static mote_quat mix_short_way(mote_quat a, mote_quat b, float t) {
    if (mote_quat_dot(a, b) < 0.0f) {
        b = (mote_quat){-b.x, -b.y, -b.z, -b.w};
    }
    return (mote_quat){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t,
                       a.w + (b.w - a.w) * t};
}

/* Element i's blended pose: positions lerped (a planar one before it is lifted), orientations
 * mixed the short way, not yet normalised (mix_short_way). */
static void blended_pose_at(const mote_pose_job *job, size_t i, mote_vec3 *p, mote_quat *m) {
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
    *m = mix_short_way(qa, qb, t);
}

/* s R(q / |q|) of a non-zero q, without normalising it: R = I + k [..] with k = 2 / (q . q),
 * the normalisation folded into k (one division, no square root). With k = 2 s / (q . q)
 * (mote_quat_dot) and the products of mote_quat_to_mat3:
 *   diagonal      s - k (yy + zz),  s - k (xx + zz),  s - k (xx + yy)
 *   off-diagonal  k (xy - wz), k (xz + wy)  (row 0);  k (xy + wz), k (yz - wx)  (row 1);
 *                 k (xz - wy), k (yz + wx)  (row 2)
 * Every entry is within POSE_BLENDED_MATRIX_ERROR u s (18 u s, u = 2^-24) of s R(q / |q|)
 * computed exactly from q's floats: on the diagonal k's 5u (the dot 4u, the division u), the
 * sum's 2u and the product's u on k (yy + zz) <= 2 s, plus the last rounding (17 u s); off it
 * 2 u s from the sum's roundings (|xy| + |wz| <= q . q / 2), k's 5u and the product's u on
 * at most s (8 u s). Absolute, for 2^-100 <= s <= 2^100 and 2^-30 <= |q| <= 2^30 (nothing
 * rounds into subnormals or overflows; a mix of two unit quaternions the short way has
 * |q| >= 0.7). */
static void blended_matrix(mote_quat q, float s, float r[9]) {
    const float k = 2.0f * s / mote_quat_dot(q, q);
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    r[0] = s - k * (yy + zz);
    r[1] = k * (xy - wz);
    r[2] = k * (xz + wy);
    r[3] = k * (xy + wz);
    r[4] = s - k * (xx + zz);
    r[5] = k * (yz - wx);
    r[6] = k * (xz - wy);
    r[7] = k * (yz + wx);
    r[8] = s - k * (xx + yy);
}

/* Writes one matrix pose, s R (r, row-major) and the position p, in the job's packing to o. */
static void pack_matrix(const mote_pose_job *job, mote_vec3 p, const float r[9], float *o) {
    const float t[3] = {p.x, p.y, p.z};
    for (int row = 0; row < 3; ++row) {
        for (int c = 0; c < 3; ++c) {
            if (job->pack == MOTE_POSE_PACK_MATRIX_ROWS) {
                o[row * 4 + c] = r[row * 3 + c]; /* row: r[row][0..2], then t[row] */
            } else {
                o[c * 3 + row] = r[row * 3 + c]; /* column c: r[0..2][c] */
            }
        }
        if (job->pack == MOTE_POSE_PACK_MATRIX_ROWS) {
            o[row * 4 + 3] = t[row];
        } else {
            o[9 + row] = t[row];
        }
    }
}

/* Writes one pose in the job's packing to o (the matrices: s times mote_quat_to_mat3). */
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
    for (int k = 0; k < 9; ++k) {
        m[k] *= s;
    }
    pack_matrix(job, p, m, o);
}

static bool matrix(const mote_pose_job *job) {
    return job->pack == MOTE_POSE_PACK_MATRIX_ROWS || job->pack == MOTE_POSE_PACK_MATRIX_COLUMNS;
}

void mote_pose_write_scalar(const mote_pose_job *job, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        mote_vec3 p;
        mote_quat q;
        float *o = job->out + i * job->stride;
        if (job->blend && matrix(job)) { /* the mix's matrix: no normalised quaternion */
            float r[9];
            blended_pose_at(job, i, &p, &q);
            blended_matrix(q, job->scale, r);
            pack_matrix(job, p, r, o);
            continue;
        }
        if (job->blend) { /* mote_quat_nlerp: the mix normalised */
            blended_pose_at(job, i, &p, &q);
            q = mote_quat_normalize(q);
        } else {
            pose_at(job, job->to_position, job->to_orientation, i, &p, &q);
        }
        pack(job, p, q, o);
    }
}
