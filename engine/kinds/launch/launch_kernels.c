/* The launch kernel, written once against the wide-lane layer and compiled once per variant.
 * Branch-free: every lane evaluates every phase of the ascent and the coast at its own time
 * (rockets launch at different times) and selects its own. The body repeats
 * mote_launch_pose_at (engine/kinds/launch/launch_ref.c) operation for operation, with libm's powf,
 * sinf and cosf replaced by mote_w_pow and mote_w_sincos (simd/wide/wide_math.h) and each
 * division by a profile constant but the gravity turn's (the roll envelope's and crossrange's
 * widths, the planet radius) by a multiplication by its reciprocal, computed once per call
 * (a vector division costs about five multiplications: together 4% of the kernel's time on
 * avx2); it reads the same constants (mote_launch_constants), so only those roundings differ.
 *
 * Error bounds against the scalar reference (numbers in launch_bounds.h, measured by
 * engine/kinds/launch/test_launch_kernels.c on every variant; the pose is a function of the clock
 * alone, so 1,000 steps have the bound of one evaluation): phase, distance, speed, altitude:
 * bit-identical (no transcendental reaches them). ground_arc: LAUNCH_GROUND_ARC_ULP ULP (the pow).
 *   radial, flight_direction, base_orientation, orientation, roll, position, velocity: within
 *   the absolute bounds of launch_bounds.h, in units of the field's scale (1 for unit vectors,
 *   quaternions and the roll; planet_radius + altitude for the position; the rocket's largest
 *   velocity component plus 1 for the velocity).
 * All wide variants agree with each other bit for bit. */
#include "launch_fields.h"
#include "lane_loop.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

#define S(x) mote_w_set1(x)

/* mote_launch_smooth: clamp((v - e0) / width, 0, 1), x x (3 - 2 x), clamped by selects as the
 * reference's comparisons do. */
MOTE_ALWAYS_INLINE mote_wf clamp01(mote_wf x) {
    x = mote_w_select(mote_w_lt(x, S(0.0f)), S(0.0f), x);
    return mote_w_select(mote_w_gt(x, S(1.0f)), S(1.0f), x);
}

MOTE_ALWAYS_INLINE mote_wf smooth_of(mote_wf x) {
    return mote_w_mul(mote_w_mul(x, x), mote_w_sub(S(3.0f), mote_w_mul(S(2.0f), x)));
}

/* The reference's division: the gravity turn's rounding reaches the flight direction (by the
 * reciprocal it would take 4.2e-7 of the 4e-7 bound, against 2.2e-7). */
MOTE_ALWAYS_INLINE mote_wf smooth(float edge0, float width, mote_wf v) {
    return smooth_of(clamp01(mote_w_div(mote_w_sub(v, S(edge0)), S(width))));
}

/* By the reciprocal of the width, where the bounds hold with room (the roll envelope). */
MOTE_ALWAYS_INLINE mote_wf smooth_by_reciprocal(float edge0, float width, mote_wf v) {
    return smooth_of(clamp01(mote_w_mul(mote_w_sub(v, S(edge0)), S(1.0f / width))));
}

MOTE_ALWAYS_INLINE mote_wf sin_of(mote_wf x) {
    mote_wf s, c;
    mote_w_sincos(x, &s, &c);
    return s;
}

