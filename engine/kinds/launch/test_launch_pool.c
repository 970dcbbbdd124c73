/* The launch pool (mote/launch_pool.h): every rocket evaluated at the pool's double clock
 * equals mote_launch_evaluate (the scalar backend bit for bit, the best backend within
 * launch_bounds.h), the clock does not drift over hours, range and parallel evaluations give
 * the whole-pool bits, inputs written through the view take effect, add and set write the pose
 * at the clock, and bad input returns an error and changes nothing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "test_support.h"

static mote_launch_pool *make(mote_backend backend, size_t n) {
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.backend = backend;
    mote_launch_pool *pool = NULL;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
    for (size_t i = 0; i < n; ++i) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket.launch_time = 0.25f * (float)i;
        d.rocket.crossrange = (float)(i % 5) - 2.0f;
        d.rocket.no_vibration = i % 3 == 0;
        assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return pool;
}

/* The scalar pool at a float clock is mote_launch_evaluate, bit for bit. */
static void test_scalar_pool_is_the_reference(void **unused) {
    (void)unused;
    mote_launch_pool *pool = make(MOTE_BACKEND_SCALAR, 77);
    mote_launch_profile profile = mote_default_launch_profile();
    const float times[] = {0.0f, 5.5f, 13.25f, 22.0f, 40.0f};
    for (size_t k = 0; k < 5; ++k) {
        assert_int_equal(mote_launch_pool_evaluate(pool, times[k]), MOTE_OK);
        assert_true(mote_launch_pool_clock(pool) == (double)times[k]);
        for (size_t i = 0; i < 77; ++i) {
            mote_launch_desc d;
            assert_int_equal(mote_launch_pool_get(pool, mote_launch_pool_id_at(pool, i), &d),
                             MOTE_OK);
            mote_launch_pose want;
            assert_int_equal(mote_launch_evaluate(&profile, &d.rocket, times[k], &want), MOTE_OK);
            assert_memory_equal(&d.pose, &want, sizeof want);
        }
    }
    mote_launch_pool_destroy(pool);
}

/* Steps advance the double clock: 216,000 steps of 1/60 s (an hour) land within 1e-9 s of
 * 3600 (a float clock would be off by seconds), and the poses match an evaluation there. */
