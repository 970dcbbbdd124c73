/* The flight kernel on every runnable wide variant, emulated ones included, against the scalar
 * reference (flight_bounds.h): after one step from clocks spread over whole flights, and after
 * FLIGHT_BOUND_STEPS steps at 60 Hz (every flyer lands); time, landed, position, velocity and
 * the plan bit-identical, bank and orientation within the stated absolute bounds, every wide
 * variant bit-identical to the others, degenerate flights (P0 == P1, V0 == 0, the normal along
 * the chord, the perch behind) among them; a range step gives a whole step's bits. On a count no
 * lane count divides. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "flight_bounds.h"
#include "flight_fields.h"
#include "kernel_table.h"
#include "pool.h"
#include "test_support.h"

#define COUNT 1031

static mote_vec3 rvec(test_rng *rng, float r) {
    mote_vec3 v = {test_rng_range(rng, -r, r), test_rng_range(rng, -r, r),
                   test_rng_range(rng, -r, r)};
    return v;
}

/* Flyer i's desc: ordinary approaches, every eighth one of the degenerate kinds in turn. */
static mote_flight_desc seeded_desc(const mote_flight_pool *pool, test_rng *rng, size_t i) {
    mote_flight_desc d = mote_flight_pool_desc(pool);
    d.start_position = rvec(rng, 30.0f);
    d.start_velocity = rvec(rng, 6.0f);
    d.perch_position = rvec(rng, 30.0f);
    d.landing_normal = rvec(rng, 1.0f);
    switch (i % 8 == 7 ? (i / 8) % 4 : 4) {
    case 0: /* P0 == P1 */
        d.perch_position = d.start_position;
        break;
    case 1: /* from rest */
        d.start_velocity = (mote_vec3){0.0f, 0.0f, 0.0f};
        break;
    case 2: /* the normal along the chord */
        d.landing_normal = mote_vec3_sub(d.perch_position, d.start_position);
        break;
    case 3: /* the perch straight behind */
        d.start_velocity = mote_vec3_scale(mote_vec3_sub(d.start_position, d.perch_position), 0.2f);
        break;
    default:
        break;
    }
    return d;
}

/* A scalar pool of COUNT seeded flyers; with spread, clocks anywhere in [0, 14] s. */
static mote_flight_pool *seeded(uint64_t seed, bool spread) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    mote_flight_pool *pool = NULL;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    test_rng rng = {seed};
    for (size_t i = 0; i < COUNT; ++i) {
        mote_flight_desc d = seeded_desc(pool, &rng, i);
        assert_int_equal(mote_flight_pool_add(pool, &d, NULL), MOTE_OK);
    }
    if (spread) {
        mote_flight_view v = mote_flight_pool_view(pool);
        for (size_t i = 0; i < COUNT; ++i) {
            v.time[i] = test_rng_range(&rng, 0.0f, 14.0f);
        }
    }
    return pool;
}

static const mote_kernel_table *scalar_table(void) {
    size_t count;
    return mote_kernel_tables(&count)[0];
}

static double bound_of(int f) {
    if (f == FLIGHT_BANK) {
        return FLIGHT_BANK_ABS;
    }
    if (f >= FLIGHT_QX && f <= FLIGHT_QW) {
        return FLIGHT_ORIENTATION_ABS;
    }
    return 0.0; /* bit-identical */
}

static void fields_of(mote_flight_pool *pool, float **out) {
    mote_flight_view v = mote_flight_pool_view(pool);
    mote_pool_view_fields(&mote_flight_pool_kind_record, &v, out);
}

static void run(mote_flight_pool *pool, const mote_kernel_table *table, int steps, float dt) {
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table((mote_pool *)(void *)pool, table, 0, COUNT, dt);
    }
}

