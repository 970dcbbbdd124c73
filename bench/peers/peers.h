/* The peers: the critical spring written over the benchmark's four float arrays (x, v, goal,
 * halflife; bench_springs.h) with the SIMD libraries a user would pick instead of mote, as
 * baselines in the same run as the pools. Each is built only where its Debian package was
 * found (bench/peers/peers.cmake), which this build says through these macros:
 *   MOTE_BENCH_HIGHWAY       Highway (libhwy-dev), dynamic dispatch, Highway's own Exp
 *   MOTE_BENCH_SLEEF_AVX2    SLEEF (libsleef-dev), Sleef_expf8_u10avx2, built -mavx2 -mfma
 *   MOTE_BENCH_SLEEF_AVX512  SLEEF, Sleef_expf16_u10avx512f, built -mavx512f
 * Every peer computes mote_spring's formula (engine/kinds/spring/spring_ref.c) element by element:
 *   y = 4 ln2 / (max(halflife, 0) + eps) / 2,  j0 = x - goal,  j1 = v + j0 y,
 *   e = exp(-y dt),  x' = e (j0 + j1 dt) + goal,  v' = e (v - j1 y dt),
 * with the library's exp in place of libm's, any count (a last partial vector through a
 * padded copy), dt in seconds. */
#ifndef MOTE_BENCH_PEERS_H
#define MOTE_BENCH_PEERS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One step of dt seconds of elements [0, count) of a critical spring over float arrays. */
typedef void (*bench_critical_step)(float *x, float *v, const float *goal, const float *halflife,
                                    size_t count, float dt);

/* Highway's step, through HWY_DYNAMIC_DISPATCH (the best target this CPU runs). */
void bench_highway_critical(float *x, float *v, const float *goal, const float *halflife,
                            size_t count, float dt);

/* The name of the Highway target bench_highway_critical dispatches to ("AVX3", "AVX2", ...). */
const char *bench_highway_target(void);

/* SLEEF's step with 8-lane AVX2 vectors and Sleef_expf8_u10avx2 (1 ULP). Needs AVX2 and FMA:
 * call only where bench_peer_cpu_has_avx2_fma() is true. */
void bench_sleef_critical_avx2(float *x, float *v, const float *goal, const float *halflife,
                               size_t count, float dt);

/* SLEEF's step with 16-lane AVX-512 vectors and Sleef_expf16_u10avx512f (1 ULP). Needs
 * AVX-512F: call only where bench_peer_cpu_has_avx512f() is true. */
void bench_sleef_critical_avx512(float *x, float *v, const float *goal, const float *halflife,
                                 size_t count, float dt);

/* True where the CPU (and the OS) runs AVX2 and FMA. */
bool bench_peer_cpu_has_avx2_fma(void);

/* True where the CPU (and the OS) runs AVX-512F. */
bool bench_peer_cpu_has_avx512f(void);

/* A peer's last partial vector: copies the count (< lanes <= BENCH_PEER_MAX_LANES) elements
 * into padded arrays (the padding a resting spring of half-life 1 s), steps lanes elements
 * there with block, and copies the count results back. */
#define BENCH_PEER_MAX_LANES 64
void bench_peer_tail(bench_critical_step block, size_t lanes, float *x, float *v, const float *goal,
                     const float *halflife, size_t count, float dt);

/* How far a peer's x and v may be from mote_spring's after one step, in mote-compare's
 * scaled ULP (tools/common/scaled_ulp.h; the scale the largest |x|, |v|, |goal| before and
 * after). Measured over 4M springs of the benchmark's ranges: Highway 1.0.3's AVX3 target 5
 * (its Exp is within 1 ULP, the products around it add the rest; half the elements
 * bit-identical), SLEEF 3.5.1's 4 for x and 2 for v (96% bit-identical). mote's own critical
 * kernels are held to 4 (engine/kinds/spring/spring_bounds.h). A wrong formula is far outside: a
 * decay rate off by 5e-6 of itself already differs by 11. */
#define BENCH_PEER_MAX_ULP 8

/* Steps a copy of the first elements of the arrays (a few hundred, so a partial vector is
 * among them) with step and with the scalar reference mote_spring, and compares every x and
 * v within BENCH_PEER_MAX_ULP. True if all agree; else false with a message naming the first
 * element that does not (written into message, size bytes). A wrong peer must not look fast. */
bool bench_peer_agrees(bench_critical_step step, const float *x, const float *v, const float *goal,
                       const float *halflife, size_t count, float dt, char *message, size_t size);

#ifdef __cplusplus
}
#endif

#endif
