#!/usr/bin/env bash
# Gate: real NEON on aarch64. Cross-compiles the library, tests and tools with Debian's
# gcc-aarch64-linux-gnu (cmake/toolchains/aarch64-linux-gnu.cmake) into build/aarch64 and
# runs the whole ctest suite under qemu-aarch64 (dispatch must pick neon), then the pool,
# golden-hash and dispatch suites again with MOTE_BACKEND=portable.
# MOTE_TEST_SCALE (default 1/16) sizes the 4M-element cases, the 1,000-step long runs and
# the wide-math sweeps down under emulation. mote-demo is left out as in the other emulated
# gates: it asserts nothing the kernel and pool suites do not, and takes 6 minutes under qemu.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"

if command -v dpkg >/dev/null 2>&1 && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "gate-aarch64: dpkg --add-architecture arm64"
    "${sudo[@]}" dpkg --add-architecture arm64
fi
# libc6-dev-arm64-cross (crt files, libc and libm for aarch64) is only a recommendation of
# gcc-aarch64-linux-gnu, and recommends are not installed: without it nothing links.
gate_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user libcmocka-dev:arm64

cmake -S . -B build/aarch64 $(generator_for build/aarch64) -DCMAKE_BUILD_TYPE=Release \
    -DMOTE_WERROR=ON -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
cmake --build build/aarch64 --parallel "$jobs"

export MOTE_TEST_SCALE="${MOTE_TEST_SCALE:-0.0625}"
# qemu-aarch64 7.2 (bookworm) never returns from the first pthread_create on some hosts (seen
# on a Sapphire Rapids KVM guest: a 5-line pthread program spins forever). Probe it; where
# threads do not start, the tests run on the calling thread only (MOTE_TEST_MAX_WORKERS=1:
# the parallel step still splits into ranges, run one after another) and the gate says so; the
# README's snippets, one of which starts mote_workers' threads, are then left to the native run.
probe=build/aarch64/thread-probe
printf '#include <pthread.h>\nstatic void *f(void *a) { return a; }\nint main(void) { pthread_t t; return pthread_create(&t, 0, f, 0) || pthread_join(t, 0); }\n' |
    aarch64-linux-gnu-gcc -x c -pthread -o "$probe" -
if ! timeout 20 qemu-aarch64 -L /usr/aarch64-linux-gnu "$probe"; then
    echo "gate-aarch64: WARNING: qemu-aarch64 cannot start a thread on this host;" \
        "tests run with MOTE_TEST_MAX_WORKERS=1"
    export MOTE_TEST_MAX_WORKERS=1
    skip_threads='|readme_snippet_[0-9]+'
fi
echo "gate-aarch64: every test under qemu-aarch64 (MOTE_TEST_SCALE=$MOTE_TEST_SCALE)"
MOTE_EXPECT_BACKEND=neon ctest --test-dir build/aarch64 --output-on-failure --parallel "$jobs" \
    --timeout "$gate_test_timeout" -E "^(tool_mote_demo${skip_threads:-})\$"
echo "gate-aarch64: pools, golden hashes and dispatch again with MOTE_BACKEND=portable"
MOTE_BACKEND=portable MOTE_EXPECT_BACKEND=neon ctest --test-dir build/aarch64 \
    --output-on-failure --parallel "$jobs" --timeout "$gate_test_timeout" \
    -R '^(test_spring_pool|test_golden_hashes|test_dispatch_expected|test_alloc_failure)$'
qemu-aarch64 -L /usr/aarch64-linux-gnu build/aarch64/tests/test_dispatch_expected | grep '^dispatch:'
echo "gate-aarch64: passed"
