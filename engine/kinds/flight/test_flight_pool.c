/* The flight pool API: defaults and limits, add/get/set/remove with ids that know their pool,
 * the scalar backend being mote_flight_sample itself, every backend within the kernel's bounds,
 * arrival (P1 bit for bit, speed 0, the id reported once, truncation), re-targeting
 * (continuous position and velocity), frame-rate independence (30 Hz, 240 Hz and a jittery dt
 * reach the same pose at the same time), the parallel and range steps, and every bad-input
 * path returning its error with the pool unchanged bit for bit. */
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

#include "flight_bounds.h"
#include "flight_fields.h"
#include "mote/debris_pool.h"
#include "mote/flight_pool.h"
#include "test_support.h"

#define MAX_FLYERS 64

/* Every stored bit of a small pool: count, ids and the 64 fields. */
typedef struct snapshot {
    size_t count;
    mote_id ids[MAX_FLYERS];
    float f[FLIGHT_FIELD_COUNT][MAX_FLYERS];
} snapshot;

static void take(mote_flight_pool *pool, snapshot *s) {
    memset(s, 0, sizeof *s);
    mote_flight_view v = mote_flight_pool_view(pool);
    float *p[FLIGHT_FIELD_COUNT];
    mote_pool_view_fields(&mote_flight_pool_kind_record, &v, p);
    s->count = v.count;
    assert_true(s->count <= MAX_FLYERS);
    for (size_t i = 0; i < s->count; ++i) {
        s->ids[i] = mote_flight_pool_id_at(pool, i);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            s->f[f][i] = p[f][i];
        }
    }
}

static void expect_unchanged(mote_flight_pool *pool, const snapshot *before, const char *what) {
    snapshot now;
    take(pool, &now);
    if (now.count != before->count) {
        fail_msg("%s changed the count", what);
    }
    for (size_t i = 0; i < now.count; ++i) {
        if (!mote_id_equal(now.ids[i], before->ids[i])) {
            fail_msg("%s changed id %zu", what, i);
        }
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            if (test_ulp_distance(now.f[f][i], before->f[f][i]) != 0) {
                fail_msg("%s changed %s of flyer %zu", what,
                         mote_flight_pool_kind_record.fields[f].name, i);
            }
        }
    }
}

static mote_flight_pool *make(mote_backend backend) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.backend = backend;
    mote_flight_pool *pool = NULL;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

/* A curved approach: moving sideways, onto a perch 20 units ahead facing up. */
static mote_flight_desc curved(const mote_flight_pool *pool, float side) {
    mote_flight_desc d = mote_flight_pool_desc(pool);
    d.start_position = (mote_vec3){0.0f, 0.0f, 2.0f};
    d.start_velocity = (mote_vec3){1.0f, side, 0.5f};
    d.perch_position = (mote_vec3){20.0f, 3.0f, 5.0f};
    d.landing_normal = (mote_vec3){0.0f, 0.0f, 1.0f};
    return d;
}

static mote_vec3 view_vec(float *const a[3], size_t i) {
    mote_vec3 r = {a[0][i], a[1][i], a[2][i]};
    return r;
}

static void test_defaults(void **unused) {
    (void)unused;
    mote_flight_pool_def def = mote_default_flight_pool_def();
    mote_flight_desc d = mote_default_flight_desc();
    assert_true(def.limits.cruise_speed == d.cruise_speed && def.limits.gravity == d.gravity);
    assert_true(def.limits.max_bank == d.max_bank && def.limits.world_up.z == 1.0f);
    assert_int_equal(def.capacity, 1024);
    assert_true(def.max_dt == MOTE_DEFAULT_MAX_DT);
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO);
    assert_int_equal(mote_flight_pool_count(pool), 0);
    assert_true(mote_flight_pool_capacity(pool) >= 1024);
    assert_int_equal(mote_flight_pool_backend(pool), mote_backend_best());
    mote_flight_desc pd = mote_flight_pool_desc(pool);
    assert_true(pd.cruise_speed == d.cruise_speed && pd.perch_position.x == d.perch_position.x);
    mote_flight_pool_destroy(pool);
}

