/* The scalar reference stage kernel: time += dt (stopping at MOTE_STAGE_TIME_MAX), then
 * mote_stage_pose_at for each stage. */
#include "scalar_kernels.h"
#include "stage_fields.h"
#include "stage_ref.h"

void mote_kernel_stage_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_stage_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        const mote_stage_desc d = stage_desc_at(p, i, &c->separation);
        const float tau = stage_time_after(d.time, c->dt);
        mote_stage_pose pose;
        mote_stage_pose_at(&d, tau, &pose);
        p[STAGE_TIME][i] = tau;
        p[STAGE_PX][i] = pose.position.x;
        p[STAGE_PY][i] = pose.position.y;
        p[STAGE_PZ][i] = pose.position.z;
        p[STAGE_QX][i] = pose.orientation.x;
        p[STAGE_QY][i] = pose.orientation.y;
        p[STAGE_QZ][i] = pose.orientation.z;
        p[STAGE_QW][i] = pose.orientation.w;
    }
}
