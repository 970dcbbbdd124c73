/* The timing loop every spring benchmark shares. */
#ifndef MOTE_BENCH_RUN_H
#define MOTE_BENCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "bench_shim.h"

/* Steps between two restores of the initial state (done with the clock stopped). Springs
 * settle: left alone for thousands of steps their states would sink into subnormal floats,
 * which no real frame sees and which slow some CPUs down. */
#define BENCH_RESTORE_PERIOD 256

/* What one benchmark steps. */
typedef struct bench_job {
    bool (*step)(void *context);    /* one step of every element; false on failure */
    void (*restore)(void *context); /* puts the initial state back */
    void *context;
    size_t count;             /* elements per step: the items counted */
    size_t bytes_per_element; /* memory one step moves per element: the bytes counted */
} bench_job;

/* Times job->step once per iteration, restoring every BENCH_RESTORE_PERIOD steps with the
 * clock stopped, and reports items (elements stepped) and bytes processed. */
void bench_run(mote_bench_state *state, const bench_job *job);

/* The frames a frame-time benchmark keeps (the first ones; the run's time counts them all). */
#define BENCH_FRAME_SAMPLES 65536

/* As bench_run, and also times every step alone (a monotonic clock around it, so a frame is
 * what a game would see) and reports counters p50_us, p99_us and max_us: the median, the 99th
 * percentile and the worst step, in microseconds. */
void bench_run_frames(mote_bench_state *state, const bench_job *job);

#endif
