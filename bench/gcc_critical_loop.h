/* GCC's own vectorization of the critical spring: a plain C loop over structure-of-arrays
 * floats with the formula of mote_spring, compiled with -ffast-math so GCC may call libmvec's
 * vector expf. Built only for x86-64 with GCC, once per flag set (see bench/CMakeLists.txt);
 * MOTE_BENCH_GCC_AVX2 / MOTE_BENCH_GCC_NATIVE say which copies this build has. */
#ifndef MOTE_BENCH_GCC_CRITICAL_LOOP_H
#define MOTE_BENCH_GCC_CRITICAL_LOOP_H

#include <stddef.h>

/* Steps elements [0, count) of a critical spring by dt seconds. Built with
 * -O3 -mavx2 -mfma -ffast-math. */
void bench_gcc_critical_avx2(float *restrict x, float *restrict v, const float *restrict goal,
                             const float *restrict halflife, size_t count, float dt);

/* The same loop built with -O3 -march=native -ffast-math. */
void bench_gcc_critical_native(float *restrict x, float *restrict v, const float *restrict goal,
                               const float *restrict halflife, size_t count, float dt);

#endif
