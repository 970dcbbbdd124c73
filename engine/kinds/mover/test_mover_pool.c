/* Mover pools (engine/include/mote/mover_pool.h): the pool against the scalar reference
 * (mote_movement_update per element and sub-step) on every backend; the sub-step split;
 * ids, swap-remove, views, range steps, push, place_at, the input setters; and every bad
 * input returning its error code with the pool bit-for-bit unchanged; allocation failure at
 * every point without a leak. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "mover_bounds.h"
#include "mover_fields.h"
#include "test_support.h"

#define DT (1.0f / 60.0f)

/* ------------------------------------------------------------------------------------------ */
/* Helpers */

static mote_mover_pool *make_pool(const mote_movement_params *params, mote_backend backend) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    if (params != NULL) {
        def.params = *params;
    }
    def.backend = backend;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    assert_non_null(pool);
    return pool;
}

/* A varied element: walking, turning, stopping, facing explicitly, by i. */
static mote_mover_desc varied_desc(test_rng *rng, size_t i) {
    mote_mover_desc d = mote_default_mover_desc();
    d.state.position.x = test_rng_range(rng, -500, 500);
    d.state.position.y = test_rng_range(rng, -500, 500);
    d.state.immediate_velocity.x = test_rng_range(rng, -300, 300);
    d.state.immediate_velocity.y = test_rng_range(rng, -300, 300);
    d.state.velocity = d.state.immediate_velocity;
    d.state.rotation = test_rng_range(rng, -3, 3);
    d.state.immediate_rotation = d.state.rotation;
    d.desired_velocity.x = i % 4 == 0 ? 0.0f : test_rng_range(rng, -400, 400);
    d.desired_velocity.y = i % 4 == 0 ? 0.0f : test_rng_range(rng, -400, 400);
    d.explicit_facing = i % 5 == 0;
    d.desired_facing = test_rng_range(rng, -3, 3);
    return d;
}

static void fill(mote_mover_pool *pool, size_t n, uint64_t seed, mote_id *ids) {
    test_rng rng = {seed};
    for (size_t i = 0; i < n; ++i) {
        mote_mover_desc d = varied_desc(&rng, i);
        assert_int_equal(mote_mover_pool_add(pool, &d, ids ? &ids[i] : NULL), MOTE_OK);
    }
}

/* Every field array of the live elements, the count, params and backend. */
typedef struct snapshot {
    size_t count;
    float *f[MOVER_FIELD_COUNT];
    mote_movement_params params;
    float max_substep;
    mote_backend backend;
} snapshot;

static snapshot take_snapshot(mote_mover_pool *pool) {
    snapshot s;
    mote_mover_view v = mote_mover_pool_view(pool);
    float *p[MOVER_FIELD_COUNT];
    mover_view_pointers(&v, p);
    s.count = v.count;
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        s.f[f] = malloc((s.count ? s.count : 1) * sizeof(float));
        assert_non_null(s.f[f]);
        if (s.count) {
            memcpy(s.f[f], p[f], s.count * sizeof(float));
        }
    }
    s.params = mote_mover_pool_params(pool);
    s.max_substep = mote_mover_pool_max_substep(pool);
    s.backend = mote_mover_pool_backend(pool);
    return s;
}

static void free_snapshot(snapshot *s) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        free(s->f[f]);
    }
}

/* Params equal member by member, floats bit for bit (memcmp of the whole struct would read
 * the padding after rotation_double_spring, which holds no value). */
static bool same_params(const mote_movement_params *a, const mote_movement_params *b) {
    const float fa[] = {a->acceleration,
                        a->deceleration,
                        a->directional_acceleration,
                        a->turn_strength,
                        a->acceleration_halflife,
                        a->deceleration_halflife,
                        a->acceleration_compensation,
                        a->deceleration_compensation,
                        a->rotation_halflife};
    const float fb[] = {b->acceleration,
                        b->deceleration,
                        b->directional_acceleration,
                        b->turn_strength,
                        b->acceleration_halflife,
                        b->deceleration_halflife,
                        b->acceleration_compensation,
                        b->deceleration_compensation,
                        b->rotation_halflife};
    return memcmp(fa, fb, sizeof fa) == 0 && a->rotation_double_spring == b->rotation_double_spring;
}

