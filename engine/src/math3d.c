/* The vectors and quaternions of mote/math3d.h, in the operation order the wide kernels
 * repeat. */
#include <math.h>

#include "mote/math3d.h"

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

float mote_smoothstep(float edge0, float edge1, float value) {
    if (!(edge1 - edge0 > 0.0f)) {
        return value >= edge1 ? 1.0f : 0.0f;
    }
    float x = (value - edge0) / (edge1 - edge0);
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return x * x * (3.0f - 2.0f * x);
}
