/* MOTE_STEP_CACHE_AUTO's trial (engine/core/step_cache.c), with the step times given by the test
 * instead of measured: which path each step of the trial takes, that the pool keeps the path
 * whose fastest step was faster (freeing the arrays when that is the general path), and when it
 * tries again. That either path gives the same bits is test_spring_fixed_step's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool.h"
#include "pool_api.h"
#include "step_cache.h"

#define DT (1.0f / 60.0f)

static mote_spring_pool *make_auto(size_t count) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.step_cache = MOTE_STEP_CACHE_AUTO;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    const mote_spring_desc desc = mote_default_spring_desc();
    for (size_t i = 0; i < count; ++i) {
        assert_int_equal(mote_spring_pool_add(pool, &desc, NULL), MOTE_OK);
    }
    return pool;
}

/* Plans a step at DT and says how it uses the cache. */
static mote_cache_use plan(mote_pool *pool) {
    mote_cache_args args;
    mote_step_cache_plan(pool, DT, &args);
    return args.use;
}

/* The first step at a dt runs the general path, the second fills the arrays (untimed). */
static void start_at_dt(mote_pool *pool) {
    assert_int_equal(plan(pool), MOTE_CACHE_UNUSED);
    assert_int_equal(plan(pool), MOTE_CACHE_REUSE);
    assert_int_equal(pool->step_cache.trial.arm, -1);
    assert_non_null(pool->step_cache.key);
}

/* Six timed steps, cached first and alternating: the faster path's take 1 ns per element but
 * its last takes 50 (one slow step must not decide: the fastest of each path counts), the
 * slower path's take 2 ns. */
static void run_trial(mote_pool *pool, bool cached_faster) {
    for (int k = 0; k < 6; ++k) {
        assert_int_equal(pool->step_cache.trial.choice, -1);
        const mote_cache_use use = plan(pool);
        const int arm = pool->step_cache.trial.arm;
        assert_int_equal(arm, k % 2 == 0 ? 1 : 0);
        assert_int_equal(use, arm == 1 ? MOTE_CACHE_REUSE : MOTE_CACHE_UNUSED);
        assert_non_null(pool->step_cache.key); /* kept while trying */
        const bool faster = (arm == 1) == cached_faster;
        const double outlier = k >= 4 ? 50e-9 : 1e-9; /* the faster path's last step was slow */
        mote_step_cache_record_trial(pool, faster ? outlier : 2e-9);
    }
}

static void auto_keeps_the_path_it_timed_faster(void **unused) {
    (void)unused;
    for (int cached_faster = 0; cached_faster < 2; ++cached_faster) {
        mote_spring_pool *spring = make_auto(1000);
        mote_pool *pool = MOTE_AS_POOL(spring);
        start_at_dt(pool);
        run_trial(pool, cached_faster == 1);
        assert_int_equal(pool->step_cache.trial.choice, cached_faster);
        for (int k = 0; k < 4; ++k) { /* decided: no more timing, the same path every step */
            assert_int_equal(plan(pool), cached_faster ? MOTE_CACHE_REUSE : MOTE_CACHE_UNUSED);
            assert_int_equal(pool->step_cache.trial.arm, -1);
            assert_int_equal(pool->step_cache.key != NULL, cached_faster == 1);
        }
        mote_spring_pool_destroy(spring);
    }
}

static void a_record_outside_a_trial_changes_nothing(void **unused) {
    (void)unused;
    mote_spring_pool *spring = make_auto(100);
    mote_pool *pool = MOTE_AS_POOL(spring);
    assert_int_equal(plan(pool), MOTE_CACHE_UNUSED);
    mote_step_cache_record_trial(pool, 1e-9); /* the first step at a dt is not timed */
    assert_int_equal(pool->step_cache.trial.samples[0], 0);
    assert_int_equal(pool->step_cache.trial.samples[1], 0);
    mote_spring_pool_destroy(spring);
}

/* A count past twice (or under half) the trial's, a new backend, a setting away from AUTO and
 * back: each starts a new trial. A count within the bounds keeps the choice. */
static void auto_tries_again_when_the_pool_changes(void **unused) {
    (void)unused;
    mote_spring_pool *spring = make_auto(1000);
    mote_pool *pool = MOTE_AS_POOL(spring);
    start_at_dt(pool);
    run_trial(pool, false);
    assert_int_equal(pool->step_cache.trial.choice, 0);
    const mote_spring_desc desc = mote_default_spring_desc();
    for (int i = 0; i < 1000; ++i) { /* 2000: still within twice */
        assert_int_equal(mote_spring_pool_add(spring, &desc, NULL), MOTE_OK);
    }
    assert_int_equal(plan(pool), MOTE_CACHE_UNUSED);
    assert_int_equal(pool->step_cache.trial.choice, 0);
    assert_int_equal(mote_spring_pool_add(spring, &desc, NULL), MOTE_OK); /* 2001 */
    assert_int_equal(plan(pool), MOTE_CACHE_REUSE); /* a new trial: the arrays filled again */
    assert_int_equal(pool->step_cache.trial.choice, -1);
    assert_int_equal(pool->step_cache.trial.count, 2001);
    run_trial(pool, true);
    assert_int_equal(pool->step_cache.trial.choice, 1);

    assert_int_equal(mote_spring_pool_set_step_cache(spring, MOTE_STEP_CACHE_ON), MOTE_OK);
    assert_int_equal(plan(pool), MOTE_CACHE_REUSE);
    assert_int_equal(mote_spring_pool_set_step_cache(spring, MOTE_STEP_CACHE_AUTO), MOTE_OK);
    assert_int_equal(plan(pool), MOTE_CACHE_REUSE);
    assert_int_equal(pool->step_cache.trial.choice, -1);
    assert_int_equal(pool->step_cache.trial.arm, 1); /* the arrays were still valid: timed */
    mote_step_cache_record_trial(pool, 1e-9);

    mote_step_cache_forget(pool); /* as a new backend or a restore does */
    assert_int_equal(pool->step_cache.trial.count, 0);
    start_at_dt(pool);
    assert_int_equal(pool->step_cache.trial.samples[1], 0);
    mote_spring_pool_destroy(spring);
}

MOTE_TEST_MAIN(cmocka_unit_test(auto_keeps_the_path_it_timed_faster),
               cmocka_unit_test(a_record_outside_a_trial_changes_nothing),
               cmocka_unit_test(auto_tries_again_when_the_pool_changes))
