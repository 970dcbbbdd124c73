/* The launch scalar reference (mote/launch.h) against issue 11's numbers and properties: the
 * seed's derived constants and distances, continuity at every event boundary (left and right
 * limits), velocity as the finite difference of position, the pad pose before ignition, the
 * altitude identity, the nose on the flight direction under roll, the roll envelope, the
 * camera shake kept apart from the rocket, frame-rate independence and bad input. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/launch.h"
#include "test_support.h"

static mote_launch_pose pose_at(const mote_launch_profile *p, const mote_launch_rocket *r,
                                float t) {
    mote_launch_pose pose;
    assert_int_equal(mote_launch_evaluate(p, r, t, &pose), MOTE_OK);
    return pose;
}

static void assert_rel(double got, double want, double rel) {
    if (!(fabs(got - want) <= rel * fabs(want))) {
        fail_msg("%.10g, want %.10g (relative %.3g)", got, want, rel);
    }
}

static void assert_near(double got, double want, double abs_tol) {
    if (!(fabs(got - want) <= abs_tol)) {
        fail_msg("%.10g, want %.10g (within %.3g)", got, want, abs_tol);
    }
}

static double dlength(mote_vec3 v) {
    return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

static void test_golden_numbers(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_timeline tl = mote_launch_timeline_of(&p);
    assert_int_equal(tl.status, MOTE_OK);
    assert_rel(tl.slow_speed, 7e-5, 1e-6);
    assert_rel(tl.acceleration, 0.0095559809, 1e-7);
    assert_rel(tl.peak_speed, 0.1051857895, 1e-7);
    assert_rel(tl.deceleration, 0.0131482237, 1e-7);
    assert_true(tl.ascent_start == 1.2f);
    assert_rel(tl.slow_end, 6.2, 1e-7);
    assert_rel(tl.accel_end, 17.2, 1e-7);
    assert_rel(tl.ascent_end, 25.2, 1e-7);
    assert_rel(tl.coast_linear_end, 26.4, 1e-7);
    assert_rel(tl.rest_start, 30.4, 1e-7);
    float d, v;
    assert_int_equal(mote_launch_ascent(&tl, tl.slow_end, &d, &v), MOTE_OK);
    assert_rel(d, 0.00035, 1e-6);
    assert_int_equal(mote_launch_ascent(&tl, tl.accel_end, &d, &v), MOTE_OK);
    assert_rel(d, 0.5792568421, 2e-7);
    assert_rel(v, 0.1051857895, 2e-7);
    assert_int_equal(mote_launch_ascent(&tl, tl.ascent_end, &d, &v), MOTE_OK);
    assert_true(d == 1.0f && v == 0.0f);
    assert_int_equal(mote_launch_ascent(&tl, nextafterf(tl.ascent_start, 0.0f), &d, &v), MOTE_OK);
    assert_true(d == 0.0f && v == 0.0f);
    /* at ignition the slow phase starts at its constant speed, distance 0 */
    assert_int_equal(mote_launch_ascent(&tl, tl.ascent_start, &d, &v), MOTE_OK);
    assert_true(d == 0.0f);
    assert_rel(v, 7e-5, 1e-6);
    /* the coast: 0 .. 1 with speed 0 at both ends */
    assert_int_equal(mote_launch_coast(&tl, tl.rest_start, &d, &v), MOTE_OK);
    assert_true(d == 1.0f && v == 0.0f);
    assert_int_equal(mote_launch_coast(&tl, tl.coast_linear_end, &d, &v), MOTE_OK);
    assert_rel(d, 1.2 / 5.2, 1e-6);
    assert_rel(v, 2.0 / 5.2, 1e-6);
}

/* Changing one duration moves every later boundary, and no earlier one. */
static void test_one_duration_moves_later_boundaries(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_timeline a = mote_launch_timeline_of(&p);
    p.accel_duration += 2.0f;
    mote_launch_timeline b = mote_launch_timeline_of(&p);
    assert_true(a.ascent_start == b.ascent_start && a.slow_end == b.slow_end);
    assert_near(b.accel_end - a.accel_end, 2.0, 4e-6);
    assert_near(b.ascent_end - a.ascent_end, 2.0, 4e-6);
    assert_near(b.rest_start - a.rest_start, 2.0, 4e-6);
    float d, v;
    assert_int_equal(mote_launch_ascent(&b, b.ascent_end, &d, &v), MOTE_OK);
    assert_true(d == 1.0f);
    assert_int_equal(mote_launch_ascent(&b, nextafterf(b.ascent_end, 0.0f), &d, &v), MOTE_OK);
    assert_near(d, 1.0, 3e-7);
}

