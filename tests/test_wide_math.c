/* The wide math (simd/wide/wide_math.h) against double-precision libm, over 2^21 inputs per
 * function on every runnable variant, and bit-identity of the variants with each other. The
 * bounds asserted here are the ones documented in wide_math.h. */
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
#include "mote/spring.h"
#include "test_support.h"

/* 2M samples; MOTE_TEST_SCALE (under emulation) takes it down to no fewer than 256k */
#define SAMPLES samples()

static uint32_t samples(void) {
    size_t n = test_scaled((size_t)1 << 21);
    return n < ((size_t)1 << 18) ? (uint32_t)1 << 18 : (uint32_t)n;
}

typedef struct math_case {
    const char *name;
    double (*reference)(double);
    double lo, hi;        /* inputs spread evenly over [lo, hi] */
    uint32_t max_ulp;     /* bound where |reference| >= ulp_floor */
    double ulp_floor;     /* below this magnitude the absolute bound applies instead */
    double max_abs_small; /* absolute bound below ulp_floor */
} math_case;

static mote_array_fn math_fn(const mote_kernel_table *t, const char *name) {
    if (strcmp(name, "exp") == 0) {
        return t->math.exp;
    }
    if (strcmp(name, "expm1") == 0) {
        return t->math.expm1;
    }
    if (strcmp(name, "sin") == 0) {
        return t->math.sin;
    }
    return t->math.cos;
}

static float *inputs_over(double lo, double hi) {
    float *in = malloc(SAMPLES * sizeof(float));
    assert_non_null(in);
    for (uint32_t i = 0; i < SAMPLES; ++i) {
        in[i] = (float)(lo + (hi - lo) * ((double)i + 0.5) / SAMPLES);
    }
    return in;
}

/* Runs one case on every runnable wide variant; returns the worst ULP seen. */
static uint32_t check_case(const math_case *c) {
    float *in = inputs_over(c->lo, c->hi);
    float *out = malloc(SAMPLES * sizeof(float));
    float *first = malloc(SAMPLES * sizeof(float));
    assert_non_null(out);
    assert_non_null(first);
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    uint32_t worst = 0;
    bool have_first = false;
    for (size_t t = 1; t < count; ++t) { /* table 0 is the scalar reference: libm itself */
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        math_fn(tables[t], c->name)(in, out, SAMPLES);
        for (uint32_t i = 0; i < SAMPLES; ++i) {
            double ref = c->reference((double)in[i]);
            if (fabs(ref) >= c->ulp_floor) {
                uint32_t u = test_ulp_distance(out[i], (float)ref);
                if (u > c->max_ulp) {
                    fail_msg("%s %s(%.9g) = %.9g, want %.9g: %u ULP > %u", tables[t]->name, c->name,
                             in[i], out[i], ref, u, c->max_ulp);
                }
                worst = u > worst ? u : worst;
            } else if (fabs(out[i] - ref) > c->max_abs_small) {
                fail_msg("%s %s(%.9g) = %.9g, want %.9g: abs error %g > %g", tables[t]->name,
                         c->name, in[i], out[i], ref, fabs(out[i] - ref), c->max_abs_small);
            }
        }
        if (!have_first) {
            memcpy(first, out, SAMPLES * sizeof(float));
            have_first = true;
        } else if (memcmp(first, out, SAMPLES * sizeof(float)) != 0) {
            fail_msg("%s: %s differs from the first wide variant", c->name, tables[t]->name);
        }
    }
    assert_true(have_first);
    printf("# %-6s [%g, %g]: worst %u ULP (bound %u)\n", c->name, c->lo, c->hi, worst, c->max_ulp);
    free(in);
    free(out);
    free(first);
    return worst;
}

static void test_exp_domain(void **state) {
    (void)state;
    const math_case c = {"exp", exp, -87.3, 88.37, 1, 0.0, 0.0};
    check_case(&c);
}

static void test_exp_kernel_domain(void **state) {
    (void)state;
    /* What the kernels evaluate: e^(-y dt) for y dt up to ~87. */
    const math_case c = {"exp", exp, -87.0, 0.0, 1, 0.0, 0.0};
    check_case(&c);
}

