/* The stage kernel, written once against the wide-lane layer and compiled once per variant:
 * time += dt (stopping at MOTE_STAGE_TIME_MAX), then mote_stage_pose_at
 * (engine/kinds/stage/stage_ref.c) operation for operation, the kick and the lag, the tilt and the
 * spin selected per lane, with libm's sinf/cosf replaced by mote_w_sincos (inside
 * mote_w_quat_axis_angle).
 *
 * Error bounds against the scalar reference (stage_bounds.h, measured by
 * engine/kinds/stage/test_stage_kernels.c on every variant):
 *   time, position: bit-identical (add/mul only), one step and any number of steps.
 *   orientation: within STAGE_ORIENTATION_ABS per component (the half-angle sincos within
 *     1 ULP, then one quaternion product); the pose is closed-form in the stage's time, so it
 *     does not accumulate over steps.
 * All wide variants agree with each other bit for bit. */
#include "lane_loop.h"
#include "stage_fields.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

#define S(x) mote_w_set1(x)

/* axis_at's offset: offset0 + speed0 tau + lag (u u u) (1/6), u = max(tau - kick, 0). */
MOTE_ALWAYS_INLINE mote_wf offset_at(float offset0, float speed0, float lag, float kick,
                                     mote_wf tau) {
    mote_wf u0 = mote_w_sub(tau, S(kick));
    mote_wf u = mote_w_select(mote_w_gt(u0, S(0.0f)), u0, S(0.0f));
    mote_wf cube = mote_w_mul(mote_w_mul(u, u), u);
    return mote_w_add(mote_w_add(S(offset0), mote_w_mul(S(speed0), tau)),
                      mote_w_mul(mote_w_mul(S(lag), cube), S(1.0f / 6.0f)));
}

MOTE_ALWAYS_INLINE void load3(float *const *p, int f, size_t i, mote_wf v[3]) {
    for (int k = 0; k < 3; ++k) {
        v[k] = mote_w_load(p[f + k] + i);
    }
}

MOTE_ALWAYS_INLINE void stage_vector(float *const *p, size_t i, const void *k) {
    const mote_stage_constants *c = k;
    const mote_stage_desc *s = &c->separation;
    /* stage_time_after: time + dt, stopping at MOTE_STAGE_TIME_MAX */
    mote_wf tau0 = mote_w_add(mote_w_load(p[STAGE_TIME] + i), S(c->dt));
    mote_wf tau =
        mote_w_select(mote_w_gt(tau0, S(MOTE_STAGE_TIME_MAX)), S(MOTE_STAGE_TIME_MAX), tau0);
    mote_wf oa = offset_at(s->along_offset, s->along_speed, s->along_lag, s->kick_duration, tau);
    mote_wf os = offset_at(s->side_offset, s->side_speed, s->side_lag, s->kick_duration, tau);
    mote_wf oe =
        offset_at(s->earthward_offset, s->earthward_speed, s->earthward_lag, s->kick_duration, tau);
    mote_wf world[3], along[3], side[3], earth[3], axis[3], scaled[3], pos[3];
    load3(p, STAGE_WPX, i, world);
    load3(p, STAGE_AX, i, along);
    load3(p, STAGE_SX, i, side);
    load3(p, STAGE_EX, i, earth);
    load3(p, STAGE_TX, i, axis);
    mote_w_vec3_scale(along, oa, scaled);
    mote_w_vec3_add(world, scaled, pos);
    mote_w_vec3_scale(side, os, scaled);
    mote_w_vec3_add(pos, scaled, pos);
    mote_w_vec3_scale(earth, oe, scaled);
    mote_w_vec3_add(pos, scaled, pos);

    mote_wf progress0 = mote_w_div(tau, S(s->tilt_duration));
    mote_wf progress = mote_w_select(mote_w_lt(progress0, S(1.0f)), progress0, S(1.0f));
    mote_wf spin_time0 = mote_w_sub(tau, S(s->tilt_duration));
    mote_wf spin_time = mote_w_select(mote_w_gt(spin_time0, S(0.0f)), spin_time0, S(0.0f));
    mote_wf spin_angle = mote_w_mul(mote_w_load(p[STAGE_SPIN] + i), spin_time);
    mote_wf angle = mote_w_add(mote_w_mul(mote_w_load(p[STAGE_TILT] + i), progress), spin_angle);
    mote_wf turn[4], captured[4], q[4];
    mote_w_quat_axis_angle(axis, angle, turn);
    for (int j = 0; j < 4; ++j) {
        captured[j] = mote_w_load(p[STAGE_WQX + j] + i);
    }
    mote_w_quat_mul(turn, captured, q);

    mote_w_store(p[STAGE_TIME] + i, tau);
    for (int j = 0; j < 3; ++j) {
        mote_w_store(p[STAGE_PX + j] + i, pos[j]);
    }
    for (int j = 0; j < 4; ++j) {
        mote_w_store(p[STAGE_QX + j] + i, q[j]);
    }
}

/* No software prefetch: the hardware prefetchers keep up with a stage's streams. Measured on
 * Zen 4 at 1M stages (bench/README.md "The DRAM gap"): avx2 even, avx512 25% faster without
 * the prefetch of 256 elements ahead it had. */
#define STAGE_PLAN                                                                                 \
    ((mote_lane_plan){STAGE_FIELD_COUNT, STAGE_READS, STAGE_WRITES, SIZE_MAX, 0, false, false, 1})

void MOTE_VARIANT_FN(mote_kernel_stage)(float *const *p, const void *constants, size_t begin,
                                        size_t end) {
    mote_lane_loop(p, begin, end, constants, stage_vector, STAGE_PLAN);
}
