/* Internal: one wide path of the snapshot's bulk work (snapshot_wide.h), compiled by a file that
 * sets XXH_VECTOR (xxHash's choice of instruction set), MOTE_SNAPSHOT_HASH_PATH and
 * MOTE_SNAPSHOT_COPY_PATH (the functions' names) and builds with that instruction set's flags:
 * snapshot_wide_avx2.c, snapshot_wide_avx512.c. The copy's vector width follows the flags
 * (__AVX512F__: 512 bits, else 256). */
#include "snapshot_wide.h"

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#define XXH_INLINE_ALL
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds" /* as in pool_snapshot.c */
#endif
#include <xxhash.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void MOTE_SNAPSHOT_HASH_PATH(void *state, const void *bytes, size_t n) {
    (void)XXH3_64bits_update((XXH3_state_t *)state, bytes, n);
}

#if defined(__AVX512F__)
#define COPY_LANES 16
typedef __m512i copy_vec;
typedef __mmask16 copy_bad;
#define COPY_BAD_NONE         ((__mmask16)0)
#define COPY_SPLAT(x)         _mm512_set1_epi32(x)
#define COPY_LOAD(p)          _mm512_loadu_si512((const void *)(p))
#define COPY_STORE(p, v)      _mm512_storeu_si512((void *)(p), v)
#define COPY_STREAM(p, v)     _mm512_stream_si512((void *)(p), v)
#define COPY_BAD(bad, v, exp) ((bad) | _mm512_cmpeq_epi32_mask(_mm512_and_si512(v, exp), exp))
#define COPY_ANY(bad)         ((bad) != 0)
#else
#define COPY_LANES        8
typedef __m256i copy_vec;
typedef __m256i copy_bad;
#define COPY_BAD_NONE     _mm256_setzero_si256()
#define COPY_SPLAT(x)     _mm256_set1_epi32(x)
#define COPY_LOAD(p)      _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define COPY_STORE(p, v)  _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define COPY_STREAM(p, v) _mm256_stream_si256((__m256i *)(void *)(p), v)
#define COPY_BAD(bad, v, exp)                                                                      \
    _mm256_or_si256(bad, _mm256_cmpeq_epi32(_mm256_and_si256(v, exp), exp))
#define COPY_ANY(bad) (!_mm256_testz_si256(bad, bad))
#endif

/* One word: copied, and 1 when its exponent bits are all ones. */
static inline uint32_t copy_word(unsigned char *dst, const unsigned char *src) {
    uint32_t w;
    memcpy(&w, src, 4);
    memcpy(dst, &w, 4);
    return (w & 0x7f800000u) == 0x7f800000u;
}

bool MOTE_SNAPSHOT_COPY_PATH(void *dst, const void *src, size_t n, bool stream) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    const size_t vector_bytes = 4 * COPY_LANES;
    uint32_t bad = 0;
    size_t i = 0;
    if (stream) { /* scalar words up to the first vector-aligned destination */
        for (; i < n && ((uintptr_t)(d + 4 * i) & (vector_bytes - 1)) != 0; ++i) {
            bad |= copy_word(d + 4 * i, s + 4 * i);
        }
    }
    const copy_vec exponent = COPY_SPLAT(0x7f800000);
    copy_bad bad_lanes = COPY_BAD_NONE;
    if (stream) {
        for (; i + COPY_LANES <= n; i += COPY_LANES) {
            const copy_vec v = COPY_LOAD(s + 4 * i);
            bad_lanes = COPY_BAD(bad_lanes, v, exponent);
            COPY_STREAM(d + 4 * i, v);
        }
    } else {
        for (; i + COPY_LANES <= n; i += COPY_LANES) {
            const copy_vec v = COPY_LOAD(s + 4 * i);
            bad_lanes = COPY_BAD(bad_lanes, v, exponent);
            COPY_STORE(d + 4 * i, v);
        }
    }
    bad |= COPY_ANY(bad_lanes);
    for (; i < n; ++i) {
        bad |= copy_word(d + 4 * i, s + 4 * i);
    }
    return bad == 0;
}
