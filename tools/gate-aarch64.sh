#!/usr/bin/env bash
# Gate: real NEON on aarch64. Cross-compiles the library, tests and tools with Debian's
# gcc-aarch64-linux-gnu (cmake/toolchains/aarch64-linux-gnu.cmake) into build/aarch64 and
# runs the whole ctest suite under qemu-aarch64 (dispatch must pick neon), then the pool,
# golden-hash and dispatch suites again with MOTE_BACKEND=portable.
# MOTE_TEST_SCALE (default 1/16) sizes the 4M-element cases, the 1,000-step long runs and
# the wide-math sweeps down under emulation; mote-demo runs at full size (about 3 minutes
# under qemu, alongside the other tests).
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
echo "gate-aarch64: every test under qemu-aarch64 (MOTE_TEST_SCALE=$MOTE_TEST_SCALE)"
MOTE_EXPECT_BACKEND=neon ctest --test-dir build/aarch64 --output-on-failure --parallel "$jobs"
echo "gate-aarch64: pools, golden hashes and dispatch again with MOTE_BACKEND=portable"
MOTE_BACKEND=portable MOTE_EXPECT_BACKEND=neon ctest --test-dir build/aarch64 \
    --output-on-failure --parallel "$jobs" \
    -R '^(test_spring_pool|test_golden_hashes|test_dispatch_expected|test_alloc_failure)$'
qemu-aarch64 -L /usr/aarch64-linux-gnu build/aarch64/tests/test_dispatch_expected | grep '^dispatch:'
echo "gate-aarch64: passed"
