/* 3D vectors and quaternions on SIMD lanes: mote/math3d.h's functions, lane by lane, written
 * once on the operations of wide.h. A vector is mote_wf v[3] ({x, y, z}), a quaternion
 * mote_wf q[4] ({x, y, z, w}), a 3x3 matrix mote_wf m[9] (row-major), one element per lane;
 * results go to an out array, which may be one of the inputs. Everything is always_inline, so
 * the arrays live in registers (or in the memory operands of the loads that fill them).
 *
 * Accuracy against the scalar function of the same name (mote_w_quat_mul: mote_quat_mul, ...)
 * is stated at each function and measured by tests/test_math3d.c on every compiled variant:
 *   "the same bits": the scalar function's operations in its order, each correctly rounded on
 *     every backend (wide.h), so every lane equals the scalar result bit for bit (NaN
 *     payloads aside);
 *   otherwise a bound: only where libm's sinf/cosf/atan2f become mote_w_sincos/mote_w_atan2
 *     (wide_math.h), after which the function's remaining operations are again the scalar's.
 * The accuracy of the scalar functions themselves (against exact arithmetic) is in math3d.h.
 * All wide variants agree with each other bit for bit. */
#ifndef MOTE_WIDE_MATH3D_H
#define MOTE_WIDE_MATH3D_H

#include "wide_math.h"

#define MOTE_W_INLINE static inline __attribute__((always_inline))

/* -a as C's unary minus gives it (-(+0) is -0, which mote_w_neg's 0 - a is not): a * -1,
 * exact. */
MOTE_W_INLINE mote_wf mote_w_minus(mote_wf a) {
    return mote_w_mul(a, mote_w_set1(-1.0f));
}

/* ----------------------------------------------------------------------------------------
 * Vectors */

/* a + b: the same bits as mote_vec3_add. */
MOTE_W_INLINE void mote_w_vec3_add(const mote_wf a[3], const mote_wf b[3], mote_wf r[3]) {
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_add(a[k], b[k]);
    }
}

/* a - b: the same bits as mote_vec3_sub. */
MOTE_W_INLINE void mote_w_vec3_sub(const mote_wf a[3], const mote_wf b[3], mote_wf r[3]) {
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_sub(a[k], b[k]);
    }
}

/* v s: the same bits as mote_vec3_scale. */
MOTE_W_INLINE void mote_w_vec3_scale(const mote_wf v[3], mote_wf s, mote_wf r[3]) {
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_mul(v[k], s);
    }
}

/* (a.x b.x + a.y b.y) + a.z b.z: the same bits as mote_vec3_dot. */
MOTE_W_INLINE mote_wf mote_w_vec3_dot(const mote_wf a[3], const mote_wf b[3]) {
    return mote_w_add(mote_w_add(mote_w_mul(a[0], b[0]), mote_w_mul(a[1], b[1])),
                      mote_w_mul(a[2], b[2]));
}

/* a x b: the same bits as mote_vec3_cross. */
MOTE_W_INLINE void mote_w_vec3_cross(const mote_wf a[3], const mote_wf b[3], mote_wf r[3]) {
    mote_wf x = mote_w_sub(mote_w_mul(a[1], b[2]), mote_w_mul(a[2], b[1]));
    mote_wf y = mote_w_sub(mote_w_mul(a[2], b[0]), mote_w_mul(a[0], b[2]));
    mote_wf z = mote_w_sub(mote_w_mul(a[0], b[1]), mote_w_mul(a[1], b[0]));
    r[0] = x;
    r[1] = y;
    r[2] = z;
}

/* |v|: the same bits as mote_vec3_length. */
MOTE_W_INLINE mote_wf mote_w_vec3_length(const mote_wf v[3]) {
    return mote_w_sqrt(mote_w_vec3_dot(v, v));
}

