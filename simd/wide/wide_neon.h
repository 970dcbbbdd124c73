/* NEON backend: 4 lanes of simde_float32x4_t. Native on aarch64; on x86 SIMDe lowers it to
 * SSE, which keeps the same 128-bit width. */
#ifndef MOTE_WIDE_NEON_H
#define MOTE_WIDE_NEON_H

#include <stdbool.h>
#include <math.h>
#include <simde/arm/neon.h>

#define MOTE_W_LANES 4
#define MOTE_W_NAME  "neon"

typedef simde_float32x4_t mote_wf;
typedef simde_uint32x4_t mote_wm;

static inline mote_wf mote_w_set1(float a) {
    return simde_vdupq_n_f32(a);
}
static inline mote_wf mote_w_load(const float *p) {
    return simde_vld1q_f32(p);
}
static inline void mote_w_store(float *p, mote_wf a) {
    simde_vst1q_f32(p, a);
}
static inline mote_wf mote_w_add(mote_wf a, mote_wf b) {
    return simde_vaddq_f32(a, b);
}
static inline mote_wf mote_w_sub(mote_wf a, mote_wf b) {
    return simde_vsubq_f32(a, b);
}
static inline mote_wf mote_w_mul(mote_wf a, mote_wf b) {
    return simde_vmulq_f32(a, b);
}
/* a * b + c with one rounding: vfmaq_f32 on aarch64; on x86 SIMDe lowers it to _mm_fmadd_ps
 * only under -mfma, which the x86 neon variant is built with. */
static inline mote_wf mote_w_fma(mote_wf a, mote_wf b, mote_wf c) {
    return simde_vfmaq_f32(c, a, b);
}
/* SIMDe 0.7 has no vdivq_f32/vsqrtq_f32: native A64 intrinsics where they exist, else one
 * correctly rounded scalar operation per lane (the same bits). */
static inline mote_wf mote_w_div(mote_wf a, mote_wf b) {
#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
    return vdivq_f32(a, b);
#else
    float x[4], y[4];
    simde_vst1q_f32(x, a);
    simde_vst1q_f32(y, b);
    for (int i = 0; i < 4; ++i) {
        x[i] = x[i] / y[i];
    }
    return simde_vld1q_f32(x);
#endif
}
static inline mote_wf mote_w_sqrt(mote_wf a) {
#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
    return vsqrtq_f32(a);
#else
    float x[4];
    simde_vst1q_f32(x, a);
    for (int i = 0; i < 4; ++i) {
        x[i] = sqrtf(x[i]);
    }
    return simde_vld1q_f32(x);
#endif
}
static inline mote_wf mote_w_abs(mote_wf a) {
    return simde_vabsq_f32(a);
}
static inline mote_wf mote_w_round(mote_wf a) {
    return simde_vrndnq_f32(a);
}
static inline mote_wf mote_w_max(mote_wf bound, mote_wf a) {
    return simde_vmaxq_f32(bound, a);
}
static inline mote_wf mote_w_min(mote_wf bound, mote_wf a) {
    return simde_vminq_f32(bound, a);
}
static inline mote_wm mote_w_lt(mote_wf a, mote_wf b) {
    return simde_vcltq_f32(a, b);
}
static inline mote_wm mote_w_le(mote_wf a, mote_wf b) {
    return simde_vcleq_f32(a, b);
}
static inline mote_wm mote_w_gt(mote_wf a, mote_wf b) {
    return simde_vcgtq_f32(a, b);
}
static inline mote_wm mote_w_ge(mote_wf a, mote_wf b) {
    return simde_vcgeq_f32(a, b);
}
static inline mote_wm mote_w_eq(mote_wf a, mote_wf b) {
    return simde_vceqq_f32(a, b);
}
static inline mote_wm mote_w_and(mote_wm a, mote_wm b) {
    return simde_vandq_u32(a, b);
}
static inline mote_wm mote_w_or(mote_wm a, mote_wm b) {
    return simde_vorrq_u32(a, b);
}
/* Whether any lane of m is set: for skipping work no lane needs (the bits stay those of
 * computing it and selecting). */
static inline bool mote_w_any(mote_wm m) {
    return simde_vmaxvq_u32(m) != 0;
}
/* Whether every lane of m is set. */
static inline bool mote_w_all(mote_wm m) {
    return simde_vminvq_u32(m) != 0;
}
static inline mote_wf mote_w_select(mote_wm m, mote_wf t, mote_wf f) {
    return simde_vbslq_f32(m, t, f);
}
/* 2^n from t = n + 127 + 1.5 * 2^23 (n integer in [-127, 127]): t's low mantissa bits hold the
 * biased exponent n + 127, and shifting them left by 23 drops the rest. 0 for n = -127. */
static inline mote_wf mote_w_pow2_from_biased(mote_wf t) {
    return simde_vreinterpretq_f32_u32(simde_vshlq_n_u32(simde_vreinterpretq_u32_f32(t), 23));
}

/* The biased exponent field of x (bits 23..30, 0..255) as a float, exact: the field ORed into
 * 2^23's bits is 2^23 + field, and 2^23 is subtracted. */
static inline mote_wf mote_w_exponent_field(mote_wf x) {
    simde_uint32x4_t e = simde_vandq_u32(simde_vshrq_n_u32(simde_vreinterpretq_u32_f32(x), 23),
                                         simde_vdupq_n_u32(0xffu));
    e = simde_vorrq_u32(e, simde_vdupq_n_u32(0x4b000000u));
    return simde_vsubq_f32(simde_vreinterpretq_f32_u32(e), simde_vdupq_n_f32(8388608.0f));
}
/* x with its exponent field set to 127, sign and mantissa kept: a positive normal x becomes
 * x / 2^(field - 127), in [1, 2), exactly. */
static inline mote_wf mote_w_mantissa_of(mote_wf x) {
    simde_uint32x4_t m =
        simde_vandq_u32(simde_vreinterpretq_u32_f32(x), simde_vdupq_n_u32(0x807fffffu));
    return simde_vreinterpretq_f32_u32(simde_vorrq_u32(m, simde_vdupq_n_u32(0x3f800000u)));
}

#endif