static void check(int steps, float dt, bool spread) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    mote_flight_pool *ref = seeded(0xf117 + (uint64_t)steps, spread);
    run(ref, scalar_table(), steps, dt);
    float *rp[FLIGHT_FIELD_COUNT];
    fields_of(ref, rp);
    mote_flight_pool *first = NULL;
    double worst[FLIGHT_FIELD_COUNT] = {0};
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_flight_pool *wide = seeded(0xf117 + (uint64_t)steps, spread);
        run(wide, tables[t], steps, dt);
        float *wp[FLIGHT_FIELD_COUNT];
        fields_of(wide, wp);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            for (size_t i = 0; i < COUNT; ++i) {
                double d = fabs((double)wp[f][i] - rp[f][i]);
                worst[f] = fmax(worst[f], d);
                bool ok = bound_of(f) == 0.0 ? test_ulp_distance(wp[f][i], rp[f][i]) == 0
                                             : d <= bound_of(f);
                if (!ok) {
                    fail_msg("%s %s flyer %zu after %d steps: %.9g vs %.9g", tables[t]->name,
                             mote_flight_pool_kind_record.fields[f].name, i, steps, wp[f][i],
                             rp[f][i]);
                }
            }
        }
        if (first == NULL) {
            first = wide;
            continue;
        }
        float *ap[FLIGHT_FIELD_COUNT];
        fields_of(first, ap);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            if (memcmp(ap[f], wp[f], COUNT * sizeof(float)) != 0) {
                fail_msg("%s differs from the first wide variant in %s", tables[t]->name,
                         mote_flight_pool_kind_record.fields[f].name);
            }
        }
        mote_flight_pool_destroy(wide);
    }
    printf(
        "after %d steps of %g s: bank %.3g orientation %.3g\n", steps, (double)dt,
        worst[FLIGHT_BANK],
        fmax(fmax(worst[FLIGHT_QX], worst[FLIGHT_QY]), fmax(worst[FLIGHT_QZ], worst[FLIGHT_QW])));
    mote_flight_pool_destroy(first);
    mote_flight_pool_destroy(ref);
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(1, 1.0f / 60.0f, true);
    check(1, 0.25f, true);
    check(1, 1.0f / 60.0f, false);
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    check((int)test_scaled(FLIGHT_BOUND_STEPS), 1.0f / 60.0f, false);
    check((int)test_scaled(FLIGHT_BOUND_STEPS / 4), 0.037f, true);
}

/* Every flyer of the long run lands: on every variant position is P1 bit for bit, velocity 0
 * and landed 2 once the clock is past the duration. */
static void test_every_variant_lands_on_the_perch(void **unused) {
    (void)unused;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 0; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_flight_pool *pool = seeded(5, false);
        mote_flight_view v = mote_flight_pool_view(pool);
        for (size_t i = 0; i < COUNT; ++i) {
            v.time[i] = v.duration[i]; /* the step lands every flyer */
        }
        run(pool, tables[t], 2, 0.01f);
        for (size_t i = 0; i < COUNT; ++i) {
            for (int c = 0; c < 3; ++c) {
                assert_true(test_ulp_distance(v.position[c][i], v.perch_position[c][i]) == 0);
                assert_true(v.velocity[c][i] == 0.0f);
            }
            assert_true(v.landed[i] == 2.0f);
        }
        mote_flight_pool_destroy(pool);
    }
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 0; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_flight_pool *whole = seeded(99, true), *split = seeded(99, true);
        mote_pool_run_table((mote_pool *)(void *)whole, tables[t], 0, COUNT, 0.05f);
        const size_t cuts[4] = {0, 3, 517, COUNT};
        for (int c = 0; c < 3; ++c) {
            mote_pool_run_table((mote_pool *)(void *)split, tables[t], cuts[c], cuts[c + 1], 0.05f);
        }
        float *ap[FLIGHT_FIELD_COUNT], *bp[FLIGHT_FIELD_COUNT];
        fields_of(whole, ap);
        fields_of(split, bp);
        for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
            assert_memory_equal(ap[f], bp[f], COUNT * sizeof(float));
        }
        mote_flight_pool_destroy(whole);
        mote_flight_pool_destroy(split);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_every_variant),
        cmocka_unit_test(test_long_run_every_variant),
        cmocka_unit_test(test_every_variant_lands_on_the_perch),
        cmocka_unit_test(test_ranges_match_whole_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
