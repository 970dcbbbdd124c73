/* Docking pools (mote/docking_pool.h): a pool step is the reference's step on every sequence,
 * bit for bit on the scalar backend; add/get/set round-trip a state (station_base stored
 * normalised, the flags as 0 and 1); ids know their pool; the profile is the pool's; bad
 * input (defs, descs, profiles, dt) returns an error and changes nothing. */
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

static mote_docking_state state_at(const mote_docking_profile *p, float delay, float x) {
    mote_docking_state s;
    assert_int_equal(mote_docking_begin(p, (mote_vec3){x, 0.0f, 0.0f}, mote_quat_identity(),
                                        (mote_vec3){x + 2.0f, 1.0f, 20.0f}, delay, &s),
                     MOTE_OK);
    return s;
}

/* Two states are the same: every float member bit for bit and the flags (not the padding). */
static void assert_same_state(const mote_docking_state *a, const mote_docking_state *b) {
    assert_memory_equal(a, b, offsetof(mote_docking_state, captured));
    assert_true(a->captured == b->captured && a->locked == b->locked);
}

static mote_docking_pool *make(mote_backend backend) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.backend = backend;
    mote_docking_pool *pool = NULL;
    assert_int_equal(mote_docking_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

/* The scalar pool steps exactly as mote_docking_step, through a whole sequence. */
static void test_pool_is_the_reference(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_pool *pool = make(MOTE_BACKEND_SCALAR);
    mote_docking_state ref[5];
    mote_id ids[5];
    for (int i = 0; i < 5; ++i) {
        ref[i] = state_at(&p, 0.5f * (float)i, 10.0f * (float)i);
        assert_int_equal(mote_docking_pool_add(pool, &ref[i], &ids[i]), MOTE_OK);
    }
    for (int step = 0; step < 1200; ++step) {
        float dt = step % 7 == 0 ? 0.09f : 1.0f / 60.0f;
        assert_int_equal(mote_docking_pool_step(pool, dt), MOTE_OK);
        for (int i = 0; i < 5; ++i) {
            assert_int_equal(mote_docking_step(&p, &ref[i], dt), MOTE_OK);
        }
    }
    for (int i = 0; i < 5; ++i) {
        mote_docking_state got;
        assert_int_equal(mote_docking_pool_get(pool, ids[i], &got), MOTE_OK);
        assert_same_state(&got, &ref[i]);
        assert_true(got.locked);
    }
    mote_docking_view v = mote_docking_pool_view(pool);
    assert_int_equal(v.count, 5);
    assert_true(v.locked[0] == 1.0f && v.captured[4] == 1.0f);
    mote_docking_pool_destroy(pool);
}

/* Every backend this CPU runs steps a pool within the kernel's bounds of the scalar one;
 * step_parallel on no task system equals the serial step. */
static void test_backends_and_parallel(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_pool *serial = make(MOTE_BACKEND_AUTO), *parallel = make(MOTE_BACKEND_AUTO);
    for (int i = 0; i < 37; ++i) {
        mote_docking_state s = state_at(&p, 0.1f * (float)i, (float)i);
        assert_int_equal(mote_docking_pool_add(serial, &s, NULL), MOTE_OK);
        assert_int_equal(mote_docking_pool_add(parallel, &s, NULL), MOTE_OK);
    }
    for (int step = 0; step < 300; ++step) {
        assert_int_equal(mote_docking_pool_step(serial, 1.0f / 30.0f), MOTE_OK);
        assert_int_equal(mote_docking_pool_step_parallel(parallel, 1.0f / 30.0f, NULL), MOTE_OK);
    }
    mote_docking_view a = mote_docking_pool_view(serial), b = mote_docking_pool_view(parallel);
    assert_memory_equal(a.position[0], b.position[0], 37 * sizeof(float));
    assert_memory_equal(a.orientation[3], b.orientation[3], 37 * sizeof(float));
    assert_int_equal(mote_docking_pool_validate(serial, NULL), MOTE_OK);
    assert_int_equal(mote_docking_pool_set_backend(serial, MOTE_BACKEND_SCALAR), MOTE_OK);
    assert_int_equal(mote_docking_pool_backend(serial), MOTE_BACKEND_SCALAR);
    mote_docking_pool_destroy(serial);
    mote_docking_pool_destroy(parallel);
}

/* add normalises station_base and stores the flags as 0/1; get gives them back. */
static void test_add_get_set(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_pool *pool = make(MOTE_BACKEND_SCALAR);
    mote_docking_state s = state_at(&p, 0.0f, 0.0f);
    s.station_base = (mote_quat){0.0f, 0.0f, 0.0f, 4.0f};
    s.locked = true;
    mote_id id;
    assert_int_equal(mote_docking_pool_add(pool, &s, &id), MOTE_OK);
    mote_docking_state got;
    assert_int_equal(mote_docking_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.station_base.w == 1.0f && got.locked && !got.captured);
    mote_docking_view v = mote_docking_pool_view(pool);
    assert_true(v.locked[0] == 1.0f && v.captured[0] == 0.0f);
    got.captured = true;
    assert_int_equal(mote_docking_pool_set(pool, id, &got), MOTE_OK);
    assert_true(v.captured[0] == 1.0f);
    /* an id of another kind's pool */
    mote_debris_pool_def ddef = mote_default_debris_pool_def();
    mote_debris_pool *debris = NULL;
    assert_int_equal(mote_debris_pool_create(&ddef, &debris), MOTE_OK);
    mote_debris_desc piece = mote_default_debris_desc();
    mote_id other;
    assert_int_equal(mote_debris_pool_add(debris, &piece, &other), MOTE_OK);
    assert_int_equal(mote_docking_pool_get(pool, other, &got), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_docking_pool_remove(pool, id), MOTE_OK);
    assert_int_equal(mote_docking_pool_get(pool, id, &got), MOTE_ERROR_STALE_ID);
    mote_debris_pool_destroy(debris);
    mote_docking_pool_destroy(pool);
}

/* Bad input: an error, and the pool unchanged. */
static void test_bad_input(void **unused) {
    (void)unused;
    mote_docking_profile p = mote_default_docking_profile();
    mote_docking_pool *pool = make(MOTE_BACKEND_SCALAR);
    mote_docking_state s = state_at(&p, 0.0f, 0.0f);
    mote_id id;
    assert_int_equal(mote_docking_pool_add(pool, &s, &id), MOTE_OK);
    assert_int_equal(mote_docking_pool_step(pool, 1.0f), MOTE_OK);
    mote_docking_state keep;
    assert_int_equal(mote_docking_pool_get(pool, id, &keep), MOTE_OK);

    assert_int_equal(mote_docking_pool_step(pool, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_docking_pool_step(pool, -1.0f), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_docking_pool_step_range(pool, 0, 2, 0.1f), MOTE_ERROR_RANGE);
    mote_docking_state bad = s;
    bad.velocity.x = NAN;
    assert_int_equal(mote_docking_pool_add(pool, &bad, NULL), MOTE_ERROR_NON_FINITE);
    bad = s;
    bad.station_base = (mote_quat){0, 0, 0, 0};
    assert_int_equal(mote_docking_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_pool_set(pool, id, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.start_radial = -1.0f;
    assert_int_equal(mote_docking_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_docking_profile zero_axis = p;
    zero_axis.dock_axis = (mote_vec3){0, 0, 0};
    assert_int_equal(mote_docking_pool_set_profile(pool, &zero_axis), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_pool_set_profile(pool, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_docking_profile got_profile = mote_docking_pool_profile(pool);
    assert_memory_equal(&got_profile, &p, sizeof p);
    assert_int_equal(mote_docking_pool_count(pool), 1);
    mote_docking_state now;
    assert_int_equal(mote_docking_pool_get(pool, id, &now), MOTE_OK);
    assert_same_state(&now, &keep);

    /* defs */
    mote_docking_pool *other = NULL;
    mote_docking_pool_def def;
    memset(&def, 0, sizeof def);
    assert_int_equal(mote_docking_pool_create(&def, &other), MOTE_ERROR_UNINITIALIZED_DEF);
    def = mote_default_docking_pool_def();
    def.profile.lock_threshold = 2.0f;
    assert_int_equal(mote_docking_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_docking_pool_def();
    def.max_dt = 0.0f;
    assert_int_equal(mote_docking_pool_create(&def, &other), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_docking_pool_create(NULL, &other), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(other);

    /* a new profile applies to the next step */
    mote_docking_profile slow = p;
    slow.station_spin_rate = 1.0f;
    assert_int_equal(mote_docking_pool_set_profile(pool, &slow), MOTE_OK);
    assert_int_equal(mote_docking_pool_step(pool, 0.5f), MOTE_OK);
    assert_int_equal(mote_docking_pool_get(pool, id, &now), MOTE_OK);
    assert_float_equal(now.station_angle, 1.5f, 1e-6f);
    mote_docking_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_pool_is_the_reference),
               cmocka_unit_test(test_backends_and_parallel), cmocka_unit_test(test_add_get_set),
               cmocka_unit_test(test_bad_input))
