/* The launch pool's domain (mote/launch.h): rockets and profiles outside it refused at add,
 * set, create, set_profile and evaluate with the member named in mote_error_detail() and the
 * pool unchanged; profiles and rockets at its edges, evaluated at clocks across its whole
 * range and stepped thousands of times at the largest and smallest dt a step accepts, stay
 * finite on every kernel variant and within launch_bounds.h of the reference. */
#include <float.h>
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
#include "launch_bounds.h"
#include "launch_fields.h"
#include "pool.h"
#include "test_support.h"

#define STEPS 2000

/* Profile e of the edges: 0 the default, 1 short and fast (every duration and width at its
 * least, frequencies, phase and roll at their largest, the ground arc and crossrange at their
 * reach), 2 long and large (every duration and length at its largest). */
static mote_launch_profile edge_profile(int e) {
    mote_launch_profile p = mote_default_launch_profile();
    if (e == 1) {
        p.slow_duration = p.accel_duration = p.decel_duration = MOTE_LAUNCH_DURATION_MIN;
        p.coast_linear = 0.0f;
        p.coast_decel = MOTE_LAUNCH_DURATION_MIN;
        p.slow_distance = 0.0f;
        p.camera_shake_rise = MOTE_LAUNCH_DURATION_MIN;
        p.roll_frequency = MOTE_LAUNCH_FREQUENCY_MAX;
        p.vibration_frequency_a = -MOTE_LAUNCH_FREQUENCY_MAX;
        p.vibration_frequency_b = MOTE_LAUNCH_FREQUENCY_MAX;
        p.vibration_phase_b = MOTE_LAUNCH_FREQUENCY_MAX;
        p.roll_amplitude = 0.25f;
        p.vibration_amplitude = 0.125f; /* 0.25 + 2 0.125 = MOTE_LAUNCH_ROLL_MAX */
        p.max_ground_arc = 0.375f * p.planet_radius;
        p.ground_track_rate = -0.25f * p.planet_radius;
        p.max_crossrange = -0.5f * p.planet_radius / MOTE_LAUNCH_CROSSRANGE_MAX * 2.0f;
        p.ground_arc_exponent = 2.0f;
        p.gravity_turn_start = 0.5f;
        p.gravity_turn_end = 0.5f + MOTE_LAUNCH_SCHEDULE_WIDTH_MIN;
        p.crossrange_start = 0.25f;
        p.crossrange_end = 0.25f + MOTE_LAUNCH_SCHEDULE_WIDTH_MIN;
        p.roll_envelope_start = 0.75f;
        p.roll_envelope_end = 2.0f; /* the roll never dies out */
    } else if (e == 2) {
        p.ignition_hold = p.slow_duration = p.accel_duration = p.decel_duration =
            MOTE_LAUNCH_DURATION_MAX;
        p.coast_linear = p.coast_decel = MOTE_LAUNCH_DURATION_MAX;
        p.planet_radius = MOTE_LAUNCH_LENGTH_MAX;
        p.planet_center =
            (mote_vec3){MOTE_LAUNCH_LENGTH_MAX, -MOTE_LAUNCH_LENGTH_MAX, MOTE_LAUNCH_LENGTH_MAX};
        p.target_altitude = -MOTE_LAUNCH_LENGTH_MAX;
        p.coast_rate = MOTE_LAUNCH_LENGTH_MAX;
        p.max_ground_arc = 0.25f * MOTE_LAUNCH_LENGTH_MAX;
        p.ground_track_rate = 0.5f * MOTE_LAUNCH_LENGTH_MAX;
        p.max_crossrange = 0.5f * MOTE_LAUNCH_LENGTH_MAX;
        p.ground_arc_exponent = 1.0f;
        p.gravity_turn_start = -MOTE_LAUNCH_SCHEDULE_MAX;
        p.gravity_turn_end = MOTE_LAUNCH_SCHEDULE_MAX;
        p.roll_envelope_start = -MOTE_LAUNCH_SCHEDULE_MAX;
        p.roll_envelope_end = MOTE_LAUNCH_SCHEDULE_MAX;
        p.roll_amplitude = -0.5f;
        p.vibration_amplitude = 0.0f;
    }
    if (mote_launch_profile_validate(&p) != MOTE_OK) {
        fail_msg("edge profile %d: %s", e, mote_error_detail());
    }
    return p;
}

