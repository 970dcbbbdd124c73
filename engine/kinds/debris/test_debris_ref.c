/* The debris scalar reference (mote/debris.h) against the seed's formulas evaluated in double
 * precision and the properties issue 4 states: an attached piece sits exactly on the ship
 * transform of its anchor before peeling, release happens in the step reaching detach_time
 * with the analytic rotating-frame velocity, no speed exceeds the cap, a free piece flies
 * straight at constant speed and tumbles by exactly |omega| T about omega (also after 100,000
 * steps), orientations stay unit length; the station spin state and the seeded draws. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "debris_bounds.h"
#include "mote/debris.h"
#include "mote/random.h"
#include "test_support.h"
#include "test_double.h"

/* The rotation by |omega| t about omega, in double. */
static dquat dq_exp(mote_vec3 omega, double t) {
    double w =
        sqrt((double)omega.x * omega.x + (double)omega.y * omega.y + (double)omega.z * omega.z);
    double h = 0.5 * w * t;
    double k = w > 0.0 ? sin(h) / w : 0.5 * t;
    dquat r = {omega.x * k, omega.y * k, omega.z * k, cos(h)};
    return r;
}

/* The angle (rad) of the rotation between two unit quaternions. */
static double dq_angle(dquat a, mote_quat b) {
    dquat bb = dq(b);
    double dot = a.x * bb.x + a.y * bb.y + a.z * bb.z + a.w * bb.w;
    double s = fmin(fmin(sqrt(pow(a.x - bb.x, 2) + pow(a.y - bb.y, 2) + pow(a.z - bb.z, 2) +
                              pow(a.w - bb.w, 2)),
                         sqrt(pow(a.x + bb.x, 2) + pow(a.y + bb.y, 2) + pow(a.z + bb.z, 2) +
                              pow(a.w + bb.w, 2))),
                    2.0);
    (void)dot;
    return 4.0 * asin(0.5 * s); /* chord s between unit quaternions is 2 sin(angle / 4) */
}

static double qlen(mote_quat q) {
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
}

static double vlen(mote_vec3 v) {
    return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

static mote_quat random_unit_quat(test_rng *rng) {
    mote_quat q = {test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                   test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1)};
    return mote_quat_normalize(q);
}

static mote_vec3 random_vec(test_rng *rng, float r) {
    mote_vec3 v = {test_rng_range(rng, -r, r), test_rng_range(rng, -r, r),
                   test_rng_range(rng, -r, r)};
    return v;
}

static mote_vec3 random_dir(test_rng *rng) {
    mote_vec3 v = random_vec(rng, 1.0f);
    float inv = 1.0f / sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
    v.x *= inv, v.y *= inv, v.z *= inv;
    return v;
}

static mote_debris_ship random_ship(test_rng *rng) {
    mote_debris_ship s = {random_vec(rng, 1000.0f), random_unit_quat(rng), random_dir(rng),
                          test_rng_range(rng, -6.0f, 6.0f)};
    return s;
}

static void test_smoothstep(void **unused) {
    (void)unused;
    assert_true(mote_smoothstep(1.0f, 3.0f, 0.5f) == 0.0f);
    assert_true(mote_smoothstep(1.0f, 3.0f, 1.0f) == 0.0f);
    assert_true(mote_smoothstep(1.0f, 3.0f, 2.0f) == 0.5f);
    assert_true(mote_smoothstep(1.0f, 3.0f, 3.0f) == 1.0f);
    assert_true(mote_smoothstep(1.0f, 3.0f, 9.0f) == 1.0f);
    assert_float_equal(mote_smoothstep(0.0f, 1.0f, 0.25f), 0.15625f, 1e-7);
    /* equal edges: a step at the edge */
    assert_true(mote_smoothstep(2.0f, 2.0f, 1.999f) == 0.0f);
    assert_true(mote_smoothstep(2.0f, 2.0f, 2.0f) == 1.0f);
}

