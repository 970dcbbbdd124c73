/* The docking scalar reference (mote/docking.h) against the properties issue 12 states: the
 * profile's defaults and timeline, the named phase values, spin angles that are the exact
 * integrals of the rates (the same at 30 Hz, 240 Hz and a jittery dt), the docking frame from
 * the rotated station, the axial/radial decomposition, a corridor that turns with the station
 * and never widens, continuity across phases, the exact terminal lock, the orientation, a 5 s
 * frame, and bad input changing nothing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "docking_bounds.h"
#include "mote/debris.h"
#include "mote/docking.h"
#include "mote/spring.h"
#include "test_support.h"

static const mote_vec3 chaser_start = {2.0f, 1.0f, 25.0f};

/* A tilted station with an off-axis port and a tilted dock axis, so the docking frame moves
 * as the station spins. */
static mote_docking_profile tilted_profile(void) {
    mote_docking_profile p = mote_default_docking_profile();
    p.dock_port_offset = (mote_vec3){1.5f, 0.0f, 3.0f};
    p.dock_axis = (mote_vec3){0.3f, 0.0f, 1.0f};
    return p;
}

static mote_quat tilted_base(void) {
    return mote_quat_axis_angle((mote_vec3){1.0f, 0.0f, 0.0f}, 0.4f);
}

static mote_docking_state begin(const mote_docking_profile *p, mote_quat base) {
    mote_docking_state s;
    assert_int_equal(
        mote_docking_begin(p, (mote_vec3){1.0f, -2.0f, 0.5f}, base, chaser_start, 0.0f, &s),
        MOTE_OK);
    return s;
}

static mote_docking_pose pose(const mote_docking_profile *p, const mote_docking_state *s) {
    mote_docking_pose r;
    assert_int_equal(mote_docking_pose_of(p, s, &r), MOTE_OK);
    return r;
}

static bool same_bits(const void *a, const void *b, size_t n) {
    return memcmp(a, b, n) == 0;
}

/* dt of step i for a rate: 30, 60, 240 Hz, or a jittery 1/200 .. 1/25 s (rate 0). */
static float dt_of(int hz, test_rng *rng) {
    return hz > 0 ? 1.0f / (float)hz : test_rng_range(rng, 1.0f / 200.0f, 1.0f / 25.0f);
}

static void test_defaults_and_timeline(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    assert_true(p.station_spin_rate == 3.15f && p.spin_up_duration == 6.5f &&
                p.approach_start == 4.0f && p.approach_duration == 14.5f &&
                p.settle_duration == 3.0f && p.spin_down_duration == 3.0f &&
                p.dock_clearance == 4.1f && p.dock_radial_offset == 0.35f &&
                p.stiffness_start == 5.0f && p.stiffness_end == 9.8f && p.damping_start == 4.6f &&
                p.damping_end == 7.4f && p.lock_threshold == 0.995f);
    assert_int_equal(mote_docking_profile_validate(&p), MOTE_OK);
    mote_docking_timeline t = mote_docking_timeline_of(&p);
    assert_true(t.spin_up_end == 6.5f && t.approach_start == 4.0f && t.approach_end == 18.5f &&
                t.settle_end == 21.5f && t.spin_down_end == 24.5f);
}

/* Each named value is 0 at and before its start, 1 at and after its end, monotone between;
 * the station's rate is exactly 0 from the end of spin-down on. */
static void test_phase_values(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    float (*fn[4])(const mote_docking_profile *,
                   float) = {mote_docking_spin_up_t, mote_docking_approach_t, mote_docking_dock_t,
                             mote_docking_spin_down_t};
    const float start[4] = {0.0f, 4.0f, 18.5f, 21.5f}, end[4] = {6.5f, 18.5f, 21.5f, 24.5f};
    for (int k = 0; k < 4; ++k) {
        assert_true(fn[k](&p, start[k]) == 0.0f && fn[k](&p, end[k]) == 1.0f);
        assert_true(fn[k](&p, start[k] - 1.0f) == 0.0f && fn[k](&p, end[k] + 100.0f) == 1.0f);
        float prev = 0.0f;
        for (int i = 0; i <= 30000; ++i) {
            float v = fn[k](&p, -1.0f + (float)i * 0.001f);
            assert_true(v >= prev && v >= 0.0f && v <= 1.0f);
            prev = v;
        }
        assert_float_equal(fn[k](&p, 0.5f * (start[k] + end[k])), 0.5f, 1e-6f);
    }
    assert_true(mote_docking_station_rate(&p, 24.5f) == 0.0f);
    assert_true(mote_docking_station_rate(&p, 1000.0f) == 0.0f);
    assert_true(mote_docking_chaser_rate(&p, 24.5f) == 0.0f);
    assert_true(mote_docking_station_rate(&p, 10.0f) == 3.15f);
    assert_true(mote_docking_chaser_rate(&p, 10.0f) == 3.15f);
    assert_true(mote_docking_chaser_rate(&p, 0.0f) == 0.0f);
}

