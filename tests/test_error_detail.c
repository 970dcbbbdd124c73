/* What mote_error_detail() promises (mote/base.h): a refusal records its status name, the
 * argument and the rule; success leaves the detail alone; mote_clear_error_detail() empties
 * it; each thread has its own. */
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
               cmocka_unit_test(test_each_thread_has_its_own_detail))
