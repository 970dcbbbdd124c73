/* Helpers shared by the test suites: ULP distance, seeded random numbers. */
#ifndef MOTE_TEST_SUPPORT_H
#define MOTE_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "tool_rng.h"

/* Distance in units in the last place between two floats (0 when bit-identical; both NaN
 * counts as 0; a NaN against a number is UINT32_MAX). */
uint32_t test_ulp_distance(float a, float b);

/* Deterministic generator for test inputs: the tools' and probes' one (splitmix64,
 * tools/common/tool_rng.h), so a probe's elements are the same drawn anywhere. */
typedef tool_rng test_rng;

static inline uint64_t test_rng_next(test_rng *rng) {
    return tool_rng_next(rng);
}
/* Uniform in [lo, hi). */
static inline float test_rng_range(test_rng *rng, float lo, float hi) {
    return tool_rng_range(rng, lo, hi);
}

/* n scaled by the MOTE_TEST_SCALE environment variable (a factor in (0, 1], default 1), at
 * least 1. Heavy tests size their largest cases with it, so runs under emulation (qemu) or
 * valgrind stay bounded; native runs keep full strength. */
size_t test_scaled(size_t n);

/* test_scaled(n), but never below least (the fewest a case needs to mean something). */
size_t test_scaled_at_least(size_t n, size_t least);

/* True when MOTE_TEST_SCALE scales the heavy tests down (a gate under emulation or valgrind):
 * a case that walks every pool kind over large pools then walks one per family. */
int test_scaled_down(void);

/* Writes a correct checksum over a snapshot's last MOTE_SNAPSHOT_CHECKSUM_BYTES, so a test's
 * tampering reaches the checks behind the checksum (a blob shorter than that is left alone). */
void test_reseal_snapshot(unsigned char *blob, size_t size);

/* The most worker threads a test may start: MOTE_TEST_MAX_WORKERS when set to a positive
 * number (a gate sets 1 where its emulator cannot start threads: qemu-aarch64 7.2 on some
 * hosts never returns from pthread_create), else preferred. */
unsigned test_max_workers(unsigned preferred);

/* Teaches the ready task systems' learnt shares (engine/core/worker_shares.h), over enough steps
 * to settle, that of two workers worker 1 takes `slower` times as long per item as worker 0. */
void test_teach_slower_second_worker(double slower);

#endif
