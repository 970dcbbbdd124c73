/* Internal: the loop every spring kernel shares. It loads the fields a kind uses into lane
 * registers, runs the kind's body, and stores what the body changed; the last partial
 * vector of a range goes through a small zero-padded buffer, so any [begin, end) works
 * without reading or writing outside it and gives the same bits as a whole-pool step. */
#ifndef MOTE_SPRING_LANES_H
#define MOTE_SPRING_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "wide/wide.h"

#include "spring_fields.h"

/* One vector of every field (unused ones are left unset). */
typedef struct spring_lanes {
    mote_wf f[FIELD_COUNT];
} spring_lanes;

typedef void (*spring_body_fn)(spring_lanes *s, mote_wf dt);

/* Ranges longer than this stream from memory rather than cache (their fields outgrow L2), and
 * software prefetch keeps enough loads in flight for the kernel to run at memory speed. */
#define PREFETCH_MIN_ELEMENTS ((size_t)1 << 15)
/* How far ahead (elements) to prefetch: about 2 KB per field. */
#define PREFETCH_AHEAD 512

/* The full vectors of [begin, end); returns where the partial tail starts. */
static inline __attribute__((always_inline)) size_t
spring_vectors(float *const p[FIELD_COUNT], size_t begin, size_t end, mote_wf dt, unsigned reads,
               unsigned writes, spring_body_fn body, bool prefetch) {
    size_t i = begin;
    for (; i + MOTE_W_LANES <= end; i += MOTE_W_LANES) {
        spring_lanes s;
        for (int f = 0; f < FIELD_COUNT; ++f) {
            if (reads & FIELD_BIT(f)) {
                if (prefetch && (writes & FIELD_BIT(f))) {
                    __builtin_prefetch(p[f] + i + PREFETCH_AHEAD, 1, 3);
                } else if (prefetch) {
                    __builtin_prefetch(p[f] + i + PREFETCH_AHEAD, 0, 3);
                }
                s.f[f] = mote_w_load(p[f] + i);
            }
        }
        body(&s, dt);
        for (int f = 0; f < FIELD_COUNT; ++f) {
            if (writes & FIELD_BIT(f)) {
                mote_w_store(p[f] + i, s.f[f]);
            }
        }
    }
    return i;
}

/* reads/writes are bit masks of fields; with the body and masks constant, this inlines into
 * one straight loop per kind (two: with and without prefetch). */
static inline __attribute__((always_inline)) void spring_loop(const mote_spring_view *view,
                                                              size_t begin, size_t end, float dt,
                                                              unsigned reads, unsigned writes,
                                                              spring_body_fn body) {
    float *p[FIELD_COUNT];
    spring_view_pointers(view, p);
    const mote_wf wdt = mote_w_set1(dt);
    size_t i = end - begin >= PREFETCH_MIN_ELEMENTS
                   ? spring_vectors(p, begin, end, wdt, reads, writes, body, true)
                   : spring_vectors(p, begin, end, wdt, reads, writes, body, false);
    if (i < end) {
        const size_t n = end - i;
        float buffer[FIELD_COUNT][MOTE_W_LANES];
        memset(buffer, 0, sizeof buffer);
        spring_lanes s;
        for (int f = 0; f < FIELD_COUNT; ++f) {
            if (reads & FIELD_BIT(f)) {
                memcpy(buffer[f], p[f] + i, n * sizeof(float));
                s.f[f] = mote_w_load(buffer[f]);
            }
        }
        body(&s, wdt);
        for (int f = 0; f < FIELD_COUNT; ++f) {
            if (writes & FIELD_BIT(f)) {
                mote_w_store(buffer[f], s.f[f]);
                memcpy(p[f] + i, buffer[f], n * sizeof(float));
            }
        }
    }
}

#endif
