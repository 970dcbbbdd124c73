/* The orientation kernels (control, spring, damper, inertialize) on every runnable wide
 * variant, emulated ones included, against the scalar reference (orientation_bounds.h): after
 * one step from seeded elements and after ORIENTATION_BOUND_STEPS steps, at 1/60 s, 1/30 s and
 * 0.1 s (the control clamps and splits it); the quaternion and the angular velocity within the
 * stated bounds, every wide variant bit-identical to the others, and a range step giving a
 * whole step's bits. On a count no lane count divides. The elements are the probe's seed_state
 * (mote_probe_orientation, one variant per kind): unit quaternions anywhere, angular
 * velocities up to 6 rad/s, halflives 0.02..2 s, the control's gains, and every third element
 * with no speed cap (max_speed 0). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernel_table.h"
#include "orientation_bounds.h"
#include "orientation_fields.h"
#include "pool.h"
#include "probe.h"
#include "test_support.h"

#define COUNT      1031 /* one step */
#define LONG_COUNT 131  /* 1,000 steps */

static const mote_probe *const probe = &mote_probe_orientation;

static void fields_of(mote_pool *pool, float **p) {
    mote_orientation_view v = mote_orientation_pool_view((mote_orientation_pool *)(void *)pool);
    mote_pool_view_fields(probe->record, &v, p);
}

static void destroy(mote_pool *pool) {
    mote_orientation_pool_destroy((mote_orientation_pool *)(void *)pool);
}

static const char *field_name(int f) {
    return probe->record->fields[f].name;
}

/* The probe's seeded pool of n elements of variant v (the scalar backend: the tests run
 * tables). The probe's seed_state leaves the inertialize kind's incoming and offset angular
 * velocities at the desc's zero; these tests draw them here (up to 6 rad/s, as the other
 * angular velocities), so the offset's decay and the incoming velocity are stepped too. */
static mote_pool *seeded(size_t v, uint64_t seed, size_t n) {
    mote_pool *pool = NULL;
    assert_int_equal(
        probe_seeded_pool(probe, &probe->variants[v], MOTE_BACKEND_SCALAR, n, seed, &pool),
        MOTE_OK);
    float *p[ORIENTATION_FIELD_COUNT];
    fields_of(pool, p);
    test_rng rng = {seed ^ 0x1e41};
    for (size_t i = 0; i < n; ++i) {
        for (int f = ORIENTATION_IWX; f < ORIENTATION_IWX + 3; ++f) {
            if (p[f] != NULL) {
                p[f][i] = test_rng_range(&rng, -6, 6);
            }
        }
        for (int f = ORIENTATION_OWX; f < ORIENTATION_OWX + 3; ++f) {
            if (p[f] != NULL) {
                p[f][i] = test_rng_range(&rng, -6, 6);
            }
        }
    }
    return pool;
}

/* seeded, then steps steps of advanced s through table. */
static mote_pool *stepped(size_t v, uint64_t seed, size_t n, const mote_kernel_table *table,
                          int steps, float advanced) {
    mote_pool *pool = seeded(v, seed, n);
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table(pool, table, 0, n, advanced);
    }
    return pool;
}

/* Every stored field of a and b bit for bit over [0, n), else fails naming what. */
static void assert_same_fields(mote_pool *a, mote_pool *b, size_t n, const char *what) {
    float *ap[ORIENTATION_FIELD_COUNT], *bp[ORIENTATION_FIELD_COUNT];
    fields_of(a, ap);
    fields_of(b, bp);
    for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
        if (ap[f] != NULL && memcmp(ap[f], bp[f], n * sizeof(float)) != 0) {
            fail_msg("%s in %s", what, field_name(f));
        }
    }
}

/* The state fields the kernels write, quaternions or angular velocities. */
static bool is_quat(int f) {
    return f <= ORIENTATION_QW || (f >= ORIENTATION_OQX && f <= ORIENTATION_OQW);
}

static bool is_state(int f) {
    return probe->record->fields[f].role == MOTE_ROLE_STATE;
}

/* The angular velocity whose size judges field f (omega or the offset's). */
static int omega_of(int f) {
    return f >= ORIENTATION_OWX ? ORIENTATION_OWX : ORIENTATION_WX;
}

