/* Wide math written once on the lane operations of wide.h; the same bits on every backend.
 *
 * Error bounds against double-precision libm, measured by tests/test_wide_math.c over
 * 2^21 inputs per function (README, "Numerical contract", has the figures):
 *   mote_w_exp     x in [-87.3, 88.37]: <= 1 ULP. Results below 2^-126 may flush to 0
 *                  (absolute error < 1.2e-38); x < -88 gives 0; x > 88.37 saturates at
 *                  e^88.37 (the kernels only ever take e^x for x <= 0); NaN stays NaN.
 *   mote_w_expm1   x in [-88, 88.37]: <= 2 ULP; -1 below -88.
 *   mote_w_sincos  |x| <= 8192: <= 1 ULP where the result is at least 0.5, and within
 *                  8e-8 absolute below that; accuracy degrades past 8192 (one Cody-Waite
 *                  reduction with a three-part pi/2).
 *   mote_w_atan2   every finite (y, x): <= 2 ULP; edge cases at mote_w_atan2.
 *   mote_w_log     x in [2^-126, 2^126]: <= 2 ULP (LOG_MAX_ULP in tests/test_wide_pow.c).
 *   mote_w_pow     x in [2^-20, 1], y in [1, 2] (the launch's ground-arc power): <= 32 ULP,
 *                  measured 30 (POW_MAX_ULP): about |y ln x| ULP, the rounding of y ln x
 *                  amplified by e^; pow(0, y) = 0 and pow(1, y) = 1 exactly.
 *   mote_w_wrap_angle  exact (the same bits as mote_wrap_angle: fmodf, then one turn either
 *                  way) for |x| < 25735 rad (4096 turns); past that, rounding of the reduction.
 * exp, expm1 and sincos skip their range reduction when every lane of a vector is small
 * (MOTE_W_EXP_UNREDUCED, MOTE_W_SINCOS_UNREDUCED): the same bits, in fewer operations, for the
 * per-frame arguments (rate dt, w dt) the kernels mostly take (tests/test_wide_math.c checks
 * the bits of both paths lane by lane).
 * Polynomials: e^r fitted here by Remez on [-ln2/2, ln2/2]; sin/cos are Cephes' minimax
 * coefficients on [-pi/4, pi/4]. */
#ifndef MOTE_WIDE_MATH_H
#define MOTE_WIDE_MATH_H

#include <math.h>

#include "wide.h"

/* Splits x (clamped to [-88, 88.37]) as n ln2 + r with |r| <= ln2/2 and returns r; *scale is
 * 2^n (0 when n = -127). n is rounded by adding 1.5 * 2^23 + 127 in one fma, which leaves the
 * biased exponent in the low mantissa bits (mote_w_pow2_from_biased). */
static inline mote_wf mote_w_reduce_ln2(mote_wf x, mote_wf *scale) {
    const float shifter = 12582912.0f + 127.0f;
    mote_wf xc = mote_w_clamp(x, -88.0f, 88.37f);
    mote_wf t = mote_w_fma(xc, mote_w_set1(1.44269504088896341f), mote_w_set1(shifter));
    mote_wf n = mote_w_sub(t, mote_w_set1(shifter));
    *scale = mote_w_pow2_from_biased(t);
    mote_wf r = mote_w_fma(n, mote_w_set1(-0.693359375f), xc);
    return mote_w_fma(n, mote_w_set1(2.12194440e-4f), r);
}

/* e^r - 1 for |r| <= ln2/2: r + r^2 P(r), P of degree 4 fitted (Remez) for the relative error
 * of e^r (4.3e-9, a tenth of a float ULP), no cancellation near 0. P is evaluated by Estrin's
 * scheme, (c0 + c1 r) + r^2 (c2 + c3 r) + r^4 c4, whose independent halves shorten the
 * dependency chain that bounds a kernel's throughput. */
