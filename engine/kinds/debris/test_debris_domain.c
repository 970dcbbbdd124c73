/* The debris pool's proven domain (mote/debris.h): every member just past its range is
 * refused by add, set, set_ship, set_settings, create and restore with its status, the pool
 * unchanged and mote_error_detail() naming the field, while the range's own ends are
 * accepted; and pieces at the corners of the domain, under the extreme ship and settings,
 * stepped thousands of times at the extreme accepted dt (FLT_MAX, clamped to
 * MOTE_DEBRIS_MAX_STEP, and a denormal) on every backend, stay finite and stay inside the
 * domain (each piece read back sets again). */
#include <float.h>
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

#include "mote/debris_pool.h"
#include "pool_snapshot.h"
#include "test_support.h"

#define BLOB_BYTES 65536

/* The pool's whole state as its snapshot bytes (ids, fields, ship, settings, max_dt). */
typedef struct saved {
    unsigned char bytes[BLOB_BYTES];
    size_t size;
} saved;

static void save(const mote_debris_pool *pool, saved *out) {
    assert_int_equal(mote_debris_pool_save(pool, out->bytes, sizeof out->bytes, &out->size),
                     MOTE_OK);
}

static void expect_unchanged(const mote_debris_pool *pool, const saved *before, const char *what) {
    static saved now;
    save(pool, &now);
    if (now.size != before->size || memcmp(now.bytes, before->bytes, now.size) != 0) {
        fail_msg("%s changed the pool", what);
    }
}

/* A refusal's detail names the field. */
static void expect_detail(const char *field, const char *what) {
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("%s: detail \"%s\" does not name %s", what, mote_error_detail(), field);
    }
}

static mote_debris_pool *make_pool(mote_backend backend) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.backend = backend;
    def.capacity = 64;
    mote_debris_pool *pool = NULL;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

/* One member of a piece pushed past its range: the member's name, where it is, the value
 * past the range and the range's own end (accepted). */
typedef struct piece_case {
    const char *field;
    size_t offset; /* offsetof(mote_debris_desc, member) */
    float past, edge;
} piece_case;

