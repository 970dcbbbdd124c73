/* mote_w_log and mote_w_pow (simd/wide/wide_math.h) against double-precision libm, on every
 * kernel variant this CPU runs (through the math table), and bit for bit across the wide
 * variants. The bounds are the header's: LOG_MAX_ULP over [2^-126, 2^126], POW_MAX_ULP for x
 * in [2^-20, 1] and y in [1, 2], exact 0 and 1. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "kernel_table.h"
#include "test_support.h"

#define LOG_MAX_ULP 2u
#define POW_MAX_ULP 32u

/* The wide variants this CPU runs (the scalar table is libm itself). */
static size_t wide_tables(const mote_kernel_table **out) {
    size_t count = 0, n = 0;
    const mote_kernel_table *const *all = mote_kernel_tables(&count);
    for (size_t i = 0; i < count; ++i) {
        if (all[i]->backend != MOTE_BACKEND_SCALAR && mote_kernel_table_runnable(all[i])) {
            out[n++] = all[i];
        }
    }
    return n;
}

static void test_log_domain(void **unused) {
    (void)unused;
    const size_t n = test_scaled((size_t)1 << 20);
    float *x = malloc(n * sizeof *x), *got = malloc(n * sizeof *got);
    float *first = malloc(n * sizeof *first);
    assert_non_null(x);
    assert_non_null(got);
    assert_non_null(first);
    for (size_t i = 0; i < n; ++i) {
        x[i] = (float)exp2(-126.0 + 252.0 * ((double)i + 0.5) / (double)n);
    }
    const mote_kernel_table *tables[16];
    const size_t t_count = wide_tables(tables);
    assert_true(t_count > 0);
    for (size_t t = 0; t < t_count; ++t) {
        tables[t]->math.log(x, got, n);
        uint32_t worst = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint32_t u = test_ulp_distance(got[i], (float)log((double)x[i]));
            worst = u > worst ? u : worst;
        }
        printf("# log %s: worst %u ULP (bound %u)\n", tables[t]->name, worst, LOG_MAX_ULP);
        assert_true(worst <= LOG_MAX_ULP);
        if (t == 0) {
            memcpy(first, got, n * sizeof *got);
        } else {
            assert_memory_equal(first, got, n * sizeof *got);
        }
        const float one = 1.0f;
        float r = -1.0f;
        tables[t]->math.log(&one, &r, 1);
        assert_true(r == 0.0f);
    }
    free(x);
    free(got);
    free(first);
}

static void test_pow_domain(void **unused) {
    (void)unused;
    const size_t n = test_scaled((size_t)1 << 18);
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    float *got = malloc(n * sizeof *got), *first = malloc(n * sizeof *first);
    assert_non_null(x);
    assert_non_null(y);
    assert_non_null(got);
    assert_non_null(first);
    test_rng rng = {0x90e};
    for (size_t i = 0; i < n; ++i) {
        x[i] = (float)exp2(-20.0 * ((double)i + 0.5) / (double)n);
        y[i] = i % 2 ? 1.22f : test_rng_range(&rng, 1.0f, 2.0f);
    }
    const mote_kernel_table *tables[16];
    const size_t t_count = wide_tables(tables);
    for (size_t t = 0; t < t_count; ++t) {
        tables[t]->math.pow(x, y, got, n);
        uint32_t worst = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint32_t u = test_ulp_distance(got[i], (float)pow((double)x[i], (double)y[i]));
            worst = u > worst ? u : worst;
        }
        printf("# pow %s: worst %u ULP (bound %u)\n", tables[t]->name, worst, POW_MAX_ULP);
        assert_true(worst <= POW_MAX_ULP);
        if (t == 0) {
            memcpy(first, got, n * sizeof *got);
        } else {
            assert_memory_equal(first, got, n * sizeof *got);
        }
        const float base[2] = {0.0f, 1.0f}, exponent[2] = {1.22f, 1.22f};
        float r[2] = {-1.0f, -1.0f};
        tables[t]->math.pow(base, exponent, r, 2);
        assert_true(r[0] == 0.0f);
        assert_true(r[1] == 1.0f);
    }
    free(x);
    free(y);
    free(got);
    free(first);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_log_domain), cmocka_unit_test(test_pow_domain))
