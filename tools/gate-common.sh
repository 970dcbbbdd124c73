#!/usr/bin/env bash
# Shared by the tools/gate-*.sh scripts, sourced as `source .../gate-common.sh "$@"`: the
# repository root, the install step (gate_install), the generator, and the expectation of
# which backend dispatch picks natively, read from /proc/cpuinfo (not from mote's own
# detection).
#
# Every gate takes --install-only: it installs the Debian packages it needs and stops. Step 1
# of .ci/run and tools/gate-fresh.sh (in a bare Debian root) run each gate that way, so each
# gate's package list is written once, in the gate itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="$(nproc)"

gate_name="$(basename "$0" .sh)"
gate_install_only=0
case "${1:-}" in
--install-only) gate_install_only=1 ;;
"") ;;
*)
    echo "$gate_name: unknown argument '$1' (usage: $0 [--install-only])" >&2
    exit 2
    ;;
esac

# The gate's install step: every Debian package the gate itself uses, named here (apt's
# recommends are never installed, so a package that only comes as a recommendation must be
# named too), on top of tools/install-deps.sh's base list. With --install-only the gate ends
# here.
gate_install() {
    tools/install-deps.sh "$@"
    if [ "$gate_install_only" -eq 1 ]; then
        echo "$gate_name: packages installed (--install-only)"
        exit 0
    fi
}

# OpenMP on one thread in the gates that emulate or instrument (qemu-user, valgrind): worker
# threads spinning under an emulator starve each other (a parallel-step test ran for over
# ten minutes under qemu-aarch64 instead of 2 s). The parallel step's bits do not depend on
# the thread count, and test_tasks checks uneven and deferred splits without threads; the
# native test runs (steps 2 and 3 of .ci/run) keep OpenMP's threads.
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"
# A test that asks for a worker count itself (test_parallel_kinds, two workers there) gets
# threads that sleep while they wait rather than spin.
export OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-passive}"

# The longest any one test may run under a gate (ctest --timeout, seconds): a hang fails the
# gate with the test's name instead of running into CI's own limit.
gate_test_timeout="${MOTE_GATE_TEST_TIMEOUT:-900}"

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