/* The scalar pool is the reference: after any step, each flyer's pose is mote_flight_sample of
 * its path at its time, bit for bit; get gives back the positions and the limits exactly. */
static void test_scalar_pool_is_the_reference(void **unused) {
    (void)unused;
    mote_flight_pool *pool = make(MOTE_BACKEND_SCALAR);
    mote_id ids[3];
    mote_flight_desc descs[3] = {curved(pool, 2.0f), curved(pool, -2.0f),
                                 mote_flight_pool_desc(pool)};
    assert_int_equal(mote_flight_pool_add_many(pool, descs, 3, ids), MOTE_OK);
    mote_flight_view v = mote_flight_pool_view(pool);
    for (int step = 0; step < 200; ++step) {
        assert_int_equal(mote_flight_pool_step(pool, 1.0f / 30.0f, NULL), MOTE_OK);
        for (size_t i = 0; i < 3; ++i) {
            mote_flight_path path;
            assert_int_equal(mote_flight_pool_path(pool, ids[i], &path), MOTE_OK);
            mote_flight_pose pose;
            assert_int_equal(mote_flight_sample(&path, v.time[i], &pose), MOTE_OK);
            for (int c = 0; c < 3; ++c) {
                assert_true(test_ulp_distance(v.position[c][i], (&pose.position.x)[c]) == 0);
                assert_true(test_ulp_distance(v.velocity[c][i], (&pose.velocity.x)[c]) == 0);
            }
            assert_true(test_ulp_distance(v.orientation[3][i], pose.orientation.w) == 0);
            assert_true(test_ulp_distance(v.bank[i], pose.bank) == 0);
            assert_true(v.landed[i] == 0.0f || pose.landed);
        }
    }
    /* the plan is mote_flight_plan's */
    mote_flight_path planned, stored;
    assert_int_equal(mote_flight_plan(&descs[0], &planned), MOTE_OK);
    assert_int_equal(mote_flight_pool_path(pool, ids[0], &stored), MOTE_OK);
    assert_memory_equal(planned.table, stored.table, sizeof planned.table);
    assert_true(planned.duration == stored.duration && planned.m0.y == stored.m0.y);
    mote_flight_desc got;
    assert_int_equal(mote_flight_pool_get(pool, ids[0], &got), MOTE_OK);
    assert_true(got.start_position.z == 2.0f && got.perch_position.x == 20.0f);
    assert_true(got.cruise_speed == descs[0].cruise_speed);
    /* the recovered velocity and normal plan the same curve, within rounding */
    mote_flight_path again;
    assert_int_equal(mote_flight_plan(&got, &again), MOTE_OK);
    assert_float_equal(again.length, planned.length, 1e-4f * planned.length);
    assert_float_equal(again.duration, planned.duration, 1e-4f * planned.duration);
    mote_flight_pool_destroy(pool);
}

/* Every backend this CPU runs steps a pool within the kernel's bounds of the scalar one:
 * position and velocity bit for bit; step_parallel on no task system equals the serial step;
 * range steps split anywhere equal a whole step. */
