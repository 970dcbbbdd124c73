/* The flight kernel, written once against the wide-lane layer and compiled once per variant.
 * Branch-free: every lane advances its own clock, evaluates the three phases of its speed
 * profile and selects by its own phase, finds its table interval by counting s_j <= s over
 * s_1..s_30 (the table is structure of arrays, one field per entry, so a lane's search is 30
 * compares and selects of aligned loads: no gathers), lerps to u as the seed does, and
 * evaluates its Hermite point, first and second derivative, the turn's horizontal part, bank and
 * orientation.
 * The body repeats mote_flight_sample (engine/kinds/flight/flight_ref.c) operation for operation,
 * with libm's atanf (the bank), atan2f (the level roll) and sinf/cosf (the banked roll's
 * quaternion) replaced by mote_w_atan2 and mote_w_sincos (wide_math.h).
 *
 * For a monotone table (every plan's) counting gives the reference's binary-search interval:
 * the entries <= s are a prefix, so the count is the largest k with s_k <= s, capped at 30,
 * and the last selected entries are s_k and s_(k+1).
 *
 * Error bounds against the scalar reference (numbers and measurements in flight_bounds.h,
 * asserted by engine/kinds/flight/test_flight_kernels.c on every variant), after any number of
 * steps (the pose depends on the clock alone, never on the previous pose): time, landed, position,
 * velocity: bit-identical. The profile, the table search, the lerp, the Hermite point and the
 * tangent are the reference's additions, multiplications, divisions and square roots in its order,
 * each correctly rounded on every backend. bank: atan through mote_w_atan2(x, 1) (<= 2 ULP of the
 * true atan) against libm atanf, then the same cap and sign: a few ULP of the angle. orientation:
 * the level frame is the same bits; the roll's atan2 and the banked rotation's sin/cos
 * (within 2.4e-7 per component of libm's) move each component by a few 1e-7. All wide variants
 * agree with each other bit for bit. */
#include "flight_fields.h"
#include "lane_loop.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

/* The constants, one lane-wide copy each. */
typedef struct flight_wide_constants {
    mote_wf dt, max_bank, gravity, up[3];
} flight_wide_constants;

#define F(name) mote_w_load(p[FLIGHT_##name] + i)

/* The three profile phases of mote_flight_sample's profile_at, selected per lane. */
MOTE_ALWAYS_INLINE void profile(float *const *p, size_t i, mote_wf t, mote_wm *landed, mote_wf *s,
                                mote_wf *v) {
    const mote_wf zero = mote_w_set1(0.0f), half = mote_w_set1(0.5f);
    const mote_wf length = F(LENGTH), duration = F(DURATION), dec = F(DECELERATION);
    const mote_wf peak = F(PEAK_SPEED), accel_end = F(ACCEL_END), accel = F(ACCEL);
    const mote_wf v0 = F(START_SPEED);
    mote_wf r = mote_w_sub(duration, t);
    mote_wf d_brake = mote_w_sub(length, mote_w_mul(mote_w_mul(half, dec), mote_w_mul(r, r)));
    mote_wf v_brake = mote_w_mul(dec, r);
    mote_wf d_cruise = mote_w_add(F(ACCEL_DISTANCE), mote_w_mul(peak, mote_w_sub(t, accel_end)));
    mote_wf d_accel =
        mote_w_add(mote_w_mul(v0, t), mote_w_mul(mote_w_mul(half, accel), mote_w_mul(t, t)));
    mote_wf v_accel = mote_w_add(v0, mote_w_mul(accel, t));
    mote_wm braking = mote_w_ge(t, F(CRUISE_END));
    mote_wm cruising = mote_w_ge(t, accel_end);
    mote_wf d = mote_w_select(braking, d_brake, mote_w_select(cruising, d_cruise, d_accel));
    mote_wf speed = mote_w_select(braking, v_brake, mote_w_select(cruising, peak, v_accel));
    d = mote_w_select(mote_w_gt(d, zero), d, zero);
    d = mote_w_select(mote_w_lt(d, length), d, length);
    *landed = mote_w_ge(t, duration);
    *s = mote_w_select(*landed, length, d);
    *v = mote_w_select(*landed, zero, speed);
}