/* v / |v|, {0, 0, 0} where the length is 0: the same bits as mote_vec3_normalize. */
MOTE_W_INLINE void mote_w_vec3_normalize(const mote_wf v[3], mote_wf r[3]) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wf length = mote_w_vec3_length(v);
    mote_wm none = mote_w_eq(length, zero);
    mote_wf inv = mote_w_div(mote_w_set1(1.0f), mote_w_select(none, mote_w_set1(1.0f), length));
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_select(none, zero, mote_w_mul(v[k], inv));
    }
}

/* a + (b - a) t: the same bits as mote_vec3_lerp. */
MOTE_W_INLINE void mote_w_vec3_lerp(const mote_wf a[3], const mote_wf b[3], mote_wf t,
                                    mote_wf r[3]) {
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_add(a[k], mote_w_mul(mote_w_sub(b[k], a[k]), t));
    }
}

/* m v, m row-major: the same bits as mote_mat3_mul_vec3. */
MOTE_W_INLINE void mote_w_mat3_mul_vec3(const mote_wf m[9], const mote_wf v[3], mote_wf r[3]) {
    mote_wf x = mote_w_vec3_dot(m, v);
    mote_wf y = mote_w_vec3_dot(m + 3, v);
    mote_wf z = mote_w_vec3_dot(m + 6, v);
    r[0] = x;
    r[1] = y;
    r[2] = z;
}

/* ----------------------------------------------------------------------------------------
 * Quaternions */

/* a * b (b first, then a): the same bits as mote_quat_mul. */
MOTE_W_INLINE void mote_w_quat_mul(const mote_wf a[4], const mote_wf b[4], mote_wf r[4]) {
    mote_wf x = mote_w_sub(mote_w_add(mote_w_add(mote_w_mul(a[3], b[0]), mote_w_mul(a[0], b[3])),
                                      mote_w_mul(a[1], b[2])),
                           mote_w_mul(a[2], b[1]));
    mote_wf y = mote_w_add(mote_w_add(mote_w_sub(mote_w_mul(a[3], b[1]), mote_w_mul(a[0], b[2])),
                                      mote_w_mul(a[1], b[3])),
                           mote_w_mul(a[2], b[0]));
    mote_wf z = mote_w_add(mote_w_sub(mote_w_add(mote_w_mul(a[3], b[2]), mote_w_mul(a[0], b[1])),
                                      mote_w_mul(a[1], b[0])),
                           mote_w_mul(a[2], b[3]));
    mote_wf w = mote_w_sub(mote_w_sub(mote_w_sub(mote_w_mul(a[3], b[3]), mote_w_mul(a[0], b[0])),
                                      mote_w_mul(a[1], b[1])),
                           mote_w_mul(a[2], b[2]));
    r[0] = x;
    r[1] = y;
    r[2] = z;
    r[3] = w;
}

/* {-x, -y, -z, w}: the same bits as mote_quat_conjugate. */
MOTE_W_INLINE void mote_w_quat_conjugate(const mote_wf q[4], mote_wf r[4]) {
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_minus(q[k]);
    }
    r[3] = q[3];
}

/* ((a.x b.x + a.y b.y) + a.z b.z) + a.w b.w: the same bits as mote_quat_dot. */
MOTE_W_INLINE mote_wf mote_w_quat_dot(const mote_wf a[4], const mote_wf b[4]) {
    return mote_w_add(mote_w_vec3_dot(a, b), mote_w_mul(a[3], b[3]));
}

/* q * (1 / |q|): the same bits as mote_quat_normalize (NaNs for a zero q). */
MOTE_W_INLINE void mote_w_quat_normalize(const mote_wf q[4], mote_wf r[4]) {
    mote_wf inv = mote_w_div(mote_w_set1(1.0f), mote_w_sqrt(mote_w_quat_dot(q, q)));
    for (int k = 0; k < 4; ++k) {
        r[k] = mote_w_mul(q[k], inv);
    }
}

