/* The critical spring with SLEEF (peers.h): the formula of mote_spring, intrinsics for the
 * arithmetic and SLEEF's 1-ULP exp for e. One source built once per ISA by
 * bench/peers/peers.cmake, SLEEF_CRITICAL_FN naming the function: with -mavx512f on 16-lane
 * AVX-512 vectors (Sleef_expf16_u10avx512f), with -mavx2 -mfma on 8-lane AVX2 ones
 * (Sleef_expf8_u10avx2); each runs only where the CPU has its ISA. */
#include <immintrin.h>
#include <sleef.h>

#include "mote/spring.h"
#include "peers.h"

#if defined(__AVX512F__)
#define LANES 16
typedef __m512 vec;
#define V(op)     _mm512_##op
#define SLEEF_EXP Sleef_expf16_u10avx512f
/* lanes where h < 0 (NaN stays NaN) set to zero */
#define ZERO_NEGATIVE(h, zero) _mm512_mask_mov_ps(h, _mm512_cmp_ps_mask(h, zero, _CMP_LT_OQ), zero)
#else
#define LANES                  8
typedef __m256 vec;
#define V(op)                  _mm256_##op
#define SLEEF_EXP              Sleef_expf8_u10avx2
#define ZERO_NEGATIVE(h, zero) _mm256_blendv_ps(h, zero, _mm256_cmp_ps(h, zero, _CMP_LT_OQ))
#endif

/* Steps LANES elements. */
static inline void step_vector(float *x, float *v, const float *goal, const float *halflife,
                               vec dt) {
    const vec zero = V(setzero_ps)();
    vec h = ZERO_NEGATIVE(V(loadu_ps)(halflife), zero);
    vec damping = V(div_ps)(V(set1_ps)(4.0f * MOTE_LN2), V(add_ps)(h, V(set1_ps)(MOTE_SPRING_EPS)));
    vec y = V(div_ps)(damping, V(set1_ps)(2.0f));
    vec ydt = V(mul_ps)(y, dt);
    vec g = V(loadu_ps)(goal);
    vec vv = V(loadu_ps)(v);
    vec j0 = V(sub_ps)(V(loadu_ps)(x), g);
    vec j1 = V(add_ps)(vv, V(mul_ps)(j0, y));
    vec e = SLEEF_EXP(V(sub_ps)(zero, ydt));
    V(storeu_ps)(x, V(add_ps)(V(mul_ps)(e, V(add_ps)(j0, V(mul_ps)(j1, dt))), g));
    V(storeu_ps)(v, V(mul_ps)(e, V(sub_ps)(vv, V(mul_ps)(j1, ydt))));
}

/* Steps count elements, count a multiple of LANES. */
static void step_vectors(float *x, float *v, const float *goal, const float *halflife, size_t count,
                         float dt) {
    const vec vdt = V(set1_ps)(dt);
    for (size_t i = 0; i < count; i += LANES) {
        step_vector(x + i, v + i, goal + i, halflife + i, vdt);
    }
}

void SLEEF_CRITICAL_FN(float *x, float *v, const float *goal, const float *halflife, size_t count,
                       float dt) {
    size_t whole = count - count % LANES;
    step_vectors(x, v, goal, halflife, whole, dt);
    if (whole < count) {
        bench_peer_tail(step_vectors, LANES, x + whole, v + whole, goal + whole, halflife + whole,
                        count - whole, dt);
    }
}
