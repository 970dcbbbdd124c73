/* The scalar reference launch kernel: mote_launch_pose_at for each rocket in turn, at its own
 * time (clock_hi - launch_time) + clock_lo. */
#include "launch_fields.h"
#include "launch_ref.h"
#include "scalar_kernels.h"

void mote_kernel_launch_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_launch_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_launch_rocket r;
        r.launch_time = p[LAUNCH_LAUNCH_TIME][i];
        r.turn_blend = p[LAUNCH_TURN_BLEND][i];
        r.crossrange = p[LAUNCH_CROSSRANGE][i];
        mote_launch_flags_decode(p[LAUNCH_FLAGS][i], &r);
        const float t = (c->clock_hi - r.launch_time) + c->clock_lo;
        mote_launch_pose pose;
        mote_launch_pose_at(&c->profile, &c->timeline, &r, t, &pose);
        const float values[LAUNCH_FIELD_COUNT - LAUNCH_PHASE] = {(float)pose.phase,
                                                                 pose.distance,
                                                                 pose.speed,
                                                                 pose.altitude,
                                                                 pose.ground_arc,
                                                                 pose.radial.x,
                                                                 pose.radial.y,
                                                                 pose.radial.z,
                                                                 pose.flight_direction.x,
                                                                 pose.flight_direction.y,
                                                                 pose.flight_direction.z,
                                                                 pose.base_orientation.x,
                                                                 pose.base_orientation.y,
                                                                 pose.base_orientation.z,
                                                                 pose.base_orientation.w,
                                                                 pose.roll,
                                                                 pose.orientation.x,
                                                                 pose.orientation.y,
                                                                 pose.orientation.z,
                                                                 pose.orientation.w,
                                                                 pose.position.x,
                                                                 pose.position.y,
                                                                 pose.position.z,
                                                                 pose.velocity.x,
                                                                 pose.velocity.y,
                                                                 pose.velocity.z};
        for (int f = LAUNCH_PHASE; f < LAUNCH_FIELD_COUNT; ++f) {
            p[f][i] = values[f - LAUNCH_PHASE];
        }
    }
}
