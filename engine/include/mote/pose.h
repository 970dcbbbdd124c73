/* mote: poses ready to draw. Every pool kind with a pose (movers, debris, flights, docking,
 * launch fleets, stages, orientations) writes its elements' poses into the caller's instance
 * buffer, in one of the layouts renderers take, optionally blended between the previous step's
 * pose and the current one for a fixed-timestep loop (docs/poses.md).
 *
 * Conventions. A quaternion is (x, y, z, w), unit, rotating the model's axes into the world's.
 * A matrix is the 3x4 [s R | p]: R the quaternion's rotation matrix (mote_quat_to_mat3), s the
 * uniform scale, p the position; a point of the model goes to s R v + p. Row-major writes its
 * three rows of four floats, column-major its four columns of three (the translation last).
 * Poses are written in the pool's dense order (the view's index i is pose i), pose i at byte
 * i * stride of out, each as consecutive floats; nothing between poses is written.
 *
 * Interpolation. A pool asked to keep its previous pose (mote_<kind>_pool_keep_previous_pose)
 * copies each stepped element's pose aside as the step begins. A write at alpha blends from
 * that previous pose (alpha 0) to the current one (alpha 1): positions a + (b - a) alpha (a
 * mover's in its plane, before the lift), orientations nlerped the short way
 * (mote_quat_nlerp). A blended matrix is the rotation matrix of the mixed quaternion
 * a + (b - a) alpha (b negated when a . b < 0) without normalising it first: the
 * normalisation folds into the matrix's factor 2 / |q|^2. Each entry of s R is within 18 u s
 * (u = 2^-24) of s times the exact rotation matrix of the nlerped quaternion. alpha 1 writes the
 * current pose's bits as they are, alpha 0 the
 * previous's. An element with no previous pose (added, or moved in by a remove's swap since the
 * pool's last step, every element after a restore) writes its current pose; a set gives the
 * element's new pose as its previous too (a teleport is not blended).
 *
 * Movers are 2D: a mover's pose is lifted onto the caller's plane (mote_pose_plane), its
 * position to origin + x_axis x + y_axis y and its facing to a turn by the facing angle about
 * the plane's normal (x_axis cross y_axis), so the model's +x points along the facing and its
 * +z along the normal. An orientation pool's poses are at the origin. */
#ifndef MOTE_POSE_H
#define MOTE_POSE_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/base.h"
#include "mote/debris_pool.h"
#include "mote/docking_pool.h"
#include "mote/flight_pool.h"
#include "mote/launch_pool.h"
#include "mote/math3d.h"
#include "mote/mover_pool.h"
#include "mote/orientation_pool.h"
#include "mote/stage_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How one pose is laid out in the instance buffer (floats, in order). */
typedef enum mote_pose_layout {
    MOTE_POSE_POSITION_QUAT = 0,   /* 7: px py pz qx qy qz qw (28 bytes) */
    MOTE_POSE_POSITION_QUAT_SCALE, /* 8: px py pz qx qy qz qw s (32 bytes) */
    MOTE_POSE_MATRIX_ROWS,    /* 12: 3x4 row-major: sR00 sR01 sR02 px, sR10 .. py, sR20 .. pz */
    MOTE_POSE_MATRIX_COLUMNS, /* 12: 3x4 column-major: sR00 sR10 sR20, sR01 .., sR02 .., px py pz */
    MOTE_POSE_LAYOUT_COUNT
} mote_pose_layout;

/* Bytes of one pose in layout (28, 32 or 48); 0 for a value outside the enum. */
size_t mote_pose_layout_size(mote_pose_layout layout);

/* The plane a mover's 2D pose is lifted onto: x_axis and y_axis unit (within 1e-4) and
 * perpendicular (|x_axis . y_axis| <= 1e-4), all finite. */
typedef struct mote_pose_plane {
    mote_vec3 origin;
    mote_vec3 x_axis; /* the world direction of the mover's +x */
    mote_vec3 y_axis; /* the world direction of the mover's +y */
} mote_pose_plane;