/* The angles are the integrals of the rates: against Simpson's rule in double on the seed's
 * formulas; past spin-down the station has turned rate (settle_end + D / 2) exactly. */
static void test_angles_are_integrals(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    const double r = 3.15;
    for (double t = 0.25; t <= 30.0; t += 0.25) {
        const int n = 20000;
        double hs = t / n, station = 0.0, chaser = 0.0;
        for (int i = 0; i <= n; ++i) {
            double x = i * hs, w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
            double xu = fmin(fmax(x / 6.5, 0.0), 1.0), xd = fmin(fmax((x - 21.5) / 3.0, 0.0), 1.0);
            double su = xu * xu * (3 - 2 * xu), sd = xd * xd * (3 - 2 * xd);
            station += w * r * (1.0 - sd);
            chaser += w * r * su * (1.0 - sd);
        }
        station *= hs / 3.0;
        chaser *= hs / 3.0;
        assert_true(fabs(mote_docking_station_angle(&p, (float)t) - station) <= 2e-6 * station);
        assert_true(fabs(mote_docking_chaser_angle(&p, (float)t) - chaser) <= 2e-6 * chaser + 1e-7);
    }
    assert_true(mote_docking_station_angle(&p, 24.5f) == 3.15f * 23.0f);
    assert_true(mote_docking_station_angle(&p, 5000.0f) == 3.15f * 23.0f);
    assert_true(mote_docking_station_angle(&p, -3.0f) == 0.0f);
}

typedef struct run_result {
    mote_docking_state end;
    int locked_steps; /* steps checked while locked */
    double radial_at_settle_end;
    double max_lock_jump;         /* |position - target| the step before the lock took over */
    float min_target_radial_rise; /* the largest increase of the target's radial distance */
    double worst_alignment, worst_unit;
} run_result;

/* Runs a sequence to 30 s at a rate, checking on every step: the lock (position equals the
 * target bit for bit, velocity exactly 0, once spin_down_t >= threshold), the corridor never
 * widening, the captured direction never changing, and the orientation. */
static run_result run(const mote_docking_profile *p, mote_quat base, int hz) {
    run_result r = {0};
    test_rng rng = {0x5eed + (uint64_t)hz};
    mote_docking_state s = begin(p, base);
    float prev_radial = INFINITY;
    mote_vec3 direction = {0};
    bool settle_seen = false;
    while (s.time < 30.0f) {
        mote_docking_pose before = pose(p, &s);
        const mote_docking_state s_before = s;
        assert_int_equal(mote_docking_step(p, &s, dt_of(hz, &rng)), MOTE_OK);
        mote_docking_pose now = pose(p, &s);
        if (now.spin_down_t >= p->lock_threshold) {
            assert_true(s.locked && now.phase == MOTE_DOCKING_LOCKED);
            assert_true(same_bits(&s.position, &now.target, sizeof s.position));
            assert_true(s.velocity.x == 0.0f && s.velocity.y == 0.0f && s.velocity.z == 0.0f);
            if (!before.locked) {
                mote_vec3 d = mote_vec3_sub(before.target, s_before.position);
                r.max_lock_jump = mote_vec3_length(d);
            }
            ++r.locked_steps;
        } else {
            assert_false(s.locked);
        }
        if (s.captured) {
            if (prev_radial != INFINITY) {
                assert_true(same_bits(&direction, &s.radial_direction, sizeof direction));
                float rise = now.target_radial - prev_radial;
                r.min_target_radial_rise =
                    rise > r.min_target_radial_rise ? rise : r.min_target_radial_rise;
            }
            prev_radial = now.target_radial;
            direction = s.radial_direction;
        }
        if (!settle_seen && s.time >= 21.5f) {
            settle_seen = true;
            r.radial_at_settle_end = now.radial_error;
        }
        mote_vec3 up = mote_quat_rotate(s.orientation, p->chaser_local_up);
        double a = fmax(fmax(fabs(up.x + now.dock_axis.x), fabs(up.y + now.dock_axis.y)),
                        fabs(up.z + now.dock_axis.z));
        r.worst_alignment = fmax(r.worst_alignment, a);
        r.worst_unit =
            fmax(r.worst_unit, fabs(sqrt(mote_quat_dot(s.orientation, s.orientation)) - 1.0));
    }
    r.end = s;
    return r;
}

