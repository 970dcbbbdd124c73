/* The debris pool API: defaults, add/get/set/remove with stable ids, the view, released-id
 * reporting and its truncation rule, the ship and settings, backends agreeing (same seed,
 * same results on every backend), the speed cap through the pool, validate, and every
 * bad-input path returning its error with the pool unchanged bit for bit. */
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

#include "debris_bounds.h"
#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "test_support.h"

/* ------------------------------------------------------------------------------------------ */
/* Snapshots: every field of every piece, the ids, the ship and the settings. */

typedef struct snapshot {
    size_t count;
    float *f[DEBRIS_FIELD_COUNT];
    mote_id *ids;
    mote_debris_ship ship;
    mote_debris_settings settings;
    mote_backend backend;
} snapshot;

static snapshot take(mote_debris_pool *pool) {
    snapshot s;
    memset(&s, 0, sizeof s);
    mote_debris_view v = mote_debris_pool_view(pool);
    float *p[DEBRIS_FIELD_COUNT];
    debris_view_pointers(&v, p);
    s.count = v.count;
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        s.f[f] = malloc((s.count + 1) * sizeof(float));
        assert_non_null(s.f[f]);
        if (s.count > 0) {
            memcpy(s.f[f], p[f], s.count * sizeof(float));
        }
    }
    s.ids = malloc((s.count + 1) * sizeof(mote_id));
    assert_non_null(s.ids);
    for (size_t i = 0; i < s.count; ++i) {
        s.ids[i] = mote_debris_pool_id_at(pool, i);
    }
    s.ship = mote_debris_pool_ship(pool);
    s.settings = mote_debris_pool_settings(pool);
    s.backend = mote_debris_pool_backend(pool);
    return s;
}

static void release_snapshot(snapshot *s) {
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        free(s->f[f]);
    }
    free(s->ids);
}

static void expect_unchanged(mote_debris_pool *pool, snapshot *before, const char *what) {
    snapshot now = take(pool);
    if (now.count != before->count) {
        fail_msg("%s changed the count", what);
    }
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        if (now.count && memcmp(now.f[f], before->f[f], now.count * sizeof(float)) != 0) {
            fail_msg("%s changed field %d", what, f);
        }
    }
    if (now.count && memcmp(now.ids, before->ids, now.count * sizeof(mote_id)) != 0) {
        fail_msg("%s changed the ids", what);
    }
    if (memcmp(&now.ship, &before->ship, sizeof now.ship) != 0 ||
        memcmp(&now.settings, &before->settings, sizeof now.settings) != 0 ||
        now.backend != before->backend) {
        fail_msg("%s changed the ship, settings or backend", what);
    }
    release_snapshot(&now);
    release_snapshot(before);
}

/* ------------------------------------------------------------------------------------------ */

static mote_debris_pool *make_pool(mote_backend backend) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.backend = backend;
    def.capacity = 8;
    mote_debris_pool *pool = NULL;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    assert_non_null(pool);
    return pool;
}

/* A piece peeling from a hull of radius 10, detaching at detach. */
static mote_debris_desc piece(float angle, float detach) {
    mote_debris_desc d = mote_default_debris_desc();
    d.anchor = (mote_vec3){10.0f * cosf(angle), 10.0f * sinf(angle), 0.0f};
    d.outward = (mote_vec3){cosf(angle), sinf(angle), 0.0f};
    d.peel_start = detach - 0.5f;
    d.detach_time = detach;
    return d;
}

static void test_defaults(void **unused) {
    (void)unused;
    mote_debris_pool_def def = mote_default_debris_pool_def();
    assert_int_equal(def.capacity, 1024);
    assert_int_equal(def.backend, MOTE_BACKEND_AUTO);
    assert_true(def.settings.speed_cap == 95.0f);
    assert_true(def.settings.gravity.x == 0.0f && def.settings.gravity.y == 0.0f &&
                def.settings.gravity.z == 0.0f);
    assert_true(def.settings.linear_damping == 0.0f);
    mote_debris_pool *pool = NULL;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_debris_pool_count(pool), 0);
    assert_true(mote_debris_pool_capacity(pool) >= 1024);
    assert_true(mote_debris_pool_backend(pool) != MOTE_BACKEND_AUTO);
    mote_debris_pool_destroy(pool);
    mote_debris_pool_destroy(NULL);
}