static void test_expm1_domain(void **state) {
    (void)state;
    const math_case wide = {"expm1", expm1, -88.0, 88.37, 2, 0.0, 0.0};
    const math_case near_zero = {"expm1", expm1, -0.75, 0.75, 2, 0.0, 0.0};
    check_case(&wide);
    check_case(&near_zero);
}

static void test_sin_cos_domain(void **state) {
    (void)state;
    const math_case s = {"sin", sin, -8192.0, 8192.0, 1, 0.5, 8e-8};
    const math_case c = {"cos", cos, -8192.0, 8192.0, 1, 0.5, 8e-8};
    const math_case s_small = {"sin", sin, -4.0, 4.0, 1, 0.5, 8e-8};
    check_case(&s);
    check_case(&c);
    check_case(&s_small);
}

/* Outside the accurate domain: flush, saturation and NaN behave as documented. */
static void test_exp_edges(void **state) {
    (void)state;
    const float in[] = {-INFINITY, -1000.0f, -88.5f, 0.0f, -0.0f, 1.0f, 100.0f, NAN};
    float out[sizeof in / sizeof in[0]];
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.exp(in, out, sizeof in / sizeof in[0]);
        assert_true(out[0] == 0.0f);
        assert_true(out[1] == 0.0f);
        assert_true(out[2] == 0.0f);
        assert_true(out[3] == 1.0f);
        assert_true(out[4] == 1.0f);
        assert_true(test_ulp_distance(out[5], (float)exp(1.0)) <= 1);
        assert_true(test_ulp_distance(out[6], (float)exp((double)88.37f)) <= 1); /* saturates */
        assert_true(isnan(out[7]));
        tables[t]->math.expm1(in, out, sizeof in / sizeof in[0]);
        assert_true(out[0] == -1.0f);
        assert_true(out[1] == -1.0f);
        assert_true(out[3] == 0.0f);
        assert_true(isnan(out[7]));
    }
}

/* exp, expm1 and sincos skip their range reduction when every lane of a vector is small
 * (MOTE_W_EXP_UNREDUCED = 0.3465, MOTE_W_SINCOS_UNREDUCED = 0.785 in wide_math.h), claiming the
 * bits of the reduced path. Each input runs twice: among neighbours as small as itself (the
 * short path where all of a vector is below the bound), and with every fourth lane replaced by
 * a large value, which sends each vector of 4, 8 or 16 lanes through the reduction. The inputs
 * reach twice past each bound, so a bound set too high would show here; the one-lane portable
 * variant takes the short path both times and is tied to the others by the bit-identity check
 * of the domain tests. */
static void check_unreduced_matches(const char *name, float reach) {
    enum { N = 1 << 16 };
    float *in = malloc(N * sizeof(float));
    float *mixed = malloc(N * sizeof(float));
    float *short_out = malloc(N * sizeof(float));
    float *mixed_out = malloc(N * sizeof(float));
    assert_non_null(in);
    assert_non_null(mixed);
    assert_non_null(short_out);
    assert_non_null(mixed_out);
    for (uint32_t i = 0; i < N; ++i) {
        in[i] = -reach + 2.0f * reach * ((float)i + 0.5f) / (float)N;
        mixed[i] = i % 4 == 0 ? -5.0f : in[i];
    }
    in[N / 2] = 0.0f;
    in[N / 2 + 1] = -0.0f;
    mixed[N / 2 + 1] = -0.0f;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_array_fn fn = math_fn(tables[t], name);
        fn(in, short_out, N);
        fn(mixed, mixed_out, N);
        for (uint32_t i = 0; i < N; ++i) {
            if (i % 4 != 0 && memcmp(&short_out[i], &mixed_out[i], sizeof(float)) != 0) {
                fail_msg("%s %s(%.9g): %.9g alone, %.9g beside a reduced lane", tables[t]->name,
                         name, in[i], short_out[i], mixed_out[i]);
            }
        }
    }
    free(in);
    free(mixed);
    free(short_out);
    free(mixed_out);
}

static void test_unreduced_paths_match(void **state) {
    (void)state;
    check_unreduced_matches("exp", 0.7f);
    check_unreduced_matches("expm1", 0.7f);
    check_unreduced_matches("sin", 1.6f);
    check_unreduced_matches("cos", 1.6f);
}

/* wrap_angle is exact: the same bits as the reference mote_wrap_angle (fmodf) for |x| below
 * 4096 turns, including exact multiples of pi, signed zeros and the values next to them. */
