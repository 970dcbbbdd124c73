/* mote: 3D vectors and quaternions, the one set every pool kind uses (debris, and the launch,
 * docking, flight and orientation kinds to come).
 *
 * Conventions: right-handed; a quaternion is {x, y, z, w} (vector part, then scalar part);
 * a * b applies b first, then a; angles in radians.
 *
 * Numerics: float arithmetic written out in a fixed order, every operation correctly rounded
 * (mote builds with -ffp-contract=off, no fast-math), so a function gives the same bits on
 * every IEEE 754 platform except where it calls libm (sinf, cosf), said at the function. */
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

/* The identity rotation {0, 0, 0, 1}. */
mote_quat mote_quat_identity(void);

/* a * b (Hamilton product): rotating by the result rotates by b, then by a. */
mote_quat mote_quat_mul(mote_quat a, mote_quat b);

/* q / |q|. A zero quaternion gives NaNs. */
mote_quat mote_quat_normalize(mote_quat q);

/* The rotation by angle (rad) about a unit axis: {axis sin(angle/2), cos(angle/2)}. */
mote_quat mote_quat_axis_angle(mote_vec3 axis, float angle);

/* The 3x3 rotation matrix of a unit quaternion, row-major: v' = m v. */
void mote_quat_to_mat3(mote_quat q, float m[9]);

/* v rotated by the unit quaternion q (through mote_quat_to_mat3). */
mote_vec3 mote_quat_rotate(mote_quat q, mote_vec3 v);

/* smoothstep: 0 at or below edge0, 1 at or above edge1, 3x^2 - 2x^3 between with
 * x = (value - edge0) / (edge1 - edge0). When edge0 == edge1, a step: 1 at or past edge1. */
float mote_smoothstep(float edge0, float edge1, float value);

#ifdef __cplusplus
}
#endif

#endif
