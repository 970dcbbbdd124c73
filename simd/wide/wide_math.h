/* Wide math written once on the lane operations of wide.h; the same bits on every backend.
 *
 * Error bounds against double-precision libm, measured by tests/test_wide_math.c over
 * 2^21 inputs per function (README "Numerical contract" has the figures):
 *   mote_w_exp     x in [-104, 88.7]: <= 1 ULP, subnormal results included; 0 below -103.98,
 *                  +inf above 88.72, NaN stays NaN.
 *   mote_w_expm1   x in [-104, 88.7]: <= 2 ULP; -1 below -18 (as rounding gives).
 *   mote_w_sincos  |x| <= 8192: <= 2 ULP, or 2^-24 absolute where the result is below 0.5;
 *                  accuracy degrades past 8192 (one Cody-Waite step).
 *   mote_w_wrap_angle  exact (the same bits as fmodf then one turn either way) for
 *                  |x| < 25735 rad (4096 turns); past that within one ULP of the input's own
 *                  spacing.
 * The polynomials are Cephes' minimax coefficients for the reduced ranges. */
#ifndef MOTE_WIDE_MATH_H
#define MOTE_WIDE_MATH_H

#include "wide.h"

/* y * 2^n for integer-valued n in [-151, 128] with a single rounding: the power of two is
 * split so each factor is a normal float (subnormal results, and 2^128 * y < FLT_MAX). */
static inline mote_wf mote_w_scale_pow2(mote_wf y, mote_wf n) {
    mote_wm low = mote_w_lt(n, mote_w_set1(-126.0f));
    mote_wm high = mote_w_gt(n, mote_w_set1(127.0f));
    mote_wf shift = mote_w_select(low, mote_w_set1(64.0f),
                                  mote_w_select(high, mote_w_set1(-1.0f), mote_w_set1(0.0f)));
    mote_wf rest = mote_w_select(low, mote_w_set1(0x1p-64f),
                                 mote_w_select(high, mote_w_set1(2.0f), mote_w_set1(1.0f)));
    return mote_w_mul(mote_w_mul(y, mote_w_pow2i(mote_w_add(n, shift))), rest);
}

/* Splits x = n ln2 + r with n integer-valued and |r| <= ln2/2 (Cody-Waite, two-part ln2 whose
 * first part has 9 bits, so n * part is exact). */
static inline mote_wf mote_w_reduce_ln2(mote_wf x, mote_wf *n) {
    *n = mote_w_round(mote_w_mul(x, mote_w_set1(1.44269504088896341f)));
    mote_wf r = mote_w_sub(x, mote_w_mul(*n, mote_w_set1(0.693359375f)));
    return mote_w_sub(r, mote_w_mul(*n, mote_w_set1(-2.12194440e-4f)));
}

/* e^r - 1 for |r| <= ln2/2: r + r^2 P(r), no cancellation near 0. */
static inline mote_wf mote_w_expm1_reduced(mote_wf r) {
    mote_wf p = mote_w_set1(1.9875691500e-4f);
    p = mote_w_mul_add(p, r, mote_w_set1(1.3981999507e-3f));
    p = mote_w_mul_add(p, r, mote_w_set1(8.3334519073e-3f));
    p = mote_w_mul_add(p, r, mote_w_set1(4.1665795894e-2f));
    p = mote_w_mul_add(p, r, mote_w_set1(1.6666665459e-1f));
    p = mote_w_mul_add(p, r, mote_w_set1(5.0000001201e-1f));
    return mote_w_add(mote_w_mul(mote_w_mul(r, r), p), r);
}

/* e^x. */
static inline mote_wf mote_w_exp(mote_wf x) {
    mote_wf xc = mote_w_clamp(x, -104.0f, 88.75f);
    mote_wf n;
    mote_wf r = mote_w_reduce_ln2(xc, &n);
    mote_wf y = mote_w_add(mote_w_expm1_reduced(r), mote_w_set1(1.0f));
    mote_wf result = mote_w_scale_pow2(y, n);
    return mote_w_select(mote_w_gt(x, mote_w_set1(88.72283935546875f)), mote_w_set1(INFINITY),
                         result);
}

