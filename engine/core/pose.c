/* The pose writer (mote/pose.h): checks a write, builds its job (pose_kernel.h) from the kind's
 * pose fields and the pool's previous poses, and runs it on the pool's backend: the scalar
 * reference or the wide kernel's variant. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "mote/pose.h"
#include "mote_variants.h"
#include "pool.h"
#include "pool_api.h"
#include "pose_history.h"
#include "pose_kernel.h"
#include "pose_writer.h"
#include "refuse.h"

#define POSE_WRITE_COOKIE 0x504f5345 /* "POSE" */

/* The variants of the wide kernel (simd/kernels/pose_kernels.c), one per compiled variant. */
#define DECLARE_VARIANT(suffix) extern const mote_pose_variant mote_pose_variant_##suffix;
MOTE_VARIANTS(DECLARE_VARIANT)
#undef DECLARE_VARIANT
#define VARIANT_ADDRESS(suffix) &mote_pose_variant_##suffix,
static const mote_pose_variant *const variants[] = {MOTE_VARIANTS(VARIANT_ADDRESS)};
#undef VARIANT_ADDRESS

const mote_pose_variant *const *mote_pose_variants(size_t *count) {
    *count = sizeof variants / sizeof variants[0];
    return variants;
}

const mote_pose_variant *mote_pose_variant_for(mote_backend backend) {
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; ++i) {
        if (variants[i]->backend == backend && !variants[i]->emulated) {
            return variants[i];
        }
    }
    return NULL;
}

static const size_t layout_floats[MOTE_POSE_LAYOUT_COUNT] = {7, 8, 12, 12};

size_t mote_pose_layout_size(mote_pose_layout layout) {
    return (unsigned)layout < MOTE_POSE_LAYOUT_COUNT ? layout_floats[layout] * sizeof(float) : 0;
}

mote_pose_plane mote_pose_plane_z_up(void) {
    return (mote_pose_plane){{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}};
}

mote_pose_plane mote_pose_plane_y_up(void) {
    return (mote_pose_plane){{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -1.0f}};
}

mote_pose_write mote_default_pose_write(void) {
    return (mote_pose_write){.layout = MOTE_POSE_POSITION_QUAT,
                             .stride = 0,
                             .alpha = 1.0f,
                             .scale = 1.0f,
                             .plane = mote_pose_plane_z_up(),
                             .internal_cookie = POSE_WRITE_COOKIE};
}

static bool vec3_finite(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

/* The plane's axes orthonormal within 1e-4, everything finite. */
static mote_status check_plane(const mote_pose_plane *plane) {
    if (!vec3_finite(plane->origin) || !vec3_finite(plane->x_axis) || !vec3_finite(plane->y_axis)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "how.plane must be finite");
    }
    const double lx = fabs(sqrt((double)mote_vec3_dot(plane->x_axis, plane->x_axis)) - 1.0);
    const double ly = fabs(sqrt((double)mote_vec3_dot(plane->y_axis, plane->y_axis)) - 1.0);
    const double d = fabs((double)mote_vec3_dot(plane->x_axis, plane->y_axis));
    if (lx > 1e-4) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.plane.x_axis must be unit length within 1e-4 (got |x| - 1 = %g)",
                           lx);
    }
    if (ly > 1e-4) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.plane.y_axis must be unit length within 1e-4 (got |y| - 1 = %g)",
                           ly);
    }
    if (d > 1e-4) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.plane axes must be perpendicular within 1e-4 (got |x . y| = %g)",
                           d);
    }
    return MOTE_OK;
}

/* The quaternion of the rotation whose columns are x, y and x cross y (Shepperd's method, in
 * double), normalised. */
static void plane_quaternion(const mote_pose_plane *plane, float q[4]) {
    const double x[3] = {plane->x_axis.x, plane->x_axis.y, plane->x_axis.z};
    const double y[3] = {plane->y_axis.x, plane->y_axis.y, plane->y_axis.z};
    const double z[3] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2],
                         x[0] * y[1] - x[1] * y[0]};
    /* m[r][c]: column c is axis c */
    const double m00 = x[0], m10 = x[1], m20 = x[2], m01 = y[0], m11 = y[1], m21 = y[2];
    const double m02 = z[0], m12 = z[1], m22 = z[2];
    const double trace = m00 + m11 + m22;
    double r[4]; /* x, y, z, w */
    if (trace > 0.0) {
        const double s = 2.0 * sqrt(trace + 1.0);
        r[3] = 0.25 * s, r[0] = (m21 - m12) / s, r[1] = (m02 - m20) / s, r[2] = (m10 - m01) / s;
    } else if (m00 > m11 && m00 > m22) {
        const double s = 2.0 * sqrt(1.0 + m00 - m11 - m22);
        r[3] = (m21 - m12) / s, r[0] = 0.25 * s, r[1] = (m01 + m10) / s, r[2] = (m02 + m20) / s;
    } else if (m11 > m22) {
        const double s = 2.0 * sqrt(1.0 + m11 - m00 - m22);
        r[3] = (m02 - m20) / s, r[0] = (m01 + m10) / s, r[1] = 0.25 * s, r[2] = (m12 + m21) / s;
    } else {
        const double s = 2.0 * sqrt(1.0 + m22 - m00 - m11);
        r[3] = (m10 - m01) / s, r[0] = (m02 + m20) / s, r[1] = (m12 + m21) / s, r[2] = 0.25 * s;
    }
    const double n = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
    for (int k = 0; k < 4; ++k) {
        q[k] = (float)(r[k] / n);
    }
}

