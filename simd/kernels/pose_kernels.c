/* The pose writer's wide kernel, written once and compiled per variant: the scalar reference
 * (engine/core/pose_ref.c) operation for operation on lanes, each vector's poses packed into the
 * caller's array of structures four or eight components at a time (wide/wide_quads.h). */
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

/* The blended pose of the vector at i, as blended_pose_at: the lerped position p and the
 * quaternion mixed the short way m (mix_short_way: mote_quat_nlerp before its normalisation). */
MOTE_ALWAYS_INLINE void blend_at(const mote_pose_job *job, int source, size_t i, size_t n,
                                 mote_wf p[3], mote_wf m[4]) {
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
    const mote_wm flip = mote_w_lt(mote_w_quat_dot(qa, qb), mote_w_set1(0.0f));
    for (int k = 0; k < 4; ++k) {
        const mote_wf bk = mote_w_select(flip, mote_w_minus(qb[k]), qb[k]);
        m[k] = mote_w_add(qa[k], mote_w_mul(mote_w_sub(bk, qa[k]), t));
    }
}

/* MOTE_POSE_PACK_POSITION_QUAT at the packed stride (7 floats) for a full vector followed by
 * more poses of the same write, where the wide layer says it pays (MOTE_W_OCTET_RUNS): one
 * 32-byte store per pose, whose eighth float is the next
 * pose's first (the same value, from the next lane; the vector's last pose writes a stand-in
 * there that the next vector's first store overwrites), where two overlapping 16-byte stores
 * would do. The last vector of a write packs as MOTE_POSE_PACK_POSITION_QUAT: nothing after the
 * last pose is written. */
enum { PACK_POSITION_QUAT_RUN = 100 };

/* The packing for the vector at i of [i, end): PACK_POSITION_QUAT_RUN where it applies. */
MOTE_ALWAYS_INLINE int vector_layout(const mote_pose_job *job, int layout, size_t i, size_t end) {
#ifdef MOTE_W_OCTET_RUNS
    if (layout == MOTE_POSE_PACK_POSITION_QUAT && job->stride == 7 && i + MOTE_W_LANES < end) {
        return PACK_POSITION_QUAT_RUN;
    }
#else
    (void)job, (void)i, (void)end;
#endif
    return layout;
}

/* Stores the vector's matrices s R (m, row-major) and positions p (n poses) at o, as pack. */
MOTE_ALWAYS_INLINE void pack_matrix(const mote_pose_job *job, int layout, const mote_wf p[3],
                                    const mote_wf m[9], float *o, size_t n) {
    const size_t stride = job->stride;
    if (layout == MOTE_POSE_PACK_MATRIX_ROWS) {
        mote_w_store_octets(o, stride, n, m[0], m[1], m[2], p[0], m[3], m[4], m[5], p[1]);
        mote_w_store_quads(o + 8, stride, n, m[6], m[7], m[8], p[2]);
    } else {
        mote_w_store_octets(o, stride, n, m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5]);
        mote_w_store_quads(o + 8, stride, n, m[8], p[0], p[1], p[2]);
    }
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
        mote_w_store_octets(o, stride, n, p[0], p[1], p[2], q[0], q[1], q[2], q[3], s);
        return;
#ifdef MOTE_W_OCTET_RUNS
    case PACK_POSITION_QUAT_RUN: /* 32 bytes a pose, the eighth float the next pose's px */
        mote_w_store_octets(o, stride, n, p[0], p[1], p[2], q[0], q[1], q[2], q[3],
                            mote_w_next_lanes(p[0]));
        return;
#endif
    default:
        break;
    }
    mote_wf m[9];
    mote_w_quat_to_mat3(q, m);
    for (int k = 0; k < 9; ++k) {
        m[k] = mote_w_mul(m[k], s);
    }
    pack_matrix(job, layout, p, m, o, n);
}

/* s R of the mixed quaternion q (not normalised), as blended_matrix: k = 2 s / (q . q). */
MOTE_ALWAYS_INLINE void blended_matrix(const mote_pose_job *job, const mote_wf q[4], mote_wf r[9]) {
    const mote_wf k = mote_w_div(mote_w_set1(2.0f * job->scale), mote_w_quat_dot(q, q));
    mote_w_quat_to_mat3_scaled(q, mote_w_set1(job->scale), k, r);
}

/* The blended poses of the vector at i (n of them) packed, as mote_pose_write_scalar: the
 * quaternion layouts the mix normalised (mote_quat_normalize), the matrices blended_matrix. */
MOTE_ALWAYS_INLINE void write_blended_vector(const mote_pose_job *job, int source, int layout,
                                             size_t i, size_t n) {
    mote_wf p[3], m[4];
    blend_at(job, source, i, n, p, m);
    float *o = job->out + i * job->stride;
    if (layout == MOTE_POSE_PACK_MATRIX_ROWS || layout == MOTE_POSE_PACK_MATRIX_COLUMNS) {
        mote_wf r[9];
        blended_matrix(job, m, r);
        pack_matrix(job, layout, p, r, o, n);
        return;
    }
    mote_wf q[4];
    const mote_wf inv = mote_w_div(mote_w_set1(1.0f), mote_w_sqrt(mote_w_quat_dot(m, m)));
    for (int c = 0; c < 4; ++c) {
        q[c] = mote_w_mul(m[c], inv);
    }
    pack(job, layout, p, q, o, n);
}