static void test_quaternion_helpers(void **unused) {
    (void)unused;
    mote_vec3 z = {0, 0, 1};
    mote_quat q = mote_quat_axis_angle(z, 1.57079637f);
    mote_vec3 x = {1, 0, 0};
    mote_vec3 r = mote_quat_rotate(q, x);
    assert_float_equal(r.x, 0.0f, 1e-7);
    assert_float_equal(r.y, 1.0f, 1e-7);
    /* a * b applies b first */
    mote_quat qx = mote_quat_axis_angle(x, 1.57079637f);
    mote_vec3 y = {0, 1, 0};
    mote_vec3 r2 = mote_quat_rotate(mote_quat_mul(q, qx), y); /* y -> z (qx), z stays (q) */
    assert_float_equal(r2.z, 1.0f, 1e-6);
    assert_float_equal(qlen(mote_quat_normalize((mote_quat){1, 2, 3, 4})), 1.0, 1e-7);
}

/* Before peel_start an attached piece sits exactly (bit for bit) on the ship transform of its
 * anchor, with the orientation ship * base, for any ship motion; its velocity is the
 * rotating-frame velocity at the anchor. */
static void test_attached_before_peel_is_exactly_on_ship(void **unused) {
    (void)unused;
    test_rng rng = {41};
    mote_debris_settings settings = mote_default_debris_settings();
    for (int k = 0; k < 2000; ++k) {
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = random_vec(&rng, 50.0f);
        d.outward = random_dir(&rng);
        d.base = random_unit_quat(&rng);
        d.peel_start = 10.0f;
        d.detach_time = 12.0f;
        d.max_distance = 5.0f;
        d.twist = 3.0f;
        for (int s = 0; s < 20; ++s) {
            mote_debris_ship ship = random_ship(&rng); /* any motion: a new frame every step */
            float dt = test_rng_range(&rng, 0.0f, 0.4f);
            mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
            bool released = mote_debris_step(&d, &f);
            assert_false(released);
            assert_int_equal(d.phase, MOTE_DEBRIS_ATTACHED);
            if (d.time > d.peel_start) {
                break;
            }
            mote_vec3 p = mote_debris_ship_point(&f, d.anchor);
            assert_memory_equal(&p, &d.position, sizeof p);
            mote_quat q = mote_quat_normalize(mote_quat_mul(f.ship_orientation, d.base));
            assert_true(q.x == d.orientation.x && q.y == d.orientation.y &&
                        q.z == d.orientation.z && q.w == d.orientation.w);
            /* and that is the ship transform in double, to rounding */
            dquat sq = dq(f.ship_orientation);
            dquat a = {d.anchor.x, d.anchor.y, d.anchor.z, 0.0};
            dquat inv = {-sq.x, -sq.y, -sq.z, sq.w};
            dquat ra = dq_mul(dq_mul(sq, a), inv);
            double scale = fmax(vlen(ship.position), vlen(d.anchor));
            assert_true(fabs(ra.x + ship.position.x - d.position.x) <= 4e-7 * scale);
            assert_true(fabs(ra.y + ship.position.y - d.position.y) <= 4e-7 * scale);
            assert_true(fabs(ra.z + ship.position.z - d.position.z) <= 4e-7 * scale);
        }
    }
}

/* The peel follows distance = max_distance peelT^2 along the world outward, the twist grows
 * as twist peelT^2 about the outward, and release comes in the step that reaches detach_time,
 * at full distance, with the analytic velocity. */
