/* The scalar orientation reference (mote/orientation.h): the control's short way from a
 * 179 degree error, no overshoot when critically damped, the desired forward and up reached,
 * the angular error zero at the target and continuous through the hemisphere boundary, unit
 * length over 100,000 steps, 30 Hz, 240 Hz and a jittery dt reaching the same state; the
 * exact quaternion spring (one step of dt = ten of dt/10, the half-life's closed form, q and
 * -q goals alike) and damper (half the angle per half-life); inertialization continuous in
 * position and velocity across a transition, its offset decaying as the closed form says;
 * bad input refused with nothing changed. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/orientation.h"
#include "mote/spring.h"
#include "test_support.h"

#define PI   3.14159265358979323846
#define LN2  0.69314718055994530942
#define EPS  1e-5
#define DEG  (PI / 180.0)
#define U    0x1p-24
#define STEP (1.0f / 60.0f)

/* The angle (rad, in [0, pi]) between the rotations a and b, in double. */
static double angle_between(mote_quat a, mote_quat b) {
    double d = fabs((double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w);
    double na = sqrt((double)a.x * a.x + (double)a.y * a.y + (double)a.z * a.z + (double)a.w * a.w);
    double nb = sqrt((double)b.x * b.x + (double)b.y * b.y + (double)b.z * b.z + (double)b.w * b.w);
    d /= na * nb;
    return 2.0 * acos(d > 1.0 ? 1.0 : d);
}

static double quat_length(mote_quat q) {
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
}

static bool quat_same(mote_quat a, mote_quat b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

static bool vec3_same(mote_vec3 a, mote_vec3 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

static double vec3_distance(mote_vec3 a, mote_vec3 b) {
    double x = (double)a.x - b.x, y = (double)a.y - b.y, z = (double)a.z - b.z;
    return sqrt(x * x + y * y + z * z);
}

/* A unit quaternion from four draws in [-1, 1) (x, y, z, w). */
static mote_quat random_unit_quat(test_rng *rng) {
    mote_quat q;
    q.x = test_rng_range(rng, -1, 1);
    q.y = test_rng_range(rng, -1, 1);
    q.z = test_rng_range(rng, -1, 1);
    q.w = test_rng_range(rng, -1, 1);
    return mote_quat_normalize(q);
}

static mote_vec3 vec3_zero(void) {
    mote_vec3 v = {0.0f, 0.0f, 0.0f};
    return v;
}

/* The control's error vector, as the step computes it. */
static mote_vec3 control_error(mote_quat q, mote_quat target) {
    return mote_quat_to_rotation_vector(mote_quat_mul(target, mote_quat_conjugate(q)));
}

static mote_status advance(mote_quat *q, mote_vec3 *w, mote_quat target,
                           const mote_orientation_control_params *p, float dt) {
    return mote_orientation_control_advance(q, w, target, p, MOTE_ORIENTATION_SUBSTEP,
                                            MOTE_ORIENTATION_MAX_SUBSTEPS, dt);
}

/* ----------------------------------------------------------------------------------------
 * Control */

static void control_turns_the_short_way_without_overshoot(void **unused) {
    (void)unused;
    const mote_vec3 z = {0.0f, 0.0f, 1.0f};
    const float start = (float)(179.0 * DEG);
    mote_quat target = mote_quat_axis_angle(z, start);
    mote_orientation_control_params p = mote_orientation_control_gains(0.2f, 1.0f, INFINITY);
    mote_quat q = mote_quat_identity();
    mote_vec3 w = vec3_zero();
    double previous = 0.0;
    for (int i = 0; i < 600; ++i) { /* 10 s at 60 Hz: 50 half-lives */
        assert_int_equal(advance(&q, &w, target, &p, STEP), MOTE_OK);
        /* the short way: about +z, the turn angle growing toward 179 degrees, never past */
        double turned = 2.0 * atan2((double)q.z, (double)q.w);
        assert_true(fabs((double)q.x) < 1e-6 && fabs((double)q.y) < 1e-6);
        assert_true(w.z >= 0.0f);
        assert_true(turned >= previous - 1e-6);
        assert_true(turned <= (double)start + 1e-6);
        previous = turned;
    }
    assert_true(angle_between(q, target) < 1e-5);
    printf("# 179 degrees: %.3g rad left after 10 s\n", angle_between(q, target));
}

static void control_reaches_the_desired_forward_and_up(void **unused) {
    (void)unused;
    test_rng rng = {0x0e14};
    for (int trial = 0; trial < 20; ++trial) {
        mote_vec3 forward = {test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1),
                             test_rng_range(&rng, -1, 1)};
        mote_vec3 up = {test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1),
                        test_rng_range(&rng, -1, 1)};
        mote_quat target = mote_quat_look_rotation(forward, up);
        mote_quat q = mote_quat_normalize((mote_quat){test_rng_range(&rng, -1, 1),
                                                      test_rng_range(&rng, -1, 1),
                                                      test_rng_range(&rng, -1, 1), 0.5f});
        mote_vec3 w = {test_rng_range(&rng, -2, 2), test_rng_range(&rng, -2, 2), 0.0f};
        float ratio = trial % 2 == 0 ? 1.0f : 0.5f; /* critically and under-damped */
        mote_orientation_control_params p = mote_orientation_control_gains(0.15f, ratio, 20.0f);
        for (int i = 0; i < 600; ++i) {
            assert_int_equal(advance(&q, &w, target, &p, STEP), MOTE_OK);
        }
        mote_vec3 f = mote_vec3_normalize(forward);
        mote_vec3 u = mote_vec3_normalize(mote_vec3_cross(f, mote_vec3_cross(up, f)));
        assert_true(vec3_distance(mote_quat_rotate(q, (mote_vec3){0, 0, 1}), f) < 1e-5);
        assert_true(vec3_distance(mote_quat_rotate(q, (mote_vec3){0, 1, 0}), u) < 1e-5);
    }
}

static void control_error_is_zero_at_target_and_continuous(void **unused) {
    (void)unused;
    /* at the target the error is exactly zero, and a resting q stays (within normalisation) */
    test_rng rng = {0x0e15};
    for (int i = 0; i < 1000; ++i) {
        mote_quat t = random_unit_quat(&rng);
        mote_vec3 e = control_error(t, t);
        assert_true(fabs((double)e.x) <= 8 * U && fabs((double)e.y) <= 8 * U &&
                    fabs((double)e.z) <= 8 * U);
        /* -q is the same orientation: the same error, bit for bit */
        mote_quat q = random_unit_quat(&rng);
        mote_quat minus = {-q.x, -q.y, -q.z, -q.w};
        assert_true(vec3_same(control_error(q, t), control_error(minus, t)));
        mote_quat tq = t;
        mote_vec3 w = vec3_zero();
        assert_int_equal(mote_orientation_control_step(&tq, &w, t, 30.0f, 10.0f, STEP), MOTE_OK);
        assert_true(angle_between(tq, t) < 1e-6);
    }
    /* a sweep of q about z through two full turns (q's sign flips at each turn, and the
     * relative rotation crosses the hemisphere boundary at each half turn): the error's
     * length is the short-way angle and moves by at most the sweep's step, and the error
     * vector is continuous everywhere except at the half turn itself, where +pi and -pi are
     * the same rotation */
    const mote_quat target = mote_quat_identity();
    const double d = 1e-4;
    mote_vec3 before = control_error(mote_quat_identity(), target);
    for (double a = d; a < 4 * PI; a += d) {
        mote_quat q = mote_quat_axis_angle((mote_vec3){0, 0, 1}, (float)a);
        mote_vec3 e = control_error(q, target);
        double turns = fmod((double)(float)a, 2 * PI);
        double want = turns > PI ? 2 * PI - turns : turns;
        double length = sqrt((double)e.x * e.x + (double)e.y * e.y + (double)e.z * e.z);
        assert_true(fabs(length - want) < 1e-5);
        double half_turn_distance = fabs(fmod((double)(float)a + PI, 2 * PI) - PI);
        if (fabs(half_turn_distance - PI) > 2 * d) {
            assert_true(vec3_distance(e, before) < 1.5 * d);
        }
        before = e;
    }
}

static void control_keeps_unit_length(void **unused) {
    (void)unused;
    const size_t steps = test_scaled(100000);
    mote_quat target = mote_quat_normalize((mote_quat){0.3f, -0.5f, 0.2f, 0.4f});
    mote_quat q = mote_quat_identity();
    mote_vec3 w = {3.0f, -1.0f, 2.0f};
    double worst = 0.0;
    for (size_t i = 0; i < steps; ++i) {
        /* a target that keeps moving, so the state never settles */
        if (i % 50 == 0) {
            target = mote_quat_mul(mote_quat_axis_angle((mote_vec3){0, 1, 0}, 1.3f), target);
        }
        assert_int_equal(mote_orientation_control_step(&q, &w, target, 60.0f, 4.0f, 1.0f / 240.0f),
                         MOTE_OK);
        double off = fabs(quat_length(q) - 1.0);
        worst = off > worst ? off : worst;
    }
    assert_true(worst <= 4 * U);
    printf("# unit length over %zu steps: worst |q| - 1 = %.3g (bound 4u = %.3g)\n", steps, worst,
           4 * U);
}

/* The same 1.5 s from the same start at 30 Hz, 240 Hz and a jittery dt. */
static void control_is_frame_rate_independent(void **unused) {
    (void)unused;
    mote_quat target = mote_quat_axis_angle(mote_vec3_normalize((mote_vec3){1, 2, 3}), 2.5f);
    mote_orientation_control_params p = mote_orientation_control_gains(0.3f, 0.7f, 6.0f);
    const float rates[] = {30.0f, 240.0f};
    mote_quat q[3];
    mote_vec3 w[3];
    for (int r = 0; r < 2; ++r) {
        q[r] = mote_quat_identity();
        w[r] = vec3_zero();
        int frames = (int)(1.5f * rates[r]);
        for (int i = 0; i < frames; ++i) {
            assert_int_equal(advance(&q[r], &w[r], target, &p, 1.0f / rates[r]), MOTE_OK);
        }
    }
    /* jittery: frames between 2 ms and 50 ms, the last one cut to land on 1.5 s */
    test_rng rng = {0x0e16};
    q[2] = mote_quat_identity();
    w[2] = vec3_zero();
    double t = 0.0;
    while (t < 1.5 - 1e-9) {
        float dt = test_rng_range(&rng, 0.002f, 0.05f);
        if (t + dt > 1.5) {
            dt = (float)(1.5 - t);
        }
        assert_int_equal(advance(&q[2], &w[2], target, &p, dt), MOTE_OK);
        t += dt;
    }
    double a30 = angle_between(q[0], q[1]), aj = angle_between(q[2], q[1]);
    double w30 = vec3_distance(w[0], w[1]), wj = vec3_distance(w[2], w[1]);
    printf("# 30 Hz vs 240 Hz: %.3g rad, %.3g rad/s; jittery: %.3g rad, %.3g rad/s\n", a30, w30, aj,
           wj);
    assert_true(a30 < 1e-5 && w30 < 1e-4);
    assert_true(aj < 1e-4 && wj < 1e-3); /* sub-steps of unequal h: first order in h */
}

static void control_caps_angular_speed(void **unused) {
    (void)unused;
    mote_quat target = mote_quat_axis_angle((mote_vec3){1, 0, 0}, 3.0f);
    mote_orientation_control_params p = mote_orientation_control_gains(0.05f, 1.0f, 2.0f);
    mote_quat q = mote_quat_identity();
    mote_vec3 w = vec3_zero();
    float fastest = 0.0f;
    for (int i = 0; i < 300; ++i) {
        assert_int_equal(advance(&q, &w, target, &p, STEP), MOTE_OK);
        float speed = mote_vec3_length(w);
        fastest = speed > fastest ? speed : fastest;
    }
    assert_true(fastest <= 2.0f * (1.0f + 4 * (float)U) && fastest > 1.99f);
    assert_true(angle_between(q, target) < 1e-5);
}

static void control_gains_closed_form(void **unused) {
    (void)unused;
    mote_orientation_control_params p = mote_orientation_control_gains(0.5f, 0.5f, INFINITY);
    double w = 2 * LN2 / (0.5 + EPS);
    assert_true(fabs(p.stiffness - w * w) < 1e-5 * w * w);
    assert_true(fabs(p.damping - w) < 1e-5 * w);
    assert_true(isinf(p.max_speed));
    assert_int_equal(mote_orientation_substeps(1.0f / 30.0f, 1.0f / 240.0f), 8);
    assert_int_equal(mote_orientation_substeps(1.0f / 240.0f, 1.0f / 240.0f), 1);
    assert_int_equal(mote_orientation_substeps(0.0f, 1.0f / 240.0f), 1);
    assert_int_equal(mote_orientation_substeps(0.0042f, 1.0f / 240.0f), 2);
}

static void control_refuses_bad_input(void **unused) {
    (void)unused;
    const mote_quat q0 = mote_quat_axis_angle((mote_vec3){0, 1, 0}, 0.5f);
    const mote_vec3 w0 = {0.5f, 0.25f, -1.0f};
    const mote_quat target = mote_quat_identity();
    const mote_quat nan_q = {NAN, 0.0f, 0.0f, 1.0f}, zero_q = {0.0f, 0.0f, 0.0f, 0.0f};
    mote_orientation_control_params p = mote_orientation_control_gains(0.2f, 1.0f, INFINITY);
    struct {
        mote_quat q, target;
        mote_vec3 w;
        float stiffness, dt;
        mote_status want;
    } cases[] = {
        {q0, target, w0, 10.0f, -0.1f, MOTE_ERROR_INVALID_DT},
        {q0, target, w0, 10.0f, NAN, MOTE_ERROR_INVALID_DT},
        {nan_q, target, w0, 10.0f, STEP, MOTE_ERROR_NON_FINITE},
        {q0, nan_q, w0, 10.0f, STEP, MOTE_ERROR_NON_FINITE},
        {zero_q, target, w0, 10.0f, STEP, MOTE_ERROR_NON_FINITE},
        {q0, zero_q, w0, 10.0f, STEP, MOTE_ERROR_NON_FINITE},
        {q0, target, {INFINITY, 0, 0}, 10.0f, STEP, MOTE_ERROR_NON_FINITE},
        {q0, target, w0, -1.0f, STEP, MOTE_ERROR_INVALID_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        mote_quat q = cases[i].q;
        mote_vec3 w = cases[i].w;
        assert_int_equal(mote_orientation_control_step(&q, &w, cases[i].target, cases[i].stiffness,
                                                       1.0f, cases[i].dt),
                         cases[i].want);
        assert_true(quat_same(q, cases[i].q) || q.x != q.x); /* unchanged (NaN as itself) */
        assert_true(vec3_same(w, cases[i].w) || w.x != w.x);
        q = cases[i].q;
        w = cases[i].w;
        mote_orientation_control_params pi = p;
        pi.stiffness = cases[i].stiffness;
        assert_int_equal(advance(&q, &w, cases[i].target, &pi, cases[i].dt), cases[i].want);
        assert_true(quat_same(q, cases[i].q) || q.x != q.x);
    }
    mote_quat q = q0;
    mote_vec3 w = w0;
    assert_int_equal(mote_orientation_control_step(NULL, &w, target, 1.0f, 1.0f, STEP),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(advance(&q, &w, target, NULL, STEP), MOTE_ERROR_INVALID_ARGUMENT);
    mote_orientation_control_params bad = p;
    bad.max_speed = -1.0f; /* 0, like INFINITY, is no cap */
    assert_int_equal(advance(&q, &w, target, &bad, STEP), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_orientation_control_advance(&q, &w, target, &p, 0.0f, 4, STEP),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_orientation_control_advance(&q, &w, target, &p, STEP, 0, STEP),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(quat_same(q, q0) && vec3_same(w, w0));
}

/* ----------------------------------------------------------------------------------------
 * Quaternion spring and damper */

static void quat_spring_is_exact_in_dt(void **unused) {
    (void)unused;
    test_rng rng = {0x0e17};
    double worst = 0.0, worst_w = 0.0;
    for (int i = 0; i < 2000; ++i) {
        mote_quat goal = random_unit_quat(&rng);
        mote_quat q0 = random_unit_quat(&rng);
        mote_vec3 w0 = {test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3),
                        test_rng_range(&rng, -3, 3)};
        float h = test_rng_range(&rng, 0.05f, 1.0f), dt = test_rng_range(&rng, 0.0f, 0.1f);
        mote_quat one = q0, ten = q0;
        mote_vec3 w1 = w0, w10 = w0;
        mote_quat_spring(&one, &w1, goal, h, dt);
        for (int s = 0; s < 10; ++s) {
            mote_quat_spring(&ten, &w10, goal, h, dt / 10.0f);
        }
        /* skip the rare case that an angle passes pi on the way (the short way flips) */
        if (angle_between(q0, goal) > 3.0) {
            continue;
        }
        double a = angle_between(one, ten), dw = vec3_distance(w1, w10);
        worst = a > worst ? a : worst;
        worst_w = dw > worst_w ? dw : worst_w;
    }
    printf("# quat spring, one step vs ten: %.3g rad, %.3g rad/s\n", worst, worst_w);
    assert_true(worst < 1e-5 && worst_w < 1e-4); /* omega up to some 100 rad/s */
}

static void quat_spring_halflife_closed_form(void **unused) {
    (void)unused;
    const mote_vec3 axis = mote_vec3_normalize((mote_vec3){1, -1, 2});
    const float halflives[] = {0.1f, 0.5f, 2.0f};
    for (int k = 0; k < 3; ++k) {
        float h = halflives[k];
        mote_quat goal = mote_quat_identity();
        mote_quat q = mote_quat_axis_angle(axis, 2.0f);
        mote_vec3 w = vec3_zero();
        mote_quat_spring(&q, &w, goal, h, h);
        /* from rest: e^(-y h) (1 + y h) of the angle is left, y = 2 ln2 / (h + eps) */
        double yh = 2 * LN2 / (h + EPS) * h;
        double left = exp(-yh) * (1 + yh);
        assert_true(fabs(angle_between(q, goal) - 2.0 * left) < 1e-5);
        assert_true(fabs(left - (1 + 2 * LN2) / 4) < 1e-4); /* 0.5966: 0.4034 closed */
        /* the damper closes exactly half, up to the eps */
        mote_quat d = mote_quat_axis_angle(axis, 2.0f);
        mote_quat_damper(&d, goal, h, h);
        assert_true(fabs(angle_between(d, goal) - 2.0 * exp(-LN2 * h / (h + EPS))) < 1e-5);
        assert_true(fabs(angle_between(d, goal) - 1.0) < 1e-4);
    }
}

static void quat_spring_goal_sign_does_not_matter(void **unused) {
    (void)unused;
    test_rng rng = {0x0e18};
    for (int i = 0; i < 1000; ++i) {
        mote_quat goal = random_unit_quat(&rng);
        mote_quat minus = {-goal.x, -goal.y, -goal.z, -goal.w};
        mote_quat a = mote_quat_axis_angle((mote_vec3){0, 1, 0}, test_rng_range(&rng, -3, 3));
        mote_quat b = a, c = a, d = a;
        mote_vec3 wa = {1.0f, 0.0f, -0.5f}, wb = wa;
        for (int s = 0; s < 20; ++s) {
            mote_quat_spring(&a, &wa, goal, 0.2f, STEP);
            mote_quat_spring(&b, &wb, minus, 0.2f, STEP);
            mote_quat_damper(&c, goal, 0.2f, STEP);
            mote_quat_damper(&d, minus, 0.2f, STEP);
            /* the same rotation (the opposite sign), the same velocity, bit for bit */
            assert_true(a.x == -b.x && a.y == -b.y && a.z == -b.z && a.w == -b.w);
            assert_true(vec3_same(wa, wb));
            assert_true(c.x == -d.x && c.y == -d.y && c.z == -d.z && c.w == -d.w);
        }
    }
}

static void quat_spring_settles_the_short_way(void **unused) {
    (void)unused;
    mote_quat goal = mote_quat_axis_angle((mote_vec3){0, 0, 1}, (float)(179.0 * DEG));
    mote_quat q = mote_quat_identity();
    mote_vec3 w = vec3_zero();
    for (int i = 0; i < 300; ++i) {
        mote_quat_spring(&q, &w, goal, 0.2f, STEP);
        assert_true(w.z >= 0.0f);
    }
    assert_true(angle_between(q, goal) < 1e-5);
    assert_true(fabs(quat_length(q) - 1.0) < 8 * U);
}

/* ----------------------------------------------------------------------------------------
 * Inertialization */

static void inertialization_is_continuous(void **unused) {
    (void)unused;
    /* source: x = 2 + 3t; destination: x = -1 - t. Switch at t = 0.5. */
    const float h = 0.2f;
    float ox = 0.0f, ov = 0.0f, x = 0.0f, v = 0.0f;
    float t = 0.5f;
    float src_x = 2.0f + 3.0f * t, src_v = 3.0f, dst_x = -1.0f - t, dst_v = -1.0f;
    mote_inertialize_update(&x, &v, &ox, &ov, src_x, src_v, h, 0.0f);
    float before_x = x, before_v = v;
    mote_inertialize_transition(&ox, &ov, src_x, src_v, dst_x, dst_v);
    mote_inertialize_update(&x, &v, &ox, &ov, dst_x, dst_v, h, 0.0f);
    assert_true(fabs((double)x - before_x) <= 1e-6 && fabs((double)v - before_v) <= 1e-6);
    /* after one half-life from a still offset (the destination moving as the source was), the
     * offset follows the decay's closed form */
    float ox2 = 1.0f, ov2 = 0.0f;
    mote_inertialize_update(&x, &v, &ox2, &ov2, 0.0f, 0.0f, h, h);
    double yh = 2 * LN2 / (h + EPS) * h;
    assert_true(fabs(ox2 - exp(-yh) * (1 + yh)) < 1e-6);
    assert_true(x == ox2 && v == ov2);
    /* and 20 half-lives later the output is the destination's */
    for (int i = 0; i < 100; ++i) {
        t += 0.04f;
        mote_inertialize_update(&x, &v, &ox, &ov, -1.0f - t, -1.0f, h, 0.04f);
    }
    assert_true(fabs((double)x - (-1.0 - t)) < 1e-4 && fabs((double)v + 1.0) < 1e-4);
}

static void quat_inertialization_is_continuous(void **unused) {
    (void)unused;
    const float h = 0.15f;
    mote_quat src = mote_quat_axis_angle(mote_vec3_normalize((mote_vec3){1, 1, 0}), 1.0f);
    mote_quat dst = mote_quat_axis_angle((mote_vec3){0, 0, 1}, -2.0f);
    mote_vec3 src_w = {0.5f, 0.0f, 1.0f}, dst_w = {0.0f, -2.0f, 0.0f};
    mote_quat oq = mote_quat_identity(), q;
    mote_vec3 ow = vec3_zero(), w;
    mote_inertialize_quat_update(&q, &w, &oq, &ow, src, src_w, h, 0.0f);
    mote_quat before_q = q;
    mote_vec3 before_w = w;
    mote_inertialize_quat_transition(&oq, &ow, src, src_w, dst, dst_w);
    mote_inertialize_quat_update(&q, &w, &oq, &ow, dst, dst_w, h, 0.0f);
    assert_true(angle_between(q, before_q) < 1e-6);
    assert_true(vec3_distance(w, before_w) < 1e-6);
    /* the offset's angle after one half-life from rest, and its end */
    mote_quat o = mote_quat_axis_angle((mote_vec3){0, 1, 0}, 1.0f);
    mote_vec3 ov = vec3_zero();
    mote_quat_decay(&o, &ov, h, h);
    double yh = 2 * LN2 / (h + EPS) * h;
    assert_true(fabs(angle_between(o, mote_quat_identity()) - exp(-yh) * (1 + yh)) < 1e-6);
    for (int i = 0; i < 100; ++i) {
        mote_inertialize_quat_update(&q, &w, &oq, &ow, dst, dst_w, h, 0.04f);
    }
    assert_true(angle_between(q, dst) < 1e-5 && vec3_distance(w, dst_w) < 1e-5);
}

MOTE_TEST_MAIN(cmocka_unit_test(control_turns_the_short_way_without_overshoot),
               cmocka_unit_test(control_reaches_the_desired_forward_and_up),
               cmocka_unit_test(control_error_is_zero_at_target_and_continuous),
               cmocka_unit_test(control_keeps_unit_length),
               cmocka_unit_test(control_is_frame_rate_independent),
               cmocka_unit_test(control_caps_angular_speed),
               cmocka_unit_test(control_gains_closed_form),
               cmocka_unit_test(control_refuses_bad_input),
               cmocka_unit_test(quat_spring_is_exact_in_dt),
               cmocka_unit_test(quat_spring_halflife_closed_form),
               cmocka_unit_test(quat_spring_goal_sign_does_not_matter),
               cmocka_unit_test(quat_spring_settles_the_short_way),
               cmocka_unit_test(inertialization_is_continuous),
               cmocka_unit_test(quat_inertialization_is_continuous))
