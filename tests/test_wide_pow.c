/* mote_w_log and mote_w_pow (simd/wide/wide_math.h) against double-precision libm, through the
 * portable lanes (every variant runs the same operations: the launch kernel's test holds them
 * bit for bit to each other). The bounds are the header's: LOG_MAX_ULP over [2^-126, 2^126],
 * POW_MAX_ULP for x in [2^-20, 1] and y in [1, 2], exact 0 and 1. */
#define MOTE_WIDE_PORTABLE 1

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_support.h"
#include "wide/wide_math.h"

#define LOG_MAX_ULP 2u
#define POW_MAX_ULP 32u

static void test_log_domain(void **unused) {
    (void)unused;
    uint32_t worst = 0;
    const size_t n = test_scaled((size_t)1 << 20);
    for (size_t i = 0; i < n; ++i) {
        const float x = (float)exp2(-126.0 + 252.0 * ((double)i + 0.5) / (double)n);
        const float got = mote_w_log(x);
        const uint32_t u = test_ulp_distance(got, (float)log((double)x));
        worst = u > worst ? u : worst;
    }
    printf("# log: worst %u ULP (bound %u)\n", worst, LOG_MAX_ULP);
    assert_true(worst <= LOG_MAX_ULP);
    assert_true(mote_w_log(1.0f) == 0.0f);
}

static void test_pow_domain(void **unused) {
    (void)unused;
    uint32_t worst = 0;
    const size_t n = test_scaled((size_t)1 << 18);
    test_rng rng = {0x90e};
    for (size_t i = 0; i < n; ++i) {
        const float x = (float)exp2(-20.0 * ((double)i + 0.5) / (double)n);
        const float y = i % 2 ? 1.22f : test_rng_range(&rng, 1.0f, 2.0f);
        const uint32_t u = test_ulp_distance(mote_w_pow(x, y), (float)pow((double)x, (double)y));
        worst = u > worst ? u : worst;
    }
    printf("# pow: worst %u ULP (bound %u)\n", worst, POW_MAX_ULP);
    assert_true(worst <= POW_MAX_ULP);
    assert_true(mote_w_pow(0.0f, 1.22f) == 0.0f);
    assert_true(mote_w_pow(1.0f, 1.22f) == 1.0f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_domain),
        cmocka_unit_test(test_pow_domain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
