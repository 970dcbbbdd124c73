#!/usr/bin/env bash
# Gate: dispatch on CPUs without AVX-512 or AVX2. Builds Release into build/cpu and runs, under
# qemu-x86_64 -cpu Haswell (AVX2 + FMA, no AVX-512: dispatch must pick avx2) and -cpu Nehalem
# (neither: portable), what only such a CPU can show: test_dispatch_expected asserts the pick
# from MOTE_EXPECT_BACKEND; test_backend the availability answers; the golden hashes step every
# pool kind on the picked backend (an instruction the CPU lacks in any kind's kernel is a
# SIGILL here) and must give the committed bits; mote-compare runs every kernel variant the
# CPU has against the scalar reference. The per-backend kernel and pool suites are not run
# again: the native runs test every backend (the avx2 variant included) against the
# reference, and under qemu they took most of an hour. MOTE_TEST_SCALE defaults to 1/16.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
gate_install qemu-user

export MOTE_TEST_SCALE="${MOTE_TEST_SCALE:-0.0625}"
for pair in Haswell:avx2 Nehalem:portable; do
    cpu="${pair%%:*}"
    expected="${pair##*:}"
    # The emulator is the only difference between the two configurations: reconfiguring
    # rewrites the test list, nothing is recompiled.
    cmake -S . -B build/cpu $(generator_for build/cpu) -DCMAKE_BUILD_TYPE=Release -DMOTE_WERROR=ON \
        "-DCMAKE_CROSSCOMPILING_EMULATOR=qemu-x86_64;-cpu;$cpu" >/dev/null
    cmake --build build/cpu --parallel "$jobs" \
        --target test_dispatch_expected test_backend test_golden_hashes mote-compare
    echo "gate-cpus: dispatch, backends, golden hashes and mote-compare under qemu-x86_64" \
        "-cpu $cpu, expecting $expected"
    MOTE_EXPECT_BACKEND="$expected" ctest --test-dir build/cpu --output-on-failure \
        --parallel "$jobs" --timeout "$gate_test_timeout" \
        -R '^(test_dispatch_expected|test_backend|test_golden_hashes|tool_mote_compare)$'
    MOTE_EXPECT_BACKEND="$expected" qemu-x86_64 -cpu "$cpu" build/cpu/tests/test_dispatch_expected |
        grep '^dispatch:'
done
echo "gate-cpus: passed"
