/* Internal: one pose write as the kernels take it (pose.c builds it, checked): where the poses
 * come from, how they blend, how they are packed. The scalar reference (pose_ref.c) and the
 * wide kernel (simd/kernels/pose_kernels.c, one per variant) write poses [begin, end) of it. */
#ifndef MOTE_POSE_KERNEL_H
#define MOTE_POSE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/backend.h"

/* The packings (mote_pose_layout's values). */
enum {
    MOTE_POSE_PACK_POSITION_QUAT = 0,   /* px py pz qx qy qz qw */
    MOTE_POSE_PACK_POSITION_QUAT_SCALE, /* px py pz qx qy qz qw s */
    MOTE_POSE_PACK_MATRIX_ROWS,         /* s m00 s m01 s m02 px, s m10 .. py, s m20 .. pz */
    MOTE_POSE_PACK_MATRIX_COLUMNS       /* s m00 s m10 s m20, s m01 .., s m02 .., px py pz */
};

/* The sources (mote_pose_form's values, pool_kind.h). */
enum { MOTE_POSE_SOURCE_RIGID = 1, MOTE_POSE_SOURCE_ROTATION, MOTE_POSE_SOURCE_PLANAR };

typedef struct mote_pose_job {
    int source; /* MOTE_POSE_SOURCE_* */
    int pack;   /* MOTE_POSE_PACK_* */
    /* The pose the write starts from (alpha 0) and the one it ends at (alpha 1): per
     * component an array indexed by element. RIGID: position[0..2], orientation[0..3];
     * ROTATION: orientation[0..3]; PLANAR: position[0..1] (x, y), orientation[0] (the angle).
     * from is read only when blend is set. */
    const float *from_position[3], *from_orientation[4];
    const float *to_position[3], *to_orientation[4];
    bool blend;  /* position a + (b - a) alpha, orientation mixed the short way: normalised
                  * (mote_quat_nlerp) for the quaternion layouts, its rotation matrix
                  * without normalising for the matrices; else the `to` pose as it is */
    float alpha; /* in (0, 1) when blend */
    float scale; /* the matrices' uniform scale, the 8th float of POSITION_QUAT_SCALE */
    /* PLANAR: the world position is origin + axis_x x + axis_y y, the orientation
     * plane (0, 0, sin(angle / 2), cos(angle / 2)) (a turn about the plane's normal). */
    float origin[3], axis_x[3], axis_y[3];
    float plane[4]; /* x, y, z, w: the rotation taking +x, +y, +z to axis_x, axis_y, normal */
    float *out;     /* pose 0 (floats: the stride is a multiple of 4 bytes) */
    size_t stride;  /* floats from one pose to the next, >= the packing's size */
} mote_pose_job;

typedef void (*mote_pose_fn)(const mote_pose_job *job, size_t begin, size_t end);

/* A blended matrix's error (pose_ref.c, blended_matrix): every entry within this many u s
 * (u = 2^-24, s the scale) of s times the exact rotation matrix of the mixed quaternion. */
#define POSE_BLENDED_MATRIX_ERROR 18

/* The scalar reference: element by element, through mote/math3d.h and libm. */
void mote_pose_write_scalar(const mote_pose_job *job, size_t begin, size_t end);

/* One compiled variant of the wide pose kernel (simd/kernels/pose_kernels.c). */
typedef struct mote_pose_variant {
    const char *name;      /* its kernel table's name: "portable", "avx2", "avx512-emu", ... */
    mote_backend backend;  /* the public backend whose source it is */
    bool emulated;         /* another ISA's source through SIMDe: tests only */
    mote_backend requires; /* the backend whose CPU features it needs */
    int lanes;
    mote_pose_fn write;
} mote_pose_variant;

/* Every compiled variant (pose.c), and the one behind a public backend (NULL for the scalar
 * backend and for none). */
const mote_pose_variant *const *mote_pose_variants(size_t *count);
const mote_pose_variant *mote_pose_variant_for(mote_backend backend);

#endif
