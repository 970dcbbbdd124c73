/* Scalar reference orientations (mote/orientation.h): one element at a time, straight from
 * the formulas, with libm's expf, sinf, cosf and atan2f (through mote/math3d.h). This file is
 * the specification the orientation kernels (engine/kinds/orientation/orientation_kernels.c) are
 * measured against. */
#include <limits.h>
#include <math.h>
#include <stddef.h>

#include "mote/orientation.h"
#include "mote/pool_common.h"
#include "mote/spring.h"
#include "orientation_fields.h"
#include "refuse.h"

static bool quat_usable(mote_quat q) {
    return isfinite(q.x) && isfinite(q.y) && isfinite(q.z) && isfinite(q.w) &&
           mote_quat_dot(q, q) > 0.0f;
}

static bool vec3_finite(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static bool gain_ok(float g) {
    return isfinite(g) && g >= 0.0f;
}

static mote_status check_control(const mote_quat *q, const mote_vec3 *omega, mote_quat target,
                                 float stiffness, float damping, float dt) {
    if (q == NULL || omega == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "q, omega: must not be NULL");
    }
    if (!isfinite(dt) || dt < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt: must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    if (!quat_usable(*q) || !quat_usable(target)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "%s: must be finite and non-zero",
                           quat_usable(*q) ? "target" : "q");
    }
    if (!vec3_finite(*omega)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "omega: must be finite");
    }
    if (!gain_ok(stiffness) || !gain_ok(damping)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: must be finite and >= 0 (got %g)",
                           gain_ok(stiffness) ? "damping" : "stiffness",
                           (double)(gain_ok(stiffness) ? damping : stiffness));
    }
    return MOTE_OK;
}

double mote_orientation_longest_substep(float substep) {
    return (double)substep * (1.0 + 1.0 / 1024.0 + 1.0 / 1048576.0);
}

bool mote_orientation_control_stable(float stiffness, float damping, float substep) {
    if (!gain_ok(stiffness) || !gain_ok(damping) || !(substep >= 0.0f && isfinite(substep))) {
        return false;
    }
    double h = mote_orientation_longest_substep(substep);
    return (double)stiffness * h * h + 2.0 * (double)damping * h < 4.0;
}

/* The step itself, on checked input, with the speed cap (0 or INFINITY: none of its own, the
 * domain's MOTE_ORIENTATION_MAX_ANGULAR_SPEED). */
void mote_ref_orientation_control_substep(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                          float stiffness, float damping, float max_speed,
                                          float h) {
    mote_vec3 error = mote_quat_to_rotation_vector(mote_quat_mul(target, mote_quat_conjugate(*q)));
    mote_vec3 alpha =
        mote_vec3_sub(mote_vec3_scale(error, stiffness), mote_vec3_scale(*omega, damping));
    mote_vec3 w = mote_vec3_add(*omega, mote_vec3_scale(alpha, h));
    float speed = mote_vec3_length(w);
    float cap = max_speed > 0.0f ? max_speed : MOTE_ORIENTATION_MAX_ANGULAR_SPEED;
    cap = cap < MOTE_ORIENTATION_MAX_ANGULAR_SPEED ? cap : MOTE_ORIENTATION_MAX_ANGULAR_SPEED;
    if (speed > cap) {
        w = mote_vec3_scale(w, cap / speed);
    }
    *omega = w;
    *q = mote_quat_normalize(
        mote_quat_mul(mote_quat_from_rotation_vector(mote_vec3_scale(w, h)), *q));
}

mote_status mote_orientation_control_step(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                          float stiffness, float damping, float dt) {
    mote_status status = check_control(q, omega, target, stiffness, damping, dt);
    if (status != MOTE_OK) {
        return status;
    }
    mote_ref_orientation_control_substep(q, omega, target, stiffness, damping, 0.0f, dt);
    return MOTE_OK;
}

mote_orientation_control_params mote_orientation_control_gains(float halflife, float damping_ratio,
                                                               float max_speed) {
    float w = mote_halflife_to_damping(halflife) / 2.0f;
    mote_orientation_control_params p = {w * w, 2.0f * damping_ratio * w, max_speed};
    return p;
}

int mote_orientation_substeps(float dt, float substep) {
    float n = ceilf(dt / substep - 1.0f / 1024.0f);
    if (!(n >= 1.0f)) { /* NaN too */
        return 1;
    }
    return n >= 2147483520.0f ? INT_MAX : (int)n; /* a huge dt over a tiny substep: no overflow */
}

