/* The approach-flight scalar reference (mote/flight.h) against closed forms and the properties
 * issue 13 states: a straight flight's table is its chord and it never banks; curvature
 * against the Hermite formula in double; the 32-sample table against a 20,000-sample quadrature
 * within the trapezoid rule's bound; the speed measured along the path follows the profile
 * within mote_flight_speed_error (and walking at uniform u does not); acceleration and
 * deceleration within their limits; arrival exactly on the perch at rest; bank capped, signed
 * by the turn, equal to atan(v^2 kappa / g) below the cap; orientation; re-targeting;
 * frame-rate independence; the degenerate cases; bad input. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/flight.h"
#include "test_double.h"
#include "test_support.h"

static dvec dv_comb(double a, dvec x, double b, dvec y, double c, dvec z) {
    dvec r = {a * x.x + b * y.x + c * z.x, a * x.y + b * y.y + c * z.y,
              a * x.z + b * y.z + c * z.z};
    return r;
}

/* S'(u) and S''(u) of a path, in double. */
static dvec d1_at(const mote_flight_path *p, double u) {
    return dv_comb(6 * u - 6 * u * u, dv(p->chord), 3 * u * u - 4 * u + 1, dv(p->m0),
                   3 * u * u - 2 * u, dv(p->m1));
}

static dvec d2_at(const mote_flight_path *p, double u) {
    return dv_comb(6 - 12 * u, dv(p->chord), 6 * u - 4, dv(p->m0), 6 * u - 2, dv(p->m1));
}

/* S(u) - P0 in double. */
static dvec s_at(const mote_flight_path *p, double u) {
    return dv_comb(-2 * u * u * u + 3 * u * u, dv(p->chord), u * u * u - 2 * u * u + u, dv(p->m0),
                   u * u * u - u * u, dv(p->m1));
}

static double kappa_at(const mote_flight_path *p, double u) {
    dvec a = d1_at(p, u), b = d2_at(p, u);
    double n = dv_len(a);
    return dv_len(dv_cross(a, b)) / (n * n * n);
}

/* The turn's horizontal part in double: (S' x S'') . up / |S'|^3, signed (left positive). */
static double turn_at(const mote_flight_path *p, double u) {
    dvec a = d1_at(p, u), b = d2_at(p, u);
    dvec c = dv_cross(a, b);
    double n = dv_len(a);
    return (c.x * p->up.x + c.y * p->up.y + c.z * p->up.z) / (n * n * n);
}

static mote_flight_path plan(const mote_flight_desc *d) {
    mote_flight_path p;
    assert_int_equal(mote_flight_plan(d, &p), MOTE_OK);
    return p;
}

static mote_flight_pose sample(const mote_flight_path *p, float t) {
    mote_flight_pose pose;
    assert_int_equal(mote_flight_sample(p, t, &pose), MOTE_OK);
    return pose;
}

static bool finite_pose(const mote_flight_pose *q) {
    const float v[] = {
        q->position.x,    q->position.y,    q->position.z,    q->velocity.x,   q->velocity.y,
        q->velocity.z,    q->speed,         q->acceleration,  q->distance,     q->u,
        q->tangent.x,     q->tangent.y,     q->tangent.z,     q->curvature,    q->bank,
        q->orientation.x, q->orientation.y, q->orientation.z, q->orientation.w};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; ++i) {
        if (!isfinite(v[i])) {
            return false;
        }
    }
    return true;
}

/* A gentle approach: a slight climb and a slight turn onto a perch 30 units ahead. */
static mote_flight_desc gentle(void) {
    mote_flight_desc d = mote_default_flight_desc();
    d.start_position = (mote_vec3){0.0f, 0.0f, 2.0f};
    d.start_velocity = (mote_vec3){6.0f, 0.6f, 0.0f};
    d.perch_position = (mote_vec3){30.0f, 4.0f, 0.0f};
    return d;
}