#define PIECE(member, past, edge)                                                                  \
    { "desc." #member, offsetof(mote_debris_desc, member), past, edge }

static const piece_case piece_cases[] = {
    PIECE(time, 0x1.000002p31f, -MOTE_DEBRIS_MAX_TIME),
    PIECE(position.y, -0x1.000002p92f, MOTE_DEBRIS_MAX_POSITION),
    PIECE(velocity.z, 0x1.000002p61f, -MOTE_DEBRIS_MAX_VELOCITY),
    PIECE(anchor.x, 0x1.000002p40f, MOTE_DEBRIS_MAX_DISTANCE),
    PIECE(peel_start, -0x1.000002p31f, -MOTE_DEBRIS_MAX_TIME),
    PIECE(detach_time, 0x1.000002p31f, MOTE_DEBRIS_MAX_TIME),
    PIECE(max_distance, 0x1.000002p40f, MOTE_DEBRIS_MAX_DISTANCE),
    PIECE(max_distance, -1e-30f, 0.0f),
    PIECE(twist, -8192.001f, MOTE_DEBRIS_MAX_TWIST),
    PIECE(outward_speed, 0x1.000002p40f, -MOTE_DEBRIS_MAX_SPEED),
    PIECE(axial_speed, -1e30f, MOTE_DEBRIS_MAX_SPEED),
};

/* Each member just past its range is refused by add and set (INVALID_ARGUMENT, the pool
 * unchanged, the member named); at its range's end it is accepted. */
static void test_piece_ranges(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_id id;
    const mote_debris_desc ordinary = mote_default_debris_desc();
    assert_int_equal(mote_debris_pool_add(pool, &ordinary, &id), MOTE_OK);
    for (size_t k = 0; k < sizeof piece_cases / sizeof piece_cases[0]; ++k) {
        const piece_case *c = &piece_cases[k];
        mote_debris_desc d = ordinary; /* peel_start 0, detach_time 1: both ends stay ordered */
        memcpy((char *)&d + c->offset, &c->past, sizeof(float));
        static saved before;
        save(pool, &before);
        mote_clear_error_detail();
        assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
        expect_detail(c->field, "add");
        mote_clear_error_detail();
        assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_ERROR_INVALID_ARGUMENT);
        expect_detail(c->field, "set");
        expect_unchanged(pool, &before, c->field);
        memcpy((char *)&d + c->offset, &c->edge, sizeof(float));
        if (mote_debris_pool_set(pool, id, &d) != MOTE_OK) {
            fail_msg("%s at %g refused: %s", c->field, (double)c->edge, mote_error_detail());
        }
    }
    /* the vectors' lengths: angular speed, orientation */
    mote_debris_desc d = ordinary;
    d.angular_velocity = (mote_vec3){200.0f, 200.0f, 0.0f}; /* 283 rad/s */
    assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_ERROR_INVALID_ARGUMENT);
    expect_detail("desc.angular_velocity", "angular speed");
    d.angular_velocity = (mote_vec3){180.0f, 180.0f, 0.0f}; /* 254.6 rad/s */
    assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_OK);
    const float lengths[4] = {0.0f, 0x1p-21f, 0x1p21f, 1e-30f};
    for (int k = 0; k < 4; ++k) {
        d = ordinary;
        d.orientation = (mote_quat){0.0f, 0.0f, 0.0f, lengths[k]};
        assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_ERROR_INVALID_ARGUMENT);
        expect_detail("desc.orientation", "orientation length");
    }
    d.orientation = (mote_quat){0x1p-20f, 0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_OK);
    d.orientation = (mote_quat){0.0f, 0.0f, 0x1p20f, 0.0f};
    assert_int_equal(mote_debris_pool_set(pool, id, &d), MOTE_OK);
    /* a phase outside the enum, detach before peel, a zero outward or base */
    d = ordinary;
    d.outward = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_detail("desc.outward", "a zero outward");
    d = ordinary;
    d.phase = (mote_debris_phase)3;
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_detail("desc.phase", "phase");
    d = ordinary;
    d.detach_time = d.peel_start - 1.0f;
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_detail("desc.detach_time", "detach before peel");
    d = ordinary;
    d.base = (mote_quat){0.0f, 0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_debris_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    expect_detail("desc.base", "zero base");
    mote_debris_pool_destroy(pool);
}

/* A stored unit vector keeps its bits when set again (get then set is the identity). */
static void test_normalised_members_keep_their_bits(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    test_rng rng = {7};
    for (int k = 0; k < 200; ++k) {
        mote_debris_desc d = mote_default_debris_desc();
        d.outward = (mote_vec3){test_rng_range(&rng, -3.0f, 3.0f), test_rng_range(&rng, -3, 3),
                                test_rng_range(&rng, -3.0f, 3.0f)};
        d.base = (mote_quat){test_rng_range(&rng, -2.0f, 2.0f), test_rng_range(&rng, -2, 2),
                             test_rng_range(&rng, -2.0f, 2.0f), 0.5f};
        mote_id id;
        assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_OK);
        mote_debris_desc once, twice;
        assert_int_equal(mote_debris_pool_get(pool, id, &once), MOTE_OK);
        assert_int_equal(mote_debris_pool_set(pool, id, &once), MOTE_OK);
        assert_int_equal(mote_debris_pool_get(pool, id, &twice), MOTE_OK);
        assert_memory_equal(&once.outward, &twice.outward, sizeof once.outward);
        assert_memory_equal(&once.base, &twice.base, sizeof once.base);
        double length =
            sqrt((double)once.outward.x * once.outward.x + (double)once.outward.y * once.outward.y +
                 (double)once.outward.z * once.outward.z);
        assert_true(fabs(length - 1.0) <= 0x1p-22);
    }
    mote_debris_pool_destroy(pool);
}

/* set_ship, set_settings, create and restore refuse the ship and settings outside the
 * domain, naming the member, and change nothing. */
