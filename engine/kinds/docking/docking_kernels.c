/* The docking kernel, written once against the wide-lane layer and compiled once per variant.
 * Branch-free: every lane computes the capture, the target, the spring, the final lerp and the
 * lock, and selects by its own captured and locked flags and phase values; the sub-step count
 * is the same for every lane (it comes from dt alone). The body repeats docking_substep
 * (engine/kinds/docking/docking_ref.c) operation for operation, reading the same per-step constants
 * (mote_docking_constants, whose capture spin is libm's), with libm's sinf/cosf for the
 * station's and the chaser's spin replaced by mote_w_sincos (mote_w_quat_axis_angle).
 *
 * Error bounds against the scalar reference (numbers and measurements in docking_bounds.h,
 * asserted by engine/kinds/docking/test_docking_kernels.c on every variant):
 *   time, spin angles, captured, locked, the captured start values and direction:
 *     bit-identical, any number of steps. The angles are polynomials of the clock; the
 *     capture frame's spin is a per-step constant; before capture the chaser moves by spring
 *     arithmetic alone.
 *   position, spring_position, velocity, orientation: the station's and the chaser's spin
 *     rotations (mote_w_sincos, within 2.4e-7 per component of libm's) move the docking frame,
 *     hence the target, the spring and the orientation: a few ULP of a position per step. The
 *     spring is damped, so the differences do not grow over a sequence (1,000 steps: within
 *     twice the one-step bound); once spin-down ends the angles are constant and the locked
 *     pose is the target's alone.
 * All wide variants agree with each other bit for bit. */
#include "docking_fields.h"
#include "docking_model.h"
#include "lane_loop.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

/* The constants, one lane-wide copy each. */
typedef struct docking_wide_constants {
    int substeps;
    mote_wf h, spring_h, rate, spin_up_end;
    mote_wf approach_start, approach_span, settle_start, settle_span;
    mote_wf spin_down_start, spin_down_span, spin_down_end;
    mote_wf clearance, radial_offset;
    mote_wf stiffness_start, stiffness_end, damping_start, damping_end;
    mote_wf lock_threshold, lerp_start, lerp_span;
    mote_wf forward[3], port[3], axis[3], up[3], capture_spin[4];
} docking_wide_constants;

static inline __attribute__((always_inline)) void wide_constants(const mote_docking_constants *c,
                                                                 docking_wide_constants *w) {
    w->substeps = c->substeps;
    w->h = mote_w_set1(c->h);
    w->spring_h = mote_w_set1(c->spring_h);
    w->rate = mote_w_set1(c->rate);
    w->spin_up_end = mote_w_set1(c->spin_up_end);
    w->approach_start = mote_w_set1(c->approach_start);
    w->approach_span = mote_w_set1(c->approach_span);
    w->settle_start = mote_w_set1(c->settle_start);
    w->settle_span = mote_w_set1(c->settle_span);
    w->spin_down_start = mote_w_set1(c->spin_down_start);
    w->spin_down_span = mote_w_set1(c->spin_down_span);
    w->spin_down_end = mote_w_set1(c->spin_down_end);
    w->clearance = mote_w_set1(c->clearance);
    w->radial_offset = mote_w_set1(c->radial_offset);
    w->stiffness_start = mote_w_set1(c->stiffness_start);
    w->stiffness_end = mote_w_set1(c->stiffness_end);
    w->damping_start = mote_w_set1(c->damping_start);
    w->damping_end = mote_w_set1(c->damping_end);
    w->lock_threshold = mote_w_set1(c->lock_threshold);
    w->lerp_start = mote_w_set1(c->lerp_start);
    w->lerp_span = mote_w_set1(c->lerp_span);
    const mote_vec3 v[4] = {c->forward, c->port, c->axis, c->up};
    mote_wf *out[4] = {w->forward, w->port, w->axis, w->up};
    for (int k = 0; k < 4; ++k) {
        out[k][0] = mote_w_set1(v[k].x);
        out[k][1] = mote_w_set1(v[k].y);
        out[k][2] = mote_w_set1(v[k].z);
    }
    const float q[4] = {c->capture_spin.x, c->capture_spin.y, c->capture_spin.z, c->capture_spin.w};
    for (int k = 0; k < 4; ++k) {
        w->capture_spin[k] = mote_w_set1(q[k]);
    }
}