static void test_add_get_set_remove(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_id ids[40];
    for (int i = 0; i < 40; ++i) {
        mote_debris_desc d = piece(0.1f * (float)i, 1.0f + (float)i);
        d.outward = (mote_vec3){0.0f, 3.0f, 4.0f}; /* stored normalised */
        d.base = (mote_quat){0.0f, 0.0f, 0.0f, 2.0f};
        d.twist = (float)i;
        assert_int_equal(mote_debris_pool_add(pool, &d, &ids[i]), MOTE_OK);
    }
    assert_int_equal(mote_debris_pool_count(pool), 40);
    mote_debris_desc got;
    assert_int_equal(mote_debris_pool_get(pool, ids[7], &got), MOTE_OK);
    assert_true(got.twist == 7.0f);
    assert_float_equal(got.outward.y, 0.6f, 1e-7);
    assert_float_equal(got.outward.z, 0.8f, 1e-7);
    assert_true(got.base.w == 1.0f);
    assert_int_equal(got.phase, MOTE_DEBRIS_ATTACHED);
    got.twist = -3.0f;
    got.axial_speed = 4.0f;
    assert_int_equal(mote_debris_pool_set(pool, ids[7], &got), MOTE_OK);
    mote_debris_desc again;
    assert_int_equal(mote_debris_pool_get(pool, ids[7], &again), MOTE_OK);
    assert_memory_equal(&again, &got, sizeof got);

    /* the view shows the same piece at its index */
    size_t index;
    assert_int_equal(mote_debris_pool_index(pool, ids[7], &index), MOTE_OK);
    mote_debris_view v = mote_debris_pool_view(pool);
    assert_int_equal(v.count, 40);
    assert_true(v.twist[index] == -3.0f && v.axial_speed[index] == 4.0f);
    assert_true(((uintptr_t)v.position[2] % MOTE_ALIGNMENT) == 0);

    /* swap-remove: the last piece moves into the hole, its id stays valid */
    assert_int_equal(mote_debris_pool_remove(pool, ids[7]), MOTE_OK);
    assert_false(mote_debris_pool_contains(pool, ids[7]));
    assert_true(mote_debris_pool_contains(pool, ids[39]));
    assert_int_equal(mote_debris_pool_index(pool, ids[39], &index), MOTE_OK);
    assert_int_equal(index, 7);
    assert_true(mote_id_equal(mote_debris_pool_id_at(pool, 7), ids[39]));
    assert_true(mote_id_equal(mote_debris_pool_id_at(pool, 39), mote_null_id()));

    /* a stale id is rejected everywhere, and changes nothing */
    snapshot before = take(pool);
    assert_int_equal(mote_debris_pool_remove(pool, ids[7]), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_debris_pool_get(pool, ids[7], &got), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_debris_pool_set(pool, ids[7], &got), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_debris_pool_index(pool, ids[7], &index), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_debris_pool_remove(pool, mote_null_id()), MOTE_ERROR_STALE_ID);
    expect_unchanged(pool, &before, "stale ids");
    mote_debris_pool_destroy(pool);
}

/* The step lists exactly the pieces whose clock reached detach_time in it, in index order;
 * past capacity it counts them all and writes the first capacity ids. */