static void test_backends_parallel_and_ranges(void **unused) {
    (void)unused;
    mote_flight_pool *ref = make(MOTE_BACKEND_SCALAR);
    test_rng rng = {77};
    for (int i = 0; i < 37; ++i) {
        mote_flight_desc d = curved(ref, test_rng_range(&rng, -4.0f, 4.0f));
        d.perch_position.y = test_rng_range(&rng, -10.0f, 10.0f);
        assert_int_equal(mote_flight_pool_add(ref, &d, NULL), MOTE_OK);
    }
    for (int step = 0; step < 90; ++step) {
        assert_int_equal(mote_flight_pool_step(ref, 1.0f / 30.0f, NULL), MOTE_OK);
    }
    snapshot r;
    take(ref, &r);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (b == MOTE_BACKEND_AUTO || !mote_backend_available((mote_backend)b)) {
            continue;
        }
        mote_flight_pool *serial = make((mote_backend)b), *split = make((mote_backend)b);
        test_rng again = {77};
        for (int i = 0; i < 37; ++i) {
            mote_flight_desc d = curved(serial, test_rng_range(&again, -4.0f, 4.0f));
            d.perch_position.y = test_rng_range(&again, -10.0f, 10.0f);
            assert_int_equal(mote_flight_pool_add(serial, &d, NULL), MOTE_OK);
            assert_int_equal(mote_flight_pool_add(split, &d, NULL), MOTE_OK);
        }
        for (int step = 0; step < 90; ++step) {
            assert_int_equal(mote_flight_pool_step_parallel(serial, 1.0f / 30.0f, NULL, NULL),
                             MOTE_OK);
            assert_int_equal(mote_flight_pool_step_range(split, 0, 11, 1.0f / 30.0f, NULL),
                             MOTE_OK);
            assert_int_equal(mote_flight_pool_step_range(split, 11, 37, 1.0f / 30.0f, NULL),
                             MOTE_OK);
        }
        snapshot s, p;
        take(serial, &s);
        take(split, &p);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            assert_memory_equal(s.f[f], p.f[f], 37 * sizeof(float));
            double bound = f == FLIGHT_BANK                     ? FLIGHT_BANK_ABS
                           : (f >= FLIGHT_QX && f <= FLIGHT_QW) ? FLIGHT_ORIENTATION_ABS
                                                                : 0.0;
            for (size_t i = 0; i < 37; ++i) {
                if (bound == 0.0 ? test_ulp_distance(s.f[f][i], r.f[f][i]) != 0
                                 : fabs((double)s.f[f][i] - r.f[f][i]) > bound) {
                    fail_msg("%s: %s of flyer %zu %.9g vs %.9g", mote_backend_name((mote_backend)b),
                             mote_flight_pool_kind_record.fields[f].name, i, s.f[f][i], r.f[f][i]);
                }
            }
        }
        assert_int_equal(mote_flight_pool_validate(serial, NULL), MOTE_OK);
        mote_flight_pool_destroy(serial);
        mote_flight_pool_destroy(split);
    }
    mote_flight_pool_destroy(ref);
}

/* Arrival: the step whose clock reaches the duration reports the flyer once (dense order,
 * truncated to the buffer's room with the full count), its position is P1 bit for bit and its
 * speed exactly 0; later steps and dt 0 report nothing; a flight of length 0 lands in its
 * first step. */
static void test_landing_reports_each_id_once(void **unused) {
    (void)unused;
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO);
    mote_id ids[4];
    mote_flight_desc d[4] = {curved(pool, 1.0f), curved(pool, -1.0f), curved(pool, 0.0f),
                             curved(pool, 0.0f)};
    d[1].perch_position.x = 8.0f;                         /* lands first */
    d[3].perch_position = d[3].start_position;            /* length 0: lands at once */
    d[2].perch_position = (mote_vec3){-6.0f, 0.0f, 0.0f}; /* behind: turns first */
    assert_int_equal(mote_flight_pool_add_many(pool, d, 4, ids), MOTE_OK);
    mote_flight_view v = mote_flight_pool_view(pool);
    int reported[4] = {0};
    mote_id room[1];
    for (int step = 0; step < 600; ++step) {
        mote_flight_landed landed = {room, 1, 99};
        assert_int_equal(mote_flight_pool_step(pool, 1.0f / 60.0f, &landed), MOTE_OK);
        size_t flagged = 0;
        for (size_t i = 0; i < 4; ++i) {
            if (v.landed[i] == 1.0f) {
                if (flagged == 0) {
                    assert_true(mote_id_equal(room[0], ids[i]));
                }
                ++flagged;
                ++reported[i];
            }
        }
        assert_int_equal(landed.count, flagged);
        if (step == 0) {
            assert_int_equal(landed.count, 1); /* the flight of length 0 */
            assert_true(mote_id_equal(room[0], ids[3]));
        }
    }
    for (size_t i = 0; i < 4; ++i) {
        assert_int_equal(reported[i], 1);
        assert_true(v.landed[i] == 2.0f);
        mote_flight_desc got;
        assert_int_equal(mote_flight_pool_get(pool, ids[i], &got), MOTE_OK);
        for (int c = 0; c < 3; ++c) {
            assert_true(test_ulp_distance(v.position[c][i], (&d[i].perch_position.x)[c]) == 0);
            assert_true(v.velocity[c][i] == 0.0f);
        }
    }
    mote_flight_landed none = {room, 1, 99};
    assert_int_equal(mote_flight_pool_step(pool, 0.0f, &none), MOTE_OK);
    assert_int_equal(none.count, 0);
    mote_flight_pool_destroy(pool);
}

