#!/usr/bin/env bash
# Gate: warning-free with -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow
# -Wstrict-prototypes as errors (MOTE_WERROR=ON, cmake/MoteWarnings.cmake), under clang
# (build/clang: library, tests, tools, benchmarks); the gcc build of the same is the README's
# test command (tools/run-tests.sh). Checks that the flags really reach the compiler.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
# libomp-14-dev: clang's OpenMP (omp.h, libomp), so openmp_tasks.c is compiled with -fopenmp
# here too; without it the build silently goes without OpenMP.
gate_install clang-14 libomp-14-dev

CC=clang-14 CXX=clang++-14 cmake -S . -B build/clang $(generator_for build/clang) \
    -DCMAKE_BUILD_TYPE=Release -DMOTE_WERROR=ON -DMOTE_BUILD_BENCH=ON \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
for flag in -Werror -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow -Wstrict-prototypes; do
    if ! grep -q -- "$flag" build/clang/compile_commands.json; then
        echo "gate-warnings: $flag is not on the compile lines" >&2
        exit 1
    fi
done
cmake --build build/clang --parallel "$jobs"
echo "gate-warnings: clang build clean with warnings as errors"
