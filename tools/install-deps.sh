#!/usr/bin/env bash
# Installs the Debian packages mote needs that are missing (dpkg -s checks), running
# `apt-get update` first only when something is missing, and sudo only when not root.
# Usage: tools/install-deps.sh [extra-package ...]
set -euo pipefail

# make: CMake's default generator, which README.md's install commands (and the install_readme
# test that runs them) use; cmake only recommends it. libc6-dev: gcc only recommends it (g++
# happens to depend on it through libstdc++-12-dev).
packages=(cmake make ninja-build gcc libc6-dev g++ pkg-config libsimde-dev libcmocka-dev
    libbenchmark-dev "$@")

if ! command -v dpkg >/dev/null 2>&1; then
    echo "install-deps: no dpkg here (not Debian?); make sure these are installed: ${packages[*]}"
    exit 0
fi

missing=()
native="$(dpkg --print-architecture)"
for package in "${packages[@]}"; do
    # Once a foreign architecture is added (arm64 for the aarch64 gate), dpkg -s calls a name
    # installed for both ambiguous: then ask for the native one.
    if ! { dpkg -s "$package" 2>/dev/null || dpkg -s "$package:$native" 2>/dev/null; } |
        grep -q '^Status: install ok installed'; then
        missing+=("$package")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-deps: all present (${packages[*]})"
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "install-deps: missing ${missing[*]}, and not root and no sudo to install them" >&2
        exit 1
    fi
    sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
# env passes the non-interactive frontend through sudo, which resets the environment.
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
"${apt[@]}" update
"${apt[@]}" install -y --no-install-recommends "${missing[@]}"