/* Points a job's position and orientation arrays at per-component arrays in the history's
 * order (mote_pose_history_fields). */
static void point_arrays(int source, float *const *src, const float *pos[3], const float *ori[4]) {
    switch (source) {
    case MOTE_POSE_SOURCE_RIGID:
        for (int c = 0; c < 3; ++c) {
            pos[c] = src[c];
        }
        for (int c = 0; c < 4; ++c) {
            ori[c] = src[3 + c];
        }
        return;
    case MOTE_POSE_SOURCE_ROTATION:
        for (int c = 0; c < 4; ++c) {
            ori[c] = src[c];
        }
        return;
    default:
        pos[0] = src[0], pos[1] = src[1], ori[0] = src[2];
        return;
    }
}

/* The checks of mote/pose.h, in its order. */
static mote_status check_write(const mote_pool *pool, const mote_pool_kind *kind,
                               const mote_pose_write *how, const void *out, size_t out_size,
                               size_t *stride) {
    if (!mote_pool_is(pool, kind)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a %s pool", kind->name);
    }
    if (how == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "how must not be NULL");
    }
    if (how->internal_cookie != POSE_WRITE_COOKIE) {
        return mote_refuse(MOTE_ERROR_UNINITIALIZED_DEF,
                           "how must start from mote_default_pose_write()");
    }
    const size_t size = mote_pose_layout_size(how->layout);
    if (size == 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.layout must be a mote_pose_layout (got %d)", (int)how->layout);
    }
    *stride = how->stride == 0 ? size : how->stride;
    if (*stride % sizeof(float) != 0 || *stride < size) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.stride must be 0 or a multiple of 4 bytes >= the layout's %zu "
                           "(got %zu)",
                           size, how->stride);
    }
    if (!(how->alpha >= 0.0f && how->alpha <= 1.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "how.alpha must be in [0, 1] (got %g)",
                           (double)how->alpha);
    }
    if (how->alpha < 1.0f && pool->pose_history == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.alpha must be 1: the pool keeps no previous pose (got %g; "
                           "mote_%s_pool_keep_previous_pose)",
                           (double)how->alpha, kind->name);
    }
    if (!(how->scale > 0.0f && how->scale <= MOTE_POSE_MAX_SCALE)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.scale must be > 0 and at most MOTE_POSE_MAX_SCALE (1e30) (got %g)",
                           (double)how->scale);
    }
    if (how->layout == MOTE_POSE_POSITION_QUAT && how->scale != 1.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "how.scale must be 1 for MOTE_POSE_POSITION_QUAT, which has none "
                           "(got %g; MOTE_POSE_POSITION_QUAT_SCALE writes it)",
                           (double)how->scale);
    }
    if (kind->pose->form == MOTE_POSE_FORM_PLANAR) {
        const mote_status plane = check_plane(&how->plane);
        if (plane != MOTE_OK) {
            return plane;
        }
    }
    const size_t count = pool->core.count;
    if (count == 0) {
        return MOTE_OK;
    }
    if (out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must not be NULL");
    }
    if ((uintptr_t)out % sizeof(float) != 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must be 4-byte aligned");
    }
    if ((count - 1) > (SIZE_MAX - size) / *stride || out_size < (count - 1) * *stride + size) {
        return mote_refuse(MOTE_ERROR_BUFFER_TOO_SMALL,
                           "out_size must be at least (count - 1) * stride + %zu for %zu poses "
                           "at stride %zu (got %zu)",
                           size, count, *stride, out_size);
    }
    return MOTE_OK;
}