static void test_wrap_angle_exact(void **state) {
    (void)state;
    float *in = inputs_over(-25735.0, 25735.0);
    /* replace the last 200,000 inputs by multiples of pi and their neighbours */
    uint32_t k = SAMPLES - 200000;
    for (int m = -8190; m <= 8190 && k + 24 < SAMPLES; ++m) {
        float base = (float)(m * 3.14159265358979323846);
        uint32_t bits;
        memcpy(&bits, &base, sizeof bits);
        for (int d = -12; d <= 12; ++d) {
            uint32_t b = bits + (uint32_t)d;
            memcpy(&in[k++], &b, sizeof b);
        }
    }
    in[0] = 0.0f;
    in[1] = -0.0f;
    float *out = malloc(SAMPLES * sizeof(float));
    assert_non_null(out);
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.wrap_angle(in, out, SAMPLES);
        for (uint32_t i = 0; i < SAMPLES; ++i) {
            float ref = mote_wrap_angle(in[i]);
            if (memcmp(&ref, &out[i], sizeof ref) != 0) {
                fail_msg("%s wrap_angle(%.9g) = %.9g, reference %.9g", tables[t]->name, in[i],
                         out[i], ref);
            }
        }
    }
    free(in);
    free(out);
}

/* atan2's documented bound (wide_math.h): every finite (y, x), in ULP of the result. */
#define ATAN2_MAX_ULP 2u

/* atan2 against double atan2 over 2^21 points: every angle, at radii from 1e-30 to 1e30, and
 * independent random pairs over many scales; bit-identical across the wide variants. */
static void test_atan2_domain(void **state) {
    (void)state;
    float *y = malloc(SAMPLES * sizeof(float));
    float *x = malloc(SAMPLES * sizeof(float));
    float *out = malloc(SAMPLES * sizeof(float));
    float *first = malloc(SAMPLES * sizeof(float));
    assert_true(y && x && out && first);
    test_rng rng = {0xa7a2};
    for (uint32_t i = 0; i < SAMPLES; ++i) {
        if (i % 2 == 0) {
            double angle = -3.14159265358979323846 + 6.28318530717958647692 * (i + 0.5) / SAMPLES;
            double radius = pow(10.0, test_rng_range(&rng, -30.0f, 30.0f));
            y[i] = (float)(radius * sin(angle));
            x[i] = (float)(radius * cos(angle));
        } else {
            y[i] = test_rng_range(&rng, -1.0f, 1.0f) * powf(10.0f, test_rng_range(&rng, -3, 6));
            x[i] = test_rng_range(&rng, -1.0f, 1.0f) * powf(10.0f, test_rng_range(&rng, -3, 6));
        }
    }
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    bool have_first = false;
    uint32_t worst = 0;
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.atan2(y, x, out, SAMPLES);
        for (uint32_t i = 0; i < SAMPLES; ++i) {
            float ref = (float)atan2((double)y[i], (double)x[i]);
            uint32_t u = test_ulp_distance(out[i], ref);
            if (u > ATAN2_MAX_ULP) {
                fail_msg("%s atan2(%.9g, %.9g) = %.9g, want %.9g: %u ULP > %u", tables[t]->name,
                         y[i], x[i], out[i], ref, u, ATAN2_MAX_ULP);
            }
            worst = u > worst ? u : worst;
        }
        if (!have_first) {
            memcpy(first, out, SAMPLES * sizeof(float));
            have_first = true;
        } else if (memcmp(first, out, SAMPLES * sizeof(float)) != 0) {
            fail_msg("atan2: %s differs from the first wide variant", tables[t]->name);
        }
    }
    assert_true(have_first);
    printf("# atan2 every angle, radii 1e-30..1e30: worst %u ULP (bound %u)\n", worst,
           ATAN2_MAX_ULP);
    free(y);
    free(x);
    free(out);
    free(first);
}

