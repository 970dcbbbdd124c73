#!/usr/bin/env bash
# Gate: a truly fresh machine. Builds a bare Debian 12 (bookworm) root with
# `debootstrap --variant=minbase` from Debian's mirror, copies a clean `git archive HEAD` of
# the repository into it (/root/mote) and there, through chroot as root (as CI runs), does
# what a new user would:
#   1. the library alone, as README.md's "Installing mote for another project" says: its
#      package lines (cmake, make, gcc, libc6-dev, libsimde-dev; nothing else installed yet),
#      its install commands, and a C consumer built against the prefix they name;
#   2. the README's commands from its first section (tools/run-demo.sh, tools/run-tests.sh);
#   3. the install step of every gate: `bash .ci/run --install-only` (.ci/run's own packages,
#      then each tools/gate-*.sh --install-only);
#   4. a cheap check per gate that its toolchain works from those packages alone (the
#      aarch64 cross compiler links and qemu-aarch64 runs the result, clang-14 links a
#      libFuzzer program and an OpenMP one, valgrind and qemu-x86_64 run a program, the
#      clang and aarch64 configurations find OpenMP, ...).
# A package that a step uses but no install step names (apt's recommends are never
# installed) fails here even where this machine has it installed.
#
# The bare root is cached as a tarball in MOTE_FRESH_CACHE (default /var/cache/mote-gate-fresh),
# keyed by suite, variant, architecture, mirror, included packages and debootstrap's version,
# and rebuilt when older than MOTE_FRESH_CACHE_DAYS (default 7). Every run unpacks a new copy
# into a directory under MOTE_FRESH_WORK (default /var/tmp), mounts /proc, /sys and /dev
# there, and unmounts and deletes it on every exit (MOTE_FRESH_KEEP=1 keeps the root, its
# mounts undone, to look into). Prints each phase's time. Needs root (debootstrap, mount,
# chroot); the network it needs is the Debian mirror alone.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"

suite=bookworm
variant=minbase
mirror="${MOTE_FRESH_MIRROR:-http://deb.debian.org/debian}"
security_mirror="${MOTE_FRESH_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
include="" # the bare root is minbase alone: everything else comes from the install steps
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
cache="${MOTE_FRESH_CACHE:-/var/cache/mote-gate-fresh}"
cache_days="${MOTE_FRESH_CACHE_DAYS:-7}"

