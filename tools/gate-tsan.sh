#!/usr/bin/env bash
# Gate: ThreadSanitizer over every test that runs threads: mote_workers (tests/test_workers.c),
# the task split (test_tasks), the parallel step of every kind on mote_workers
# (test_parallel_kinds), the learnt shares (test_worker_shares), the thread-local refusal
# detail (test_error_detail), the world's one fork and join (test_world_step), and the events
# and previous poses gathered on two workers (test_events, test_pose_writer). gcc's
# -fsanitize=thread into build/tsan, with OpenMP off
# (-DMOTE_OPENMP=OFF): GNU OpenMP is not built for ThreadSanitizer, so its own barriers would
# be reported as races; mote_openmp_task_system then runs on the calling thread, and every
# thread these tests start is mote's or the test's own. A data race, a lock-order inversion or
# any other report fails the test, and so the gate.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
# gcc's ThreadSanitizer runtime (libtsan2) comes with gcc (through libgcc-12-dev); setarch
# (util-linux, essential) runs the tests without address-space randomisation (below).
gate_install gcc

# The tests that start threads; a new one joins here (and in the comment above).
tests=(test_workers test_tasks test_parallel_kinds test_worker_shares test_error_detail
    test_world_step test_events test_pose_writer)

# -O1 with line tables, as sanitizer builds usually are, and no emulated variants (the tests
# here reach the native backends' kernels only through the pools).
cmake -S . -B build/tsan $(generator_for build/tsan) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" -DMOTE_WERROR=ON -DMOTE_SANITIZE=thread \
    -DMOTE_OPENMP=OFF -DMOTE_BUILD_TOOLS=OFF -DMOTE_EMULATED_VARIANTS=OFF
cmake --build build/tsan --parallel "$jobs" --target "${tests[@]}"

# halt_on_error: the first report ends the test with TSan's exit code (66), naming the race.
# GCC 12's ThreadSanitizer maps its shadow memory at fixed addresses that a kernel with more
# mmap randomisation bits (vm.mmap_rnd_bits = 32) can collide with ("unexpected memory
# mapping"): the tests run under `setarch -R`, without address-space randomisation.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4"
pattern="^($(
    IFS='|'
    echo "${tests[*]}"
))\$"
# Every test named must exist: a renamed test must not silently leave the gate.
found="$(ctest --test-dir build/tsan -N -R "$pattern" | sed -n 's/^Total Tests: //p')"
if [ "$found" != "${#tests[@]}" ]; then
    echo "gate-tsan: ctest knows $found of the ${#tests[@]} tests ${tests[*]}" >&2
    exit 1
fi
echo "gate-tsan: ${tests[*]} under ThreadSanitizer (build/tsan)"
setarch "$(uname -m)" -R ctest --test-dir build/tsan --output-on-failure --parallel "$jobs" \
    --timeout "$gate_test_timeout" -R "$pattern"
echo "gate-tsan: passed"