static double bound_of(mote_orientation_kind kind, int f, int steps) {
    bool one = steps == 1, q = is_quat(f);
    switch (kind) {
    case MOTE_ORIENTATION_CONTROL:
        return q ? (one ? ORIENTATION_CONTROL_Q_ONE_STEP : ORIENTATION_CONTROL_Q_LONG_RUN)
                 : (one ? ORIENTATION_CONTROL_W_ONE_STEP : ORIENTATION_CONTROL_W_LONG_RUN);
    case MOTE_ORIENTATION_SPRING:
        return q ? (one ? ORIENTATION_SPRING_Q_ONE_STEP : ORIENTATION_SPRING_Q_LONG_RUN)
                 : (one ? ORIENTATION_SPRING_W_ONE_STEP : ORIENTATION_SPRING_W_LONG_RUN);
    case MOTE_ORIENTATION_INERTIALIZE:
        return q ? (one ? ORIENTATION_INERTIALIZE_Q_ONE_STEP : ORIENTATION_INERTIALIZE_Q_LONG_RUN)
                 : (one ? ORIENTATION_INERTIALIZE_W_ONE_STEP : ORIENTATION_INERTIALIZE_W_LONG_RUN);
    default:
        return one ? ORIENTATION_DAMPER_Q_ONE_STEP : ORIENTATION_DAMPER_Q_LONG_RUN;
    }
}

static void check(size_t v, int steps, float dt, size_t n) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    const mote_orientation_kind kind = (mote_orientation_kind)probe->variants[v].model;
    const uint64_t seed = 0x0e14 + (uint64_t)steps + (uint64_t)kind * 7;
    mote_pool *ref = seeded(v, seed, n);
    float advanced = 0.0f;
    assert_int_equal(
        mote_orientation_pool_advance_of((mote_orientation_pool *)(void *)ref, dt, &advanced),
        MOTE_OK);
    for (int s = 0; s < steps; ++s) {
        mote_pool_run_table(ref, tables[0], 0, n, advanced);
    }
    float *rp[ORIENTATION_FIELD_COUNT];
    fields_of(ref, rp);
    mote_pool *first = NULL;
    double worst_q = 0.0, worst_w = 0.0;
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_pool *wide = stepped(v, seed, n, tables[t], steps, advanced);
        float *wp[ORIENTATION_FIELD_COUNT];
        fields_of(wide, wp);
        for (int f = 0; f < ORIENTATION_FIELD_COUNT; ++f) {
            if (rp[f] == NULL || !is_state(f)) {
                continue;
            }
            for (size_t i = 0; i < n; ++i) {
                double scale = 1.0;
                if (!is_quat(f)) {
                    const int o = omega_of(f);
                    double wx = rp[o][i], wy = rp[o + 1][i], wz = rp[o + 2][i];
                    scale = fmax(1.0, sqrt(wx * wx + wy * wy + wz * wz));
                }
                double d = fabs((double)wp[f][i] - rp[f][i]) / scale;
                if (is_quat(f)) {
                    worst_q = fmax(worst_q, d);
                } else {
                    worst_w = fmax(worst_w, d);
                }
                if (!(d <= bound_of(kind, f, steps))) {
                    fail_msg("%s %s %s element %zu after %d steps of %g: %.9g vs %.9g",
                             mote_orientation_kind_name(kind), tables[t]->name, field_name(f), i,
                             steps, (double)dt, wp[f][i], rp[f][i]);
                }
            }
        }
        if (first == NULL) {
            first = wide;
            continue;
        }
        assert_same_fields(first, wide, n, tables[t]->name);
        destroy(wide);
    }
    printf("# %-7s %4d steps of %-9g q %.3g omega %.3g\n", mote_orientation_kind_name(kind), steps,
           (double)dt, worst_q, worst_w);
    destroy(first);
    destroy(ref);
}

static const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 0.1f};

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    for (size_t v = 0; v < probe->variant_count; ++v) {
        for (size_t d = 0; d < 3; ++d) {
            check(v, 1, dts[d], COUNT);
        }
    }
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    int steps = (int)test_scaled(ORIENTATION_BOUND_STEPS);
    for (size_t v = 0; v < probe->variant_count; ++v) {
        check(v, steps, dts[probe->variants[v].model % 2], LONG_COUNT);
    }
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
            mote_pool *whole = stepped(v, 99, COUNT, tables[t], 1, 0.05f);
            mote_pool *split = seeded(v, 99, COUNT);
            const size_t cuts[4] = {0, 3, 517, COUNT};
            for (int c = 0; c < 3; ++c) {
                mote_pool_run_table(split, tables[t], cuts[c], cuts[c + 1], 0.05f);
            }
            assert_same_fields(whole, split, COUNT, tables[t]->name);
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
