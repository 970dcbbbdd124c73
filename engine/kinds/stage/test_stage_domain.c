/* The stage pool's domain (mote/stage.h): every member outside it refused at add, set and
 * create with its name in mote_error_detail() and the pool unchanged; stages at its edges,
 * stepped thousands of times at the largest and smallest dt a step accepts, stay finite on
 * every kernel variant and within stage_bounds.h of the reference; a clock far out stops at
 * MOTE_STAGE_TIME_MAX instead of overflowing the lag's cube. */
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

#include "kernel_table.h"
#include "pool.h"
#include "stage_bounds.h"
#include "stage_fields.h"
#include "test_support.h"

#define STEPS 2000

/* The separation at the domain's edges: every constant at its largest magnitude. */
static mote_stage_desc edge_separation(float sign, float kick) {
    mote_stage_desc d = mote_default_stage_desc();
    d.along_offset = sign * MOTE_STAGE_OFFSET_MAX;
    d.side_offset = -sign * MOTE_STAGE_OFFSET_MAX;
    d.earthward_offset = sign * MOTE_STAGE_OFFSET_MAX;
    d.along_speed = sign * MOTE_STAGE_SPEED_MAX;
    d.side_speed = sign * MOTE_STAGE_SPEED_MAX;
    d.earthward_speed = -sign * MOTE_STAGE_SPEED_MAX;
    d.kick_duration = kick;
    d.along_lag = sign * MOTE_STAGE_LAG_MAX;
    d.side_lag = -sign * MOTE_STAGE_LAG_MAX;
    d.earthward_lag = sign * MOTE_STAGE_LAG_MAX;
    d.tilt_duration = kick > 0.0f ? MOTE_STAGE_TIME_MAX : FLT_TRUE_MIN;
    return d;
}

/* Stage k of the edge population under separation sep: world positions at +-the bound, a
 * turned world and frame, the tilt and spin at their largest, times 0, the middle and the end. */
static mote_stage_desc edge_stage(const mote_stage_desc *sep, int k) {
    mote_stage_desc d = *sep;
    const float s = (k & 1) ? 1.0f : -1.0f;
    d.world.position = (mote_vec3){s * MOTE_STAGE_POSITION_MAX, -s * MOTE_STAGE_POSITION_MAX,
                                   (k & 2) ? MOTE_STAGE_POSITION_MAX : 0.0f};
    d.world.orientation = mote_quat_axis_angle(mote_vec3_normalize((mote_vec3){1, 2, 3}), 0.3f * k);
    assert_int_equal(mote_stage_set_frame(&d, (mote_vec3){0.1f * k, 1.0f, -0.5f},
                                          (mote_vec3){0.0f, 1.0f, 0.2f},
                                          (mote_vec3){1.0f, 0.0f, 0.3f * k}),
                     MOTE_OK);
    assert_int_equal(mote_stage_draw(&d, 0xd0a1, (uint64_t)k), MOTE_OK);
    d.tilt_angle = (k & 4) ? MOTE_STAGE_TILT_MAX : 0.0f;
    d.spin_rate = (k & 4) ? MOTE_STAGE_SPIN_MAX : 0.0f;
    const float times[3] = {0.0f, 0.5f * MOTE_STAGE_TIME_MAX, MOTE_STAGE_TIME_MAX};
    d.time = times[k % 3];
    return d;
}

#define EDGE_COUNT 19