/* Re-targeting mid-flight: position continuous exactly, velocity within rounding, and the new
 * flight lands on the new perch; a landed flyer takes off again. */
static void test_retarget_is_continuous(void **unused) {
    (void)unused;
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO);
    mote_id id;
    mote_flight_desc d = curved(pool, 2.0f);
    assert_int_equal(mote_flight_pool_add(pool, &d, &id), MOTE_OK);
    mote_flight_view v = mote_flight_pool_view(pool);
    for (int step = 0; step < 60; ++step) {
        assert_int_equal(mote_flight_pool_step(pool, 1.0f / 60.0f, NULL), MOTE_OK);
    }
    mote_vec3 p = view_vec(v.position, 0), vel = view_vec(v.velocity, 0);
    mote_vec3 perch = {-5.0f, 12.0f, 1.0f};
    assert_int_equal(mote_flight_pool_retarget(pool, id, perch, (mote_vec3){0.0f, 0.0f, 1.0f}),
                     MOTE_OK);
    assert_true(v.time[0] == 0.0f && v.landed[0] == 0.0f);
    mote_flight_path path;
    assert_int_equal(mote_flight_pool_path(pool, id, &path), MOTE_OK);
    mote_flight_pose at0;
    assert_int_equal(mote_flight_sample(&path, 0.0f, &at0), MOTE_OK);
    for (int c = 0; c < 3; ++c) {
        assert_true(test_ulp_distance((&at0.position.x)[c], (&p.x)[c]) == 0);
        assert_float_equal((&at0.velocity.x)[c], (&vel.x)[c], 1e-5f * mote_vec3_length(vel));
    }
    /* one small step later: moved by v dt, no jump, within the new table's speed error
     * (mote_flight_speed_error: the path's speed near u = 0 is v |S'| / the segment's mean) */
    assert_int_equal(mote_flight_pool_step(pool, 1e-3f, NULL), MOTE_OK);
    mote_vec3 moved = mote_vec3_sub(view_vec(v.position, 0), p);
    float step_length = mote_vec3_length(vel) * 1e-3f;
    float miss = mote_vec3_length(mote_vec3_sub(moved, mote_vec3_scale(vel, 1e-3f)));
    float allowed = step_length * (mote_flight_speed_error(&path) + 0.01f) + 1e-5f;
    if (!(miss <= allowed)) {
        fail_msg("moved %g off v dt, allowed %g", (double)miss, (double)allowed);
    }
    for (int step = 0; step < 1200; ++step) {
        assert_int_equal(mote_flight_pool_step(pool, 1.0f / 60.0f, NULL), MOTE_OK);
    }
    assert_true(v.landed[0] == 2.0f);
    assert_true(v.position[0][0] == perch.x && v.position[1][0] == perch.y);
    /* from rest on a perch to another */
    assert_int_equal(mote_flight_pool_retarget(pool, id, (mote_vec3){0.0f, 0.0f, 0.0f},
                                               (mote_vec3){0.0f, 0.0f, 0.0f}),
                     MOTE_OK);
    assert_int_equal(mote_flight_pool_step(pool, 0.5f, NULL), MOTE_OK);
    assert_true(v.landed[0] == 0.0f && v.velocity[0][0] != 0.0f);
    mote_flight_pool_destroy(pool);
}

/* Frame-rate independence: 30 Hz, 240 Hz and a jittery dt reach the pose of the same time
 * (the clocks differ only by their sums' rounding), and exactly the same landed state. */