/* Fails unless the pool is bit for bit what the snapshot recorded. */
static void expect_unchanged(mote_mover_pool *pool, const snapshot *before, const char *what) {
    snapshot now = take_snapshot(pool);
    if (now.count != before->count) {
        fail_msg("%s: count %zu -> %zu", what, before->count, now.count);
    }
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        if (now.count && memcmp(now.f[f], before->f[f], now.count * sizeof(float)) != 0) {
            fail_msg("%s: field %d changed", what, f);
        }
    }
    if (!same_params(&now.params, &before->params) || now.max_substep != before->max_substep ||
        now.backend != before->backend) {
        fail_msg("%s: settings changed", what);
    }
    free_snapshot(&now);
}

static void state_values(const mote_movement_state *s, float out[MOVER_STATE_COUNT]) {
    const float v[MOVER_STATE_COUNT] = {
        s->position.x,           s->position.y,           s->velocity.x,
        s->velocity.y,           s->acceleration.x,       s->acceleration.y,
        s->immediate_velocity.x, s->immediate_velocity.y, s->rotation,
        s->angular_velocity,     s->immediate_rotation,   s->immediate_angular_velocity};
    memcpy(out, v, sizeof v);
}

/* ------------------------------------------------------------------------------------------ */
/* The pool against the reference */

/* One pool step of dt on every backend against the reference run element by element with
 * the split the pool reports: linear fields bit-identical, facing fields within the bound. */
static void check_against_reference(float dt, float max_substep, int expected_substeps) {
    const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE, MOTE_BACKEND_AVX2,
                                     MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};
    mote_movement_params params = mote_default_movement_params();
    params.directional_acceleration = 0.25f;
    params.turn_strength = 2.0f;
    const size_t n = 1003;
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        mote_mover_pool *pool = make_pool(&params, backends[b]);
        assert_int_equal(mote_mover_pool_set_max_substep(pool, max_substep), MOTE_OK);
        fill(pool, n, 0xabc + b, NULL);
        int substeps;
        float substep;
        assert_int_equal(mote_mover_pool_substeps(pool, dt, &substeps, &substep), MOTE_OK);
        assert_int_equal(substeps, expected_substeps);
        mote_mover_view v = mote_mover_pool_view(pool);
        mote_movement_state *expect = malloc(n * sizeof *expect);
        assert_non_null(expect);
        for (size_t i = 0; i < n; ++i) {
            expect[i] = mover_state_at(&v, i);
            mote_vec2 dv = {v.desired_velocity_x[i], v.desired_velocity_y[i]};
            for (int k = 0; k < substeps; ++k) {
                if (v.explicit_facing[i] != 0.0f) {
                    mote_movement_update_facing(&expect[i], dv, v.desired_facing[i], substep,
                                                &params);
                } else {
                    mote_movement_update(&expect[i], dv, substep, &params);
                }
            }
        }
        float before[MOVER_STATE_COUNT];
        mote_movement_state *start = malloc(n * sizeof *start);
        assert_non_null(start);
        for (size_t i = 0; i < n; ++i) {
            start[i] = mover_state_at(&v, i);
        }
        assert_int_equal(mote_mover_pool_step(pool, dt), MOTE_OK);
        for (size_t i = 0; i < n; ++i) {
            float got[MOVER_STATE_COUNT], want[MOVER_STATE_COUNT];
            mote_movement_state g = mover_state_at(&v, i);
            state_values(&g, got);
            state_values(&expect[i], want);
            state_values(&start[i], before);
            double scale = mover_facing_scale(before, want);
            double spacing = ldexp(1.0, ilogb(scale) - 23);
            for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
                double err = mover_is_facing_field(f) ? fabs((double)got[f] - want[f]) / spacing
                                                      : test_ulp_distance(got[f], want[f]);
                if (err > mover_one_step_bound(f, substep, substeps)) {
                    fail_msg("backend %s dt %g element %zu field %d: %.9g vs %.9g",
                             mote_backend_name(backends[b]), dt, i, f, got[f], want[f]);
                }
            }
        }
        free(start);
        free(expect);
        mote_mover_pool_destroy(pool);
    }
}

