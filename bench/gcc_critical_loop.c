/* The critical spring as a plain SoA loop, for GCC to vectorize on its own. CMake compiles
 * this file twice, naming the function through BENCH_GCC_CRITICAL_LOOP. */
#include "gcc_critical_loop.h"

#include <math.h>

#include "mote/spring.h"

#ifndef BENCH_GCC_CRITICAL_LOOP
#error "BENCH_GCC_CRITICAL_LOOP must name the function this copy defines"
#endif

void BENCH_GCC_CRITICAL_LOOP(float *restrict x, float *restrict v, const float *restrict goal,
                             const float *restrict halflife, size_t count, float dt) {
    for (size_t i = 0; i < count; ++i) {
        float h = halflife[i] < 0.0f ? 0.0f : halflife[i];
        float y = (4.0f * MOTE_LN2) / (h + MOTE_SPRING_EPS) / 2.0f;
        float j0 = x[i] - goal[i];
        float j1 = v[i] + j0 * y;
        float eydt = expf(-y * dt);
        x[i] = eydt * (j0 + j1 * dt) + goal[i];
        v[i] = eydt * (v[i] - j1 * y * dt);
    }
}
