/* The critical spring with SLEEF on 16-lane AVX-512 vectors (peers.h): the formula of
 * mote_spring, intrinsics for the arithmetic and Sleef_expf16_u10avx512f (1-ULP exp) for e.
 * Built with -mavx512f (bench/peers/peers.cmake); run only where the CPU has AVX-512F. */
#include <immintrin.h>
#include <sleef.h>

#include "mote/spring.h"
#include "peers.h"

#define LANES 16

/* Steps LANES elements. */
static inline void step_vector(float *x, float *v, const float *goal, const float *halflife,
                               __m512 dt) {
    const __m512 zero = _mm512_setzero_ps();
    __m512 h = _mm512_loadu_ps(halflife);
    h = _mm512_mask_mov_ps(h, _mm512_cmp_ps_mask(h, zero, _CMP_LT_OQ), zero); /* NaN stays NaN */
    __m512 damping = _mm512_div_ps(_mm512_set1_ps(4.0f * MOTE_LN2),
                                   _mm512_add_ps(h, _mm512_set1_ps(MOTE_SPRING_EPS)));
    __m512 y = _mm512_div_ps(damping, _mm512_set1_ps(2.0f));
    __m512 ydt = _mm512_mul_ps(y, dt);
    __m512 g = _mm512_loadu_ps(goal);
    __m512 vv = _mm512_loadu_ps(v);
    __m512 j0 = _mm512_sub_ps(_mm512_loadu_ps(x), g);
    __m512 j1 = _mm512_add_ps(vv, _mm512_mul_ps(j0, y));
    __m512 e = Sleef_expf16_u10avx512f(_mm512_sub_ps(zero, ydt));
    _mm512_storeu_ps(x,
                     _mm512_add_ps(_mm512_mul_ps(e, _mm512_add_ps(j0, _mm512_mul_ps(j1, dt))), g));
    _mm512_storeu_ps(v, _mm512_mul_ps(e, _mm512_sub_ps(vv, _mm512_mul_ps(j1, ydt))));
}

/* Steps count elements, count a multiple of LANES. */
static void step_vectors(float *x, float *v, const float *goal, const float *halflife, size_t count,
                         float dt) {
    const __m512 vdt = _mm512_set1_ps(dt);
    for (size_t i = 0; i < count; i += LANES) {
        step_vector(x + i, v + i, goal + i, halflife + i, vdt);
    }
}

void bench_sleef_critical_avx512(float *x, float *v, const float *goal, const float *halflife,
                                 size_t count, float dt) {
    size_t whole = count - count % LANES;
    step_vectors(x, v, goal, halflife, whole, dt);
    if (whole < count) {
        bench_peer_tail(step_vectors, LANES, x + whole, v + whole, goal + whole, halflife + whole,
                        count - whole, dt);
    }
}