/* mote_flight_parameter_at: the interval by counting, then the seed's lerp. */
MOTE_ALWAYS_INLINE mote_wf parameter_at(float *const *p, size_t i, mote_wf s) {
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    const mote_wf length = F(LENGTH);
    s = mote_w_select(mote_w_gt(s, zero), s, zero);
    s = mote_w_select(mote_w_lt(s, length), s, length);
    mote_wf k = zero, lo = zero, hi = F(S1);
#pragma GCC unroll 30
    for (int j = 1; j < MOTE_FLIGHT_TABLE_SAMPLES - 1; ++j) {
        mote_wf sj = mote_w_load(p[FLIGHT_TABLE_FIRST + j - 1] + i);
        mote_wf next = mote_w_load(p[FLIGHT_TABLE_FIRST + j] + i);
        mote_wm below = mote_w_le(sj, s);
        k = mote_w_add(k, mote_w_select(below, one, zero));
        lo = mote_w_select(below, sj, lo);
        hi = mote_w_select(below, next, hi);
    }
    mote_wf span = mote_w_sub(hi, lo);
    mote_wm open = mote_w_gt(span, zero);
    mote_wf alpha =
        mote_w_select(open, mote_w_div(mote_w_sub(s, lo), mote_w_select(open, span, one)), zero);
    const mote_wf last = mote_w_set1((float)(MOTE_FLIGHT_TABLE_SAMPLES - 1));
    mote_wf uk = mote_w_div(k, last);
    mote_wf uk1 = mote_w_div(mote_w_add(k, one), last);
    return mote_w_add(uk, mote_w_mul(alpha, mote_w_sub(uk1, uk)));
}

/* (x a + y b) + z c per component, as flight_ref.c's combine. */
MOTE_ALWAYS_INLINE void combine(mote_wf a, const mote_wf x[3], mote_wf b, const mote_wf y[3],
                                mote_wf c, const mote_wf z[3], mote_wf r[3]) {
    for (int j = 0; j < 3; ++j) {
        r[j] =
            mote_w_add(mote_w_add(mote_w_mul(x[j], a), mote_w_mul(y[j], b)), mote_w_mul(z[j], c));
    }
}

