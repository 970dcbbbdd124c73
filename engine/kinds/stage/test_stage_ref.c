/* The stage-detachment reference (mote/stage.h) against issue 11: reparenting changes no world
 * transform, the seed's separation values at t = 0, one step equals many small ones, the tilt
 * reached at 2 s, the spin bounded, seeded draws, and bad input. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/stage.h"

static void assert_near(double got, double want, double tol) {
    if (!(fabs(got - want) <= tol)) {
        fail_msg("%.10g, want %.10g (within %.3g)", got, want, tol);
    }
}

/* A stage captured from a moving, rotated, scaled rocket, framed and drawn. */
static mote_stage_desc detached(uint64_t index) {
    mote_transform rocket = {{12.0f, 340.0f, -55.0f},
                             mote_quat_axis_angle((mote_vec3){0.6f, 0.0f, 0.8f}, 0.7f),
                             {2.0f, 2.0f, 2.0f}};
    mote_transform local = {{0.0f, -1.5f, 0.0f}, mote_quat_identity(), {1.0f, 1.0f, 1.0f}};
    mote_stage_desc d = mote_default_stage_desc();
    assert_int_equal(mote_stage_capture(&d, &rocket, &local), MOTE_OK);
    mote_vec3 flight = mote_vec3_normalize((mote_vec3){0.0f, 0.8f, -0.6f});
    assert_int_equal(mote_stage_set_frame(&d, flight, (mote_vec3){0.0f, 1.0f, 0.0f},
                                          (mote_vec3){1.0f, 0.2f, 0.0f}),
                     MOTE_OK);
    assert_int_equal(mote_stage_draw(&d, 0x57a6e, index), MOTE_OK);
    return d;
}

static mote_stage_pose pose_at(const mote_stage_desc *d, float tau) {
    mote_stage_pose pose;
    assert_int_equal(mote_stage_evaluate(d, tau, &pose), MOTE_OK);
    return pose;
}