/* The world's z = 0 plane, z up: x to +x, y to +y (the flights' convention). */
mote_pose_plane mote_pose_plane_z_up(void);
/* The ground of a right-handed y-up world: x to +x, y to -z, so the normal is +y. */
mote_pose_plane mote_pose_plane_y_up(void);

/* The largest scale a write takes: a blended matrix divides 2 s by the mixed quaternion's
 * squared norm (at least 1/2), which stays finite and within its error bound up to here. */
#define MOTE_POSE_MAX_SCALE 1e30f

/* How to write. Start from mote_default_pose_write(). */
typedef struct mote_pose_write {
    mote_pose_layout layout; /* default MOTE_POSE_POSITION_QUAT */
    size_t stride;           /* bytes from one pose to the next: 0 (default) is the layout's size;
                              * else a multiple of 4, at least the layout's size */
    float alpha;             /* in [0, 1]: 0 the previous pose, 1 (default) the current one */
    float scale;             /* uniform scale, > 0 and at most MOTE_POSE_MAX_SCALE; default 1.
                              * Written by the matrix
                              * layouts (s R) and MOTE_POSE_POSITION_QUAT_SCALE; with
                              * MOTE_POSE_POSITION_QUAT it must be 1 */
    mote_pose_plane plane;   /* movers only; default mote_pose_plane_z_up() */
    int internal_cookie;     /* set by mote_default_pose_write(); leave it alone */
} mote_pose_write;

/* The default write: position and quaternion, packed, alpha 1, scale 1, the z-up plane. */
mote_pose_write mote_default_pose_write(void);

/* mote_<kind>_pool_write_poses(pool, how, out, out_size): writes every element's pose (count
 * poses, pose i at byte i * stride of out) as how says, on the pool's backend. out must be
 * 4-byte aligned and hold (count - 1) * stride + the layout's size bytes (nothing for an empty
 * pool). Refuses, writing nothing, with MOTE_ERROR_INVALID_ARGUMENT and a detail
 * (mote_error_detail) naming the member: a NULL pool, how or out (out may be NULL for an empty
 * pool), a how not from mote_default_pose_write() (MOTE_ERROR_UNINITIALIZED_DEF), a layout
 * outside the enum, a stride not a multiple of 4 or under the layout's size, alpha NaN or
 * outside [0, 1], alpha under 1 when the pool keeps no previous pose, a scale not in
 * (0, MOTE_POSE_MAX_SCALE] (or not 1 for MOTE_POSE_POSITION_QUAT), a mover plane that is not
 * orthonormal; MOTE_ERROR_BUFFER_TOO_SMALL when out_size is short. Reads the pool: the
 * thread-safety of a read (mote/pool_common.h). mote_<kind>_pool_keep_previous_pose(pool, keep):
 * starts (the current poses become the previous ones) or stops (freeing them) keeping each
 * element's pose from before the last step; MOTE_ERROR_OUT_OF_MEMORY changes nothing. While kept, a
 * step that cannot grow the copy refuses with MOTE_ERROR_OUT_OF_MEMORY, stepping nothing.
 * mote_<kind>_pool_keeps_previous_pose(pool): whether it does. */
#define MOTE_POSE_DECLS(kind)                                                                      \
    mote_status mote_##kind##_pool_write_poses(                                                    \
        const mote_##kind##_pool *pool, const mote_pose_write *how, void *out, size_t out_size);   \
    mote_status mote_##kind##_pool_keep_previous_pose(mote_##kind##_pool *pool, bool keep);        \
    bool mote_##kind##_pool_keeps_previous_pose(const mote_##kind##_pool *pool)

MOTE_POSE_DECLS(mover);
MOTE_POSE_DECLS(debris);
MOTE_POSE_DECLS(flight);
MOTE_POSE_DECLS(docking);
MOTE_POSE_DECLS(launch);
MOTE_POSE_DECLS(stage);
MOTE_POSE_DECLS(orientation);

#ifdef __cplusplus
}
#endif

#endif