static void test_peel_and_release(void **unused) {
    (void)unused;
    test_rng rng = {7};
    mote_debris_settings settings = mote_default_debris_settings();
    for (int k = 0; k < 500; ++k) {
        mote_debris_ship ship = random_ship(&rng);
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = random_vec(&rng, 20.0f);
        d.outward = random_dir(&rng);
        d.base = random_unit_quat(&rng);
        d.peel_start = test_rng_range(&rng, 0.0f, 1.0f);
        d.detach_time = d.peel_start + test_rng_range(&rng, 0.1f, 2.0f);
        d.max_distance = test_rng_range(&rng, 0.0f, 4.0f);
        d.twist = test_rng_range(&rng, -6.0f, 6.0f);
        d.outward_speed = test_rng_range(&rng, 0.0f, 10.0f);
        d.axial_speed = test_rng_range(&rng, -5.0f, 5.0f);
        const float dt = 1.0f / 60.0f;
        mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
        int releases = 0;
        for (int s = 0; s < 300; ++s) {
            float before = d.time;
            mote_debris_phase phase = d.phase;
            bool released = mote_debris_step(&d, &f);
            if (phase == MOTE_DEBRIS_ATTACHED) {
                assert_true(released == (d.time >= d.detach_time));
                double peel = mote_smoothstep(d.peel_start, d.detach_time, d.time);
                double dist = d.max_distance * peel * peel;
                mote_vec3 local = {(float)(d.anchor.x + d.outward.x * dist),
                                   (float)(d.anchor.y + d.outward.y * dist),
                                   (float)(d.anchor.z + d.outward.z * dist)};
                mote_vec3 expect = mote_debris_ship_point(&f, local);
                double scale = vlen(ship.position) + vlen(d.anchor) + d.max_distance;
                assert_true(fabs(expect.x - d.position.x) <= 1e-6 * scale);
                assert_true(fabs(expect.y - d.position.y) <= 1e-6 * scale);
                assert_true(fabs(expect.z - d.position.z) <= 1e-6 * scale);
                /* twist: base^-1 ship^-1 orientation is a rotation about outward */
                dquat sb = dq_mul(dq(f.ship_orientation), dq(d.base));
                dquat tw = dq_exp(d.outward, d.twist * peel * peel);
                assert_true(dq_angle(dq_mul(sb, tw), d.orientation) <= 2e-6 * (1 + fabs(d.twist)));
                assert_float_equal(qlen(d.orientation), 1.0, 2e-7);
                if (released) {
                    ++releases;
                    assert_true(before < d.detach_time);
                    assert_int_equal(d.phase, MOTE_DEBRIS_RELEASED);
                    assert_true(peel == 1.0);
                    /* analytic velocity in double */
                    double ox = d.position.x - (double)ship.position.x;
                    double oy = d.position.y - (double)ship.position.y;
                    double oz = d.position.z - (double)ship.position.z;
                    double w[3] = {f.axis.x * (double)ship.spin_rate,
                                   f.axis.y * (double)ship.spin_rate,
                                   f.axis.z * (double)ship.spin_rate};
                    mote_vec3 ow = mote_quat_rotate(f.ship_orientation, d.outward);
                    double v[3] = {
                        w[1] * oz - w[2] * oy + ow.x * d.outward_speed + f.axis.x * d.axial_speed,
                        w[2] * ox - w[0] * oz + ow.y * d.outward_speed + f.axis.y * d.axial_speed,
                        w[0] * oy - w[1] * ox + ow.z * d.outward_speed + f.axis.z * d.axial_speed};
                    double speed = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
                    double cap_k = speed > 95.0 ? 95.0 / speed : 1.0;
                    double vscale = fabs(ship.spin_rate) * (vlen(ship.position) + 30.0) + 15.0;
                    assert_true(fabs(v[0] * cap_k - d.velocity.x) <=
                                DEBRIS_RELEASE_VELOCITY_REL * vscale);
                    assert_true(fabs(v[1] * cap_k - d.velocity.y) <=
                                DEBRIS_RELEASE_VELOCITY_REL * vscale);
                    assert_true(fabs(v[2] * cap_k - d.velocity.z) <=
                                DEBRIS_RELEASE_VELOCITY_REL * vscale);
                }
            } else {
                assert_false(released);
                assert_int_equal(d.phase, MOTE_DEBRIS_FREE);
            }
            assert_true(vlen(d.velocity) <= 95.0);
        }
        assert_int_equal(releases, 1);
    }
}