static inline mote_wf mote_w_expm1_reduced(mote_wf r) {
    mote_wf r2 = mote_w_mul(r, r);
    mote_wf low = mote_w_fma(mote_w_set1(1.66665062e-1f), r, mote_w_set1(4.99999970e-1f));
    mote_wf high = mote_w_fma(mote_w_set1(8.37026257e-3f), r, mote_w_set1(4.16670889e-2f));
    mote_wf p = mote_w_fma(r2, high, low);
    p = mote_w_fma(mote_w_mul(r2, r2), mote_w_set1(1.38934026e-3f), p);
    return mote_w_fma(r2, p, r);
}

/* Below this |x| every lane's n = round(x / ln2) is 0 (0.3465 / ln2 < 0.49990: the fma that
 * rounds it stays below the half-way point): the reduction then gives r = x (-0 becoming +0,
 * which the polynomial maps to +0 either way) and 2^n = 1, exactly. */
#define MOTE_W_EXP_UNREDUCED 0.3465f

/* Whether every lane of x is below bound in magnitude (a NaN lane is not): the test for the
 * unreduced short paths. */
static inline bool mote_w_all_below(mote_wf x, float bound) {
    return mote_w_all(mote_w_lt(mote_w_abs(x), mote_w_set1(bound)));
}

/* e^x = 2^n (1 + em), rounded once. When every lane is unreduced (a decay rate times a
 * frame's dt, mostly) the polynomial alone runs: em + 1, the bits of fma(em, 1, 1). */
static inline mote_wf mote_w_exp(mote_wf x) {
    if (mote_w_all_below(x, MOTE_W_EXP_UNREDUCED)) {
        return mote_w_add(mote_w_expm1_reduced(x), mote_w_set1(1.0f));
    }
    mote_wf scale;
    mote_wf em = mote_w_expm1_reduced(mote_w_reduce_ln2(x, &scale));
    return mote_w_fma(em, scale, scale);
}

/* e^x - 1 = 2^n em + (2^n - 1): 2^n - 1 is exact for |n| <= 24 and past that the -1 only
 * matters through rounding, so one fma covers the whole range with no cancellation. When
 * every lane is unreduced it is em itself (fma(em, 1, 0) is em: em is never -0). */
static inline mote_wf mote_w_expm1(mote_wf x) {
    if (mote_w_all_below(x, MOTE_W_EXP_UNREDUCED)) {
        return mote_w_expm1_reduced(x);
    }
    mote_wf scale;
    mote_wf em = mote_w_expm1_reduced(mote_w_reduce_ln2(x, &scale));
    return mote_w_fma(em, scale, mote_w_sub(scale, mote_w_set1(1.0f)));
}

/* sin r and cos r for |r| <= pi/4: Cephes' minimax polynomials in z = r^2. */
static inline void mote_w_sincos_reduced(mote_wf r, mote_wf *s, mote_wf *c) {
    mote_wf z = mote_w_mul(r, r);

    mote_wf ps = mote_w_fma(mote_w_set1(-1.9515295891e-4f), z, mote_w_set1(8.3321608736e-3f));
    ps = mote_w_fma(ps, z, mote_w_set1(-1.6666654611e-1f));
    *s = mote_w_fma(mote_w_mul(ps, z), r, r);

    mote_wf pc =
        mote_w_fma(mote_w_set1(2.443315711809948e-5f), z, mote_w_set1(-1.388731625493765e-3f));
    pc = mote_w_fma(pc, z, mote_w_set1(4.166664568298827e-2f));
    pc = mote_w_fma(pc, z, mote_w_set1(-0.5f));
    *c = mote_w_fma(pc, z, mote_w_set1(1.0f));
}

/* Below this |x| every lane's quadrant n = round(x 2/pi) is 0 (0.785 * 2/pi < 0.4998, and the
 * product's rounding cannot reach 0.5): the reduction then gives r = x exactly (n pi/2 = -0
 * added to x) and the quadrant step picks the polynomials unchanged. */
#define MOTE_W_SINCOS_UNREDUCED 0.785f

/* sin x and cos x together. x = n pi/2 + r with |r| <= pi/4 (three-part pi/2), then the
 * quadrant n mod 4 picks and signs the two polynomials. When every lane's |x| is below
 * MOTE_W_SINCOS_UNREDUCED (a game spring's w dt, a small step's rotation) the reduction and
 * the quadrant step are skipped: the same bits, as n = 0 leaves both exact no-ops. */