static void test_step_reports_released_ids(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_ship ship = mote_default_debris_ship();
    ship.spin_rate = 3.15f;
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_OK);
    const float dt = 0.125f; /* exact in binary: the clocks land on the detach times exactly */
    mote_id ids[30];
    for (int i = 0; i < 30; ++i) {
        /* pieces i and i + 10 and i + 20 detach at step (i % 10) + 1 */
        mote_debris_desc d = piece(0.2f * (float)i, dt * (float)((i % 10) + 1));
        assert_int_equal(mote_debris_pool_add(pool, &d, &ids[i]), MOTE_OK);
    }
    for (int step = 1; step <= 10; ++step) {
        mote_id out[8];
        mote_debris_released released = {out, step == 4 ? 2 : 8, 99};
        assert_int_equal(mote_debris_pool_step(pool, dt, &released), MOTE_OK);
        assert_int_equal(released.count, 3);
        size_t written = released.count < released.capacity ? released.count : released.capacity;
        for (size_t k = 0; k < written; ++k) {
            assert_true(mote_id_equal(out[k], ids[(step - 1) + 10 * (int)k]));
        }
        /* the phase array shows all of them, truncated or not */
        mote_debris_view v = mote_debris_pool_view(pool);
        size_t marked = 0;
        for (size_t i = 0; i < v.count; ++i) {
            marked += v.phase[i] == (float)MOTE_DEBRIS_RELEASED;
            if (v.phase[i] != (float)MOTE_DEBRIS_ATTACHED) {
                /* no speed above the cap, released or not */
                double speed = sqrt(pow(v.velocity[0][i], 2) + pow(v.velocity[1][i], 2) +
                                    pow(v.velocity[2][i], 2));
                assert_true(speed <= 95.0);
            }
        }
        assert_int_equal(marked, 3);
    }
    /* nothing left to release; a NULL report is fine */
    mote_debris_released none = {NULL, 0, 99};
    assert_int_equal(mote_debris_pool_step(pool, dt, &none), MOTE_OK);
    assert_int_equal(none.count, 0);
    assert_int_equal(mote_debris_pool_step(pool, dt, NULL), MOTE_OK);
    /* dt == 0 releases nothing and changes nothing */
    snapshot before = take(pool);
    mote_debris_released zero = {NULL, 0, 99};
    assert_int_equal(mote_debris_pool_step(pool, 0.0f, &zero), MOTE_OK);
    assert_int_equal(zero.count, 0);
    expect_unchanged(pool, &before, "dt 0");
    mote_debris_pool_destroy(pool);
}

/* A released piece leaves with the hull's rotating-frame velocity plus its kicks. */
static void test_release_velocity_through_the_pool(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_ship ship = mote_default_debris_ship();
    ship.spin_rate = 2.0f; /* about +z */
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_OK);
    mote_debris_desc d = piece(0.0f, 0.5f); /* anchor (10, 0, 0), outward +x, 1 unit peel */
    d.outward_speed = 3.0f;
    d.axial_speed = 1.5f;
    mote_id id;
    assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_OK);
    mote_id out[1];
    mote_debris_released r = {out, 1, 0};
    assert_int_equal(mote_debris_pool_step(pool, 0.5f, &r), MOTE_OK);
    assert_int_equal(r.count, 1);
    mote_debris_desc got;
    assert_int_equal(mote_debris_pool_get(pool, id, &got), MOTE_OK);
    /* at (11, 0, 0): spin x r = (0, 22, 0); outward 3 along x; axial 1.5 along z */
    assert_float_equal(got.position.x, 11.0f, 1e-6);
    assert_float_equal(got.velocity.x, 3.0f, 1e-6);
    assert_float_equal(got.velocity.y, 22.0f, 1e-5);
    assert_float_equal(got.velocity.z, 1.5f, 1e-6);
    assert_int_equal(got.phase, MOTE_DEBRIS_RELEASED);
    /* then it flies straight: the ship no longer matters */
    ship.position = (mote_vec3){100.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_OK);
    assert_int_equal(mote_debris_pool_step(pool, 0.5f, &r), MOTE_OK);
    assert_int_equal(r.count, 0);
    assert_int_equal(mote_debris_pool_get(pool, id, &got), MOTE_OK);
    assert_float_equal(got.position.x, 12.5f, 1e-5);
    assert_float_equal(got.position.y, 11.0f, 1e-5);
    assert_int_equal(got.phase, MOTE_DEBRIS_FREE);
    mote_debris_pool_destroy(pool);
}