/* Fast hulls: the rotating-frame velocity alone is far above the cap, and no speed ever
 * exceeds it; a capped speed lands within 2^-20 (plus rounding) under the cap. */
static void test_speed_never_exceeds_cap(void **unused) {
    (void)unused;
    test_rng rng = {95};
    mote_debris_settings settings = mote_default_debris_settings();
    settings.gravity = (mote_vec3){0.0f, -400.0f, 30.0f};
    int capped = 0;
    for (int k = 0; k < 3000; ++k) {
        mote_debris_ship ship = random_ship(&rng);
        ship.spin_rate = test_rng_range(&rng, -40.0f, 40.0f);
        if (k % 3 == 0) {
            settings.speed_cap = test_rng_range(&rng, 0.001f, 500.0f);
        }
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = random_vec(&rng, 20.0f);
        d.outward = random_dir(&rng);
        d.outward_speed = test_rng_range(&rng, 0.0f, 200.0f);
        d.detach_time = test_rng_range(&rng, 0.0f, 0.1f);
        d.peel_start = 0.0f;
        mote_debris_frame f = mote_debris_frame_make(&ship, &settings, 1.0f / 30.0f);
        for (int s = 0; s < 8; ++s) {
            mote_debris_step(&d, &f);
            float speed = sqrtf(d.velocity.x * d.velocity.x + d.velocity.y * d.velocity.y +
                                d.velocity.z * d.velocity.z);
            assert_true(speed <= settings.speed_cap);
            assert_true(vlen(d.velocity) <= settings.speed_cap);
            if (vlen(d.velocity) >= settings.speed_cap * (1.0 - 2e-6)) {
                ++capped;
            }
        }
    }
    assert_true(capped > 1000);
}

/* No gravity: a free piece keeps its velocity bit for bit and moves in a straight line. */
static void test_free_flight_is_straight_at_constant_speed(void **unused) {
    (void)unused;
    test_rng rng = {3};
    mote_debris_settings settings = mote_default_debris_settings();
    mote_debris_ship ship = random_ship(&rng);
    for (int k = 0; k < 200; ++k) {
        mote_debris_desc d = mote_default_debris_desc();
        d.phase = MOTE_DEBRIS_FREE;
        d.position = random_vec(&rng, 100.0f);
        d.velocity = random_vec(&rng, 50.0f);
        d.angular_velocity = random_vec(&rng, 10.0f);
        mote_vec3 p0 = d.position, v0 = d.velocity;
        const float dt = 1.0f / 60.0f;
        mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
        const int steps = 600;
        for (int s = 0; s < steps; ++s) {
            assert_false(mote_debris_step(&d, &f));
            assert_memory_equal(&d.velocity, &v0, sizeof v0);
        }
        /* distance from the line p0 + v0 t, and along it */
        double t = steps * (double)dt;
        double e[3] = {d.position.x - (p0.x + v0.x * t), d.position.y - (p0.y + v0.y * t),
                       d.position.z - (p0.z + v0.z * t)};
        double err = sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
        double scale = vlen(p0) + vlen(v0) * t;
        assert_true(err <= DEBRIS_FREE_FLIGHT_REL_PER_STEP * steps * scale);
    }
}

/* Gravity and linear damping: v_n = (v_{n-1} + g dt) e^(-c dt), the closed form of that
 * recurrence to rounding. */
