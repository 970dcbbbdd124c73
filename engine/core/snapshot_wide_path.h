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
#define EQUAL_BITS(v, w)    ((uint32_t)_mm512_cmpeq_epi32_mask(v, w))
/* stores x's lanes where bits (EQUAL_BITS(v, w)) has them: the mask itself */
#define STORE_LANES(p, bits, v, w, x) _mm512_mask_storeu_epi32((void *)(p), (__mmask16)(bits), x)
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
#define EQUAL_BITS(v, w)                                                                           \
    ((uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, w))))
/* the same, from the comparison's vector (AVX2 has no mask registers) */
#define STORE_LANES(p, bits, v, w, x)                                                              \
    _mm256_maskstore_epi32((int *)(void *)(p), _mm256_cmpeq_epi32(v, w), x)
#endif
#define ALL_LANES ((uint32_t)((1u << LANES) - 1u))

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

/* Sets seen[k] to 1 for each bit k of the LANES lane bits, leaving the other bytes as they
 * are, eight bytes at a time: bit k copied into every byte and kept in byte k only, then each
 * non-zero byte made 1. */
static inline void mark_lanes(unsigned char *seen, uint32_t bits) {
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;
    for (int group = 0; group < LANES / 8; ++group) {
        const uint64_t own = ((bits >> 8 * group & 0xffu) * 0x0101010101010101u) &
                             0x8040201008040201u; /* byte k: bit k alone */
        const uint64_t ones = ((own | ((own & low7) + low7)) >> 7) & 0x0101010101010101u;
        uint64_t bytes;
        memcpy(&bytes, seen + 8 * group, 8);
        bytes = (bytes & ~(ones * 0xffu)) | ones;
        memcpy(seen + 8 * group, &bytes, 8);
    }
}

/* Places the LANES slots v (the words at s) from dense index dense: the lanes that run on from
 * the run's start (v[0], or failing half the lanes v[LANES - 1] - LANES + 1) with one masked
 * store of their dense indices and one blend of their seen bytes, the others one by one. A
 * run whose span leaves 1..slots_used goes one by one. False when a slot is out of range. */
static inline bool place_vector(uint32_t *dense_of_slot, unsigned char *seen, const vec v,
                                const unsigned char *s, uint32_t dense, uint32_t slots_used) {
    const vec iota = IOTA;
    uint32_t start, last;
    memcpy(&start, s, 4);
    memcpy(&last, s + 4 * (LANES - 1), 4);
    vec run = ADD(SPLAT(start), iota);
    uint32_t run_bits = EQUAL_BITS(v, run);
    if (__builtin_popcount(run_bits) < LANES / 2) {
        start = last - (LANES - 1);
        run = ADD(SPLAT(start), iota);
        run_bits = EQUAL_BITS(v, run);
    }
    if (start - 1u > slots_used - LANES || run_bits == 0) { /* the span leaves 1..slots_used */
        return mote_snapshot_place_slots_scalar(dense_of_slot, seen, s, LANES, dense, slots_used);
    }
    const vec dense_lanes = ADD(SPLAT(dense), iota);
    if (run_bits == ALL_LANES) {
        STORE(dense_of_slot + start, dense_lanes);
    } else {
        STORE_LANES(dense_of_slot + start, run_bits, v, run, dense_lanes);
    }
    mark_lanes(seen + start, run_bits);
    uint32_t out_of_range = 0;
    for (uint32_t rest = ~run_bits & ALL_LANES; rest != 0; rest &= rest - 1) {
        const int k = __builtin_ctz(rest);
        uint32_t word;
        memcpy(&word, s + 4 * k, 4);
        mote_snapshot_place_slot(dense_of_slot, seen, word, dense + (uint32_t)k, slots_used,
                                 &out_of_range);
    }
    return out_of_range == 0;
}

bool MOTE_SNAPSHOT_PATH(place_slots)(uint32_t *dense_of_slot, unsigned char *seen,
                                     const void *slots, size_t n, uint32_t first_dense,
                                     uint32_t slots_used) {
    const unsigned char *s = slots;
    bool in_range = true;
    size_t i = 0;
    if (slots_used >= LANES) {
        for (; i + LANES <= n; i += LANES) {
            in_range &= place_vector(dense_of_slot, seen, LOAD(s + 4 * i), s + 4 * i,
                                     first_dense + (uint32_t)i, slots_used);
        }
    }
    in_range &= mote_snapshot_place_slots_scalar(dense_of_slot, seen, s + 4 * i, n - i,
                                                 first_dense + (uint32_t)i, slots_used);
    return in_range;
}