/* mote_launch_ascent_at and mote_launch_coast_at, every phase computed, then selected. */
MOTE_ALWAYS_INLINE void ascent(const mote_launch_timeline *tl, mote_wf t, mote_wf *d, mote_wf *v) {
    mote_wf u1 = mote_w_sub(t, S(tl->ascent_start));
    mote_wf d1 = mote_w_mul(S(tl->slow_speed), u1);
    mote_wf u2 = mote_w_sub(t, S(tl->slow_end));
    mote_wf d2 = mote_w_add(
        S(tl->slow_distance),
        mote_w_mul(u2, mote_w_add(S(tl->slow_speed), mote_w_mul(S(tl->half_acceleration), u2))));
    mote_wf v2 = mote_w_add(S(tl->slow_speed), mote_w_mul(S(tl->acceleration), u2));
    mote_wf u3 = mote_w_sub(t, S(tl->accel_end));
    mote_wf d3 = mote_w_add(
        S(tl->accel_distance),
        mote_w_mul(u3, mote_w_sub(S(tl->peak_speed), mote_w_mul(S(tl->half_deceleration), u3))));
    mote_wf v3 = mote_w_sub(S(tl->peak_speed), mote_w_mul(S(tl->deceleration), u3));
    mote_wm in3 = mote_w_lt(t, S(tl->ascent_end)), in2 = mote_w_lt(t, S(tl->accel_end));
    mote_wm in1 = mote_w_lt(t, S(tl->slow_end)), hold = mote_w_lt(t, S(tl->ascent_start));
    mote_wf dd = mote_w_select(in3, d3, S(1.0f)), vv = mote_w_select(in3, v3, S(0.0f));
    dd = mote_w_select(in2, d2, dd);
    vv = mote_w_select(in2, v2, vv);
    dd = mote_w_select(in1, d1, dd);
    vv = mote_w_select(in1, S(tl->slow_speed), vv);
    *d = mote_w_select(hold, S(0.0f), dd);
    *v = mote_w_select(hold, S(0.0f), vv);
}

MOTE_ALWAYS_INLINE void coast(const mote_launch_timeline *tl, mote_wf t, mote_wf *d, mote_wf *v) {
    mote_wf u = mote_w_sub(t, S(tl->ascent_end));
    mote_wf d1 = mote_w_mul(u, mote_w_mul(S(tl->coast_half_acceleration), u));
    mote_wf v1 = mote_w_mul(S(tl->coast_acceleration), u);
    mote_wf w = mote_w_sub(t, S(tl->coast_linear_end));
    mote_wf d2 =
        mote_w_add(S(tl->coast_linear_distance),
                   mote_w_mul(w, mote_w_sub(S(tl->coast_peak_speed),
                                            mote_w_mul(S(tl->coast_half_deceleration), w))));
    mote_wf v2 = mote_w_sub(S(tl->coast_peak_speed), mote_w_mul(S(tl->coast_deceleration), w));
    mote_wm in2 = mote_w_lt(t, S(tl->rest_start)), in1 = mote_w_lt(t, S(tl->coast_linear_end));
    mote_wm before = mote_w_lt(t, S(tl->ascent_end));
    mote_wf dd = mote_w_select(in2, d2, S(tl->coast_full)), vv = mote_w_select(in2, v2, S(0.0f));
    dd = mote_w_select(in1, d1, dd);
    vv = mote_w_select(in1, v1, vv);
    *d = mote_w_select(before, S(0.0f), dd);
    *v = mote_w_select(before, S(0.0f), vv);
}

MOTE_ALWAYS_INLINE mote_wf phase_of(const mote_launch_timeline *tl, mote_wf t) {
    mote_wf ph = mote_w_select(mote_w_lt(t, S(tl->rest_start)), S(4.0f), S(5.0f));
    ph = mote_w_select(mote_w_lt(t, S(tl->ascent_end)), S(3.0f), ph);
    ph = mote_w_select(mote_w_lt(t, S(tl->accel_end)), S(2.0f), ph);
    ph = mote_w_select(mote_w_lt(t, S(tl->slow_end)), S(1.0f), ph);
    return mote_w_select(mote_w_lt(t, S(tl->ascent_start)), S(0.0f), ph);
}

