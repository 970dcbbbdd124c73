/* Internal: a pose write checked and cut into the jobs that run it (pose.c), for the public
 * writer and for the tests and benchmarks that run every variant of the kernel on one write. */
#ifndef MOTE_POSE_WRITER_H
#define MOTE_POSE_WRITER_H

#include "mote/pose.h"
#include "pool_kind.h"
#include "pose_kernel.h"

/* A write as at most two jobs: the elements with a previous pose (blended) and the rest. */
typedef struct mote_pose_plan_parts {
    int count;
    mote_pose_job job[2];
    size_t begin[2], end[2];
} mote_pose_plan_parts;

/* Checks a write (every refusal of mote/pose.h, nothing written) and plans it. */
mote_status mote_pose_plan(const mote_pool *pool, const mote_pool_kind *kind,
                           const mote_pose_write *how, void *out, size_t out_size,
                           mote_pose_plan_parts *parts);

/* Runs a plan through one kernel (the scalar reference or a variant's). */
void mote_pose_plan_run(const mote_pose_plan_parts *parts, mote_pose_fn write);

/* The kernel behind a public backend: its variant's, the scalar reference for the scalar one. */
mote_pose_fn mote_pose_fn_for(mote_backend backend);

#endif
