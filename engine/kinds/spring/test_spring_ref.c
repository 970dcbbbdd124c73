/* The scalar reference spring primitives (engine/include/mote/spring.h) against values worked
 * out by hand, against closed-form solutions evaluated in double precision, and against the
 * properties the seed documents state (half-life closes half the distance, one exact step of
 * dt equals ten of dt/10, the angle spring turns the short way and never jumps, decay is the
 * spring with goal 0, the semi-implicit spring clamps its dt).
 *
 * Tolerances are in "scaled ULPs": an error is divided by the float ULP of the largest
 * magnitude that enters the formula (the inputs, the result, and the terms that cancel), so
 * rounding near zero is judged at the scale of the numbers that produced it. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/spring.h"
#include "test_support.h"

#define LN2_D 0.69314718055994530942
#define PI_D  3.14159265358979323846
#define EPS_D 1e-5

/* One step of the exact springs against double: at most this many scaled ULPs, times the
 * conditioning of the exponent (max(1, rate * dt)), since the float rate carries a few
 * roundings into exp. */
#define EXACT_STEP_ULPS 8.0
/* One step of dt against ten steps of dt/10: relative to the state's scale. */
#define SUBSTEP_RELATIVE 4e-6

/* ------------------------------------------------------------------------------------------ */
/* Helpers */

/* The spacing of floats at magnitude m (the subnormal spacing below FLT_MIN). */
static double ulp_at(double m) {
    double a = fabs(m);
    if (a < FLT_MIN) {
        return FLT_TRUE_MIN;
    }
    if (a > FLT_MAX) {
        a = FLT_MAX;
    }
    int e;
    frexp(a, &e);
    return ldexp(1.0, e - 24);
}

static double max2(double a, double b) {
    return a > b ? a : b;
}

static double max4(double a, double b, double c, double d) {
    return max2(max2(a, b), max2(c, d));
}

/* Fails the test with a message unless |actual - expected| <= tolerance. */
static void expect_near_at(const char *file, int line, double actual, double expected,
                           double tolerance, const char *fmt, ...) {
    double error = fabs(actual - expected);
    if (error <= tolerance) {
        return;
    }
    char what[256];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    print_error("%s: got %.9g, expected %.9g, error %.3g > tolerance %.3g\n", what, actual,
                expected, error, tolerance);
    _fail(file, line);
}

#define EXPECT_NEAR(actual, expected, tolerance, ...)                                              \
    expect_near_at(__FILE__, __LINE__, (double)(actual), (double)(expected), (double)(tolerance),  \
                   __VA_ARGS__)

/* Bit pattern of a float, for bit-exact comparisons that also see -0 and NaN payloads. */
static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Decay rate y = halflife_to_damping / 2 of the seed's springs, in double (h <= 0 as 0). */
static double rate_d(float halflife) {
    double h = halflife < 0.0f ? 0.0 : (double)halflife;
    return 2.0 * LN2_D / (h + EPS_D);
}

/* Critically damped spring toward goal with decay rate y, exact, in double. The scale of the
 * terms (for the tolerance) is written to scale_x and scale_v. */
static void critical_d(double *x, double *v, double goal, double y, double dt, double *scale_x,
                       double *scale_v) {
    double u0 = *x - goal;
    double v0 = *v;
    double j1 = v0 + y * u0;
    double e = exp(-y * dt);
    double xn = e * (u0 + j1 * dt) + goal;
    double vn = e * (v0 - j1 * y * dt);
    if (scale_x != NULL) {
        *scale_x = max4(fabs(*x), fabs(goal), fabs(xn), e * fabs(j1 * dt));
        *scale_v = max4(fabs(v0), fabs(vn), e * fabs(j1 * y * dt), e * fabs(v0));
    }
    *x = xn;
    *v = vn;
}

/* The general damped spring x'' = k (goal - x) - d x', exact, in double, solved from the
 * eigenvalues of u'' = -k u - d u' (u = x - goal) independently of the library's form. */
static void damped_d(double *x, double *v, double goal, double k, double d, double t) {
    double u0 = *x - goal;
    double v0 = *v;
    double disc = d * d - 4.0 * k;
    double u, du;
    if (disc < 0.0) {
        /* r = a +- i w */
        double a = -0.5 * d;
        double w = 0.5 * sqrt(-disc);
        double b = (v0 - a * u0) / w;
        double e = exp(a * t);
        double c = cos(w * t);
        double s = sin(w * t);
        u = e * (u0 * c + b * s);
        du = e * (v0 * c + (a * b - w * u0) * s);
    } else if (disc > 0.0) {
        /* r1 (slow) = -2k / (d + sqrt(disc)), r2 (fast) = -(d + sqrt(disc)) / 2 */
        double root = sqrt(disc);
        double r1 = -2.0 * k / (d + root);
        double r2 = -0.5 * (d + root);
        double c1 = (v0 - r2 * u0) / (r1 - r2);
        double c2 = u0 - c1;
        double e1 = exp(r1 * t);
        double e2 = exp(r2 * t);
        u = c1 * e1 + c2 * e2;
        du = r1 * c1 * e1 + r2 * c2 * e2;
    } else {
        double a = -0.5 * d;
        double e = exp(a * t);
        u = e * (u0 + (v0 - a * u0) * t);
        du = e * (v0 + a * (v0 - a * u0) * t);
    }
    *x = u + goal;
    *v = du;
}

/* ------------------------------------------------------------------------------------------ */
/* Conversions */

static void conversions_match_hand_worked_values(void **state) {
    (void)state;
    /* 4 ln2 / (h + 1e-5) with ln2 = 0.69314718056, worked by hand. */
    EXPECT_NEAR(mote_halflife_to_damping(0.0f), 277258.872224, 2 * ulp_at(277258.872224), "h=0");
    EXPECT_NEAR(mote_halflife_to_damping(0.5f), 5.5450665431491375, 2 * ulp_at(5.545), "h=0.5");
    EXPECT_NEAR(mote_halflife_to_damping(1.0f), 2.7725609966300335, 2 * ulp_at(2.77), "h=1");
    EXPECT_NEAR(mote_halflife_to_damping(0.1f), 27.723114910908908, 2 * ulp_at(27.7), "h=0.1");
    /* 4 ln2 / (4 ln2 + 1e-5) */
    EXPECT_NEAR(mote_damping_to_halflife(4.0f * MOTE_LN2), 0.9999963932754062, 2 * ulp_at(1.0),
                "damping 4 ln2");
    EXPECT_NEAR(mote_damping_to_halflife(0.0f), 277258.872224, 2 * ulp_at(277258.872224),
                "damping 0");
    /* lag = h / ln2 */
    assert_true(mote_halflife_to_lag(MOTE_LN2) == 1.0f);
    EXPECT_NEAR(mote_halflife_to_lag(1.0f), 1.4426950408888495, ulp_at(1.44), "lag of 1 s");
    EXPECT_NEAR(mote_halflife_to_lag(0.0f), 0.0, 0.0, "lag of 0");
    assert_true(mote_lag_to_halflife(1.0f) == MOTE_LN2);
    EXPECT_NEAR(mote_lag_to_halflife(2.0f), 1.38629436112, ulp_at(1.38), "halflife of lag 2");
}

