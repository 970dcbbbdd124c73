/* mote: 3D vectors and quaternions, the one set every pool kind uses.
 *
 * Conventions: right-handed; a quaternion is {x, y, z, w} (vector part, then scalar part);
 * a * b applies b first, then a; angles in radians; lengths in the caller's units.
 *
 * Numerics: each function is float arithmetic written out in the order its comment gives,
 * every operation correctly rounded (mote builds with -ffp-contract=off, no fast-math), so it
 * gives the same bits on every IEEE 754 platform, except where it calls libm (sinf, cosf,
 * atan2f), which the comment says. u = 2^-24 (half a ULP of 1). An error bound "within N u X"
 * is against the same formula evaluated exactly on the same float inputs and holds to first
 * order in u. Inputs are finite; a vector whose
 * length is outside [2^-63, 2^64) squares out of float range and loses its bounds. */
#ifndef MOTE_MATH3D_H
#define MOTE_MATH3D_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mote_vec3 {
    float x, y, z;
} mote_vec3;

typedef struct mote_quat {
    float x, y, z, w;
} mote_quat;

/* ----------------------------------------------------------------------------------------
 * Vectors */

/* a + b per component, correctly rounded. */
mote_vec3 mote_vec3_add(mote_vec3 a, mote_vec3 b);

/* a - b per component, correctly rounded. */
mote_vec3 mote_vec3_sub(mote_vec3 a, mote_vec3 b);

/* v s per component, correctly rounded. */
mote_vec3 mote_vec3_scale(mote_vec3 v, float s);

/* (a.x b.x + a.y b.y) + a.z b.z: within 3u (|a.x b.x| + |a.y b.y| + |a.z b.z|), so within
 * 3u |a| |b|. */
float mote_vec3_dot(mote_vec3 a, mote_vec3 b);

/* a x b = {a.y b.z - a.z b.y, a.z b.x - a.x b.z, a.x b.y - a.y b.x}: each component within
 * 2u (|p| + |q|) of its two products p, q. */
mote_vec3 mote_vec3_cross(mote_vec3 a, mote_vec3 b);

/* |v| = sqrtf(mote_vec3_dot(v, v)): within 2.5u |v| (<= 2 ULP). */
float mote_vec3_length(mote_vec3 v);

/* v * (1 / mote_vec3_length(v)): each component within 4.5u relative of v_i / |v| (<= 4 ULP).
 * The zero vector gives {0, 0, 0}, and so does any v whose length rounds to 0 (every
 * |component| below 2^-75); an infinite component comes out NaN (the others 0). */
mote_vec3 mote_vec3_normalize(mote_vec3 v);

/* a + (b - a) t per component: exactly a at t = 0; within 3u (|a| + |b|) for t in [0, 1]. */
mote_vec3 mote_vec3_lerp(mote_vec3 a, mote_vec3 b, float t);

/* m v for a row-major 3x3 m: component k is mote_vec3_dot(row k, v), within
 * 3u (|m_k0 v.x| + |m_k1 v.y| + |m_k2 v.z|). */
mote_vec3 mote_mat3_mul_vec3(const float m[9], mote_vec3 v);

/* ----------------------------------------------------------------------------------------
 * Quaternions */

/* The identity rotation {0, 0, 0, 1}. */
mote_quat mote_quat_identity(void);

/* a * b (Hamilton product): rotating by the result rotates by b, then by a. Component by
 * component w-term first (x = ((a.w b.x + a.x b.w) + a.y b.z) - a.z b.y, and so on): each
 * within 4u (sum of its four |products|), so within 4u |a| |b|. */
mote_quat mote_quat_mul(mote_quat a, mote_quat b);

/* {-x, -y, -z, w}, exact: the inverse rotation of a unit quaternion. */
mote_quat mote_quat_conjugate(mote_quat q);

/* ((a.x b.x + a.y b.y) + a.z b.z) + a.w b.w: within 4u (sum of the |products|). For unit
 * quaternions, the cosine of half the angle between the rotations (up to sign). */
float mote_quat_dot(mote_quat a, mote_quat b);

/* q * (1 / sqrtf(mote_quat_dot(q, q))): each component within 5u relative of q_i / |q|.
 * A zero quaternion gives NaNs. */
mote_quat mote_quat_normalize(mote_quat q);

/* The rotation by angle (rad) about a unit axis: {axis sin(h), cos(h)}, h = angle / 2, with
 * libm's sinf and cosf. Within 3u relative per component (libm 1 ULP + one product). */
mote_quat mote_quat_axis_angle(mote_vec3 axis, float angle);

/* The 3x3 rotation matrix of a unit quaternion, row-major: v' = m v. Diagonal entries
 * 1 - 2 (yy + zz) (and cyclic), off-diagonal 2 (xy - wz) (and so on): each within 5u of the
 * exact matrix of q for |q| = 1. */
void mote_quat_to_mat3(mote_quat q, float m[9]);

/* v rotated by the unit quaternion q: mote_mat3_mul_vec3(mote_quat_to_mat3(q), v). Each
 * component within 12u |v| of the exact rotation (for |q| = 1). */
mote_vec3 mote_quat_rotate(mote_quat q, mote_vec3 v);

/* The shortest-arc rotation taking the unit vector from to the unit vector to. With the
 * half-way vector s = from + to: q = normalize({from x s, (s . s) / 2}), the rotation by twice
 * the angle between from and s about from x s; (s . s) / 2 is 1 + from . to written so that
 * the rounding of from and to off unit length cancels near antiparallel. |q| within 5u of 1,
 * mote_quat_rotate(q, from) within 10u of to at every angle. Antiparallel (the squared norm of
 * {from x s, (s . s) / 2} below 2^-126, so |s| < 2^-63): the half turn {p / |p|, 0} about the
 * perpendicular p = |from.x| > |from.z| ? {-from.y, from.x, 0} : {0, -from.z, from.y}.
 * Parallel: {0, 0, 0, 1} within 5u. */
