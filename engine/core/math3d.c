/* The vectors and quaternions of mote/math3d.h, in the operation order the wide kernels
 * repeat. */
#include <math.h>

#include "mote/math3d.h"

mote_vec3 mote_vec3_add(mote_vec3 a, mote_vec3 b) {
    mote_vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z};
    return r;
}

mote_vec3 mote_vec3_sub(mote_vec3 a, mote_vec3 b) {
    mote_vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z};
    return r;
}

mote_vec3 mote_vec3_scale(mote_vec3 v, float s) {
    mote_vec3 r = {v.x * s, v.y * s, v.z * s};
    return r;
}

float mote_vec3_dot(mote_vec3 a, mote_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

mote_vec3 mote_vec3_cross(mote_vec3 a, mote_vec3 b) {
    mote_vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}

float mote_vec3_length(mote_vec3 v) {
    return sqrtf(mote_vec3_dot(v, v));
}

mote_vec3 mote_vec3_normalize(mote_vec3 v) {
    float length = mote_vec3_length(v);
    if (length == 0.0f) {
        mote_vec3 zero = {0.0f, 0.0f, 0.0f};
        return zero;
    }
    return mote_vec3_scale(v, 1.0f / length);
}

mote_vec3 mote_vec3_lerp(mote_vec3 a, mote_vec3 b, float t) {
    mote_vec3 r = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t};
    return r;
}

mote_vec3 mote_mat3_mul_vec3(const float m[9], mote_vec3 v) {
    mote_vec3 r = {
        m[0] * v.x + m[1] * v.y + m[2] * v.z,
        m[3] * v.x + m[4] * v.y + m[5] * v.z,
        m[6] * v.x + m[7] * v.y + m[8] * v.z,
    };
    return r;
}

mote_quat mote_quat_identity(void) {
    mote_quat q = {0.0f, 0.0f, 0.0f, 1.0f};
    return q;
}

mote_quat mote_quat_mul(mote_quat a, mote_quat b) {
    mote_quat r;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    return r;
}

mote_quat mote_quat_conjugate(mote_quat q) {
    mote_quat r = {-q.x, -q.y, -q.z, q.w};
    return r;
}