/* A sharp turn: flying +y at cruise, the perch 8 units to the right. */
static mote_flight_desc sharp(void) {
    mote_flight_desc d = mote_default_flight_desc();
    d.start_velocity = (mote_vec3){0.0f, 6.0f, 0.0f};
    d.perch_position = (mote_vec3){8.0f, 0.0f, 0.0f};
    return d;
}

static void test_straight_flight(void **unused) {
    (void)unused;
    mote_flight_desc d = mote_default_flight_desc();
    d.start_position = (mote_vec3){1.0f, 2.0f, 3.0f};
    d.start_velocity = (mote_vec3){d.cruise_speed, 0.0f, 0.0f};
    d.perch_position = (mote_vec3){41.0f, 2.0f, 3.0f};
    mote_flight_path p = plan(&d);
    /* M0 = M1 = C: linear in u, so |S'| is the chord everywhere and the table is exact */
    assert_true(fabs((double)p.length - 40.0) <= 1e-6 * 40.0);
    for (int k = 1; k < MOTE_FLIGHT_TABLE_SAMPLES; ++k) {
        assert_true(p.table[k] >= p.table[k - 1]);
        assert_true(fabs((double)p.table[k] - 40.0 * k / 31.0) <= 1e-6 * 40.0);
    }
    assert_true(mote_flight_speed_error(&p) <= 1e-5f); /* the table's float rounding */
    for (float t = 0.0f; t <= p.duration + 0.5f; t += 0.05f) {
        mote_flight_pose q = sample(&p, t);
        assert_true(q.bank == 0.0f);
        assert_true(q.curvature == 0.0f);
        assert_true(q.position.y == 2.0f && q.position.z == 3.0f);
        assert_true(fabs((double)q.position.x - 1.0 - q.distance) <= 4e-6 * 41.0);
        assert_true(q.tangent.x == 1.0f);
    }
}

static void test_curvature_closed_form(void **unused) {
    (void)unused;
    /* A quarter turn of radius R (from {R, 0, 0} heading +y onto {0, R, 0} heading -x), and
     * the Hermite's curvature in double at several parameters. */
    const float R = 5.0f;
    mote_flight_desc d = mote_default_flight_desc();
    d.start_position = (mote_vec3){R, 0.0f, 0.0f};
    d.start_velocity = (mote_vec3){0.0f, d.cruise_speed, 0.0f};
    d.perch_position = (mote_vec3){0.0f, R, 0.0f};
    d.landing_normal = (mote_vec3){0.0f, 1.0f, 0.0f}; /* comes in across it: heading -x */
    mote_flight_path p = plan(&d);
    assert_true(fabs(p.m1.x + R * sqrtf(2.0f)) <= 1e-5 && p.m1.y == 0.0f);
    double lo = INFINITY, hi = 0.0;
    for (float t = 0.0f; t < p.duration; t += 0.01f) {
        mote_flight_pose q = sample(&p, t);
        double k = kappa_at(&p, q.u);
        assert_true(fabs(q.curvature - k) <= 1e-5 * k);
        lo = fmin(lo, q.curvature * R);
        hi = fmax(hi, q.curvature * R);
        assert_true(q.bank >= 0.0f); /* counter-clockwise seen from +z: a left turn */
    }
    /* with tangents of length R sqrt(2) (a circle's cubic wants 1.66 R) the curvature stays
     * within [0.7, 1.65] of the circle's 1 / R (measured 0.76 .. 1.59) */
    assert_true(lo >= 0.7 && hi <= 1.65);
    /* the planar circle's curvature, closed form: at u = 0, |M0 x S''(0)| / |M0|^3 */
    mote_flight_pose q0 = sample(&p, 0.0f);
    double k0 = kappa_at(&p, 0.0);
    assert_true(fabs(q0.curvature - k0) <= 1e-6 * k0);
}

