/* The data every spring benchmark steps: seeded, plausible springs of one kind, as a real pool
 * (filled through its view), as an array of structs (the naive baseline) and, for the critical
 * spring, as plain float arrays (the GCC and memory baselines). */
#ifndef MOTE_BENCH_SPRINGS_H
#define MOTE_BENCH_SPRINGS_H

#include <stddef.h>

#include "mote/spring_pool.h"

/* One frame at 60 Hz (seconds): the dt every benchmark steps with. */
#define BENCH_DT (1.0f / 60.0f)

/* The critical spring as four float arrays, 64-byte aligned, the layout a user would write
 * (and two more for the memory-only kernel of the cached path). */
typedef struct bench_soa {
    float *x;
    float *v;
    float *goal;
    float *halflife; /* s */
    /* The step cache's two arrays for the memory_cached baseline, both copies of halflife. */
    float *cache_key;
    float *cache_factor;
} bench_soa;

/* One set of springs and the state they started from. */
typedef struct bench_springs {
    mote_spring_kind kind;
    mote_backend backend;
    size_t count;
    mote_spring_desc *initial; /* the seeded springs, never stepped */
    mote_spring_pool *pool;    /* created with def.backend = backend; NULL until asked for */
    mote_spring_view view;     /* the pool's field arrays */
    mote_spring_desc *structs; /* array of structs for the naive loop; NULL until asked for */
    bench_soa soa;             /* float arrays; NULL until asked for */
} bench_springs;

/* The springs of this kind and size. Seeded by kind only, so every backend and baseline of a
 * kind steps the same values. One set is kept alive at a time: asking for a different kind,
 * backend or size frees the previous one. NULL if allocation fails. */
bench_springs *bench_springs_acquire(mote_spring_kind kind, mote_backend backend, size_t count);

/* Frees the set bench_springs_acquire keeps alive, if any. */
void bench_springs_release(void);

/* Creates the pool (kind and backend of the set) and writes the springs through its view.
 * Kept with the set; returns the status of the first failing call. */
mote_status bench_springs_make_pool(bench_springs *springs);

/* Puts the initial state (x, v, xi, vi) back into the pool's field arrays. */
void bench_springs_restore_pool(bench_springs *springs);

/* Builds the array of structs (a copy of the initial springs). False if allocation fails. */
bool bench_springs_make_structs(bench_springs *springs);

/* Puts the initial springs back into the array of structs. */
void bench_springs_restore_structs(bench_springs *springs);

/* Builds the float arrays from the initial springs. False if allocation fails. */
bool bench_springs_make_soa(bench_springs *springs);

/* Puts the initial x and v back into the float arrays. */
void bench_springs_restore_soa(bench_springs *springs);

/* Bytes one step of the pool moves per element: each stored field read once, and each state
 * field (x, v, xi, vi) written once. Needs the pool. */
size_t bench_springs_pool_bytes_per_element(const bench_springs *springs);

#endif