float mote_quat_dot(mote_quat a, mote_quat b) {
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

mote_quat mote_quat_normalize(mote_quat q) {
    float inv = 1.0f / sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    mote_quat r = {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
    return r;
}

mote_quat mote_quat_axis_angle(mote_vec3 axis, float angle) {
    float h = angle * 0.5f;
    float s = sinf(h);
    mote_quat q = {axis.x * s, axis.y * s, axis.z * s, cosf(h)};
    return q;
}

void mote_quat_to_mat3(mote_quat q, float m[9]) {
    float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    m[0] = 1.0f - 2.0f * (yy + zz);
    m[1] = 2.0f * (xy - wz);
    m[2] = 2.0f * (xz + wy);
    m[3] = 2.0f * (xy + wz);
    m[4] = 1.0f - 2.0f * (xx + zz);
    m[5] = 2.0f * (yz - wx);
    m[6] = 2.0f * (xz - wy);
    m[7] = 2.0f * (yz + wx);
    m[8] = 1.0f - 2.0f * (xx + yy);
}

mote_vec3 mote_quat_rotate(mote_quat q, mote_vec3 v) {
    float m[9];
    mote_quat_to_mat3(q, m);
    mote_vec3 r = {
        m[0] * v.x + m[1] * v.y + m[2] * v.z,
        m[3] * v.x + m[4] * v.y + m[5] * v.z,
        m[6] * v.x + m[7] * v.y + m[8] * v.z,
    };
    return r;
}

mote_quat mote_quat_from_unit_vectors(mote_vec3 from, mote_vec3 to) {
    mote_vec3 half = mote_vec3_add(from, to);
    mote_vec3 axis = mote_vec3_cross(from, half);
    mote_quat q = {axis.x, axis.y, axis.z, mote_vec3_dot(half, half) * 0.5f};
    if (mote_quat_dot(q, q) < 0x1p-126f) {
        /* antiparallel: a half turn about a perpendicular of from */
        mote_vec3 p = fabsf(from.x) > fabsf(from.z) ? (mote_vec3){-from.y, from.x, 0.0f}
                                                    : (mote_vec3){0.0f, -from.z, from.y};
        mote_vec3 n = mote_vec3_normalize(p);
        mote_quat turn = {n.x, n.y, n.z, 0.0f};
        return turn;
    }
    return mote_quat_normalize(q);
}

mote_quat mote_quat_from_rotation_vector(mote_vec3 v) {
    float angle = mote_vec3_length(v);
    float h = angle * 0.5f;
    float k = angle > 0.0f ? sinf(h) / angle : 0.5f;
    mote_quat q = {v.x * k, v.y * k, v.z * k, cosf(h)};
    return q;
}

mote_vec3 mote_quat_to_rotation_vector(mote_quat q) {
    mote_vec3 u = {q.x, q.y, q.z};
    float w = q.w;
    if (w < 0.0f) { /* -q is the same rotation, and the short way round */
        u = (mote_vec3){-u.x, -u.y, -u.z};
        w = -w;
    }
    float s = mote_vec3_length(u);
    float angle = 2.0f * atan2f(s, w);
    float k = s > 0.0f ? angle / s : 2.0f;
    return mote_vec3_scale(u, k);
}

mote_quat mote_quat_nlerp(mote_quat a, mote_quat b, float t) {
    if (mote_quat_dot(a, b) < 0.0f) {
        b = (mote_quat){-b.x, -b.y, -b.z, -b.w};
    }
    mote_quat r = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t,
                   a.w + (b.w - a.w) * t};
    return mote_quat_normalize(r);
}

mote_quat mote_quat_inverse(mote_quat q) {
    float inv = 1.0f / mote_quat_dot(q, q);
    mote_quat r = {-q.x * inv, -q.y * inv, -q.z * inv, q.w * inv};
    return r;
}

mote_vec3 mote_quat_log(mote_quat q) {
    return mote_vec3_scale(mote_quat_to_rotation_vector(q), 0.5f);
}

mote_quat mote_quat_exp(mote_vec3 v) {
    return mote_quat_from_rotation_vector(mote_vec3_scale(v, 2.0f));
}

mote_quat mote_quat_slerp(mote_quat a, mote_quat b, float t) {
    mote_vec3 r = mote_quat_to_rotation_vector(mote_quat_mul(mote_quat_conjugate(a), b));
    return mote_quat_mul(a, mote_quat_from_rotation_vector(mote_vec3_scale(r, t)));
}

/* The unit quaternion of the rotation matrix with columns r, u, f (Shepperd: the largest of
 * the four squared components is taken from the diagonal, the others from off-diagonals). */
static mote_quat quat_from_columns(mote_vec3 r, mote_vec3 u, mote_vec3 f) {
    float trace = r.x + u.y + f.z;
    mote_quat q;
    if (trace > 0.0f) {
        float s = 2.0f * sqrtf(trace + 1.0f);
        q = (mote_quat){(u.z - f.y) / s, (f.x - r.z) / s, (r.y - u.x) / s, 0.25f * s};
    } else if (r.x > u.y && r.x > f.z) {
        float s = 2.0f * sqrtf(((1.0f + r.x) - u.y) - f.z);
        q = (mote_quat){0.25f * s, (u.x + r.y) / s, (f.x + r.z) / s, (u.z - f.y) / s};
    } else if (u.y > f.z) {
        float s = 2.0f * sqrtf(((1.0f + u.y) - r.x) - f.z);
        q = (mote_quat){(u.x + r.y) / s, 0.25f * s, (f.y + u.z) / s, (f.x - r.z) / s};
    } else {
        float s = 2.0f * sqrtf(((1.0f + f.z) - r.x) - u.y);
        q = (mote_quat){(f.x + r.z) / s, (f.y + u.z) / s, 0.25f * s, (r.y - u.x) / s};
    }
    return mote_quat_normalize(q);
}

mote_quat mote_quat_look_rotation(mote_vec3 forward, mote_vec3 up) {
    float length = mote_vec3_length(forward);
    if (!(length > 0.0f && length <= 3.4e38f)) {
        return mote_quat_identity();
    }
    mote_vec3 f = mote_vec3_scale(forward, 1.0f / length);
    mote_vec3 side = mote_vec3_cross(up, f);
    float side_length = mote_vec3_length(side);
    if (!(side_length > 0x1p-20f * mote_vec3_length(up) && side_length <= 3.4e38f)) {
        mote_vec3 z = {0.0f, 0.0f, 1.0f};
        return mote_quat_from_unit_vectors(z, f);
    }
    /* side is off perpendicular to f by rounding relative to its (small) length: u from it,
     * normalised, then the right axis again from u and f, so the columns are orthonormal
     * within a few u at any angle between up and forward */
    mote_vec3 u = mote_vec3_normalize(mote_vec3_cross(f, side));
    return quat_from_columns(mote_vec3_cross(u, f), u, f);
}

float mote_smoothstep(float edge0, float edge1, float value) {
    if (!(edge1 - edge0 > 0.0f)) {
        return value >= edge1 ? 1.0f : 0.0f;
    }
    float x = (value - edge0) / (edge1 - edge0);
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return x * x * (3.0f - 2.0f * x);
}
