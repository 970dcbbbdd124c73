/* The docking kernel on every runnable wide variant, emulated ones included, against the scalar
 * reference (docking_bounds.h): after one step from seeded states all over the timeline, and
 * after DOCKING_BOUND_STEPS steps (whole sequences, through capture and lock, at 60 Hz and at
 * a 0.1 s step split into sub-steps); the clock, the angles and the flags bit-identical, the
 * rest within the stated absolute bounds, and every wide variant bit-identical to the others;
 * a range step gives a whole step's bits. On a count no lane count divides. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "docking_bounds.h"
#include "docking_fields.h"
#include "kernel_table.h"
#include "pool.h"
#include "test_support.h"

#define COUNT 1031

static mote_vec3 rvec(test_rng *rng, float r) {
    mote_vec3 v = {test_rng_range(rng, -r, r), test_rng_range(rng, -r, r),
                   test_rng_range(rng, -r, r)};
    return v;
}

/* A pool of COUNT seeded sequences: stations anywhere, tilted, chasers 5..20 units out, start
 * delays up to 2 s; with mid_sequence, clocks spread over the whole timeline. */
static mote_docking_pool *seeded(uint64_t seed, bool mid_sequence, bool tilted) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    if (tilted) {
        def.profile.dock_port_offset = (mote_vec3){1.5f, 0.0f, 3.0f};
        def.profile.dock_axis = (mote_vec3){0.3f, 0.0f, 1.0f};
    }
    mote_docking_pool *pool = NULL;
    assert_int_equal(mote_docking_pool_create(&def, &pool), MOTE_OK);
    test_rng rng = {seed};
    for (size_t i = 0; i < COUNT; ++i) {
        mote_vec3 station = rvec(&rng, 100.0f);
        mote_vec3 a = rvec(&rng, 1.0f);
        mote_quat base = mote_quat_axis_angle(mote_vec3_normalize(a), test_rng_range(&rng, -3, 3));
        mote_vec3 off = rvec(&rng, 4.0f);
        off.z = test_rng_range(&rng, 5.0f, 20.0f);
        mote_vec3 chaser = mote_vec3_add(station, mote_quat_rotate(base, off));
        mote_docking_state s;
        assert_int_equal(mote_docking_begin(&def.profile, station, base, chaser,
                                            test_rng_range(&rng, 0.0f, 2.0f), &s),
                         MOTE_OK);
        if (mid_sequence) {
            s.time = test_rng_range(&rng, -1.0f, 28.0f);
        }
        assert_int_equal(mote_docking_pool_add(pool, &s, NULL), MOTE_OK);
    }
    return pool;
}

static const mote_kernel_table *scalar_table(void) {
    size_t count;
    return mote_kernel_tables(&count)[0];
}

static bool exact_field(int f) {
    return f == DOCKING_TIME || f == DOCKING_STATION_ANGLE || f == DOCKING_CHASER_ANGLE ||
           f == DOCKING_CAPTURED || f == DOCKING_LOCKED || (f >= DOCKING_STX && f <= DOCKING_SBW) ||
           (f >= DOCKING_START_PARALLEL && f <= DOCKING_RZ);
}

/* The bound of field f for a run of `steps` steps. */
static double bound_of(int f, int steps) {
    bool one = steps == 1;
    if (f >= DOCKING_QX && f <= DOCKING_QW) {
        return one ? DOCKING_ORIENTATION_ONE_STEP : DOCKING_ORIENTATION_LONG_RUN;
    }
    if (f >= DOCKING_VX && f <= DOCKING_VZ) {
        return one ? DOCKING_VELOCITY_ONE_STEP : DOCKING_VELOCITY_LONG_RUN;
    }
    return one ? DOCKING_POSITION_ONE_STEP : DOCKING_POSITION_LONG_RUN;
}

