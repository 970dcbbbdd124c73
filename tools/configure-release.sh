#!/usr/bin/env bash
# Configures the Release build both README commands share: build/release, warnings as errors,
# Ninja when it is installed (else the default generator). Extra arguments go to cmake.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
generator=()
if command -v ninja >/dev/null 2>&1 && [ ! -f build/release/Makefile ]; then
    generator=(-G Ninja)
fi
cmake -S . -B build/release "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DMOTE_WERROR=ON "$@"
