/* The memory-only baseline (see memory_loop.h). On x86-64 with GCC the loop is built for
 * AVX-512F, AVX2 and the baseline ISA, and the loader picks the widest the CPU has: the 256-bit
 * build moves 8M elements about 13% faster here than the baseline SSE2 one, and the baseline
 * must not understate what memory allows. (Clang 14 resolves target_clones only for callers
 * in the same file, so Clang builds get the baseline loop.) */
#include "memory_loop.h"

#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__)
#define WIDEST_VECTORS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define WIDEST_VECTORS
#endif

WIDEST_VECTORS
void bench_memory_critical(float *restrict x, float *restrict v, const float *restrict goal,
                           const float *restrict halflife, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        float old_x = x[i];
        x[i] = goal[i] - v[i];
        v[i] = old_x - halflife[i];
    }
}

WIDEST_VECTORS
void bench_memory_critical_cached(float *restrict x, float *restrict v, const float *restrict goal,
                                  const float *restrict halflife, const float *restrict key,
                                  const float *restrict factor, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        float old_x = x[i];
        x[i] = goal[i] - v[i];
        v[i] = old_x - halflife[i] - (key[i] - factor[i]);
    }
}
