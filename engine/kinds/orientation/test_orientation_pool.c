/* Orientation pools (mote/orientation_pool.h): a scalar pool step is the reference's step on
 * every element, bit for bit, for each kind (the control through
 * mote_orientation_control_advance with the pool's sub-step settings, the spring through
 * mote_quat_spring, the damper through mote_quat_damper); the def chooses the kind and the
 * pool stores only what it reads; add/get/set round-trip (orientation and target stored
 * normalised); the target setters, the look target included; ids know their pool; every
 * backend this CPU runs and the parallel step agree; bad input (defs, descs, NaN quaternions,
 * zero forward, negative dt) returns an error and changes nothing. */
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

static mote_orientation_pool *make(mote_orientation_kind kind, mote_backend backend) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.kind = kind;
    def.backend = backend;
    mote_orientation_pool *pool = NULL;
    assert_int_equal(mote_orientation_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

/* Not the probe's random_desc (mote_probe_orientation): these elements must settle on their
 * target within 10 s (test_backends_and_parallel) with the pool's default gains and a halflife
 * up to 0.5 s, and carry an offset and incoming and offset angular velocities for the
 * inertialize kind, where the probe draws gains down to no damping and leaves those at 0. */
static mote_orientation_desc desc_of(test_rng *rng) {
    mote_orientation_desc d = mote_default_orientation_desc();
    d.orientation = mote_quat_normalize((mote_quat){
        test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), 0.5f});
    d.target = mote_quat_normalize((mote_quat){
        test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), -0.5f});
    d.angular_velocity = (mote_vec3){test_rng_range(rng, -3, 3), test_rng_range(rng, -3, 3),
                                     test_rng_range(rng, -3, 3)};
    d.halflife = test_rng_range(rng, 0.05f, 0.5f);
    d.max_speed = test_rng_range(rng, 0.0f, 1.0f) < 0.5f ? 0.0f : 4.0f;
    d.offset = mote_quat_normalize((mote_quat){
        test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1), 1.0f});
    d.incoming_angular_velocity = (mote_vec3){test_rng_range(rng, -3, 3), 0.5f, 0.0f};
    d.offset_angular_velocity = (mote_vec3){0.0f, test_rng_range(rng, -3, 3), 1.0f};
    return d;
}

