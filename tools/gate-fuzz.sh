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

CC=clang-14 cmake -S . -B build/fuzz $(generator_for build/fuzz) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMOTE_WERROR=ON -DMOTE_BUILD_FUZZ=ON -DMOTE_SANITIZE=address,undefined -DMOTE_BUILD_TOOLS=OFF
# Only the fuzz targets and what they link: the test suites are built and run by the other
# steps (building them here too under clang's sanitizers took about 5 minutes).
names=()
for source in tests/fuzz/fuzz_*.c; do
    names+=("$(basename "$source" .c)")
done
cmake --build build/fuzz --parallel "$jobs" --target "${names[@]}"

seconds="${MOTE_FUZZ_SECONDS:-60}"
mkdir -p build/fuzz/artifacts
for name in "${names[@]}"; do
    target="build/fuzz/tests/fuzz/$name"
    mkdir -p "build/fuzz/corpus/$name"
    echo "gate-fuzz: $name for ${seconds}s"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix=build/fuzz/artifacts/ "build/fuzz/corpus/$name" "tests/fuzz/corpus/$name"
done
echo "gate-fuzz: passed"