#define ROCKETS 24

/* Rocket k: launch times at the bounds and across the timeline, turn blends and crossranges
 * at +-their bounds and between, every flag combination. */
static mote_launch_desc edge_rocket(int k) {
    mote_launch_desc d = mote_default_launch_desc();
    const float times[6] = {
        -MOTE_LAUNCH_TIME_MAX, MOTE_LAUNCH_TIME_MAX, 0.0f, 7.2e11f, -3.0f, 1e5f};
    d.rocket.launch_time = times[k % 6];
    d.rocket.turn_blend = (k & 1) ? MOTE_LAUNCH_TURN_BLEND_MAX : -MOTE_LAUNCH_TURN_BLEND_MAX;
    d.rocket.crossrange = (k & 2) ? MOTE_LAUNCH_CROSSRANGE_MAX : -0.5f;
    d.rocket.no_roll = (k & 4) != 0;
    d.rocket.no_vibration = (k & 8) != 0;
    d.rocket.no_camera_shake = (k & 16) != 0;
    return d;
}

static mote_launch_pool *edge_pool(const mote_launch_profile *profile) {
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    def.max_dt = INFINITY; /* the domain's longest steps taken whole, not the default max_dt */
    def.profile = *profile;
    mote_launch_pool *pool = NULL;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < ROCKETS; ++k) {
        const mote_launch_desc d = edge_rocket(k);
        assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return pool;
}

static void assert_clean(const mote_launch_pool *pool) {
    mote_validation v;
    assert_int_equal(mote_launch_pool_validate(pool, &v), MOTE_OK);
    assert_int_equal(v.bad_count, 0);
}

/* The wide view w against the reference r within launch_bounds.h, scaled for profile p. */
static void assert_within_bounds(const mote_launch_profile *p, const mote_launch_view *w,
                                 const mote_launch_view *r) {
    float *pw[LAUNCH_FIELD_COUNT], *pr[LAUNCH_FIELD_COUNT];
    mote_pool_view_fields(&mote_launch_pool_kind_record, w, pw);
    mote_pool_view_fields(&mote_launch_pool_kind_record, r, pr);
    for (size_t i = 0; i < r->count; ++i) {
        for (int f = LAUNCH_PHASE; f <= LAUNCH_ALTITUDE; ++f) {
            assert_true(test_ulp_distance(pw[f][i], pr[f][i]) <= LAUNCH_EXACT_ULP);
        }
        const double arc = fabs((double)pw[LAUNCH_GROUND_ARC][i] - pr[LAUNCH_GROUND_ARC][i]);
        if (test_ulp_distance(pw[LAUNCH_GROUND_ARC][i], pr[LAUNCH_GROUND_ARC][i]) >
                LAUNCH_GROUND_ARC_ULP &&
            arc > launch_ground_arc_floor(p)) {
            fail_msg("rocket %zu ground_arc %.9g against %.9g", i, pw[LAUNCH_GROUND_ARC][i],
                     pr[LAUNCH_GROUND_ARC][i]);
        }
        const int units[] = {LAUNCH_RX, LAUNCH_RY, LAUNCH_RZ, LAUNCH_FX, LAUNCH_FY,
                             LAUNCH_FZ, LAUNCH_BX, LAUNCH_BY, LAUNCH_BZ, LAUNCH_BW,
                             LAUNCH_QX, LAUNCH_QY, LAUNCH_QZ, LAUNCH_QW};
        for (size_t k = 0; k < sizeof units / sizeof units[0]; ++k) {
            const double e = fabs((double)pw[units[k]][i] - pr[units[k]][i]);
            if (!(e <= LAUNCH_UNIT_ABS)) {
                fail_msg("rocket %zu field %d: %.3g", i, units[k], e);
            }
        }
        const double roll = fabs((double)pw[LAUNCH_ROLL][i] - pr[LAUNCH_ROLL][i]);
        if (!(roll <= launch_roll_bound(p))) {
            fail_msg("rocket %zu roll: %.3g against %.3g", i, roll, launch_roll_bound(p));
        }
        const double pscale = launch_position_scale(p, pr[LAUNCH_ALTITUDE][i]);
        double vscale = 1.0;
        for (int k = 0; k < 3; ++k) {
            vscale = fmax(vscale, 1.0 + fabs((double)pr[LAUNCH_VX + k][i]));
        }
        for (int k = 0; k < 3; ++k) {
            const double ep = fabs((double)pw[LAUNCH_PX + k][i] - pr[LAUNCH_PX + k][i]) / pscale;
            const double ev = fabs((double)pw[LAUNCH_VX + k][i] - pr[LAUNCH_VX + k][i]) / vscale;
            if (!(ep <= LAUNCH_POSITION_REL && ev <= LAUNCH_VELOCITY_REL)) {
                fail_msg("rocket %zu axis %d: position %.3g, velocity %.3g", i, k, ep, ev);
            }
        }
    }
}