static void check(int steps, float dt, bool mid_sequence, bool tilted) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    mote_docking_pool *ref = seeded(0xd0c4 + (uint64_t)steps, mid_sequence, tilted);
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table((mote_pool *)(void *)ref, scalar_table(), 0, COUNT, dt);
    }
    mote_docking_view r = mote_docking_pool_view(ref);
    float *rp[DOCKING_FIELD_COUNT];
    mote_pool_view_fields(&mote_docking_pool_kind_record, &r, rp);
    mote_docking_pool *first = NULL;
    double worst[DOCKING_FIELD_COUNT] = {0};
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_docking_pool *wide = seeded(0xd0c4 + (uint64_t)steps, mid_sequence, tilted);
        for (int s = 0; s < steps; ++s) {
            mote_pool_run_table((mote_pool *)(void *)wide, tables[t], 0, COUNT, dt);
        }
        mote_docking_view w = mote_docking_pool_view(wide);
        float *wp[DOCKING_FIELD_COUNT];
        mote_pool_view_fields(&mote_docking_pool_kind_record, &w, wp);
        for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
            for (size_t i = 0; i < COUNT; ++i) {
                double d = fabs((double)wp[f][i] - rp[f][i]);
                worst[f] = fmax(worst[f], d);
                bool ok = exact_field(f) ? test_ulp_distance(wp[f][i], rp[f][i]) == 0
                                         : d <= bound_of(f, steps);
                if (!ok) {
                    fail_msg("%s %s element %zu after %d steps: %.9g vs %.9g", tables[t]->name,
                             mote_docking_pool_kind_record.fields[f].name, i, steps, wp[f][i],
                             rp[f][i]);
                }
            }
        }
        if (first == NULL) {
            first = wide;
            continue;
        }
        mote_docking_view a = mote_docking_pool_view(first);
        float *ap[DOCKING_FIELD_COUNT];
        mote_pool_view_fields(&mote_docking_pool_kind_record, &a, ap);
        for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
            if (memcmp(ap[f], wp[f], COUNT * sizeof(float)) != 0) {
                fail_msg("%s differs from the first wide variant in %s", tables[t]->name,
                         mote_docking_pool_kind_record.fields[f].name);
            }
        }
        mote_docking_pool_destroy(wide);
    }
    printf("after %d steps of %g s: position %.3g spring %.3g velocity %.3g orientation %.3g "
           "\n",
           steps, (double)dt, fmax(worst[DOCKING_PX], fmax(worst[DOCKING_PY], worst[DOCKING_PZ])),
           fmax(worst[DOCKING_SX], fmax(worst[DOCKING_SY], worst[DOCKING_SZ])),
           fmax(worst[DOCKING_VX], fmax(worst[DOCKING_VY], worst[DOCKING_VZ])),
           fmax(fmax(worst[DOCKING_QX], worst[DOCKING_QY]),
                fmax(worst[DOCKING_QZ], worst[DOCKING_QW])));
    mote_docking_pool_destroy(first);
    mote_docking_pool_destroy(ref);
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(1, 1.0f / 60.0f, true, false);
    check(1, 1.0f / 60.0f, true, true);
    check(1, 0.1f, true, true);
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(DOCKING_BOUND_STEPS);
    check(steps, 1.0f / 60.0f, false, false); /* ends in approach and settle */
    check(steps, 1.0f / 60.0f, false, true);
    check(steps, 1.0f / 30.0f, false, true); /* whole sequences, locked */
    check(steps, 0.013f, true, true);        /* clocks spread: every phase at the end */
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
        mote_docking_pool *whole = seeded(99, true, true), *split = seeded(99, true, true);
        mote_pool_run_table((mote_pool *)(void *)whole, tables[t], 0, COUNT, 0.05f);
        const size_t cuts[4] = {0, 3, 517, COUNT};
        for (int c = 0; c < 3; ++c) {
            mote_pool_run_table((mote_pool *)(void *)split, tables[t], cuts[c], cuts[c + 1], 0.05f);
        }
        mote_docking_view a = mote_docking_pool_view(whole), b = mote_docking_pool_view(split);
        float *ap[DOCKING_FIELD_COUNT], *bp[DOCKING_FIELD_COUNT];
        mote_pool_view_fields(&mote_docking_pool_kind_record, &a, ap);
        mote_pool_view_fields(&mote_docking_pool_kind_record, &b, bp);
        for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
            assert_memory_equal(ap[f], bp[f], COUNT * sizeof(float));
        }
        mote_docking_pool_destroy(whole);
        mote_docking_pool_destroy(split);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_every_variant),
        cmocka_unit_test(test_long_run_every_variant),
        cmocka_unit_test(test_ranges_match_whole_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