/* Blended matrices on vectors of fewer than 16 lanes are written a chunk at a time in two
 * passes over arrays that stay in the L1 cache: the blend (lerps, short-way test, mix), then
 * the matrix and its packing. Each pass is a shorter chain of dependent operations than the
 * two together, which the core overlaps across vectors; with 16 lanes a vector holds enough
 * independent work for one pass to do better. The quaternion layouts pack too little for the
 * passes' own stores and loads to pay: they blend and pack in one pass (write_blended_vector).
 * Either way the operations are the reference's, in its order: the same bits. */
enum { CHUNKED_MATRICES = MOTE_W_LANES < 16 };
enum { BLEND_CHUNK = 128 }; /* poses per chunk: a multiple of every variant's lanes */
_Static_assert(BLEND_CHUNK / MOTE_W_LANES * MOTE_W_LANES == BLEND_CHUNK,
               "a chunk is whole vectors");

typedef struct blend_chunk {
    float p[3][BLEND_CHUNK], m[4][BLEND_CHUNK];
} blend_chunk;

/* blend_at for the vector at i (its first n lanes), kept at k in the chunk (every lane: those
 * past n come from zeros, so each lane a later pass reads was written). */
MOTE_ALWAYS_INLINE void blend_into(const mote_pose_job *job, int source, size_t i, size_t n,
                                   blend_chunk *b, size_t k) {
    mote_wf p[3], m[4];
    blend_at(job, source, i, n, p, m);
    for (int c = 0; c < 3; ++c) {
        mote_w_store(b->p[c] + k, p[c]);
    }
    for (int c = 0; c < 4; ++c) {
        mote_w_store(b->m[c] + k, m[c]);
    }
}

/* The chunk's poses at k as blended matrices, packed: n of them, at element i. */
MOTE_ALWAYS_INLINE void pack_from_chunk(const mote_pose_job *job, int layout, const blend_chunk *b,
                                        size_t k, size_t i, size_t n) {
    mote_wf p[3], m[4], r[9];
    for (int c = 0; c < 3; ++c) {
        p[c] = mote_w_load(b->p[c] + k);
    }
    for (int c = 0; c < 4; ++c) {
        m[c] = mote_w_load(b->m[c] + k);
    }
    blended_matrix(job, m, r);
    pack_matrix(job, layout, p, r, job->out + i * job->stride, n);
}

/* Blended matrices [i, i + count), count <= BLEND_CHUNK, as mote_pose_write_scalar. */
MOTE_ALWAYS_INLINE void write_blended_chunk(const mote_pose_job *job, int source, int layout,
                                            size_t i, size_t count, blend_chunk *b) {
    size_t k = 0;
    for (; k + MOTE_W_LANES <= count; k += MOTE_W_LANES) {
        blend_into(job, source, i + k, MOTE_W_LANES, b, k);
    }
    if (MOTE_W_LANES > 1 && k < count) {
        blend_into(job, source, i + k, count - k, b, k);
    }
    for (k = 0; k + MOTE_W_LANES <= count; k += MOTE_W_LANES) {
        pack_from_chunk(job, layout, b, k, i + k, MOTE_W_LANES);
    }
    if (MOTE_W_LANES > 1 && k < count) {
        pack_from_chunk(job, layout, b, k, i + k, count - k);
    }
}

/* [begin, end) for one source, packing and blend, constant so each combination is its own
 * straight loop (blended matrices in chunks where CHUNKED_MATRICES, else one pass). */
MOTE_ALWAYS_INLINE void write_range(const mote_pose_job *job, int source, int layout, bool blend,
                                    size_t begin, size_t end) {
    if (CHUNKED_MATRICES && blend && layout >= MOTE_POSE_PACK_MATRIX_ROWS) {
        blend_chunk b;
        for (size_t i = begin; i < end; i += BLEND_CHUNK) {
            const size_t count = end - i < BLEND_CHUNK ? end - i : BLEND_CHUNK;
            write_blended_chunk(job, source, layout, i, count, &b);
        }
        return;
    }
    if (blend) {
        size_t i = begin;
        for (; i + MOTE_W_LANES <= end; i += MOTE_W_LANES) {
            write_blended_vector(job, source, vector_layout(job, layout, i, end), i, MOTE_W_LANES);
        }
        if (i < end) {
            write_blended_vector(job, source, layout, i, end - i);
        }
        return;
    }
    size_t i = begin;
    for (; i + MOTE_W_LANES <= end; i += MOTE_W_LANES) {
        mote_wf p[3], q[4];
        pose_at(job, source, job->to_position, job->to_orientation, i, MOTE_W_LANES, p, q);
        pack(job, vector_layout(job, layout, i, end), p, q, job->out + i * job->stride,
             MOTE_W_LANES);
    }
    if (i < end) {
        mote_wf p[3], q[4];
        pose_at(job, source, job->to_position, job->to_orientation, i, end - i, p, q);
        pack(job, layout, p, q, job->out + i * job->stride, end - i);
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