static void test_clock_does_not_drift(void **unused) {
    (void)unused;
    mote_launch_pool *pool = make(MOTE_BACKEND_SCALAR, 0);
    const size_t steps = 216000;
    for (size_t s = 0; s < steps; ++s) {
        assert_int_equal(mote_launch_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
    const double want = (double)steps * (double)(1.0f / 60.0f);
    assert_true(fabs(mote_launch_pool_clock(pool) - want) < 1e-9);
    assert_true(fabs(mote_launch_pool_clock(pool) - 3600.0) < 1e-3);
    /* a rocket launching at 3590 s is 10 s into its flight, exactly as evaluated at 10 s */
    mote_launch_desc d = mote_default_launch_desc();
    d.rocket.launch_time = 3590.0f;
    mote_id id;
    assert_int_equal(mote_launch_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_launch_pool_step(pool, 0.0f), MOTE_OK);
    mote_launch_desc got;
    assert_int_equal(mote_launch_pool_get(pool, id, &got), MOTE_OK);
    mote_launch_profile profile = mote_default_launch_profile();
    mote_launch_rocket at_zero = d.rocket;
    at_zero.launch_time = 0.0f;
    const float local = (float)(mote_launch_pool_clock(pool) - 3590.0);
    mote_launch_pose want_pose;
    assert_int_equal(mote_launch_evaluate(&profile, &at_zero, local, &want_pose), MOTE_OK);
    assert_true(fabs(got.pose.distance - want_pose.distance) < 1e-6);
    assert_int_equal(got.pose.phase, MOTE_LAUNCH_ACCEL);
    mote_launch_pool_destroy(pool);
}

/* Range and parallel evaluations give the whole-pool bits on the best backend. */
static void test_range_and_parallel(void **unused) {
    (void)unused;
    mote_launch_pool *whole = make(MOTE_BACKEND_AUTO, 1001),
                     *ranged = make(MOTE_BACKEND_AUTO, 1001),
                     *parallel = make(MOTE_BACKEND_AUTO, 1001);
    mote_task_system tasks = mote_openmp_task_system();
    assert_int_equal(mote_launch_pool_evaluate(whole, 17.5), MOTE_OK);
    assert_int_equal(mote_launch_pool_evaluate(ranged, 17.5), MOTE_OK);
    assert_int_equal(mote_launch_pool_evaluate(parallel, 0.0), MOTE_OK);
    assert_int_equal(mote_launch_pool_evaluate_parallel(parallel, 17.5, &tasks), MOTE_OK);
    /* zero the ranged pool's pose, then evaluate it in three ranges */
    mote_launch_view vr = mote_launch_pool_view(ranged);
    memset(vr.position[1], 0, 1001 * sizeof(float));
    assert_int_equal(mote_launch_pool_evaluate_range(ranged, 0, 13), MOTE_OK);
    assert_int_equal(mote_launch_pool_evaluate_range(ranged, 13, 600), MOTE_OK);
    assert_int_equal(mote_launch_pool_evaluate_range(ranged, 600, 1001), MOTE_OK);
    mote_launch_view vw = mote_launch_pool_view(whole), vp = mote_launch_pool_view(parallel);
    assert_memory_equal(vw.position[1], vr.position[1], 1001 * sizeof(float));
    assert_memory_equal(vw.orientation[3], vp.orientation[3], 1001 * sizeof(float));
    assert_memory_equal(vw.velocity[2], vp.velocity[2], 1001 * sizeof(float));
    mote_launch_pool_destroy(whole);
    mote_launch_pool_destroy(ranged);
    mote_launch_pool_destroy(parallel);
}

/* Inputs written through the view take effect at the next evaluation. */
static void test_inputs_through_view(void **unused) {
    (void)unused;
    mote_launch_pool *pool = make(MOTE_BACKEND_AUTO, 3);
    mote_launch_view v = mote_launch_pool_view(pool);
    v.launch_time[1] = 100.0f; /* not yet launched at 20 s */
    v.flags[2] = 1.0f;         /* no_roll */
    assert_int_equal(mote_launch_pool_evaluate(pool, 20.0), MOTE_OK);
    assert_true(v.phase[1] == (float)MOTE_LAUNCH_HOLD && v.position[1][1] == 0.0f);
    assert_true(v.phase[0] == (float)MOTE_LAUNCH_DECEL);
    assert_true(v.roll[2] == 0.0f);
    for (int k = 0; k < 4; ++k) {
        assert_true(v.orientation[k][2] == v.base_orientation[k][2]);
    }
    mote_launch_desc d;
    assert_int_equal(mote_launch_pool_get(pool, mote_launch_pool_id_at(pool, 2), &d), MOTE_OK);
    assert_true(d.rocket.no_roll && !d.rocket.no_vibration);
    assert_true(d.pose.tangent.y == d.pose.radial.z && d.pose.tangent.z == -d.pose.radial.y);
    mote_launch_pool_destroy(pool);
}

/* Every member of two poses, bit for bit. */
static void assert_same_pose(const mote_launch_pose *a, const mote_launch_pose *b) {
    assert_int_equal(a->phase, b->phase);
    const float fa[] = {a->distance,
                        a->speed,
                        a->altitude,
                        a->ground_arc,
                        a->roll,
                        a->radial.x,
                        a->radial.y,
                        a->radial.z,
                        a->tangent.y,
                        a->tangent.z,
                        a->flight_direction.x,
                        a->flight_direction.y,
                        a->flight_direction.z,
                        a->base_orientation.x,
                        a->base_orientation.w,
                        a->orientation.x,
                        a->orientation.y,
                        a->orientation.z,
                        a->orientation.w,
                        a->position.x,
                        a->position.y,
                        a->position.z,
                        a->velocity.x,
                        a->velocity.y,
                        a->velocity.z};
    const float fb[] = {b->distance,
                        b->speed,
                        b->altitude,
                        b->ground_arc,
                        b->roll,
                        b->radial.x,
                        b->radial.y,
                        b->radial.z,
                        b->tangent.y,
                        b->tangent.z,
                        b->flight_direction.x,
                        b->flight_direction.y,
                        b->flight_direction.z,
                        b->base_orientation.x,
                        b->base_orientation.w,
                        b->orientation.x,
                        b->orientation.y,
                        b->orientation.z,
                        b->orientation.w,
                        b->position.x,
                        b->position.y,
                        b->position.z,
                        b->velocity.x,
                        b->velocity.y,
                        b->velocity.z};
    assert_memory_equal(fa, fb, sizeof fa);
}

/* A rocket reads its pose at the pool's clock right after add, add_many and set, with no step:
 * launched 10 s before the clock it is 10 s into its flight, not on the pad. The pose is the
 * reference's at that time (the scalar backend bit for bit) and on every backend the bits a
 * step of dt 0 writes. */
static void test_add_and_set_write_the_pose_at_the_clock(void **unused) {
    (void)unused;
    const mote_launch_profile profile = mote_default_launch_profile();
    const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_AUTO};
    for (size_t b = 0; b < 2; ++b) {
        mote_launch_pool *pool = make(backends[b], 0);
        const double clocks[] = {0.0, 7.5};
        for (size_t c = 0; c < 2; ++c) {
            assert_int_equal(mote_launch_pool_evaluate(pool, clocks[c]), MOTE_OK);
            mote_launch_desc d = mote_default_launch_desc();
            d.rocket.launch_time = (float)clocks[c] - 10.0f; /* 10 s into its flight */
            mote_id id;
            assert_int_equal(mote_launch_pool_add(pool, &d, &id), MOTE_OK);
            mote_launch_desc many[3] = {d, d, d};
            many[1].rocket.launch_time = (float)clocks[c] - 30.0f; /* coasting */
            many[2].rocket.launch_time = (float)clocks[c] + 5.0f;  /* not launched yet */
            mote_id ids[3];
            assert_int_equal(mote_launch_pool_add_many(pool, many, 3, ids), MOTE_OK);
            d.rocket.launch_time = (float)clocks[c] - 20.0f;
            assert_int_equal(mote_launch_pool_set(pool, ids[2], &d), MOTE_OK);
            const mote_id read[4] = {id, ids[0], ids[1], ids[2]};
            const float own_time[4] = {10.0f, 10.0f, 30.0f, 20.0f};
            mote_launch_desc at_add[4];
            for (int k = 0; k < 4; ++k) {
                assert_int_equal(mote_launch_pool_get(pool, read[k], &at_add[k]), MOTE_OK);
                mote_launch_pose want;
                assert_int_equal(
                    mote_launch_evaluate(&profile, &at_add[k].rocket, (float)clocks[c], &want),
                    MOTE_OK);
                assert_true(at_add[k].pose.phase != MOTE_LAUNCH_HOLD);
                assert_true(at_add[k].pose.altitude > 0.0f);
                assert_int_equal(want.phase, at_add[k].pose.phase);
                if (backends[b] == MOTE_BACKEND_SCALAR) {
                    assert_same_pose(&at_add[k].pose, &want);
                } else { /* launch_bounds.h: these four bit-identical on every backend */
                    assert_true(at_add[k].pose.distance == want.distance);
                    assert_true(at_add[k].pose.speed == want.speed);
                    assert_true(at_add[k].pose.altitude == want.altitude);
                }
                assert_true(at_add[k].rocket.launch_time == (float)clocks[c] - own_time[k]);
            }
            assert_true(at_add[2].pose.phase == MOTE_LAUNCH_REST ||
                        at_add[2].pose.phase == MOTE_LAUNCH_COAST);
            assert_int_equal(mote_launch_pool_step(pool, 0.0f), MOTE_OK);
            for (int k = 0; k < 4; ++k) {
                mote_launch_desc stepped;
                assert_int_equal(mote_launch_pool_get(pool, read[k], &stepped), MOTE_OK);
                assert_same_pose(&stepped.pose, &at_add[k].pose);
            }
        }
        mote_launch_pool_destroy(pool);
    }
}

static void test_bad_input(void **unused) {
    (void)unused;
    mote_launch_pool_def def = mote_default_launch_pool_def();
    mote_launch_pool *pool = NULL;
    def.profile.slow_duration = 0.0f;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(pool);
    mote_launch_pool_def zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    assert_int_equal(mote_launch_pool_create(&zeroed, &pool), MOTE_ERROR_UNINITIALIZED_DEF);

    pool = make(MOTE_BACKEND_AUTO, 40);
    assert_int_equal(mote_launch_pool_evaluate(pool, 12.0), MOTE_OK);
    mote_launch_view v = mote_launch_pool_view(pool);
    float before[40];
    memcpy(before, v.position[2], sizeof before);
    assert_int_equal(mote_launch_pool_step(pool, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_launch_pool_step(pool, INFINITY), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_launch_pool_step(pool, -0.1f), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_launch_pool_evaluate(pool, NAN), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_pool_evaluate(pool, -INFINITY), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_launch_pool_evaluate_range(pool, 5, 41), MOTE_ERROR_RANGE);
    assert_int_equal(mote_launch_pool_evaluate_range(pool, 6, 5), MOTE_ERROR_RANGE);
    mote_launch_profile bad = mote_default_launch_profile();
    bad.planet_radius = -1.0f;
    assert_int_equal(mote_launch_pool_set_profile(pool, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(mote_launch_pool_profile(pool).planet_radius == 6371.0f);
    assert_true(mote_launch_pool_clock(pool) == 12.0);
    assert_memory_equal(before, v.position[2], sizeof before);

    /* bad descs: nothing added */
    mote_launch_desc d = mote_default_launch_desc();
    d.rocket.launch_time = NAN;
    assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_ERROR_NON_FINITE);
    d = mote_default_launch_desc();
    d.pose.phase = (mote_launch_phase)9;
    assert_int_equal(mote_launch_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_launch_pool_count(pool), 40);
    assert_int_equal(mote_launch_pool_step(NULL, 0.1f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_launch_pool_evaluate(NULL, 1.0), MOTE_ERROR_INVALID_ARGUMENT);
    mote_launch_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_scalar_pool_is_the_reference),
               cmocka_unit_test(test_clock_does_not_drift),
               cmocka_unit_test(test_range_and_parallel),
               cmocka_unit_test(test_inputs_through_view),
               cmocka_unit_test(test_add_and_set_write_the_pose_at_the_clock),
               cmocka_unit_test(test_bad_input))