/* The integral of |S'| over [0, u1] by composite Simpson on 20,000 intervals, in double. */
static double fine_length(const mote_flight_path *p, double u1) {
    const int n = 20000;
    double h = u1 / n, sum = dv_len(d1_at(p, 0.0)) + dv_len(d1_at(p, u1));
    for (int i = 1; i < n; ++i) {
        sum += (i % 2 ? 4.0 : 2.0) * dv_len(d1_at(p, i * h));
    }
    return sum * h / 3.0;
}

static void test_table_against_quadrature(void **unused) {
    (void)unused;
    test_rng rng = {0xf117};
    for (int trial = 0; trial < 40; ++trial) {
        mote_flight_desc d = mote_default_flight_desc();
        d.start_velocity = (mote_vec3){test_rng_range(&rng, -6, 6), test_rng_range(&rng, -6, 6),
                                       test_rng_range(&rng, -2, 2)};
        d.perch_position = (mote_vec3){test_rng_range(&rng, -30, 30), test_rng_range(&rng, -30, 30),
                                       test_rng_range(&rng, -5, 5)};
        mote_flight_path p = plan(&d);
        /* max |f''| of f = |S'| by central differences on 4,000 points */
        double f2 = 0.0, h = 1.0 / 4000;
        for (int i = 1; i < 4000; ++i) {
            double u = i * h;
            double dd =
                (dv_len(d1_at(&p, u + h)) - 2 * dv_len(d1_at(&p, u)) + dv_len(d1_at(&p, u - h))) /
                (h * h);
            f2 = fmax(f2, fabs(dd));
        }
        const double seg = 1.0 / 31.0;
        for (int k = 1; k < MOTE_FLIGHT_TABLE_SAMPLES; ++k) {
            double exact = fine_length(&p, k * seg);
            /* the trapezoid rule: k h^3 max|f''| / 12; the float rounding of s_k */
            double bound = k * seg * seg * seg * f2 / 12.0 * 1.05 + exact * 1.2e-7 + 1e-9;
            if (fabs(p.table[k] - exact) > bound) {
                fail_msg("trial %d k %d: table %.9g, quadrature %.9g, bound %.3g", trial, k,
                         p.table[k], exact, bound);
            }
        }
    }
}

/* The largest relative miss of the speed measured by finite differences of positions against
 * the profile's, over the flight (where the speed is above 1). */
static double measured_speed_miss(const mote_flight_path *p, bool uniform_u) {
    const double dt = 1.0 / 128.0;
    double worst = 0.0;
    for (double t = 0.0; t + dt < p->duration; t += dt) {
        mote_flight_pose a = sample(p, (float)t), b = sample(p, (float)(t + dt));
        if (a.speed < 1.0f || b.speed < 1.0f) {
            continue;
        }
        dvec pa = dv(a.position), pb = dv(b.position);
        if (uniform_u) { /* the same curve walked with u = s / L, in double */
            pa = s_at(p, a.distance / p->length);
            pb = s_at(p, b.distance / p->length);
        }
        dvec step = dv_comb(1, pb, -1, pa, 0, pa);
        double measured = dv_len(step), profile = (double)b.distance - a.distance;
        worst = fmax(worst, fabs(measured / profile - 1.0));
    }
    return worst;
}

static void test_speed_follows_profile(void **unused) {
    (void)unused;
    mote_flight_desc g = gentle(), s = sharp();
    mote_flight_path pg = plan(&g), ps = plan(&s);
    double bg = mote_flight_speed_error(&pg), bs = mote_flight_speed_error(&ps);
    /* the header's numbers: a gentle approach well under 1%, a sharp turn several percent */
    assert_true(bg < 0.01);
    assert_true(bs > 0.02 && bs < 0.1);
    /* float positions over 1/128 s: noise of about 2 ULP of 30 units over 0.02 units */
    double mg = measured_speed_miss(&pg, false), ms = measured_speed_miss(&ps, false);
    assert_true(mg <= bg + 2e-3);
    assert_true(ms <= bs + 2e-3);
    /* the same curves at uniform u miss by far more: why the table exists */
    double ug = measured_speed_miss(&pg, true), us = measured_speed_miss(&ps, true);
    print_message("speed miss: gentle %.3g (bound %.3g, uniform u %.3g), sharp %.3g (bound %.3g, "
                  "uniform u %.3g)\n",
                  mg, bg, ug, ms, bs, us);
    assert_true(ug > 3.0 * bg);
    assert_true(us > 3.0 * bs && us > 0.2);
}