static void test_pool_matches_reference_every_backend(void **unused) {
    (void)unused;
    check_against_reference(DT, DT, 1);
    check_against_reference(0.05f, DT, 3);         /* three equal sub-steps */
    check_against_reference(1.0f / 30.0f, DT, 2);  /* exactly two */
    check_against_reference(1.0f, DT, 16);         /* clamped: 16 of 1/60 */
    check_against_reference(DT, 1.0f / 120.0f, 2); /* a finer cap */
    check_against_reference(0.004f, DT, 1);        /* shorter than the cap: one */
}

/* The split itself: fewest equal sub-steps, the 1e-3 tolerance, the clamp. */
static void test_substep_split(void **unused) {
    (void)unused;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    int n;
    float h;
    assert_true(mote_mover_pool_max_substep(pool) == 1.0f / 60.0f);
    assert_int_equal(mote_mover_pool_substeps(pool, 0.0f, &n, &h), MOTE_OK);
    assert_int_equal(n, 0);
    assert_int_equal(mote_mover_pool_substeps(pool, 1.0f / 60.0f, &n, &h), MOTE_OK);
    assert_true(n == 1 && h == 1.0f / 60.0f);
    assert_int_equal(mote_mover_pool_substeps(pool, 1.0f / 60.0f * 1.0005f, &n, &h), MOTE_OK);
    assert_int_equal(n, 1); /* within 1e-3: not split for rounding */
    assert_int_equal(mote_mover_pool_substeps(pool, 1.0f / 60.0f * 1.01f, &n, &h), MOTE_OK);
    assert_int_equal(n, 2);
    assert_int_equal(mote_mover_pool_substeps(pool, 0.1f, &n, &h), MOTE_OK);
    assert_true(n == 6 && h == 0.1f / 6.0f);
    assert_int_equal(mote_mover_pool_substeps(pool, 100.0f, &n, &h), MOTE_OK);
    assert_true(n == MOTE_MOVER_MAX_SUBSTEPS && h == 1.0f / 60.0f);
    assert_int_equal(mote_mover_pool_substeps(pool, NAN, &n, &h), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_substeps(pool, -1.0f, &n, &h), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_substeps(pool, INFINITY, &n, &h), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_substeps(NULL, 0.1f, &n, &h), MOTE_ERROR_INVALID_ARGUMENT);
    mote_mover_pool_destroy(pool);
}

/* Any split of [0, count) into ranges gives the bits of one whole step. */
static void test_range_steps_equal_whole_step(void **unused) {
    (void)unused;
    mote_mover_pool *whole = make_pool(NULL, MOTE_BACKEND_AUTO);
    mote_mover_pool *split = make_pool(NULL, MOTE_BACKEND_AUTO);
    fill(whole, 1001, 5, NULL);
    fill(split, 1001, 5, NULL);
    assert_int_equal(mote_mover_pool_step(whole, 0.03f), MOTE_OK);
    const size_t cuts[] = {0, 1, 7, 8, 333, 500, 999, 1001};
    for (size_t c = 0; c + 1 < sizeof cuts / sizeof cuts[0]; ++c) {
        assert_int_equal(mote_mover_pool_step_range(split, cuts[c], cuts[c + 1], 0.03f), MOTE_OK);
    }
    snapshot a = take_snapshot(whole);
    expect_unchanged(split, &a, "range steps vs whole step");
    free_snapshot(&a);
    mote_mover_pool_destroy(whole);
    mote_mover_pool_destroy(split);
}