/* A scalar-backend pool of the edge population under sep. */
static mote_pool *edge_pool(const mote_stage_desc *sep) {
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.separation = *sep;
    mote_stage_pool *pool = NULL;
    assert_int_equal(mote_stage_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < EDGE_COUNT; ++k) {
        const mote_stage_desc d = edge_stage(sep, k);
        assert_int_equal(mote_stage_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return (mote_pool *)(void *)pool;
}

static void assert_clean(mote_stage_pool *pool) {
    mote_validation v;
    assert_int_equal(mote_stage_pool_validate(pool, &v), MOTE_OK);
    assert_int_equal(v.bad_count, 0);
}

/* Every runnable kernel table steps the population under sep `steps` times at dt; each stays
 * finite and within the bounds of the reference (table 0). */
static void check_tables(const mote_stage_desc *sep, float dt, size_t steps) {
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_pool *ref = edge_pool(sep);
    for (size_t s = 0; s < steps; ++s) {
        mote_pool_run_table(ref, tables[0], 0, EDGE_COUNT, dt);
    }
    assert_clean((mote_stage_pool *)(void *)ref);
    mote_stage_view r = mote_stage_pool_view((mote_stage_pool *)(void *)ref);
    for (size_t t = 1; t < n; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_pool *wide = edge_pool(sep);
        for (size_t s = 0; s < steps; ++s) {
            mote_pool_run_table(wide, tables[t], 0, EDGE_COUNT, dt);
        }
        assert_clean((mote_stage_pool *)(void *)wide);
        mote_stage_view w = mote_stage_pool_view((mote_stage_pool *)(void *)wide);
        for (size_t i = 0; i < EDGE_COUNT; ++i) {
            assert_true(w.time[i] <= MOTE_STAGE_TIME_MAX);
            assert_true(test_ulp_distance(w.time[i], r.time[i]) <= STAGE_EXACT_ULP);
            for (int k = 0; k < 3; ++k) {
                assert_true(test_ulp_distance(w.position[k][i], r.position[k][i]) <=
                            STAGE_EXACT_ULP);
            }
            for (int k = 0; k < 4; ++k) {
                assert_true(fabs((double)w.orientation[k][i] - r.orientation[k][i]) <=
                            STAGE_ORIENTATION_ABS);
            }
        }
        mote_stage_pool_destroy((mote_stage_pool *)(void *)wide);
    }
    mote_stage_pool_destroy((mote_stage_pool *)(void *)ref);
}

/* A clock past 6.1e12 s overflowed the lag's u^3 and gave NaN on every backend: the time now
 * stops at MOTE_STAGE_TIME_MAX, however large the steps. */
static void test_far_clock_stays_finite(void **unused) {
    (void)unused;
    mote_stage_desc sep = mote_default_stage_desc();
    check_tables(&sep, 1e12f, 10);
    check_tables(&sep, FLT_MAX, 10);
}

/* The domain's edges, stepped STEPS times at the extreme dt a step accepts. */
static void test_edges_every_variant(void **unused) {
    (void)unused;
    const float dts[] = {FLT_MAX, FLT_TRUE_MIN, 1.0f / 60.0f, 977.0f};
    for (int e = 0; e < 4; ++e) {
        const mote_stage_desc sep =
            edge_separation((e & 1) ? 1.0f : -1.0f, (e & 2) ? MOTE_STAGE_TIME_MAX : 0.0f);
        for (size_t k = 0; k < sizeof dts / sizeof dts[0]; ++k) {
            check_tables(&sep, dts[k], test_scaled_at_least(STEPS, 50));
        }
    }
}

/* The public step on every available backend, at FLT_MAX, stays finite. */
static void test_edges_every_backend(void **unused) {
    (void)unused;
    const mote_stage_desc sep = edge_separation(1.0f, 0.0f);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        mote_stage_pool *pool = (mote_stage_pool *)(void *)edge_pool(&sep);
        assert_int_equal(mote_stage_pool_set_backend(pool, (mote_backend)b), MOTE_OK);
        for (int s = 0; s < 100; ++s) {
            assert_int_equal(mote_stage_pool_step(pool, s % 2 ? FLT_MAX : 1.0f / 60.0f), MOTE_OK);
        }
        assert_clean(pool);
        mote_stage_desc got;
        assert_int_equal(mote_stage_pool_get(pool, mote_stage_pool_id_at(pool, 0), &got), MOTE_OK);
        assert_true(got.time == MOTE_STAGE_TIME_MAX);
        mote_stage_pool_destroy(pool);
    }
}

/* The pool's snapshot bytes (to show a refused call changed nothing). */
static unsigned char *snapshot_of(const mote_stage_pool *pool, size_t *size) {
    *size = mote_stage_pool_snapshot_size(pool);
    unsigned char *bytes = malloc(*size);
    assert_non_null(bytes);
    assert_int_equal(mote_stage_pool_save(pool, bytes, *size, NULL), MOTE_OK);
    return bytes;
}

/* desc refused by add and set with status and a detail naming field; the pool unchanged. */
static void expect_refused(mote_stage_pool *pool, const mote_stage_desc *desc, mote_status status,
                           const char *field) {
    size_t before_size, after_size;
    unsigned char *before = snapshot_of(pool, &before_size);
    mote_clear_error_detail();
    assert_int_equal(mote_stage_pool_add(pool, desc, NULL), status);
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("add: detail \"%s\" does not name %s", mote_error_detail(), field);
    }
    mote_clear_error_detail();
    assert_int_equal(mote_stage_pool_set(pool, mote_stage_pool_id_at(pool, 0), desc), status);
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("set: detail \"%s\" does not name %s", mote_error_detail(), field);
    }
    unsigned char *after = snapshot_of(pool, &after_size);
    assert_int_equal(before_size, after_size);
    assert_memory_equal(before, after, before_size);
    free(before);
    free(after);
}

/* A template refused by create with status and a detail naming field. */
static void expect_template_refused(const mote_stage_desc *sep, mote_status status,
                                    const char *field) {
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.separation = *sep;
    mote_stage_pool *pool = NULL;
    mote_clear_error_detail();
    assert_int_equal(mote_stage_pool_create(&def, &pool), status);
    assert_null(pool);
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("create: detail \"%s\" does not name %s", mote_error_detail(), field);
    }
}