mote_status mote_orientation_control_advance(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                             const mote_orientation_control_params *params,
                                             float substep, int max_substeps, float dt) {
    if (params == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "params: must not be NULL");
    }
    mote_status status = check_control(q, omega, target, params->stiffness, params->damping, dt);
    if (status != MOTE_OK) {
        return status;
    }
    const float cap = params->max_speed;
    if (!(cap >= 0.0f && (cap <= MOTE_ORIENTATION_MAX_ANGULAR_SPEED || cap == INFINITY))) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "params.max_speed: must be in [0, %g] rad/s, or 0 or INFINITY for no "
                           "cap (got %g)",
                           (double)MOTE_ORIENTATION_MAX_ANGULAR_SPEED, (double)cap);
    }
    if (!(substep >= MOTE_ORIENTATION_MIN_SUBSTEP && substep <= MOTE_ORIENTATION_MAX_SUBSTEP)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "substep: must be in [%g, %g] s (got %g)",
                           (double)MOTE_ORIENTATION_MIN_SUBSTEP,
                           (double)MOTE_ORIENTATION_MAX_SUBSTEP, (double)substep);
    }
    if (max_substeps < 1 || max_substeps > MOTE_MAX_SUBSTEPS) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "max_substeps: must be in [1, %d] (got %d)",
                           MOTE_MAX_SUBSTEPS, max_substeps);
    }
    double speed = sqrt((double)omega->x * omega->x + (double)omega->y * omega->y +
                        (double)omega->z * omega->z);
    if (!(speed <= MOTE_ORIENTATION_MAX_ANGULAR_SPEED)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "omega: |omega| must be <= %g rad/s (got %g)",
                           (double)MOTE_ORIENTATION_MAX_ANGULAR_SPEED, speed);
    }
    if (!mote_orientation_control_stable(params->stiffness, params->damping, substep)) {
        double h = mote_orientation_longest_substep(substep);
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "params.stiffness, params.damping: stiffness h^2 + 2 damping h must be "
                           "< 4 for the longest sub-step h = %g s (got %g)",
                           h, (double)params->stiffness * h * h + 2.0 * params->damping * h);
    }
    float limit = substep * (float)max_substeps;
    float clamped = dt > limit ? limit : dt;
    int n = mote_orientation_substeps(clamped, substep);
    float h = clamped / (float)n;
    for (int i = 0; i < n; ++i) {
        mote_ref_orientation_control_substep(q, omega, target, params->stiffness, params->damping,
                                             params->max_speed, h);
    }
    return MOTE_OK;
}

void mote_quat_spring(mote_quat *q, mote_vec3 *omega, mote_quat goal, float halflife, float dt) {
    float y = mote_halflife_to_damping(halflife) / 2.0f;
    float ydt = y * dt;
    mote_vec3 j0 = mote_quat_to_rotation_vector(mote_quat_mul(*q, mote_quat_conjugate(goal)));
    mote_vec3 j1 = mote_vec3_add(*omega, mote_vec3_scale(j0, y));
    float e = expf(-ydt);
    mote_vec3 offset = mote_vec3_scale(mote_vec3_add(j0, mote_vec3_scale(j1, dt)), e);
    *q = mote_quat_mul(mote_quat_from_rotation_vector(offset), goal);
    *omega = mote_vec3_scale(mote_vec3_sub(*omega, mote_vec3_scale(j1, ydt)), e);
}

void mote_quat_damper(mote_quat *q, mote_quat goal, float halflife, float dt) {
    float rate = mote_halflife_to_damping(halflife) / 4.0f;
    mote_vec3 d = mote_quat_to_rotation_vector(mote_quat_mul(*q, mote_quat_conjugate(goal)));
    *q = mote_quat_mul(mote_quat_from_rotation_vector(mote_vec3_scale(d, expf(-rate * dt))), goal);
}

void mote_quat_decay(mote_quat *q, mote_vec3 *omega, float halflife, float dt) {
    float y = mote_halflife_to_damping(halflife) / 2.0f;
    float ydt = y * dt;
    mote_vec3 j0 = mote_quat_to_rotation_vector(*q);
    mote_vec3 j1 = mote_vec3_add(*omega, mote_vec3_scale(j0, y));
    float e = expf(-ydt);
    *q = mote_quat_from_rotation_vector(
        mote_vec3_scale(mote_vec3_add(j0, mote_vec3_scale(j1, dt)), e));
    *omega = mote_vec3_scale(mote_vec3_sub(*omega, mote_vec3_scale(j1, ydt)), e);
}

void mote_inertialize_transition(float *offset_x, float *offset_v, float src_x, float src_v,
                                 float dst_x, float dst_v) {
    *offset_x = (src_x + *offset_x) - dst_x;
    *offset_v = (src_v + *offset_v) - dst_v;
}

void mote_inertialize_update(float *out_x, float *out_v, float *offset_x, float *offset_v,
                             float in_x, float in_v, float halflife, float dt) {
    mote_decay(offset_x, offset_v, halflife, dt);
    *out_x = in_x + *offset_x;
    *out_v = in_v + *offset_v;
}

void mote_inertialize_quat_transition(mote_quat *offset_q, mote_vec3 *offset_omega, mote_quat src_q,
                                      mote_vec3 src_omega, mote_quat dst_q, mote_vec3 dst_omega) {
    mote_quat o = mote_quat_normalize(
        mote_quat_mul(mote_quat_mul(*offset_q, src_q), mote_quat_conjugate(dst_q)));
    if (o.w < 0.0f) {
        o = (mote_quat){-o.x, -o.y, -o.z, -o.w};
    }
    *offset_q = o;
    *offset_omega = mote_vec3_sub(mote_vec3_add(src_omega, *offset_omega), dst_omega);
}

void mote_inertialize_quat_update(mote_quat *out_q, mote_vec3 *out_omega, mote_quat *offset_q,
                                  mote_vec3 *offset_omega, mote_quat in_q, mote_vec3 in_omega,
                                  float halflife, float dt) {
    mote_quat_decay(offset_q, offset_omega, halflife, dt);
    *out_q = mote_quat_mul(*offset_q, in_q);
    *out_omega = mote_vec3_add(in_omega, *offset_omega);
}