/* e^x - 1, accurate near 0 (where exp(x) - 1 would cancel). */
static inline mote_wf mote_w_expm1(mote_wf x) {
    mote_wf xc = mote_w_clamp(x, -24.0f, 88.75f);
    mote_wf n;
    mote_wf r = mote_w_reduce_ln2(xc, &n);
    mote_wf em = mote_w_expm1_reduced(r);
    /* Small n: 2^n em + (2^n - 1), both parts exact but the last add. */
    mote_wf nsmall = mote_w_clamp(n, -40.0f, 40.0f);
    mote_wf t = mote_w_pow2i(nsmall);
    mote_wf small = mote_w_add(mote_w_mul(t, em), mote_w_sub(t, mote_w_set1(1.0f)));
    /* Large n: the -1 no longer matters beyond rounding. */
    mote_wf large =
        mote_w_sub(mote_w_scale_pow2(mote_w_add(em, mote_w_set1(1.0f)), n), mote_w_set1(1.0f));
    mote_wf result = mote_w_select(mote_w_gt(n, mote_w_set1(40.0f)), large, small);
    return mote_w_select(mote_w_gt(x, mote_w_set1(88.72283935546875f)), mote_w_set1(INFINITY),
                         result);
}

/* sin x and cos x together. x = n pi/2 + r with |r| <= pi/4 (three-part pi/2), then the
 * quadrant n mod 4 picks and signs the two polynomials. */
static inline void mote_w_sincos(mote_wf x, mote_wf *s, mote_wf *c) {
    mote_wf n = mote_w_round(mote_w_mul(x, mote_w_set1(0.636619772367581343f)));
    mote_wf r = mote_w_sub(x, mote_w_mul(n, mote_w_set1(1.5703125f)));
    r = mote_w_sub(r, mote_w_mul(n, mote_w_set1(4.837512969970703125e-4f)));
    r = mote_w_sub(r, mote_w_mul(n, mote_w_set1(7.54978995489188216e-8f)));
    mote_wf z = mote_w_mul(r, r);

    mote_wf ps = mote_w_set1(-1.9515295891e-4f);
    ps = mote_w_mul_add(ps, z, mote_w_set1(8.3321608736e-3f));
    ps = mote_w_mul_add(ps, z, mote_w_set1(-1.6666654611e-1f));
    mote_wf sr = mote_w_add(mote_w_mul(mote_w_mul(ps, z), r), r);

    mote_wf pc = mote_w_set1(2.443315711809948e-5f);
    pc = mote_w_mul_add(pc, z, mote_w_set1(-1.388731625493765e-3f));
    pc = mote_w_mul_add(pc, z, mote_w_set1(4.166664568298827e-2f));
    mote_wf cr =
        mote_w_add(mote_w_sub(mote_w_mul(mote_w_mul(pc, z), z), mote_w_mul(z, mote_w_set1(0.5f))),
                   mote_w_set1(1.0f));

    /* q = n - 4 round(n / 4) is in {-2, -1, 0, 1, 2}, exact: n mod 4 without integers. */
    mote_wf q = mote_w_sub(
        n, mote_w_mul(mote_w_round(mote_w_mul(n, mote_w_set1(0.25f))), mote_w_set1(4.0f)));
    mote_wf aq = mote_w_abs(q);
    mote_wm odd = mote_w_eq(aq, mote_w_set1(1.0f));
    mote_wm sin_negative =
        mote_w_or(mote_w_eq(aq, mote_w_set1(2.0f)), mote_w_eq(q, mote_w_set1(-1.0f)));
    mote_wm cos_negative =
        mote_w_or(mote_w_eq(aq, mote_w_set1(2.0f)), mote_w_eq(q, mote_w_set1(1.0f)));
    mote_wf sv = mote_w_select(odd, cr, sr);
    mote_wf cv = mote_w_select(odd, sr, cr);
    *s = mote_w_select(sin_negative, mote_w_neg(sv), sv);
    *c = mote_w_select(cos_negative, mote_w_neg(cv), cv);
}

/* x wrapped into (-pi, pi], as mote_wrap_angle: x - n (2pi)_f with n = round(x / (2pi)_f)
 * and (2pi)_f split in two 12-bit parts, so each step is exact for |n| < 4096; then one turn
 * either way, compared against pi itself (x >= pi_f is x > pi). */
static inline mote_wf mote_w_wrap_angle(mote_wf x) {
    const float two_pi = 6.28318548202514648f; /* (float)(2 pi) */
    const float two_pi_hi = 6.28125f;          /* its top 12 bits */
    const float two_pi_lo = two_pi - two_pi_hi;
    mote_wf n = mote_w_round(mote_w_mul(x, mote_w_set1(0.159154943091895336f)));
    mote_wf r = mote_w_sub(x, mote_w_mul(n, mote_w_set1(two_pi_hi)));
    r = mote_w_sub(r, mote_w_mul(n, mote_w_set1(two_pi_lo)));
    mote_wf turn = mote_w_set1(two_pi);
    r = mote_w_select(mote_w_ge(r, mote_w_set1(3.14159274101257324f)), mote_w_sub(r, turn), r);
    r = mote_w_select(mote_w_le(r, mote_w_set1(-3.14159274101257324f)), mote_w_add(r, turn), r);
    return r;
}

#endif
