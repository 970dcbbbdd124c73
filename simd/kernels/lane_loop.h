/* Internal: the one loop every wide kernel runs. A kind's kernel supplies a vector body (one
 * vector of elements at p[f] + i: it loads the fields it reads and stores those it writes)
 * and a plan (which fields it reads and writes, and its prefetch scheme); this loop walks
 * [begin, end) in full vectors, prefetching ahead where the plan says it pays, and runs the
 * last partial vector through a zero-padded buffer (filled and emptied by mote_w_load_first
 * and mote_w_store_first: one masked move per field on AVX2 and AVX-512), so any range works
 * without reading or writing outside it and gives a whole-pool step's bits. With a constant
 * plan and body it inlines into straight loops (one with prefetch, one without). A kernel may
 * also supply a body for two vectors at once (mote_lane_loop_paired), which then runs the full
 * pairs. */
#ifndef MOTE_LANE_LOOP_H
#define MOTE_LANE_LOOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h> /* SIZE_MAX: a plan that never prefetches */

#include "field_arrays.h"
#include "wide/wide.h"

#define MOTE_ALWAYS_INLINE static inline __attribute__((always_inline))

/* One vector of elements starting at index i of the field arrays p; k is the kernel's
 * broadcast constants. */
typedef void (*mote_lane_body_fn)(float *const *p, size_t i, const void *k);

/* Two vectors, at i and i + MOTE_W_LANES, in one body: for a kernel whose vector is one long
 * dependency chain through an inner loop (the out-of-order core cannot reach the next vector's
 * chain past the loop), so that two chains are in flight; the same bits as two calls of the
 * kind's one-vector body. */
typedef void (*mote_lane_pair_fn)(float *const *p, size_t i, const void *k);

typedef struct mote_lane_plan {
    int field_count;        /* fields of the kind (<= MOTE_MAX_FIELDS) */
    mote_field_mask reads;  /* bit f: the body reads field f */
    mote_field_mask writes; /* bit f: the body writes field f */
    size_t prefetch_min;    /* ranges at least this long prefetch (SIZE_MAX: never) */
    size_t prefetch_ahead;  /* elements ahead */
    bool prefetch_to_l2;    /* locality 2 (L2) instead of 3 (every level) */
    bool prefetch_by_line;  /* once per 64-byte line of each field, not once per vector */
    int unroll;             /* vectors per iteration of the prefetching loop (1 or 2) */
} mote_lane_plan;

/* Prefetches element i + ahead of every field the plan reads: for writing where it writes. */
MOTE_ALWAYS_INLINE void mote_lane_prefetch(float *const *p, size_t i, const mote_lane_plan plan) {
    if (plan.prefetch_by_line && MOTE_W_LANES < 16 && (i % 16) >= (size_t)MOTE_W_LANES) {
        return; /* not the first vector of a 64-byte line */
    }
    /* unrolled, so the plan's masks fold into one prefetch per field read */
#pragma GCC unroll 64
    for (int f = 0; f < plan.field_count; ++f) {
        if (!(plan.reads & MOTE_FIELD_BIT(f))) {
            continue;
        }
        const float *a = p[f] + i + plan.prefetch_ahead;
        const bool w = (plan.writes & MOTE_FIELD_BIT(f)) != 0;
        if (plan.prefetch_to_l2) {
            w ? __builtin_prefetch(a, 1, 2) : __builtin_prefetch(a, 0, 2);
        } else {
            w ? __builtin_prefetch(a, 1, 3) : __builtin_prefetch(a, 0, 3);
        }
    }
}

/* The full vectors of [begin, end), unrolled (in pairs through pair where there is one);
 * returns where the rest starts. */
MOTE_ALWAYS_INLINE size_t mote_lane_vectors(float *const *p, size_t begin, size_t end,
                                            const void *k, mote_lane_body_fn body,
                                            mote_lane_pair_fn pair, const mote_lane_plan plan,
                                            bool prefetch) {
    const int per = pair != NULL ? 2 : plan.unroll;
    const size_t step = (size_t)per * MOTE_W_LANES;
    size_t i = begin;
    for (; i + step <= end; i += step) {
        for (int u = 0; u < per; ++u) {
            if (prefetch) {
                mote_lane_prefetch(p, i + (size_t)u * MOTE_W_LANES, plan);
            }
            if (pair == NULL) {
                body(p, i + (size_t)u * MOTE_W_LANES, k);
            }
        }
        if (pair != NULL) {
            pair(p, i, k);
        }
    }
    return i;
}

/* Steps [begin, end) of the field arrays p with body under plan, the full vector pairs
 * through pair (NULL: none, plan.unroll vectors at a time through body). */
MOTE_ALWAYS_INLINE void mote_lane_loop_paired(float *const *fields, size_t begin, size_t end,
                                              const void *k, mote_lane_body_fn body,
                                              mote_lane_pair_fn pair, const mote_lane_plan plan) {
    /* A local copy of the field pointers: stores to the float arrays cannot alias it, so the
     * pointers stay in registers instead of being reloaded after every store. */
    float *p[MOTE_MAX_FIELDS];
    for (int f = 0; f < plan.field_count; ++f) {
        p[f] = fields[f];
    }
    size_t i = end - begin >= plan.prefetch_min
                   ? mote_lane_vectors(p, begin, end, k, body, pair, plan, true)
                   : mote_lane_vectors(p, begin, end, k, body, pair, plan, false);
    for (; i + MOTE_W_LANES <= end; i += MOTE_W_LANES) {
        body(p, i, k);
    }
    if (i < end) {
        const size_t n = end - i;
        float buffer[MOTE_MAX_FIELDS][MOTE_W_LANES];
        float *b[MOTE_MAX_FIELDS];
        for (int f = 0; f < plan.field_count; ++f) {
            b[f] = buffer[f];
            mote_w_store(buffer[f], (plan.reads & MOTE_FIELD_BIT(f))
                                        ? mote_w_load_first(p[f] + i, n)
                                        : mote_w_set1(0.0f));
        }
        body(b, 0, k);
        for (int f = 0; f < plan.field_count; ++f) {
            if (plan.writes & MOTE_FIELD_BIT(f)) {
                mote_w_store_first(p[f] + i, n, mote_w_load(buffer[f]));
            }
        }
    }
}

/* Steps [begin, end) of the field arrays p with body under plan. */
MOTE_ALWAYS_INLINE void mote_lane_loop(float *const *fields, size_t begin, size_t end,
                                       const void *k, mote_lane_body_fn body,
                                       const mote_lane_plan plan) {
    mote_lane_loop_paired(fields, begin, end, k, body, NULL, plan);
}

#endif