/* The rotation by angle about a unit axis, {axis sin(h), cos(h)} with h = angle / 2 through
 * mote_w_sincos: each component within 2^-22 (2.4e-7) absolute of mote_quat_axis_angle (libm)
 * for |angle| <= 16384 (sincos's domain, |h| <= 8192); measured 6.0e-8. */
MOTE_W_INLINE void mote_w_quat_axis_angle(const mote_wf axis[3], mote_wf angle, mote_wf r[4]) {
    mote_wf s, c;
    mote_w_sincos(mote_w_mul(angle, mote_w_set1(0.5f)), &s, &c);
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_mul(axis[k], s);
    }
    r[3] = c;
}

/* d I + k [..] from q's products, row-major: the diagonal d - k (yy + zz) ..., the rest k (xy -
 * wz) ...; each entry one rounding per operation in this order. d = 1, k = 2 is the rotation
 * matrix of a unit q; d = s, k = 2 s / (q . q) is s times the rotation of any non-zero q. */
MOTE_W_INLINE void mote_w_quat_to_mat3_scaled(const mote_wf q[4], mote_wf d, mote_wf k,
                                              mote_wf m[9]) {
    mote_wf xx = mote_w_mul(q[0], q[0]), yy = mote_w_mul(q[1], q[1]), zz = mote_w_mul(q[2], q[2]);
    mote_wf xy = mote_w_mul(q[0], q[1]), xz = mote_w_mul(q[0], q[2]), yz = mote_w_mul(q[1], q[2]);
    mote_wf wx = mote_w_mul(q[3], q[0]), wy = mote_w_mul(q[3], q[1]), wz = mote_w_mul(q[3], q[2]);
    m[0] = mote_w_sub(d, mote_w_mul(k, mote_w_add(yy, zz)));
    m[1] = mote_w_mul(k, mote_w_sub(xy, wz));
    m[2] = mote_w_mul(k, mote_w_add(xz, wy));
    m[3] = mote_w_mul(k, mote_w_add(xy, wz));
    m[4] = mote_w_sub(d, mote_w_mul(k, mote_w_add(xx, zz)));
    m[5] = mote_w_mul(k, mote_w_sub(yz, wx));
    m[6] = mote_w_mul(k, mote_w_sub(xz, wy));
    m[7] = mote_w_mul(k, mote_w_add(yz, wx));
    m[8] = mote_w_sub(d, mote_w_mul(k, mote_w_add(xx, yy)));
}

/* The rotation matrix of a unit q, row-major: the same bits as mote_quat_to_mat3. */
MOTE_W_INLINE void mote_w_quat_to_mat3(const mote_wf q[4], mote_wf m[9]) {
    mote_w_quat_to_mat3_scaled(q, mote_w_set1(1.0f), mote_w_set1(2.0f), m);
}

/* v rotated by the unit q, through its matrix: the same bits as mote_quat_rotate. */
MOTE_W_INLINE void mote_w_quat_rotate(const mote_wf q[4], const mote_wf v[3], mote_wf r[3]) {
    mote_wf m[9];
    mote_w_quat_to_mat3(q, m);
    mote_w_mat3_mul_vec3(m, v, r);
}

/* The shortest arc from the unit vector from to the unit vector to, with the half turn of
 * math3d.h in the antiparallel case: the same bits as mote_quat_from_unit_vectors (both
 * branches computed, one selected per lane). */
