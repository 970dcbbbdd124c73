/* A world's step against each pool stepped alone: every adapter of the registry (every kind,
 * every def variant) joined to one world, and a twin of each stepped by its kind's public
 * whole step (probe_bench_step: a launch pool's clock, a debris or flight pool's report), end
 * bit for bit alike
 * at 30, 60 and 240 Hz and a jittery dt, serially and on two workers; a 10 s hitch advances
 * every pool by the same seconds, those a kind cannot take whole in equal sub-steps, each the
 * twin's sub-steps bit for bit; the ranges of nine small pools go to the workers in one fork
 * and join; and refused steps (a bad dt, a bad input in one pool) change nothing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool.h"
#include "pool_adapter.h"
#include "test_support.h"
#include "world_internal.h"

#define POOL_COUNT 150 /* not a multiple of MOTE_PAD_ELEMENTS: a partial last block */

/* A pool of the adapter with POOL_COUNT seeded elements (the same every call), its own max_dt
 * set aside (INFINITY) so a step alone is clamped only by its kind. */
static void *make_pool(const pool_adapter *a) {
    pool_adapter_def def = {POOL_COUNT, POOL_COUNT + 16, MOTE_BACKEND_AUTO};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {0x776f726cu}; /* "worl" */
    for (size_t i = 0; i < POOL_COUNT; ++i) {
        mote_id id;
        assert_int_equal(a->add_random(a, pool, &rng, &id), MOTE_OK);
    }
    mote_pool *p = pool;
    assert_int_equal(mote_pool_set_max_dt(p, p->kind, INFINITY), MOTE_OK);
    return pool;
}

/* Every adapter's pool joined to one world, and its twin alone. */
typedef struct scene {
    size_t count;
    const pool_adapter *const *adapters;
    void **joined;
    void **alone;
    mote_world *world;
} scene;

static void scene_make(scene *s, float max_dt, const mote_task_system *tasks) {
    s->adapters = pool_adapters_all(&s->count);
    s->joined = test_malloc(s->count * sizeof *s->joined);
    s->alone = test_malloc(s->count * sizeof *s->alone);
    mote_world_def def = mote_default_world_def();
    def.max_dt = max_dt;
    def.tasks = tasks;
    assert_int_equal(mote_world_create(&def, &s->world), MOTE_OK);
    for (size_t k = 0; k < s->count; ++k) {
        s->joined[k] = make_pool(s->adapters[k]);
        s->alone[k] = make_pool(s->adapters[k]);
        mote_pool *p = s->joined[k];
        assert_int_equal(mote_world_join_pool(s->world, p, p->kind), MOTE_OK);
    }
}

static void scene_free(scene *s) {
    mote_world_destroy(s->world);
    for (size_t k = 0; k < s->count; ++k) {
        s->adapters[k]->destroy(s->joined[k]);
        s->adapters[k]->destroy(s->alone[k]);
    }
    test_free(s->joined);
    test_free(s->alone);
}

/* The sub-steps a pool alone takes for a world step that advances it by advanced seconds: the
 * fewest equal ones its kind takes in full, found from advance_of (not from the world). */
static unsigned substeps_alone(void *pool, float advanced, float *out_dt) {
    const mote_pool *p = pool;
    for (unsigned n = 1;; ++n) {
        const float part = advanced / (float)n;
        float taken = 0.0f;
        assert_int_equal(mote_pool_advance_of(p, p->kind, part, &taken), MOTE_OK);
        if (taken == part) {
            *out_dt = part;
            return n;
        }
        assert_true(n < 100000);
    }
}

/* Steps the world by dt and each twin alone by the same sub-steps of the same advanced
 * seconds, then holds every pair to the same bits. */
static void step_both(scene *s, float dt) {
    float advanced = -1.0f;
    assert_int_equal(mote_world_advance(s->world, dt, &advanced), MOTE_OK);
    const float max_dt = mote_world_max_dt(s->world);
    assert_true(advanced == (dt < max_dt ? dt : max_dt));
    for (size_t k = 0; k < s->count; ++k) {
        const pool_adapter *a = s->adapters[k];
        float part = 0.0f;
        const unsigned n = substeps_alone(s->alone[k], advanced, &part);
        for (unsigned j = 0; j < n; ++j) {
            assert_int_equal(probe_bench_step(a->probe, s->alone[k], part, NULL), MOTE_OK);
        }
        const mote_world_member *m = &s->world->members[k];
        assert_int_equal(m->substeps, n);
        assert_true(m->substep_dt == part);
        if (pool_adapter_hash(a, s->joined[k]) != pool_adapter_hash(a, s->alone[k])) {
            fail_msg("%s: the world's step of %g s (%u sub-steps) differs from the pool's own",
                     a->name, (double)dt, n);
        }
    }
}