/* Walks a flight in small steps: the profile's acceleration within +A, its deceleration
 * within D (both measured from speeds), distance non-decreasing up to L, speed <= peak. */
static void check_limits(const mote_flight_desc *d) {
    mote_flight_path p = plan(d);
    const float a = d->max_acceleration, dmax = d->max_deceleration;
    const double dt = 1.0 / 512.0;
    mote_flight_pose prev = sample(&p, 0.0f);
    float peak = fmaxf(p.start_speed, d->cruise_speed);
    for (double t = dt; t <= p.duration + 0.1; t += dt) {
        mote_flight_pose q = sample(&p, (float)t);
        double dv_dt = ((double)q.speed - prev.speed) / dt;
        assert_true(dv_dt <= a * (1.0 + 1e-3) + 1e-3);
        assert_true(dv_dt >= -dmax * (1.0 + 1e-3) - 1e-3);
        assert_true(q.acceleration <= a && q.acceleration >= -dmax);
        assert_true(q.distance >= prev.distance && q.distance <= p.length);
        assert_true(q.speed <= peak * (1.0f + 1e-6f) && q.speed >= 0.0f);
        assert_true(finite_pose(&q));
        prev = q;
    }
    assert_true(prev.landed && prev.distance == p.length);
}

static void test_limits(void **unused) {
    (void)unused;
    mote_flight_desc d = gentle();
    check_limits(&d); /* long: cruise */
    d.perch_position = (mote_vec3){4.0f, 0.5f, 2.0f};
    d.start_velocity = (mote_vec3){1.0f, 0.0f, 0.0f};
    check_limits(&d); /* short: no cruise, accelerate then brake */
    mote_flight_path p = plan(&d);
    assert_true(p.peak_speed < d.cruise_speed && p.cruise_end == p.accel_end);
    d.start_velocity = (mote_vec3){12.0f, 0.0f, 0.0f};
    d.perch_position = (mote_vec3){60.0f, 0.0f, 2.0f};
    check_limits(&d); /* faster than cruise: slow to it at min(A, D) */
    p = plan(&d);
    assert_true(p.accel == -3.0f);
    d.perch_position = (mote_vec3){26.0f, 0.0f, 2.0f};
    d.max_acceleration = 2.0f;
    check_limits(&d); /* faster than cruise, too short for cruise: one deceleration <= D */
    p = plan(&d);
    assert_true(p.accel_end == 0.0f && p.deceleration <= d.max_deceleration);
    d = sharp();
    check_limits(&d);
    /* the one exception: a perch inside the stopping distance brakes at v0^2 / (2 L) > D */
    d = mote_default_flight_desc();
    d.start_velocity = (mote_vec3){6.0f, 0.0f, 0.0f};
    d.perch_position = (mote_vec3){3.0f, 0.0f, 0.0f};
    p = plan(&d);
    assert_true(fabs(p.deceleration - 36.0 / 6.0) <= 1e-6 * 6.0 && p.accel_end == 0.0f);
    mote_flight_pose end = sample(&p, p.duration);
    assert_true(end.landed && end.position.x == 3.0f);
}

static void test_arrival(void **unused) {
    (void)unused;
    mote_flight_desc descs[] = {gentle(), sharp()};
    for (int i = 0; i < 2; ++i) {
        mote_flight_path p = plan(&descs[i]);
        mote_flight_pose before = sample(&p, nextafterf(p.duration, 0.0f));
        assert_false(before.landed);
        assert_true(before.distance <= p.length);
        assert_true(before.speed < 1e-4f);
        float times[] = {p.duration, p.duration + 1.0f, 3600.0f};
        for (int j = 0; j < 3; ++j) {
            mote_flight_pose q = sample(&p, times[j]);
            assert_true(q.landed);
            assert_memory_equal(&q.position, &descs[i].perch_position, sizeof q.position);
            assert_true(q.speed == 0.0f && q.velocity.x == 0.0f && q.velocity.y == 0.0f &&
                        q.velocity.z == 0.0f);
            assert_true(q.u == 1.0f && q.distance == p.length && q.bank == 0.0f);
        }
    }
}