static void test_refusals_name_the_member(void **unused) {
    (void)unused;
    const mote_stage_desc sep = mote_default_stage_desc();
    mote_stage_pool *pool = (mote_stage_pool *)(void *)edge_pool(&sep);
    const mote_stage_desc good = edge_stage(&sep, 1);
    const float over = 1.0009765625f; /* just past a bound */
    struct {
        const char *field;
        float *member;
        float value;
        mote_status status;
    } cases[20];
    mote_stage_desc d[20];
    int n = 0;
#define CASE(f, v, s)                                                                              \
    do {                                                                                           \
        d[n] = good;                                                                               \
        cases[n].field = #f;                                                                       \
        cases[n].member = &d[n].f;                                                                 \
        cases[n].value = (v);                                                                      \
        cases[n].status = (s);                                                                     \
        ++n;                                                                                       \
    } while (0)
    CASE(time, MOTE_STAGE_TIME_MAX * over, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(time, 6.2e12f, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(world.position.x, MOTE_STAGE_POSITION_MAX * over, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(world.position.z, -MOTE_STAGE_POSITION_MAX * over, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(tilt_angle, MOTE_STAGE_TILT_MAX * over, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(spin_rate, MOTE_STAGE_SPIN_MAX * over, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(tilt_axis.y, 0.5f, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(along.x, 2.0f, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(world.orientation.w, 3.0f, MOTE_ERROR_INVALID_ARGUMENT);
    /* (a NaN or a negative time is the pool layer's own field check) */
    /* another separation: the member that differs */
    CASE(side_speed, 5.9f, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(kick_duration, 0.5f, MOTE_ERROR_INVALID_ARGUMENT);
    CASE(earthward_lag, 1.0f, MOTE_ERROR_INVALID_ARGUMENT);
#undef CASE
    for (int i = 0; i < n; ++i) {
        *cases[i].member = cases[i].value;
        const char *field = cases[i].field;
        const char *dot = strrchr(field, '.');
        /* a vector's detail names the vector ("tilt_axis"), a scalar member itself */
        char name[64];
        snprintf(name, sizeof name, "%s", field);
        if (dot != NULL && (strncmp(field, "world.position", 14) != 0)) {
            name[dot - field] = '\0';
        }
        expect_refused(pool, &d[i], cases[i].status, name);
    }
    mote_stage_pool_destroy(pool);

    /* the template at create */
    const float over_template = 1.0009765625f;
    mote_stage_desc t = sep;
    t.along_lag = MOTE_STAGE_LAG_MAX * over_template;
    expect_template_refused(&t, MOTE_ERROR_INVALID_ARGUMENT, "along_lag");
    t = sep;
    t.side_speed = -MOTE_STAGE_SPEED_MAX * over_template;
    expect_template_refused(&t, MOTE_ERROR_INVALID_ARGUMENT, "side_speed");
    t = sep;
    t.earthward_offset = MOTE_STAGE_OFFSET_MAX * over_template;
    expect_template_refused(&t, MOTE_ERROR_INVALID_ARGUMENT, "earthward_offset");
    t = sep;
    t.kick_duration = MOTE_STAGE_TIME_MAX * over_template;
    expect_template_refused(&t, MOTE_ERROR_INVALID_ARGUMENT, "kick_duration");
    t = sep;
    t.tilt_duration = 0.0f;
    expect_template_refused(&t, MOTE_ERROR_INVALID_ARGUMENT, "tilt_duration");
    t = sep;
    t.tilt_duration = NAN;
    expect_template_refused(&t, MOTE_ERROR_NON_FINITE, "tilt_duration");
}

/* mote_stage_evaluate past the time bound gives the pose at the bound. */
static void test_evaluate_holds_past_the_bound(void **unused) {
    (void)unused;
    mote_stage_desc d = mote_default_stage_desc();
    d.spin_rate = MOTE_STAGE_SPIN_MAX;
    mote_stage_pose at, past;
    assert_int_equal(mote_stage_evaluate(&d, MOTE_STAGE_TIME_MAX, &at), MOTE_OK);
    assert_int_equal(mote_stage_evaluate(&d, FLT_MAX, &past), MOTE_OK);
    assert_memory_equal(&at, &past, sizeof at);
    assert_true(isfinite(past.position.x) && isfinite(past.orientation.w));
}

MOTE_TEST_MAIN(cmocka_unit_test(test_far_clock_stays_finite),
               cmocka_unit_test(test_edges_every_variant),
               cmocka_unit_test(test_edges_every_backend),
               cmocka_unit_test(test_refusals_name_the_member),
               cmocka_unit_test(test_evaluate_holds_past_the_bound))