static void test_bad_input_changes_nothing(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_id id;
    for (int i = 0; i < 20; ++i) {
        mote_debris_desc d = piece((float)i, 0.3f * (float)i);
        assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_OK);
    }
    mote_debris_pool_step(pool, 0.1f, NULL);

    const float bad_dts[] = {NAN, -0.1f, INFINITY, -INFINITY};
    for (size_t k = 0; k < 4; ++k) {
        snapshot before = take(pool);
        assert_int_equal(mote_debris_pool_step(pool, bad_dts[k], NULL), MOTE_ERROR_INVALID_DT);
        assert_int_equal(mote_debris_pool_step_range(pool, 0, 5, bad_dts[k], NULL),
                         MOTE_ERROR_INVALID_DT);
        expect_unchanged(pool, &before, "bad dt");
    }
    snapshot before = take(pool);
    assert_int_equal(mote_debris_pool_step_range(pool, 5, 4, 0.1f, NULL), MOTE_ERROR_RANGE);
    assert_int_equal(mote_debris_pool_step_range(pool, 0, 21, 0.1f, NULL), MOTE_ERROR_RANGE);
    mote_debris_released no_buffer = {NULL, 4, 0};
    assert_int_equal(mote_debris_pool_step(pool, 0.1f, &no_buffer), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_debris_pool_step(NULL, 0.1f, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "bad range or report");

    /* bad pieces */
    mote_debris_desc bad[9];
    for (int k = 0; k < 9; ++k) {
        bad[k] = piece(0.0f, 1.0f);
    }
    bad[0].position.y = NAN;
    bad[1].twist = INFINITY;
    bad[2].detach_time = bad[2].peel_start - 0.1f;
    bad[3].max_distance = -1.0f;
    bad[4].outward = (mote_vec3){0.0f, 0.0f, 0.0f};
    bad[5].base = (mote_quat){0.0f, 0.0f, 0.0f, 0.0f};
    bad[6].phase = (mote_debris_phase)7;
    bad[7].angular_velocity.z = -INFINITY;
    bad[8].outward = (mote_vec3){1e-30f, 0.0f, 0.0f}; /* fine: normalises to +x */
    const mote_status expected[9] = {
        MOTE_ERROR_NON_FINITE,       MOTE_ERROR_NON_FINITE,       MOTE_ERROR_INVALID_ARGUMENT,
        MOTE_ERROR_INVALID_ARGUMENT, MOTE_ERROR_INVALID_ARGUMENT, MOTE_ERROR_INVALID_ARGUMENT,
        MOTE_ERROR_INVALID_ARGUMENT, MOTE_ERROR_NON_FINITE,       MOTE_OK};
    for (int k = 0; k < 8; ++k) {
        before = take(pool);
        mote_id out = mote_null_id();
        assert_int_equal(mote_debris_pool_add(pool, &bad[k], &out), expected[k]);
        assert_int_equal(mote_debris_pool_set(pool, id, &bad[k]), expected[k]);
        assert_true(mote_id_equal(out, mote_null_id()));
        expect_unchanged(pool, &before, "bad piece");
    }
    assert_int_equal(mote_debris_pool_add(pool, &bad[8], NULL), MOTE_OK);
    assert_int_equal(mote_debris_pool_add(pool, NULL, NULL), MOTE_ERROR_INVALID_ARGUMENT);

    /* bad ship and settings */
    before = take(pool);
    mote_debris_ship ship = mote_default_debris_ship();
    ship.axis = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_ERROR_INVALID_ARGUMENT);
    ship = mote_default_debris_ship();
    ship.orientation = (mote_quat){0.0f, 0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_ERROR_INVALID_ARGUMENT);
    ship = mote_default_debris_ship();
    ship.spin_rate = NAN;
    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_ERROR_NON_FINITE);
    mote_debris_settings s = mote_default_debris_settings();
    s.speed_cap = 0.0f;
    assert_int_equal(mote_debris_pool_set_settings(pool, &s), MOTE_ERROR_INVALID_ARGUMENT);
    s = mote_default_debris_settings();
    s.linear_damping = -1.0f;
    assert_int_equal(mote_debris_pool_set_settings(pool, &s), MOTE_ERROR_INVALID_ARGUMENT);
    s = mote_default_debris_settings();
    s.gravity.x = NAN;
    assert_int_equal(mote_debris_pool_set_settings(pool, &s), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_debris_pool_set_backend(pool, (mote_backend)42),
                     MOTE_ERROR_INVALID_ARGUMENT);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            assert_int_equal(mote_debris_pool_set_backend(pool, (mote_backend)b),
                             MOTE_ERROR_BACKEND_UNAVAILABLE);
        }
    }
    assert_int_equal(mote_debris_pool_reserve(pool, ((size_t)1 << 26) + 1), MOTE_ERROR_FULL);
    expect_unchanged(pool, &before, "bad ship, settings, backend or reserve");
    mote_debris_pool_destroy(pool);
}

