/* The docking kernel on every runnable wide variant, emulated ones included, against the scalar
 * reference (docking_bounds.h): after one step and after DOCKING_BOUND_STEPS steps (whole
 * sequences, through capture and lock, at 60 Hz and at a 0.1 s step split into sub-steps);
 * the clock, the angles and the flags bit-identical, the rest within the stated absolute
 * bounds, and every wide variant bit-identical to the others; a range step gives a whole
 * step's bits. On a count no lane count divides, for both of the probe's variants (default;
 * tilted: an off-axis port, a tilted dock axis, a 1/60 s sub-step clamp). The elements are
 * the probe's seed_state (mote_probe_docking): stations anywhere and turned, chasers 5..20
 * units out, clocks spread from -1 s (not started: whole sequences ahead) to 26 s (past lock),
 * so every phase is stepped through and a clock past approach start is captured in its first
 * step. */
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
#include "probe.h"
#include "test_support.h"

#define COUNT 1031

static const mote_probe *const probe = &mote_probe_docking;

enum { DEFAULT, TILTED }; /* the probe's variants */

/* The probe's seeded pool of COUNT sequences (the scalar backend: the tests run tables), run
 * steps times through table by dt. */
static mote_pool *stepped(size_t variant, uint64_t seed, const mote_kernel_table *table, int steps,
                          float dt) {
    mote_pool *pool = NULL;
    assert_int_equal(probe_seeded_pool(probe, &probe->variants[variant], MOTE_BACKEND_SCALAR, COUNT,
                                       seed, &pool),
                     MOTE_OK);
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table(pool, table, 0, COUNT, dt);
    }
    return pool;
}

static void fields_of(mote_pool *pool, float **p) {
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        p[f] = pool->core.fields.field[f];
    }
}

static void destroy(mote_pool *pool) {
    mote_docking_pool_destroy((mote_docking_pool *)(void *)pool);
}

static const char *field_name(int f) {
    return probe->record->fields[f].name;
}

/* Every field of a and b bit for bit, else fails naming what. */
static void assert_same_fields(mote_pool *a, mote_pool *b, const char *what) {
    float *ap[DOCKING_FIELD_COUNT], *bp[DOCKING_FIELD_COUNT];
    fields_of(a, ap);
    fields_of(b, bp);
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        if (memcmp(ap[f], bp[f], COUNT * sizeof(float)) != 0) {
            fail_msg("%s in %s", what, field_name(f));
        }
    }
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

static double worst3(const double *worst, int first) {
    return fmax(worst[first], fmax(worst[first + 1], worst[first + 2]));
}

static void check(size_t variant, int steps, float dt) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    const uint64_t seed = 0xd0c4 + (uint64_t)steps;
    mote_pool *ref = stepped(variant, seed, tables[0], steps, dt);
    float *rp[DOCKING_FIELD_COUNT];
    fields_of(ref, rp);
    mote_pool *first = NULL;
    double worst[DOCKING_FIELD_COUNT] = {0};
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_pool *wide = stepped(variant, seed, tables[t], steps, dt);
        float *wp[DOCKING_FIELD_COUNT];
        fields_of(wide, wp);
        for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
            for (size_t i = 0; i < COUNT; ++i) {
                double d = fabs((double)wp[f][i] - rp[f][i]);
                worst[f] = fmax(worst[f], d);
                bool ok = exact_field(f) ? test_ulp_distance(wp[f][i], rp[f][i]) == 0
                                         : d <= bound_of(f, steps);
                if (!ok) {
                    fail_msg("%s %s element %zu after %d steps: %.9g vs %.9g", tables[t]->name,
                             field_name(f), i, steps, wp[f][i], rp[f][i]);
                }
            }
        }
        if (first == NULL) {
            first = wide;
            continue;
        }
        assert_same_fields(first, wide, tables[t]->name);
        destroy(wide);
    }
    printf("# %s after %d steps of %g s: position %.3g spring %.3g velocity %.3g orientation "
           "%.3g\n",
           probe->variants[variant].name, steps, (double)dt, worst3(worst, DOCKING_PX),
           worst3(worst, DOCKING_SX), worst3(worst, DOCKING_VX),
           fmax(worst3(worst, DOCKING_QX), worst[DOCKING_QW]));
    destroy(first);
    destroy(ref);
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    check(DEFAULT, 1, 1.0f / 60.0f);
    check(TILTED, 1, 1.0f / 60.0f);
    check(TILTED, 1, 0.1f); /* split into sub-steps */
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(DOCKING_BOUND_STEPS);
    check(DEFAULT, steps, 1.0f / 60.0f);
    check(TILTED, steps, 1.0f / 60.0f);
    check(TILTED, steps, 1.0f / 30.0f); /* 33 s: the sequences begun at -1 s lock */
    check(TILTED, steps, 0.013f);
}

/* Ranges split anywhere give the whole step's bits on every variant. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t v = 0; v < probe->variant_count; ++v) {
        for (size_t t = 0; t < count; ++t) {
            if (!mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            mote_pool *whole = stepped(v, 99, tables[t], 1, 0.05f);
            mote_pool *split = stepped(v, 99, tables[t], 0, 0.05f);
            const size_t cuts[4] = {0, 3, 517, COUNT};
            for (int c = 0; c < 3; ++c) {
                mote_pool_run_table(split, tables[t], cuts[c], cuts[c + 1], 0.05f);
            }
            assert_same_fields(whole, split, tables[t]->name);
            destroy(whole);
            destroy(split);
        }
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