if [ "$gate_install_only" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "gate-fresh: needs root (debootstrap, mount and chroot); CI runs as root." >&2
    echo "gate-fresh: run it as root, e.g. sudo tools/gate-fresh.sh" >&2
    exit 1
fi

started=$SECONDS
timings=()
phase_name=""
phase_started=$SECONDS
# Closes the previous phase's timing and announces the next one.
phase() {
    if [ -n "$phase_name" ]; then
        timings+=("$(printf '%5ds  %s' $((SECONDS - phase_started)) "$phase_name")")
    fi
    phase_name="$*"
    phase_started=$SECONDS
    echo
    echo "==> gate-fresh [$((SECONDS - started))s] $*"
}

phase "host packages (debootstrap, the archive keyring, gpgv, git)"
gate_install debootstrap debian-archive-keyring gpgv git

if ! git rev-parse --verify -q HEAD >/dev/null; then
    echo "gate-fresh: $(pwd) is not a git checkout with a commit; git archive HEAD needs one" >&2
    exit 1
fi
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "gate-fresh: note: testing HEAD ($(git rev-parse --short HEAD)); uncommitted changes are left out"
fi

work_parent="${MOTE_FRESH_WORK:-/var/tmp}"
mkdir -p "$work_parent"
work="$(mktemp -d "$work_parent/mote-gate-fresh.XXXXXX")"
root="$work/root"

# Mount points at or below the root, deepest first, from the kernel's own table.
mounts_under_root() {
    awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

# Every exit: end what still runs inside the root (nothing should), undo the mounts, and
# delete the work directory only once nothing is mounted below it.
cleanup() {
    local status=$? proc target cleanup_started=$SECONDS
    set +e
    for proc in /proc/[0-9]*; do
        if [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ]; then
            echo "gate-fresh: ending process ${proc#/proc/} left in the root"
            kill -KILL "${proc#/proc/}" 2>/dev/null
        fi
    done
    for target in $(mounts_under_root); do
        umount "$target" 2>/dev/null || umount -l "$target"
    done
    if [ -n "$(mounts_under_root)" ]; then
        echo "gate-fresh: still mounted under $root, not deleting $work:" >&2
        mounts_under_root >&2
        [ "$status" -ne 0 ] || status=1
    elif [ "${MOTE_FRESH_KEEP:-0}" = 1 ]; then
        echo "gate-fresh: kept the root in $root (MOTE_FRESH_KEEP=1)"
    else
        rm -rf --one-file-system "$work"
    fi
    echo "gate-fresh: root unmounted and removed in $((SECONDS - cleanup_started))s;" \
        "$((SECONDS - started))s in all (exit $status)"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A command inside the root, as root, with a clean environment (nothing of this shell's,
# the proxy variables aside) and no stdin.
in_root() {
    local vars=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
        LANG=C.UTF-8 TERM=dumb)
    local name
    for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
        if [ -n "${!name:-}" ]; then
            vars+=("$name=${!name}")
        fi
    done
    chroot "$root" /usr/bin/env -i "${vars[@]}" "$@" </dev/null
}

arch="$(dpkg --print-architecture)"
key="$suite $variant $arch $mirror [$include] $(debootstrap --version)"
key_hash="$(printf '%s' "$key" | sha256sum | cut -c1-16)"
tarball="$cache/$suite-$variant-$arch-$key_hash.tar.gz"
if [ -f "$tarball" ] && [ -z "$(find "$tarball" -mtime "+$cache_days")" ]; then
    phase "bare root: unpacking the cached $suite $variant root ($tarball)"
    mkdir "$root"
    tar -xzpf "$tarball" --numeric-owner -C "$root"
else
    phase "bare root: debootstrap --variant=$variant $suite (cached afterwards in $cache)"
    if [ ! -f "$keyring" ]; then
        echo "gate-fresh: $keyring missing (debian-archive-keyring): Release files unverifiable" >&2
        exit 1
    fi
    include_args=()
    [ -z "$include" ] || include_args=("--include=$include")
    debootstrap --variant="$variant" --arch="$arch" --keyring="$keyring" "${include_args[@]}" \
        "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
        tail -n 40 "$work/debootstrap.log" >&2
        echo "gate-fresh: debootstrap failed (log above)" >&2
        exit 1
    }
    echo "gate-fresh: bare root is $(du -sm --one-file-system "$root" | cut -f1) MB"
    mkdir -p "$cache"
    # Only this key's tarball is kept; written beside it and renamed, so a concurrent run
    # never unpacks half a file.
    find "$cache" -maxdepth 1 -name "$suite-$variant-$arch-*.tar.gz" ! -path "$tarball" -delete
    tar -czf "$tarball.$$" --numeric-owner -C "$root" .
    mv "$tarball.$$" "$tarball"
fi

phase "repository: git archive HEAD into /root/mote; apt sources, resolver, mounts"
mkdir -p "$root/root/mote"
git archive --format=tar HEAD | tar -x -C "$root/root/mote"
# The suites this machine uses (bookworm, its updates and security), replacing debootstrap's
# one-line sources.list.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: $keyring

Types: deb
URIs: $security_mirror
Suites: $suite-security
Components: main
Signed-By: $keyring
EOF
# How this machine reaches the mirror (proxy, and whether a mirror's Release dates are
# checked): transport settings only, no packages.
apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy|ForceIPv4|Retries) ' \
    >"$root/etc/apt/apt.conf.d/00gate-fresh-host-network" || true
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
# Nothing installed starts a service inside the root.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
for spec in "proc proc proc" "sysfs sys sysfs:ro" "/dev dev bind" "tmpfs dev/shm tmpfs"; do
    read -r source target kind <<<"$spec"
    case "$kind" in
    bind) mount --bind "$source" "$root/$target" ;;
    sysfs:ro) mount -t sysfs -o ro "$source" "$root/$target" ;;
    *) mount -t "$kind" "$source" "$root/$target" ;;
    esac || {
        echo "gate-fresh: cannot mount $target in the root (no CAP_SYS_ADMIN here?)" >&2
        exit 1
    }
done
in_root /bin/true || {
    echo "gate-fresh: cannot chroot into $root" >&2
    exit 1
}