/* The parallel step on OpenMP's task system, and on none, gives the serial step's bits. */
static void test_parallel_step_equals_serial(void **unused) {
    (void)unused;
    mote_mover_pool *serial = make_pool(NULL, MOTE_BACKEND_AUTO);
    mote_mover_pool *parallel = make_pool(NULL, MOTE_BACKEND_AUTO);
    mote_mover_pool *inline_tasks = make_pool(NULL, MOTE_BACKEND_AUTO);
    fill(serial, 40000, 8, NULL);
    fill(parallel, 40000, 8, NULL);
    fill(inline_tasks, 40000, 8, NULL);
    mote_task_system tasks = mote_openmp_task_system();
    for (int k = 0; k < 3; ++k) {
        assert_int_equal(mote_mover_pool_step(serial, 0.03f), MOTE_OK);
        assert_int_equal(mote_mover_pool_step_parallel(parallel, 0.03f, &tasks), MOTE_OK);
        assert_int_equal(mote_mover_pool_step_parallel(inline_tasks, 0.03f, NULL), MOTE_OK);
    }
    snapshot a = take_snapshot(serial);
    expect_unchanged(parallel, &a, "parallel step vs serial step");
    expect_unchanged(inline_tasks, &a, "parallel step without tasks vs serial step");
    free_snapshot(&a);
    snapshot b = take_snapshot(parallel);
    assert_int_equal(mote_mover_pool_step_parallel(parallel, NAN, &tasks), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_step_parallel(NULL, DT, &tasks), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(parallel, &b, "bad parallel step");
    free_snapshot(&b);
    mote_mover_pool_destroy(serial);
    mote_mover_pool_destroy(parallel);
    mote_mover_pool_destroy(inline_tasks);
}

/* ------------------------------------------------------------------------------------------ */
/* Ids, views, setters */

static void test_ids_and_swap_remove(void **unused) {
    (void)unused;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    mote_id ids[5];
    for (size_t i = 0; i < 5; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        d.state.position.x = (float)i;
        assert_int_equal(mote_mover_pool_add(pool, &d, &ids[i]), MOTE_OK);
    }
    assert_int_equal(mote_mover_pool_count(pool), 5);
    assert_int_equal(mote_mover_pool_remove(pool, ids[1]), MOTE_OK);
    assert_false(mote_mover_pool_contains(pool, ids[1]));
    assert_int_equal(mote_mover_pool_remove(pool, ids[1]), MOTE_ERROR_STALE_ID);
    size_t index;
    assert_int_equal(mote_mover_pool_index(pool, ids[4], &index), MOTE_OK);
    assert_int_equal(index, 1); /* the last moved into the hole */
    assert_true(mote_id_equal(mote_mover_pool_id_at(pool, 1), ids[4]));
    assert_true(mote_id_equal(mote_mover_pool_id_at(pool, 4), mote_null_id()));
    mote_mover_view v = mote_mover_pool_view(pool);
    assert_int_equal(v.count, 4);
    assert_true(v.position_x[1] == 4.0f);
    assert_int_equal((uintptr_t)v.position_x % MOTE_ALIGNMENT, 0);
    mote_mover_desc got;
    assert_int_equal(mote_mover_pool_get(pool, ids[1], &got), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_get(pool, ids[3], &got), MOTE_OK);
    assert_true(got.state.position.x == 3.0f);
    /* a re-used slot gets a new generation: the old id stays stale */
    mote_id again;
    mote_mover_desc d = mote_default_mover_desc();
    assert_int_equal(mote_mover_pool_add(pool, &d, &again), MOTE_OK);
    assert_false(mote_mover_pool_contains(pool, ids[1]));
    assert_true(mote_mover_pool_contains(pool, again));
    mote_mover_pool_destroy(pool);
}

static void test_get_set_roundtrip(void **unused) {
    (void)unused;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    test_rng rng = {3};
    mote_mover_desc d = varied_desc(&rng, 5);
    d.state.acceleration.x = 1.5f;
    d.state.angular_velocity = -2.0f;
    d.state.immediate_angular_velocity = 0.25f;
    mote_id id;
    assert_int_equal(mote_mover_pool_add(pool, &d, &id), MOTE_OK);
    mote_mover_desc got;
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_memory_equal(&got.state, &d.state, sizeof d.state);
    assert_true(got.desired_velocity.x == d.desired_velocity.x &&
                got.desired_velocity.y == d.desired_velocity.y);
    assert_true(got.explicit_facing == d.explicit_facing && got.desired_facing == d.desired_facing);
    d.state.position.y = 42.0f;
    assert_int_equal(mote_mover_pool_set(pool, id, &d), MOTE_OK);
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.state.position.y == 42.0f);
    mote_mover_pool_destroy(pool);
}

/* push changes velocity and immediate velocity together; place_at rests; the setters feed
 * the step. */