/* The frame rates of the claim, each for a second of game time (fewer under valgrind). */
static void run_rates(const mote_task_system *tasks) {
    const float rates[] = {30.0f, 60.0f, 240.0f};
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; ++r) {
        scene s;
        scene_make(&s, INFINITY, tasks);
        const size_t frames = test_scaled_at_least((size_t)rates[r], 4);
        for (size_t f = 0; f < frames; ++f) {
            step_both(&s, 1.0f / rates[r]);
        }
        scene_free(&s);
    }
    scene s;
    scene_make(&s, INFINITY, tasks);
    test_rng rng = {0x6a697474u}; /* "jitt" */
    const size_t frames = test_scaled_at_least(60, 4);
    for (size_t f = 0; f < frames; ++f) {
        step_both(&s, test_rng_range(&rng, 1.0f / 300.0f, 1.0f / 20.0f));
    }
    scene_free(&s);
}

static void test_same_bits_serial(void **state) {
    (void)state;
    run_rates(NULL);
}

static void test_same_bits_on_two_workers(void **state) {
    (void)state;
    if (test_max_workers(2) < 2) {
        skip();
    }
    mote_workers *workers = NULL;
    assert_int_equal(mote_workers_create(2, &workers), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(workers);
    run_rates(&tasks);
    mote_workers_destroy(workers);
}

/* A 10 s hitch: with max_dt INFINITY every pool advances the whole 10 s (a kind with a limit
 * of its own in equal sub-steps), and with the default max_dt every pool the same 0.25 s. */
static void test_hitch_advances_every_pool_alike(void **state) {
    (void)state;
    const float limits[] = {INFINITY, mote_default_world_def().max_dt};
    for (size_t l = 0; l < 2; ++l) {
        scene s;
        scene_make(&s, limits[l], NULL);
        step_both(&s, 1.0f / 60.0f);
        step_both(&s, 10.0f);
        const float expected = limits[l] < 10.0f ? limits[l] : 10.0f;
        bool some_substepped = false;
        for (size_t k = 0; k < s.count; ++k) {
            const mote_world_member *m = &s.world->members[k];
            const float total = (float)m->substeps * m->substep_dt;
            assert_true(fabsf(total - expected) <= 1e-5f * expected);
            some_substepped = some_substepped || m->substeps > 1;
        }
        assert_true(some_substepped); /* the movers and controllers, at least */
        step_both(&s, 1.0f / 60.0f);
        scene_free(&s);
    }
}

/* A task system that counts the forks it is asked for, over mote_workers'. */
typedef struct counting {
    mote_task_system inner;
    unsigned forks;
    size_t items;
} counting;

static void *counting_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                              void *task_context, void *user_context) {
    counting *c = user_context;
    c->forks++;
    c->items += item_count;
    return c->inner.enqueue(task, item_count, min_range, task_context, c->inner.user_context);
}

static void counting_finish(void *user_task, void *user_context) {
    counting *c = user_context;
    c->inner.finish(user_task, c->inner.user_context);
}

/* Nine small pools, each at its kind's parallel threshold (so alone each steps on the calling
 * thread): the world hands all their blocks to the workers in one fork. */
