/* The pose writer's wide kernel, written once and compiled per variant: the scalar reference
 * (engine/core/pose_ref.c) operation for operation on lanes, each vector's poses packed into the
 * caller's array of structures four components at a time (wide/wide_quads.h). */
#include "lane_loop.h"
#include "pose_kernel.h"
#include "variant.h"
#include "wide/wide_math3d.h"
#include "wide/wide_quads.h"

/* One vector of elements from i: the first n lanes (n == MOTE_W_LANES but for the last). */
MOTE_ALWAYS_INLINE mote_wf load_lanes(const float *a, size_t i, size_t n) {
    return n == MOTE_W_LANES ? mote_w_load(a + i) : mote_w_load_first(a + i, n);
}

/* origin + axis_x x + axis_y y, as lift_position. */
MOTE_ALWAYS_INLINE void lift_position(const mote_pose_job *job, mote_wf x, mote_wf y,
                                      mote_wf p[3]) {
    for (int c = 0; c < 3; ++c) {
        p[c] = mote_w_add(
            mote_w_add(mote_w_set1(job->origin[c]), mote_w_mul(mote_w_set1(job->axis_x[c]), x)),
            mote_w_mul(mote_w_set1(job->axis_y[c]), y));
    }
}

/* plane * (0, 0, sin(angle / 2), cos(angle / 2)), as lift_orientation. */
MOTE_ALWAYS_INLINE void lift_orientation(const mote_pose_job *job, mote_wf angle, mote_wf q[4]) {
    mote_wf s, c;
    mote_w_sincos(mote_w_mul(angle, mote_w_set1(0.5f)), &s, &c);
    const mote_wf p0 = mote_w_set1(job->plane[0]), p1 = mote_w_set1(job->plane[1]);
    const mote_wf p2 = mote_w_set1(job->plane[2]), p3 = mote_w_set1(job->plane[3]);
    q[0] = mote_w_add(mote_w_mul(p0, c), mote_w_mul(p1, s));
    q[1] = mote_w_sub(mote_w_mul(p1, c), mote_w_mul(p0, s));
    q[2] = mote_w_add(mote_w_mul(p2, c), mote_w_mul(p3, s));
    q[3] = mote_w_sub(mote_w_mul(p3, c), mote_w_mul(p2, s));
}

/* The pose of the vector at i in the arrays pos, ori, as pose_at. */
MOTE_ALWAYS_INLINE void pose_at(const mote_pose_job *job, int source, const float *const pos[3],
                                const float *const ori[4], size_t i, size_t n, mote_wf p[3],
                                mote_wf q[4]) {
    if (source == MOTE_POSE_SOURCE_PLANAR) {
        lift_position(job, load_lanes(pos[0], i, n), load_lanes(pos[1], i, n), p);
        lift_orientation(job, load_lanes(ori[0], i, n), q);
        return;
    }
    for (int c = 0; c < 3; ++c) {
        p[c] = source == MOTE_POSE_SOURCE_ROTATION ? mote_w_set1(0.0f) : load_lanes(pos[c], i, n);
    }
    for (int c = 0; c < 4; ++c) {
        q[c] = load_lanes(ori[c], i, n);
    }
}

/* The blended pose of the vector at i, as blended_pose_at. */
MOTE_ALWAYS_INLINE void blended_pose_at(const mote_pose_job *job, int source, size_t i, size_t n,
                                        mote_wf p[3], mote_wf q[4]) {
    const mote_wf t = mote_w_set1(job->alpha);
    mote_wf qa[4], qb[4];
    if (source == MOTE_POSE_SOURCE_PLANAR) {
        const mote_wf x = load_lanes(job->from_position[0], i, n);
        const mote_wf y = load_lanes(job->from_position[1], i, n);
        const mote_wf x1 = load_lanes(job->to_position[0], i, n);
        const mote_wf y1 = load_lanes(job->to_position[1], i, n);
        lift_position(job, mote_w_add(x, mote_w_mul(mote_w_sub(x1, x), t)),
                      mote_w_add(y, mote_w_mul(mote_w_sub(y1, y), t)), p);
        lift_orientation(job, load_lanes(job->from_orientation[0], i, n), qa);
        lift_orientation(job, load_lanes(job->to_orientation[0], i, n), qb);
    } else {
        mote_wf pa[3], pb[3];
        pose_at(job, source, job->from_position, job->from_orientation, i, n, pa, qa);
        pose_at(job, source, job->to_position, job->to_orientation, i, n, pb, qb);
        mote_w_vec3_lerp(pa, pb, t, p);
    }
    mote_w_quat_nlerp(qa, qb, t, q);
}