/* docking_ramp_x: clamp((value - start) / span, 0, 1) by comparisons. */
MOTE_ALWAYS_INLINE mote_wf ramp_x(mote_wf value, mote_wf start, mote_wf span) {
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    mote_wf x = mote_w_div(mote_w_sub(value, start), span);
    x = mote_w_select(mote_w_lt(x, zero), zero, x);
    return mote_w_select(mote_w_gt(x, one), one, x);
}

/* docking_smooth: (x x) (3 - 2 x). */
MOTE_ALWAYS_INLINE mote_wf smooth(mote_wf x) {
    return mote_w_mul(mote_w_mul(x, x),
                      mote_w_sub(mote_w_set1(3.0f), mote_w_mul(mote_w_set1(2.0f), x)));
}

/* docking_smooth_integral: ((x x) x) (1 - x / 2). */
MOTE_ALWAYS_INLINE mote_wf smooth_integral(mote_wf x) {
    return mote_w_mul(mote_w_mul(mote_w_mul(x, x), x),
                      mote_w_sub(mote_w_set1(1.0f), mote_w_mul(mote_w_set1(0.5f), x)));
}

/* docking_frame_at: q = normalize(base spin), port = station + q port, axis = normalize(q axis). */
MOTE_ALWAYS_INLINE void frame_at(const docking_wide_constants *c, const mote_wf station[3],
                                 const mote_wf base[4], const mote_wf spin[4], mote_wf q[4],
                                 mote_wf port[3], mote_wf axis[3]) {
    mote_wf m[4], r[3];
    mote_w_quat_mul(base, spin, m);
    mote_w_quat_normalize(m, q);
    mote_w_quat_rotate(q, c->port, r);
    mote_w_vec3_add(station, r, port);
    mote_w_quat_rotate(q, c->axis, r);
    mote_w_vec3_normalize(r, axis);
}

/* docking_hold: x within [-bound, bound] by the same comparisons (a NaN stays NaN). */
MOTE_ALWAYS_INLINE mote_wf hold(mote_wf x, float bound) {
    const mote_wf high = mote_w_set1(bound), low = mote_w_set1(-bound);
    const mote_wf below = mote_w_select(mote_w_gt(x, high), high, x);
    return mote_w_select(mote_w_lt(below, low), low, below);
}

/* One sequence's state on lanes, indexed by DOCKING_*. */
typedef struct docking_lanes {
    mote_wf f[DOCKING_FIELD_COUNT];
} docking_lanes;

#define F(name) s->f[DOCKING_##name]