static void test_frame_rate_independence(void **unused) {
    (void)unused;
    mote_flight_pool *pools[3];
    for (int k = 0; k < 3; ++k) {
        pools[k] = make(MOTE_BACKEND_AUTO);
        mote_flight_desc a = curved(pools[k], 3.0f), b = curved(pools[k], -3.0f);
        assert_int_equal(mote_flight_pool_add(pools[k], &a, NULL), MOTE_OK);
        assert_int_equal(mote_flight_pool_add(pools[k], &b, NULL), MOTE_OK);
    }
    test_rng rng = {3};
    const float checkpoints[2] = {2.0f, 30.0f}; /* mid-flight, landed */
    int done[2] = {0, 0};                       /* steps taken at 30 and 240 Hz */
    float clock = 0.0f; /* the jittery pool's clock, summed as the pool sums it */
    for (int c = 0; c < 2; ++c) {
        for (; done[0] < (int)lroundf(checkpoints[c] * 30.0f); ++done[0]) {
            assert_int_equal(mote_flight_pool_step(pools[0], 1.0f / 30.0f, NULL), MOTE_OK);
        }
        for (; done[1] < (int)lroundf(checkpoints[c] * 240.0f); ++done[1]) {
            assert_int_equal(mote_flight_pool_step(pools[1], 1.0f / 240.0f, NULL), MOTE_OK);
        }
        while (clock < checkpoints[c]) {
            float dt = fminf(test_rng_range(&rng, 0.002f, 0.05f), checkpoints[c] - clock);
            assert_int_equal(mote_flight_pool_step(pools[2], dt, NULL), MOTE_OK);
            clock += dt;
        }
        mote_flight_view v[3];
        for (int k = 0; k < 3; ++k) {
            v[k] = mote_flight_pool_view(pools[k]);
        }
        for (size_t i = 0; i < 2; ++i) {
            for (int k = 1; k < 3; ++k) {
                assert_float_equal(v[k].time[i], v[0].time[i], c == 0 ? 2e-5f : 2e-2f);
                for (int j = 0; j < 3; ++j) {
                    float tol = c == 0 ? 2e-4f : 0.0f; /* 6 units/s times the clocks' rounding */
                    assert_float_equal(v[k].position[j][i], v[0].position[j][i], tol);
                    assert_float_equal(v[k].velocity[j][i], v[0].velocity[j][i], 2.0f * tol);
                }
                assert_float_equal(v[k].bank[i], v[0].bank[i], c == 0 ? 1e-4f : 0.0f);
                assert_true(v[k].landed[i] == v[0].landed[i]);
            }
        }
    }
    for (int k = 0; k < 3; ++k) {
        mote_flight_pool_destroy(pools[k]);
    }
}

