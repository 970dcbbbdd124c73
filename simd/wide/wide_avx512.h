/* AVX-512 backend: 16 lanes of simde__m512 with simde__mmask16 masks. Built with -mavx512f
 * for the native variant; through SIMDe on other hosts for the emulated one. */
#ifndef MOTE_WIDE_AVX512_H
#define MOTE_WIDE_AVX512_H

#include <stdbool.h>
#include <simde/x86/avx512.h>

#define MOTE_W_LANES 16
#define MOTE_W_NAME  "avx512"

typedef simde__m512 mote_wf;
typedef simde__mmask16 mote_wm;

static inline mote_wf mote_w_set1(float a) {
    return simde_mm512_set1_ps(a);
}
static inline mote_wf mote_w_load(const float *p) {
    return simde_mm512_loadu_ps(p);
}
static inline void mote_w_store(float *p, mote_wf a) {
    simde_mm512_storeu_ps(p, a);
}
#if defined(SIMDE_X86_AVX512F_NATIVE)
/* wide.h's mote_w_load_first and mote_w_store_first as masked moves (lanes below n). */
#define MOTE_W_MASKED_PARTIAL
static inline mote_wf mote_w_load_first(const float *p, size_t n) {
    return _mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1u), p);
}
static inline void mote_w_store_first(float *p, size_t n, mote_wf a) {
    _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1u), a);
}
#endif
static inline mote_wf mote_w_add(mote_wf a, mote_wf b) {
    return simde_mm512_add_ps(a, b);
}
static inline mote_wf mote_w_sub(mote_wf a, mote_wf b) {
    return simde_mm512_sub_ps(a, b);
}
static inline mote_wf mote_w_mul(mote_wf a, mote_wf b) {
    return simde_mm512_mul_ps(a, b);
}
/* a * b + c with one rounding (native AVX-512F; the emulated variant is built with -mfma,
 * where SIMDe splits it into two native 256-bit fmas). */
static inline mote_wf mote_w_fma(mote_wf a, mote_wf b, mote_wf c) {
    return simde_mm512_fmadd_ps(a, b, c);
}
static inline mote_wf mote_w_div(mote_wf a, mote_wf b) {
    return simde_mm512_div_ps(a, b);
}
static inline mote_wf mote_w_sqrt(mote_wf a) {
    return simde_mm512_sqrt_ps(a);
}
static inline mote_wf mote_w_abs(mote_wf a) {
    return simde_mm512_castsi512_ps(
        simde_mm512_and_si512(simde_mm512_castps_si512(a), simde_mm512_set1_epi32(0x7fffffff)));
}
static inline mote_wf mote_w_round(mote_wf a) {
    return simde_mm512_roundscale_ps(a, SIMDE_MM_FROUND_TO_NEAREST_INT | SIMDE_MM_FROUND_NO_EXC);
}
static inline mote_wf mote_w_max(mote_wf bound, mote_wf a) {
    return simde_mm512_max_ps(bound, a);
}
static inline mote_wf mote_w_min(mote_wf bound, mote_wf a) {
    return simde_mm512_min_ps(bound, a);
}
static inline mote_wm mote_w_lt(mote_wf a, mote_wf b) {
    return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LT_OQ);
}
static inline mote_wm mote_w_le(mote_wf a, mote_wf b) {
    return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ);
}
static inline mote_wm mote_w_gt(mote_wf a, mote_wf b) {
    return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ);
}
static inline mote_wm mote_w_ge(mote_wf a, mote_wf b) {
    return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GE_OQ);
}
static inline mote_wm mote_w_eq(mote_wf a, mote_wf b) {
    return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ);
}
static inline mote_wm mote_w_and(mote_wm a, mote_wm b) {
    return (mote_wm)(a & b);
}
static inline mote_wm mote_w_or(mote_wm a, mote_wm b) {
    return (mote_wm)(a | b);
}
/* Whether any lane of m is set: for skipping work no lane needs (the bits stay those of
 * computing it and selecting). */
static inline bool mote_w_any(mote_wm m) {
    return m != 0;
}
/* Whether every lane of m is set. */
static inline bool mote_w_all(mote_wm m) {
    return m == 0xffff;
}
static inline mote_wf mote_w_select(mote_wm m, mote_wf t, mote_wf f) {
    return simde_mm512_mask_blend_ps(m, f, t);
}
/* 2^n from t = n + 127 + 1.5 * 2^23 (n integer in [-127, 127]): t's low mantissa bits hold the
 * biased exponent n + 127, and shifting them left by 23 drops the rest. 0 for n = -127. */
static inline mote_wf mote_w_pow2_from_biased(mote_wf t) {
    return simde_mm512_castsi512_ps(simde_mm512_slli_epi32(simde_mm512_castps_si512(t), 23));
}

/* The biased exponent field of x (bits 23..30, 0..255) as a float, exact: the field ORed into
 * 2^23's bits is 2^23 + field, and 2^23 is subtracted. */
static inline mote_wf mote_w_exponent_field(mote_wf x) {
    simde__m512i e = simde_mm512_and_si512(simde_mm512_srli_epi32(simde_mm512_castps_si512(x), 23),
                                           simde_mm512_set1_epi32(0xff));
    e = simde_mm512_or_si512(e, simde_mm512_set1_epi32(0x4b000000));
    return simde_mm512_sub_ps(simde_mm512_castsi512_ps(e), simde_mm512_set1_ps(8388608.0f));
}
/* x with its exponent field set to 127, sign and mantissa kept: a positive normal x becomes
 * x / 2^(field - 127), in [1, 2), exactly. */
static inline mote_wf mote_w_mantissa_of(mote_wf x) {
    simde__m512i m = simde_mm512_and_si512(simde_mm512_castps_si512(x),
                                           simde_mm512_set1_epi32((int)0x807fffffu));
    m = simde_mm512_or_si512(m, simde_mm512_set1_epi32(0x3f800000));
    return simde_mm512_castsi512_ps(m);
}

#endif