/* One sub-step: docking_substep on every lane. */
MOTE_ALWAYS_INLINE void substep(const docking_wide_constants *c, docking_lanes *s) {
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    /* docking_clock_after: the clock stops at MOTE_DOCKING_TIME_MAX */
    const mote_wf t0 = mote_w_add(F(TIME), c->h), time_max = mote_w_set1(MOTE_DOCKING_TIME_MAX);
    const mote_wf t = mote_w_select(mote_w_gt(t0, time_max), time_max, t0);

    /* docking_time_at */
    const mote_wf te = mote_w_select(mote_w_gt(t, zero), t, zero);
    const mote_wf xu = ramp_x(te, zero, c->spin_up_end);
    const mote_wf xd = ramp_x(te, c->spin_down_start, c->spin_down_span);
    const mote_wf approach_t = smooth(ramp_x(te, c->approach_start, c->approach_span));
    const mote_wf dock_t = smooth(ramp_x(te, c->settle_start, c->settle_span));
    const mote_wf spin_down_t = smooth(xd);
    const mote_wf tc = mote_w_select(mote_w_lt(te, c->spin_down_end), te, c->spin_down_end);
    const mote_wf past_up = mote_w_sub(tc, c->spin_up_end);
    const mote_wf up = mote_w_add(mote_w_mul(c->spin_up_end, smooth_integral(xu)),
                                  mote_w_select(mote_w_gt(past_up, zero), past_up, zero));
    const mote_wf down = mote_w_mul(c->spin_down_span, smooth_integral(xd));
    const mote_wf station_angle = mote_w_mul(c->rate, mote_w_sub(tc, down));
    const mote_wf chaser_angle = mote_w_mul(c->rate, mote_w_sub(up, down));

    const mote_wf station[3] = {F(STX), F(STY), F(STZ)};
    const mote_wf base[4] = {F(SBX), F(SBY), F(SBZ), F(SBW)};
    mote_wf spin[4], q[4], port[3], axis[3];
    mote_w_quat_axis_angle(c->forward, station_angle, spin);
    frame_at(c, station, base, spin, q, port, axis);

    /* the capture, in the frame at approach start */
    const mote_wm capture =
        mote_w_and(mote_w_le(F(CAPTURED), zero), mote_w_ge(t, c->approach_start));
    {
        mote_wf cq[4], cport[3], caxis[3], offset[3], along[3], radial[3], unit[3], conj[4],
            local[3];
        frame_at(c, station, base, c->capture_spin, cq, cport, caxis);
        const mote_wf position[3] = {F(PX), F(PY), F(PZ)};
        mote_w_vec3_sub(position, cport, offset);
        mote_wf parallel = mote_w_vec3_dot(offset, caxis);
        mote_w_vec3_scale(caxis, parallel, along);
        mote_w_vec3_sub(offset, along, radial);
        mote_wf distance = mote_w_vec3_length(radial);
        mote_w_vec3_normalize(radial, unit);
        mote_w_quat_conjugate(cq, conj);
        mote_w_quat_rotate(conj, unit, local);
        F(START_PARALLEL) = mote_w_select(capture, parallel, F(START_PARALLEL));
        F(START_RADIAL) = mote_w_select(capture, distance, F(START_RADIAL));
        for (int k = 0; k < 3; ++k) {
            s->f[DOCKING_RX + k] = mote_w_select(capture, local[k], s->f[DOCKING_RX + k]);
        }
        F(CAPTURED) = mote_w_select(capture, one, F(CAPTURED));
    }
    const mote_wm captured = mote_w_gt(F(CAPTURED), zero);

    /* docking_target */
    mote_wf target[3];
    {
        const mote_wf clr = c->clearance, sp0 = F(START_PARALLEL), sr = F(START_RADIAL);
        mote_wf pa = mote_w_add(sp0, mote_w_mul(mote_w_sub(clr, sp0), approach_t));
        mote_wf par = mote_w_add(pa, mote_w_mul(mote_w_sub(clr, pa), dock_t));
        mote_wf offset = mote_w_select(mote_w_lt(sr, c->radial_offset), sr, c->radial_offset);
        mote_wf ra = mote_w_add(sr, mote_w_mul(mote_w_sub(offset, sr), approach_t));
        mote_wf rad = mote_w_add(ra, mote_w_mul(mote_w_sub(zero, ra), dock_t));
        rad = mote_w_add(rad, mote_w_mul(mote_w_sub(zero, rad), spin_down_t));
        const mote_wf local[3] = {F(RX), F(RY), F(RZ)};
        mote_wf direction[3], a[3], b[3], sum[3];
        mote_w_quat_rotate(q, local, direction);
        mote_w_vec3_scale(axis, par, a);
        mote_w_vec3_add(port, a, sum);
        mote_w_vec3_scale(direction, rad, b);
        mote_w_vec3_add(sum, b, target);
        for (int k = 0; k < 3; ++k) {
            target[k] = mote_w_select(captured, target[k], s->f[DOCKING_SX + k]);
        }
    }

    /* the spring, the final lerp and the lock */
    const mote_wf k = mote_w_add(
        c->stiffness_start, mote_w_mul(mote_w_sub(c->stiffness_end, c->stiffness_start), dock_t));
    const mote_wf d = mote_w_add(c->damping_start,
                                 mote_w_mul(mote_w_sub(c->damping_end, c->damping_start), dock_t));
    const mote_wf w = smooth(ramp_x(spin_down_t, c->lerp_start, c->lerp_span));
    const mote_wm locked =
        mote_w_or(mote_w_gt(F(LOCKED), zero), mote_w_ge(spin_down_t, c->lock_threshold));
    for (int j = 0; j < 3; ++j) {
        mote_wf sp = s->f[DOCKING_SX + j], v = s->f[DOCKING_VX + j];
        mote_wf a = mote_w_sub(mote_w_mul(mote_w_sub(target[j], sp), k), mote_w_mul(v, d));
        v = mote_w_add(v, mote_w_mul(a, c->spring_h));
        sp = mote_w_add(sp, mote_w_mul(v, c->spring_h));
        mote_wf p = mote_w_add(sp, mote_w_mul(mote_w_sub(target[j], sp), w));
        s->f[DOCKING_PX + j] = hold(mote_w_select(locked, target[j], p), MOTE_DOCKING_CHASER_MAX);
        s->f[DOCKING_SX + j] = hold(mote_w_select(locked, target[j], sp), MOTE_DOCKING_CHASER_MAX);
        s->f[DOCKING_VX + j] = hold(mote_w_select(locked, zero, v), MOTE_DOCKING_VELOCITY_MAX);
    }
    F(LOCKED) = mote_w_select(locked, one, zero);

    /* orientation: align local up onto -axis, then spin about the axis */
    mote_wf downward[3], alignment[4], chaser_spin[4], r[4];
    for (int j = 0; j < 3; ++j) {
        downward[j] = mote_w_minus(axis[j]);
    }
    mote_w_quat_from_unit_vectors(c->up, downward, alignment);
    mote_w_quat_axis_angle(axis, chaser_angle, chaser_spin);
    mote_w_quat_mul(chaser_spin, alignment, r);
    mote_w_quat_normalize(r, s->f + DOCKING_QX);
    F(STATION_ANGLE) = station_angle;
    F(CHASER_ANGLE) = chaser_angle;
    F(TIME) = t;
}

