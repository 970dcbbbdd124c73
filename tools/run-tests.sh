#!/usr/bin/env bash
# README command 2: install what is missing, build Release (warnings as errors) into
# build/release, and run every test.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/install-deps.sh
tools/configure-release.sh
cmake --build build/release --parallel "$(nproc)"
ctest --test-dir build/release --output-on-failure --parallel "$(nproc)" --timeout 600