static void conversions_round_trip(void **state) {
    (void)state;
    const float halflives[] = {0.0f, 1e-6f, 1e-3f, 0.016f, 0.05f, 0.1f, 0.25f,
                               0.5f, 1.0f,  2.0f,  7.5f,   30.0f, 1e3f};
    for (size_t i = 0; i < sizeof halflives / sizeof halflives[0]; ++i) {
        float h = halflives[i];
        /* lag and half-life are exact inverses up to two roundings */
        EXPECT_NEAR(mote_lag_to_halflife(mote_halflife_to_lag(h)), h, ulp_at(h),
                    "lag round trip %g", (double)h);
        EXPECT_NEAR(mote_halflife_to_lag(mote_lag_to_halflife(h)), h, ulp_at(h),
                    "halflife round trip %g", (double)h);
        /* damping <-> half-life: inverses only up to the eps each side adds; the composite
         * is 4 ln2 / (4 ln2 / (h + eps) + eps) in exact arithmetic. */
        double damping = 4.0 * LN2_D / ((double)h + EPS_D);
        double expected = 4.0 * LN2_D / (damping + EPS_D);
        float round_trip = mote_damping_to_halflife(mote_halflife_to_damping(h));
        EXPECT_NEAR(round_trip, expected, 4 * ulp_at(expected), "damping round trip %g", (double)h);
        double eps_drift = EPS_D + EPS_D * ((double)h + EPS_D) * ((double)h + EPS_D) / (4 * LN2_D);
        EXPECT_NEAR(round_trip, h, eps_drift + 4 * ulp_at(h), "damping round trip near h=%g",
                    (double)h);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Damper */

static void damper_closes_half_the_distance_per_halflife(void **state) {
    (void)state;
    /* Exactly half would be 0.5; the seed's eps makes the half-life 1e-5 s longer, so one
     * half-life closes 1 - 2^(-0.5 / 0.50001) = 0.4999930686: within 1e-5 of a half. */
    float x = mote_damper(0.0f, 1.0f, 0.5f, 0.5f);
    EXPECT_NEAR(x, 0.5, 1e-5, "one half-life");
    EXPECT_NEAR(x, 0.49999306861877746, 2 * ulp_at(0.5), "one half-life, with eps");
    assert_true(x < 0.5f);
    /* Two half-lives close three quarters, from anywhere toward anywhere (eps again makes it
     * a little less: 8 * (1 - 2^(-0.4 / 0.20001)) = 5.99986). */
    float y = mote_damper(-3.0f, 5.0f, 0.2f, 0.4f);
    EXPECT_NEAR(y, -3.0 + 8.0 * 0.75, 2e-4, "two half-lives");
    EXPECT_NEAR(y, -3.0 + 8.0 * (1.0 - pow(2.0, -0.4 / 0.20001)), 4 * ulp_at(5.0),
                "two half-lives, with eps");
    /* Stepping half-life by half-life gives the same halving each time. */
    float z = 0.0f;
    for (int i = 1; i <= 4; ++i) {
        z = mote_damper(z, 1.0f, 0.25f, 0.25f);
        /* eps stretches each half-life by 1e-5 / 0.25: 2^-i off by under i * 1e-4 of itself */
        EXPECT_NEAR(1.0f - z, ldexp(1.0, -i), ldexp(1.0, -i) * i * 1e-4, "after %d half-lives", i);
        EXPECT_NEAR(1.0f - z, pow(2.0, -i * 0.25 / 0.25001), 4 * ulp_at(1.0),
                    "after %d half-lives, with eps", i);
    }
}

static void damper_matches_closed_form_in_double(void **state) {
    (void)state;
    test_rng rng = {0x5eedu};
    for (int i = 0; i < 20000; ++i) {
        float x = test_rng_range(&rng, -100.0f, 100.0f);
        float goal = i % 7 == 0 ? x + test_rng_range(&rng, -1e-3f, 1e-3f)
                                : test_rng_range(&rng, -100.0f, 100.0f);
        float h = i % 11 == 0 ? 0.0f : test_rng_range(&rng, 0.0f, 2.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.25f);
        double alpha = 1.0 - pow(2.0, -(double)dt / ((double)h + EPS_D));
        double expected = (double)x + ((double)goal - (double)x) * alpha;
        double scale = max2(fabs((double)x), fabs((double)goal));
        EXPECT_NEAR(mote_damper(x, goal, h, dt), expected, 4 * ulp_at(scale),
                    "damper x=%.9g goal=%.9g h=%.9g dt=%.9g", (double)x, (double)goal, (double)h,
                    (double)dt);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Critically damped spring */

/* Checks one mote_spring step against the double closed form. */
static void check_spring_step(float x, float v, float goal, float h, float dt) {
    float xf = x, vf = v;
    mote_spring(&xf, &vf, goal, h, dt);
    double xd = x, vd = v, sx, sv;
    double y = rate_d(h);
    critical_d(&xd, &vd, goal, y, dt, &sx, &sv);
    double k = EXACT_STEP_ULPS * max2(1.0, y * dt);
    EXPECT_NEAR(xf, xd, k * ulp_at(sx), "spring x (x=%.9g v=%.9g goal=%.9g h=%.9g dt=%.9g)",
                (double)x, (double)v, (double)goal, (double)h, (double)dt);
    EXPECT_NEAR(vf, vd, k * ulp_at(sv), "spring v (x=%.9g v=%.9g goal=%.9g h=%.9g dt=%.9g)",
                (double)x, (double)v, (double)goal, (double)h, (double)dt);
}

static void spring_matches_critically_damped_closed_form(void **state) {
    (void)state;
    /* (x, v, goal, halflife, dt) */
    const float cases[][5] = {
        {0.0f, 0.0f, 1.0f, 0.5f, 0.5f},
        {0.0f, 0.0f, 1.0f, 0.1f, 1.0f / 60.0f},
        {10.0f, -3.0f, -2.0f, 0.2f, 0.1f},
        {-5.0f, 40.0f, 5.0f, 0.05f, 1.0f / 144.0f},
        {1e4f, 0.0f, -1e4f, 1.0f, 0.25f},
        {1e-3f, 1e-3f, 0.0f, 0.3f, 0.02f},
        {3.0f, 100.0f, 3.0f, 0.15f, 1.0f / 30.0f},
        {0.0f, 0.0f, 0.0f, 0.1f, 0.1f},
        {2.5f, -1.0f, 7.0f, 3.0f, 2.0f},
        {-1.0f, 0.5f, 1.0f, 0.01f, 0.001f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        check_spring_step(cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4]);
    }
    test_rng rng = {0xc0ffeeu};
    for (int i = 0; i < 20000; ++i) {
        float x = test_rng_range(&rng, -50.0f, 50.0f);
        float v = test_rng_range(&rng, -50.0f, 50.0f);
        float goal = test_rng_range(&rng, -50.0f, 50.0f);
        float h = test_rng_range(&rng, 0.005f, 2.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.1f);
        check_spring_step(x, v, goal, h, dt);
    }
}

static void spring_one_step_equals_ten_substeps(void **state) {
    (void)state;
    const float cases[][5] = {
        {0.0f, 0.0f, 1.0f, 0.5f, 0.5f},    {0.0f, 0.0f, 1.0f, 0.1f, 1.0f / 60.0f},
        {10.0f, -3.0f, -2.0f, 0.2f, 0.1f}, {-5.0f, 40.0f, 5.0f, 0.05f, 1.0f / 30.0f},
        {2.5f, -1.0f, 7.0f, 3.0f, 2.0f},   {100.0f, 0.0f, 0.0f, 0.25f, 0.3f},
    };
    test_rng rng = {42u};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0] + 2000; ++i) {
        float x, v, goal, h, dt;
        if (i < sizeof cases / sizeof cases[0]) {
            x = cases[i][0], v = cases[i][1], goal = cases[i][2], h = cases[i][3], dt = cases[i][4];
        } else {
            x = test_rng_range(&rng, -20.0f, 20.0f);
            v = test_rng_range(&rng, -20.0f, 20.0f);
            goal = test_rng_range(&rng, -20.0f, 20.0f);
            h = test_rng_range(&rng, 0.02f, 1.0f);
            dt = test_rng_range(&rng, 0.001f, 0.2f);
        }
        float x1 = x, v1 = v, x10 = x, v10 = v;
        mote_spring(&x1, &v1, goal, h, dt);
        for (int s = 0; s < 10; ++s) {
            mote_spring(&x10, &v10, goal, h, dt / 10.0f);
        }
        double y = rate_d(h);
        double scale_x = max4(fabs(x), fabs(goal), fabs(v) * dt, fabs(x1));
        double scale_v = max4(fabs(v), y * fabs(x - goal), fabs(v1), 0.0);
        EXPECT_NEAR(x10, x1, SUBSTEP_RELATIVE * scale_x, "x after 10 x dt/10 (case %zu)", i);
        EXPECT_NEAR(v10, v1, SUBSTEP_RELATIVE * scale_v, "v after 10 x dt/10 (case %zu)", i);
    }
}

static void spring_from_rest_never_overshoots_and_converges(void **state) {
    (void)state;
    const float halflives[] = {0.01f, 0.1f, 0.25f, 1.0f};
    const float goals[] = {1.0f, -3.0f, 1000.0f};
    for (size_t h = 0; h < 4; ++h) {
        for (size_t g = 0; g < 3; ++g) {
            float goal = goals[g];
            float x = 0.0f, v = 0.0f, previous = 0.0f;
            const float dt = 1.0f / 60.0f;
            /* 30 half-lives: 2^-30 of the distance is left, plus float rounding */
            int steps = (int)ceilf(30.0f * halflives[h] / dt);
            for (int s = 0; s < steps; ++s) {
                mote_spring(&x, &v, goal, halflives[h], dt);
                /* x moves monotonically toward the goal and never passes it. Once x has
                 * rounded onto the goal, a velocity residue can flip sign (the seed's formula
                 * with y dt > 1), but it moves x by less than one ULP of the goal per frame. */
                float toward = goal > 0.0f ? 1.0f : -1.0f;
                assert_true(toward * (goal - x) >= 0.0f);
                assert_true(toward * (x - previous) >= 0.0f);
                if (toward * v < 0.0f) {
                    assert_true(x == goal);
                    assert_true(fabs((double)v) * dt < ulp_at(goal));
                }
                previous = x;
            }
            /* Converged as far as float x can: once the exact step would move x by under
             * half an ULP (|x - goal| y dt < ulp / 2, late in a critically damped approach
             * v ~ -y (x - goal)), x and v repeat. So x is within ulp(goal) (4 + 1 / (y dt))
             * of the goal, and v no larger than y times that. */
            double y = rate_d(halflives[h]);
            double reach = ulp_at(goal) * (4.0 + 1.0 / (y * dt));
            EXPECT_NEAR(x, goal, reach, "converged x (h=%g goal=%g)", (double)halflives[h],
                        (double)goal);
            EXPECT_NEAR(v, 0.0, y * reach, "converged v (h=%g goal=%g)", (double)halflives[h],
                        (double)goal);
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Angles */

/* a wrapped into (-pi, pi] in double (the real pi and 2 pi). */
static double wrap_d(double a) {
    double r = fmod(a, 2.0 * PI_D);
    if (r > PI_D) {
        r -= 2.0 * PI_D;
    }
    if (r <= -PI_D) {
        r += 2.0 * PI_D;
    }
    return r;
}

static void wrap_angle_boundaries(void **state) {
    (void)state;
    const float pi_f = (float)PI_D; /* 3.14159274, just above the real pi */
    /* Inside (-pi, pi] nothing moves, bit for bit (the sign of zero included). */
    assert_int_equal(bits(mote_wrap_angle(0.0f)), bits(0.0f));
    assert_int_equal(bits(mote_wrap_angle(-0.0f)), bits(-0.0f));
    assert_int_equal(bits(mote_wrap_angle(1.0f)), bits(1.0f));
    assert_int_equal(bits(mote_wrap_angle(-3.1415925f)), bits(-3.1415925f));
    assert_int_equal(bits(mote_wrap_angle(3.1415925f)), bits(3.1415925f));
    /* The float nearest pi lies just above the real pi; compared against the real pi (as the
     * seed does), both it and its negation land on it, the top of the interval. */
    assert_int_equal(bits(mote_wrap_angle(pi_f)), bits(pi_f));
    assert_int_equal(bits(mote_wrap_angle(-pi_f)), bits(pi_f));
    /* 3 pi and -3 pi sit on the boundary too: within a float ULP of +-pi */
    float w3 = mote_wrap_angle((float)(3.0 * PI_D));
    float wm3 = mote_wrap_angle((float)(-3.0 * PI_D));
    EXPECT_NEAR(fabs(w3), PI_D, 2 * ulp_at(PI_D), "wrap(3 pi)");
    EXPECT_NEAR(fabs(wm3), PI_D, 2 * ulp_at(PI_D), "wrap(-3 pi)");
    /* whole turns go to (nearly) zero */
    EXPECT_NEAR(mote_wrap_angle((float)(2.0 * PI_D)), 0.0, ulp_at(2.0 * PI_D), "wrap(2 pi)");
    EXPECT_NEAR(mote_wrap_angle((float)(-4.0 * PI_D)), 0.0, 2 * ulp_at(4.0 * PI_D), "wrap(-4 pi)");
    /* non-finite in, NaN out */
    assert_true(isnan(mote_wrap_angle(NAN)));
    assert_true(isnan(mote_wrap_angle(INFINITY)));
    assert_true(isnan(mote_wrap_angle(-INFINITY)));
}

/* Checks wrap(a) against the double reference: inside (-pi, pi_f] and the same angle (mod
 * 2 pi) within one ULP of the input's magnitude: fmodf by the float 2 pi, which is 1.7e-7
 * above the real one, is off by that much per turn, under half an ULP of a. */
static void check_wrap(float a) {
    float r = mote_wrap_angle(a);
    double rd = (double)r;
    if (!(rd > -PI_D && rd <= (double)(float)PI_D)) {
        print_error("wrap(%.9g) = %.9g is outside (-pi, pi]\n", (double)a, rd);
        fail();
    }
    double expected = wrap_d((double)a);
    double angular = remainder(rd - expected, 2.0 * PI_D);
    EXPECT_NEAR(angular, 0.0, ulp_at(max2(fabs((double)a), PI_D)), "wrap(%.9g)", (double)a);
}

static void wrap_angle_matches_double_reference(void **state) {
    (void)state;
    const float pi_f = (float)PI_D;
    const float specials[] = {0.0f,
                              -0.0f,
                              pi_f,
                              -pi_f,
                              nextafterf(pi_f, 0.0f),
                              nextafterf(pi_f, 4.0f),
                              nextafterf(-pi_f, 0.0f),
                              nextafterf(-pi_f, -4.0f),
                              (float)(3.0 * PI_D),
                              (float)(-3.0 * PI_D),
                              (float)(2.0 * PI_D),
                              (float)(-2.0 * PI_D),
                              (float)(5.0 * PI_D),
                              7.0f,
                              -7.0f,
                              100.0f,
                              -1000.5f,
                              12345.678f,
                              1e6f,
                              -3e7f,
                              1e-30f,
                              FLT_TRUE_MIN,
                              -FLT_MIN};
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; ++i) {
        check_wrap(specials[i]);
    }
    test_rng rng = {7u};
    for (int i = 0; i < 100000; ++i) {
        float range = i % 2 ? 10.0f : 1000.0f;
        check_wrap(test_rng_range(&rng, -range, range));
    }
}

static void spring_angle_turns_the_short_way_across_pi(void **state) {
    (void)state;
    const float dt = 1.0f / 60.0f;
    /* From 3 toward -3: the short way is up through pi (0.28 rad), not down across 0. The
     * unwrapped result ends on -3 + 2 pi. */
    float x = 3.0f, v = 0.0f;
    float previous = x;
    bool crossed = false;
    for (int s = 0; s < 600; ++s) {
        mote_spring_angle(&x, &v, -3.0f, 0.2f, dt);
        assert_true(x >= previous); /* always upward, critically damped from rest */
        assert_true(x - previous < 0.1f);
        crossed = crossed || (double)x > PI_D;
        previous = x;
    }
    assert_true(crossed);
    EXPECT_NEAR(x, 2.0 * PI_D - 3.0, 4 * ulp_at(4.0), "unwrapped end");
    EXPECT_NEAR(mote_wrap_angle(x), -3.0, 8 * ulp_at(4.0), "wrapped end");
    /* The mirror image: from -3 toward 3 goes down through -pi. */
    x = -3.0f, v = 0.0f;
    mote_spring_angle(&x, &v, 3.0f, 0.2f, dt);
    assert_true(x < -3.0f && v < 0.0f);
}

/* spring_angle is the linear spring toward the goal's short-way representative
 * x - wrap(x - goal), so it must agree with mote_spring there (double reference). */
static void spring_angle_is_continuous_and_exact(void **state) {
    (void)state;
    test_rng rng = {99u};
    for (int i = 0; i < 20000; ++i) {
        float x = test_rng_range(&rng, -20.0f, 20.0f);
        float v = test_rng_range(&rng, -10.0f, 10.0f);
        float goal = test_rng_range(&rng, -(float)PI_D, (float)PI_D);
        float h = test_rng_range(&rng, 0.02f, 1.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.05f);
        float xf = x, vf = v;
        mote_spring_angle(&xf, &vf, goal, h, dt);
        /* never a jump: with u0 = wrap(x - goal), |u0| <= pi, the exact step moves x by
         * u0 (e (1 + y dt) - 1) + e v dt, and e (1 + y dt) - 1 lies in [-min(1, (y dt)^2/2), 0] */
        double y = rate_d(h);
        double pull = y * dt * y * dt / 2.0;
        double bound = fabs(v) * dt + PI_D * (pull < 1.0 ? pull : 1.0) + 8 * ulp_at(20.0);
        assert_true(fabs((double)xf - (double)x) <= bound);
        double offset = wrap_d((double)x - (double)goal);
        if (fabs(offset) > PI_D - 1e-5) {
            continue; /* at the boundary either end of the turn is the short way */
        }
        double xd = x, vd = v, sx, sv;
        double near_goal = (double)x - offset;
        critical_d(&xd, &vd, near_goal, y, dt, &sx, &sv);
        double k = EXACT_STEP_ULPS * max2(1.0, y * dt);
        EXPECT_NEAR(xf, xd, k * ulp_at(max2(sx, fabs(x))), "angle x (x=%.9g goal=%.9g)", (double)x,
                    (double)goal);
        EXPECT_NEAR(vf, vd, k * ulp_at(max2(sv, y * PI_D)), "angle v (x=%.9g goal=%.9g)", (double)x,
                    (double)goal);
    }
}

static void spring_angle_matches_spring_when_no_wrap_is_needed(void **state) {
    (void)state;
    test_rng rng = {5u};
    for (int i = 0; i < 10000; ++i) {
        float x = test_rng_range(&rng, -1.5f, 1.5f);
        float goal = test_rng_range(&rng, -1.5f, 1.5f);
        float v = test_rng_range(&rng, -2.0f, 2.0f);
        float h = test_rng_range(&rng, 0.05f, 1.0f);
        float dt = 1.0f / 60.0f;
        float xa = x, va = v, xs = x, vs = v;
        mote_spring_angle(&xa, &va, goal, h, dt);
        mote_spring(&xs, &vs, goal, h, dt);
        /* velocity is the same arithmetic on the same j0; x adds one subtraction and one
         * addition to stay continuous: within 2 ULPs of the scale */
        assert_int_equal(bits(va), bits(vs));
        EXPECT_NEAR(xa, xs, 2 * ulp_at(1.5), "angle vs spring x=%.9g goal=%.9g", (double)x,
                    (double)goal);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Double springs and decay */

static void double_springs_are_two_chained_half_halflife_springs(void **state) {
    (void)state;
    test_rng rng = {11u};
    for (int i = 0; i < 10000; ++i) {
        float x = test_rng_range(&rng, -10.0f, 10.0f);
        float v = test_rng_range(&rng, -10.0f, 10.0f);
        float xi = test_rng_range(&rng, -10.0f, 10.0f);
        float vi = test_rng_range(&rng, -10.0f, 10.0f);
        float goal = test_rng_range(&rng, -10.0f, 10.0f);
        float h = i % 13 == 0 ? -0.5f : test_rng_range(&rng, 0.0f, 1.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.1f);

        float a[4] = {x, v, xi, vi}, b[4] = {x, v, xi, vi};
        mote_double_spring(&a[0], &a[1], &a[2], &a[3], goal, h, dt);
        mote_spring(&b[2], &b[3], goal, 0.5f * h, dt);
        mote_spring(&b[0], &b[1], b[2], 0.5f * h, dt);
        assert_memory_equal(a, b, sizeof a);

        float c[4] = {x, v, xi, vi}, d[4] = {x, v, xi, vi};
        mote_double_spring_angle(&c[0], &c[1], &c[2], &c[3], goal, h, dt);
        mote_spring_angle(&d[2], &d[3], goal, 0.5f * h, dt);
        mote_spring_angle(&d[0], &d[1], d[2], 0.5f * h, dt);
        assert_memory_equal(c, d, sizeof c);
    }
}

static void double_springs_have_no_flick(void **state) {
    (void)state;
    const float halflives[] = {0.05f, 0.15f, 0.5f};
    const float dts[] = {1.0f / 240.0f, 1.0f / 60.0f};
    for (size_t h = 0; h < 3; ++h) {
        for (size_t d = 0; d < 2; ++d) {
            /* a goal jump from rest: the single spring leaves at once */
            float xs = 0.0f, vs = 0.0f;
            mote_spring(&xs, &vs, 1.0f, halflives[h], dts[d]);
            float x = 0.0f, v = 0.0f, xi = 0.0f, vi = 0.0f;
            mote_double_spring(&x, &v, &xi, &vi, 1.0f, halflives[h], dts[d]);
            assert_true(vs > 0.0f);
            assert_true(v >= 0.0f && v < vs);
            assert_true(x >= 0.0f && x < xs);
            float xa = 0.0f, va = 0.0f, xia = 0.0f, via = 0.0f;
            mote_double_spring_angle(&xa, &va, &xia, &via, 1.0f, halflives[h], dts[d]);
            assert_true(va >= 0.0f && va < vs);
        }
    }
}

static void decay_matches_spring_with_goal_zero(void **state) {
    (void)state;
    /* The same arithmetic as mote_spring with goal 0, whose final "+ goal" only turns a -0 x
     * into +0: equal as values (compared with ==, so -0 == +0), v bit for bit. */
    test_rng rng = {13u};
    for (int i = 0; i < 20000; ++i) {
        float x = i % 17 == 0 ? 0.0f : test_rng_range(&rng, -100.0f, 100.0f);
        float v = test_rng_range(&rng, -100.0f, 100.0f);
        float h = i % 19 == 0 ? -1.0f : test_rng_range(&rng, 0.0f, 2.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.5f);
        float xd = x, vd = v, xs = x, vs = v;
        mote_decay(&xd, &vd, h, dt);
        mote_spring(&xs, &vs, 0.0f, h, dt);
        assert_true(xd == xs);
        assert_int_equal(bits(vd), bits(vs));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Exponential response */

static void exp_response_matches_double(void **state) {
    (void)state;
    /* hand-worked: lambda dt = ln 2 closes exactly half */
    EXPECT_NEAR(mote_exp_response(0.0f, 1.0f, 1.0f, (float)LN2_D), 0.5, 2 * ulp_at(1.0), "half");
    EXPECT_NEAR(mote_exp_response(2.0f, 4.0f, 0.0f, 1.0f), 2.0, 0.0, "lambda 0 holds");
    EXPECT_NEAR(mote_exp_response(2.0f, 4.0f, 10.0f, 0.0f), 2.0, 0.0, "dt 0 holds");
    test_rng rng = {17u};
    for (int i = 0; i < 20000; ++i) {
        float value = test_rng_range(&rng, -100.0f, 100.0f);
        float target = test_rng_range(&rng, -100.0f, 100.0f);
        float lambda = test_rng_range(&rng, 0.0f, 60.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.2f);
        double alpha = 1.0 - exp(-(double)lambda * (double)dt);
        double expected = (double)value + ((double)target - (double)value) * alpha;
        double scale = max2(fabs((double)value), fabs((double)target));
        EXPECT_NEAR(mote_exp_response(value, target, lambda, dt), expected, 4 * ulp_at(scale),
                    "exp_response value=%.9g target=%.9g lambda=%.9g dt=%.9g", (double)value,
                    (double)target, (double)lambda, (double)dt);
    }
}

static void exp_response_is_frame_rate_independent(void **state) {
    (void)state;
    test_rng rng = {19u};
    for (int i = 0; i < 20000; ++i) {
        float value = test_rng_range(&rng, -100.0f, 100.0f);
        float target = test_rng_range(&rng, -100.0f, 100.0f);
        float lambda = test_rng_range(&rng, 0.0f, 60.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.2f);
        float one = mote_exp_response(value, target, lambda, dt);
        float two = mote_exp_response(value, target, lambda, dt / 2.0f);
        two = mote_exp_response(two, target, lambda, dt / 2.0f);
        double scale = max2(fabs((double)value), fabs((double)target));
        EXPECT_NEAR(two, one, 8 * ulp_at(scale), "one dt vs two dt/2 (lambda=%.9g dt=%.9g)",
                    (double)lambda, (double)dt);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Semi-implicit spring */

/* Rounds to float after each operation: the float arithmetic of the seed's integrator,
 * emulated in double (one rounding per op, so the bits match). */
static void semi_implicit_emulated(float *x, float *v, float target, float k, float d, float dt) {
    float a = (float)((double)(float)((double)target - (double)*x) * (double)k);
    a = (float)((double)a - (double)(float)((double)*v * (double)d));
    *v = (float)((double)*v + (double)(float)((double)a * (double)dt));
    *x = (float)((double)*x + (double)(float)((double)*v * (double)dt));
}

static void semi_implicit_hand_worked_step(void **state) {
    (void)state;
    /* x=0, v=1, target=2, k=4, d=2, dt=1/64: a = 2*4 - 1*2 = 6, v = 1 + 6/64 = 1.09375,
     * x = 0 + 1.09375/64 = 0.01708984375 (all exact in float). */
    float x = 0.0f, v = 1.0f;
    mote_spring_semi_implicit(&x, &v, 2.0f, 4.0f, 2.0f, 1.0f / 64.0f);
    assert_true(v == 1.09375f);
    assert_true(x == 0.01708984375f);
    /* the seed's docking spring at 60 Hz, bit for bit against the float arithmetic */
    const float params[][2] = {{5.0f, 4.6f}, {9.8f, 7.4f}};
    for (int p = 0; p < 2; ++p) {
        float xs = 3.0f, vs = -1.5f, xe = 3.0f, ve = -1.5f;
        for (int s = 0; s < 100; ++s) {
            mote_spring_semi_implicit(&xs, &vs, -2.0f, params[p][0], params[p][1], 1.0f / 60.0f);
            semi_implicit_emulated(&xe, &ve, -2.0f, params[p][0], params[p][1], 1.0f / 60.0f);
            assert_int_equal(bits(xs), bits(xe));
            assert_int_equal(bits(vs), bits(ve));
        }
    }
}

static void semi_implicit_clamps_dt(void **state) {
    (void)state;
    const float dts[] = {10.0f, 1.0f, nextafterf(MOTE_SEMI_IMPLICIT_MAX_DT, 1.0f), 1e30f, INFINITY};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; ++i) {
        float x = 4.0f, v = -2.0f, xm = 4.0f, vm = -2.0f;
        mote_spring_semi_implicit(&x, &v, 1.0f, 9.8f, 7.4f, dts[i]);
        mote_spring_semi_implicit(&xm, &vm, 1.0f, 9.8f, 7.4f, MOTE_SEMI_IMPLICIT_MAX_DT);
        assert_int_equal(bits(x), bits(xm));
        assert_int_equal(bits(v), bits(vm));
    }
    /* below the maximum nothing is clamped */
    float x = 4.0f, v = -2.0f, xe = 4.0f, ve = -2.0f;
    mote_spring_semi_implicit(&x, &v, 1.0f, 9.8f, 7.4f, 0.03f);
    semi_implicit_emulated(&xe, &ve, 1.0f, 9.8f, 7.4f, 0.03f);
    assert_int_equal(bits(x), bits(xe));
    assert_int_equal(bits(v), bits(ve));
}

/* Steps 10,000 times from 10 toward -2; fails if |x - target| ever exceeds the start
 * distance, and returns the final |x - target| + |v|. */
static double semi_implicit_settle(float k, float d, float dt) {
    float x = 10.0f, v = 0.0f;
    const float target = -2.0f;
    double start = fabs((double)x - target);
    for (int s = 0; s < 10000; ++s) {
        mote_spring_semi_implicit(&x, &v, target, k, d, dt);
        if (!(fabs((double)x - target) <= start)) {
            print_error("k=%g d=%g dt=%g: |x - target| = %g at step %d (start %g)\n", (double)k,
                        (double)d, (double)dt, fabs((double)x - target), s, start);
            fail();
        }
    }
    return fabs((double)x - target) + fabs((double)v);
}

/* Steps 10,000 times at the largest dt; true when the largest |x - target| over the last
 * 1,000 steps is at most that over the first 1,000 (bounded: no growth, finite). */
static bool semi_implicit_bounded(float k, float d) {
    float x = 1.0f, v = 1.0f;
    double first = 0.0, last = 0.0;
    for (int s = 0; s < 10000; ++s) {
        mote_spring_semi_implicit(&x, &v, 0.0f, k, d, MOTE_SEMI_IMPLICIT_MAX_DT);
        double a = fabs((double)x);
        if (!isfinite(a)) {
            print_error("k=%g d=%g: diverged (non-finite x) at step %d\n", (double)k, (double)d, s);
            return false;
        }
        if (s < 1000) {
            first = max2(first, a);
        } else if (s >= 9000) {
            last = max2(last, a);
        }
    }
    if (!(last <= first * 1.001)) {
        print_error("k=%g d=%g: max |x| %g over the first 1000 steps, %g over the last 1000\n",
                    (double)k, (double)d, first, last);
        return false;
    }
    return true;
}

static void semi_implicit_bounded_at_seed_parameters(void **state) {
    (void)state;
    const float params[][2] = {{5.0f, 4.6f}, {9.8f, 7.4f}};
    const float dts[] = {1.0f / 144.0f, 1.0f / 60.0f, 1.0f / 30.0f, 10.0f /* clamped */};
    for (int p = 0; p < 2; ++p) {
        for (int i = 0; i < 4; ++i) {
            /* over-damped (damping above 2 sqrt(stiffness)): it never moves away from its
             * target, and after 10,000 steps it has settled */
            double rest = semi_implicit_settle(params[p][0], params[p][1], dts[i]);
            assert_true(rest < 1e-5);
        }
        assert_true(semi_implicit_bounded(params[p][0], params[p][1]));
    }
}

static void semi_implicit_stable_over_documented_range(void **state) {
    (void)state;
    /* spring.h: stable while stiffness dt^2 + 2 damping dt < 4 and damping dt < 2, i.e. at
     * MOTE_SEMI_IMPLICIT_MAX_DT stiffness + 40 damping < 1600. A grid inside that region
     * (up to 99% of the stiffness limit for each damping), every point reported. */
    const float dampings[] = {0.0f, 1.0f, 5.0f, 10.0f, 20.0f, 30.0f, 39.0f};
    const float fractions[] = {0.0f, 0.25f, 0.5f, 0.9f, 0.99f};
    int unstable = 0;
    for (size_t i = 0; i < sizeof dampings / sizeof dampings[0]; ++i) {
        float d = dampings[i];
        for (size_t j = 0; j < sizeof fractions / sizeof fractions[0]; ++j) {
            float k = fractions[j] * (1600.0f - 40.0f * d);
            if (k == 0.0f && d == 0.0f) {
                continue; /* no spring at all: a free particle drifts at its speed */
            }
            unstable += !semi_implicit_bounded(k, d);
        }
    }
    assert_int_equal(unstable, 0);
    /* and the limit is the real one: a little past it, the spring diverges */
    const float outside[][2] = {{1650.0f, 0.0f}, {0.0f, 41.0f}, {800.0f, 21.0f}, {300.0f, 33.0f}};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; ++i) {
        float x = 1.0f, v = 1.0f;
        for (int s = 0; s < 10000 && isfinite(x); ++s) {
            mote_spring_semi_implicit(&x, &v, 0.0f, outside[i][0], outside[i][1],
                                      MOTE_SEMI_IMPLICIT_MAX_DT);
        }
        if (isfinite(x) && fabsf(x) < 1e6f) {
            print_error("k=%g d=%g is outside the documented limit but stayed bounded (x=%g)\n",
                        (double)outside[i][0], (double)outside[i][1], (double)x);
            fail();
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* General damped spring */

/* Checks one mote_spring_damper step against the double closed form, allowing extra_x and
 * extra_v on top of the rounding tolerance (for the documented critical band). */
static void check_damped_step_within(float x, float v, float goal, float k, float d, float dt,
                                     double extra_x, double extra_v) {
    float xf = x, vf = v;
    mote_spring_damper(&xf, &vf, goal, k, d, dt);
    double xd = x, vd = v;
    damped_d(&xd, &vd, goal, k, d, dt);
    /* conditioning: the exponent and the phase carry float roundings of magnitude rate*dt */
    double rate = max2(0.5 * (double)d, sqrt(fabs((double)k)));
    double cond = max2(1.0, rate * (double)dt);
    double u0 = fabs((double)x - (double)goal);
    double scale_x =
        max4(fabs((double)x), fabs((double)goal), fabs(xd), (fabs(v) + rate * u0) * dt);
    double scale_v = max4(fabs((double)v), fabs(vd), rate * u0, rate * dt * fabs(v));
    scale_v = max2(scale_v, rate * rate * dt * u0);
    double tol = EXACT_STEP_ULPS * cond;
    EXPECT_NEAR(xf, xd, tol * ulp_at(scale_x) + extra_x,
                "damped x (x=%.9g v=%.9g goal=%.9g k=%.9g d=%.9g dt=%.9g)", (double)x, (double)v,
                (double)goal, (double)k, (double)d, (double)dt);
    EXPECT_NEAR(vf, vd, tol * ulp_at(scale_v) + extra_v,
                "damped v (x=%.9g v=%.9g goal=%.9g k=%.9g d=%.9g dt=%.9g)", (double)x, (double)v,
                (double)goal, (double)k, (double)d, (double)dt);
}

/* Checks one mote_spring_damper step against the double closed form. */
static void check_damped_step(float x, float v, float goal, float k, float d, float dt) {
    check_damped_step_within(x, v, goal, k, d, dt, 0.0, 0.0);
}

static void spring_damper_matches_closed_form(void **state) {
    (void)state;
    /* (stiffness, damping): under-, critically and over-damped, plus the seed's springs */
    const float params[][2] = {
        {100.0f, 2.0f}, {10.0f, 0.0f}, {1.0f, 1.0f},   {25.0f, 10.0f}, {4.0f, 4.0f}, {1.0f, 2.0f},
        {1.0f, 10.0f},  {0.0f, 3.0f},  {1e-3f, 20.0f}, {5.0f, 4.6f},   {9.8f, 7.4f}, {400.0f, 1.0f},
    };
    const float states[][3] = {
        {0.0f, 0.0f, 1.0f}, {5.0f, -3.0f, -1.0f}, {-2.0f, 10.0f, 0.0f}, {100.0f, 0.0f, 100.0f}};
    const float dts[] = {1.0f / 120.0f, 1.0f / 60.0f, 0.1f, 0.5f};
    for (size_t p = 0; p < sizeof params / sizeof params[0]; ++p) {
        for (size_t s = 0; s < 4; ++s) {
            for (size_t t = 0; t < 4; ++t) {
                check_damped_step(states[s][0], states[s][1], states[s][2], params[p][0],
                                  params[p][1], dts[t]);
            }
        }
    }
    test_rng rng = {23u};
    for (int i = 0; i < 20000; ++i) {
        float x = test_rng_range(&rng, -20.0f, 20.0f);
        float v = test_rng_range(&rng, -20.0f, 20.0f);
        float goal = test_rng_range(&rng, -20.0f, 20.0f);
        float k = test_rng_range(&rng, 0.0f, 200.0f);
        float d = test_rng_range(&rng, 0.0f, 30.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.1f);
        check_damped_step(x, v, goal, k, d, dt);
    }
}

static void spring_damper_near_critical_bands(void **state) {
    (void)state;
    /* damping 2: damping^2/4 = 1 exactly, so q = stiffness - 1 exactly. Float spacing just
     * above 1 is 2^-23 and just below 2^-24: 84 * 2^-23 and 168 * 2^-24 are the first
     * |q| >= eps (general under/over-damped solutions), 83 * 2^-23 and 167 * 2^-24 the last
     * inside the critical band, where stiffness is taken as damping^2/4. */
    const float stiffnesses[] = {1.0f + 84.0f * 0x1p-23f, 1.0f + 83.0f * 0x1p-23f,
                                 1.0f - 168.0f * 0x1p-24f, 1.0f - 167.0f * 0x1p-24f, 1.0f,
                                 /* well outside the band on both sides, but still close */
                                 1.0f + 1e-3f, 1.0f - 1e-3f};
    const float states[][3] = {{0.0f, 0.0f, 1.0f}, {5.0f, -3.0f, -1.0f}, {-2.0f, 10.0f, 0.0f}};
    const float dts[] = {1.0f / 60.0f, 0.1f, 0.5f, 2.0f};
    for (size_t i = 0; i < sizeof stiffnesses / sizeof stiffnesses[0]; ++i) {
        for (size_t si = 0; si < 3; ++si) {
            for (size_t ti = 0; ti < 4; ++ti) {
                float x = states[si][0], v = states[si][1], goal = states[si][2];
                float k = stiffnesses[i], dt = dts[ti];
                float q = k - 1.0f;
                if (fabsf(q) >= MOTE_SPRING_EPS) {
                    check_damped_step(x, v, goal, k, 2.0f, dt);
                    continue;
                }
                /* Inside the band the documented answer is the critical spring with stiffness
                 * damping^2/4 = 1: that closed form (double) within the step tolerance. */
                float xf = x, vf = v;
                mote_spring_damper(&xf, &vf, goal, k, 2.0f, dt);
                double xd = x, vd = v, sx, sv;
                critical_d(&xd, &vd, goal, 1.0, dt, &sx, &sv);
                double tol = EXACT_STEP_ULPS * max2(1.0, (double)dt);
                EXPECT_NEAR(xf, xd, tol * ulp_at(sx), "band x k=%.9g dt=%g", (double)k, (double)dt);
                EXPECT_NEAR(vf, vd, tol * ulp_at(sv), "band v k=%.9g dt=%g", (double)k, (double)dt);
                /* Against the true spring (stiffness k) it is off by no more than replacing
                 * cos/cosh(w t) by 1 and sin/sinh(w t)/w by t, with w^2 = |q|, and k by 1:
                 * dC <= e^-t |q| t^2/2, dS <= e^-t |q| t^3/6 (10% margin for higher orders). */
                double aq = fabs((double)k - 1.0), t = dt, e = exp(-t);
                double u0 = fabs((double)x - goal), j1 = fabs((double)v + ((double)x - goal));
                double dc = 1.1 * e * aq * t * t / 2.0, ds = 1.1 * e * aq * t * t * t / 6.0;
                double extra_x = u0 * dc + j1 * ds;
                double extra_v = fabs(v) * dc +
                                 fabs((double)v + (double)k * ((double)x - goal)) * ds +
                                 1.1 * t * e * aq * u0;
                check_damped_step_within(x, v, goal, k, 2.0f, dt, extra_x, extra_v);
            }
        }
    }
    /* Across the band's edges the answer is continuous: the last value inside and the first
     * outside differ by no more than the change of stiffness explains (q t^2 scale). */
    const float pairs[][2] = {{1.0f + 83.0f * 0x1p-23f, 1.0f + 84.0f * 0x1p-23f},
                              {1.0f - 167.0f * 0x1p-24f, 1.0f - 168.0f * 0x1p-24f}};
    for (int p = 0; p < 2; ++p) {
        float xa = 5.0f, va = -3.0f, xb = 5.0f, vb = -3.0f;
        mote_spring_damper(&xa, &va, 0.0f, pairs[p][0], 2.0f, 0.5f);
        mote_spring_damper(&xb, &vb, 0.0f, pairs[p][1], 2.0f, 0.5f);
        EXPECT_NEAR(xa, xb, 1e-5 * 5.0, "x across band edge %d", p);
        EXPECT_NEAR(va, vb, 1e-5 * 5.0, "v across band edge %d", p);
    }
}

static void spring_damper_free_particle(void **state) {
    (void)state;
    /* stiffness = damping = 0: x moves at constant v, v never changes */
    const float states[][3] = {{0.0f, 1.0f, 5.0f}, {3.0f, -2.5f, -7.0f}, {-1e3f, 40.0f, 0.0f}};
    const float dts[] = {1.0f / 60.0f, 0.5f, 3.0f};
    for (int s = 0; s < 3; ++s) {
        for (int t = 0; t < 3; ++t) {
            float x = states[s][0], v = states[s][1];
            mote_spring_damper(&x, &v, states[s][2], 0.0f, 0.0f, dts[t]);
            assert_int_equal(bits(v), bits(states[s][1]));
            double expected = (double)states[s][0] + (double)states[s][1] * (double)dts[t];
            double scale = max4(fabs(states[s][0]), fabs(states[s][2]), fabs(expected), 0.0);
            EXPECT_NEAR(x, expected, 2 * ulp_at(scale), "free particle %d %d", s, t);
        }
    }
}

static void spring_damper_agrees_with_spring(void **state) {
    (void)state;
    test_rng rng = {29u};
    for (int i = 0; i < 20000; ++i) {
        float x = test_rng_range(&rng, -20.0f, 20.0f);
        float v = test_rng_range(&rng, -20.0f, 20.0f);
        float goal = test_rng_range(&rng, -20.0f, 20.0f);
        float h = test_rng_range(&rng, 0.01f, 2.0f);
        float dt = test_rng_range(&rng, 0.0f, 0.1f);
        float y = mote_halflife_to_damping(h) / 2.0f;
        float xs = x, vs = v, xd = x, vd = v;
        mote_spring(&xs, &vs, goal, h, dt);
        mote_spring_damper(&xd, &vd, goal, y * y, 2.0f * y, dt);
        double sx, sv, xr = x, vr = v;
        critical_d(&xr, &vr, goal, y, dt, &sx, &sv);
        /* The same exponential; the two forms round their products differently. Measured:
         * each within 6 scaled ULPs of the exact answer, and at most 5 apart. */
        EXPECT_NEAR(xd, xs, 6 * ulp_at(sx), "x h=%.9g dt=%.9g", (double)h, (double)dt);
        EXPECT_NEAR(vd, vs, 6 * ulp_at(sv), "v h=%.9g dt=%.9g", (double)h, (double)dt);
    }
}

static void spring_damper_one_step_equals_ten_substeps(void **state) {
    (void)state;
    const float params[][2] = {{100.0f, 2.0f}, {1.0f, 2.0f}, {1.0f, 10.0f},
                               {5.0f, 4.6f},   {0.0f, 0.0f}, {9.8f, 7.4f}};
    test_rng rng = {31u};
    for (int p = 0; p < 6; ++p) {
        for (int i = 0; i < 500; ++i) {
            float x = test_rng_range(&rng, -20.0f, 20.0f);
            float v = test_rng_range(&rng, -20.0f, 20.0f);
            float goal = test_rng_range(&rng, -20.0f, 20.0f);
            float dt = test_rng_range(&rng, 0.001f, 0.2f);
            float k = params[p][0], d = params[p][1];
            float x1 = x, v1 = v, x10 = x, v10 = v;
            mote_spring_damper(&x1, &v1, goal, k, d, dt);
            for (int s = 0; s < 10; ++s) {
                mote_spring_damper(&x10, &v10, goal, k, d, dt / 10.0f);
            }
            double rate = max2(0.5 * d, sqrt((double)k));
            double scale_x = max4(fabs(x), fabs(goal), fabs(v) * dt, fabs(x1));
            double scale_v = max4(fabs(v), rate * fabs(x - goal), fabs(v1), 0.0);
            EXPECT_NEAR(x10, x1, SUBSTEP_RELATIVE * scale_x, "x k=%g d=%g", (double)k, (double)d);
            EXPECT_NEAR(v10, v1, SUBSTEP_RELATIVE * scale_v, "v k=%g d=%g", (double)k, (double)d);
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Half-life <= 0, and NaN */

static void zero_halflife_snaps_within_one_frame(void **state) {
    (void)state;
    const float dt = 1.0f / 60.0f;
    const float halflives[] = {0.0f, -0.0f, -1e-30f, -0.5f, -1.0f, -INFINITY};
    for (size_t i = 0; i < sizeof halflives / sizeof halflives[0]; ++i) {
        float h = halflives[i];
        float x = 0.0f, v = 5.0f;
        mote_spring(&x, &v, 1.0f, h, dt);
        assert_true(x == 1.0f && v == 0.0f);
        x = 3.0f, v = -2.0f;
        mote_spring_angle(&x, &v, -3.0f, h, dt);
        EXPECT_NEAR(mote_wrap_angle(x), -3.0, 4 * ulp_at(4.0), "angle snaps (h=%g)", (double)h);
        EXPECT_NEAR(x, 2.0 * PI_D - 3.0, 4 * ulp_at(4.0), "angle snaps the short way (h=%g)",
                    (double)h);
        assert_true(v == 0.0f);
        float xi = 0.0f, vi = 0.0f;
        x = 0.0f, v = 0.0f;
        mote_double_spring(&x, &v, &xi, &vi, 2.0f, h, dt);
        assert_true(x == 2.0f && v == 0.0f && xi == 2.0f && vi == 0.0f);
        x = 7.0f, v = 1.0f;
        mote_decay(&x, &v, h, dt);
        assert_true(x == 0.0f && v == 0.0f);
        assert_true(mote_damper(0.0f, 1.0f, h, dt) == 1.0f);
    }
}

static void negative_halflife_behaves_exactly_like_zero(void **state) {
    (void)state;
    const float negatives[] = {-0.0f, -1e-30f, -1e-5f, -0.5f, -1.0f, -1e30f, -INFINITY};
    test_rng rng = {37u};
    for (size_t n = 0; n < sizeof negatives / sizeof negatives[0]; ++n) {
        float h = negatives[n];
        assert_int_equal(bits(mote_halflife_to_damping(h)), bits(mote_halflife_to_damping(0.0f)));
        for (int i = 0; i < 100; ++i) {
            float x = test_rng_range(&rng, -5.0f, 5.0f);
            float v = test_rng_range(&rng, -5.0f, 5.0f);
            float xi = test_rng_range(&rng, -5.0f, 5.0f);
            float vi = test_rng_range(&rng, -5.0f, 5.0f);
            float goal = test_rng_range(&rng, -5.0f, 5.0f);
            float dt = test_rng_range(&rng, 0.0f, 1e-4f); /* short enough not to arrive */
            assert_int_equal(bits(mote_damper(x, goal, h, dt)),
                             bits(mote_damper(x, goal, 0.0f, dt)));
            float a[4] = {x, v, xi, vi}, b[4] = {x, v, xi, vi};
            mote_spring(&a[0], &a[1], goal, h, dt);
            mote_spring(&b[0], &b[1], goal, 0.0f, dt);
            assert_memory_equal(a, b, sizeof a);
            mote_spring_angle(&a[0], &a[1], goal, h, dt);
            mote_spring_angle(&b[0], &b[1], goal, 0.0f, dt);
            assert_memory_equal(a, b, sizeof a);
            mote_double_spring(&a[0], &a[1], &a[2], &a[3], goal, h, dt);
            mote_double_spring(&b[0], &b[1], &b[2], &b[3], goal, 0.0f, dt);
            assert_memory_equal(a, b, sizeof a);
            mote_double_spring_angle(&a[0], &a[1], &a[2], &a[3], goal, h, dt);
            mote_double_spring_angle(&b[0], &b[1], &b[2], &b[3], goal, 0.0f, dt);
            assert_memory_equal(a, b, sizeof a);
            mote_decay(&a[0], &a[1], h, dt);
            mote_decay(&b[0], &b[1], 0.0f, dt);
            assert_memory_equal(a, b, sizeof a);
        }
    }
}

/* Every output of every primitive with the given inputs (count of outputs returned). */
enum { PRIMITIVE_INPUTS = 8, PRIMITIVE_OUTPUTS = 4 };
typedef int (*primitive_fn)(const float in[PRIMITIVE_INPUTS], float out[PRIMITIVE_OUTPUTS]);

/* in: x, v, goal, halflife (or stiffness/lambda), dt, xi, vi, damping */
static int run_damper(const float in[], float out[]) {
    out[0] = mote_damper(in[0], in[2], in[3], in[4]);
    return 1;
}
static int run_spring(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1];
    mote_spring(&out[0], &out[1], in[2], in[3], in[4]);
    return 2;
}
static int run_spring_angle(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1];
    mote_spring_angle(&out[0], &out[1], in[2], in[3], in[4]);
    return 2;
}
static int run_double_spring(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1], out[2] = in[5], out[3] = in[6];
    mote_double_spring(&out[0], &out[1], &out[2], &out[3], in[2], in[3], in[4]);
    return 4;
}
static int run_double_spring_angle(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1], out[2] = in[5], out[3] = in[6];
    mote_double_spring_angle(&out[0], &out[1], &out[2], &out[3], in[2], in[3], in[4]);
    return 4;
}
static int run_decay(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1];
    mote_decay(&out[0], &out[1], in[3], in[4]);
    return 2;
}
static int run_exp_response(const float in[], float out[]) {
    out[0] = mote_exp_response(in[0], in[2], in[3], in[4]);
    return 1;
}
static int run_semi_implicit(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1];
    mote_spring_semi_implicit(&out[0], &out[1], in[2], in[3], in[7], in[4]);
    return 2;
}
static int run_spring_damper(const float in[], float out[]) {
    out[0] = in[0], out[1] = in[1];
    mote_spring_damper(&out[0], &out[1], in[2], in[3], in[7], in[4]);
    return 2;
}

static void nan_inputs_give_nan_outputs(void **state) {
    (void)state;
    struct {
        const char *name;
        primitive_fn fn;
        unsigned inputs; /* bit i: the function reads in[i] */
    } primitives[] = {
        {"damper", run_damper, 0x1du},
        {"spring", run_spring, 0x1fu},
        {"spring_angle", run_spring_angle, 0x1fu},
        {"double_spring", run_double_spring, 0x7fu},
        {"double_spring_angle", run_double_spring_angle, 0x7fu},
        {"decay", run_decay, 0x1bu},
        {"exp_response", run_exp_response, 0x1du},
        {"semi_implicit", run_semi_implicit, 0x9fu},
        {"spring_damper", run_spring_damper, 0x9fu},
    };
    const float base[PRIMITIVE_INPUTS] = {1.0f, 0.5f, 2.0f, 0.3f, 1.0f / 60.0f, 1.5f, -0.5f, 1.2f};
    for (size_t p = 0; p < sizeof primitives / sizeof primitives[0]; ++p) {
        for (int i = 0; i < PRIMITIVE_INPUTS; ++i) {
            if (!(primitives[p].inputs & (1u << i))) {
                continue;
            }
            float in[PRIMITIVE_INPUTS];
            memcpy(in, base, sizeof in);
            in[i] = NAN;
            float out[PRIMITIVE_OUTPUTS] = {0};
            int n = primitives[p].fn(in, out);
            /* Every output the NaN feeds is NaN. In the double springs the visible spring
             * (x, v) does not feed the intermediate one (xi, vi), which stays finite. */
            bool visible_only = n == 4 && (i == 0 || i == 1);
            for (int o = 0; o < n; ++o) {
                bool fed = !visible_only || o < 2;
                if (fed ? !isnan(out[o]) : !isfinite(out[o])) {
                    print_error("%s with input %d NaN: output %d = %g\n", primitives[p].name, i, o,
                                (double)out[o]);
                    fail();
                }
            }
        }
    }
    float x = NAN, v = 0.0f;
    mote_spring(&x, &v, 1.0f, 0.1f, 0.1f);
    assert_true(isnan(x) && isnan(v));
    assert_true(isnan(mote_halflife_to_damping(NAN)));
    assert_true(isnan(mote_damping_to_halflife(NAN)));
    assert_true(isnan(mote_halflife_to_lag(NAN)));
    assert_true(isnan(mote_lag_to_halflife(NAN)));
    assert_true(isnan(mote_wrap_angle(NAN)));
}

MOTE_TEST_MAIN(cmocka_unit_test(conversions_match_hand_worked_values),
               cmocka_unit_test(conversions_round_trip),
               cmocka_unit_test(damper_closes_half_the_distance_per_halflife),
               cmocka_unit_test(damper_matches_closed_form_in_double),
               cmocka_unit_test(spring_matches_critically_damped_closed_form),
               cmocka_unit_test(spring_one_step_equals_ten_substeps),
               cmocka_unit_test(spring_from_rest_never_overshoots_and_converges),
               cmocka_unit_test(wrap_angle_boundaries),
               cmocka_unit_test(wrap_angle_matches_double_reference),
               cmocka_unit_test(spring_angle_turns_the_short_way_across_pi),
               cmocka_unit_test(spring_angle_is_continuous_and_exact),
               cmocka_unit_test(spring_angle_matches_spring_when_no_wrap_is_needed),
               cmocka_unit_test(double_springs_are_two_chained_half_halflife_springs),
               cmocka_unit_test(double_springs_have_no_flick),
               cmocka_unit_test(decay_matches_spring_with_goal_zero),
               cmocka_unit_test(exp_response_matches_double),
               cmocka_unit_test(exp_response_is_frame_rate_independent),
               cmocka_unit_test(semi_implicit_hand_worked_step),
               cmocka_unit_test(semi_implicit_clamps_dt),
               cmocka_unit_test(semi_implicit_bounded_at_seed_parameters),
               cmocka_unit_test(semi_implicit_stable_over_documented_range),
               cmocka_unit_test(spring_damper_matches_closed_form),
               cmocka_unit_test(spring_damper_near_critical_bands),
               cmocka_unit_test(spring_damper_free_particle),
               cmocka_unit_test(spring_damper_agrees_with_spring),
               cmocka_unit_test(spring_damper_one_step_equals_ten_substeps),
               cmocka_unit_test(zero_halflife_snaps_within_one_frame),
               cmocka_unit_test(negative_halflife_behaves_exactly_like_zero),
               cmocka_unit_test(nan_inputs_give_nan_outputs))