static void test_gravity_and_damping(void **unused) {
    (void)unused;
    mote_debris_settings settings = mote_default_debris_settings();
    settings.gravity = (mote_vec3){0.0f, -9.81f, 0.0f};
    settings.linear_damping = 0.5f;
    settings.speed_cap = INFINITY;
    mote_debris_ship ship = mote_default_debris_ship();
    mote_debris_desc d = mote_default_debris_desc();
    d.phase = MOTE_DEBRIS_FREE;
    d.velocity = (mote_vec3){10.0f, 20.0f, 0.0f};
    const float dt = 1.0f / 60.0f;
    mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
    const int n = 600;
    for (int s = 0; s < n; ++s) {
        mote_debris_step(&d, &f);
    }
    double a = exp(-0.5 * dt);
    double an = pow(a, n);
    double vy = 20.0 * an + (-9.81 * dt) * a * (1.0 - an) / (1.0 - a);
    assert_true(fabs(d.velocity.x - 10.0 * an) <= 1e-5 * 10.0);
    assert_true(fabs(d.velocity.y - vy) <= 1e-5 * 20.0);
    /* terminal velocity g / c (discretised) approached from above */
    assert_true(d.velocity.y < 0.0f);
}

/* A piece tumbling at constant omega for T seconds has turned by |omega| T about omega, within
 * debris_tumble_angle_bound, and stays unit length, also after 100,000 steps. */
static void check_tumble(mote_vec3 omega, float dt, int steps, uint64_t seed) {
    test_rng rng = {seed};
    mote_debris_settings settings = mote_default_debris_settings();
    mote_debris_ship ship = mote_default_debris_ship();
    mote_debris_desc d = mote_default_debris_desc();
    d.phase = MOTE_DEBRIS_FREE;
    d.orientation = random_unit_quat(&rng);
    d.angular_velocity = omega;
    dquat q0 = dq(d.orientation);
    mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
    double worst_len = 0.0;
    for (int s = 0; s < steps; ++s) {
        mote_debris_step(&d, &f);
        worst_len = fmax(worst_len, fabs(qlen(d.orientation) - 1.0));
    }
    dquat expect = dq_mul(dq_exp(omega, (double)steps * dt), q0);
    double err = dq_angle(expect, d.orientation);
    double bound = debris_tumble_angle_bound(steps, vlen(omega) * dt);
    if (!(err <= bound)) {
        fail_msg("omega (%g %g %g) dt %g x %d: angle error %.3g > %.3g", omega.x, omega.y, omega.z,
                 dt, steps, err, bound);
    }
    assert_true(worst_len <= DEBRIS_UNIT_LENGTH_TOLERANCE);
    printf("# tumble |omega| %.3g dt %g x %d: angle error %.3g rad (bound %.3g), |q|-1 <= %.2g\n",
           vlen(omega), dt, steps, err, bound, worst_len);
}

static void test_tumble_is_exact_rotation(void **unused) {
    (void)unused;
    check_tumble((mote_vec3){0.0f, 0.0f, 3.15f}, 1.0f / 60.0f, 600, 1);
    check_tumble((mote_vec3){1.0f, -2.0f, 0.5f}, 1.0f / 60.0f, 1000, 2);
    check_tumble((mote_vec3){40.0f, 5.0f, -22.0f}, 1.0f / 30.0f, 1000, 3);
    check_tumble((mote_vec3){1e-3f, 0.0f, 2e-3f}, 0.1f, 1000, 4);
    check_tumble((mote_vec3){0.0f, 0.0f, 0.0f}, 0.1f, 1000, 5);
    check_tumble((mote_vec3){0.3f, 0.9f, -0.4f}, 1.0f / 60.0f, 100000, 6);
    check_tumble((mote_vec3){-7.0f, 2.0f, 3.0f}, 1.0f / 120.0f, 100000, 7);
}

/* The exact station angle in double: rate (tc - D (x^3 - x^4 / 2)), the integral of
 * rate (1 - smoothstep) over [0, t] for the default spin-down 21.5 .. 24.5 s. */
static double station_angle_exact(double t) {
    double tc = fmin(t, 24.5), x = fmin(fmax((t - 21.5) / 3.0, 0.0), 1.0);
    return 3.15 * (tc - 3.0 * (x * x * x - 0.5 * x * x * x * x));
}