/* One vector of rockets at index i. */
MOTE_ALWAYS_INLINE void launch_vector(float *const *p, size_t i, const void *k) {
    const mote_launch_constants *c = k;
    const mote_launch_profile *pr = &c->profile;
    const mote_launch_timeline *tl = &c->timeline;
    const mote_wf launch_time = mote_w_load(p[LAUNCH_LAUNCH_TIME] + i);
    const mote_wf blend = mote_w_load(p[LAUNCH_TURN_BLEND] + i);
    const mote_wf crossrange = mote_w_load(p[LAUNCH_CROSSRANGE] + i);
    const mote_wf flags = mote_w_load(p[LAUNCH_FLAGS] + i);
    /* mote_launch_flags_decode */
    mote_wm no_shake = mote_w_ge(flags, S(4.0f));
    mote_wf f2 = mote_w_select(no_shake, mote_w_sub(flags, S(4.0f)), flags);
    mote_wm no_vibration = mote_w_ge(f2, S(2.0f));
    mote_wf f1 = mote_w_select(no_vibration, mote_w_sub(f2, S(2.0f)), f2);
    mote_wm no_roll = mote_w_ge(f1, S(1.0f));

    /* the own time, clamped as mote_launch_own_time_clamp does (a NaN stays NaN) */
    const mote_wf own = mote_w_add(mote_w_sub(S(c->clock_hi), launch_time), S(c->clock_lo));
    const mote_wf above = mote_w_select(mote_w_gt(own, S(MOTE_LAUNCH_OWN_TIME_MAX)),
                                        S(MOTE_LAUNCH_OWN_TIME_MAX), own);
    const mote_wf t = mote_w_select(mote_w_lt(above, S(-MOTE_LAUNCH_OWN_TIME_MAX)),
                                    S(-MOTE_LAUNCH_OWN_TIME_MAX), above);
    mote_wf d, v, cd, cv;
    ascent(tl, t, &d, &v);
    coast(tl, t, &cd, &cv);

    mote_wf altitude =
        mote_w_add(mote_w_mul(d, S(pr->target_altitude)), mote_w_mul(cd, S(pr->coast_rate)));
    mote_wf altitude_rate =
        mote_w_add(mote_w_mul(v, S(pr->target_altitude)), mote_w_mul(cv, S(pr->coast_rate)));
    mote_wf arc_power = mote_w_pow(d, S(pr->ground_arc_exponent));
    mote_wf arc_power_rate = mote_w_select(
        mote_w_gt(d, S(0.0f)),
        mote_w_mul(mote_w_mul(S(pr->ground_arc_exponent), mote_w_div(arc_power, d)), v), S(0.0f));
    mote_wf ground_arc = mote_w_add(mote_w_mul(mote_w_mul(arc_power, S(pr->max_ground_arc)), blend),
                                    mote_w_mul(cd, S(pr->ground_track_rate)));
    mote_wf ground_arc_rate =
        mote_w_add(mote_w_mul(mote_w_mul(arc_power_rate, S(pr->max_ground_arc)), blend),
                   mote_w_mul(cv, S(pr->ground_track_rate)));
    mote_wf angle = mote_w_mul(ground_arc, S(1.0f / pr->planet_radius));
    mote_wf angle_rate = mote_w_mul(ground_arc_rate, S(1.0f / pr->planet_radius));

    mote_wf s, co;
    mote_w_sincos(angle, &s, &co);
    const mote_wf radial[3] = {S(0.0f), co, mote_w_minus(s)};
    const mote_wf tangent[3] = {S(0.0f), mote_w_minus(s), mote_w_minus(co)};
    mote_wf gravity_turn =
        smooth(pr->gravity_turn_start, pr->gravity_turn_end - pr->gravity_turn_start, d);
    mote_wf lerped[3], flight[3];
    mote_w_vec3_lerp(radial, tangent, mote_w_mul(gravity_turn, S(pr->turn_factor)), lerped);
    mote_w_vec3_normalize(lerped, flight);

    const float cross_width = pr->crossrange_end - pr->crossrange_start;
    mote_wf cc = clamp01(mote_w_mul(mote_w_sub(d, S(pr->crossrange_start)), S(1.0f / cross_width)));
    mote_wf reach = mote_w_mul(crossrange, S(pr->max_crossrange));
    mote_wf cross_offset = mote_w_mul(
        reach, mote_w_mul(mote_w_mul(cc, cc), mote_w_sub(S(3.0f), mote_w_mul(S(2.0f), cc))));
    mote_wf cross_rate = mote_w_mul(
        reach, mote_w_mul(mote_w_mul(mote_w_mul(mote_w_mul(S(6.0f), cc), mote_w_sub(S(1.0f), cc)),
                                     S(1.0f / cross_width)),
                          v));
    mote_wf radius = mote_w_add(S(pr->planet_radius), altitude);
    const mote_wf center[3] = {S(pr->planet_center.x), S(pr->planet_center.y),
                               S(pr->planet_center.z)};
    mote_wf scaled[3], position[3];
    mote_w_vec3_scale(radial, radius, scaled);
    mote_w_vec3_add(center, scaled, position);
    position[0] = mote_w_add(position[0], cross_offset);
    mote_wf va[3], vb[3], velocity[3];
    mote_w_vec3_scale(tangent, mote_w_mul(angle_rate, radius), va);
    mote_w_vec3_scale(radial, altitude_rate, vb);
    mote_w_vec3_add(va, vb, velocity);
    velocity[0] = mote_w_add(velocity[0], cross_rate);

    const mote_wf up[3] = {S(pr->rocket_local_up.x), S(pr->rocket_local_up.y),
                           S(pr->rocket_local_up.z)};
    mote_wf base[4];
    mote_w_quat_from_unit_vectors(up, flight, base);
    /* roll_at */
    mote_wf envelope = mote_w_sub(
        S(1.0f), smooth_by_reciprocal(pr->roll_envelope_start,
                                      pr->roll_envelope_end - pr->roll_envelope_start, d));
    mote_wf shake = mote_w_add(
        sin_of(mote_w_mul(t, S(pr->vibration_frequency_a))),
        sin_of(mote_w_add(mote_w_mul(t, S(pr->vibration_frequency_b)), S(pr->vibration_phase_b))));
    mote_wf vibration = mote_w_select(
        no_vibration, S(0.0f), mote_w_mul(mote_w_mul(shake, S(pr->vibration_amplitude)), envelope));
    mote_wf roll = mote_w_add(
        mote_w_mul(mote_w_mul(sin_of(mote_w_mul(t, S(pr->roll_frequency))), S(pr->roll_amplitude)),
                   envelope),
        vibration);
    roll = mote_w_select(no_roll, S(0.0f), roll);
    mote_wf turn[4], orientation[4];
    mote_w_quat_axis_angle(up, roll, turn);
    mote_w_quat_mul(base, turn, orientation);

    mote_w_store(p[LAUNCH_PHASE] + i, phase_of(tl, t));
    mote_w_store(p[LAUNCH_DISTANCE] + i, d);
    mote_w_store(p[LAUNCH_SPEED] + i, v);
    mote_w_store(p[LAUNCH_ALTITUDE] + i, altitude);
    mote_w_store(p[LAUNCH_GROUND_ARC] + i, ground_arc);
    for (int j = 0; j < 3; ++j) {
        mote_w_store(p[LAUNCH_RX + j] + i, radial[j]);
        mote_w_store(p[LAUNCH_FX + j] + i, flight[j]);
        mote_w_store(p[LAUNCH_PX + j] + i, position[j]);
        mote_w_store(p[LAUNCH_VX + j] + i, velocity[j]);
    }
    for (int j = 0; j < 4; ++j) {
        mote_w_store(p[LAUNCH_BX + j] + i, base[j]);
        mote_w_store(p[LAUNCH_QX + j] + i, orientation[j]);
    }
    mote_w_store(p[LAUNCH_ROLL] + i, roll);
}

/* Compute-bound (about 5 sincos and a pow per rocket): no prefetch; one vector per iteration
 * (two spilled the AVX2 registers: 5% slower there, 10% on AVX-512), scheduled by GCC's first
 * pass (cmake/MoteVariants.cmake). */
#define LAUNCH_PLAN                                                                                \
    ((mote_lane_plan){LAUNCH_FIELD_COUNT, LAUNCH_READS, LAUNCH_WRITES, SIZE_MAX, 0, false, false,  \
                      1})

/* The constants are copied to a local first: the stores to the pose arrays cannot reach a local
 * whose address never escapes, so the compiler keeps everything that depends on the constants
 * alone (their broadcasts, the antiparallel perpendicular of rocket_local_up) out of the loop.
 * The same operations either way: the same bits. */
void MOTE_VARIANT_FN(mote_kernel_launch)(float *const *p, const void *constants, size_t begin,
                                         size_t end) {
    const mote_launch_constants local = *(const mote_launch_constants *)constants;
    mote_lane_loop(p, begin, end, &local, launch_vector, LAUNCH_PLAN);
}