static void test_push_place_and_inputs(void **unused) {
    (void)unused;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    mote_id id;
    mote_mover_desc d = mote_default_mover_desc();
    assert_int_equal(mote_mover_pool_add(pool, &d, &id), MOTE_OK);
    mote_vec2 walk = {100.0f, 0.0f};
    assert_int_equal(mote_mover_pool_set_desired_velocity(pool, id, walk), MOTE_OK);
    for (int k = 0; k < 60; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, DT), MOTE_OK);
    }
    mote_mover_desc got;
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.state.position.x > 20.0f && got.state.velocity.x > 90.0f);
    mote_movement_state expect = got.state;
    mote_vec2 kick = {-30.0f, 250.0f};
    mote_movement_push(&expect, kick);
    assert_int_equal(mote_mover_pool_push(pool, id, kick), MOTE_OK);
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_memory_equal(&got.state, &expect, sizeof expect);
    /* an explicit facing is followed while walking east */
    assert_int_equal(mote_mover_pool_set_desired_facing(pool, id, true, 2.0f), MOTE_OK);
    for (int k = 0; k < 120; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, DT), MOTE_OK);
    }
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_true(fabsf(got.state.rotation - 2.0f) < 1e-3f);
    assert_int_equal(mote_mover_pool_set_desired_facing(pool, id, false, 0.0f), MOTE_OK);
    for (int k = 0; k < 120; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, DT), MOTE_OK);
    }
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    assert_true(fabsf(got.state.rotation) < 1e-3f); /* back to facing along (100, 0) */
    mote_vec2 where = {9.0f, -9.0f};
    assert_int_equal(mote_mover_pool_place_at(pool, id, where, 1.0f), MOTE_OK);
    assert_int_equal(mote_mover_pool_get(pool, id, &got), MOTE_OK);
    mote_movement_state rest;
    mote_movement_place_at(&rest, where, 1.0f);
    assert_memory_equal(&got.state, &rest, sizeof rest);
    mote_mover_pool_destroy(pool);
}

/* params and max_substep changes take effect; the pool's params are used by the step. */
static void test_params_apply(void **unused) {
    (void)unused;
    mote_movement_params slow = mote_default_movement_params();
    slow.acceleration = 60.0f;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    assert_int_equal(mote_mover_pool_set_params(pool, &slow), MOTE_OK);
    mote_movement_params got = mote_mover_pool_params(pool);
    assert_true(same_params(&got, &slow));
    mote_id id;
    mote_mover_desc d = mote_default_mover_desc();
    d.desired_velocity.x = 100.0f;
    assert_int_equal(mote_mover_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_mover_pool_step(pool, DT), MOTE_OK);
    mote_mover_desc out;
    assert_int_equal(mote_mover_pool_get(pool, id, &out), MOTE_OK);
    assert_true(out.state.immediate_velocity.x == 60.0f * DT);
    mote_mover_pool_destroy(pool);
}

/* ------------------------------------------------------------------------------------------ */
/* Bad input */

