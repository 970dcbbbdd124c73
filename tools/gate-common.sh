#!/usr/bin/env bash
# Shared by the tools/gate-*.sh scripts (sourced): the repository root, the generator, and
# the expectation of which backend dispatch picks natively, read from /proc/cpuinfo (not
# from mote's own detection).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="$(nproc)"

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
