#!/usr/bin/env bash
# Gate: the libFuzzer targets (every tests/fuzz/fuzz_*.c), built with clang-14 and
# -fsanitize=fuzzer,address,undefined into build/fuzz, all side by side from the committed seed
# corpus (tests/fuzz/corpus/<target>, read only; new inputs go to build/fuzz/corpus/<target>).
# A crash, a sanitizer report, a broken invariant, a leak, an input that runs longer than
# MOTE_FUZZ_TIMEOUT seconds (default 10: a step that hangs) or one that grows past 2 GB fails
# the gate and leaves the input in build/fuzz/artifacts/ (crash-*, leak-*, timeout-*, oom-*).
#
# How long: MOTE_FUZZ_SECONDS, the wall time every target runs. Its default gives each target
# at least 3 minutes of a core: 180 s while there are no more targets than cores, and 180 s
# times targets / cores when there are more (three targets on two cores: 270 s, each process
# on two thirds of a core). Each target's executions, coverage (cov, ft: libFuzzer's edges and
# features) and corpus size are printed at the end and kept in build/fuzz/summary.txt.
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

# Every target at once, each libFuzzer process single-threaded: with more targets than cores
# they share the cores, and the default time grows so each still gets 3 minutes of one.
core_seconds=180
if [ "${#names[@]}" -gt "$jobs" ]; then
    default_seconds=$(((core_seconds * ${#names[@]} + jobs - 1) / jobs))
else
    default_seconds=$core_seconds
fi
seconds="${MOTE_FUZZ_SECONDS:-$default_seconds}"
timeout="${MOTE_FUZZ_TIMEOUT:-10}"
mkdir -p build/fuzz/artifacts
# The artifacts of this run are the ones newer than this mark (earlier runs' stay).
mark=build/fuzz/artifacts/.run-started
touch "$mark"

run_target() {
    local name="$1"
    mkdir -p "build/fuzz/corpus/$name"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "build/fuzz/tests/fuzz/$name" -max_total_time="$seconds" -timeout="$timeout" \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$name-" \
        "build/fuzz/corpus/$name" "tests/fuzz/corpus/$name" >"build/fuzz/$name.log" 2>&1
}

# One line per target from its log: libFuzzer's final stats and its last status line
# ("#N DONE cov: C ft: F corp: U/S ...").
summarize() {
    local name="$1" status="$2" log="build/fuzz/$1.log"
    local runs per_second last cov ft corpus
    runs="$(sed -n 's/^stat::number_of_executed_units: //p' "$log" | tail -n 1)"
    per_second="$(sed -n 's/^stat::average_exec_per_sec: //p' "$log" | tail -n 1)"
    last="$(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -n 1 || true)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")"
    corpus="$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")"
    printf '%-24s exit %-3s %10s executions %6s/s  cov %-6s ft %-7s corpus %s\n' "$name" \
        "$status" "${runs:-?}" "${per_second:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}"
}

echo "gate-fuzz: ${#names[@]} targets on $jobs cores, ${seconds}s each, -timeout=${timeout}s"
pids=()
for name in "${names[@]}"; do
    echo "gate-fuzz: $name for ${seconds}s (log build/fuzz/$name.log)"
    run_target "$name" &
    pids+=("$!")
done
failed=()
summary=()
for i in "${!names[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    echo "== gate-fuzz: ${names[$i]} ended (exit $status)"
    cat "build/fuzz/${names[$i]}.log"
    summary+=("$(summarize "${names[$i]}" "$status")")
    [ "$status" -eq 0 ] || failed+=("${names[$i]}")
done
# A timeout or out-of-memory input fails the gate as a crash does, whatever the exit status.
mapfile -t found < <(find build/fuzz/artifacts -maxdepth 1 -type f -newer "$mark" \
    \( -name '*crash-*' -o -name '*leak-*' -o -name '*timeout-*' -o -name '*oom-*' \) | sort)
{
    echo "gate-fuzz: ${#names[@]} targets on $jobs cores, ${seconds}s each, -timeout=${timeout}s, $(date -u '+%Y-%m-%d %H:%M UTC')"
    printf '%s\n' "${summary[@]}"
    [ "${#found[@]}" -eq 0 ] || printf 'finding: %s\n' "${found[@]}"
} | tee build/fuzz/summary.txt
if [ "${#failed[@]}" -gt 0 ] || [ "${#found[@]}" -gt 0 ]; then
    echo "gate-fuzz: failed: ${failed[*]:-} ${found[*]:-} (the inputs are in build/fuzz/artifacts/)" >&2
    exit 1
fi
echo "gate-fuzz: passed"