static void test_bad_defs_and_full_pool(void **unused) {
    (void)unused;
    mote_debris_pool *pool = NULL;
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = 10;
    def.max_count = 5;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_debris_pool_def();
    def.settings.speed_cap = -1.0f;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_debris_pool_def();
    def.ship.axis = (mote_vec3){0, 0, 0};
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_debris_pool_def();
    def.backend = (mote_backend)99;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_debris_pool_create(NULL, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(pool);

    def = mote_default_debris_pool_def();
    def.capacity = 2;
    def.max_count = 3;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    mote_debris_desc d = piece(0.0f, 1.0f);
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_OK);
    }
    snapshot before = take(pool);
    mote_id id = mote_null_id();
    assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_ERROR_FULL);
    assert_true(mote_id_equal(id, mote_null_id()));
    expect_unchanged(pool, &before, "add on a full pool");
    mote_debris_pool_destroy(pool);
}

/* Pools filled from the same seed on every backend: wide backends bit-identical to each
 * other, and to the reference in everything but the orientation, which stays within the
 * documented long-run bound; the same ids released in the same steps everywhere. */
static void test_same_seed_same_results_every_backend(void **unused) {
    (void)unused;
    mote_debris_ranges ranges = {0.5f, 8.0f, 1.0f, 12.0f, -3.0f, 3.0f};
    const size_t n = 1001;
    const int steps = 400;
    mote_debris_pool *pools[MOTE_BACKEND_COUNT] = {0};
    size_t released_total[MOTE_BACKEND_COUNT] = {0};
    uint64_t released_hash[MOTE_BACKEND_COUNT] = {0};
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        pools[b] = make_pool((mote_backend)b);
        for (size_t i = 0; i < n; ++i) {
            mote_debris_desc d = piece(0.0137f * (float)i, 0.2f + 0.005f * (float)i);
            d.anchor.z = (float)(i % 7) - 3.0f;
            mote_debris_draw(&d, &ranges, 2026, i);
            assert_int_equal(mote_debris_pool_add(pools[b], &d, NULL), MOTE_OK);
        }
        mote_station_spin spin = mote_default_station_spin();
        spin.spin_down_start = 3.0f;
        spin.spin_down_end = 5.0f;
        mote_debris_settings settings = mote_default_debris_settings();
        settings.linear_damping = 0.05f;
        assert_int_equal(mote_debris_pool_set_settings(pools[b], &settings), MOTE_OK);
        mote_id out[64];
        for (int k = 0; k < steps; ++k) {
            mote_station_spin_step(&spin, 1.0f / 60.0f);
            mote_debris_ship ship = mote_station_spin_ship(&spin, (mote_vec3){0, 0, 0.1f * k});
            assert_int_equal(mote_debris_pool_set_ship(pools[b], &ship), MOTE_OK);
            mote_debris_released r = {out, 64, 0};
            assert_int_equal(mote_debris_pool_step(pools[b], 1.0f / 60.0f, &r), MOTE_OK);
            assert_true(r.count <= 64);
            released_total[b] += r.count;
            for (size_t j = 0; j < r.count; ++j) {
                released_hash[b] = released_hash[b] * 1000003u + out[j].slot * 31u + (uint64_t)k;
            }
        }
    }
    assert_non_null(pools[MOTE_BACKEND_SCALAR]);
    assert_true(released_total[MOTE_BACKEND_SCALAR] == n);
    snapshot ref = take(pools[MOTE_BACKEND_SCALAR]);
    snapshot first = {0};
    bool have_first = false;
    for (int b = 1; b < MOTE_BACKEND_COUNT; ++b) {
        if (pools[b] == NULL) {
            continue;
        }
        assert_int_equal(released_total[b], released_total[MOTE_BACKEND_SCALAR]);
        assert_true(released_hash[b] == released_hash[MOTE_BACKEND_SCALAR]);
        snapshot s = take(pools[b]);
        for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
            for (size_t i = 0; i < n; ++i) {
                bool orientation = f >= DEBRIS_QX && f <= DEBRIS_QW;
                double d = fabs((double)s.f[f][i] - (double)ref.f[f][i]);
                if (orientation ? !(d <= DEBRIS_ORIENTATION_LONG_RUN) : d != 0.0) {
                    fail_msg("%s piece %zu field %d: %.9g vs reference %.9g",
                             mote_backend_name((mote_backend)b), i, f, s.f[f][i], ref.f[f][i]);
                }
            }
            if (have_first) {
                assert_memory_equal(s.f[f], first.f[f], n * sizeof(float));
            }
        }
        if (!have_first) {
            first = s;
            have_first = true;
        } else {
            release_snapshot(&s);
        }
    }
    if (have_first) {
        release_snapshot(&first);
    }
    release_snapshot(&ref);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        mote_debris_pool_destroy(pools[b]);
    }
}