/* Runs the default station spin to 30 s at a rate (0: a jittery 1/200 .. 1/25 s), checking
 * every step against the exact angle; returns the final state. */
static mote_station_spin run_station_spin(int hz) {
    mote_station_spin s = mote_default_station_spin();
    test_rng rng = {0x5717 + (uint64_t)hz};
    while (s.time < 30.0f) {
        float dt = hz > 0 ? 1.0f / (float)hz : test_rng_range(&rng, 1.0f / 200.0f, 1.0f / 25.0f);
        assert_int_equal(mote_station_spin_step(&s, dt), MOTE_OK);
        if (s.time < 21.4f) {
            assert_true(s.rate == 3.15f);
        }
        if (s.time > 24.6f) {
            assert_true(s.rate == 0.0f);
        }
        assert_true(s.angle > -3.1416f && s.angle <= 3.1416f);
        /* exact in the clock: a few ULP of the unwrapped angle, plus the wrap's rounding */
        double exact = station_angle_exact(s.time);
        double diff = remainder(s.angle - exact, 2.0 * 3.14159265358979323846);
        assert_true(fabs(diff) <= STATION_SPIN_ANGLE_TOLERANCE);
        assert_true(fabs(mote_station_spin_angle_at(&s, s.time) - exact) <=
                    STATION_SPIN_ANGLE_TOLERANCE);
    }
    return s;
}

/* The station spin: full rate before spin-down, zero after, angle = the exact integral of the
 * rate (the same final angle at 30 Hz, 240 Hz and a jittery dt), orientation = base *
 * rotation(forward, angle), axis = base forward. */
static void test_station_spin(void **unused) {
    (void)unused;
    mote_station_spin s = mote_default_station_spin();
    assert_true(s.spin_rate == 3.15f);
    /* the same bits once spin-down has ended, whatever the frame rate */
    mote_station_spin s30 = run_station_spin(30), s240 = run_station_spin(240);
    mote_station_spin jitter = run_station_spin(0);
    assert_true(s30.angle == s240.angle && jitter.angle == s240.angle);
    assert_true(mote_station_spin_angle_at(&s, 24.5f) == 3.15f * 23.0f);
    assert_true(mote_station_spin_angle_at(&s, 1e6f) == 3.15f * 23.0f);
    assert_true(mote_station_spin_angle_at(&s, -1.0f) == 0.0f);
    /* a zero-length spin-down is mote_smoothstep's step: full rate until its end */
    mote_station_spin step = s;
    step.spin_down_start = step.spin_down_end = 10.0f;
    assert_true(mote_station_spin_angle_at(&step, 5.0f) == 3.15f * 5.0f);
    assert_true(mote_station_spin_angle_at(&step, 12.0f) == 3.15f * 10.0f);
    s = s240;
    s.base_orientation = mote_quat_axis_angle((mote_vec3){1, 0, 0}, 0.5f);
    mote_quat q = mote_station_spin_orientation(&s);
    mote_quat expect =
        mote_quat_mul(s.base_orientation, mote_quat_axis_angle(s.local_forward, s.angle));
    assert_memory_equal(&q, &expect, sizeof q);
    mote_debris_ship ship = mote_station_spin_ship(&s, (mote_vec3){1, 2, 3});
    mote_vec3 axis = mote_quat_rotate(s.base_orientation, s.local_forward);
    assert_float_equal(ship.axis.y, axis.y, 1e-7);
    assert_float_equal(ship.axis.z, axis.z, 1e-7);
    assert_true(ship.spin_rate == 0.0f);
    /* the spin axis is the station's forward: rotating forward by the orientation gives it */
    mote_vec3 fw = mote_quat_rotate(q, s.local_forward);
    assert_float_equal(fw.y, axis.y, 1e-6);
    assert_float_equal(fw.z, axis.z, 1e-6);
}