# The README's commands (HEAD's README, as copied): each line of the sh blocks between "On a
# fresh Debian machine" and the first "## " heading, run exactly as written.
mapfile -t readme_commands < <(awk '
    /^## / { exit }
    /^On a fresh Debian machine/ { intro = 1 }
    intro && /^```sh$/ { block = 1; next }
    block && /^```$/ { block = 0; next }
    block && NF { print }' "$root/root/mote/README.md")
if [ "${#readme_commands[@]}" -eq 0 ]; then
    echo "gate-fresh: found no commands in README.md's first section" >&2
    exit 1
fi
# The lines of the sh block after a marker line of README.md.
readme_block() {
    awk -v marker="$1" '
        $0 == marker { after = 1; next }
        after && /^```sh$/ { block = 1; next }
        block && /^```$/ { exit }
        block && NF { print }' "$root/root/mote/README.md"
}

# Before anything else is installed: the library alone, as "Installing mote for another
# project" says, in a copy of its own (/root/mote-library): its package lines (as root, so
# without sudo; apt told to assume yes), its install commands, then a C consumer configured
# the way it says.
mapfile -t library_packages < <(readme_block "<!-- gate-fresh: library-packages -->")
mapfile -t library_install < <(readme_block "<!-- install-test: readme-install -->")
if [ "${#library_packages[@]}" -eq 0 ] || [ "${#library_install[@]}" -eq 0 ]; then
    echo "gate-fresh: README.md's library-packages or readme-install block is missing" >&2
    exit 1
fi
phase "the library alone: the README's package lines and install commands, then a consumer"
mkdir -p "$root/root/mote-library"
git archive --format=tar HEAD | tar -x -C "$root/root/mote-library"
echo 'APT::Get::Assume-Yes "true";' >"$root/etc/apt/apt.conf.d/00gate-fresh-assume-yes"
for command in "${library_packages[@]}"; do
    echo "+ ${command#sudo }"
    in_root /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/bash -c "${command#sudo }"
done
rm "$root/etc/apt/apt.conf.d/00gate-fresh-assume-yes"
# (CMAKE_BUILD_PARALLEL_LEVEL: `cmake --build` on every core, the commands unchanged.)
for command in "${library_install[@]}"; do
    echo "+ $command"
    in_root /usr/bin/env CMAKE_BUILD_PARALLEL_LEVEL="$jobs" /bin/bash -c \
        "cd /root/mote-library && $command"
done
# shellcheck disable=SC2016 # $HOME is the root's, expanded in there
in_root /bin/bash -c 'cp -r /root/mote-library/tests/install/consumer /root/consumer &&
    cd /root/consumer && cmake -S . -B build -DCMAKE_PREFIX_PATH="$HOME/.local" &&
    cmake --build build && ./build/mote_consumer'

for command in "${readme_commands[@]}"; do
    phase "README command: $command"
    in_root /bin/bash -c "cd /root/mote && $command"
done

phase "every gate's install step: bash .ci/run --install-only"
in_root /usr/bin/env CI=true /bin/bash -c "cd /root/mote && bash .ci/run --install-only"

phase "toolchain checks, one or more per gate"
cat >"$root/root/gate-fresh-checks.sh" <<'CHECKS'
set -euo pipefail
cd "$(mktemp -d)"
# Every check runs, for at most 5 minutes; the failed ones are listed at the end and fail
# the gate.
failed=()
check() {
    echo "+ $*"
    if ! timeout 300 "$@"; then
        echo "FAILED: $*"
        failed+=("$*")
    fi
}
cat >hello.c <<'EOF'
#include <stdio.h>
int main(void) {
    puts("hello");
    return 0;
}
EOF
cat >omp.c <<'EOF'
#include <omp.h>
#include <stdio.h>
int main(void) {
    int threads = 0;
#pragma omp parallel reduction(+ : threads)
    threads += 1;
    printf("openmp: %d threads (max %d)\n", threads, omp_get_max_threads());
    return threads > 0 ? 0 : 1;
}
EOF
cat >fuzz.c <<'EOF'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    return 0;
}
EOF
cat >bench.cc <<'EOF'
#include <benchmark/benchmark.h>
static void empty(benchmark::State &state) {
    for (auto _ : state) {
    }
}
BENCHMARK(empty);
BENCHMARK_MAIN();
EOF
cat >cmocka.c <<'EOF'
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
static void passes(void **state) {
    (void)state;
    assert_int_equal(1, 1);
}
int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(passes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
EOF

echo "== .ci/run steps 2-5 (gcc, g++): OpenMP, ASan + UBSan, Google Benchmark"
check gcc -fopenmp omp.c -o omp-gcc
check ./omp-gcc
check gcc -fsanitize=address,undefined hello.c -o hello-asan
check ./hello-asan
check g++ bench.cc -lbenchmark -lpthread -o bench-gcc
check ./bench-gcc --benchmark_min_time=0.001 >/dev/null
echo "== .ci/run step 6: clang-format over the sources (not build/) with their .clang-format, git"
check bash -c "find /root/mote -path /root/mote/build -prune -o \\( -name '*.c' -o -name '*.h' \\
    -o -name '*.cc' -o -name '*.cpp' \\) -print0 | xargs -0 clang-format --dry-run -Werror"