/* Left and right limits at every event boundary: distance, coast distance and their speeds,
 * and the pose's position and velocity. */
static void test_continuity_at_every_boundary(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_timeline tl = mote_launch_timeline_of(&p);
    mote_launch_rocket r = mote_default_launch_rocket();
    const float boundaries[] = {tl.ascent_start, tl.slow_end,         tl.accel_end,
                                tl.ascent_end,   tl.coast_linear_end, tl.rest_start};
    for (size_t k = 0; k < sizeof boundaries / sizeof boundaries[0]; ++k) {
        const float b = boundaries[k];
        const float left = nextafterf(b, 0.0f);
        float dl, vl, dr, vr, cdl, cvl, cdr, cvr;
        mote_launch_ascent(&tl, left, &dl, &vl);
        mote_launch_ascent(&tl, b, &dr, &vr);
        mote_launch_coast(&tl, left, &cdl, &cvl);
        mote_launch_coast(&tl, b, &cdr, &cvr);
        /* a step of one float of time moves the distances by their speed times it */
        const double tick = 2.0 * (b - left);
        assert_near(dl, dr, 3e-7 + vr * tick);
        assert_near(cdl, cdr, 3e-7 + cvr * tick);
        assert_near(cvl, cvr, 1e-6 + tl.coast_acceleration * tick);
        if (k == 0) {
            assert_true(vl == 0.0f && vr == tl.slow_speed); /* ignition: the authored step */
        } else {
            assert_near(vl, vr, 1e-7);
        }
        mote_launch_pose pl = pose_at(&p, &r, left), pr = pose_at(&p, &r, b);
        assert_near(pl.position.x, pr.position.x, 2e-3);
        assert_near(pl.position.y, pr.position.y, 2e-3);
        assert_near(pl.position.z, pr.position.z, 2e-3);
        assert_near(pl.altitude, pr.altitude, 1e-4);
        assert_near(pl.ground_arc, pr.ground_arc, 1e-3);
        if (k > 0) {
            /* the speeds agree within 1e-7 /s: 4.2e-5 units/s of altitude rate */
            const double scale = 1e-4 + 1e-5 * dlength(pr.velocity);
            assert_near(pl.velocity.x, pr.velocity.x, scale);
            assert_near(pl.velocity.y, pr.velocity.y, scale);
            assert_near(pl.velocity.z, pr.velocity.z, scale);
        }
    }
}

/* The velocity is the time derivative of the position: central differences of the position
 * (h = 0.05 s, float noise of the position about 5e-4 / 0.1) and of the altitude along the
 * radial and the ground arc along the tangent, inside every phase. */
static void test_velocity_is_derivative(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    r.turn_blend = 0.8f;
    r.crossrange = -1.5f;
    const float times[] = {3.0f, 5.5f, 8.0f, 12.0f, 16.0f, 19.0f, 23.0f, 25.7f, 28.0f, 30.0f};
    const float h = 0.05f;
    for (size_t k = 0; k < sizeof times / sizeof times[0]; ++k) {
        mote_launch_pose a = pose_at(&p, &r, times[k] - h), m = pose_at(&p, &r, times[k]),
                         b = pose_at(&p, &r, times[k] + h);
        const double speed = dlength(m.velocity);
        const double tol = 0.02 + 2e-3 * speed;
        assert_near((b.position.x - a.position.x) / (2.0 * h), m.velocity.x, tol);
        assert_near((b.position.y - a.position.y) / (2.0 * h), m.velocity.y, tol);
        assert_near((b.position.z - a.position.z) / (2.0 * h), m.velocity.z, tol);
        /* the radial component is the altitude's rate, the tangential one the arc's */
        const double radial_rate =
            (double)m.velocity.y * m.radial.y + (double)m.velocity.z * m.radial.z;
        const double alt_rate = (b.altitude - a.altitude) / (2.0 * h);
        assert_near(radial_rate, alt_rate, 2e-3 + 2e-3 * fabs(alt_rate));
        const double tangent_rate =
            (double)m.velocity.y * m.tangent.y + (double)m.velocity.z * m.tangent.z;
        const double arc_rate = (b.ground_arc - a.ground_arc) / (2.0 * h) *
                                (p.planet_radius + m.altitude) / p.planet_radius;
        assert_near(tangent_rate, arc_rate, 2e-2 + 2e-3 * fabs(arc_rate));
    }
}