/* Every runnable wide table evaluates the edge rockets of profile p at each clock: finite,
 * within the bounds of the reference (the scalar backend's evaluation). */
static void check_clocks(const mote_launch_profile *p, const double *clocks, size_t n_clocks) {
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_launch_pool *ref = edge_pool(p), *wide = edge_pool(p);
    for (size_t c = 0; c < n_clocks; ++c) {
        assert_int_equal(mote_launch_pool_evaluate(ref, clocks[c]), MOTE_OK);
        assert_clean(ref);
        mote_launch_view r = mote_launch_pool_view(ref);
        for (size_t t = 1; t < n; ++t) {
            if (!mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            assert_int_equal(mote_launch_pool_evaluate(wide, clocks[c]), MOTE_OK);
            mote_pool_run_table((mote_pool *)(void *)wide, tables[t], 0, ROCKETS, 0.0f);
            assert_clean(wide);
            mote_launch_view w = mote_launch_pool_view(wide);
            assert_within_bounds(p, &w, &r);
        }
    }
    mote_launch_pool_destroy(ref);
    mote_launch_pool_destroy(wide);
}

/* A clock past about 7.1e11 s gave NaN on avx512 where the reference did not: every rocket's
 * own time is now clamped to +-MOTE_LAUNCH_OWN_TIME_MAX before its sines. */
static void test_far_clock_agrees_with_the_reference(void **unused) {
    (void)unused;
    const mote_launch_profile p = mote_default_launch_profile();
    const double clocks[] = {7.2e11, -7.2e11, 3e12};
    check_clocks(&p, clocks, sizeof clocks / sizeof clocks[0]);
}

/* Every edge profile at clocks across the whole range, on every variant. */
static void test_edges_every_variant(void **unused) {
    (void)unused;
    const double clocks[] = {-MOTE_LAUNCH_CLOCK_MAX,
                             -7.2e11,
                             -MOTE_LAUNCH_OWN_TIME_MAX,
                             -2.0,
                             0.0,
                             0.0105,
                             1.2,
                             3600.0,
                             4e4,
                             MOTE_LAUNCH_OWN_TIME_MAX * 2.0,
                             7.2e11,
                             MOTE_LAUNCH_CLOCK_MAX};
    for (int e = 0; e < 3; ++e) {
        const mote_launch_profile p = edge_profile(e);
        check_clocks(&p, clocks, sizeof clocks / sizeof clocks[0]);
    }
}

/* The public steps on every available backend: STEPS steps at FLT_MAX (the clock stops at
 * MOTE_LAUNCH_CLOCK_MAX), at the least positive dt and at 1/60 s, every rocket finite. */
static void test_steps_every_backend(void **unused) {
    (void)unused;
    const float dts[] = {FLT_MAX, FLT_TRUE_MIN, 1.0f / 60.0f};
    for (int e = 0; e < 3; ++e) {
        const mote_launch_profile p = edge_profile(e);
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            mote_launch_pool *pool = edge_pool(&p);
            assert_int_equal(mote_launch_pool_set_backend(pool, (mote_backend)b), MOTE_OK);
            for (size_t k = 0; k < sizeof dts / sizeof dts[0]; ++k) {
                assert_int_equal(mote_launch_pool_evaluate(pool, k == 0 ? 0.0 : -7.2e11), MOTE_OK);
                for (size_t s = 0; s < test_scaled_at_least(STEPS, 50); ++s) {
                    assert_int_equal(mote_launch_pool_step(pool, dts[k]), MOTE_OK);
                }
                assert_clean(pool);
            }
            assert_true(mote_launch_pool_clock(pool) <= MOTE_LAUNCH_CLOCK_MAX);
            mote_launch_pool_destroy(pool);
        }
    }
}

