/* Four component vectors stored transposed: element j of the vector (j < n) gets its four
 * components (a_j, b_j, c_j, d_j) as four consecutive floats at out + j stride, unaligned
 * (mote_w_store_quads); or eight components as eight consecutive floats (mote_w_store_octets).
 * The pose writer packs structures of arrays into a caller's array of structures with them.
 * Pure data movement, so every backend writes the same bits; per backend a 4x4 transpose in
 * each 128-bit lane (unpack and shuffle on x86, trn and combine on NEON), then one 128-bit store
 * per element and quad, or on x86 one 256-bit store per element and octet (its two quads joined
 * across lanes). Nothing outside the n quads or octets is written. */
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

/* r[j]: element j's a b c d in the low 128 bits, element j + 4's in the high. */
static inline void mote_w_transpose_quads(mote_wf a, mote_wf b, mote_wf c, mote_wf d,
                                          simde__m256 r[4]) {
    const simde__m256 t0 = simde_mm256_unpacklo_ps(a, b); /* a0 b0 a1 b1 | a4 b4 a5 b5 */
    const simde__m256 t1 = simde_mm256_unpackhi_ps(a, b); /* a2 b2 a3 b3 | a6 b6 a7 b7 */
    const simde__m256 t2 = simde_mm256_unpacklo_ps(c, d);
    const simde__m256 t3 = simde_mm256_unpackhi_ps(c, d);
    r[0] = simde_mm256_shuffle_ps(t0, t2, 0x44); /* a0 b0 c0 d0 | a4 b4 c4 d4 */
    r[1] = simde_mm256_shuffle_ps(t0, t2, 0xee);
    r[2] = simde_mm256_shuffle_ps(t1, t3, 0x44);
    r[3] = simde_mm256_shuffle_ps(t1, t3, 0xee);
}

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    simde__m256 r[4];
    mote_w_transpose_quads(a, b, c, d, r);
    for (size_t j = 0; j < 4; ++j) {
        if (j < n) {
            simde_mm_storeu_ps(out + j * stride, simde_mm256_castps256_ps128(r[j]));
        }
        if (j + 4 < n) {
            simde_mm_storeu_ps(out + (j + 4) * stride, simde_mm256_extractf128_ps(r[j], 1));
        }
    }
}

/* Two quads per element, a b c d then e f g h, as one 32-byte store per element: the two 4x4
 * transposes of mote_w_store_quads, then each element's two quads joined across lanes. */
static inline void mote_w_store_octets(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                       mote_wf c, mote_wf d, mote_wf e, mote_wf f, mote_wf g,
                                       mote_wf h) {
    simde__m256 lo[4], hi[4];
    mote_w_transpose_quads(a, b, c, d, lo);
    mote_w_transpose_quads(e, f, g, h, hi);
    for (size_t j = 0; j < 4; ++j) {
        if (j < n) {
            simde_mm256_storeu_ps(out + j * stride,
                                  simde_mm256_permute2f128_ps(lo[j], hi[j], 0x20));
        }
        if (j + 4 < n) {
            simde_mm256_storeu_ps(out + (j + 4) * stride,
                                  simde_mm256_permute2f128_ps(lo[j], hi[j], 0x31));
        }
    }
}

/* Lane j gets a's lane j + 1 (the last lane keeps its own): each element's next element. */
static inline mote_wf mote_w_next_lanes(mote_wf a) {
    return simde_mm256_permutevar8x32_ps(a, simde_mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7));
}

#define MOTE_W_OCTET_RUNS /* 7-float records packed as overlapping 32-byte stores pay here */

#elif defined(MOTE_WIDE_AVX512)

/* r[j]: element j + 4k's a b c d in 128-bit lane k. */
static inline void mote_w_transpose_quads(mote_wf a, mote_wf b, mote_wf c, mote_wf d,
                                          simde__m512 r[4]) {
    const simde__m512 t0 = simde_mm512_unpacklo_ps(a, b);
    const simde__m512 t1 = simde_mm512_unpackhi_ps(a, b);
    const simde__m512 t2 = simde_mm512_unpacklo_ps(c, d);
    const simde__m512 t3 = simde_mm512_unpackhi_ps(c, d);
    r[0] = simde_mm512_shuffle_ps(t0, t2, 0x44);
    r[1] = simde_mm512_shuffle_ps(t0, t2, 0xee);
    r[2] = simde_mm512_shuffle_ps(t1, t3, 0x44);
    r[3] = simde_mm512_shuffle_ps(t1, t3, 0xee);
}

static inline void mote_w_store_quads(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                      mote_wf c, mote_wf d) {
    simde__m512 r[4];
    mote_w_transpose_quads(a, b, c, d, r);
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

/* Two quads per element as one 32-byte store per element: the two 4x4 transposes, then one
 * two-source permute per pair of 128-bit lanes, putting element j + 4k's two quads side by side
 * (elements j and j + 8 from lanes 0 and 2, j + 4 and j + 12 from lanes 1 and 3). */
static inline void mote_w_store_octets(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                       mote_wf c, mote_wf d, mote_wf e, mote_wf f, mote_wf g,
                                       mote_wf h) {
    simde__m512 lo[4], hi[4];
    mote_w_transpose_quads(a, b, c, d, lo);
    mote_w_transpose_quads(e, f, g, h, hi);
    /* indices 0-15 from lo, 16-31 from hi */
    const simde__m512i even =
        simde_mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const simde__m512i odd =
        simde_mm512_setr_epi32(4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    for (size_t j = 0; j < 4; ++j) {
        const simde__m512 r02 = simde_mm512_permutex2var_ps(lo[j], even, hi[j]);
        const simde__m512 r13 = simde_mm512_permutex2var_ps(lo[j], odd, hi[j]);
        if (j < n) {
            simde_mm256_storeu_ps(out + j * stride, simde_mm512_castps512_ps256(r02));
        }
        if (j + 4 < n) {
            simde_mm256_storeu_ps(out + (j + 4) * stride, simde_mm512_castps512_ps256(r13));
        }
        if (j + 8 < n) {
            simde_mm256_storeu_ps(
                out + (j + 8) * stride,
                simde_mm256_castpd_ps(simde_mm512_extractf64x4_pd(simde_mm512_castps_pd(r02), 1)));
        }
        if (j + 12 < n) {
            simde_mm256_storeu_ps(
                out + (j + 12) * stride,
                simde_mm256_castpd_ps(simde_mm512_extractf64x4_pd(simde_mm512_castps_pd(r13), 1)));
        }
    }
}

#endif

#if !defined(MOTE_WIDE_AVX2) && !defined(MOTE_WIDE_AVX512)
/* Two quads per element, a b c d then e f g h: eight consecutive floats. */
static inline void mote_w_store_octets(float *out, size_t stride, size_t n, mote_wf a, mote_wf b,
                                       mote_wf c, mote_wf d, mote_wf e, mote_wf f, mote_wf g,
                                       mote_wf h) {
    mote_w_store_quads(out, stride, n, a, b, c, d);
    mote_w_store_quads(out + 4, stride, n, e, f, g, h);
}
#endif

#endif