static void test_ship_and_settings_ranges(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    assert_int_equal(mote_debris_pool_add(pool,
                                          &(mote_debris_desc){.outward = {1, 0, 0},
                                                              .base = {0, 0, 0, 1},
                                                              .orientation = {0, 0, 0, 1}},
                                          NULL),
                     MOTE_OK);
    static saved before;
    save(pool, &before);
    struct {
        const char *field;
        mote_debris_ship ship;
        mote_status status;
    } ships[] = {
        {"ship.position.z", {.position = {0, 0, 0x1.000002p40f}}, MOTE_ERROR_INVALID_ARGUMENT},
        {"ship.position.x", {.position = {NAN, 0, 0}}, MOTE_ERROR_NON_FINITE},
        {"ship.spin_rate", {.spin_rate = -256.0001f}, MOTE_ERROR_INVALID_ARGUMENT},
        {"ship.spin_rate", {.spin_rate = INFINITY}, MOTE_ERROR_NON_FINITE},
        {"ship.orientation", {.orientation = {0, 0, 0, 0}}, MOTE_ERROR_INVALID_ARGUMENT},
        {"ship.axis", {.axis = {0, INFINITY, 0}}, MOTE_ERROR_NON_FINITE},
    };
    for (size_t k = 0; k < sizeof ships / sizeof ships[0]; ++k) {
        mote_debris_ship ship = mote_default_debris_ship();
        if (strstr(ships[k].field, "position")) {
            ship.position = ships[k].ship.position;
        } else if (strstr(ships[k].field, "spin_rate")) {
            ship.spin_rate = ships[k].ship.spin_rate;
        } else if (strstr(ships[k].field, "orientation")) {
            ship.orientation = ships[k].ship.orientation;
        } else {
            ship.axis = ships[k].ship.axis;
        }
        mote_clear_error_detail();
        assert_int_equal(mote_debris_pool_set_ship(pool, &ship), ships[k].status);
        expect_detail(ships[k].field, "set_ship");
        mote_debris_pool_def def = mote_default_debris_pool_def();
        def.ship = ship;
        mote_debris_pool *other = NULL;
        mote_clear_error_detail();
        assert_int_equal(mote_debris_pool_create(&def, &other), ships[k].status);
        expect_detail(ships[k].field, "create");
        assert_null(other);
    }
    struct {
        const char *field;
        float *member;
        float value;
    } settings[3];
    mote_debris_settings s = mote_default_debris_settings();
    settings[0].field = "settings.gravity.y";
    settings[0].member = &s.gravity.y;
    settings[0].value = -0x1.000002p30f;
    settings[1].field = "settings.speed_cap";
    settings[1].member = &s.speed_cap;
    settings[1].value = 0.0f;
    settings[2].field = "settings.linear_damping";
    settings[2].member = &s.linear_damping;
    settings[2].value = INFINITY;
    for (int k = 0; k < 3; ++k) {
        s = mote_default_debris_settings();
        *settings[k].member = settings[k].value;
        mote_clear_error_detail();
        assert_int_equal(mote_debris_pool_set_settings(pool, &s), MOTE_ERROR_INVALID_ARGUMENT);
        expect_detail(settings[k].field, "set_settings");
    }
    expect_unchanged(pool, &before, "a refused ship or settings");
    /* the ends of the ranges are accepted */
    mote_debris_ship edge = {{-MOTE_DEBRIS_MAX_DISTANCE, MOTE_DEBRIS_MAX_DISTANCE, 0.0f},
                             {FLT_MAX, FLT_MAX, -FLT_MAX, FLT_MAX},
                             {1e-45f, 0.0f, 0.0f},
                             -MOTE_DEBRIS_MAX_ANGULAR_SPEED};
    assert_int_equal(mote_debris_pool_set_ship(pool, &edge), MOTE_OK);
    s = (mote_debris_settings){
        FLT_MAX, {MOTE_DEBRIS_MAX_GRAVITY, 0.0f, -MOTE_DEBRIS_MAX_GRAVITY}, FLT_MAX};
    assert_int_equal(mote_debris_pool_set_settings(pool, &s), MOTE_OK);

    /* restore: a blob whose spin rate (a settings word) is past its range, re-sealed */
    static saved blob;
    save(pool, &blob);
    const size_t spin_word = 64 + 4 * 10; /* ship.spin_rate: the 11th settings word */
    float spin;
    memcpy(&spin, blob.bytes + spin_word, 4);
    assert_true(spin == -MOTE_DEBRIS_MAX_ANGULAR_SPEED);
    spin = -300.0f;
    memcpy(blob.bytes + spin_word, &spin, 4);
    const uint64_t sum = mote_snapshot_checksum(blob.bytes, blob.size - 8);
    for (int i = 0; i < 8; ++i) {
        blob.bytes[blob.size - 8 + i] = (unsigned char)(sum >> (8 * i));
    }
    save(pool, &before);
    assert_int_equal(mote_debris_pool_restore(pool, blob.bytes, blob.size),
                     MOTE_ERROR_CORRUPT_SNAPSHOT);
    expect_unchanged(pool, &before, "a restore of settings outside the domain");
    mote_debris_pool_destroy(pool);
}