static bool quat_same(mote_quat a, mote_quat b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

static bool vec3_same(mote_vec3 a, mote_vec3 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

static bool desc_same(const mote_orientation_desc *a, const mote_orientation_desc *b) {
    return quat_same(a->orientation, b->orientation) &&
           vec3_same(a->angular_velocity, b->angular_velocity) && quat_same(a->target, b->target) &&
           a->halflife == b->halflife && a->stiffness == b->stiffness && a->damping == b->damping &&
           a->max_speed == b->max_speed &&
           vec3_same(a->incoming_angular_velocity, b->incoming_angular_velocity) &&
           quat_same(a->offset, b->offset) &&
           vec3_same(a->offset_angular_velocity, b->offset_angular_velocity);
}

/* The reference's step of one element of kind by dt (the pool's default sub-steps). */
static void reference_step(mote_orientation_kind kind, mote_orientation_desc *d, float dt) {
    switch (kind) {
    case MOTE_ORIENTATION_CONTROL: {
        mote_orientation_control_params p = {d->stiffness, d->damping,
                                             d->max_speed > 0.0f ? d->max_speed : INFINITY};
        assert_int_equal(mote_orientation_control_advance(&d->orientation, &d->angular_velocity,
                                                          d->target, &p, MOTE_ORIENTATION_SUBSTEP,
                                                          MOTE_ORIENTATION_MAX_SUBSTEPS, dt),
                         MOTE_OK);
        break;
    }
    case MOTE_ORIENTATION_SPRING:
        mote_quat_spring(&d->orientation, &d->angular_velocity, d->target, d->halflife, dt);
        break;
    case MOTE_ORIENTATION_INERTIALIZE:
        mote_inertialize_quat_update(&d->orientation, &d->angular_velocity, &d->offset,
                                     &d->offset_angular_velocity, d->target,
                                     d->incoming_angular_velocity, d->halflife, dt);
        break;
    default:
        mote_quat_damper(&d->orientation, d->target, d->halflife, dt);
        break;
    }
}

/* A scalar pool steps exactly as the reference, through frames of varied length (a 0.2 s one
 * clamped to the control's 16 sub-steps) and a target change. */
static void test_pool_is_the_reference(void **unused) {
    (void)unused;
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        mote_orientation_kind kind = (mote_orientation_kind)k;
        mote_orientation_pool *pool = make(kind, MOTE_BACKEND_SCALAR);
        assert_int_equal(mote_orientation_pool_kind(pool), kind);
        test_rng rng = {0x0e20 + (uint64_t)k};
        mote_orientation_desc ref[7];
        mote_id ids[7];
        for (int i = 0; i < 7; ++i) {
            ref[i] = desc_of(&rng);
            assert_int_equal(mote_orientation_pool_add(pool, &ref[i], &ids[i]), MOTE_OK);
            assert_int_equal(mote_orientation_pool_get(pool, ids[i], &ref[i]), MOTE_OK);
        }
        for (int step = 0; step < 240; ++step) {
            float dt = step % 11 == 0 ? 0.2f : step % 3 == 0 ? 1.0f / 30.0f : 1.0f / 60.0f;
            if (step == 100) {
                mote_quat t = mote_quat_axis_angle((mote_vec3){0, 1, 0}, 2.0f);
                assert_int_equal(mote_orientation_pool_set_target(pool, ids[3], t), MOTE_OK);
                mote_orientation_desc stored; /* the target as stored: normalised */
                assert_int_equal(mote_orientation_pool_get(pool, ids[3], &stored), MOTE_OK);
                ref[3].target = stored.target;
            }
            float advanced = 0.0f;
            assert_int_equal(mote_orientation_pool_advance(pool, dt, &advanced), MOTE_OK);
            assert_true(kind != MOTE_ORIENTATION_CONTROL ||
                        dt <= MOTE_ORIENTATION_SUBSTEP * (float)MOTE_ORIENTATION_MAX_SUBSTEPS ||
                        advanced ==
                            MOTE_ORIENTATION_SUBSTEP * (float)MOTE_ORIENTATION_MAX_SUBSTEPS);
            assert_true(advanced == dt); /* the default 64 sub-steps take every dt here whole */
            for (int i = 0; i < 7; ++i) {
                reference_step(kind, &ref[i], dt);
            }
        }
        for (int i = 0; i < 7; ++i) {
            mote_orientation_desc got;
            assert_int_equal(mote_orientation_pool_get(pool, ids[i], &got), MOTE_OK);
            assert_true(quat_same(got.orientation, ref[i].orientation));
            if (kind != MOTE_ORIENTATION_DAMPER) {
                assert_true(vec3_same(got.angular_velocity, ref[i].angular_velocity));
            }
            if (kind == MOTE_ORIENTATION_INERTIALIZE) {
                assert_true(quat_same(got.offset, ref[i].offset));
                assert_true(vec3_same(got.offset_angular_velocity, ref[i].offset_angular_velocity));
            }
        }
        mote_orientation_pool_destroy(pool);
    }
}

/* The kind decides what is stored; get gives unstored members back as 0. */
static void test_kinds_store_what_they_read(void **unused) {
    (void)unused;
    mote_orientation_pool *damper = make(MOTE_ORIENTATION_DAMPER, MOTE_BACKEND_SCALAR);
    mote_orientation_pool *control = make(MOTE_ORIENTATION_CONTROL, MOTE_BACKEND_SCALAR);
    mote_orientation_desc d = mote_default_orientation_desc();
    d.angular_velocity = (mote_vec3){1, 2, 3};
    mote_id a, b;
    assert_int_equal(mote_orientation_pool_add(damper, &d, &a), MOTE_OK);
    assert_int_equal(mote_orientation_pool_add(control, &d, &b), MOTE_OK);
    mote_orientation_view dv = mote_orientation_pool_view(damper);
    assert_null(dv.angular_velocity[0]);
    assert_null(dv.stiffness);
    assert_non_null(dv.halflife);
    mote_orientation_view cv = mote_orientation_pool_view(control);
    assert_null(cv.halflife);
    assert_non_null(cv.max_speed);
    mote_orientation_desc got;
    assert_int_equal(mote_orientation_pool_get(damper, a, &got), MOTE_OK);
    assert_true(got.angular_velocity.x == 0.0f && got.stiffness == 0.0f);
    assert_int_equal(mote_orientation_pool_get(control, b, &got), MOTE_OK);
    assert_true(got.angular_velocity.z == 3.0f && got.halflife == 0.0f);
    assert_true(strcmp(mote_orientation_kind_name(MOTE_ORIENTATION_SPRING), "spring") == 0);
    mote_orientation_kind parsed;
    assert_true(mote_orientation_kind_parse("damper", &parsed));
    assert_int_equal(parsed, MOTE_ORIENTATION_DAMPER);
    assert_false(mote_orientation_kind_parse("slerp", &parsed));
    mote_orientation_pool_destroy(damper);
    mote_orientation_pool_destroy(control);
}

/* Every backend agrees within the kernel bounds (here: settles to the same target), and the
 * parallel step on no task system is the serial step bit for bit. */
static void test_backends_and_parallel(void **unused) {
    (void)unused;
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        mote_orientation_kind kind = (mote_orientation_kind)k;
        mote_orientation_pool *serial = make(kind, MOTE_BACKEND_AUTO);
        mote_orientation_pool *parallel = make(kind, MOTE_BACKEND_AUTO);
        test_rng rng = {0x0e21};
        for (int i = 0; i < 37; ++i) {
            mote_orientation_desc d = desc_of(&rng);
            assert_int_equal(mote_orientation_pool_add(serial, &d, NULL), MOTE_OK);
            assert_int_equal(mote_orientation_pool_add(parallel, &d, NULL), MOTE_OK);
        }
        for (int step = 0; step < 300; ++step) {
            assert_int_equal(mote_orientation_pool_step(serial, 1.0f / 30.0f), MOTE_OK);
            assert_int_equal(mote_orientation_pool_step_parallel(parallel, 1.0f / 30.0f, NULL),
                             MOTE_OK);
        }
        mote_orientation_view a = mote_orientation_pool_view(serial);
        mote_orientation_view b = mote_orientation_pool_view(parallel);
        for (int c = 0; c < 4; ++c) {
            assert_memory_equal(a.orientation[c], b.orientation[c], 37 * sizeof(float));
        }
        /* 10 s: every element has reached its target */
        for (size_t i = 0; i < 37; ++i) {
            mote_quat q = {a.orientation[0][i], a.orientation[1][i], a.orientation[2][i],
                           a.orientation[3][i]};
            mote_quat t = {a.target[0][i], a.target[1][i], a.target[2][i], a.target[3][i]};
            assert_true(fabsf(fabsf(mote_quat_dot(q, t)) - 1.0f) < 1e-5f);
        }
        assert_int_equal(mote_orientation_pool_validate(serial, NULL), MOTE_OK);
        assert_int_equal(mote_orientation_pool_set_backend(serial, MOTE_BACKEND_SCALAR), MOTE_OK);
        assert_int_equal(mote_orientation_pool_backend(serial), MOTE_BACKEND_SCALAR);
        mote_orientation_pool_destroy(serial);
        mote_orientation_pool_destroy(parallel);
    }
}