/* Packs the vector's poses (n of them) at o, as pack. */
MOTE_ALWAYS_INLINE void pack(const mote_pose_job *job, int layout, const mote_wf p[3],
                             const mote_wf q[4], float *o, size_t n) {
    const size_t stride = job->stride;
    const mote_wf s = mote_w_set1(job->scale);
    switch (layout) {
    case MOTE_POSE_PACK_POSITION_QUAT: /* the second quad starts at qx again: same value */
        mote_w_store_quads(o, stride, n, p[0], p[1], p[2], q[0]);
        mote_w_store_quads(o + 3, stride, n, q[0], q[1], q[2], q[3]);
        return;
    case MOTE_POSE_PACK_POSITION_QUAT_SCALE:
        mote_w_store_quads(o, stride, n, p[0], p[1], p[2], q[0]);
        mote_w_store_quads(o + 4, stride, n, q[1], q[2], q[3], s);
        return;
    default:
        break;
    }
    mote_wf m[9];
    mote_w_quat_to_mat3(q, m);
    for (int k = 0; k < 9; ++k) {
        m[k] = mote_w_mul(m[k], s);
    }
    if (layout == MOTE_POSE_PACK_MATRIX_ROWS) {
        mote_w_store_quads(o, stride, n, m[0], m[1], m[2], p[0]);
        mote_w_store_quads(o + 4, stride, n, m[3], m[4], m[5], p[1]);
        mote_w_store_quads(o + 8, stride, n, m[6], m[7], m[8], p[2]);
    } else {
        mote_w_store_quads(o, stride, n, m[0], m[3], m[6], m[1]);
        mote_w_store_quads(o + 4, stride, n, m[4], m[7], m[2], m[5]);
        mote_w_store_quads(o + 8, stride, n, m[8], p[0], p[1], p[2]);
    }
}

MOTE_ALWAYS_INLINE void write_vector(const mote_pose_job *job, int source, int layout, bool blend,
                                     size_t i, size_t n) {
    mote_wf p[3], q[4];
    if (blend) {
        blended_pose_at(job, source, i, n, p, q);
    } else {
        pose_at(job, source, job->to_position, job->to_orientation, i, n, p, q);
    }
    pack(job, layout, p, q, job->out + i * job->stride, n);
}

/* [begin, end) for one source, packing and blend, constant so each combination is its own
 * straight loop. */
MOTE_ALWAYS_INLINE void write_range(const mote_pose_job *job, int source, int layout, bool blend,
                                    size_t begin, size_t end) {
    size_t i = begin;
    for (; i + MOTE_W_LANES <= end; i += MOTE_W_LANES) {
        write_vector(job, source, layout, blend, i, MOTE_W_LANES);
    }
    if (i < end) {
        write_vector(job, source, layout, blend, i, end - i);
    }
}

#define WRITE_LAYOUTS(source, blend)                                                               \
    switch (job->pack) {                                                                           \
    case MOTE_POSE_PACK_POSITION_QUAT:                                                             \
        write_range(job, source, MOTE_POSE_PACK_POSITION_QUAT, blend, begin, end);                 \
        return;                                                                                    \
    case MOTE_POSE_PACK_POSITION_QUAT_SCALE:                                                       \
        write_range(job, source, MOTE_POSE_PACK_POSITION_QUAT_SCALE, blend, begin, end);           \
        return;                                                                                    \
    case MOTE_POSE_PACK_MATRIX_ROWS:                                                               \
        write_range(job, source, MOTE_POSE_PACK_MATRIX_ROWS, blend, begin, end);                   \
        return;                                                                                    \
    default:                                                                                       \
        write_range(job, source, MOTE_POSE_PACK_MATRIX_COLUMNS, blend, begin, end);                \
        return;                                                                                    \
    }

#define WRITE_BLENDS(source)                                                                       \
    if (job->blend) {                                                                              \
        WRITE_LAYOUTS(source, true)                                                                \
    } else {                                                                                       \
        WRITE_LAYOUTS(source, false)                                                               \
    }

static void pose_write(const mote_pose_job *job, size_t begin, size_t end) {
    switch (job->source) {
    case MOTE_POSE_SOURCE_PLANAR:
        WRITE_BLENDS(MOTE_POSE_SOURCE_PLANAR)
    case MOTE_POSE_SOURCE_ROTATION:
        WRITE_BLENDS(MOTE_POSE_SOURCE_ROTATION)
    default:
        WRITE_BLENDS(MOTE_POSE_SOURCE_RIGID)
    }
}

/* This variant of the kernel, for pose.c's list (mote_pose_variants). */
extern const mote_pose_variant MOTE_VARIANT_FN(mote_pose_variant);
const mote_pose_variant MOTE_VARIANT_FN(mote_pose_variant) = {
    MOTE_VARIANT_NAME,     MOTE_VARIANT_BACKEND, MOTE_VARIANT_EMULATED,
    MOTE_VARIANT_REQUIRES, MOTE_W_LANES,         pose_write};