static void test_pad_pose_before_ignition(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    r.launch_time = 10.0f;
    const float times[] = {-100.0f, 0.0f, 10.0f, 10.5f, nextafterf(11.2f, 0.0f)};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; ++k) {
        mote_launch_pose pose = pose_at(&p, &r, times[k]);
        assert_int_equal(pose.phase, MOTE_LAUNCH_HOLD);
        assert_true(pose.distance == 0.0f && pose.speed == 0.0f && pose.altitude == 0.0f);
        assert_true(pose.position.x == 0.0f && pose.position.y == 0.0f && pose.position.z == 0.0f);
        assert_true(pose.velocity.x == 0.0f && pose.velocity.y == 0.0f && pose.velocity.z == 0.0f);
        assert_true(pose.flight_direction.x == 0.0f && pose.flight_direction.y == 1.0f &&
                    pose.flight_direction.z == 0.0f);
        assert_true(pose.base_orientation.x == 0.0f && pose.base_orientation.z == 0.0f &&
                    pose.base_orientation.w == 1.0f);
    }
    /* 11.2f - 10 rounds below 1.2f: still on the pad */
    assert_int_equal(pose_at(&p, &r, 11.2f).phase, MOTE_LAUNCH_HOLD);
    assert_int_equal(pose_at(&p, &r, 11.25f).phase, MOTE_LAUNCH_SLOW);
}

/* Every phase in order, and the identity |position - centre - crossrange| = R + altitude. */
static void test_altitude_identity_and_phases(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    r.crossrange = 2.0f;
    const mote_launch_phase expected[] = {MOTE_LAUNCH_HOLD,  MOTE_LAUNCH_SLOW,  MOTE_LAUNCH_ACCEL,
                                          MOTE_LAUNCH_DECEL, MOTE_LAUNCH_COAST, MOTE_LAUNCH_REST};
    const float at[] = {1.0f, 4.0f, 10.0f, 20.0f, 27.0f, 40.0f};
    for (size_t k = 0; k < 6; ++k) {
        assert_int_equal(pose_at(&p, &r, at[k]).phase, expected[k]);
    }
    mote_launch_pose rest = pose_at(&p, &r, 1000.0f);
    assert_near(rest.altitude, 420.0 + 18.0, 1e-4);
    assert_near(rest.ground_arc, 2200.0 + 140.0, 1e-3);
    assert_near(rest.position.x, 2.0 * 26.0, 1e-5);
    for (float t = 0.0f; t < 40.0f; t += 0.37f) {
        mote_launch_pose pose = pose_at(&p, &r, t);
        mote_launch_rocket straight = r;
        straight.crossrange = 0.0f;
        assert_true(pose_at(&p, &straight, t).position.x == 0.0f);
        mote_vec3 rel = {pose.position.x - pose_at(&p, &straight, t).position.x,
                         pose.position.y - p.planet_center.y, pose.position.z};
        rel.x = 0.0f;
        assert_rel(dlength(rel), (double)p.planet_radius + pose.altitude, 2e-7);
        assert_true(pose.tangent.y == pose.radial.z && pose.tangent.z == -pose.radial.y);
        assert_near(dlength(pose.radial), 1.0, 1.2e-7);
        assert_near(dlength(pose.flight_direction), 1.0, 3e-7);
    }
}

/* orientation * rocket_local_up == flight_direction within 1e-6 whatever the roll, also with
 * another local up; no_roll gives orientation == base_orientation exactly. */
static void test_nose_on_flight_direction(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    for (int variant = 0; variant < 2; ++variant) {
        if (variant == 1) {
            p.rocket_local_up = mote_vec3_normalize((mote_vec3){0.3f, 0.9f, -0.2f});
            p.roll_amplitude = 0.45f; /* a large roll, to show the nose does not move */
        }
        double worst = 0.0;
        for (float t = 0.0f; t < 35.0f; t += 0.0731f) {
            mote_launch_pose pose = pose_at(&p, &r, t);
            mote_vec3 nose = mote_quat_rotate(pose.orientation, p.rocket_local_up);
            mote_vec3 diff = mote_vec3_sub(nose, pose.flight_direction);
            worst = fmax(worst, dlength(diff));
        }
        if (!(worst <= 1e-6)) {
            fail_msg("nose off the flight direction by %.3g", worst);
        }
    }
    r.no_roll = true;
    for (float t = 0.0f; t < 35.0f; t += 0.5f) {
        mote_launch_pose pose = pose_at(&p, &r, t);
        assert_true(pose.roll == 0.0f);
        assert_memory_equal(&pose.orientation, &pose.base_orientation, sizeof(mote_quat));
    }
}

/* |roll| <= (roll_amplitude + 2 vibration_amplitude) envelope, exactly 0 once the envelope is;
 * no_vibration leaves |roll| <= roll_amplitude envelope. */
