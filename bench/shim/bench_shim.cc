// The C++ side of bench_shim.h: Google Benchmark behind a C interface.
#include "bench_shim.h"

#include <benchmark/benchmark.h>

#include <string>

struct mote_bench_state {
    benchmark::State *state;
};

namespace {

// Counts the benchmarks that called mote_bench_skip_with_error, for the exit code.
int failed_benchmarks = 0;

// arg as a POSIX shell word: unchanged when it is plain, else in single quotes.
std::string shell_quoted(const std::string &arg) {
    const std::string plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                              "_-./=:,+@%";
    if (!arg.empty() && arg.find_first_not_of(plain) == std::string::npos) {
        return arg;
    }
    std::string quoted = "'";
    for (char c : arg) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

} // namespace

extern "C" void mote_bench_register(const char *name, mote_bench_fn fn, void *user, int64_t arg) {
    benchmark::RegisterBenchmark(name, [fn, user, arg](benchmark::State &state) {
        mote_bench_state wrapped{&state};
        fn(&wrapped, user, arg);
    });
}

extern "C" void mote_bench_register_real_time(const char *name, mote_bench_fn fn, void *user,
                                              int64_t arg) {
    benchmark::RegisterBenchmark(name, [fn, user, arg](benchmark::State &state) {
        mote_bench_state wrapped{&state};
        fn(&wrapped, user, arg);
    })->UseRealTime();
}

extern "C" bool mote_bench_keep_running(mote_bench_state *state) {
    return state->state->KeepRunning();
}

extern "C" int64_t mote_bench_iterations(const mote_bench_state *state) {
    return static_cast<int64_t>(state->state->iterations());
}

extern "C" void mote_bench_set_items_processed(mote_bench_state *state, int64_t items) {
    state->state->SetItemsProcessed(items);
}

extern "C" void mote_bench_set_bytes_processed(mote_bench_state *state, int64_t bytes) {
    state->state->SetBytesProcessed(bytes);
}

extern "C" void mote_bench_set_counter(mote_bench_state *state, const char *name, double value) {
    state->state->counters[name] = benchmark::Counter(value);
}

extern "C" void mote_bench_set_label(mote_bench_state *state, const char *label) {
    state->state->SetLabel(label);
}

extern "C" void mote_bench_pause_timing(mote_bench_state *state) {
    state->state->PauseTiming();
}

extern "C" void mote_bench_resume_timing(mote_bench_state *state) {
    state->state->ResumeTiming();
}

extern "C" void mote_bench_skip_with_error(mote_bench_state *state, const char *message) {
    ++failed_benchmarks;
    state->state->SkipWithError(message); // copied into the run's result
}

extern "C" void mote_bench_add_context(const char *key, const char *value) {
    benchmark::AddCustomContext(key, value);
}

extern "C" int mote_bench_main(int argc, char **argv) {
    std::string command;
    for (int i = 0; i < argc; ++i) {
        command += (i == 0 ? "" : " ") + shell_quoted(argv[i]);
    }
    benchmark::AddCustomContext("command", command);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return failed_benchmarks == 0 ? 0 : 1;
}