/* The lock at 30, 60, 240 Hz and a jittery dt, on both profiles; the locked poses agree. */
static void test_lock_and_frame_rate(void **unused) {
    (void)unused;
    const int rates[4] = {30, 60, 240, 0};
    for (int which = 0; which < 2; ++which) {
        mote_docking_profile p = which ? tilted_profile() : mote_default_docking_profile();
        mote_quat base = which ? tilted_base() : mote_quat_identity();
        run_result ref = run(&p, base, 240);
        for (int k = 0; k < 4; ++k) {
            run_result r = run(&p, base, rates[k]);
            assert_true(r.locked_steps > 10);
            assert_true(r.max_lock_jump < 1e-4);
            assert_true(r.min_target_radial_rise <= 0.0f);
            if (which == 0) { /* the tilted port moves: the spring lags it (no bound) */
                assert_true(r.radial_at_settle_end < DOCKING_SETTLE_RADIAL_ERROR);
            }
            assert_true(r.worst_alignment < DOCKING_ALIGNMENT_TOLERANCE);
            assert_true(r.worst_unit < DOCKING_UNIT_TOLERANCE);
            /* the angles are the same bits at every rate once spin-down has ended */
            assert_true(r.end.station_angle == ref.end.station_angle);
            assert_true(r.end.chaser_angle == ref.end.chaser_angle);
            const float *a = &r.end.position.x, *b = &ref.end.position.x;
            double scale = mote_vec3_length(ref.end.position);
            for (int c = 0; c < 3; ++c) {
                assert_true(fabs(a[c] - b[c]) <= DOCKING_FRAME_RATE_REL * scale);
            }
            /* the parallel error converged to the clearance, the radial error to 0 */
            mote_docking_pose end = pose(&p, &r.end);
            assert_true(fabs(end.parallel_error - p.dock_clearance) < 1e-5);
            assert_true(end.radial_error < 1e-5);
            if (k == 0 && which == 0) {
                printf("radial error at the end of settle: %.3g (30 Hz)\n", r.radial_at_settle_end);
            }
        }
    }
}

/* The docking frame is the rotated station's: against the analytic angle in double. */
static void test_docking_frame(void **unused) {
    (void)unused;
    mote_docking_profile p = tilted_profile();
    mote_docking_state s = begin(&p, tilted_base());
    for (int i = 0; i < 600; ++i) {
        assert_int_equal(mote_docking_step(&p, &s, 1.0f / 60.0f), MOTE_OK);
        mote_docking_pose now = pose(&p, &s);
        double angle = 3.15 * s.time; /* before spin-down: rate t */
        mote_quat spin = mote_quat_axis_angle((mote_vec3){0, 0, 1}, (float)angle);
        mote_quat q = mote_quat_normalize(mote_quat_mul(s.station_base, spin));
        mote_vec3 port = mote_vec3_add(s.station_position, mote_quat_rotate(q, p.dock_port_offset));
        mote_vec3 axis = mote_quat_rotate(q, mote_vec3_normalize(p.dock_axis));
        assert_true(fabs(now.dock_port.x - port.x) < 2e-5 &&
                    fabs(now.dock_port.y - port.y) < 2e-5 && fabs(now.dock_port.z - port.z) < 2e-5);
        assert_true(fabs(now.dock_axis.x - axis.x) < 2e-5 &&
                    fabs(now.dock_axis.y - axis.y) < 2e-5 && fabs(now.dock_axis.z - axis.z) < 2e-5);
        /* the decomposition: parallel and radial make the offset */
        mote_vec3 offset = mote_vec3_sub(s.position, now.dock_port);
        double len2 = mote_vec3_dot(offset, offset);
        double parts = (double)now.parallel_error * now.parallel_error +
                       (double)now.radial_error * now.radial_error;
        assert_true(fabs(len2 - parts) <= 1e-5 * len2);
    }
}

