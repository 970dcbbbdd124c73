/* A C interface to Google Benchmark, so every mote benchmark can be written in C.
 * bench_shim.cc is the only C++ in the benchmarks; it wraps benchmark::State. */
#ifndef MOTE_BENCH_SHIM_H
#define MOTE_BENCH_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One running benchmark (a benchmark::State). Valid only inside the callback it is given to. */
typedef struct mote_bench_state mote_bench_state;

/* A benchmark body: loop on mote_bench_keep_running, then report items (and bytes). user and
 * arg are the values given at registration. Google Benchmark may call it several times. */
typedef void (*mote_bench_fn)(mote_bench_state *state, void *user, int64_t arg);

/* Registers a benchmark under exactly this name (copied; no argument suffix is appended).
 * Call before mote_bench_main. user must stay valid until mote_bench_main returns. */
void mote_bench_register(const char *name, mote_bench_fn fn, void *user, int64_t arg);

/* As mote_bench_register, but rates come from wall-clock time rather than the calling
 * thread's CPU time: for benchmarks whose work runs on other threads too. */
void mote_bench_register_real_time(const char *name, mote_bench_fn fn, void *user, int64_t arg);

/* True while the benchmark wants another timed iteration. Call once per iteration. */
bool mote_bench_keep_running(mote_bench_state *state);

/* Iterations run so far (after the loop: all of them). */
int64_t mote_bench_iterations(const mote_bench_state *state);

/* Reports items processed in the whole run (shown as items per second). */
void mote_bench_set_items_processed(mote_bench_state *state, int64_t items);

/* Reports bytes processed in the whole run (shown as bytes per second). */
void mote_bench_set_bytes_processed(mote_bench_state *state, int64_t bytes);

/* Reports a named value of the run (a counter, printed beside the time; name copied). */
void mote_bench_set_counter(mote_bench_state *state, const char *name, double value);

/* Sets the run's label (copied): printed after the rates, and "label" in the JSON. */
void mote_bench_set_label(mote_bench_state *state, const char *label);

/* Stops the clock, e.g. around resetting state between iterations. */
void mote_bench_pause_timing(mote_bench_state *state);

/* Restarts the clock after mote_bench_pause_timing. */
void mote_bench_resume_timing(mote_bench_state *state);

/* Marks the run as failed with a message (copied) and no measurement. Call before the loop or
 * break out of it right after. */
void mote_bench_skip_with_error(mote_bench_state *state, const char *message);

/* Adds a key and value (both copied) to the run's context: the console header and the JSON
 * "context" object. */
void mote_bench_add_context(const char *key, const char *value);

/* Runs Google Benchmark on the registered benchmarks with its command-line flags
 * (--benchmark_filter, --benchmark_min_time, --benchmark_format, ...). Records the command
 * line in the context as "command". Returns the process exit code: 0, or 1 for an
 * unrecognized argument or a benchmark that failed. */
int mote_bench_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
