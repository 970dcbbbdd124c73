/* The wide-lane layer: one lane type (mote_wf), one mask type (mote_wm) and a small set of
 * inline operations, chosen per translation unit by exactly one of
 *   MOTE_WIDE_PORTABLE (1 lane), MOTE_WIDE_AVX2 (8), MOTE_WIDE_AVX512 (16), MOTE_WIDE_NEON (4).
 * Kernels and wide math are written once against these operations.
 *
 * Every operation here is exact or correctly rounded (add, sub, mul, div, sqrt, compare,
 * select, round-to-nearest-even, power-of-two construction), and none is fused, so every
 * backend gives the same bits lane for lane. Deliberately absent: fma (SIMDe lowers it to a
 * multiply and an add where the file lacks -mfma, and the portable build would need a libm
 * call), reciprocal and rsqrt estimates, and min/max (NaN handling differs between x86 and
 * ARM; clamps are written as compare + select instead, which keeps NaN in its lane). */
#ifndef MOTE_WIDE_H
#define MOTE_WIDE_H

#if defined(MOTE_WIDE_PORTABLE)
#include "wide_portable.h"
#elif defined(MOTE_WIDE_AVX2)
#include "wide_avx2.h"
#elif defined(MOTE_WIDE_AVX512)
#include "wide_avx512.h"
#elif defined(MOTE_WIDE_NEON)
#include "wide_neon.h"
#else
#error "define one of MOTE_WIDE_PORTABLE, MOTE_WIDE_AVX2, MOTE_WIDE_AVX512, MOTE_WIDE_NEON"
#endif

/* Derived operations, the same for every backend. */

/* a * b + c, rounded twice (never fused: see above). */
static inline mote_wf mote_w_mul_add(mote_wf a, mote_wf b, mote_wf c) {
    return mote_w_add(mote_w_mul(a, b), c);
}

/* -a, exact. */
static inline mote_wf mote_w_neg(mote_wf a) {
    return mote_w_sub(mote_w_set1(0.0f), a);
}

/* lo where a < lo, hi where a > hi, else a; NaN stays NaN. */
static inline mote_wf mote_w_clamp(mote_wf a, float lo, float hi) {
    mote_wf l = mote_w_set1(lo);
    mote_wf h = mote_w_set1(hi);
    a = mote_w_select(mote_w_lt(a, l), l, a);
    return mote_w_select(mote_w_gt(a, h), h, a);
}

#endif