/* The capture: parallel and radial of the chaser's offset in the frame at approach start; the
 * radial direction in station coordinates turns with the station. */
static void test_capture(void **unused) {
    (void)unused;
    mote_docking_profile p = tilted_profile();
    const int rates[3] = {30, 240, 0};
    mote_docking_state captured[3];
    for (int k = 0; k < 3; ++k) {
        test_rng rng = {7};
        mote_docking_state s = begin(&p, tilted_base());
        while (!s.captured) {
            mote_vec3 at = s.position;
            assert_int_equal(mote_docking_step(&p, &s, dt_of(rates[k], &rng)), MOTE_OK);
            assert_true(s.captured == (s.time >= 4.0f));
            if (!s.captured) {
                assert_true(same_bits(&at, &s.position, sizeof at)); /* waits at rest */
            }
        }
        captured[k] = s;
        /* against the frame at exactly 4.0 s */
        mote_quat spin = mote_quat_axis_angle((mote_vec3){0, 0, 1}, 3.15f * 4.0f);
        mote_quat q = mote_quat_normalize(mote_quat_mul(s.station_base, spin));
        mote_vec3 port = mote_vec3_add(s.station_position, mote_quat_rotate(q, p.dock_port_offset));
        mote_vec3 axis = mote_vec3_normalize(mote_quat_rotate(q, mote_vec3_normalize(p.dock_axis)));
        mote_vec3 offset = mote_vec3_sub(chaser_start, port);
        float par = mote_vec3_dot(offset, axis);
        mote_vec3 radial = mote_vec3_sub(offset, mote_vec3_scale(axis, par));
        assert_float_equal(s.start_parallel, par, 1e-5f);
        assert_float_equal(s.start_radial, mote_vec3_length(radial), 1e-5f);
        mote_vec3 world = mote_quat_rotate(q, s.radial_direction);
        mote_vec3 expect = mote_vec3_normalize(radial);
        assert_true(fabs(world.x - expect.x) < 1e-5 && fabs(world.y - expect.y) < 1e-5 &&
                    fabs(world.z - expect.z) < 1e-5);
        /* the corridor turns with the station: the target's radial part, in station
         * coordinates, stays the captured direction */
        for (int i = 0; i < 200; ++i) {
            assert_int_equal(mote_docking_step(&p, &s, 1.0f / 60.0f), MOTE_OK);
            mote_docking_pose now = pose(&p, &s);
            mote_vec3 rel = mote_vec3_sub(now.target, now.dock_port);
            rel = mote_vec3_sub(rel, mote_vec3_scale(now.dock_axis, now.target_parallel));
            mote_vec3 local = mote_quat_rotate(mote_quat_conjugate(now.station_orientation), rel);
            local = mote_vec3_scale(local, 1.0f / now.target_radial);
            assert_true(fabs(local.x - s.radial_direction.x) < 1e-5 &&
                        fabs(local.y - s.radial_direction.y) < 1e-5 &&
                        fabs(local.z - s.radial_direction.z) < 1e-5);
        }
    }
    /* the capture is of the frame at approach start itself: the same at every rate */
    for (int k = 1; k < 3; ++k) {
        assert_true(captured[k].start_parallel == captured[0].start_parallel);
        assert_true(captured[k].start_radial == captured[0].start_radial);
        assert_true(same_bits(&captured[k].radial_direction, &captured[0].radial_direction,
                              sizeof(mote_vec3)));
    }
}

/* Position is continuous across capture, the phase boundaries, the final lerp and the lock,
 * and the spring's velocity until the lock zeroes it (the seed's terminal lock): the largest
 * change in one step halves when the step does (a jump would not), at 240 and 480 Hz. */
static void largest_changes(const mote_docking_profile *p, int hz, double *dp, double *dv) {
    mote_docking_state s = begin(p, tilted_base());
    const float dt = 1.0f / (float)hz;
    *dp = *dv = 0.0;
    while (s.time < 26.0f) {
        mote_docking_state prev = s;
        assert_int_equal(mote_docking_step(p, &s, dt), MOTE_OK);
        *dp = fmax(*dp, mote_vec3_length(mote_vec3_sub(s.position, prev.position)));
        if (!s.locked) {
            *dv = fmax(*dv, mote_vec3_length(mote_vec3_sub(s.velocity, prev.velocity)));
        }
    }
}