static void test_roll_envelope(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    mote_launch_rocket calm = r;
    calm.no_vibration = true;
    double peak = 0.0;
    for (float t = 0.0f; t < 40.0f; t += 0.0123f) {
        mote_launch_pose pose = pose_at(&p, &r, t);
        const float envelope = mote_launch_roll_envelope(&p, pose.distance);
        const double bound = (0.008 + 2.0 * 0.0024) * envelope * (1.0 + 1e-6);
        assert_true(fabs(pose.roll) <= bound);
        assert_true(fabs(pose_at(&p, &calm, t).roll) <= 0.008 * envelope * (1.0 + 1e-6));
        if (pose.distance >= 0.9f) {
            assert_true(envelope == 0.0f && pose.roll == 0.0f);
        }
        peak = fmax(peak, fabs(pose.roll));
    }
    assert_true(peak > 0.01); /* the roll and vibration are really there */
    assert_true(mote_launch_roll_envelope(&p, 0.0f) == 1.0f);
    assert_true(mote_launch_roll_envelope(&p, 0.05f) == 1.0f);
    assert_near(mote_launch_roll_envelope(&p, 0.475f), 0.5, 1e-6);
}

/* The camera shake: its own envelope (0 before the rise, bounded by the amplitude, 0 after the
 * fade), the same whatever the rocket's roll flags, and 0 with no_camera_shake; the flag
 * changes nothing in the rocket's pose. */
static void test_camera_shake_separate(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket(), quiet = r, still = r;
    quiet.no_camera_shake = true;
    still.no_roll = true;
    still.no_vibration = true;
    double peak = 0.0;
    for (float t = -1.0f; t < 12.0f; t += 0.011f) {
        mote_vec3 a, b, c, d;
        assert_int_equal(mote_launch_camera_shake(&p, t, &a), MOTE_OK);
        assert_int_equal(mote_launch_rocket_camera_shake(&p, &r, t, &b), MOTE_OK);
        assert_int_equal(mote_launch_rocket_camera_shake(&p, &still, t, &c), MOTE_OK);
        assert_int_equal(mote_launch_rocket_camera_shake(&p, &quiet, t, &d), MOTE_OK);
        assert_memory_equal(&a, &b, sizeof a);
        assert_memory_equal(&a, &c, sizeof a);
        assert_true(d.x == 0.0f && d.y == 0.0f && d.z == 0.0f);
        const double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
        assert_true(m <= 0.012 * (1.0 + 1e-6));
        if (t <= 0.9f || t >= 9.0f) {
            assert_true(m == 0.0);
        }
        peak = fmax(peak, m);
        mote_launch_pose pr = pose_at(&p, &r, t), pq = pose_at(&p, &quiet, t);
        assert_memory_equal(&pr, &pq, sizeof pr);
    }
    assert_true(peak > 0.01);
}

/* Any frame schedule: 30 Hz, 240 Hz and a jittery dt, the clock kept in double, reach the same
 * sequence time and so the same pose, bit for bit. */
static void test_frame_rate_independent(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    const double end = 21.0;
    double c30 = 0.0, c240 = 0.0, cj = 0.0;
    for (int i = 0; i < 630; ++i) {
        c30 += 1.0 / 30.0;
    }
    for (int i = 0; i < 5040; ++i) {
        c240 += 1.0 / 240.0;
    }
    test_rng rng = {0x7a11};
    while (cj < end) {
        double dt = test_rng_range(&rng, 0.002f, 0.05f);
        cj += fmin(dt, end - cj);
    }
    mote_launch_pose a = pose_at(&p, &r, (float)c30), b = pose_at(&p, &r, (float)c240),
                     c = pose_at(&p, &r, (float)cj);
    assert_memory_equal(&a, &b, sizeof a);
    assert_memory_equal(&a, &c, sizeof a);
    assert_true(a.phase == MOTE_LAUNCH_DECEL);
}

static void assert_pose_untouched(const mote_launch_pose *pose) {
    mote_launch_pose sentinel;
    memset(&sentinel, 0x5a, sizeof sentinel);
    assert_memory_equal(pose, &sentinel, sizeof sentinel);
}

