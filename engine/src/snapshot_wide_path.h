/* Internal: one wide path of the snapshot's bulk work (snapshot_wide.h), compiled by a file that
 * sets XXH_VECTOR (xxHash's choice of instruction set) and MOTE_SNAPSHOT_PATH(name) (the
 * functions' names: name with the path's suffix) and builds with that instruction set's flags:
 * snapshot_wide_avx2.c, snapshot_wide_avx512.c. The vector width follows the flags
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

void MOTE_SNAPSHOT_PATH(hash_update)(void *state, const void *bytes, size_t n) {
    (void)XXH3_64bits_update((XXH3_state_t *)state, bytes, n);
}

#if defined(__AVX512F__)
#define LANES 16
typedef __m512i vec;
typedef __mmask16 lane_flags;
#define NO_LANES            ((__mmask16)0)
#define SPLAT(x)            _mm512_set1_epi32((int)(x))
#define IOTA                _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define ADD(a, b)           _mm512_add_epi32(a, b)
#define LOAD(p)             _mm512_loadu_si512((const void *)(p))
#define STORE(p, v)         _mm512_storeu_si512((void *)(p), v)
#define STREAM(p, v)        _mm512_stream_si512((void *)(p), v)
#define FLAG_EQUAL(f, v, w) ((f) | _mm512_cmpeq_epi32_mask(v, w))
#define FLAG_AND(v, m)      _mm512_and_si512(v, m)
#define ANY(f)              ((f) != 0)
#define ALL_EQUAL(v, w)     (_mm512_cmpneq_epi32_mask(v, w) == 0)
#else
#define LANES               8
typedef __m256i vec;
typedef __m256i lane_flags;
#define NO_LANES            _mm256_setzero_si256()
#define SPLAT(x)            _mm256_set1_epi32((int)(x))
#define IOTA                _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0)
#define ADD(a, b)           _mm256_add_epi32(a, b)
#define LOAD(p)             _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v)         _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define STREAM(p, v)        _mm256_stream_si256((__m256i *)(void *)(p), v)
#define FLAG_EQUAL(f, v, w) _mm256_or_si256(f, _mm256_cmpeq_epi32(v, w))
#define FLAG_AND(v, m)      _mm256_and_si256(v, m)
#define ANY(f)              (!_mm256_testz_si256(f, f))
#define ALL_EQUAL(v, w)     (_mm256_movemask_epi8(_mm256_cmpeq_epi32(v, w)) == -1)
#endif

/* One word: copied, and 1 when it is bad. */
static inline uint32_t copy_word(unsigned char *dst, const unsigned char *src, uint32_t mask,
                                 uint32_t bad_bits) {
    uint32_t w;
    memcpy(&w, src, 4);
    memcpy(dst, &w, 4);
    return (w & mask) == bad_bits;
}

bool MOTE_SNAPSHOT_PATH(copy_checked)(void *dst, const void *src, size_t n, bool stream,
                                      uint32_t mask, uint32_t bad_bits) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    const size_t vector_bytes = 4 * LANES;
    uint32_t bad = 0;
    size_t i = 0;
    if (stream) { /* scalar words up to the first vector-aligned destination */
        for (; i < n && ((uintptr_t)(d + 4 * i) & (vector_bytes - 1)) != 0; ++i) {
            bad |= copy_word(d + 4 * i, s + 4 * i, mask, bad_bits);
        }
    }
    const vec mask_lanes = SPLAT(mask);
    const vec bad_lanes = SPLAT(bad_bits);
    lane_flags flags = NO_LANES;
    if (stream) {
        for (; i + LANES <= n; i += LANES) {
            const vec v = LOAD(s + 4 * i);
            flags = FLAG_EQUAL(flags, FLAG_AND(v, mask_lanes), bad_lanes);
            STREAM(d + 4 * i, v);
        }
    } else {
        for (; i + LANES <= n; i += LANES) {
            const vec v = LOAD(s + 4 * i);
            flags = FLAG_EQUAL(flags, FLAG_AND(v, mask_lanes), bad_lanes);
            STORE(d + 4 * i, v);
        }
    }
    bad |= ANY(flags);
    for (; i < n; ++i) {
        bad |= copy_word(d + 4 * i, s + 4 * i, mask, bad_bits);
    }
    return bad == 0;
}

bool MOTE_SNAPSHOT_PATH(place_slots)(uint32_t *dense_of_slot, unsigned char *seen,
                                     const void *slots, size_t n, uint32_t first_dense,
                                     uint32_t slots_used) {
    const unsigned char *s = slots;
    bool in_range = true;
    size_t i = 0;
    if (slots_used >= LANES) {
        const vec iota = IOTA;
        const unsigned char marks[LANES] = {
            1,
            1,
            1,
            1,
            1,
            1,
            1,
            1,
#if LANES == 16
            1,
            1,
            1,
            1,
            1,
            1,
            1,
            1
#endif
        };
        for (; i + LANES <= n; i += LANES) {
            const vec v = LOAD(s + 4 * i);
            uint32_t first;
            memcpy(&first, s + 4 * i, 4);
            /* first..first + LANES - 1 all in 1..slots_used, and the vector exactly that run */
            if (first - 1u <= slots_used - LANES && ALL_EQUAL(v, ADD(SPLAT(first), iota))) {
                STORE(dense_of_slot + first, ADD(SPLAT(first_dense + (uint32_t)i), iota));
                memcpy(seen + first, marks, LANES);
                continue;
            }
            in_range &= mote_snapshot_place_slots_scalar(dense_of_slot, seen, s + 4 * i, LANES,
                                                         first_dense + (uint32_t)i, slots_used);
        }
    }
    in_range &= mote_snapshot_place_slots_scalar(dense_of_slot, seen, s + 4 * i, n - i,
                                                 first_dense + (uint32_t)i, slots_used);
    return in_range;
}