mote_status mote_pose_plan(const mote_pool *pool, const mote_pool_kind *kind,
                           const mote_pose_write *how, void *out, size_t out_size,
                           mote_pose_plan_parts *parts) {
    size_t stride = 0;
    const mote_status status = check_write(pool, kind, how, out, out_size, &stride);
    if (status != MOTE_OK) {
        return status;
    }
    mote_pose_job job;
    memset(&job, 0, sizeof job);
    job.source = (int)kind->pose->form;
    job.pack = (int)how->layout;
    job.scale = how->scale;
    job.out = out;
    job.stride = stride / sizeof(float);
    const mote_pose_plane *plane = &how->plane;
    const float o[3] = {plane->origin.x, plane->origin.y, plane->origin.z};
    const float ax[3] = {plane->x_axis.x, plane->x_axis.y, plane->x_axis.z};
    const float ay[3] = {plane->y_axis.x, plane->y_axis.y, plane->y_axis.z};
    memcpy(job.origin, o, sizeof o), memcpy(job.axis_x, ax, sizeof ax);
    memcpy(job.axis_y, ay, sizeof ay);
    if (job.source == MOTE_POSE_SOURCE_PLANAR) {
        plane_quaternion(plane, job.plane);
    }
    int fields[7];
    const int n = mote_pose_history_fields(pool, fields);
    float *current[7];
    for (int c = 0; c < n; ++c) {
        current[c] = pool->core.fields.field[fields[c]];
    }
    point_arrays(job.source, current, job.to_position, job.to_orientation);
    const size_t count = pool->core.count;
    const mote_pose_history *h = pool->pose_history;
    const size_t valid = h != NULL && how->alpha < 1.0f ? (h->valid < count ? h->valid : count) : 0;
    /* [0, valid): from the previous pose; [valid, count): the current one as it is */
    parts->count = 0;
    if (valid > 0) {
        mote_pose_job blended = job;
        float *const *previous = h->arrays.field;
        if (how->alpha == 0.0f) {
            point_arrays(job.source, previous, blended.to_position, blended.to_orientation);
        } else {
            point_arrays(job.source, previous, blended.from_position, blended.from_orientation);
            blended.blend = true;
            blended.alpha = how->alpha;
        }
        parts->job[parts->count] = blended;
        parts->begin[parts->count] = 0, parts->end[parts->count] = valid;
        parts->count++;
    }
    if (valid < count) {
        parts->job[parts->count] = job;
        parts->begin[parts->count] = valid, parts->end[parts->count] = count;
        parts->count++;
    }
    return MOTE_OK;
}

void mote_pose_plan_run(const mote_pose_plan_parts *parts, mote_pose_fn write) {
    for (int k = 0; k < parts->count; ++k) {
        write(&parts->job[k], parts->begin[k], parts->end[k]);
    }
}

mote_pose_fn mote_pose_fn_for(mote_backend backend) {
    const mote_pose_variant *variant = mote_pose_variant_for(backend);
    return variant != NULL ? variant->write : mote_pose_write_scalar;
}

static mote_status write_poses(const mote_pool *pool, const mote_pool_kind *kind,
                               const mote_pose_write *how, void *out, size_t out_size) {
    mote_pose_plan_parts parts;
    const mote_status status = mote_pose_plan(pool, kind, how, out, out_size, &parts);
    if (status == MOTE_OK) {
        mote_pose_plan_run(&parts, mote_pose_fn_for(pool->backend));
    }
    return status;
}

static mote_status keep_previous(mote_pool *pool, const mote_pool_kind *kind, bool keep) {
    if (!mote_pool_is(pool, kind)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a %s pool", kind->name);
    }
    return mote_pose_history_keep(pool, keep);
}

#define POSE_API(k)                                                                                \
    extern const mote_pool_kind mote_##k##_pool_kind_record;                                       \
    mote_status mote_##k##_pool_write_poses(                                                       \
        const mote_##k##_pool *pool, const mote_pose_write *how, void *out, size_t out_size) {     \
        return write_poses(MOTE_AS_CONST_POOL(pool), &mote_##k##_pool_kind_record, how, out,       \
                           out_size);                                                              \
    }                                                                                              \
    mote_status mote_##k##_pool_keep_previous_pose(mote_##k##_pool *pool, bool keep) {             \
        return keep_previous(MOTE_AS_POOL(pool), &mote_##k##_pool_kind_record, keep);              \
    }                                                                                              \
    bool mote_##k##_pool_keeps_previous_pose(const mote_##k##_pool *pool) {                        \
        return mote_pool_is(MOTE_AS_CONST_POOL(pool), &mote_##k##_pool_kind_record) &&             \
               MOTE_AS_CONST_POOL(pool)->pose_history != NULL;                                     \
    }

POSE_API(mover)
POSE_API(debris)
POSE_API(flight)
POSE_API(docking)
POSE_API(launch)
POSE_API(stage)
POSE_API(orientation)
