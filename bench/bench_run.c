/* The timing loop every pool benchmark shares. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include "bench_run.h"

#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts the n frame times and reports the median, the 99th percentile and the worst. */
static void report_frames(mote_bench_state *state, double *frames, size_t n) {
    if (n == 0) {
        return;
    }
    qsort(frames, n, sizeof frames[0], by_value);
    /* nearest rank: the smallest time at least p% of the frames are not above */
    mote_bench_set_counter(state, "p50_us", frames[(n * 50 + 99) / 100 - 1]);
    mote_bench_set_counter(state, "p99_us", frames[(n * 99 + 99) / 100 - 1]);
    mote_bench_set_counter(state, "max_us", frames[n - 1]);
}

/* The loop: restores every BENCH_RESTORE_PERIOD steps with the clock stopped; with frames,
 * also keeps the first capacity steps' own times. Returns how many it kept. */
static size_t run(mote_bench_state *state, const bench_job *job, double *frames, size_t capacity) {
    job->restore(job->context);
    int steps_since_restore = 0;
    size_t kept = 0;
    while (mote_bench_keep_running(state)) {
        if (steps_since_restore == BENCH_RESTORE_PERIOD) {
            mote_bench_pause_timing(state);
            job->restore(job->context);
            mote_bench_resume_timing(state);
            steps_since_restore = 0;
        }
        const double start = frames != NULL ? now_us() : 0.0;
        if (!job->step(job->context)) {
            mote_bench_skip_with_error(state, "step failed");
            break;
        }
        if (kept < capacity) {
            frames[kept++] = now_us() - start;
        }
        ++steps_since_restore;
    }
    int64_t elements = mote_bench_iterations(state) * (int64_t)job->count;
    mote_bench_set_items_processed(state, elements);
    mote_bench_set_bytes_processed(state, elements * (int64_t)job->bytes_per_element);
    return kept;
}

void bench_run(mote_bench_state *state, const bench_job *job) {
    run(state, job, NULL, 0);
}

void bench_run_frames(mote_bench_state *state, const bench_job *job) {
    double *frames = malloc(BENCH_FRAME_SAMPLES * sizeof(double));
    if (frames == NULL) {
        mote_bench_skip_with_error(state, "no memory for the frame times");
        return;
    }
    report_frames(state, frames, run(state, job, frames, BENCH_FRAME_SAMPLES));
    free(frames);
}