/* The accepted-calls property's case: an ordinary rocket (the default desc and profile, max_dt
 * INFINITY) stepped by dt = FLT_MAX, then 1e38, again and again, from the clock's start and
 * from next to either end of its range: every step advances MOTE_MAX_STEP_DT at most, the
 * clock stops at MOTE_LAUNCH_CLOCK_MAX, and every pose stays finite on every backend. */
static void test_huge_steps_of_an_ordinary_rocket(void **unused) {
    (void)unused;
    const double starts[] = {0.0, MOTE_LAUNCH_CLOCK_MAX - 3.0 * MOTE_MAX_STEP_DT,
                             -MOTE_LAUNCH_CLOCK_MAX};
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        mote_launch_pool_def def = mote_default_launch_pool_def();
        def.backend = (mote_backend)b;
        mote_launch_pool *pool = NULL;
        assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
        assert_int_equal(mote_launch_pool_set_max_dt(pool, INFINITY), MOTE_OK);
        const mote_launch_desc d = mote_default_launch_desc();
        assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_OK);
        for (size_t k = 0; k < sizeof starts / sizeof starts[0]; ++k) {
            assert_int_equal(mote_launch_pool_evaluate(pool, starts[k]), MOTE_OK);
            for (size_t s = 0; s < test_scaled_at_least(STEPS, 50); ++s) {
                const double before = mote_launch_pool_clock(pool);
                assert_int_equal(mote_launch_pool_step(pool, s % 2 == 0 ? FLT_MAX : 1e38f),
                                 MOTE_OK);
                const double clock = mote_launch_pool_clock(pool);
                assert_true(clock - before <= MOTE_MAX_STEP_DT && clock >= before);
                assert_true(clock <= MOTE_LAUNCH_CLOCK_MAX);
                assert_clean(pool);
            }
        }
        mote_launch_pool_destroy(pool);
    }
}

static unsigned char *snapshot_of(const mote_launch_pool *pool, size_t *size) {
    *size = mote_launch_pool_snapshot_size(pool);
    unsigned char *bytes = malloc(*size);
    assert_non_null(bytes);
    assert_int_equal(mote_launch_pool_save(pool, bytes, *size, NULL), MOTE_OK);
    return bytes;
}

static void assert_names(const char *call, const char *field) {
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("%s: detail \"%s\" does not name %s", call, mote_error_detail(), field);
    }
}

/* launch_time +-1e30, turn_blend 1e30 and crossrange 1e38 were accepted and stepped to NaN:
 * every rocket input past its bound is refused by add and set, named, the pool unchanged. */