static void test_nine_small_pools_one_fork(void **state) {
    (void)state;
    if (test_max_workers(2) < 2) {
        skip();
    }
    mote_workers *workers = NULL;
    assert_int_equal(mote_workers_create(2, &workers), MOTE_OK);
    counting c = {mote_workers_task_system(workers), 0, 0};
    const mote_task_system tasks = {counting_enqueue, counting_finish, 2, &c};
    size_t count = 0;
    const pool_adapter *const *adapters = pool_adapters_all(&count);
    mote_world_def def = mote_default_world_def();
    def.tasks = &tasks;
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    void *pools[9];
    size_t blocks = 0;
    for (size_t k = 0; k < 9; ++k) {
        const pool_adapter *a = adapters[(k * 7) % count];
        const size_t n = a->probe->record->parallel_min_elements;
        pool_adapter_def pdef = {n, n, MOTE_BACKEND_AUTO};
        assert_int_equal(a->create(a, &pdef, &pools[k]), MOTE_OK);
        test_rng rng = {0x6e696e65u + (uint32_t)k};
        for (size_t i = 0; i < n; ++i) {
            mote_id id;
            assert_int_equal(a->add_random(a, pools[k], &rng, &id), MOTE_OK);
        }
        mote_pool *p = pools[k];
        assert_int_equal(mote_world_join_pool(world, p, p->kind), MOTE_OK);
        assert_int_equal(
            mote_pool_step_span(p, p->kind, mote_step_whole(), 0.0f, &tasks, NULL, NULL), MOTE_OK);
        blocks += (n + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS;
    }
    for (size_t k = 0; k < 9; ++k) { /* alone, each stays on the calling thread */
        mote_pool *p = pools[k];
        assert_int_equal(
            mote_pool_step_span(p, p->kind, mote_step_whole(), 1.0f / 60.0f, &tasks, NULL, NULL),
            MOTE_OK);
    }
    assert_int_equal(c.forks, 0);
    assert_int_equal(mote_world_step(world, 1.0f / 60.0f), MOTE_OK);
    assert_int_equal(c.forks, 1);
    assert_int_equal(c.items, blocks);
    mote_world_destroy(world);
    for (size_t k = 0; k < 9; ++k) {
        adapters[(k * 7) % count]->destroy(pools[k]);
    }
    mote_workers_destroy(workers);
}

/* Refused steps: the status, a detail naming what, and every pool as it was. */
static void test_refused_steps_change_nothing(void **state) {
    (void)state;
    scene s;
    scene_make(&s, INFINITY, NULL);
    step_both(&s, 1.0f / 60.0f);
    uint64_t before[256];
    assert_true(s.count <= 256);
    for (size_t k = 0; k < s.count; ++k) {
        before[k] = pool_adapter_hash(s.adapters[k], s.joined[k]);
    }
    const float bad[] = {NAN, -1.0f, -0.0f * 0.0f - 1e-30f, INFINITY, -INFINITY};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        mote_clear_error_detail();
        assert_int_equal(mote_world_step(s.world, bad[b]), MOTE_ERROR_INVALID_DT);
        assert_non_null(strstr(mote_error_detail(), "dt"));
    }
    mote_clear_error_detail();
    assert_int_equal(mote_world_step(NULL, 1.0f / 60.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "world"));
    float advanced = -1.0f;
    assert_int_equal(mote_world_advance(s.world, 0.0f, &advanced), MOTE_OK); /* steps nothing */
    assert_true(advanced == 0.0f);
    for (size_t k = 0; k < s.count; ++k) {
        assert_true(before[k] == pool_adapter_hash(s.adapters[k], s.joined[k]));
    }
    assert_int_equal(mote_world_set_max_dt(s.world, 0.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "max_dt"));
    assert_true(isinf(mote_world_max_dt(s.world)));
    scene_free(&s);
}

/* A NaN written through the view into an input of the last joined pool that has checked
 * inputs (the pools before it in join order would be planned first): the world step refuses
 * with MOTE_ERROR_NON_FINITE and a detail naming the field, whole or in a hitch's sub-steps,
 * and no pool moved; with the value put back, the world and the twins step alike again. */
static void test_a_bad_input_in_one_pool_refuses_the_world_step(void **state) {
    (void)state;
    scene s;
    scene_make(&s, INFINITY, NULL);
    step_both(&s, 1.0f / 60.0f);
    size_t bad = SIZE_MAX;
    for (size_t k = 0; k < s.count; ++k) {
        const mote_pool *p = s.joined[k];
        bad = p->kind->input_limit_count > 0 ? k : bad;
    }
    assert_true(bad != SIZE_MAX && bad > 0);
    mote_pool *p = s.joined[bad];
    const mote_input_limit *limit = &p->kind->input_limits[0];
    const char *name = limit->name != NULL ? limit->name : p->kind->fields[limit->field].name;
    float *input = &p->core.fields.field[limit->field][POOL_COUNT / 2];
    const float kept = *input;
    *input = NAN;
    uint64_t before[256];
    assert_true(s.count <= 256);
    for (size_t k = 0; k < s.count; ++k) {
        before[k] = pool_adapter_hash(s.adapters[k], s.joined[k]);
    }
    const float frames[] = {1.0f / 60.0f, 10.0f};
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; ++f) {
        mote_clear_error_detail();
        float advanced = -1.0f;
        assert_int_equal(mote_world_advance(s.world, frames[f], &advanced), MOTE_ERROR_NON_FINITE);
        assert_true(advanced == -1.0f);
        if (strstr(mote_error_detail(), name) == NULL) {
            fail_msg("%s: the detail \"%s\" does not name %s", p->kind->name, mote_error_detail(),
                     name);
        }
        for (size_t k = 0; k < s.count; ++k) {
            if (before[k] != pool_adapter_hash(s.adapters[k], s.joined[k])) {
                fail_msg("%s moved in a world step refused for %s's %s", s.adapters[k]->name,
                         p->kind->name, name);
            }
        }
    }
    *input = kept;
    step_both(&s, 1.0f / 60.0f);
    scene_free(&s);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_same_bits_serial),
               cmocka_unit_test(test_same_bits_on_two_workers),
               cmocka_unit_test(test_hitch_advances_every_pool_alike),
               cmocka_unit_test(test_nine_small_pools_one_fork),
               cmocka_unit_test(test_refused_steps_change_nothing),
               cmocka_unit_test(test_a_bad_input_in_one_pool_refuses_the_world_step))
