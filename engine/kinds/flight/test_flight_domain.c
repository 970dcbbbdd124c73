/* The flight pool's domain (mote/flight.h): descs outside it are refused by add and set with
 * the field named in mote_error_detail() and the pool unchanged (a position past
 * MOTE_FLIGHT_MAX_COORDINATE, a start velocity of 1e30, a cruise speed past
 * MOTE_FLIGHT_MAX_SPEED, a limit that is not the pool's); flyers at the domain's edges,
 * stepped thousands of times at the extreme dts on every backend, stay finite, validate clean
 * and restore; and a clock near MOTE_FLIGHT_MAX_TIME stepped by FLT_MAX never passes it. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool_snapshot.h"
#include "test_support.h"

static void assert_detail_names(const char *field) {
    const char *detail = mote_error_detail();
    if (strstr(detail, field) == NULL) {
        fail_msg("the detail \"%s\" does not name %s", detail, field);
    }
}

static mote_flight_pool *make(mote_backend backend, const mote_flight_limits *limits) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.backend = backend;
    if (limits != NULL) {
        def.limits = *limits;
    }
    mote_flight_pool *pool = NULL;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static void assert_refused(const mote_flight_desc *bad, mote_status status, const char *field) {
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO, NULL);
    mote_flight_desc good = mote_flight_pool_desc(pool);
    mote_id id;
    assert_int_equal(mote_flight_pool_add(pool, &good, &id), MOTE_OK);
    static unsigned char before[8192], after[8192];
    size_t n = 0, m = 0;
    assert_int_equal(mote_flight_pool_save(pool, before, sizeof before, &n), MOTE_OK);
    mote_clear_error_detail();
    assert_int_equal(mote_flight_pool_add(pool, bad, NULL), status);
    assert_detail_names(field);
    mote_clear_error_detail();
    assert_int_equal(mote_flight_pool_set(pool, id, bad), status);
    assert_detail_names(field);
    assert_int_equal(mote_flight_pool_save(pool, after, sizeof after, &m), MOTE_OK);
    assert_int_equal(m, n);
    assert_memory_equal(before, after, n);
    mote_flight_pool_destroy(pool);
}

static void test_out_of_domain_descs_are_refused(void **unused) {
    (void)unused;
    const mote_flight_desc base = mote_default_flight_desc();
    mote_flight_desc d = base;
    d.start_position.y = 2.0f * MOTE_FLIGHT_MAX_COORDINATE;
    assert_refused(&d, MOTE_ERROR_INVALID_ARGUMENT, "start_position");
    d = base;
    d.perch_position.z = -1e30f;
    assert_refused(&d, MOTE_ERROR_INVALID_ARGUMENT, "perch_position");
    d = base;
    d.start_velocity = (mote_vec3){1e30f, 0.0f, 0.0f};
    assert_refused(&d, MOTE_ERROR_INVALID_ARGUMENT, "start_velocity");
    d = base;
    d.start_velocity.x = NAN;
    assert_refused(&d, MOTE_ERROR_NON_FINITE, "start_velocity");
    d = base;
    d.gravity = 9.8f; /* not the pool's 9.81 */
    assert_refused(&d, MOTE_ERROR_INVALID_ARGUMENT, "gravity");
    d = base;
    d.world_up = (mote_vec3){0.0f, 0.0f, 2.0f};
    assert_refused(&d, MOTE_ERROR_INVALID_ARGUMENT, "world_up");
    /* create refuses limits outside the domain */
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.limits.cruise_speed = 2.0f * MOTE_FLIGHT_MAX_SPEED;
    mote_flight_pool *pool = NULL;
    mote_clear_error_detail();
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(pool);
    assert_detail_names("cruise_speed");
}

/* Replaces the first float of blob equal to marker by value and writes a fresh checksum (the
 * last 8 bytes, mote_snapshot_checksum), as a modded save or a peer could: the blob then
 * reaches restore's checks of every element. */
static void tamper(unsigned char *blob, size_t size, float marker, float value) {
    size_t at = 0;
    for (; at + sizeof(float) <= size - 8; ++at) {
        if (memcmp(blob + at, &marker, sizeof marker) == 0) {
            break;
        }
    }
    assert_true(at + sizeof(float) <= size - 8);
    memcpy(blob + at, &value, sizeof value);
    test_reseal_snapshot(blob, size);
}