static void test_bank(void **unused) {
    (void)unused;
    /* fast and tight: hits the cap */
    mote_flight_desc d = sharp();
    d.cruise_speed = 20.0f;
    d.start_velocity = (mote_vec3){0.0f, 20.0f, 0.0f};
    d.max_acceleration = 40.0f;
    d.max_deceleration = 40.0f;
    mote_flight_desc m = d;
    m.start_velocity.y = -20.0f; /* the mirror image (y -> -y) */
    m.perch_position.y = -m.perch_position.y;
    mote_flight_path p = plan(&d), pm = plan(&m);
    float top = 0.0f;
    for (float t = 0.0f; t < p.duration; t += 0.005f) {
        mote_flight_pose q = sample(&p, t), qm = sample(&pm, t);
        assert_true(fabsf(q.bank) <= d.max_bank);
        assert_true(qm.bank == -q.bank); /* a right turn banks one way, a left turn the other */
        if (t < 0.1f) {
            assert_true(q.bank < 0.0f); /* heading +y, turning toward +x: clockwise, right */
        }
        top = fmaxf(top, fabsf(q.bank));
    }
    assert_true(top == d.max_bank);
    /* below the cap, on a descending flight: atan(v^2 |turn| / g) with the turn's horizontal
     * part in double, signed as it is */
    d = gentle();
    p = plan(&d);
    int turning = 0;
    for (float t = 0.0f; t < p.duration; t += 0.01f) {
        mote_flight_pose q = sample(&p, t);
        double turn = turn_at(&p, q.u);
        double expect = atan((double)q.speed * q.speed * fabs(turn) / d.gravity);
        /* the float turn cancels where it is small beside the whole curvature: its rounding is
         * a few ULP of the whole curvature's bank */
        double full = atan((double)q.speed * q.speed * kappa_at(&p, q.u) / d.gravity);
        assert_true(expect < d.max_bank);
        if (!(fabs(fabs(q.bank) - expect) <= 1e-5 * expect + 1e-6 * full + 1e-9)) {
            fail_msg("t %g: bank %.9g, expected %.9g (turn %g)", (double)t, (double)q.bank, expect,
                     turn);
        }
        assert_true(q.bank == 0.0f || (q.bank > 0.0f) == (turn > 0.0));
        turning += q.bank != 0.0f;
    }
    assert_true(turning > 0);
}

static void test_orientation(void **unused) {
    (void)unused;
    mote_flight_desc d = sharp();
    d.start_velocity = (mote_vec3){0.0f, 6.0f, 1.0f};
    d.perch_position = (mote_vec3){8.0f, 0.0f, 3.0f};
    mote_flight_path p = plan(&d);
    for (float t = 0.0f; t < p.duration; t += 0.05f) {
        mote_flight_pose q = sample(&p, t);
        mote_vec3 fwd = mote_quat_rotate(q.orientation, (mote_vec3){1, 0, 0});
        mote_vec3 up = mote_quat_rotate(q.orientation, (mote_vec3){0, 0, 1});
        for (int i = 0; i < 3; ++i) {
            assert_true(fabsf((&fwd.x)[i] - (&q.tangent.x)[i]) <= 2e-6f);
        }
        /* the level frame's up and left (left = up x forward, normalised) */
        dvec t3 = dv(q.tangent), wu = dv(p.up);
        double along = t3.x * wu.x + t3.y * wu.y + t3.z * wu.z;
        dvec level = dv_comb(1, wu, -along, t3, 0, t3);
        double ll = dv_len(level);
        level = dv_comb(1 / ll, level, 0, level, 0, level);
        dvec left = dv_cross(level, t3);
        dvec b = dv(up);
        double c = b.x * level.x + b.y * level.y + b.z * level.z;
        double s = b.x * left.x + b.y * left.y + b.z * left.z;
        assert_true(fabs(c - cos(q.bank)) <= 4e-6);
        assert_true(fabs(s - sin(q.bank)) <= 4e-6); /* leans left by a positive bank */
    }
}