MOTE_W_INLINE void mote_w_quat_from_unit_vectors(const mote_wf from[3], const mote_wf to[3],
                                                 mote_wf r[4]) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wf half[3], q[4], normal[4], p[3], perpendicular[3];
    mote_w_vec3_add(from, to, half);
    mote_w_vec3_cross(from, half, q);
    q[3] = mote_w_mul(mote_w_vec3_dot(half, half), mote_w_set1(0.5f));
    mote_wf n2 = mote_w_quat_dot(q, q);
    mote_wm antiparallel = mote_w_lt(n2, mote_w_set1(0x1p-126f));
    mote_wf inv = mote_w_div(mote_w_set1(1.0f), mote_w_sqrt(n2));
    for (int k = 0; k < 4; ++k) {
        normal[k] = mote_w_mul(q[k], inv);
    }
    mote_wm x_wide = mote_w_gt(mote_w_abs(from[0]), mote_w_abs(from[2]));
    p[0] = mote_w_select(x_wide, mote_w_minus(from[1]), zero);
    p[1] = mote_w_select(x_wide, from[0], mote_w_minus(from[2]));
    p[2] = mote_w_select(x_wide, zero, from[1]);
    mote_w_vec3_normalize(p, perpendicular);
    for (int k = 0; k < 3; ++k) {
        r[k] = mote_w_select(antiparallel, perpendicular[k], normal[k]);
    }
    r[3] = mote_w_select(antiparallel, zero, normal[3]);
}

/* The exponential map, the rotation by |v| about v / |v|, through mote_w_sincos: each
 * component within 2^-22 (2.4e-7) absolute of mote_quat_from_rotation_vector (libm) for
 * |v| <= 16384; measured 1.2e-7. */
MOTE_W_INLINE void mote_w_quat_from_rotation_vector(const mote_wf v[3], mote_wf r[4]) {
    mote_wf angle = mote_w_vec3_length(v);
    mote_wm turning = mote_w_gt(angle, mote_w_set1(0.0f));
    mote_wf s, c;
    mote_w_sincos(mote_w_mul(angle, mote_w_set1(0.5f)), &s, &c);
    mote_wf k =
        mote_w_select(turning, mote_w_div(s, mote_w_select(turning, angle, mote_w_set1(1.0f))),
                      mote_w_set1(0.5f));
    for (int i = 0; i < 3; ++i) {
        r[i] = mote_w_mul(v[i], k);
    }
    r[3] = c;
}

/* The logarithmic map (times two): the rotation vector of q, angle in [0, pi], through
 * mote_w_atan2: each component within 2^-21 angle (angle = the result's length; 1.5e-6 at
 * pi) of mote_quat_to_rotation_vector (libm) for any non-zero q; measured 2^-22 angle. */
MOTE_W_INLINE void mote_w_quat_to_rotation_vector(const mote_wf q[4], mote_wf r[3]) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wm back = mote_w_lt(q[3], zero); /* -q: the same rotation, the short way round */
    mote_wf u[3];
    for (int k = 0; k < 3; ++k) {
        u[k] = mote_w_select(back, mote_w_minus(q[k]), q[k]);
    }
    mote_wf w = mote_w_select(back, mote_w_minus(q[3]), q[3]);
    mote_wf s = mote_w_vec3_length(u);
    mote_wm turned = mote_w_gt(s, zero);
    mote_wf angle = mote_w_mul(mote_w_set1(2.0f), mote_w_atan2(s, w));
    mote_wf k = mote_w_select(
        turned, mote_w_div(angle, mote_w_select(turned, s, mote_w_set1(1.0f))), mote_w_set1(2.0f));
    mote_w_vec3_scale(u, k, r);
}

/* Normalised linear interpolation from a to b the short way: the same bits as
 * mote_quat_nlerp. */
MOTE_W_INLINE void mote_w_quat_nlerp(const mote_wf a[4], const mote_wf b[4], mote_wf t,
                                     mote_wf r[4]) {
    mote_wm flip = mote_w_lt(mote_w_quat_dot(a, b), mote_w_set1(0.0f));
    mote_wf mix[4];
    for (int k = 0; k < 4; ++k) {
        mote_wf bk = mote_w_select(flip, mote_w_minus(b[k]), b[k]);
        mix[k] = mote_w_add(a[k], mote_w_mul(mote_w_sub(bk, a[k]), t));
    }
    mote_w_quat_normalize(mix, r);
}

#endif