mote_quat mote_quat_from_unit_vectors(mote_vec3 from, mote_vec3 to);

/* The exponential map: the rotation by |v| about v / |v| (a rotation vector, rad).
 * angle = mote_vec3_length(v), h = angle / 2, k = angle > 0 ? sinf(h) / angle : 1/2, then
 * {v k, cosf(h)} (libm sinf, cosf). Each component within (3 + 2 |v|) u of the exact
 * rotation of v, for |v| <= 16384; the |v| term is the rounding of the length itself. */
mote_quat mote_quat_from_rotation_vector(mote_vec3 v);

/* The logarithmic map (times two), the inverse of mote_quat_from_rotation_vector: the rotation
 * vector axis * angle of q, angle in [0, pi] (q and -q give the same vector: the short way).
 * With the vector part u = {x, y, z} and w, both negated when w < 0: s = mote_vec3_length(u),
 * angle = 2 atan2f(s, w) (libm), k = s > 0 ? angle / s : 2, result u k. Any non-zero |q|
 * works (the angle is scale-free); the identity gives {0, 0, 0}. Each component within 7u
 * relative of the exact map of q (libm within 1 ULP). Round trip:
 * mote_quat_to_rotation_vector(mote_quat_from_rotation_vector(v)) is within 4u (1 + |v|) of v
 * per component for |v| <= 3.1415 (past pi it gives the same rotation the short way). */
mote_vec3 mote_quat_to_rotation_vector(mote_quat q);

/* Normalised linear interpolation from a (t = 0) to b (t = 1) the short way: b is negated
 * when mote_quat_dot(a, b) < 0, then normalize(a + (b - a) t) per component. Unit a and b, t in
 * [0, 1]: each component within 14u of the exact value of that formula. Not at constant
 * angular speed (exact at t = 0, 1/2 and 1); at constant speed (slerp) it is
 * a * from_rotation_vector(t to_rotation_vector(conjugate(a) * b)). */
mote_quat mote_quat_nlerp(mote_quat a, mote_quat b, float t);

/* conjugate(q) * (1 / mote_quat_dot(q, q)): the inverse of any non-zero q (the conjugate
 * for a unit one). Each component within 6u relative of the exact inverse of q; a zero q
 * gives NaNs. */
mote_quat mote_quat_inverse(mote_quat q);

/* The quaternion logarithm of a unit q, the short way: axis * (angle / 2) with the angle in
 * [0, pi] (q and -q give the same vector), i.e. half the scaled angle-axis
 * mote_quat_to_rotation_vector(q), computed as exactly that times 0.5 (so within the same
 * 7u relative per component). The identity gives {0, 0, 0}. */
mote_vec3 mote_quat_log(mote_quat q);

/* The quaternion exponential, the inverse of mote_quat_log: {v / |v| sin|v|, cos|v|}, the
 * rotation by 2 |v| about v, computed as mote_quat_from_rotation_vector(2 v) (2 v exact).
 * Each component within (3 + 4 |v|) u of the exact value, for |v| <= 8192. Round trip:
 * mote_quat_log(mote_quat_exp(v)) within 4u (1 + 2 |v|) of v per component for
 * |v| <= 1.57075 (half of 3.1415), near 0 (|v| down to 1e-30) and near pi/2 alike; past
 * pi/2 it gives the same rotation the short way. */
mote_quat mote_quat_exp(mote_vec3 v);

/* Spherical interpolation from a (t = 0) to b (t = 1) at constant angular speed, the short
 * way: a * mote_quat_from_rotation_vector(t r) with r = mote_quat_to_rotation_vector(
 * conjugate(a) * b) (b and -b give the same path). Unit a and b, t in [0, 1], |dot(a, b)|
 * at least 1e-3 (away from the half turn, where the short way is a tie): each component
 * within 2^-20 (9.5e-7) absolute of the exact slerp of the float inputs. Exactly a at
 * t = 0 (up to mote_quat_mul's rounding against the identity, which is exact). */
mote_quat mote_quat_slerp(mote_quat a, mote_quat b, float t);

/* The rotation whose local +z axis points along forward and whose local +y axis is up made
 * perpendicular to forward (local +x = up x forward): right-handed, as Unity's
 * LookRotation. Built as the matrix of columns {r, u, f} (f = normalize(forward),
 * u = normalize(f x (up x f)), r = u x f) converted by Shepperd's method, then normalised.
 * Accuracy: |q| within 5u of 1; rotate(q, +z) within 2^-21 (4.8e-7) of f per component, and
 * rotate(q, +y) within 2^-21 / sin(theta) of the exact perpendicular up, theta the angle
 * between up and forward. Defined results for bad input: a zero or non-finite forward gives
 * the identity; an up that is zero, non-finite or within sin(theta) < 2^-20 of parallel to
 * forward gives mote_quat_from_unit_vectors({0, 0, 1}, f), the shortest arc to forward. */
mote_quat mote_quat_look_rotation(mote_vec3 forward, mote_vec3 up);

/* ----------------------------------------------------------------------------------------
 * Scalars */

/* smoothstep: 0 at or below edge0, 1 at or above edge1, 3x^2 - 2x^3 between with
 * x = (value - edge0) / (edge1 - edge0). When edge0 == edge1, a step: 1 at or past edge1. */
float mote_smoothstep(float edge0, float edge1, float value);

#ifdef __cplusplus
}
#endif

#endif