/* A snapshot re-sealed after a flyer was moved outside the domain (a perch at 1e30, a clock
 * past MOTE_FLIGHT_MAX_TIME) is refused, naming the field; the pool is unchanged. */
static void test_resealed_snapshots_outside_the_domain(void **unused) {
    (void)unused;
    const struct {
        float marker, value;
        const char *field;
    } cases[] = {{-321.5f, 1e30f, "perch_position"}, {0.375f, 1e20f, "time"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        mote_flight_pool *pool = make(MOTE_BACKEND_AUTO, NULL);
        mote_flight_desc d = mote_flight_pool_desc(pool);
        d.perch_position = (mote_vec3){10.0f, -321.5f, 0.0f};
        assert_int_equal(mote_flight_pool_add(pool, &d, NULL), MOTE_OK);
        assert_int_equal(mote_flight_pool_step(pool, 0.375f, NULL), MOTE_OK);
        static unsigned char blob[8192], before[8192], after[8192];
        size_t size = 0, again = 0;
        assert_int_equal(mote_flight_pool_save(pool, blob, sizeof blob, &size), MOTE_OK);
        memcpy(before, blob, size);
        tamper(blob, size, cases[k].marker, cases[k].value);
        mote_clear_error_detail();
        assert_int_equal(mote_flight_pool_restore(pool, blob, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
        assert_detail_names(cases[k].field);
        assert_int_equal(mote_flight_pool_save(pool, after, sizeof after, &again), MOTE_OK);
        assert_int_equal(again, size);
        assert_memory_equal(before, after, size);
        mote_flight_pool_destroy(pool);
    }
}

/* Flyers at the domain's edges, all in one pool of limits at its edges too. */
static int edge_descs(const mote_flight_limits *l, mote_flight_desc *out, int capacity) {
    const float far = MOTE_FLIGHT_MAX_COORDINATE;
    const mote_vec3 places[] = {{far, far, far},        {-far, -far, -far},   {far, -far, 0.0f},
                                {0.0f, 0.0f, 0.0f},     {1e-30f, 0.0f, 0.0f}, {0.0f, 0.0f, 1e-3f},
                                {far, far, far - 1.0f}, {3.0f, 4.0f, -5.0f}};
    const int n_places = (int)(sizeof places / sizeof places[0]);
    test_rng rng = {0xf11e};
    int n = 0;
    for (int a = 0; a < n_places; ++a) {
        for (int b = 0; b < n_places && n < capacity; ++b) {
            mote_flight_desc d = mote_default_flight_desc();
            d.cruise_speed = l->cruise_speed;
            d.max_acceleration = l->max_acceleration;
            d.max_deceleration = l->max_deceleration;
            d.max_bank = l->max_bank;
            d.gravity = l->gravity;
            d.world_up = l->world_up;
            d.start_position = places[a];
            d.perch_position = places[b];
            mote_vec3 dir = {test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1),
                             test_rng_range(&rng, -1, 1)};
            float speed =
                (n % 3 == 0) ? MOTE_FLIGHT_MAX_SPEED * 0.57f : test_rng_range(&rng, 0.0f, 10.0f);
            d.start_velocity = mote_vec3_scale(dir, speed);
            d.landing_normal = (mote_vec3){test_rng_range(&rng, -1, 1), 0.0f, 1.0f};
            mote_status status = mote_flight_plan(&d, &(mote_flight_path){0});
            if (status == MOTE_OK) { /* a perch too close for a fast start overflows float */
                out[n++] = d;
            }
        }
    }
    return n;
}

static void test_edges_stay_finite_on_every_backend(void **unused) {
    (void)unused;
    const mote_flight_limits limits[] = {
        {MOTE_FLIGHT_MAX_SPEED, 1e30f, 1e30f, 1.5707f, 1e-30f, {0.0f, 0.0f, 1e-30f}},
        {1e-3f, 1e-30f, 1e-30f, 0.0f, FLT_MAX, {1.0f, 1.0f, 1.0f}},
        {6.0f, 4.0f, 3.0f, 0.785398163f, 9.81f, {0.0f, 1.0f, 0.0f}},
    };
    const float dts[] = {FLT_MAX, 1.0f / 60.0f, 1e-30f, 3600.0f};
    const int steps = (int)test_scaled_at_least(2000, 200);
    enum { N = 64 };
    mote_flight_desc descs[N];
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; ++l) {
        int n = edge_descs(&limits[l], descs, N);
        assert_true(n > N / 2);
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            mote_flight_pool *pool = make((mote_backend)b, &limits[l]);
            assert_int_equal(mote_flight_pool_add_many(pool, descs, (size_t)n, NULL), MOTE_OK);
            for (int step = 0; step < steps; ++step) {
                assert_int_equal(mote_flight_pool_step(pool, dts[step % 4], NULL), MOTE_OK);
            }
            mote_validation v;
            if (mote_flight_pool_validate(pool, &v) != MOTE_OK) {
                fail_msg("limits %zu, %s: %zu flyers not finite, the first at %zu", l,
                         mote_backend_name((mote_backend)b), v.bad_count, v.first_bad_index);
            }
            mote_flight_view view = mote_flight_pool_view(pool);
            for (size_t i = 0; i < view.count; ++i) {
                assert_true(view.time[i] <= MOTE_FLIGHT_MAX_TIME);
                assert_true(fabsf(view.bank[i]) <= limits[l].max_bank);
            }
            size_t size = mote_flight_pool_snapshot_size(pool);
            unsigned char *bytes = malloc(size);
            assert_non_null(bytes);
            assert_int_equal(mote_flight_pool_save(pool, bytes, size, NULL), MOTE_OK);
            assert_int_equal(mote_flight_pool_restore(pool, bytes, size), MOTE_OK);
            free(bytes);
            mote_flight_pool_destroy(pool);
        }
    }
}