static void test_add_get_set_and_targets(void **unused) {
    (void)unused;
    mote_orientation_pool *pool = make(MOTE_ORIENTATION_SPRING, MOTE_BACKEND_SCALAR);
    mote_orientation_desc d = mote_default_orientation_desc();
    d.orientation = (mote_quat){0.0f, 0.0f, 0.0f, 4.0f};
    d.target = (mote_quat){0.0f, -3.0f, 0.0f, 0.0f};
    mote_id id;
    assert_int_equal(mote_orientation_pool_add(pool, &d, &id), MOTE_OK);
    mote_orientation_desc got;
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.orientation.w == 1.0f && got.target.y == -1.0f && got.halflife == d.halflife);
    /* the look target: local +z along forward, +y up */
    assert_int_equal(
        mote_orientation_pool_set_target_look(pool, id, (mote_vec3){1, 0, 0}, (mote_vec3){0, 1, 0}),
        MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
    mote_vec3 f = mote_quat_rotate(got.target, (mote_vec3){0, 0, 1});
    assert_true(fabsf(f.x - 1.0f) < 1e-6f && fabsf(f.y) < 1e-6f && fabsf(f.z) < 1e-6f);
    assert_true(got.orientation.w == 1.0f); /* the state is untouched */
    /* an id of another kind's pool */
    mote_spring_pool_def sdef = mote_default_spring_pool_def();
    mote_spring_pool *springs = NULL;
    assert_int_equal(mote_spring_pool_create(&sdef, &springs), MOTE_OK);
    mote_spring_desc s = mote_default_spring_desc();
    mote_id other;
    assert_int_equal(mote_spring_pool_add(springs, &s, &other), MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, other, &got), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_orientation_pool_set_target(pool, other, mote_quat_identity()),
                     MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_orientation_pool_remove(pool, id), MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_ERROR_STALE_ID);
    mote_spring_pool_destroy(springs);
    mote_orientation_pool_destroy(pool);
}