/* atan2 on the axes, at zero, with infinities and NaN: as documented in wide_math.h. */
static void test_atan2_edges(void **state) {
    (void)state;
    const float pi = 3.14159265358979f;
    const float y[] = {0.0f, 0.0f, 1.0f, -1.0f, 0.0f, 5.0f, -5.0f, INFINITY, 1.0f, NAN, 1.0f, 3.0f};
    const float x[] = {0.0f,      1.0f, 0.0f, 0.0f, -2.0f, INFINITY,
                       -INFINITY, 2.0f, NAN,  1.0f, 1.0f,  -3.0f};
    const float want[] = {0.0f, 0.0f,   pi / 2, -pi / 2, pi,     0.0f,
                          -pi,  pi / 2, NAN,    NAN,     pi / 4, 3 * pi / 4};
    const size_t n = sizeof y / sizeof y[0];
    float out[sizeof y / sizeof y[0]];
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.atan2(y, x, out, n);
        for (size_t i = 0; i < n; ++i) {
            if (test_ulp_distance(out[i], want[i]) > ATAN2_MAX_ULP) {
                fail_msg("%s atan2(%g, %g) = %.9g, want %.9g", tables[t]->name, y[i], x[i], out[i],
                         want[i]);
            }
        }
    }
}

/* Every length from 1 to 40 (no full vector, then full vectors and a partial one, on every
 * lane count): each variant's exp and atan2 arrays give, element for element, the bits of the
 * same elements inside a long array (a full vector), and write nothing past out[n). The arrays
 * are allocated at exactly n floats, so a read or write past them fails under
 * AddressSanitizer and memcheck; the output also sits in a larger block whose guard words
 * must stay as they were. */
static void test_partial_vectors_stay_in_range(void **state) {
    (void)state;
    enum { LONGEST = 40, GUARD = 16 };
    float whole_in[LONGEST], whole_y[LONGEST], whole_exp[LONGEST], whole_atan2[LONGEST];
    for (int i = 0; i < LONGEST; ++i) {
        whole_in[i] = -3.0f + 0.37f * (float)i;
        whole_y[i] = 1.5f - 0.11f * (float)i;
    }
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.exp(whole_in, whole_exp, LONGEST);
        tables[t]->math.atan2(whole_y, whole_in, whole_atan2, LONGEST);
        for (size_t n = 1; n <= LONGEST; ++n) {
            float *in = malloc(n * sizeof *in);
            float *y = malloc(n * sizeof *y);
            float *out = malloc(n * sizeof *out);
            float guarded[LONGEST + GUARD];
            assert_non_null(in);
            assert_non_null(y);
            assert_non_null(out);
            memcpy(in, whole_in, n * sizeof *in);
            memcpy(y, whole_y, n * sizeof *y);
            for (size_t i = 0; i < LONGEST + GUARD; ++i) {
                guarded[i] = -1234.5f;
            }
            tables[t]->math.exp(in, out, n);
            tables[t]->math.exp(in, guarded, n);
            for (size_t i = 0; i < n; ++i) {
                if (memcmp(&out[i], &whole_exp[i], sizeof(float)) != 0 ||
                    memcmp(&guarded[i], &whole_exp[i], sizeof(float)) != 0) {
                    fail_msg("%s exp, n = %zu: element %zu is %.9g, %.9g in a long array",
                             tables[t]->name, n, i, out[i], whole_exp[i]);
                }
            }
            tables[t]->math.atan2(y, in, out, n);
            for (size_t i = 0; i < n; ++i) {
                if (memcmp(&out[i], &whole_atan2[i], sizeof(float)) != 0) {
                    fail_msg("%s atan2, n = %zu: element %zu is %.9g, %.9g in a long array",
                             tables[t]->name, n, i, out[i], whole_atan2[i]);
                }
            }
            for (size_t i = n; i < LONGEST + GUARD; ++i) {
                if (guarded[i] != -1234.5f) {
                    fail_msg("%s exp, n = %zu: wrote element %zu", tables[t]->name, n, i);
                }
            }
            free(in);
            free(y);
            free(out);
        }
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_exp_domain), cmocka_unit_test(test_exp_kernel_domain),
               cmocka_unit_test(test_expm1_domain), cmocka_unit_test(test_sin_cos_domain),
               cmocka_unit_test(test_exp_edges), cmocka_unit_test(test_wrap_angle_exact),
               cmocka_unit_test(test_atan2_domain), cmocka_unit_test(test_atan2_edges),
               cmocka_unit_test(test_unreduced_paths_match),
               cmocka_unit_test(test_partial_vectors_stay_in_range))
