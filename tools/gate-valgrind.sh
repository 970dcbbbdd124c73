#!/usr/bin/env bash
# Gate: the test suite under valgrind memcheck, zero errors and no definite leaks, with
# MOTE_BACKEND=portable and =avx2 (when this CPU has AVX2). valgrind has no AVX-512, so
# dispatch must not pick it there: test_dispatch_expected checks that detection yields
# avx2 (or portable) under valgrind. Children that test_backend spawns run under valgrind
# too. MOTE_TEST_SCALE defaults to 1/16; mote-demo, the install tests and the golden hashes
# (see below) are not run.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
gate_install valgrind

valgrind_args="valgrind;--error-exitcode=99;--leak-check=full;--errors-for-leak-kinds=definite,indirect;--quiet"
cmake -S . -B build/valgrind $(generator_for build/valgrind) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMOTE_WERROR=ON "-DCMAKE_CROSSCOMPILING_EMULATOR=$valgrind_args"
cmake --build build/valgrind --parallel "$jobs"

expected="$(native_expected_backend)"
[ "$expected" != avx512 ] || expected=avx2 # what valgrind's CPU offers
backends=(portable)
[ "$expected" != avx2 ] || backends+=(avx2)
export MOTE_TEST_SCALE="${MOTE_TEST_SCALE:-0.0625}"
# The first run covers every test but the golden hashes: they step 1,000 elements 200 times
# through every kernel variant, emulated ones included, and a fixed state cannot scale down
# (about 210 s under memcheck); the same kernels on the same partial vectors and padding are
# memchecked by the kernel suites, and the hashes themselves are asserted natively, under the
# sanitizers, on aarch64 and on the emulated CPUs. MOTE_BACKEND only changes which backend
# pools left to dispatch use; the suites that walk every backend or kernel variant explicitly
# (kernels, wide math, reference, the fixed-step cache, mote-compare, the scalar math and the
# snapshot's wide copies) run the avx2 code in the first run already, identically, so the
# second run is the suites whose code paths follow dispatch. The patterns name families, so a
# new kind's kernel and reference suites and compare tests fall in them by their names.
skip='^(install_.*|tool_mote_demo|test_golden_hashes)$'
for backend in "${backends[@]}"; do
    echo "gate-valgrind: tests under memcheck with MOTE_BACKEND=$backend"
    MOTE_BACKEND="$backend" MOTE_EXPECT_BACKEND="$expected" ctest --test-dir build/valgrind \
        --output-on-failure --parallel "$jobs" --timeout "$gate_test_timeout" -E "$skip"
    skip='^(install_.*|tool_mote_demo|test_golden_hashes|test_.*_kernels|test_.*_ref|test_wide_.*|test_math3d|test_spring_fixed_step|test_snapshot_wide|test_pool_core_reports|test_worker_shares|tool_mote_compare.*)$'
done
echo "gate-valgrind: passed"