/* Inertialize: a transition keeps the output where it is and as fast as it is, then the
 * output follows the new incoming pose; bad transitions change nothing. */
static void test_inertialize_transition(void **unused) {
    (void)unused;
    mote_orientation_pool *pool = make(MOTE_ORIENTATION_INERTIALIZE, MOTE_BACKEND_AUTO);
    mote_orientation_desc d = mote_default_orientation_desc();
    d.target = mote_quat_axis_angle((mote_vec3){1, 0, 0}, 0.5f);
    d.incoming_angular_velocity = (mote_vec3){2.0f, 0.0f, 0.0f};
    mote_id id;
    assert_int_equal(mote_orientation_pool_add(pool, &d, &id), MOTE_OK);
    for (int i = 0; i < 30; ++i) {
        assert_int_equal(mote_orientation_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
    mote_orientation_desc before;
    assert_int_equal(mote_orientation_pool_get(pool, id, &before), MOTE_OK);
    const mote_quat dst = mote_quat_axis_angle((mote_vec3){0, 0, 1}, -2.0f);
    const mote_vec3 dst_w = {0.0f, -1.0f, 3.0f};
    assert_int_equal(mote_orientation_pool_transition(pool, id, dst, dst_w), MOTE_OK);
    assert_int_equal(mote_orientation_pool_step(pool, 0.0f), MOTE_OK); /* dt 0 changes nothing */
    assert_int_equal(mote_orientation_pool_step_range(pool, 0, 1, 1e-30f), MOTE_OK);
    mote_orientation_desc after;
    assert_int_equal(mote_orientation_pool_get(pool, id, &after), MOTE_OK);
    assert_true(fabsf(fabsf(mote_quat_dot(after.orientation, before.orientation)) - 1.0f) < 1e-6f);
    mote_vec3 dw = mote_vec3_sub(after.angular_velocity, before.angular_velocity);
    assert_true(mote_vec3_length(dw) < 1e-5f);
    for (int i = 0; i < 240; ++i) {
        assert_int_equal(mote_orientation_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
    assert_int_equal(mote_orientation_pool_get(pool, id, &after), MOTE_OK);
    assert_true(fabsf(fabsf(mote_quat_dot(after.orientation, after.target)) - 1.0f) < 1e-5f);
    assert_true(mote_vec3_length(mote_vec3_sub(after.angular_velocity, dst_w)) < 1e-4f);
    /* bad transitions */
    const mote_quat nan_q = {NAN, 0, 0, 1};
    assert_int_equal(mote_orientation_pool_transition(pool, id, nan_q, dst_w),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_orientation_pool_transition(pool, id, (mote_quat){0, 0, 0, 0}, dst_w),
                     MOTE_ERROR_INVALID_ARGUMENT);
    mote_orientation_desc now;
    assert_int_equal(mote_orientation_pool_get(pool, id, &now), MOTE_OK);
    assert_true(desc_same(&now, &after));
    mote_orientation_pool *spring = make(MOTE_ORIENTATION_SPRING, MOTE_BACKEND_AUTO);
    mote_id sid;
    assert_int_equal(mote_orientation_pool_add(spring, &d, &sid), MOTE_OK);
    assert_int_equal(mote_orientation_pool_transition(spring, sid, dst, dst_w),
                     MOTE_ERROR_INVALID_ARGUMENT);
    mote_orientation_pool_destroy(spring);
    mote_orientation_pool_destroy(pool);
}

/* Bad input: an error, and the pool unchanged. */
static void test_bad_input(void **unused) {
    (void)unused;
    mote_orientation_pool *pool = make(MOTE_ORIENTATION_CONTROL, MOTE_BACKEND_AUTO);
    test_rng rng = {0x0e22};
    mote_orientation_desc d = desc_of(&rng);
    mote_id id;
    assert_int_equal(mote_orientation_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_orientation_pool_step(pool, 0.1f), MOTE_OK);
    mote_orientation_desc keep;
    assert_int_equal(mote_orientation_pool_get(pool, id, &keep), MOTE_OK);

    assert_int_equal(mote_orientation_pool_step(pool, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_orientation_pool_step(pool, -1.0f), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_orientation_pool_step_range(pool, 0, 2, 0.1f), MOTE_ERROR_RANGE);
    mote_orientation_desc bad = d;
    bad.orientation.y = NAN;
    assert_int_equal(mote_orientation_pool_add(pool, &bad, NULL), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_orientation_pool_set(pool, id, &bad), MOTE_ERROR_NON_FINITE);
    bad = d;
    bad.target = (mote_quat){0, 0, 0, 0};
    assert_int_equal(mote_orientation_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_orientation_pool_set(pool, id, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.damping = -1.0f;
    assert_int_equal(mote_orientation_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    const mote_quat nan_q = {NAN, 0, 0, 1};
    assert_int_equal(mote_orientation_pool_set_target(pool, id, nan_q), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_orientation_pool_set_target(pool, id, (mote_quat){0, 0, 0, 0}),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(
        mote_orientation_pool_set_target_look(pool, id, (mote_vec3){0, 0, 0}, (mote_vec3){0, 1, 0}),
        MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_orientation_pool_set_target_look(pool, id, (mote_vec3){0, 0, 1},
                                                           (mote_vec3){NAN, 1, 0}),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_orientation_pool_count(pool), 1);
    mote_orientation_desc now;
    assert_int_equal(mote_orientation_pool_get(pool, id, &now), MOTE_OK);
    assert_true(desc_same(&now, &keep));
    /* up parallel to forward: the defined result, the shortest arc from +z */
    assert_int_equal(
        mote_orientation_pool_set_target_look(pool, id, (mote_vec3){0, 2, 0}, (mote_vec3){0, 1, 0}),
        MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, id, &now), MOTE_OK);
    mote_quat arc = mote_quat_from_unit_vectors((mote_vec3){0, 0, 1}, (mote_vec3){0, 1, 0});
    assert_true(fabsf(now.target.x - arc.x) <= 1e-7f && fabsf(now.target.w - arc.w) <= 1e-7f);

    /* defs */
    mote_orientation_pool *other = NULL;
    mote_orientation_pool_def def;
    memset(&def, 0, sizeof def);
    assert_int_equal(mote_orientation_pool_create(&def, &other), MOTE_ERROR_UNINITIALIZED_DEF);
    def = mote_default_orientation_pool_def();
    def.kind = MOTE_ORIENTATION_KIND_COUNT;
    assert_int_equal(mote_orientation_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_orientation_pool_def();
    def.substep = 0.0f;
    assert_int_equal(mote_orientation_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_orientation_pool_def();
    def.max_substeps = 0;
    assert_int_equal(mote_orientation_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_orientation_pool_def();
    def.max_dt = 0.0f;
    assert_int_equal(mote_orientation_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_orientation_pool_create(NULL, &other), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(other);
    assert_int_equal(mote_orientation_pool_kind(NULL), MOTE_ORIENTATION_KIND_COUNT);
    mote_orientation_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_pool_is_the_reference),
               cmocka_unit_test(test_kinds_store_what_they_read),
               cmocka_unit_test(test_backends_and_parallel),
               cmocka_unit_test(test_add_get_set_and_targets),
               cmocka_unit_test(test_inertialize_transition), cmocka_unit_test(test_bad_input))