check git --version
echo "== gate-warnings: clang-14 and clang++-14, OpenMP found by the clang configuration"
check clang-14 -fopenmp omp.c -o omp-clang
check ./omp-clang
check clang++-14 bench.cc -lbenchmark -lpthread -o bench-clang
check ./bench-clang --benchmark_min_time=0.001 >/dev/null
# The gate's configuration finds OpenMP, as on a machine that has it.
check env CC=clang-14 CXX=clang++-14 cmake -S /root/mote -B clang-configure -GNinja \
    -DMOTE_BUILD_BENCH=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >configure-clang.log
check grep 'mote: OpenMP task system ON' configure-clang.log
# The benchmarks' peers (bench/peers/): their packages come from tools/install-deps.sh.
check grep 'mote-bench peers OFF: none' configure-clang.log
echo "== gate-fuzz: clang-14 -fsanitize=fuzzer,address,undefined links and runs"
check clang-14 -fsanitize=fuzzer,address,undefined fuzz.c -o fuzz
check ./fuzz -runs=1000
echo "== gate-tsan: gcc -fsanitize=thread links and runs a threaded program"
check gcc -fsanitize=thread -pthread hello.c -o hello-tsan
check setarch "$(uname -m)" -R ./hello-tsan
echo "== gate-cppcheck"
check cppcheck --error-exitcode=1 --enable=warning,style --quiet hello.c
echo "== gate-aarch64: cross compiler links (libc, OpenMP, cmocka), qemu-aarch64 runs"
check aarch64-linux-gnu-gcc hello.c -o hello-arm64
check qemu-aarch64 -L /usr/aarch64-linux-gnu ./hello-arm64
check aarch64-linux-gnu-gcc -fopenmp omp.c -o omp-arm64
# On one thread, as the gate runs OpenMP under qemu (tools/gate-common.sh): two threads of
# this program spun under qemu-aarch64 for minutes.
check env OMP_NUM_THREADS=1 qemu-aarch64 -L /usr/aarch64-linux-gnu ./omp-arm64
check aarch64-linux-gnu-gcc cmocka.c -lcmocka -o cmocka-arm64
check qemu-aarch64 -L /usr/aarch64-linux-gnu ./cmocka-arm64
check cmake -S /root/mote -B aarch64-configure -GNinja \
    -DCMAKE_TOOLCHAIN_FILE=/root/mote/cmake/toolchains/aarch64-linux-gnu.cmake \
    >configure-aarch64.log
check grep 'mote: OpenMP task system ON' configure-aarch64.log
echo "== gate-cpus: qemu-x86_64 -cpu Haswell and -cpu Nehalem"
check gcc hello.c -o hello
check qemu-x86_64 -cpu Haswell ./hello
check qemu-x86_64 -cpu Nehalem ./hello
echo "== gate-valgrind: memcheck runs a program clean"
check valgrind --error-exitcode=99 --leak-check=full --quiet ./hello
echo "== gate-samples: a virtual X server runs, the viewer's packages are found"
check xvfb-run -a true
check grep 'mote-samples ON' configure-clang.log
echo "== gate-fresh: debootstrap and the archive keyring"
check debootstrap --version
check test -s /usr/share/keyrings/debian-archive-keyring.gpg
if [ "${#failed[@]}" -ne 0 ]; then
    for log in configure-*.log; do
        echo "== $log (last lines)"
        tail -n 15 "$log"
    done
    echo "toolchain checks: ${#failed[@]} failed:"
    printf '  %s\n' "${failed[@]}"
    exit 1
fi
echo "toolchain checks: all passed"
CHECKS
in_root /bin/bash /root/gate-fresh-checks.sh
echo "gate-fresh: the root has grown to $(du -sm --one-file-system "$root" | cut -f1) MB"

phase "gate-fresh passed in $((SECONDS - started))s (the root is removed next)"
echo "gate-fresh: phase times:"
printf '%s\n' "${timings[@]}"
echo "gate-fresh: passed"
