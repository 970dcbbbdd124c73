#!/usr/bin/env bash
# README command 1: install what is missing, build, and run mote-demo (the main job).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/install-deps.sh
tools/configure-release.sh
cmake --build build/release --target mote-demo --parallel "$(nproc)"
build/release/tools/mote-demo
