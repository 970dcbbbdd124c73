#!/usr/bin/env bash
# Gate: the libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang-14 and
# -fsanitize=fuzzer,address,undefined into build/fuzz, each run for MOTE_FUZZ_SECONDS
# (default 60) from the committed seed corpus (tests/fuzz/corpus/<target>, read only; new
# inputs go to build/fuzz/corpus/<target>). A crash, sanitizer report or broken invariant
# fails the gate and leaves the input in build/fuzz/artifacts/.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
# libclang-rt-14-dev: libFuzzer and the sanitizer runtimes; libomp-14-dev: clang's OpenMP
# (without it the library is built without OpenMP, silently).
gate_install clang-14 libclang-rt-14-dev libomp-14-dev

# -O1 with line tables, as libFuzzer builds usually are, and no emulated variants (nothing
# the targets reach needs them): a fraction of the compile time of -O2 -g with every variant.
CC=clang-14 cmake -S . -B build/fuzz $(generator_for build/fuzz) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DMOTE_WERROR=ON -DMOTE_BUILD_FUZZ=ON -DMOTE_SANITIZE=address,undefined -DMOTE_BUILD_TOOLS=OFF \
    -DMOTE_EMULATED_VARIANTS=OFF
# Only the fuzz targets and what they link: the test suites are built and run by the other
# steps (building them here too under clang's sanitizers took about 5 minutes).
names=()
for source in tests/fuzz/fuzz_*.c; do
    names+=("$(basename "$source" .c)")
done
cmake --build build/fuzz --parallel "$jobs" --target "${names[@]}"

seconds="${MOTE_FUZZ_SECONDS:-60}"
mkdir -p build/fuzz/artifacts
# The targets run side by side, as many at once as there are cores (each libFuzzer process is
# single-threaded), each into its own log, printed when its batch ends.
run_target() {
    local name="$1"
    mkdir -p "build/fuzz/corpus/$name"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "build/fuzz/tests/fuzz/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ "build/fuzz/corpus/$name" \
        "tests/fuzz/corpus/$name" >"build/fuzz/$name.log" 2>&1
}
failed=()
for ((first = 0; first < ${#names[@]}; first += jobs)); do
    batch=("${names[@]:first:jobs}")
    pids=()
    for name in "${batch[@]}"; do
        echo "gate-fuzz: $name for ${seconds}s (log build/fuzz/$name.log)"
        run_target "$name" &
        pids+=("$!")
    done
    for i in "${!batch[@]}"; do
        status=0
        wait "${pids[$i]}" || status=$?
        echo "== gate-fuzz: ${batch[$i]} ended (exit $status)"
        cat "build/fuzz/${batch[$i]}.log"
        [ "$status" -eq 0 ] || failed+=("${batch[$i]}")
    done
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "gate-fuzz: failed: ${failed[*]} (the inputs are in build/fuzz/artifacts/)" >&2
    exit 1
fi
echo "gate-fuzz: passed"
