#!/usr/bin/env bash
# Gate: cppcheck reports nothing on engine/ and simd/. It reads the compile database of a
# configure-only build (build/cppcheck), so every kernel variant is checked with the defines
# it is compiled with. A finding that is a false positive is suppressed inline
# (// cppcheck-suppress id) with the reason beside it.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
gate_install cppcheck

cmake -S . -B build/cppcheck $(generator_for build/cppcheck) -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DMOTE_BUILD_TESTS=OFF -DMOTE_BUILD_TOOLS=OFF >/dev/null
mkdir -p build/cppcheck/cache
cppcheck --project=build/cppcheck/compile_commands.json \
    --enable=warning,style,performance,portability --inline-suppr --error-exitcode=1 \
    --cppcheck-build-dir=build/cppcheck/cache "--suppress=*:/usr/include/*" -j "$jobs" --quiet
echo "gate-cppcheck: engine/ and simd/ clean"
