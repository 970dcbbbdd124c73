/* The stage kernel on every compiled variant, emulated ones included, against the scalar
 * reference within stage_bounds.h, and bit for bit against each other, after one step and after
 * STAGE_BOUND_STEPS steps of mixed dt, on a count that is not a multiple of any lane count, for
 * both of the probe's separations (default; no_kick). The elements are the probe's seed_state
 * (mote_probe_stage): rockets anywhere, turned and scaled, stages captured with a local offset,
 * frames across the ascent, tilt and spin drawn, times since detachment up to 4 s. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "kernel_table.h"
#include "pool.h"
#include "probe.h"
#include "stage_bounds.h"
#include "stage_fields.h"
#include "test_support.h"

#define COUNT 1031

static const mote_probe *const probe = &mote_probe_stage;

/* The probe's seeded pool of variant v, run steps steps of mixed dt through table. */
static mote_stage_pool *stepped(size_t v, const mote_kernel_table *table, size_t steps) {
    mote_pool *pool = NULL;
    assert_int_equal(
        probe_seeded_pool(probe, &probe->variants[v], MOTE_BACKEND_SCALAR, COUNT, 0x57a9e, &pool),
        MOTE_OK);
    const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 0.1f};
    for (size_t s = 0; s < steps; ++s) {
        mote_pool_run_table(pool, table, 0, COUNT, dts[s % 4]);
    }
    return (mote_stage_pool *)(void *)pool;
}

static void check_variant(size_t v, size_t steps) {
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_stage_pool *ref = stepped(v, tables[0], steps), *first = NULL;
    mote_stage_view r = mote_stage_pool_view(ref);
    for (size_t t = 1; t < n; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_stage_pool *wide = stepped(v, tables[t], steps);
        mote_stage_view w = mote_stage_pool_view(wide);
        uint32_t exact = 0;
        double orientation = 0.0;
        for (size_t i = 0; i < COUNT; ++i) {
            uint32_t u = test_ulp_distance(w.time[i], r.time[i]);
            exact = u > exact ? u : exact;
            for (int k = 0; k < 3; ++k) {
                u = test_ulp_distance(w.position[k][i], r.position[k][i]);
                exact = u > exact ? u : exact;
            }
            for (int k = 0; k < 4; ++k) {
                orientation =
                    fmax(orientation, fabs((double)w.orientation[k][i] - r.orientation[k][i]));
            }
        }
        printf("# %s %s after %zu steps: time, position %u ULP; orientation %.3g\n",
               probe->variants[v].name, tables[t]->name, steps, exact, orientation);
        assert_true(exact <= STAGE_EXACT_ULP);
        assert_true(orientation <= STAGE_ORIENTATION_ABS);
        if (first == NULL) {
            first = wide;
            continue;
        }
        mote_stage_view f = mote_stage_pool_view(first);
        for (int k = 0; k < 4; ++k) {
            assert_memory_equal(f.orientation[k], w.orientation[k], COUNT * sizeof(float));
        }
        mote_stage_pool_destroy(wide);
    }
    mote_stage_pool_destroy(first);
    mote_stage_pool_destroy(ref);
}

static void check(size_t steps) {
    for (size_t v = 0; v < probe->variant_count; ++v) {
        check_variant(v, steps);
    }
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(1);
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    check(test_scaled(STAGE_BOUND_STEPS));
}

/* The pool: steps add dt to the time, and the pose is mote_stage_evaluate's there; one step of
 * 1 s and sixty of 1/60 s agree; bad input changes nothing. */
static void test_pool_steps_and_bad_input(void **unused) {
    (void)unused;
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    def.max_dt = INFINITY; /* the 1 s step taken whole, not clamped to the default max_dt */
    mote_stage_pool *one = NULL, *many = NULL;
    assert_int_equal(mote_stage_pool_create(&def, &one), MOTE_OK);
    assert_int_equal(mote_stage_pool_create(&def, &many), MOTE_OK);
    mote_stage_desc d = mote_default_stage_desc();
    assert_int_equal(mote_stage_draw(&d, 5, 5), MOTE_OK);
    mote_id a, b;
    assert_int_equal(mote_stage_pool_add(one, &d, &a), MOTE_OK);
    assert_int_equal(mote_stage_pool_add(many, &d, &b), MOTE_OK);
    assert_int_equal(mote_stage_pool_step(one, 1.0f), MOTE_OK);
    for (int s = 0; s < 60; ++s) {
        assert_int_equal(mote_stage_pool_step(many, 1.0f / 60.0f), MOTE_OK);
    }
    mote_stage_desc g1, g2;
    assert_int_equal(mote_stage_pool_get(one, a, &g1), MOTE_OK);
    assert_int_equal(mote_stage_pool_get(many, b, &g2), MOTE_OK);
    mote_stage_pose want;
    assert_int_equal(mote_stage_evaluate(&d, 1.0f, &want), MOTE_OK);
    assert_memory_equal(&g1.position, &want.position, sizeof want.position);
    assert_memory_equal(&g1.orientation, &want.orientation, sizeof want.orientation);
    assert_true(fabsf(g2.position.x - g1.position.x) < 1e-5f);
    assert_true(g1.along_offset == -3.4f && g1.tilt_duration == 2.0f);
    /* bad input */
    assert_int_equal(mote_stage_pool_step(one, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_stage_pool_step(one, -1.0f), MOTE_ERROR_INVALID_DT);
    mote_stage_desc bad = d;
    bad.along_offset = 7.0f; /* another separation */
    assert_int_equal(mote_stage_pool_add(one, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.spin_rate = 1.0f;
    assert_int_equal(mote_stage_pool_add(one, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.side = (mote_vec3){0.0f, 0.0f, 0.0f};
    assert_int_equal(mote_stage_pool_add(one, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.time = -1.0f;
    assert_int_equal(mote_stage_pool_add(one, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_stage_pool_count(one), 1);
    mote_stage_desc after;
    assert_int_equal(mote_stage_pool_get(one, a, &after), MOTE_OK);
    assert_memory_equal(&after, &g1, sizeof after);
    def.separation.tilt_duration = 0.0f;
    mote_stage_pool *none = NULL;
    assert_int_equal(mote_stage_pool_create(&def, &none), MOTE_ERROR_INVALID_ARGUMENT);
    mote_stage_pool_destroy(one);
    mote_stage_pool_destroy(many);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_variant),
               cmocka_unit_test(test_long_run_every_variant),
               cmocka_unit_test(test_pool_steps_and_bad_input))
