/* What every peer shares: the CPU checks, the last partial vector, and the check against the
 * scalar reference (peers.h). Built with the project's flags: it runs on any x86-64. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mote/spring.h"
#include "peers.h"
#include "scaled_ulp.h"

bool bench_peer_cpu_has_avx2_fma(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

bool bench_peer_cpu_has_avx512f(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx512f");
#else
    return false;
#endif
}

void bench_peer_tail(bench_critical_step block, size_t lanes, float *x, float *v, const float *goal,
                     const float *halflife, size_t count, float dt) {
    float px[BENCH_PEER_MAX_LANES] = {0}, pv[BENCH_PEER_MAX_LANES] = {0};
    float pgoal[BENCH_PEER_MAX_LANES] = {0}, phalflife[BENCH_PEER_MAX_LANES];
    for (size_t i = 0; i < BENCH_PEER_MAX_LANES; ++i) {
        phalflife[i] = 1.0f;
    }
    memcpy(px, x, count * sizeof(float));
    memcpy(pv, v, count * sizeof(float));
    memcpy(pgoal, goal, count * sizeof(float));
    memcpy(phalflife, halflife, count * sizeof(float));
    block(px, pv, pgoal, phalflife, lanes, dt);
    memcpy(x, px, count * sizeof(float));
    memcpy(v, pv, count * sizeof(float));
}

/* Elements the check steps: more than a few vectors of every width, and not a multiple of
 * any, so the partial vector is checked too. */
#define CHECK_COUNT 259

static float larger(float a, float b) {
    return a > b ? a : b;
}

bool bench_peer_agrees(bench_critical_step step, const float *x, const float *v, const float *goal,
                       const float *halflife, size_t count, float dt, char *message, size_t size) {
    size_t n = count < CHECK_COUNT ? count : CHECK_COUNT;
    float px[CHECK_COUNT], pv[CHECK_COUNT];
    memcpy(px, x, n * sizeof(float));
    memcpy(pv, v, n * sizeof(float));
    step(px, pv, goal, halflife, n, dt);
    for (size_t i = 0; i < n; ++i) {
        float rx = x[i], rv = v[i];
        mote_spring(&rx, &rv, goal[i], halflife[i], dt);
        /* The scaled ULP of mote-compare: at the largest |x|, |v|, |goal| before and after. */
        float scale = larger(larger(fabsf(x[i]), fabsf(v[i])), larger(fabsf(goal[i]), fabsf(rx)));
        scale = larger(scale, fabsf(rv));
        double ex = scaled_ulp_distance(px[i], rx, scale);
        double ev = scaled_ulp_distance(pv[i], rv, scale);
        if (!(ex <= BENCH_PEER_MAX_ULP) || !(ev <= BENCH_PEER_MAX_ULP)) {
            snprintf(message, size,
                     "peer disagrees with mote_spring at element %zu: x %.9g vs %.9g (%.1f scaled "
                     "ULP), v %.9g vs %.9g (%.1f), bound %d",
                     i, (double)px[i], (double)rx, ex, (double)pv[i], (double)rv, ev,
                     BENCH_PEER_MAX_ULP);
            return false;
        }
    }
    return true;
}
