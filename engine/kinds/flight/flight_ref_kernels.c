/* The scalar reference kernel for flight pools: each flyer's clock advanced by dt and its pose
 * there from mote_flight_sample itself, one flyer at a time. A flyer whose stored clock makes
 * the reference refuse the time (NaN, infinite or negative after the step: only a caller
 * writing the view can make it so) gets a NaN pose, which validate then reports. */
#include <math.h>

#include "flight_fields.h"
#include "scalar_kernels.h"

void mote_kernel_flight_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_flight_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        float v[FLIGHT_FIELD_COUNT];
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            v[f] = p[f][i];
        }
        mote_flight_path path;
        flight_values_to_path(v, c, &path);
        float time = v[FLIGHT_TIME] + c->dt;
        mote_flight_pose pose;
        if (mote_flight_sample(&path, time, &pose) != MOTE_OK) {
            const float nan = NAN;
            pose.position = (mote_vec3){nan, nan, nan};
            pose.velocity = pose.position;
            pose.orientation = (mote_quat){nan, nan, nan, nan};
            pose.bank = nan;
            pose.landed = false;
        }
        flight_pose_to_values(&pose, v);
        v[FLIGHT_TIME] = time;
        v[FLIGHT_LANDED] = flight_landed_after(pose.landed, v[FLIGHT_LANDED]);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            if (FLIGHT_WRITES & MOTE_FIELD_BIT(f)) {
                p[f][i] = v[f];
            }
        }
    }
}