static void test_rocket_refusals(void **unused) {
    (void)unused;
    const mote_launch_profile p = mote_default_launch_profile();
    mote_launch_pool *pool = edge_pool(&p);
    assert_int_equal(mote_launch_pool_evaluate(pool, 3600.0), MOTE_OK);
    const float over = 1.0009765625f;
    const struct {
        int member; /* 0 launch_time, 1 turn_blend, 2 crossrange */
        float value;
        const char *name;
    } cases[] = {
        {0, 1e30f, "launch_time"},
        {0, -1e30f, "launch_time"},
        {0, MOTE_LAUNCH_TIME_MAX * over, "launch_time"},
        {1, 1e30f, "turn_blend"},
        {1, -MOTE_LAUNCH_TURN_BLEND_MAX * over, "turn_blend"},
        {2, 1e38f, "crossrange"},
        {2, MOTE_LAUNCH_CROSSRANGE_MAX * over, "crossrange"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        mote_launch_desc d = edge_rocket(3);
        float *member[3] = {&d.rocket.launch_time, &d.rocket.turn_blend, &d.rocket.crossrange};
        *member[cases[i].member] = cases[i].value;
        size_t before_size, after_size;
        unsigned char *before = snapshot_of(pool, &before_size);
        mote_clear_error_detail();
        assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("add", cases[i].name);
        mote_clear_error_detail();
        assert_int_equal(mote_launch_pool_set(pool, mote_launch_pool_id_at(pool, 2), &d),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("set", cases[i].name);
        mote_launch_pose pose;
        mote_clear_error_detail();
        assert_int_equal(mote_launch_evaluate(&p, &d.rocket, 1.0f, &pose),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("mote_launch_evaluate", cases[i].name);
        unsigned char *after = snapshot_of(pool, &after_size);
        assert_int_equal(before_size, after_size);
        assert_memory_equal(before, after, before_size);
        free(before);
        free(after);
    }
    /* a clock past MOTE_LAUNCH_CLOCK_MAX */
    mote_clear_error_detail();
    assert_int_equal(mote_launch_pool_evaluate(pool, MOTE_LAUNCH_CLOCK_MAX * 1.001),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_names("evaluate", "time");
    assert_true(mote_launch_pool_clock(pool) == 3600.0);
    /* a phase or flags that are not one */
    mote_launch_desc d = edge_rocket(1);
    d.pose.phase = (mote_launch_phase)9;
    mote_clear_error_detail();
    assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_names("add", "phase");
    mote_launch_pool_destroy(pool);
}

/* Profiles outside the domain, refused by create and set_profile with the member named. */
static void test_profile_refusals(void **unused) {
    (void)unused;
    const mote_launch_profile good = mote_default_launch_profile();
    mote_launch_pool_def def = mote_default_launch_pool_def();
    mote_launch_pool *pool = NULL;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
    const float over = 1.0009765625f;
    mote_launch_profile bad[16];
    const char *names[16];
    mote_status want[16];
    int n = 0;
#define BAD(member, value, field, status)                                                          \
    do {                                                                                           \
        bad[n] = good;                                                                             \
        bad[n].member = (value);                                                                   \
        names[n] = (field);                                                                        \
        want[n] = (status);                                                                        \
        ++n;                                                                                       \
    } while (0)
    BAD(slow_duration, MOTE_LAUNCH_DURATION_MIN * 0.5f, "slow_duration",
        MOTE_ERROR_INVALID_ARGUMENT);
    BAD(coast_linear, 1e-30f, "coast_linear", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(decel_duration, MOTE_LAUNCH_DURATION_MAX * over, "decel_duration",
        MOTE_ERROR_INVALID_ARGUMENT);
    BAD(planet_radius, MOTE_LAUNCH_LENGTH_MAX * over, "planet_radius", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(max_ground_arc, 1e30f, "max_ground_arc", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(max_ground_arc, 0.5f * 6371.0f * over, "max_ground_arc", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(max_crossrange, 0.5f * 6371.0f * over, "max_crossrange", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(ground_arc_exponent, 2.0f * over, "ground_arc_exponent", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(vibration_frequency_a, MOTE_LAUNCH_FREQUENCY_MAX * over, "vibration_frequency_a",
        MOTE_ERROR_INVALID_ARGUMENT);
    BAD(roll_amplitude, MOTE_LAUNCH_ROLL_MAX, "roll_amplitude", MOTE_ERROR_INVALID_ARGUMENT);
    BAD(crossrange_end, 0.1f + MOTE_LAUNCH_SCHEDULE_WIDTH_MIN * 0.5f, "crossrange",
        MOTE_ERROR_INVALID_ARGUMENT);
    BAD(roll_envelope_end, MOTE_LAUNCH_SCHEDULE_MAX * over, "roll_envelope",
        MOTE_ERROR_INVALID_ARGUMENT);
    BAD(coast_rate, NAN, "finite", MOTE_ERROR_NON_FINITE);
#undef BAD
    for (int i = 0; i < n; ++i) {
        mote_clear_error_detail();
        assert_int_equal(mote_launch_profile_validate(&bad[i]), want[i]);
        assert_names("validate", names[i]);
        def.profile = bad[i];
        mote_launch_pool *none = NULL;
        mote_clear_error_detail();
        assert_int_not_equal(mote_launch_pool_create(&def, &none), MOTE_OK);
        assert_null(none);
        assert_names("create", names[i]);
        mote_clear_error_detail();
        assert_int_equal(mote_launch_pool_set_profile(pool, &bad[i]), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("set_profile", names[i]);
        const mote_launch_profile kept = mote_launch_pool_profile(pool);
        assert_memory_equal(&kept, &good, sizeof good);
    }
    mote_launch_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_far_clock_agrees_with_the_reference),
               cmocka_unit_test(test_edges_every_variant),
               cmocka_unit_test(test_steps_every_backend),
               cmocka_unit_test(test_huge_steps_of_an_ordinary_rocket),
               cmocka_unit_test(test_rocket_refusals), cmocka_unit_test(test_profile_refusals))