static void test_continuity(void **unused) {
    (void)unused;
    for (int which = 0; which < 2; ++which) {
        mote_docking_profile p = which ? tilted_profile() : mote_default_docking_profile();
        double dp240, dv240, dp480, dv480;
        largest_changes(&p, 240, &dp240, &dv240);
        largest_changes(&p, 480, &dp480, &dv480);
        assert_true(dp240 < 0.1 && dv240 < 0.2);
        assert_true(dp480 < 0.55 * dp240 && dv480 < 0.55 * dv240);
    }
}

/* A 5 s frame (a suspended tab) is sub-stepped: finite and bounded, the clock advanced. */
static void test_long_frame(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_state s = begin(&p, mote_quat_identity());
    for (int i = 0; i < 7; ++i) {
        float before = s.time;
        assert_int_equal(mote_docking_step(&p, &s, 5.0f), MOTE_OK);
        assert_float_equal(s.time, before + 5.0f, 1e-4f);
        mote_docking_pose now = pose(&p, &s);
        double dist = mote_vec3_length(mote_vec3_sub(s.position, now.dock_port));
        assert_true(isfinite(dist) && dist < 30.0);
        assert_true(mote_vec3_length(s.velocity) < 20.0f);
    }
    assert_true(s.locked);
    /* one frame of an hour: the timeline advances, the spring stays bounded */
    assert_int_equal(mote_docking_step(&p, &s, 3600.0f), MOTE_OK);
    assert_true(s.locked && isfinite(s.position.x));
}