static void test_retarget(void **unused) {
    (void)unused;
    mote_flight_desc d = gentle();
    mote_flight_path p = plan(&d), next;
    const float times[] = {0.0f, 1.3f, 3.7f};
    for (int i = 0; i < 3; ++i) {
        mote_flight_pose at = sample(&p, times[i]);
        assert_int_equal(mote_flight_retarget(&p, times[i], (mote_vec3){-5.0f, 20.0f, 1.0f},
                                              (mote_vec3){0.0f, 0.0f, 1.0f}, &next),
                         MOTE_OK);
        mote_flight_pose q = sample(&next, 0.0f);
        assert_memory_equal(&q.position, &at.position, sizeof q.position);
        for (int k = 0; k < 3; ++k) {
            assert_true(fabsf((&q.velocity.x)[k] - (&at.velocity.x)[k]) <= 4e-6f * at.speed);
        }
        /* and just after: still continuous */
        mote_flight_pose a2 = sample(&next, 1e-3f);
        assert_true(fabs(a2.position.x - at.position.x) <= 1e-3 * (at.speed + 1.0));
        mote_flight_pose end = sample(&next, next.duration);
        assert_true(end.landed && end.position.x == -5.0f && end.position.y == 20.0f);
    }
    /* in place */
    next = p;
    assert_int_equal(
        mote_flight_retarget(&next, 2.0f, (mote_vec3){0, 0, 0}, (mote_vec3){0, 0, 1}, &next),
        MOTE_OK);
    mote_flight_pose at2 = sample(&p, 2.0f);
    assert_memory_equal(&next.p0, &at2.position, sizeof next.p0);
}

static void test_frame_rate_independence(void **unused) {
    (void)unused;
    mote_flight_desc d = sharp();
    mote_flight_path p = plan(&d);
    const double end = 2.0;
    /* clocks kept in double: 30 Hz, 240 Hz and a jittery dt reach the same float time */
    double t30 = 0.0, t240 = 0.0, tj = 0.0;
    for (int i = 0; i < 60; ++i) {
        t30 += 1.0 / 30.0;
    }
    for (int i = 0; i < 480; ++i) {
        t240 += 1.0 / 240.0;
    }
    test_rng rng = {0x17e};
    while (end - tj > 0.04) {
        tj += test_rng_range(&rng, 0.002f, 0.04f);
    }
    tj += end - tj;
    mote_flight_pose a = sample(&p, (float)t30), b = sample(&p, (float)t240),
                     c = sample(&p, (float)tj);
    /* every float bit for bit, and the flag (not the padding after it) */
    assert_memory_equal(&a, &b, offsetof(mote_flight_pose, landed));
    assert_memory_equal(&a, &c, offsetof(mote_flight_pose, landed));
    assert_int_equal(a.landed, b.landed);
    assert_int_equal(a.landed, c.landed);
    /* clocks kept in float drift by rounding only: the pose moves by speed times that */
    float f30 = 0.0f, f240 = 0.0f;
    for (int i = 0; i < 60; ++i) {
        f30 += 1.0f / 30.0f;
    }
    for (int i = 0; i < 480; ++i) {
        f240 += 1.0f / 240.0f;
    }
    mote_flight_pose fa = sample(&p, f30), fb = sample(&p, f240);
    double drift = fabs((double)f30 - f240) + fabs((double)f30 - end);
    assert_true(drift < 1e-4);
    assert_true(fabs(fa.position.x - fb.position.x) <= p.peak_speed * drift + 1e-5);
    assert_true(fabs(fa.position.y - fb.position.y) <= p.peak_speed * drift + 1e-5);
}

