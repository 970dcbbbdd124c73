/* What mote_error_detail() promises (mote/base.h): a refusal records its status name, the
 * argument and the rule; success leaves the detail alone; mote_clear_error_detail() empties
 * it; each thread has its own. Every class of refusal path of every pool kind (and of the
 * scalar references and the workers) leaves a detail that begins with the very status the
 * call returned, and the kinds' cross-field refusals name their field. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "test_support.h"

#include "mote/mote.h"
#include "pool_adapter.h"

static mote_spring_pool *one_spring_pool(void) {
    mote_spring_pool *pool = NULL;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static void test_refusal_names_status_argument_and_rule(void **state) {
    (void)state;
    mote_spring_pool *pool = one_spring_pool();
    mote_clear_error_detail();
    assert_string_equal(mote_error_detail(), "");
    assert_int_equal(mote_spring_pool_step(pool, NAN), MOTE_ERROR_INVALID_DT);
    assert_non_null(strstr(mote_error_detail(), "MOTE_ERROR_INVALID_DT: dt must be finite"));
    assert_non_null(strstr(mote_error_detail(), "nan"));
    assert_int_equal(mote_spring_pool_step_range(pool, 0, 3, 0.01f), MOTE_ERROR_RANGE);
    assert_string_equal(mote_error_detail(),
                        "MOTE_ERROR_RANGE: range [0, 3) must lie within [0, 0]");
    mote_spring_pool_destroy(pool);
}

static void test_success_keeps_the_detail_and_clear_empties_it(void **state) {
    (void)state;
    mote_spring_pool *pool = one_spring_pool();
    assert_int_equal(mote_spring_pool_step(pool, -1.0f), MOTE_ERROR_INVALID_DT);
    char before[MOTE_ERROR_DETAIL_CAPACITY];
    strcpy(before, mote_error_detail());
    assert_int_equal(mote_spring_pool_step(pool, 0.01f), MOTE_OK);
    assert_string_equal(mote_error_detail(), before);
    mote_clear_error_detail();
    assert_string_equal(mote_error_detail(), "");
    mote_spring_pool_destroy(pool);
}

/* The shared pool layer's refusals name the argument, field or element and the rule. */
static void test_pool_layer_refusals_name_what_was_wrong(void **state) {
    (void)state;
    mote_spring_pool *pool = one_spring_pool();
    mote_spring_desc d = mote_default_spring_desc();
    d.goal = NAN;
    assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "desc.goal must be finite"));
    mote_spring_desc many[3] = {mote_default_spring_desc(), mote_default_spring_desc(),
                                mote_default_spring_desc()};
    many[2].v = INFINITY;
    assert_int_equal(mote_spring_pool_add_many(pool, many, 3, NULL), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "descs[2].v must be finite"));
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &many[0], &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, id), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, id), MOTE_ERROR_STALE_ID);
    assert_non_null(strstr(mote_error_detail(), "names no live element"));
    assert_int_equal(mote_spring_pool_set_max_dt(pool, -1.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "max_dt must be > 0"));
    assert_int_equal(mote_spring_pool_reserve(pool, SIZE_MAX), MOTE_ERROR_FULL);
    assert_non_null(strstr(mote_error_detail(), "capacity must be <= max_count"));
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = def.max_count + 1;
    mote_spring_pool *refused = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &refused), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "capacity must be <= max_count"));
    def = (mote_spring_pool_def){0};
    assert_int_equal(mote_spring_pool_create(&def, &refused), MOTE_ERROR_UNINITIALIZED_DEF);
    assert_non_null(strstr(mote_error_detail(), "mote_default_spring_pool_def()"));
    mote_spring_pool_destroy(pool);
}

/* A refusal's detail: the returned status's name, ": ", then a rule of some length. MOTE_OK
 * checks nothing. */
static void assert_detail_of(mote_status status, const char *call) {
    if (status == MOTE_OK) {
        return;
    }
    const char *name = mote_status_name(status);
    const char *detail = mote_error_detail();
    const size_t n = strlen(name);
    if (strncmp(detail, name, n) != 0 || detail[n] != ':' || strlen(detail) < n + 8) {
        fail_msg("%s returned %s with the detail \"%s\"", call, name, detail);
    }
}