/* Non-finite values written through the view stay in their piece and validate finds them. */
static void test_validate_and_confinement(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    for (int i = 0; i < 50; ++i) {
        mote_debris_desc d = piece((float)i, 0.01f);
        assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_OK);
    }
    mote_debris_pool_step(pool, 0.1f, NULL);
    mote_validation v;
    assert_int_equal(mote_debris_pool_validate(pool, &v), MOTE_OK);
    assert_int_equal(v.bad_count, 0);
    assert_int_equal(v.first_bad_index, 50);
    mote_debris_view view = mote_debris_pool_view(pool);
    view.velocity[1][13] = NAN;
    view.angular_velocity[0][31] = INFINITY;
    for (int k = 0; k < 5; ++k) {
        assert_int_equal(mote_debris_pool_step(pool, 0.1f, NULL), MOTE_OK);
    }
    assert_int_equal(mote_debris_pool_validate(pool, &v), MOTE_ERROR_NON_FINITE);
    assert_int_equal(v.bad_count, 2);
    assert_int_equal(v.first_bad_index, 13);
    mote_debris_pool_destroy(pool);
}

/* Allocation failures: create and growth report MOTE_ERROR_OUT_OF_MEMORY and change nothing. */
static size_t alloc_budget;
static void *limited_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    if (alloc_budget == 0) {
        return NULL;
    }
    --alloc_budget;
    size = (size + alignment - 1) / alignment * alignment;
    return aligned_alloc(alignment, size);
}
static void limited_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

static void test_out_of_memory(void **unused) {
    (void)unused;
    mote_allocator a = {limited_alloc, limited_free, NULL};
    mote_set_allocator(&a);
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.capacity = 16;
    mote_debris_pool *pool = NULL;
    for (size_t budget = 0; budget < 40; ++budget) {
        alloc_budget = budget;
        mote_status st = mote_debris_pool_create(&def, &pool);
        if (st == MOTE_OK) {
            break;
        }
        assert_int_equal(st, MOTE_ERROR_OUT_OF_MEMORY);
        assert_null(pool);
    }
    assert_non_null(pool);
    mote_debris_desc d = piece(0.0f, 1.0f);
    for (int i = 0; i < 16; ++i) {
        assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_OK);
    }
    alloc_budget = 5; /* not enough for 31 new arrays */
    snapshot before = take(pool);
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_OUT_OF_MEMORY);
    expect_unchanged(pool, &before, "failed growth");
    alloc_budget = 1000;
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_OK);
    mote_debris_pool_destroy(pool);
    mote_set_allocator(NULL);
}

