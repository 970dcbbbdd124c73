/* The scalar reference kernels of the orientation pools: the reference (orientation_ref.c) on
 * each element in turn, over [begin, end) of the field arrays (the pool checked dt and the
 * stored values; the control's dt is already clamped and split by the per-step constants). */
#include "mote/orientation.h"
#include "orientation_fields.h"
#include "scalar_kernels.h"

static mote_quat quat_at(float *const *p, int first, size_t i) {
    mote_quat q = {p[first][i], p[first + 1][i], p[first + 2][i], p[first + 3][i]};
    return q;
}

static mote_vec3 vec3_at(float *const *p, int first, size_t i) {
    mote_vec3 v = {p[first][i], p[first + 1][i], p[first + 2][i]};
    return v;
}

static void quat_store(float *const *p, int first, size_t i, mote_quat q) {
    p[first][i] = q.x;
    p[first + 1][i] = q.y;
    p[first + 2][i] = q.z;
    p[first + 3][i] = q.w;
}

static void vec3_store(float *const *p, int first, size_t i, mote_vec3 v) {
    p[first][i] = v.x;
    p[first + 1][i] = v.y;
    p[first + 2][i] = v.z;
}

void mote_kernel_orientation_control_scalar(float *const *p, const void *constants, size_t begin,
                                            size_t end) {
    const mote_orientation_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_quat q = quat_at(p, ORIENTATION_QX, i);
        mote_vec3 w = vec3_at(p, ORIENTATION_WX, i);
        mote_quat target = quat_at(p, ORIENTATION_TX, i);
        for (int n = 0; n < c->substeps; ++n) {
            mote_ref_orientation_control_substep(&q, &w, target, p[ORIENTATION_STIFFNESS][i],
                                                 p[ORIENTATION_DAMPING][i],
                                                 p[ORIENTATION_MAX_SPEED][i], c->h);
        }
        quat_store(p, ORIENTATION_QX, i, q);
        vec3_store(p, ORIENTATION_WX, i, w);
    }
}

void mote_kernel_orientation_spring_scalar(float *const *p, const void *constants, size_t begin,
                                           size_t end) {
    const mote_orientation_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_quat q = quat_at(p, ORIENTATION_QX, i);
        mote_vec3 w = vec3_at(p, ORIENTATION_WX, i);
        mote_quat_spring(&q, &w, quat_at(p, ORIENTATION_TX, i), p[ORIENTATION_HALFLIFE][i], c->dt);
        quat_store(p, ORIENTATION_QX, i, q);
        vec3_store(p, ORIENTATION_WX, i, w);
    }
}

void mote_kernel_orientation_damper_scalar(float *const *p, const void *constants, size_t begin,
                                           size_t end) {
    const mote_orientation_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_quat q = quat_at(p, ORIENTATION_QX, i);
        mote_quat_damper(&q, quat_at(p, ORIENTATION_TX, i), p[ORIENTATION_HALFLIFE][i], c->dt);
        quat_store(p, ORIENTATION_QX, i, q);
    }
}

void mote_kernel_orientation_inertialize_scalar(float *const *p, const void *constants,
                                                size_t begin, size_t end) {
    const mote_orientation_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_quat q, offset = quat_at(p, ORIENTATION_OQX, i);
        mote_vec3 w, offset_w = vec3_at(p, ORIENTATION_OWX, i);
        mote_inertialize_quat_update(&q, &w, &offset, &offset_w, quat_at(p, ORIENTATION_TX, i),
                                     vec3_at(p, ORIENTATION_IWX, i), p[ORIENTATION_HALFLIFE][i],
                                     c->dt);
        quat_store(p, ORIENTATION_QX, i, q);
        vec3_store(p, ORIENTATION_WX, i, w);
        quat_store(p, ORIENTATION_OQX, i, offset);
        vec3_store(p, ORIENTATION_OWX, i, offset_w);
    }
}
