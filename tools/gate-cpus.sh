#!/usr/bin/env bash
# Gate: dispatch on CPUs without AVX-512 or AVX2. Builds Release into build/cpu and runs the
# test suite under qemu-x86_64 -cpu Haswell (AVX2 + FMA, no AVX-512: dispatch must pick
# avx2) and -cpu Nehalem (neither: portable); test_dispatch_expected asserts the pick from
# MOTE_EXPECT_BACKEND. Not run there: the install tests (they run no mote code under the
# emulator) and mote-demo (a timing demo). MOTE_TEST_SCALE defaults to 1/16.
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
    cmake --build build/cpu --parallel "$jobs"
    echo "gate-cpus: every test under qemu-x86_64 -cpu $cpu, expecting $expected"
    MOTE_EXPECT_BACKEND="$expected" ctest --test-dir build/cpu --output-on-failure \
        --parallel "$jobs" --timeout "$gate_test_timeout" -E '^(install_.*|tool_mote_demo)$'
    MOTE_EXPECT_BACKEND="$expected" qemu-x86_64 -cpu "$cpu" build/cpu/tests/test_dispatch_expected |
        grep '^dispatch:'
done
echo "gate-cpus: passed"
