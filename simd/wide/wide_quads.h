/* Four component vectors stored transposed: element j of the vector (j < n) gets its four
 * components (a_j, b_j, c_j, d_j) as four consecutive floats at out + j stride, unaligned. The
 * pose writer packs structures of arrays into a caller's array of structures with it. Pure data
 * movement, so every backend writes the same bits; per backend a 4x4 transpose in each 128-bit
 * lane (unpack and shuffle on x86, trn and combine on NEON), then one 128-bit store per
 * element. Nothing outside the n quads is written. */
#ifndef MOTE_WIDE_QUADS_H
#define MOTE_WIDE_QUADS_H

#include "wide.h"

#if defined(MOTE_WIDE_PORTABLE)

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    (void)stride;
    if (n > 0) {
        out[0] = a, out[1] = b, out[2] = c, out[3] = d;
    }
}

#elif defined(MOTE_WIDE_NEON)

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    const simde_float32x4x2_t ab = simde_vtrnq_f32(a, b); /* a0 b0 a2 b2, a1 b1 a3 b3 */
    const simde_float32x4x2_t cd = simde_vtrnq_f32(c, d);
    const simde_float32x4_t r[4] = {
        simde_vcombine_f32(simde_vget_low_f32(ab.val[0]), simde_vget_low_f32(cd.val[0])),
        simde_vcombine_f32(simde_vget_low_f32(ab.val[1]), simde_vget_low_f32(cd.val[1])),
        simde_vcombine_f32(simde_vget_high_f32(ab.val[0]), simde_vget_high_f32(cd.val[0])),
        simde_vcombine_f32(simde_vget_high_f32(ab.val[1]), simde_vget_high_f32(cd.val[1]))};
    for (size_t j = 0; j < 4; ++j) {
        if (j < n) {
            simde_vst1q_f32(out + j * stride, r[j]);
        }
    }
}

#elif defined(MOTE_WIDE_AVX2)

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    const simde__m256 t0 = simde_mm256_unpacklo_ps(a, b); /* a0 b0 a1 b1 | a4 b4 a5 b5 */
    const simde__m256 t1 = simde_mm256_unpackhi_ps(a, b); /* a2 b2 a3 b3 | a6 b6 a7 b7 */
    const simde__m256 t2 = simde_mm256_unpacklo_ps(c, d);
    const simde__m256 t3 = simde_mm256_unpackhi_ps(c, d);
    const simde__m256 r[4] = {simde_mm256_shuffle_ps(t0, t2, 0x44), /* a0 b0 c0 d0 | a4 b4 c4 d4 */
                              simde_mm256_shuffle_ps(t0, t2, 0xee),
                              simde_mm256_shuffle_ps(t1, t3, 0x44),
                              simde_mm256_shuffle_ps(t1, t3, 0xee)};
    for (size_t j = 0; j < 4; ++j) {
        if (j < n) {
            simde_mm_storeu_ps(out + j * stride, simde_mm256_castps256_ps128(r[j]));
        }
        if (j + 4 < n) {
            simde_mm_storeu_ps(out + (j + 4) * stride, simde_mm256_extractf128_ps(r[j], 1));
        }
    }
}

#elif defined(MOTE_WIDE_AVX512)

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    const simde__m512 t0 = simde_mm512_unpacklo_ps(a, b);
    const simde__m512 t1 = simde_mm512_unpackhi_ps(a, b);
    const simde__m512 t2 = simde_mm512_unpacklo_ps(c, d);
    const simde__m512 t3 = simde_mm512_unpackhi_ps(c, d);
    const simde__m512 r[4] = {
        simde_mm512_shuffle_ps(t0, t2, 0x44), /* element 4k in 128-bit lane k */
        simde_mm512_shuffle_ps(t0, t2, 0xee), simde_mm512_shuffle_ps(t1, t3, 0x44),
        simde_mm512_shuffle_ps(t1, t3, 0xee)};
    for (size_t j = 0; j < 4; ++j) {
        if (j < n) {
            simde_mm_storeu_ps(out + j * stride, simde_mm512_castps512_ps128(r[j]));
        }
        if (j + 4 < n) {
            simde_mm_storeu_ps(out + (j + 4) * stride, simde_mm512_extractf32x4_ps(r[j], 1));
        }
        if (j + 8 < n) {
            simde_mm_storeu_ps(out + (j + 8) * stride, simde_mm512_extractf32x4_ps(r[j], 2));
        }
        if (j + 12 < n) {
            simde_mm_storeu_ps(out + (j + 12) * stride, simde_mm512_extractf32x4_ps(r[j], 3));
        }
    }
}

#endif

#endif