#undef F

/* One vector: loads every field, runs the sub-steps, stores what a step writes. */
MOTE_ALWAYS_INLINE void docking_vector(float *const *p, size_t i, const void *k) {
    const docking_wide_constants *c = k;
    docking_lanes s;
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        s.f[f] = mote_w_load(p[f] + i);
    }
    for (int n = 0; n < c->substeps; ++n) {
        substep(c, &s);
    }
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        if (DOCKING_WRITES & DOCKING_BIT(f)) {
            mote_w_store(p[f] + i, s.f[f]);
        }
    }
}

/* Ranges of 256 sequences and more prefetch 128 elements ahead into L2, once per 64-byte line
 * of each field (30 streams), as the debris kernel does. */
#define DOCKING_PLAN                                                                               \
    ((mote_lane_plan){DOCKING_FIELD_COUNT, DOCKING_ALL_FIELDS, DOCKING_WRITES, 256, 128, true,     \
                      true, 1})

void MOTE_VARIANT_FN(mote_kernel_docking)(float *const *p, const void *constants, size_t begin,
                                          size_t end) {
    docking_wide_constants w;
    wide_constants((const mote_docking_constants *)constants, &w);
    mote_lane_loop(p, begin, end, &w, docking_vector, DOCKING_PLAN);
}
