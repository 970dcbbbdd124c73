/* A world's pools: create and its def's refusals, join and leave in order, a pool in at most
 * one world, and a joined pool destroyed leaving its world. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "world_internal.h"

static mote_world *make_world(void) {
    mote_world_def def = mote_default_world_def();
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    return world;
}

static mote_spring_pool *make_springs(void) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static mote_mover_pool *make_movers(void) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

/* The refusal's status, and its detail naming what. */
static void assert_refused(mote_status status, mote_status expected, const char *what) {
    assert_int_equal(status, expected);
    assert_non_null(strstr(mote_error_detail(), what));
}

static void test_create_refuses_bad_defs(void **state) {
    (void)state;
    mote_world *world = NULL;
    mote_world_def def = mote_default_world_def();
    assert_refused(mote_world_create(NULL, &world), MOTE_ERROR_INVALID_ARGUMENT, "def");
    assert_refused(mote_world_create(&def, NULL), MOTE_ERROR_INVALID_ARGUMENT, "out");
    mote_world_def zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    assert_refused(mote_world_create(&zeroed, &world), MOTE_ERROR_UNINITIALIZED_DEF,
                   "mote_default_world_def");
    def.max_dt = 0.0f;
    assert_refused(mote_world_create(&def, &world), MOTE_ERROR_INVALID_ARGUMENT, "max_dt");
    def.max_dt = NAN;
    assert_refused(mote_world_create(&def, &world), MOTE_ERROR_INVALID_ARGUMENT, "max_dt");
    def = mote_default_world_def();
    def.max_substeps = 0;
    assert_refused(mote_world_create(&def, &world), MOTE_ERROR_INVALID_ARGUMENT, "max_substeps");
    def.max_substeps = MOTE_WORLD_MAX_SUBSTEPS + 1;
    assert_refused(mote_world_create(&def, &world), MOTE_ERROR_INVALID_ARGUMENT, "max_substeps");
    def = mote_default_world_def();
    const mote_task_system no_enqueue = {NULL, NULL, 2, NULL};
    def.tasks = &no_enqueue;
    assert_refused(mote_world_create(&def, &world), MOTE_ERROR_INVALID_ARGUMENT, "tasks");
    assert_null(world);
    def = mote_default_world_def();
    def.max_dt = INFINITY; /* no clamp is a policy too */
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    assert_true(isinf(mote_world_max_dt(world)));
    mote_world_destroy(world);
    mote_world_destroy(NULL);
}

static void test_join_and_leave_keep_order(void **state) {
    (void)state;
    mote_world *world = make_world();
    mote_spring_pool *a = make_springs();
    mote_mover_pool *b = make_movers();
    mote_spring_pool *c = make_springs();
    assert_int_equal(mote_world_pool_count(world), 0);
    assert_int_equal(mote_world_join(world, a), MOTE_OK);
    assert_int_equal(mote_world_join(world, b), MOTE_OK);
    assert_int_equal(mote_world_join_spring_pool(world, c), MOTE_OK);
    assert_int_equal(mote_world_pool_count(world), 3);
    assert_ptr_equal(world->members[0].pool, (mote_pool *)(void *)a);
    assert_ptr_equal(world->members[1].pool, (mote_pool *)(void *)b);
    assert_ptr_equal(world->members[2].pool, (mote_pool *)(void *)c);
    assert_int_equal(mote_world_leave(world, b), MOTE_OK);
    assert_int_equal(mote_world_pool_count(world), 2);
    assert_ptr_equal(world->members[0].pool, (mote_pool *)(void *)a);
    assert_ptr_equal(world->members[1].pool, (mote_pool *)(void *)c);
    assert_refused(mote_world_leave(world, b), MOTE_ERROR_INVALID_ARGUMENT, "not in this world");
    assert_int_equal(mote_world_join(world, b), MOTE_OK); /* back in, last */
    assert_ptr_equal(world->members[2].pool, (mote_pool *)(void *)b);
    mote_world_destroy(world); /* the pools stay, in no world */
    mote_world *other = make_world();
    assert_int_equal(mote_world_join(other, b), MOTE_OK);
    mote_world_destroy(other);
    mote_spring_pool_destroy(a);
    mote_mover_pool_destroy(b);
    mote_spring_pool_destroy(c);
}