/* Clears the detail, so a refusal that records none is seen. */
#define REFUSAL(call) (mote_clear_error_detail(), (call))

/* Values an add or set is given: ordinary ones, edges and the non-finite. */
static float any_value(test_rng *rng) {
    static const float values[] = {0.0f,   1.0f,     -1.0f,     0.5f,  2.0f,  0.1f,   10.0f,
                                   -0.25f, 3.0f,     1e3f,      -1e3f, 1e30f, -1e30f, 1e-30f,
                                   NAN,    INFINITY, -INFINITY, 6.5f,  4.0f,  0.7071f};
    return values[test_rng_next(rng) % (sizeof values / sizeof values[0])];
}

/* Every adapter (every variant of every kind): each refusal class of the common functions,
 * and some thousand adds and sets of arbitrary values (every cross-field check a kind has is
 * met by some), each refusal with its own status's detail. */
static void test_every_pool_refusal_names_its_status(void **state) {
    (void)state;
    size_t adapter_count = 0;
    const pool_adapter *const *adapters = pool_adapters_all(&adapter_count);
    const size_t attempts = test_scaled_at_least(400, 40);
    for (size_t a = 0; a < adapter_count; ++a) {
        const pool_adapter *ad = adapters[a];
        void *pool = NULL, *other = NULL;
        pool_adapter_def def = {8, 8, MOTE_BACKEND_AUTO};
        assert_int_equal(ad->create(ad, &def, &pool), MOTE_OK);
        assert_int_equal(ad->create(ad, &def, &other), MOTE_OK);
        pool_adapter_def bad = {8, 0, MOTE_BACKEND_AUTO};
        void *refused = NULL;
        assert_detail_of(REFUSAL(ad->create(ad, &bad, &refused)), ad->name);
        bad = (pool_adapter_def){8, 8, (mote_backend)99};
        assert_detail_of(REFUSAL(ad->create(ad, &bad, &refused)), ad->name);
        test_rng rng = {0x5EED0000u + a};
        mote_id live = mote_null_id(), foreign = mote_null_id(), gone = mote_null_id();
        for (int k = 0; k < 4; ++k) {
            assert_int_equal(ad->add_random(ad, pool, &rng, &live), MOTE_OK);
        }
        assert_int_equal(ad->add_random(ad, other, &rng, &foreign), MOTE_OK);
        assert_int_equal(ad->add_random(ad, pool, &rng, &gone), MOTE_OK);
        assert_int_equal(ad->remove(pool, gone), MOTE_OK);
        assert_int_equal(REFUSAL(ad->remove(pool, gone)), MOTE_ERROR_STALE_ID);
        assert_detail_of(MOTE_ERROR_STALE_ID, ad->name);
        assert_int_equal(REFUSAL(ad->remove(pool, foreign)), MOTE_ERROR_WRONG_POOL);
        assert_detail_of(MOTE_ERROR_WRONG_POOL, ad->name);
        assert_detail_of(REFUSAL(ad->step(pool, NAN)), ad->name);
        assert_detail_of(REFUSAL(ad->step(pool, -1.0f)), ad->name);
        assert_detail_of(REFUSAL(ad->step_range(pool, 0, 9, 0.01f)), ad->name);
        assert_detail_of(REFUSAL(ad->reserve(pool, 9)), ad->name);
        assert_detail_of(REFUSAL(ad->set_backend(pool, (mote_backend)99)), ad->name);
        assert_detail_of(REFUSAL(ad->validate(pool, NULL)), ad->name);
        /* snapshots: a short buffer, then damaged blobs */
        const size_t size = ad->snapshot_size(pool);
        unsigned char *blob = test_malloc(size);
        size_t written = 0;
        assert_int_equal(REFUSAL(ad->save(pool, blob, size - 1, &written)),
                         MOTE_ERROR_BUFFER_TOO_SMALL);
        assert_detail_of(MOTE_ERROR_BUFFER_TOO_SMALL, ad->name);
        assert_int_equal(ad->save(pool, blob, size, &written), MOTE_OK);
        for (size_t at = 0; at < written; at += 1 + written / 64) {
            blob[at] ^= 0x41u;
            assert_detail_of(REFUSAL(ad->restore(other, blob, written)), ad->name);
            test_reseal_snapshot(blob, written); /* past the checksum: the checks behind it */
            assert_detail_of(REFUSAL(ad->restore(other, blob, written)), ad->name);
            blob[at] ^= 0x41u;
            test_reseal_snapshot(blob, written);
        }
        assert_detail_of(REFUSAL(ad->restore(other, blob, written / 2)), ad->name);
        test_free(blob);
        /* arbitrary adds and sets */
        for (size_t t = 0; t < attempts; ++t) {
            float values[POOL_MAX_FIELDS];
            const size_t n = POOL_MAX_FIELDS;
            for (size_t i = 0; i < n; ++i) {
                values[i] = any_value(&rng);
            }
            mote_id id;
            if (ad->count(pool) >= 8) {
                assert_int_equal(ad->remove(pool, ad->id_at(pool, 7)), MOTE_OK);
            }
            assert_detail_of(REFUSAL(ad->add_values(ad, pool, values, n, &id)), ad->name);
            values[test_rng_next(&rng) % n] = any_value(&rng);
            assert_detail_of(REFUSAL(ad->set_values(ad, pool, live, values, n)), ad->name);
        }
        while (ad->count(pool) < 8) {
            assert_int_equal(ad->add_random(ad, pool, &rng, NULL), MOTE_OK);
        }
        assert_int_equal(REFUSAL(ad->add_random(ad, pool, &rng, NULL)), MOTE_ERROR_FULL);
        assert_detail_of(MOTE_ERROR_FULL, ad->name);
        ad->destroy(pool);
        ad->destroy(other);
    }
}

