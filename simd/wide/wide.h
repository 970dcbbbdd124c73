/* The wide-lane layer: one lane type (mote_wf), one mask type (mote_wm) and a small set of
 * inline operations, chosen per translation unit by exactly one of
 *   MOTE_WIDE_PORTABLE (1 lane), MOTE_WIDE_AVX2 (8), MOTE_WIDE_AVX512 (16), MOTE_WIDE_NEON (4).
 * Kernels and wide math are written once against these operations.
 *
 * Every operation here is exact or correctly rounded (add, sub, mul, div, sqrt, fma, compare,
 * select, round-to-nearest-even, power-of-two construction, exponent and mantissa fields), so
 * every backend gives the same
 * bits lane for lane. fma is fused on every backend: native FMA on x86 (each x86 variant is
 * built with -mfma: SIMDe only fuses under it), vfmaq_f32 on aarch64, fmaf in the portable
 * build. The wide math uses it; the spring formulas do not, as their scalar reference does
 * not. Deliberately absent: reciprocal and rsqrt estimates, and general min/max (NaN
 * handling differs between x86 and
 * ARM). mote_w_max(bound, a) and mote_w_min(bound, a) take a bound that is never NaN
 * first: then x86 returns a NaN a (its second operand) and ARM returns NaN too, so a NaN stays
 * in its lane on every backend. mote_w_any(m) and mote_w_all(m) test a mask, so a kernel can
 * skip work no lane of the vector selects (its bits are the same either way). */
#ifndef MOTE_WIDE_H
#define MOTE_WIDE_H

#include <stdbool.h> /* mote_w_any */
#include <stddef.h>  /* size_t */
#include <string.h>  /* memcpy: the partial vector's portable form */

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

/* -a, exact. */
static inline mote_wf mote_w_neg(mote_wf a) {
    return mote_w_sub(mote_w_set1(0.0f), a);
}

/* The last partial vector of a range: its first n lanes (0 < n < MOTE_W_LANES) loaded from p
 * with the rest zero, and stored to p without touching p[n] onwards. A backend built natively
 * for masked moves (MOTE_W_MASKED_PARTIAL: AVX2, AVX-512) does each in one instruction;
 * elsewhere, and under SIMDe's emulation (whose masked loads read the whole vector), through
 * lanes on the stack. Either way nothing outside p[0 .. n) is read or written. */
#ifndef MOTE_W_MASKED_PARTIAL
static inline mote_wf mote_w_load_first(const float *p, size_t n) {
    float lanes[MOTE_W_LANES] = {0};
    memcpy(lanes, p, n * sizeof *p);
    return mote_w_load(lanes);
}
static inline void mote_w_store_first(float *p, size_t n, mote_wf a) {
    float lanes[MOTE_W_LANES];
    mote_w_store(lanes, a);
    memcpy(p, lanes, n * sizeof *p);
}
#endif

/* lo where a < lo, hi where a > hi, else a; NaN stays NaN. */
static inline mote_wf mote_w_clamp(mote_wf a, float lo, float hi) {
    return mote_w_min(mote_w_set1(hi), mote_w_max(mote_w_set1(lo), a));
}

#endif