static void test_degenerate(void **unused) {
    (void)unused;
    /* P0 == P1: length 0, landed at once, even when moving */
    mote_flight_desc d = mote_default_flight_desc();
    d.start_position = d.perch_position = (mote_vec3){3.0f, -2.0f, 1.0f};
    d.start_velocity = (mote_vec3){4.0f, 0.0f, 0.0f};
    mote_flight_path p = plan(&d);
    assert_true(p.length == 0.0f && p.duration == 0.0f);
    mote_flight_pose q = sample(&p, 0.0f);
    assert_true(q.landed && finite_pose(&q) && q.speed == 0.0f);
    assert_memory_equal(&q.position, &d.perch_position, sizeof q.position);
    /* V0 == 0: the start tangent is half the chord; straight, so no curvature */
    d = mote_default_flight_desc();
    p = plan(&d);
    assert_true(p.m0.x == 5.0f && p.m0.y == 0.0f && p.m0.z == 0.0f);
    assert_true(p.m1.x == 10.0f);
    for (float t = 0.0f; t <= p.duration; t += 0.02f) {
        q = sample(&p, t);
        assert_true(finite_pose(&q) && q.curvature == 0.0f && q.bank == 0.0f);
    }
    /* N parallel to the chord (dropping straight down onto the perch): d1 = chord */
    d.perch_position = (mote_vec3){0.0f, 0.0f, -10.0f};
    d.start_velocity = (mote_vec3){3.0f, 0.0f, 0.0f};
    p = plan(&d);
    assert_true(p.m1.x == 0.0f && p.m1.y == 0.0f && p.m1.z == -10.0f);
    for (float t = 0.0f; t <= p.duration + 0.1f; t += 0.02f) {
        q = sample(&p, t);
        assert_true(finite_pose(&q));
    }
    assert_true(q.landed && q.position.z == -10.0f);
    /* the perch straight behind: the start tangent turns to the flyer's left (heading -x with
     * +z up: -y), never a cusp */
    d = mote_default_flight_desc();
    d.start_velocity = (mote_vec3){-6.0f, 0.0f, 0.0f};
    p = plan(&d);
    assert_true(p.m0.y < 0.0f && p.m0.x == 0.0f);
    q = sample(&p, 0.0f);
    assert_true(q.bank > 0.0f); /* turning left */
    for (int i = 0; i <= 1000; ++i) {
        assert_true(dv_len(d1_at(&p, i / 1000.0)) > 1.0);
    }
    for (float t = 0.0f; t <= p.duration + 0.1f; t += 0.02f) {
        q = sample(&p, t);
        assert_true(finite_pose(&q));
    }
    /* a landing normal of zero length: no preference, d1 = chord */
    d = mote_default_flight_desc();
    d.landing_normal = (mote_vec3){0.0f, 0.0f, 0.0f};
    d.perch_position = (mote_vec3){10.0f, 0.0f, 5.0f};
    p = plan(&d);
    assert_true(fabsf(p.m1.z - 5.0f) <= 1e-6f);
    /* flying along the world up */
    d = mote_default_flight_desc();
    d.perch_position = (mote_vec3){0.0f, 0.0f, 12.0f};
    d.landing_normal = (mote_vec3){1.0f, 0.0f, 0.0f};
    p = plan(&d);
    for (float t = 0.0f; t <= p.duration + 0.1f; t += 0.02f) {
        q = sample(&p, t);
        assert_true(finite_pose(&q));
    }
    /* parameter lookups at and past the ends */
    p = plan(&d);
    assert_true(mote_flight_parameter_at(&p, -1.0f) == 0.0f);
    assert_true(mote_flight_parameter_at(&p, p.length) == 1.0f);
    assert_true(mote_flight_parameter_at(&p, 2.0f * p.length) == 1.0f);
    for (int k = 0; k < MOTE_FLIGHT_TABLE_SAMPLES; ++k) {
        assert_true(mote_flight_parameter_at(&p, p.table[k]) == (float)k / 31.0f ||
                    k == MOTE_FLIGHT_TABLE_SAMPLES - 1);
    }
}