static inline void mote_w_sincos(mote_wf x, mote_wf *s, mote_wf *c) {
    if (mote_w_all_below(x, MOTE_W_SINCOS_UNREDUCED)) {
        mote_w_sincos_reduced(x, s, c);
        return;
    }
    mote_wf n = mote_w_round(mote_w_mul(x, mote_w_set1(0.636619772367581343f)));
    mote_wf r = mote_w_fma(n, mote_w_set1(-1.5703125f), x);
    r = mote_w_fma(n, mote_w_set1(-4.837512969970703125e-4f), r);
    r = mote_w_fma(n, mote_w_set1(-7.54978995489188216e-8f), r);
    mote_wf sr, cr;
    mote_w_sincos_reduced(r, &sr, &cr);

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

/* atan2(y, x) in [-pi, pi]. With lo = min(|x|, |y|) and hi = max: a = atan(lo / hi) in
 * [0, pi/4], reduced to |t| <= tan(pi/8) by t = (lo - hi) / (lo + hi) and a = pi/4 + atan t
 * above tan(pi/8) (one division either way); atan t = t + t z P(z), z = t^2, with Cephes'
 * atanf minimax P. The octant then gives atan2 = k pi/4 + s atan t (k in 0..4, s = +-1),
 * with pi/4 in two parts so the constant adds no rounding of its own, and the sign of y.
 * Measured by tests/test_wide_math.c against double atan2 over 2^21 points of every angle
 * and radii from 1e-30 to 1e30: <= 2 ULP. Edge cases: a NaN gives NaN; hi == 0 gives +0 or
 * +pi (x < 0); libm's signed-zero cases (atan2(-0, x) = -0, atan2(+-0, -0) = +-pi) come back
 * as +0 / +pi, and both infinite gives NaN rather than +-pi/4, +-3pi/4. */
static inline mote_wf mote_w_atan2(mote_wf y, mote_wf x) {
    const mote_wf zero = mote_w_set1(0.0f);
    const mote_wf one = mote_w_set1(1.0f);
    mote_wf ax = mote_w_abs(x);
    mote_wf ay = mote_w_abs(y);
    mote_wm swap = mote_w_gt(ay, ax);
    mote_wf lo = mote_w_select(swap, ax, ay);
    mote_wf hi = mote_w_select(swap, ay, ax);
    mote_wm big = mote_w_gt(lo, mote_w_mul(hi, mote_w_set1(0.414213562373095049f)));
    mote_wf t = mote_w_div(mote_w_select(big, mote_w_sub(lo, hi), lo),
                           mote_w_select(big, mote_w_add(lo, hi), hi));
    t = mote_w_select(mote_w_eq(hi, zero), zero, t);
    mote_wf z = mote_w_mul(t, t);
    mote_wf p = mote_w_fma(mote_w_set1(8.05374449538e-2f), z, mote_w_set1(-1.38776856032e-1f));
    p = mote_w_fma(p, z, mote_w_set1(1.99777106478e-1f));
    p = mote_w_fma(p, z, mote_w_set1(-3.33329491539e-1f));
    mote_wf r = mote_w_fma(mote_w_mul(t, z), p, t);
    /* octant: a = k pi/4 + s r */
    mote_wf k = mote_w_select(big, one, zero);
    mote_wf s = one;
    k = mote_w_select(swap, mote_w_sub(mote_w_set1(2.0f), k), k);
    s = mote_w_select(swap, mote_w_neg(s), s);
    mote_wm left = mote_w_lt(x, zero);
    k = mote_w_select(left, mote_w_sub(mote_w_set1(4.0f), k), k);
    s = mote_w_select(left, mote_w_neg(s), s);
    const float pi4_hi = 0.78515625f; /* 8 bits: k pi4_hi is exact */
    const float pi4_lo = 2.41913397448309615e-4f;
    mote_wf a = mote_w_fma(s, r, mote_w_mul(k, mote_w_set1(pi4_hi)));
    a = mote_w_fma(k, mote_w_set1(pi4_lo), a);
    return mote_w_select(mote_w_lt(y, zero), mote_w_neg(a), a);
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
    /* fmodf keeps the sign of x on an exact zero: x * 0 is that signed zero. */
    r = mote_w_select(mote_w_eq(r, mote_w_set1(0.0f)), mote_w_mul(x, mote_w_set1(0.0f)), r);
    mote_wf turn = mote_w_set1(two_pi);
    r = mote_w_select(mote_w_ge(r, mote_w_set1(3.14159274101257324f)), mote_w_sub(r, turn), r);
    r = mote_w_select(mote_w_le(r, mote_w_set1(-3.14159274101257324f)), mote_w_add(r, turn), r);
    return r;
}

/* ln x for x in [2^-126, 2^126]. x = 2^k m with m in [1, 2) read off its bits (its exponent
 * field and its mantissa; a subnormal x is first scaled by 2^64, exactly), then m brought into
 * [sqrt(1/2), sqrt 2), and ln m = 2 atanh(f) = 2 f + f z P(z), f = (m - 1) / (m + 1),
 * z = f^2 <= 0.0295, P the atanh series to z^4 (truncation below 3e-9 relative);
 * ln x = k ln2_hi + (k ln2_lo + ln m), ln2 in two parts so k ln2_hi is exact. +inf and NaN give
 * NaN; 0 gives a large negative number, not -inf (callers select). */
static inline mote_wf mote_w_log(mote_wf x) {
    mote_wm subnormal = mote_w_lt(x, mote_w_set1(0x1p-126f));
    mote_wf xn = mote_w_select(subnormal, mote_w_mul(x, mote_w_set1(0x1p64f)), x);
    mote_wf k = mote_w_sub(mote_w_exponent_field(xn), mote_w_set1(127.0f));
    k = mote_w_select(subnormal, mote_w_sub(k, mote_w_set1(64.0f)), k);
    mote_wf m = mote_w_mantissa_of(xn);
    mote_wm high = mote_w_gt(m, mote_w_set1(1.41421356f));
    m = mote_w_select(high, mote_w_mul(m, mote_w_set1(0.5f)), m);
    k = mote_w_select(high, mote_w_add(k, mote_w_set1(1.0f)), k);
    const mote_wf one = mote_w_set1(1.0f);
    mote_wf f = mote_w_div(mote_w_sub(m, one), mote_w_add(m, one));
    mote_wf z = mote_w_mul(f, f);
    mote_wf p = mote_w_fma(mote_w_set1(0.181818182f), z, mote_w_set1(0.222222222f));
    p = mote_w_fma(p, z, mote_w_set1(0.285714286f));
    p = mote_w_fma(p, z, mote_w_set1(0.4f));
    p = mote_w_fma(p, z, mote_w_set1(0.666666667f));
    mote_wf ln_m = mote_w_fma(mote_w_mul(f, z), p, mote_w_add(f, f));
    mote_wf r = mote_w_fma(k, mote_w_set1(-2.12194440e-4f), ln_m);
    r = mote_w_fma(k, mote_w_set1(0.693359375f), r);
    /* x - x: NaN for +inf and for NaN (which the bits above would read as a number) */
    return mote_w_select(mote_w_lt(x, mote_w_set1(INFINITY)), r, mote_w_sub(x, x));
}

/* x^y for x >= 0 and y > 0: e^(y ln x), and 0 where x is 0. The product y ln x rounds once,
 * which e^ amplifies to about |y ln x| ULP of the result: within 32 ULP for x >= 2^-20,
 * y <= 2. */
static inline mote_wf mote_w_pow(mote_wf x, mote_wf y) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wm is_zero = mote_w_le(x, zero);
    mote_wf safe = mote_w_select(is_zero, mote_w_set1(1.0f), x);
    mote_wf r = mote_w_exp(mote_w_mul(y, mote_w_log(safe)));
    return mote_w_select(is_zero, zero, r);
}

#endif