/* The kinds' cross-field refusals name the field: a flight desc whose limits differ from its
 * pool's, a stage desc whose separation differs from its pool's. */
static void test_cross_field_refusals_name_the_field(void **state) {
    (void)state;
    mote_flight_pool *flights = NULL;
    mote_flight_pool_def fdef = mote_default_flight_pool_def();
    assert_int_equal(mote_flight_pool_create(&fdef, &flights), MOTE_OK);
    mote_flight_desc f = mote_flight_pool_desc(flights);
    f.max_bank = 0.5f;
    assert_int_equal(REFUSAL(mote_flight_pool_add(flights, &f, NULL)), MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_of(MOTE_ERROR_INVALID_ARGUMENT, "flight add");
    assert_non_null(strstr(mote_error_detail(), "desc.max_bank"));
    f = mote_flight_pool_desc(flights);
    f.gravity = 1.62f;
    assert_int_equal(REFUSAL(mote_flight_pool_add(flights, &f, NULL)), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "desc.gravity"));
    mote_flight_pool_destroy(flights);

    mote_stage_pool *stages = NULL;
    mote_stage_pool_def sdef = mote_default_stage_pool_def();
    assert_int_equal(mote_stage_pool_create(&sdef, &stages), MOTE_OK);
    mote_stage_desc st = mote_default_stage_desc();
    st.side_speed = 7.0f;
    assert_int_equal(REFUSAL(mote_stage_pool_add(stages, &st, NULL)), MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_of(MOTE_ERROR_INVALID_ARGUMENT, "stage add");
    assert_non_null(strstr(mote_error_detail(), "desc.side_speed"));
    mote_stage_pool_destroy(stages);
}

/* The scalar references and the workers: a refusal passed on from a check (a profile's NaN
 * member, refused as MOTE_ERROR_INVALID_ARGUMENT) is recorded under the returned status. */
static void test_reference_refusals_name_their_status(void **state) {
    (void)state;
    mote_launch_profile lp = mote_default_launch_profile();
    lp.planet_radius = NAN;
    mote_launch_rocket rocket = mote_default_launch_rocket();
    mote_launch_pose pose;
    assert_int_equal(REFUSAL(mote_launch_evaluate(&lp, &rocket, 1.0f, &pose)),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_of(MOTE_ERROR_INVALID_ARGUMENT, "mote_launch_evaluate");
    assert_non_null(strstr(mote_error_detail(), "must be finite"));
    mote_vec3 shake;
    assert_detail_of(REFUSAL(mote_launch_camera_shake(&lp, 1.0f, &shake)),
                     "mote_launch_camera_shake");
    mote_launch_pool *launches = NULL;
    mote_launch_pool_def ldef = mote_default_launch_pool_def();
    assert_int_equal(mote_launch_pool_create(&ldef, &launches), MOTE_OK);
    assert_detail_of(REFUSAL(mote_launch_pool_set_profile(launches, &lp)), "launch set_profile");
    mote_launch_pool_destroy(launches);

    mote_docking_profile dp = mote_default_docking_profile();
    dp.approach_duration = NAN;
    mote_docking_state ds;
    assert_detail_of(REFUSAL(mote_docking_begin(&dp, (mote_vec3){0, 0, 0}, mote_quat_identity(),
                                                (mote_vec3){0, 0, 10}, 0.0f, &ds)),
                     "mote_docking_begin");
    mote_docking_pool *docking = NULL;
    mote_docking_pool_def ddef = mote_default_docking_pool_def();
    assert_int_equal(mote_docking_pool_create(&ddef, &docking), MOTE_OK);
    assert_detail_of(REFUSAL(mote_docking_pool_set_profile(docking, &dp)), "docking set_profile");
    mote_docking_pool_destroy(docking);
    dp = mote_default_docking_profile();
    assert_int_equal(mote_docking_begin(&dp, (mote_vec3){0, 0, 0}, mote_quat_identity(),
                                        (mote_vec3){0, 0, 10}, 0.0f, &ds),
                     MOTE_OK);
    assert_detail_of(REFUSAL(mote_docking_pose_of(&dp, &ds, NULL)), "mote_docking_pose_of");

    mote_stage_desc sd = mote_default_stage_desc();
    sd.tilt_duration = NAN;
    mote_stage_pose sp;
    assert_detail_of(REFUSAL(mote_stage_evaluate(&sd, 1.0f, &sp)), "mote_stage_evaluate");

    mote_station_spin spin = mote_default_station_spin();
    assert_detail_of(REFUSAL(mote_station_spin_step(&spin, NAN)), "mote_station_spin_step");
    assert_detail_of(REFUSAL(mote_station_spin_step(NULL, 0.1f)), "mote_station_spin_step");

    mote_workers *workers = NULL;
    assert_detail_of(REFUSAL(mote_workers_create(MOTE_WORKERS_MAX + 1, &workers)),
                     "mote_workers_create");
    assert_detail_of(REFUSAL(mote_workers_create(1, NULL)), "mote_workers_create");
}

static bool thread_saw_its_refusal;

static void *refuse_on_this_thread(void *arg) {
    mote_spring_pool *pool = arg;
    (void)mote_spring_pool_step(pool, INFINITY);
    thread_saw_its_refusal = strstr(mote_error_detail(), "MOTE_ERROR_INVALID_DT") != NULL;
    return NULL;
}

static void test_each_thread_has_its_own_detail(void **state) {
    (void)state;
    if (test_max_workers(2) < 2) {
        skip(); /* this host's emulator cannot start threads (MOTE_TEST_MAX_WORKERS) */
    }
    mote_spring_pool *pool = one_spring_pool();
    mote_clear_error_detail();
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, refuse_on_this_thread, pool), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_true(thread_saw_its_refusal);
    assert_string_equal(mote_error_detail(), "");
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_refusal_names_status_argument_and_rule),
               cmocka_unit_test(test_success_keeps_the_detail_and_clear_empties_it),
               cmocka_unit_test(test_pool_layer_refusals_name_what_was_wrong),
               cmocka_unit_test(test_every_pool_refusal_names_its_status),
               cmocka_unit_test(test_cross_field_refusals_name_the_field),
               cmocka_unit_test(test_reference_refusals_name_their_status),
               cmocka_unit_test(test_each_thread_has_its_own_detail))