static void test_bad_input(void **unused) {
    (void)unused;
    mote_flight_path p, sentinel;
    memset(&sentinel, 0xa5, sizeof sentinel);
    p = sentinel;
    mote_flight_desc good = mote_default_flight_desc(), d;
    assert_int_equal(mote_flight_plan(NULL, &p), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_plan(&good, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    /* every float member NaN, then infinite */
    float *members = (float *)(void *)&d;
    size_t n = sizeof d / sizeof(float);
    assert_int_equal(n, 20);
    for (size_t i = 0; i < n; ++i) {
        d = good;
        members[i] = NAN;
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_NON_FINITE);
        members[i] = -INFINITY;
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_NON_FINITE);
    }
    d = good;
    d.start_position.x = -FLT_MAX;
    d.perch_position.x = FLT_MAX; /* outside the domain (the chord would overflow) */
    mote_clear_error_detail();
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "start_position"));
    d = good;
    d.start_velocity.z = 2.0f * MOTE_FLIGHT_MAX_SPEED;
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "start_velocity"));
    /* a perch closer than a float can brake from the fastest start: the profile overflows */
    d = good;
    d.start_velocity = (mote_vec3){MOTE_FLIGHT_MAX_SPEED, 0.0f, 0.0f};
    d.cruise_speed = MOTE_FLIGHT_MAX_SPEED;
    d.perch_position = (mote_vec3){1e-30f, 0.0f, 0.0f};
    d.start_position = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "deceleration"));
    const float bad_limits[] = {0.0f, -1.0f};
    for (int i = 0; i < 2; ++i) {
        d = good;
        d.cruise_speed = bad_limits[i];
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
        d = good;
        d.max_acceleration = bad_limits[i];
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
        d = good;
        d.max_deceleration = bad_limits[i];
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
        d = good;
        d.gravity = bad_limits[i];
        assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    }
    d = good;
    d.max_bank = -0.1f;
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    d.max_bank = 1.57079637f;
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    d = good;
    d.world_up = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_flight_plan(&d, &p), MOTE_ERROR_INVALID_ARGUMENT);
    assert_memory_equal(&p, &sentinel, sizeof p);

    mote_flight_path ok = plan(&good);
    mote_flight_pose pose, pose_sentinel;
    memset(&pose_sentinel, 0x5a, sizeof pose_sentinel);
    pose = pose_sentinel;
    assert_int_equal(mote_flight_sample(NULL, 0.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_sample(&ok, 0.0f, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_sample(&ok, NAN, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_flight_sample(&ok, INFINITY, &pose), MOTE_ERROR_NON_FINITE);
    mote_clear_error_detail();
    assert_int_equal(mote_flight_sample(&ok, -1e-3f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "time"));
    assert_memory_equal(&pose, &pose_sentinel, sizeof pose);
    p = sentinel;
    assert_int_equal(mote_flight_retarget(&ok, NAN, good.perch_position, good.landing_normal, &p),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(
        mote_flight_retarget(&ok, 1.0f, (mote_vec3){NAN, 0, 0}, good.landing_normal, &p),
        MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_flight_retarget(NULL, 1.0f, good.perch_position, good.landing_normal, &p),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_memory_equal(&p, &sentinel, sizeof p);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_straight_flight), cmocka_unit_test(test_curvature_closed_form),
               cmocka_unit_test(test_table_against_quadrature),
               cmocka_unit_test(test_speed_follows_profile), cmocka_unit_test(test_limits),
               cmocka_unit_test(test_arrival), cmocka_unit_test(test_bank),
               cmocka_unit_test(test_orientation), cmocka_unit_test(test_retarget),
               cmocka_unit_test(test_frame_rate_independence), cmocka_unit_test(test_degenerate),
               cmocka_unit_test(test_bad_input))
