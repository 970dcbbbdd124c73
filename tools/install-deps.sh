#!/usr/bin/env bash
# Installs the Debian packages mote needs that are missing (dpkg -s checks), running
# `apt-get update` first only when something is missing, and sudo only when not root.
# Usage: tools/install-deps.sh [extra-package ...]
set -euo pipefail

# make: CMake's default generator, which README.md's install commands (and the install_readme
# test that runs them) use; cmake only recommends it. libc6-dev: gcc only recommends it (g++
# happens to depend on it through libstdc++-12-dev). gnuplot-nox: mote-trace draws with it.
# libhwy-dev, libsleef-dev: the benchmarks' peers (bench/peers/; built only where found).
# libglfw3-dev, libepoxy-dev, libimgui-dev, libpng-dev: mote-samples, the viewer (built only
# where found; tools/samples/CMakeLists.txt); running it headless is tools/gate-samples.sh's.
packages=(cmake make ninja-build gcc libc6-dev g++ pkg-config libsimde-dev libxxhash-dev
    libcmocka-dev libbenchmark-dev libhwy-dev libsleef-dev gnuplot-nox libglfw3-dev
    libepoxy-dev libimgui-dev libpng-dev "$@")

if ! command -v dpkg >/dev/null 2>&1; then
    echo "install-deps: no dpkg here (not Debian?); make sure these are installed: ${packages[*]}"
    exit 0
fi

missing=()
native="$(dpkg --print-architecture)"
for package in "${packages[@]}"; do
    # Once a foreign architecture is added (arm64 for the aarch64 gate), a name installed for
    # both stands for both: ask for the native one first, then the plain name (Architecture:
    # all packages answer only to that). Read into a variable rather than piped into grep -q,
    # which quit early and made dpkg -s die of SIGPIPE on a long entry (libc6-dev): pipefail
    # then called an installed package missing.
    names=("$package:$native" "$package")
    [[ "$package" != *:* ]] || names=("$package")
    status=""
    for name in "${names[@]}"; do
        status="$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null)" && break
    done
    if [ "$status" != "install ok installed" ]; then
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
