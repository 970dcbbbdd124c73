/* Helpers shared by the test suites. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pool_snapshot.h"
#include "test_support.h"

#include "worker_shares.h"

static int64_t ordered(float f) {
    int32_t i;
    memcpy(&i, &f, sizeof i);
    return i < 0 ? (int64_t)INT32_MIN - i : i;
}

uint32_t test_ulp_distance(float a, float b) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0u : UINT32_MAX;
    }
    int64_t d = ordered(a) - ordered(b);
    if (d < 0) {
        d = -d;
    }
    return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

/* MOTE_TEST_SCALE as a factor in (0, 1]: 1 when unset or out of range. */
static double test_scale(void) {
    const char *text = getenv("MOTE_TEST_SCALE");
    double scale = text != NULL ? strtod(text, NULL) : 1.0;
    return scale > 0.0 && scale <= 1.0 ? scale : 1.0;
}

size_t test_scaled(size_t n) {
    size_t scaled = (size_t)((double)n * test_scale());
    return scaled < 1 ? 1 : scaled;
}

size_t test_scaled_at_least(size_t n, size_t least) {
    size_t scaled = test_scaled(n);
    return scaled < least ? least : scaled;
}

int test_scaled_down(void) {
    return test_scale() < 1.0;
}

unsigned test_max_workers(unsigned preferred) {
    const char *text = getenv("MOTE_TEST_MAX_WORKERS");
    long most = text != NULL ? strtol(text, NULL, 10) : 0;
    return most > 0 && (unsigned long)most < preferred ? (unsigned)most : preferred;
}

void test_teach_slower_second_worker(double slower) {
    for (int round = 0; round < 64; ++round) { /* the average's weight is 1/8 a step */
        const size_t bounds[3] = {0, 1000, 2000};
        const double seconds[2] = {1e-3, slower * 1e-3};
        mote_shares_learn(2, bounds, seconds);
    }
}

void test_reseal_snapshot(unsigned char *blob, size_t size) {
    if (size < MOTE_SNAPSHOT_CHECKSUM_BYTES) {
        return;
    }
    const size_t body = size - MOTE_SNAPSHOT_CHECKSUM_BYTES;
    const uint64_t sum = mote_snapshot_checksum(blob, body);
    for (size_t i = 0; i < MOTE_SNAPSHOT_CHECKSUM_BYTES; ++i) {
        blob[body + i] = (unsigned char)(sum >> (8 * i));
    }
}