static double quat_angle(mote_quat a, mote_quat b) {
    double dot =
        fabs((double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w);
    return 2.0 * acos(fmin(dot, 1.0));
}

static void test_reparenting_keeps_world_transform(void **unused) {
    (void)unused;
    mote_stage_desc d = detached(1);
    mote_stage_pose pose = pose_at(&d, 0.7f);
    assert_memory_equal(&pose.world_before, &d.world, sizeof d.world);
    assert_memory_equal(&pose.world_after, &pose.world_before, sizeof d.world);
    /* the captured transform is the rocket's times the stage's: y of the stage 3 below */
    mote_vec3 down = mote_quat_rotate(d.world.orientation, (mote_vec3){0.0f, -3.0f, 0.0f});
    assert_near(d.world.position.x, 12.0f + down.x, 1e-4);
    assert_near(d.world.scale.x, 2.0, 0.0);
    /* under a non-identity new parent: restored within an ulp of its scale */
    mote_transform parent = {{-3.0f, 7.0f, 1.0f},
                             mote_quat_axis_angle((mote_vec3){0.0f, 1.0f, 0.0f}, 1.1f),
                             {0.5f, 0.5f, 0.5f}};
    mote_transform local = mote_transform_reparent(&d.world, &parent);
    mote_transform back = mote_transform_compose(&parent, &local);
    const double ulp = 4.0 * 3.05e-5; /* positions near 350: 4 ULP of 256..512 */
    assert_near(back.position.x, d.world.position.x, ulp);
    assert_near(back.position.y, d.world.position.y, ulp);
    assert_near(back.position.z, d.world.position.z, ulp);
    assert_true(quat_angle(back.orientation, d.world.orientation) < 1e-6);
    assert_near(back.scale.y, d.world.scale.y, 0.0);
    /* the scene root: bit for bit */
    mote_transform root = mote_transform_identity();
    mote_transform same = mote_transform_reparent(&d.world, &root);
    assert_memory_equal(&same, &d.world, sizeof same);
}

static void test_separation_at_zero(void **unused) {
    (void)unused;
    mote_stage_desc d = detached(2);
    mote_stage_pose pose = pose_at(&d, 0.0f);
    const float offsets[3] = {-3.4f, 4.2f, 1.2f}, speeds[3] = {-5.2f, 5.8f, 4.2f};
    for (int k = 0; k < 3; ++k) {
        assert_true(pose.offset[k] == offsets[k] && pose.speed[k] == speeds[k]);
    }
    mote_vec3 want = mote_vec3_add(d.world.position, mote_vec3_scale(d.along, -3.4f));
    want = mote_vec3_add(want, mote_vec3_scale(d.side, 4.2f));
    want = mote_vec3_add(want, mote_vec3_scale(d.earthward, 1.2f));
    assert_memory_equal(&pose.position, &want, sizeof want);
    assert_memory_equal(&pose.orientation, &d.world.orientation, sizeof(mote_quat));
    assert_true(pose.tilt_progress == 0.0f && pose.spin_angle == 0.0f);
    /* the frame: along and side orthogonal, earthward = -radial */
    assert_near(mote_vec3_dot(d.along, d.side), 0.0, 1e-7);
    assert_true(d.earthward.y == -1.0f);
}

/* One step of 1 s and sixty of 1/60 s reach the same pose (the float clock's rounding aside);
 * the speeds are the derivatives of the offsets. */
static void test_one_step_equals_many(void **unused) {
    (void)unused;
    mote_stage_desc d = detached(3);
    float clock = 0.0f;
    for (int i = 0; i < 60; ++i) {
        clock += 1.0f / 60.0f;
    }
    mote_stage_pose one = pose_at(&d, 1.0f), many = pose_at(&d, clock);
    const double dt = fabs(clock - 1.0);
    for (int k = 0; k < 3; ++k) {
        assert_near(many.offset[k], one.offset[k], 1e-6 + 10.0 * dt);
    }
    assert_near(many.position.y, one.position.y, 1e-4 + 30.0 * dt);
    const float taus[] = {0.2f, 0.9f, 1.7f, 3.0f, 6.0f};
    const float h = 1e-2f;
    for (size_t i = 0; i < 5; ++i) {
        mote_stage_pose a = pose_at(&d, taus[i] - h), b = pose_at(&d, taus[i] + h),
                        m = pose_at(&d, taus[i]);
        for (int k = 0; k < 3; ++k) {
            assert_near((b.offset[k] - a.offset[k]) / (2.0 * h), m.speed[k], 2e-3);
        }
    }
    /* the lag sets in after the kick: speeds constant during it */
    assert_true(pose_at(&d, 0.3f).speed[0] == -5.2f);
    assert_true(pose_at(&d, 1.4f).speed[0] < -5.2f - 0.5f);
}

static void test_tilt_then_bounded_spin(void **unused) {
    (void)unused;
    for (uint64_t index = 0; index < 200; ++index) {
        mote_stage_desc d = detached(index);
        assert_true(d.tilt_angle >= MOTE_STAGE_TILT_MIN && d.tilt_angle < MOTE_STAGE_TILT_MAX);
        assert_true(d.spin_rate >= MOTE_STAGE_SPIN_MIN && d.spin_rate < MOTE_STAGE_SPIN_MAX);
        assert_near(mote_vec3_dot(d.tilt_axis, d.along), 0.0, 1e-6);
        mote_stage_pose at2 = pose_at(&d, 2.0f);
        assert_true(at2.tilt_progress == 1.0f && at2.spin_angle == 0.0f);
        assert_near(quat_angle(at2.orientation, d.world.orientation), d.tilt_angle,
                    1e-5); /* acos of a float dot */
        /* halfway there at 1 s: constant angular speed */
        assert_near(quat_angle(pose_at(&d, 1.0f).orientation, d.world.orientation),
                    0.5 * d.tilt_angle, 1e-5); /* acos of a float dot */
        /* after the tilt, the spin: its rate never past MOTE_STAGE_SPIN_MAX */
        for (float tau = 2.5f; tau < 40.0f; tau += 3.3f) {
            /* over 2 s: float quaternions give the angle within about 1e-5 rad */
            mote_stage_pose a = pose_at(&d, tau), b = pose_at(&d, tau + 2.0f);
            const double rate = quat_angle(a.orientation, b.orientation) / 2.0;
            assert_near(rate, d.spin_rate, 2e-5);
            assert_true(rate <= MOTE_STAGE_SPIN_MAX * (1.0 + 1e-4));
        }
    }
}

static void test_seeded_draws(void **unused) {
    (void)unused;
    mote_stage_desc a = detached(7), b = detached(7), c = detached(8);
    assert_memory_equal(&a, &b, sizeof a);
    assert_true(a.tilt_angle != c.tilt_angle && a.spin_rate != c.spin_rate);
    mote_stage_desc other = a;
    assert_int_equal(mote_stage_draw(&other, 0x57a6f, 7), MOTE_OK);
    assert_true(other.tilt_angle != a.tilt_angle);
}

static void test_bad_input(void **unused) {
    (void)unused;
    mote_stage_desc d = detached(4), before = d;
    const mote_vec3 along = d.along, radial = {0.0f, 1.0f, 0.0f};
    assert_int_equal(mote_stage_set_frame(&d, along, radial, (mote_vec3){0.0f, 0.0f, 0.0f}),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_set_frame(&d, along, radial, mote_vec3_scale(along, -3.0f)),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_set_frame(&d, (mote_vec3){0.0f, 0.0f, 0.0f}, radial, radial),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_set_frame(&d, along, (mote_vec3){NAN, 0.0f, 0.0f}, radial),
                     MOTE_ERROR_NON_FINITE);
    mote_transform nan_world = mote_transform_identity();
    nan_world.position.x = INFINITY;
    mote_transform id = mote_transform_identity();
    assert_int_equal(mote_stage_capture(&d, &nan_world, &id), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_stage_capture(&d, NULL, &id), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_draw(NULL, 1, 1), MOTE_ERROR_INVALID_ARGUMENT);
    assert_memory_equal(&d, &before, sizeof d);

    mote_stage_pose pose, sentinel;
    memset(&pose, 0x33, sizeof pose);
    sentinel = pose;
    assert_int_equal(mote_stage_evaluate(&d, NAN, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_stage_evaluate(&d, INFINITY, &pose), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_stage_evaluate(&d, -1.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_evaluate(NULL, 1.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    mote_stage_desc bad[5] = {d, d, d, d, d};
    bad[0].spin_rate = 0.2f;
    bad[1].tilt_duration = 0.0f;
    bad[2].side = (mote_vec3){2.0f, 0.0f, 0.0f};
    bad[3].kick_duration = -1.0f;
    bad[4].along_lag = NAN;
    for (int i = 0; i < 5; ++i) {
        assert_int_equal(mote_stage_validate(&bad[i]),
                         i == 4 ? MOTE_ERROR_NON_FINITE : MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_stage_evaluate(&bad[i], 1.0f, &pose), MOTE_ERROR_INVALID_ARGUMENT);
    }
    assert_memory_equal(&pose, &sentinel, sizeof pose);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_reparenting_keeps_world_transform),
               cmocka_unit_test(test_separation_at_zero),
               cmocka_unit_test(test_one_step_equals_many),
               cmocka_unit_test(test_tilt_then_bounded_spin), cmocka_unit_test(test_seeded_draws),
               cmocka_unit_test(test_bad_input))