static void test_a_pool_joins_one_world_once(void **state) {
    (void)state;
    mote_world *world = make_world();
    mote_world *other = make_world();
    mote_spring_pool *pool = make_springs();
    assert_int_equal(mote_world_join(world, pool), MOTE_OK);
    assert_refused(mote_world_join(world, pool), MOTE_ERROR_INVALID_ARGUMENT, "already joined");
    assert_refused(mote_world_join(other, pool), MOTE_ERROR_INVALID_ARGUMENT, "another world");
    assert_int_equal(mote_world_pool_count(world), 1);
    assert_int_equal(mote_world_pool_count(other), 0);
    assert_refused(mote_world_leave(other, pool), MOTE_ERROR_INVALID_ARGUMENT, "another");
    assert_refused(mote_world_join_spring_pool(NULL, pool), MOTE_ERROR_INVALID_ARGUMENT, "world");
    assert_refused(mote_world_join_spring_pool(other, NULL), MOTE_ERROR_INVALID_ARGUMENT, "pool");
    assert_refused(mote_world_leave_spring_pool(world, NULL), MOTE_ERROR_INVALID_ARGUMENT, "pool");
    assert_int_equal(mote_world_pool_count(world), 1);
    assert_int_equal(mote_world_leave(world, pool), MOTE_OK);
    assert_int_equal(mote_world_join(other, pool), MOTE_OK);
    mote_spring_pool_destroy(pool);
    mote_world_destroy(world);
    mote_world_destroy(other);
}

/* A joined pool destroyed leaves its world first: the world's list never holds a freed pool,
 * and the world steps on. */
static void test_destroying_a_joined_pool_leaves_the_world(void **state) {
    (void)state;
    mote_world *world = make_world();
    mote_spring_pool *a = make_springs();
    mote_mover_pool *b = make_movers();
    mote_spring_pool *c = make_springs();
    assert_int_equal(mote_world_join(world, a), MOTE_OK);
    assert_int_equal(mote_world_join(world, b), MOTE_OK);
    assert_int_equal(mote_world_join(world, c), MOTE_OK);
    mote_mover_pool_destroy(b);
    assert_int_equal(mote_world_pool_count(world), 2);
    assert_ptr_equal(world->members[0].pool, (mote_pool *)(void *)a);
    assert_ptr_equal(world->members[1].pool, (mote_pool *)(void *)c);
    assert_int_equal(mote_world_step(world, 1.0f / 60.0f), MOTE_OK);
    mote_spring_pool_destroy(a);
    mote_spring_pool_destroy(c);
    assert_int_equal(mote_world_pool_count(world), 0);
    assert_int_equal(mote_world_step(world, 1.0f / 60.0f), MOTE_OK);
    mote_world_destroy(world);
}

/* Many pools: the list grows past the def's room and keeps its order. */
static void test_many_pools_grow_the_list(void **state) {
    (void)state;
    mote_world_def def = mote_default_world_def();
    def.pool_capacity = 0;
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    enum { N = 40 };
    mote_spring_pool *pools[N];
    for (int i = 0; i < N; ++i) {
        pools[i] = make_springs();
        assert_int_equal(mote_world_join(world, pools[i]), MOTE_OK);
    }
    assert_int_equal(mote_world_pool_count(world), N);
    for (int i = 0; i < N; ++i) {
        assert_ptr_equal(world->members[i].pool, (mote_pool *)(void *)pools[i]);
    }
    for (int i = 0; i < N; ++i) {
        mote_spring_pool_destroy(pools[i]);
    }
    assert_int_equal(mote_world_pool_count(world), 0);
    mote_world_destroy(world);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_create_refuses_bad_defs),
               cmocka_unit_test(test_join_and_leave_keep_order),
               cmocka_unit_test(test_a_pool_joins_one_world_once),
               cmocka_unit_test(test_destroying_a_joined_pool_leaves_the_world),
               cmocka_unit_test(test_many_pools_grow_the_list))