/* A step longer than MOTE_DEBRIS_MAX_STEP advances MOTE_DEBRIS_MAX_STEP. */
static void test_step_is_clamped(void **unused) {
    (void)unused;
    mote_debris_pool *pool = make_pool(MOTE_BACKEND_AUTO);
    mote_debris_desc d = mote_default_debris_desc();
    d.phase = MOTE_DEBRIS_FREE;
    d.velocity = (mote_vec3){1.0f, 0.0f, 0.0f};
    mote_id id;
    assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_OK);
    float advanced = 0.0f;
    assert_int_equal(mote_debris_pool_advance_of(pool, FLT_MAX, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_DEBRIS_MAX_STEP);
    assert_int_equal(mote_debris_pool_advance(pool, 1e30f, NULL, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_DEBRIS_MAX_STEP);
    assert_int_equal(mote_debris_pool_advance_of(pool, 31.0f, &advanced), MOTE_OK);
    assert_true(advanced == 31.0f);
    mote_debris_desc got;
    assert_int_equal(mote_debris_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.time == MOTE_DEBRIS_MAX_STEP && got.position.x == MOTE_DEBRIS_MAX_STEP);
    mote_debris_pool_destroy(pool);
}

/* ------------------------------------------------------------------------------------------ */
/* The corners of the domain, stepped. */

/* A piece at a corner of the domain, k picking which. */
static mote_debris_desc corner_piece(int k) {
    const float sign = (k & 1) ? -1.0f : 1.0f;
    mote_debris_desc d = mote_default_debris_desc();
    d.phase = (mote_debris_phase)(k % 3);
    d.time = sign * MOTE_DEBRIS_MAX_TIME;
    d.peel_start = -MOTE_DEBRIS_MAX_TIME;
    d.detach_time = (k & 2) ? MOTE_DEBRIS_MAX_TIME : -MOTE_DEBRIS_MAX_TIME;
    const float p = MOTE_DEBRIS_MAX_POSITION, v = MOTE_DEBRIS_MAX_VELOCITY;
    d.position = (mote_vec3){sign * p, -sign * p, (k & 4) ? p : 0.0f};
    d.velocity = (mote_vec3){sign * v, (k & 4) ? -sign * v : 1e-45f, v};
    const float w = MOTE_DEBRIS_MAX_ANGULAR_SPEED / 1.7320508f * 0.99999f;
    d.angular_velocity = (k & 8) ? (mote_vec3){w, -w, w} : (mote_vec3){0.0f, 0.0f, -256.0f};
    const float q = (k & 2) ? MOTE_DEBRIS_MAX_QUAT_SCALE : 1.0f / MOTE_DEBRIS_MAX_QUAT_SCALE;
    d.orientation = (mote_quat){0.0f, q, 0.0f, 0.0f};
    const float a = MOTE_DEBRIS_MAX_DISTANCE;
    d.anchor = (mote_vec3){sign * a, a, -a};
    d.outward = (k & 4) ? (mote_vec3){1e-45f, 0.0f, 0.0f} : (mote_vec3){FLT_MAX, FLT_MAX, 0.0f};
    d.base = (mote_quat){FLT_MAX, -FLT_MAX, FLT_MAX, 1.0f};
    d.max_distance = (k & 8) ? MOTE_DEBRIS_MAX_DISTANCE : 0.0f;
    d.twist = sign * MOTE_DEBRIS_MAX_TWIST;
    d.outward_speed = sign * MOTE_DEBRIS_MAX_SPEED;
    d.axial_speed = -sign * MOTE_DEBRIS_MAX_SPEED;
    return d;
}

/* The extreme ships and settings the corners are stepped under. */
static void extreme_frame(int k, mote_debris_ship *ship, mote_debris_settings *settings) {
    const float sign = (k & 1) ? -1.0f : 1.0f;
    const float g = MOTE_DEBRIS_MAX_GRAVITY;
    *ship = (mote_debris_ship){
        {sign * MOTE_DEBRIS_MAX_DISTANCE, MOTE_DEBRIS_MAX_DISTANCE, -MOTE_DEBRIS_MAX_DISTANCE},
        {FLT_MAX, 1e-45f, -FLT_MAX, 0.5f},
        {0.3f, -1e-38f, 0.9f},
        sign * MOTE_DEBRIS_MAX_ANGULAR_SPEED};
    const float caps[3] = {INFINITY, FLT_MAX, 1e-30f};
    const float dampings[3] = {0.0f, 0.0f, FLT_MAX};
    *settings = (mote_debris_settings){caps[k % 3], {sign * g, -sign * g, g}, dampings[k % 3]};
}

#define CORNERS 64

static void check_finite_and_inside(mote_debris_pool *pool, const mote_id *ids, const char *when,
                                    mote_backend backend) {
    mote_validation v;
    if (mote_debris_pool_validate(pool, &v) != MOTE_OK) {
        fail_msg("%s on %s: %zu pieces non-finite, the first at %zu", when,
                 mote_backend_name(backend), v.bad_count, v.first_bad_index);
    }
    for (int i = 0; i < CORNERS; ++i) {
        mote_debris_desc d;
        assert_int_equal(mote_debris_pool_get(pool, ids[i], &d), MOTE_OK);
        if (mote_debris_pool_set(pool, ids[i], &d) != MOTE_OK) {
            fail_msg("%s on %s: piece %d left the domain: %s", when, mote_backend_name(backend), i,
                     mote_error_detail());
        }
    }
}

static void test_corners_stay_finite_on_every_backend(void **unused) {
    (void)unused;
    const size_t steps = test_scaled_at_least(3000, 300);
    const float dts[] = {FLT_MAX, MOTE_DEBRIS_MAX_STEP, 1e-45f, 0.7f};
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        for (int frame = 0; frame < 3; ++frame) {
            mote_debris_pool *pool = make_pool((mote_backend)b);
            mote_debris_ship ship;
            mote_debris_settings settings;
            extreme_frame(frame, &ship, &settings);
            assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_OK);
            assert_int_equal(mote_debris_pool_set_settings(pool, &settings), MOTE_OK);
            mote_id ids[CORNERS];
            for (int i = 0; i < CORNERS; ++i) {
                mote_debris_desc d = corner_piece(i);
                if (mote_debris_pool_add(pool, &d, &ids[i]) != MOTE_OK) {
                    fail_msg("corner %d refused: %s", i, mote_error_detail());
                }
            }
            for (size_t s = 0; s < steps; ++s) {
                if (s % 97 == 0) { /* the ship turns over between steps */
                    mote_debris_settings unused_settings;
                    extreme_frame(frame + (int)(s / 97), &ship, &unused_settings);
                    assert_int_equal(mote_debris_pool_set_ship(pool, &ship), MOTE_OK);
                }
                const float dt = dts[(s / (steps / 4 + 1)) % 4];
                assert_int_equal(mote_debris_pool_step(pool, dt, NULL), MOTE_OK);
            }
            char when[64];
            snprintf(when, sizeof when, "%zu steps under frame %d", steps, frame);
            check_finite_and_inside(pool, ids, when, (mote_backend)b);
            mote_debris_pool_destroy(pool);
        }
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_piece_ranges),
               cmocka_unit_test(test_normalised_members_keep_their_bits),
               cmocka_unit_test(test_ship_and_settings_ranges),
               cmocka_unit_test(test_step_is_clamped),
               cmocka_unit_test(test_corners_stay_finite_on_every_backend))