static void test_bad_input(void **unused) {
    (void)unused;
    mote_launch_profile p = mote_default_launch_profile();
    mote_launch_rocket r = mote_default_launch_rocket();
    mote_launch_pose pose;
    memset(&pose, 0x5a, sizeof pose);
    assert_int_equal(mote_launch_evaluate(&p, &r, NAN, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_evaluate(&p, &r, INFINITY, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_evaluate(&p, &r, -INFINITY, &pose), MOTE_ERROR_NON_FINITE);
    mote_launch_rocket bad_rocket = r;
    bad_rocket.turn_blend = NAN;
    assert_int_equal(mote_launch_evaluate(&p, &bad_rocket, 1.0f, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_evaluate(NULL, &r, 1.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_launch_evaluate(&p, NULL, 1.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_launch_evaluate(&p, &r, 1.0f, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_pose_untouched(&pose);

    /* invalid profiles: an error from validate, the timeline and every evaluation */
    mote_launch_profile bad[12];
    for (int i = 0; i < 12; ++i) {
        bad[i] = p;
    }
    bad[0].slow_duration = 0.0f;
    bad[1].decel_duration = -1.0f;
    bad[2].coast_linear = -0.1f;
    bad[3].planet_radius = 0.0f;
    bad[4].target_altitude = NAN;
    bad[5].planet_center.y = INFINITY;
    bad[6].ground_arc_exponent = 0.5f;
    bad[7].rocket_local_up = (mote_vec3){0.0f, 2.0f, 0.0f};
    bad[8].slow_distance = 1.0f;
    bad[9].gravity_turn_end = bad[9].gravity_turn_start;
    bad[10].slow_distance = 0.9f; /* the slow phase alone would overshoot */
    bad[11].turn_factor = 1.5f;
    for (int i = 0; i < 12; ++i) {
        mote_status want = (i == 4 || i == 5) ? MOTE_ERROR_NON_FINITE : MOTE_ERROR_INVALID_ARGUMENT;
        assert_int_equal(mote_launch_profile_validate(&bad[i]), want);
        mote_launch_timeline tl = mote_launch_timeline_of(&bad[i]);
        assert_int_equal(tl.status, want);
        float d = 42.0f, v = 42.0f;
        assert_int_equal(mote_launch_ascent(&tl, 3.0f, &d, &v), MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_launch_coast(&tl, 3.0f, &d, &v), MOTE_ERROR_INVALID_ARGUMENT);
        assert_true(d == 42.0f && v == 42.0f);
        assert_int_equal(mote_launch_evaluate(&bad[i], &r, 3.0f, &pose),
                         MOTE_ERROR_INVALID_ARGUMENT);
        mote_vec3 shake = {7.0f, 7.0f, 7.0f};
        assert_int_equal(mote_launch_camera_shake(&bad[i], 3.0f, &shake),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_true(shake.x == 7.0f);
    }
    assert_pose_untouched(&pose);
    assert_int_equal(mote_launch_profile_validate(NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_launch_timeline tl = mote_launch_timeline_of(&p);
    float d = 42.0f, v = 42.0f;
    assert_int_equal(mote_launch_ascent(&tl, NAN, &d, &v), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_ascent(NULL, 1.0f, &d, &v), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(d == 42.0f && v == 42.0f);
    mote_vec3 shake = {7.0f, 7.0f, 7.0f};
    assert_int_equal(mote_launch_camera_shake(&p, NAN, &shake), MOTE_ERROR_NON_FINITE);
    assert_true(shake.x == 7.0f);
    /* a profile without a coast is valid: no coast distance, ever */
    mote_launch_profile no_coast = p;
    no_coast.coast_linear = 0.0f;
    no_coast.coast_decel = 0.0f;
    tl = mote_launch_timeline_of(&no_coast);
    assert_int_equal(tl.status, MOTE_OK);
    assert_int_equal(mote_launch_coast(&tl, 100.0f, &d, &v), MOTE_OK);
    assert_true(d == 0.0f && v == 0.0f);
}

static void test_phase_names(void **unused) {
    (void)unused;
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_HOLD), "hold");
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_SLOW), "slow");
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_ACCEL), "accel");
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_DECEL), "decel");
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_COAST), "coast");
    assert_string_equal(mote_launch_phase_name(MOTE_LAUNCH_REST), "rest");
    assert_string_equal(mote_launch_phase_name((mote_launch_phase)17), "unknown");
}

MOTE_TEST_MAIN(cmocka_unit_test(test_golden_numbers),
               cmocka_unit_test(test_one_duration_moves_later_boundaries),
               cmocka_unit_test(test_continuity_at_every_boundary),
               cmocka_unit_test(test_velocity_is_derivative),
               cmocka_unit_test(test_pad_pose_before_ignition),
               cmocka_unit_test(test_altitude_identity_and_phases),
               cmocka_unit_test(test_nose_on_flight_direction),
               cmocka_unit_test(test_roll_envelope), cmocka_unit_test(test_camera_shake_separate),
               cmocka_unit_test(test_frame_rate_independent), cmocka_unit_test(test_bad_input),
               cmocka_unit_test(test_phase_names))