/* One vector of flyers: the clock, then the pose there. */
MOTE_ALWAYS_INLINE void flight_vector(float *const *p, size_t i, const void *k) {
    const flight_wide_constants *c = k;
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f), two = mote_w_set1(2.0f);
    const mote_wf three = mote_w_set1(3.0f), four = mote_w_set1(4.0f), six = mote_w_set1(6.0f);
    mote_wf t = mote_w_add(F(TIME), c->dt);
    mote_wm landed;
    mote_wf s, speed;
    profile(p, i, t, &landed, &s, &speed);
    mote_wf u = mote_w_select(landed, one, parameter_at(p, i, s));

    mote_wf p0[3], p1[3], chord[3], m0[3], m1[3];
    for (int j = 0; j < 3; ++j) {
        p0[j] = mote_w_load(p[FLIGHT_P0X + j] + i);
        p1[j] = mote_w_load(p[FLIGHT_P1X + j] + i);
        m0[j] = mote_w_load(p[FLIGHT_M0X + j] + i);
        m1[j] = mote_w_load(p[FLIGHT_M1X + j] + i);
    }
    mote_w_vec3_sub(p1, p0, chord);
    mote_wf u2 = mote_w_mul(u, u), u3 = mote_w_mul(u2, u);
    mote_wf h10 = mote_w_add(mote_w_sub(u3, mote_w_mul(two, u2)), u);
    mote_wf h01 = mote_w_sub(mote_w_mul(three, u2), mote_w_mul(two, u3));
    mote_wf h11 = mote_w_sub(u3, u2);
    mote_wf point[3], s1[3], s2[3];
    combine(h01, chord, h10, m0, h11, m1, point);
    mote_w_vec3_add(p0, point, point);
    mote_wf d01 = mote_w_sub(mote_w_mul(six, u), mote_w_mul(six, u2));
    mote_wf d10 = mote_w_add(mote_w_sub(mote_w_mul(three, u2), mote_w_mul(four, u)), one);
    mote_wf d11 = mote_w_sub(mote_w_mul(three, u2), mote_w_mul(two, u));
    combine(d01, chord, d10, m0, d11, m1, s1);
    mote_wf e01 = mote_w_sub(six, mote_w_mul(mote_w_set1(12.0f), u));
    mote_wf e10 = mote_w_sub(mote_w_mul(six, u), four);
    mote_wf e11 = mote_w_sub(mote_w_mul(six, u), two);
    combine(e01, chord, e10, m0, e11, m1, s2);

    /* the tangent (the curvature itself is not stored: the bank reads the turn's horizontal
     * part below) */
    mote_wf cross[3], tangent[3], chord_dir[3];
    mote_w_vec3_cross(s1, s2, cross);
    mote_wf n = mote_w_vec3_length(s1);
    mote_wf n3 = mote_w_mul(mote_w_mul(n, n), n);
    mote_wm curved = mote_w_gt(n3, zero);
    mote_w_vec3_normalize(s1, tangent);
    mote_w_vec3_normalize(chord, chord_dir);
    mote_wm has_length = mote_w_gt(F(LENGTH), zero);
    const mote_wf x_axis[3] = {one, zero, zero};
    for (int j = 0; j < 3; ++j) {
        mote_wf fallback = mote_w_select(has_length, chord_dir[j], x_axis[j]);
        tangent[j] = mote_w_select(curved, tangent[j], fallback);
        mote_w_store(p[FLIGHT_PX + j] + i, mote_w_select(landed, p1[j], point[j]));
        mote_w_store(p[FLIGHT_VX + j] + i, mote_w_mul(tangent[j], speed));
    }

    /* bank: atan(v^2 |turn| / g), capped, signed by the turn's horizontal part */
    mote_wf turn = mote_w_select(
        curved, mote_w_div(mote_w_vec3_dot(cross, c->up), mote_w_select(curved, n3, one)), zero);
    mote_wf x = mote_w_div(mote_w_mul(mote_w_mul(speed, speed), mote_w_abs(turn)), c->gravity);
    mote_wf phi = mote_w_atan2(x, one);
    phi = mote_w_select(mote_w_lt(phi, c->max_bank), phi, c->max_bank);
    mote_wf bank = mote_w_select(mote_w_gt(turn, zero), phi,
                                 mote_w_select(mote_w_lt(turn, zero), mote_w_minus(phi), zero));
    mote_w_store(p[FLIGHT_BANK] + i, bank);

    /* orientation: +x along the tangent, levelled about it, then banked */
    mote_wf qa[4], za[3], w[3], along[3], za_w[3], roll_q[4], q[4];
    const mote_wf z_axis[3] = {zero, zero, one};
    mote_w_quat_from_unit_vectors(x_axis, tangent, qa);
    mote_w_quat_rotate(qa, z_axis, za);
    mote_w_vec3_scale(tangent, mote_w_vec3_dot(c->up, tangent), along);
    mote_w_vec3_sub(c->up, along, w);
    mote_w_vec3_cross(za, w, za_w);
    mote_wf roll = mote_w_atan2(mote_w_vec3_dot(za_w, tangent), mote_w_vec3_dot(za, w));
    mote_w_quat_axis_angle(tangent, mote_w_sub(roll, bank), roll_q);
    mote_w_quat_mul(roll_q, qa, q);
    for (int j = 0; j < 4; ++j) {
        mote_w_store(p[FLIGHT_QX + j] + i, q[j]);
    }

    mote_wf before = F(LANDED);
    mote_wf after = mote_w_select(mote_w_gt(before, zero), two, one);
    mote_w_store(p[FLIGHT_LANDED] + i, mote_w_select(landed, after, zero));
    mote_w_store(p[FLIGHT_TIME] + i, t);
}

#undef F

/* Ranges of 256 flyers and more prefetch 128 elements ahead into L2, once per 64-byte line of
 * each field (64 streams), as the docking and debris kernels do. */
#define FLIGHT_PLAN                                                                                \
    ((mote_lane_plan){FLIGHT_FIELD_COUNT, FLIGHT_ALL_FIELDS, FLIGHT_WRITES, 256, 128, true, true,  \
                      1})

void MOTE_VARIANT_FN(mote_kernel_flight)(float *const *p, const void *constants, size_t begin,
                                         size_t end) {
    const mote_flight_constants *k = constants;
    flight_wide_constants w = {
        mote_w_set1(k->dt),
        mote_w_set1(k->max_bank),
        mote_w_set1(k->gravity),
        {mote_w_set1(k->up.x), mote_w_set1(k->up.y), mote_w_set1(k->up.z)},
    };
    mote_lane_loop(p, begin, end, &w, flight_vector, FLIGHT_PLAN);
}