/* The parallel step (OpenMP task system, and NULL: this thread) is bit for bit the serial
 * step, and reports the same released ids (hundreds of them: the report's group counts, which
 * each range writes after its kernel, are in play; test_pool_core_reports cuts ranges at every
 * kind of place). */
static void test_parallel_step_matches_serial(void **unused) {
    (void)unused;
    mote_debris_pool *serial = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_pool *parallel = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_pool *inline_pool = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_ranges ranges = {0.5f, 8.0f, 1.0f, 12.0f, -3.0f, 3.0f};
    const size_t n = 40000; /* several task ranges */
    for (size_t i = 0; i < n; ++i) {
        mote_debris_desc d = piece(0.001f * (float)i, 0.05f + 0.00002f * (float)i);
        mote_debris_draw(&d, &ranges, 7, i);
        assert_int_equal(mote_debris_pool_add(serial, &d, NULL), MOTE_OK);
        assert_int_equal(mote_debris_pool_add(parallel, &d, NULL), MOTE_OK);
        assert_int_equal(mote_debris_pool_add(inline_pool, &d, NULL), MOTE_OK);
    }
    mote_task_system tasks = mote_openmp_task_system();
    static mote_id a[40000], b[40000], c[40000];
    size_t released = 0;
    mote_debris_ship ship = mote_default_debris_ship();
    ship.spin_rate = 3.15f;
    mote_debris_pool_set_ship(serial, &ship);
    mote_debris_pool_set_ship(parallel, &ship);
    mote_debris_pool_set_ship(inline_pool, &ship);
    for (int k = 0; k < 60; ++k) {
        mote_debris_released ra = {a, n, 0}, rb = {b, n, 0}, rc = {c, n, 0};
        assert_int_equal(mote_debris_pool_step(serial, 1.0f / 60.0f, &ra), MOTE_OK);
        assert_int_equal(mote_debris_pool_step_parallel(parallel, 1.0f / 60.0f, &tasks, &rb),
                         MOTE_OK);
        assert_int_equal(mote_debris_pool_step_parallel(inline_pool, 1.0f / 60.0f, NULL, &rc),
                         MOTE_OK);
        assert_int_equal(ra.count, rb.count);
        assert_int_equal(ra.count, rc.count);
        released += ra.count;
        for (size_t j = 0; j < ra.count; ++j) { /* the same elements; the pools' tags differ */
            assert_int_equal(a[j].slot, b[j].slot);
            assert_int_equal(a[j].generation, b[j].generation);
            assert_int_equal(a[j].slot, c[j].slot);
            assert_int_equal(a[j].generation, c[j].generation);
        }
    }
    assert_true(released > 100);
    snapshot s = take(serial), p = take(parallel), q = take(inline_pool);
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        assert_memory_equal(s.f[f], p.f[f], n * sizeof(float));
        assert_memory_equal(s.f[f], q.f[f], n * sizeof(float));
    }
    release_snapshot(&s);
    release_snapshot(&p);
    release_snapshot(&q);
    snapshot before = take(parallel);
    assert_int_equal(mote_debris_pool_step_parallel(parallel, NAN, &tasks, NULL),
                     MOTE_ERROR_INVALID_DT);
    expect_unchanged(parallel, &before, "parallel step with a bad dt");
    mote_debris_pool_destroy(serial);
    mote_debris_pool_destroy(parallel);
    mote_debris_pool_destroy(inline_pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_defaults), cmocka_unit_test(test_add_get_set_remove),
               cmocka_unit_test(test_step_reports_released_ids),
               cmocka_unit_test(test_release_velocity_through_the_pool),
               cmocka_unit_test(test_bad_input_changes_nothing),
               cmocka_unit_test(test_bad_defs_and_full_pool),
               cmocka_unit_test(test_same_seed_same_results_every_backend),
               cmocka_unit_test(test_validate_and_confinement),
               cmocka_unit_test(test_out_of_memory),
               cmocka_unit_test(test_parallel_step_matches_serial))
