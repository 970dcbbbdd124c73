/* The timing loop every spring benchmark shares. */
#include "bench_run.h"

void bench_run(mote_bench_state *state, const bench_job *job) {
    job->restore(job->context);
    int steps_since_restore = 0;
    while (mote_bench_keep_running(state)) {
        if (steps_since_restore == BENCH_RESTORE_PERIOD) {
            mote_bench_pause_timing(state);
            job->restore(job->context);
            mote_bench_resume_timing(state);
            steps_since_restore = 0;
        }
        if (!job->step(job->context)) {
            mote_bench_skip_with_error(state, "step failed");
            break;
        }
        ++steps_since_restore;
    }
    int64_t elements = mote_bench_iterations(state) * (int64_t)job->count;
    mote_bench_set_items_processed(state, elements);
    mote_bench_set_bytes_processed(state, elements * (int64_t)job->bytes_per_element);
}