/* A clock three steps below 2^44 s (written through the view) stepped by FLT_MAX a thousand
 * times: each step advances MOTE_FLIGHT_MAX_STEP (2^20 s) until the clock's spacing is twice
 * that, then the clock stops, far below MOTE_FLIGHT_MAX_TIME. */
static void test_clock_never_passes_its_bound(void **unused) {
    (void)unused;
    mote_flight_pool *pool = make(MOTE_BACKEND_AUTO, NULL);
    mote_flight_desc d = mote_flight_pool_desc(pool);
    assert_int_equal(mote_flight_pool_add(pool, &d, NULL), MOTE_OK);
    float advanced = 0.0f;
    assert_int_equal(mote_flight_pool_advance(pool, FLT_MAX, NULL, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_FLIGHT_MAX_STEP);
    mote_flight_view view = mote_flight_pool_view(pool);
    const float start = 0.25f * MOTE_FLIGHT_MAX_TIME - 3.0f * MOTE_FLIGHT_MAX_STEP;
    view.time[0] = start;
    for (int step = 0; step < 3; ++step) {
        assert_int_equal(mote_flight_pool_step(pool, FLT_MAX, NULL), MOTE_OK);
    }
    assert_true(view.time[0] == 0.25f * MOTE_FLIGHT_MAX_TIME);
    for (int step = 0; step < 1000; ++step) {
        assert_int_equal(mote_flight_pool_step(pool, FLT_MAX, NULL), MOTE_OK);
    }
    assert_true(view.time[0] == 0.25f * MOTE_FLIGHT_MAX_TIME); /* stopped */
    assert_int_equal(mote_flight_pool_validate(pool, NULL), MOTE_OK);
    /* a snapshot of it restores: the clock is in the domain */
    static unsigned char bytes[8192];
    size_t n = 0;
    assert_int_equal(mote_flight_pool_save(pool, bytes, sizeof bytes, &n), MOTE_OK);
    assert_int_equal(mote_flight_pool_restore(pool, bytes, n), MOTE_OK);
    mote_flight_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_out_of_domain_descs_are_refused),
               cmocka_unit_test(test_resealed_snapshots_outside_the_domain),
               cmocka_unit_test(test_edges_stay_finite_on_every_backend),
               cmocka_unit_test(test_clock_never_passes_its_bound))
