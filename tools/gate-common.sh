#!/usr/bin/env bash
# Shared by the tools/gate-*.sh scripts (sourced): the repository root, the generator, and
# the expectation of which backend dispatch picks natively, read from /proc/cpuinfo (not
# from mote's own detection).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="$(nproc)"

# OpenMP on one thread in the gates that emulate or instrument (qemu-user, valgrind): worker
# threads spinning under an emulator starve each other (a parallel-step test ran for over
# ten minutes under qemu-aarch64 instead of 2 s). The parallel step's bits do not depend on
# the thread count, and test_tasks checks uneven and deferred splits without threads; the
# native test runs (steps 2 and 3 of .ci/run) keep OpenMP's threads.
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"

# Ninja when installed and the build dir was not made by another generator.
generator_for() {
    if command -v ninja >/dev/null 2>&1 && [ ! -f "$1/Makefile" ]; then
        echo "-GNinja"
    fi
}

# avx512 / avx2 / portable from the kernel's CPU flags (x86-64); neon on aarch64.
native_expected_backend() {
    case "$(uname -m)" in
    aarch64 | arm64) echo neon ;;
    x86_64)
        local flags
        flags="$(grep -m1 '^flags' /proc/cpuinfo || true)"
        if [[ " $flags " == *" avx512f "* ]]; then
            echo avx512
        elif [[ " $flags " == *" avx2 "* && " $flags " == *" fma "* ]]; then
            echo avx2
        else
            echo portable
        fi
        ;;
    *) echo portable ;;
    esac
}