static void test_bad_defs(void **unused) {
    (void)unused;
    mote_mover_pool *pool = (mote_mover_pool *)(uintptr_t)1; /* must stay untouched */
    assert_int_equal(mote_mover_pool_create(NULL, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    mote_mover_pool_def def = mote_default_mover_pool_def();
    assert_int_equal(mote_mover_pool_create(&def, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    const float bad_values[] = {NAN, INFINITY, -1.0f};
    for (int field = 0; field < 9; ++field) {
        for (size_t b = 0; b < 3; ++b) {
            def = mote_default_mover_pool_def();
            float *fields[] = {&def.params.acceleration,
                               &def.params.deceleration,
                               &def.params.directional_acceleration,
                               &def.params.turn_strength,
                               &def.params.acceleration_halflife,
                               &def.params.deceleration_halflife,
                               &def.params.acceleration_compensation,
                               &def.params.deceleration_compensation,
                               &def.params.rotation_halflife};
            *fields[field] = bad_values[b];
            assert_false(mote_movement_params_valid(&def.params));
            assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
        }
    }
    def = mote_default_mover_pool_def();
    def.params.directional_acceleration = 1.5f;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    const float bad_substeps[] = {0.0f, -0.01f, NAN, INFINITY};
    for (size_t b = 0; b < 4; ++b) {
        def = mote_default_mover_pool_def();
        def.max_substep = bad_substeps[b];
        assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    }
    def = mote_default_mover_pool_def();
    def.capacity = def.max_count + 1;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_mover_pool_def();
    def.backend = (mote_backend)99;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_true(pool == (mote_mover_pool *)(uintptr_t)1);
    assert_true(mote_movement_params_valid(&def.params));
}

/* Every failing call on a live pool returns its code and leaves the pool as it was. */
static void test_bad_input_changes_nothing(void **unused) {
    (void)unused;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.max_count = 40;
    def.capacity = 16;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    mote_id ids[40];
    fill(pool, 40, 11, ids);
    mote_id stale = ids[39];
    assert_int_equal(mote_mover_pool_remove(pool, stale), MOTE_OK);
    mote_id unknown = {12345u, 7u, stale.pool};
    snapshot before = take_snapshot(pool);
    mote_mover_desc d = mote_default_mover_desc();
    mote_vec2 nan2 = {NAN, 0.0f};
    mote_vec2 ok2 = {1.0f, 2.0f};

    assert_int_equal(mote_mover_pool_step(pool, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_step(pool, -DT), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_step(pool, INFINITY), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_mover_pool_step(pool, 0.0f), MOTE_OK);
    assert_int_equal(mote_mover_pool_step_range(pool, 5, 3, DT), MOTE_ERROR_RANGE);
    assert_int_equal(mote_mover_pool_step_range(pool, 0, 40, DT), MOTE_ERROR_RANGE);
    assert_int_equal(mote_mover_pool_step_range(pool, 7, 7, DT), MOTE_OK);
    assert_int_equal(mote_mover_pool_step(NULL, DT), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "bad steps");

    d.state.velocity.y = NAN;
    assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_set(pool, ids[0], &d), MOTE_ERROR_NON_FINITE);
    d = mote_default_mover_desc();
    d.desired_facing = INFINITY;
    assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_ERROR_NON_FINITE);
    d = mote_default_mover_desc();
    assert_int_equal(mote_mover_pool_set(pool, stale, &d), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_set(pool, unknown, &d), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_add(pool, NULL, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_add(NULL, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_remove(pool, stale), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_remove(pool, mote_null_id()), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_push(pool, ids[0], nan2), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_push(pool, stale, ok2), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_set_desired_velocity(pool, ids[0], nan2),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_set_desired_velocity(pool, stale, ok2), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_set_desired_facing(pool, ids[0], true, NAN),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_place_at(pool, ids[0], nan2, 0.0f), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_place_at(pool, ids[0], ok2, INFINITY), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_place_at(NULL, ids[0], ok2, 0.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    mote_mover_desc out;
    assert_int_equal(mote_mover_pool_get(pool, stale, &out), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_get(pool, ids[0], NULL), MOTE_ERROR_INVALID_ARGUMENT);
    size_t index;
    assert_int_equal(mote_mover_pool_index(pool, stale, &index), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_mover_pool_index(pool, ids[0], NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "bad element calls");

    mote_movement_params p = mote_default_movement_params();
    p.turn_strength = -1.0f;
    assert_int_equal(mote_mover_pool_set_params(pool, &p), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_set_params(pool, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_set_max_substep(pool, 0.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_set_max_substep(pool, NAN), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_set_backend(pool, (mote_backend)99),
                     MOTE_ERROR_INVALID_ARGUMENT);
    const mote_backend all[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE, MOTE_BACKEND_AVX2,
                                MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};
    for (size_t b = 0; b < 5; ++b) {
        if (!mote_backend_available(all[b])) {
            assert_int_equal(mote_mover_pool_set_backend(pool, all[b]),
                             MOTE_ERROR_BACKEND_UNAVAILABLE);
        }
    }
    assert_int_equal(mote_mover_pool_reserve(pool, 41), MOTE_ERROR_FULL);
    expect_unchanged(pool, &before, "bad settings");

    /* full: the 40th add of a pool with max_count 40 works, the 41st fails */
    assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_OK);
    free_snapshot(&before);
    before = take_snapshot(pool);
    assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_ERROR_FULL);
    expect_unchanged(pool, &before, "add to a full pool");
    free_snapshot(&before);
    mote_mover_pool_destroy(pool);
    mote_mover_pool_destroy(NULL);
}

/* NaN written through the view into the state stays in its element and validate names it;
 * one in an input is refused by the step, naming it. */
static void test_validate_and_confinement(void **unused) {
    (void)unused;
    mote_mover_pool *pool = make_pool(NULL, MOTE_BACKEND_AUTO);
    fill(pool, 100, 17, NULL);
    mote_validation val;
    assert_int_equal(mote_mover_pool_validate(pool, &val), MOTE_OK);
    assert_int_equal(val.bad_count, 0);
    assert_int_equal(val.first_bad_index, 100);
    mote_mover_view v = mote_mover_pool_view(pool);
    v.desired_velocity_y[5] = NAN;
    assert_int_equal(mote_mover_pool_step(pool, 0.05f), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "view.desired_velocity_y[5]"));
    v.desired_velocity_y[5] = 0.0f;
    v.velocity_y[41] = NAN;
    v.angular_velocity[77] = INFINITY;
    assert_int_equal(mote_mover_pool_step(pool, 0.05f), MOTE_OK);
    assert_int_equal(mote_mover_pool_validate(pool, &val), MOTE_ERROR_NON_FINITE);
    assert_int_equal(val.bad_count, 2);
    assert_int_equal(val.first_bad_index, 41);
    mote_mover_pool_destroy(pool);
}

/* ------------------------------------------------------------------------------------------ */
/* Allocation */

typedef struct counting_allocator {
    size_t calls, fail_at, allocs, frees;
    long live;
} counting_allocator;

static void *counting_alloc(size_t size, size_t alignment, void *user) {
    counting_allocator *c = user;
    if (++c->calls == c->fail_at) {
        return NULL;
    }
    ++c->allocs;
    ++c->live;
    return aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

static void counting_free(void *ptr, size_t size, void *user) {
    (void)size;
    counting_allocator *c = user;
    ++c->frees;
    --c->live;
    free(ptr);
}

static int restore_allocator(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    return 0;
}

/* create, 40 adds (growing from 16) and a reserve, with the Nth allocation failing: that one
 * call returns OUT_OF_MEMORY and changes nothing, and nothing leaks. */
static size_t allocation_scenario(size_t fail_at) {
    counting_allocator c = {0, fail_at, 0, 0, 0};
    mote_allocator a = {counting_alloc, counting_free, &c};
    mote_set_allocator(&a);
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.capacity = 16;
    mote_mover_pool *pool = NULL;
    mote_status status = mote_mover_pool_create(&def, &pool);
    if (status != MOTE_OK) {
        assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
        assert_int_equal(c.live, 0);
        assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    }
    test_rng rng = {1};
    for (size_t i = 0; i < 40; ++i) {
        mote_mover_desc d = varied_desc(&rng, i);
        snapshot before = take_snapshot(pool);
        status = mote_mover_pool_add(pool, &d, NULL);
        if (status != MOTE_OK) {
            assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
            expect_unchanged(pool, &before, "failed growth");
            assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_OK);
        }
        free_snapshot(&before);
    }
    snapshot before = take_snapshot(pool);
    status = mote_mover_pool_reserve(pool, 1000);
    if (status != MOTE_OK) {
        assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
        expect_unchanged(pool, &before, "failed reserve");
        assert_int_equal(mote_mover_pool_reserve(pool, 1000), MOTE_OK);
    }
    free_snapshot(&before);
    assert_int_equal(mote_mover_pool_count(pool), 40);
    assert_true(mote_mover_pool_capacity(pool) >= 1000);
    assert_int_equal(mote_mover_pool_step(pool, DT), MOTE_OK);
    mote_mover_pool_destroy(pool);
    assert_int_equal(c.live, 0);
    assert_int_equal(c.allocs, c.frees);
    mote_set_allocator(NULL);
    return c.allocs;
}

static void test_allocation_failure_at_every_point(void **unused) {
    (void)unused;
    size_t total = allocation_scenario(0);
    assert_true(total >= 4);
    for (size_t n = 1; n <= total + 1; ++n) {
        allocation_scenario(n);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_pool_matches_reference_every_backend),
               cmocka_unit_test(test_substep_split),
               cmocka_unit_test(test_range_steps_equal_whole_step),
               cmocka_unit_test(test_parallel_step_equals_serial),
               cmocka_unit_test(test_ids_and_swap_remove), cmocka_unit_test(test_get_set_roundtrip),
               cmocka_unit_test(test_push_place_and_inputs), cmocka_unit_test(test_params_apply),
               cmocka_unit_test(test_bad_defs), cmocka_unit_test(test_bad_input_changes_nothing),
               cmocka_unit_test(test_validate_and_confinement),
               cmocka_unit_test_teardown(test_allocation_failure_at_every_point, restore_allocator))