/* Same seed and index, same bits; values inside their ranges; axes unit and spread. */
static void test_draw_is_seeded(void **unused) {
    (void)unused;
    mote_debris_ranges r = {0.5f, 4.0f, 1.0f, 3.0f, -2.0f, 2.0f};
    double sum[3] = {0, 0, 0};
    for (uint64_t i = 0; i < 4000; ++i) {
        mote_debris_desc a = mote_default_debris_desc(), b = mote_default_debris_desc();
        mote_debris_draw(&a, &r, 1234, i);
        mote_debris_draw(&b, &r, 1234, i);
        assert_memory_equal(&a, &b, sizeof a);
        mote_debris_desc c = mote_default_debris_desc();
        mote_debris_draw(&c, &r, 1235, i);
        assert_false(c.outward_speed == a.outward_speed && c.axial_speed == a.axial_speed);
        double w = vlen(a.angular_velocity);
        assert_true(w >= 0.5 * (1 - 1e-6) && w < 4.0 * (1 + 1e-6));
        assert_true(a.outward_speed >= 1.0f && a.outward_speed < 3.0f);
        assert_true(a.axial_speed >= -2.0f && a.axial_speed < 2.0f);
        sum[0] += a.angular_velocity.x / w;
        sum[1] += a.angular_velocity.y / w;
        sum[2] += a.angular_velocity.z / w;
    }
    for (int k = 0; k < 3; ++k) {
        assert_true(fabs(sum[k] / 4000.0) < 0.05); /* mean axis near zero: no preferred side */
    }
    /* the generator itself: a pure function of (seed, counter) */
    assert_true(mote_random_u64(1, 2) == mote_random_u64(1, 2));
    assert_true(mote_random_u64(1, 2) != mote_random_u64(2, 2));
    assert_true(mote_random_u64(1, 2) != mote_random_u64(1, 3));
    assert_true(mote_random_range(9, 9, 3.0f, 3.0f) == 3.0f);
}

/* The frame normalises any non-zero finite ship orientation and axis, however small or big. */
static void test_frame_normalises_extreme_ships(void **unused) {
    (void)unused;
    mote_debris_settings settings = mote_default_debris_settings();
    mote_debris_ship ship = mote_default_debris_ship();
    ship.axis = (mote_vec3){1e-30f, 0.0f, -1e-30f};
    ship.orientation = (mote_quat){1e-25f, 0.0f, 0.0f, 1e-25f};
    ship.spin_rate = 2.0f;
    mote_debris_frame f = mote_debris_frame_make(&ship, &settings, 0.1f);
    assert_float_equal(f.axis.x, 0.70710678f, 1e-7);
    assert_float_equal(f.axis.z, -0.70710678f, 1e-7);
    assert_float_equal(f.ship_orientation.w, 0.70710678f, 1e-7);
    assert_float_equal(f.spin.x, 1.41421356f, 1e-6);
    ship.axis = (mote_vec3){3e37f, 3e37f, 0.0f};
    ship.orientation = (mote_quat){0.0f, 0.0f, 3e38f, 0.0f};
    f = mote_debris_frame_make(&ship, &settings, 0.1f);
    assert_float_equal(f.axis.y, 0.70710678f, 1e-7);
    assert_true(f.ship_orientation.z == 1.0f);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_smoothstep), cmocka_unit_test(test_quaternion_helpers),
               cmocka_unit_test(test_attached_before_peel_is_exactly_on_ship),
               cmocka_unit_test(test_peel_and_release),
               cmocka_unit_test(test_speed_never_exceeds_cap),
               cmocka_unit_test(test_free_flight_is_straight_at_constant_speed),
               cmocka_unit_test(test_gravity_and_damping),
               cmocka_unit_test(test_tumble_is_exact_rotation), cmocka_unit_test(test_station_spin),
               cmocka_unit_test(test_draw_is_seeded),
               cmocka_unit_test(test_frame_normalises_extreme_ships))