/* Bad input: an error and nothing changed. */
static void test_bad_input(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_state s = begin(&p, mote_quat_identity());
    assert_int_equal(mote_docking_step(&p, &s, 5.0f), MOTE_OK);
    const mote_docking_state keep = s;
    assert_int_equal(mote_docking_step(&p, &s, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_docking_step(&p, &s, -0.01f), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_docking_step(&p, &s, INFINITY), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_docking_step(&p, NULL, 0.01f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_step(NULL, &s, 0.01f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(same_bits(&s, &keep, sizeof s));
    assert_int_equal(mote_docking_step(&p, &s, 0.0f), MOTE_OK);
    assert_true(same_bits(&s, &keep, sizeof s));

    mote_docking_state bad = keep;
    bad.velocity.y = NAN;
    mote_docking_state bad_copy = bad;
    assert_int_equal(mote_docking_step(&p, &bad, 0.01f), MOTE_ERROR_NON_FINITE);
    assert_true(same_bits(&bad, &bad_copy, sizeof bad));
    bad = keep;
    bad.station_base = (mote_quat){0, 0, 0, 0};
    bad_copy = bad;
    assert_int_equal(mote_docking_step(&p, &bad, 0.01f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(same_bits(&bad, &bad_copy, sizeof bad));

    /* invalid profiles: validate says why; step refuses them */
    mote_docking_profile q[10];
    for (int k = 0; k < 10; ++k) {
        q[k] = p;
    }
    q[0].dock_axis = (mote_vec3){0, 0, 0};
    q[1].station_local_forward = (mote_vec3){0, 0, 0};
    q[2].chaser_local_up = (mote_vec3){0, 0, 0};
    q[3].settle_duration = 0.0f;
    q[4].spin_up_duration = 22.0f; /* ends after spin-down starts */
    q[5].lock_threshold = 1.5f;
    q[6].final_lerp_start = 0.995f;
    q[7].max_substep = 0.0f;
    q[8].stiffness_start = 0.0f;
    q[9].approach_start = -1.0f;
    for (int k = 0; k < 10; ++k) {
        assert_int_equal(mote_docking_profile_validate(&q[k]), MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_docking_step(&q[k], &s, 0.01f), MOTE_ERROR_INVALID_ARGUMENT);
    }
    q[0] = p;
    q[0].damping_end = NAN;
    assert_int_equal(mote_docking_profile_validate(&q[0]), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_docking_step(&q[0], &s, 0.01f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_profile_validate(NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(same_bits(&s, &keep, sizeof s));

    /* begin */
    mote_docking_state out = keep;
    mote_vec3 o = {0, 0, 0};
    mote_quat id = mote_quat_identity();
    assert_int_equal(mote_docking_begin(&p, o, (mote_quat){0, 0, 0, 0}, o, 0.0f, &out),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_begin(&p, o, id, o, -1.0f, &out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_begin(&p, o, id, (mote_vec3){NAN, 0, 0}, 0.0f, &out),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_docking_begin(&q[5], o, id, o, 0.0f, &out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(same_bits(&out, &keep, sizeof out));
    mote_docking_pose pz;
    assert_int_equal(mote_docking_pose_of(&p, &s, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_pose_of(&q[5], &s, &pz), MOTE_ERROR_INVALID_ARGUMENT);
}

/* A later start waits: the clock starts at -delay, the phase is pending, nothing moves. */
static void test_staggered_start_and_phases(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_state s;
    assert_int_equal(
        mote_docking_begin(&p, (mote_vec3){0, 0, 0}, mote_quat_identity(), chaser_start, 2.0f, &s),
        MOTE_OK);
    assert_true(s.time == -2.0f);
    assert_int_equal(pose(&p, &s).phase, MOTE_DOCKING_PENDING);
    const mote_docking_state start = s;
    for (int i = 0; i < 119; ++i) {
        assert_int_equal(mote_docking_step(&p, &s, 1.0f / 60.0f), MOTE_OK);
    }
    assert_true(same_bits(&s.position, &start.position, sizeof s.position));
    assert_true(s.station_angle == 0.0f && s.chaser_angle == 0.0f);
    const float at[5] = {1.0f, 5.0f, 20.0f, 22.0f, 25.0f};
    const mote_docking_phase expect[5] = {MOTE_DOCKING_HOLD, MOTE_DOCKING_APPROACH,
                                          MOTE_DOCKING_SETTLE, MOTE_DOCKING_SPIN_DOWN,
                                          MOTE_DOCKING_LOCKED};
    for (int k = 0; k < 5; ++k) {
        while (s.time < at[k]) {
            assert_int_equal(mote_docking_step(&p, &s, 1.0f / 60.0f), MOTE_OK);
        }
        assert_int_equal(pose(&p, &s).phase, expect[k]);
    }
    assert_string_equal(mote_docking_phase_name(MOTE_DOCKING_SPIN_DOWN), "spin-down");
    assert_string_equal(mote_docking_phase_name((mote_docking_phase)99), "unknown");
}

/* A debris field's station spin and a docking sequence on one station (same rate, spin-down,
 * base and forward) turn through the same angle: the same bits unwrapped at the same clock,
 * and the same station orientation (a point of the station lands within 1e-5 relative). */
static void test_debris_station_agrees(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    const mote_quat base = tilted_base();
    const int rates[3] = {60, 240, 0};
    for (int k = 0; k < 3; ++k) {
        mote_docking_state s = begin(&p, base);
        mote_station_spin spin = mote_default_station_spin();
        spin.base_orientation = base;
        test_rng rng = {0xd0c5 + (uint64_t)k};
        while (s.time < 26.0f) {
            /* at most max_substep, so the docking clock advances by dt itself */
            float dt = rates[k] > 0 ? 1.0f / (float)rates[k]
                                    : test_rng_range(&rng, 1.0f / 200.0f, 1.0f / 30.0f);
            assert_int_equal(mote_docking_step(&p, &s, dt), MOTE_OK);
            assert_int_equal(mote_station_spin_step(&spin, dt), MOTE_OK);
            assert_true(s.time == spin.time);
            assert_true(mote_station_spin_angle_at(&spin, spin.time) == s.station_angle);
            assert_true(spin.angle == mote_wrap_angle(s.station_angle));
            mote_docking_pose now = pose(&p, &s);
            assert_true(spin.rate == now.station_spin_rate);
            mote_vec3 a =
                mote_quat_rotate(mote_station_spin_orientation(&spin), p.dock_port_offset);
            mote_vec3 b = mote_quat_rotate(now.station_orientation, p.dock_port_offset);
            assert_true(mote_vec3_length(mote_vec3_sub(a, b)) <=
                        1e-5 * mote_vec3_length(p.dock_port_offset));
        }
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_defaults_and_timeline), cmocka_unit_test(test_phase_values),
               cmocka_unit_test(test_angles_are_integrals),
               cmocka_unit_test(test_lock_and_frame_rate), cmocka_unit_test(test_docking_frame),
               cmocka_unit_test(test_capture), cmocka_unit_test(test_continuity),
               cmocka_unit_test(test_long_frame), cmocka_unit_test(test_bad_input),
               cmocka_unit_test(test_staggered_start_and_phases),
               cmocka_unit_test(test_debris_station_agrees))