/* Bad input: an error, and the pool unchanged bit for bit. */
static void test_bad_input_changes_nothing(void **unused) {
    (void)unused;
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO);
    mote_id id;
    mote_flight_desc good = curved(pool, 1.0f);
    assert_int_equal(mote_flight_pool_add(pool, &good, &id), MOTE_OK);
    assert_int_equal(mote_flight_pool_step(pool, 0.5f, NULL), MOTE_OK);
    snapshot before;
    take(pool, &before);

    mote_flight_desc bad = good;
    bad.start_velocity.y = NAN;
    assert_int_equal(mote_flight_pool_add(pool, &bad, NULL), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_flight_pool_set(pool, id, &bad), MOTE_ERROR_NON_FINITE);
    bad = good;
    bad.cruise_speed = 7.0f; /* not the pool's limits */
    assert_int_equal(mote_flight_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_pool_set(pool, id, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.gravity = -1.0f;
    assert_int_equal(mote_flight_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_flight_desc descs[2] = {good, bad};
    assert_int_equal(mote_flight_pool_add_many(pool, descs, 2, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_pool_add(pool, NULL, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "a bad desc");

    assert_int_equal(mote_flight_pool_step(pool, NAN, NULL), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_flight_pool_step(pool, -1.0f, NULL), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_flight_pool_step(pool, INFINITY, NULL), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_flight_pool_step_range(pool, 0, 2, 0.1f, NULL), MOTE_ERROR_RANGE);
    assert_int_equal(mote_flight_pool_step_parallel(pool, NAN, NULL, NULL), MOTE_ERROR_INVALID_DT);
    mote_flight_landed no_room = {NULL, 3, 0};
    assert_int_equal(mote_flight_pool_step(pool, 0.1f, &no_room), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "a bad step");

    mote_vec3 up = {0.0f, 0.0f, 1.0f};
    assert_int_equal(mote_flight_pool_retarget(pool, id, (mote_vec3){NAN, 0.0f, 0.0f}, up),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_flight_pool_retarget(pool, id, up, (mote_vec3){0.0f, INFINITY, 0.0f}),
                     MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_flight_pool_retarget(NULL, id, up, up), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "a bad re-target");

    /* ids of another flight pool and of another kind's pool */
    mote_flight_pool *other = make(MOTE_BACKEND_SCALAR);
    mote_id foreign;
    assert_int_equal(mote_flight_pool_add(other, &good, &foreign), MOTE_OK);
    mote_debris_pool_def ddef = mote_default_debris_pool_def();
    mote_debris_pool *debris = NULL;
    assert_int_equal(mote_debris_pool_create(&ddef, &debris), MOTE_OK);
    mote_debris_desc piece = mote_default_debris_desc();
    mote_id piece_id;
    assert_int_equal(mote_debris_pool_add(debris, &piece, &piece_id), MOTE_OK);
    mote_flight_desc got;
    mote_flight_path path;
    assert_int_equal(mote_flight_pool_get(pool, foreign, &got), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_get(pool, piece_id, &got), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_retarget(pool, foreign, up, up), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_retarget(pool, piece_id, up, up), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_path(pool, piece_id, &path), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_set(pool, foreign, &good), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_remove(pool, piece_id), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_flight_pool_path(pool, id, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_unchanged(pool, &before, "another pool's id");
    mote_debris_pool_destroy(debris);
    mote_flight_pool_destroy(other);

    /* a removed id is stale */
    assert_int_equal(mote_flight_pool_remove(pool, id), MOTE_OK);
    assert_int_equal(mote_flight_pool_retarget(pool, id, up, up), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_flight_pool_get(pool, id, &got), MOTE_ERROR_STALE_ID);
    mote_flight_pool_destroy(pool);
}

/* Bad defs: every one refused, nothing created. */
static void test_bad_defs(void **unused) {
    (void)unused;
    mote_flight_pool *pool = NULL;
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.internal_cookie = 0;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_UNINITIALIZED_DEF);
    def = mote_default_flight_pool_def();
    def.limits.max_bank = 2.0f;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_flight_pool_def();
    def.limits.world_up = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    def = mote_default_flight_pool_def();
    def.limits.cruise_speed = NAN;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_NON_FINITE);
    def = mote_default_flight_pool_def();
    def.max_dt = 0.0f;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_flight_pool_create(NULL, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(pool);
    /* limits of a non-default up are kept and planned with */
    def = mote_default_flight_pool_def();
    def.limits.world_up = (mote_vec3){0.0f, 2.0f, 0.0f};
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    assert_true(mote_flight_pool_limits(pool).world_up.y == 2.0f);
    mote_flight_desc d = mote_flight_pool_desc(pool);
    assert_true(d.world_up.y == 2.0f);
    assert_int_equal(mote_flight_pool_add(pool, &d, NULL), MOTE_OK);
    mote_flight_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_defaults), cmocka_unit_test(test_scalar_pool_is_the_reference),
               cmocka_unit_test(test_backends_parallel_and_ranges),
               cmocka_unit_test(test_landing_reports_each_id_once),
               cmocka_unit_test(test_retarget_is_continuous),
               cmocka_unit_test(test_frame_rate_independence),
               cmocka_unit_test(test_bad_input_changes_nothing), cmocka_unit_test(test_bad_defs))
