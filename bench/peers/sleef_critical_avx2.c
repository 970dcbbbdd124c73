/* The critical spring with SLEEF on 8-lane AVX2 vectors (peers.h): the formula of
 * mote_spring, intrinsics for the arithmetic and Sleef_expf8_u10avx2 (1-ULP exp) for e.
 * Built with -mavx2 -mfma (bench/peers/peers.cmake); run only where the CPU has both. */
#include <immintrin.h>
#include <sleef.h>

#include "mote/spring.h"
#include "peers.h"

#define LANES 8

/* Steps LANES elements. */
static inline void step_vector(float *x, float *v, const float *goal, const float *halflife,
                               __m256 dt) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 h = _mm256_loadu_ps(halflife);
    h = _mm256_blendv_ps(h, zero, _mm256_cmp_ps(h, zero, _CMP_LT_OQ)); /* NaN stays NaN */
    __m256 damping = _mm256_div_ps(_mm256_set1_ps(4.0f * MOTE_LN2),
                                   _mm256_add_ps(h, _mm256_set1_ps(MOTE_SPRING_EPS)));
    __m256 y = _mm256_div_ps(damping, _mm256_set1_ps(2.0f));
    __m256 ydt = _mm256_mul_ps(y, dt);
    __m256 g = _mm256_loadu_ps(goal);
    __m256 vv = _mm256_loadu_ps(v);
    __m256 j0 = _mm256_sub_ps(_mm256_loadu_ps(x), g);
    __m256 j1 = _mm256_add_ps(vv, _mm256_mul_ps(j0, y));
    __m256 e = Sleef_expf8_u10avx2(_mm256_sub_ps(zero, ydt));
    _mm256_storeu_ps(x,
                     _mm256_add_ps(_mm256_mul_ps(e, _mm256_add_ps(j0, _mm256_mul_ps(j1, dt))), g));
    _mm256_storeu_ps(v, _mm256_mul_ps(e, _mm256_sub_ps(vv, _mm256_mul_ps(j1, ydt))));
}

/* Steps count elements, count a multiple of LANES. */
static void step_vectors(float *x, float *v, const float *goal, const float *halflife, size_t count,
                         float dt) {
    const __m256 vdt = _mm256_set1_ps(dt);
    for (size_t i = 0; i < count; i += LANES) {
        step_vector(x + i, v + i, goal + i, halflife + i, vdt);
    }
}

void bench_sleef_critical_avx2(float *x, float *v, const float *goal, const float *halflife,
                               size_t count, float dt) {
    size_t whole = count - count % LANES;
    step_vectors(x, v, goal, halflife, whole, dt);
    if (whole < count) {
        bench_peer_tail(step_vectors, LANES, x + whole, v + whole, goal + whole, halflife + whole,
                        count - whole, dt);
    }
}
