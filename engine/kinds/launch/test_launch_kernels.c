/* The launch kernel on every compiled variant, emulated ones included, against the scalar
 * reference within launch_bounds.h, and bit for bit against each other: one evaluation at
 * several clocks, and after LAUNCH_BOUND_STEPS steps, on a count that is not a multiple of any
 * lane count, for both of the probe's profiles (default; no_coast). The rockets are the probe's
 * seed_state (mote_probe_launch): launch times staggered over 36 s around LAUNCH_SEED_CLOCK
 * (an hour in: the double clock's low part matters), so at every clock below rockets are on
 * the pad, in every phase and at rest, turn blends and crossranges drawn, and every
 * combination of the three flags. */
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
#include "launch_bounds.h"
#include "launch_fields.h"
#include "pool.h"
#include "probe.h"
#include "test_support.h"

#define COUNT 2053

static const mote_probe *const probe = &mote_probe_launch;

static mote_launch_pool *make_pool(size_t v, size_t count) {
    mote_pool *pool = NULL;
    assert_int_equal(
        probe_seeded_pool(probe, &probe->variants[v], MOTE_BACKEND_SCALAR, count, 0x1a0c4, &pool),
        MOTE_OK);
    return (mote_launch_pool *)(void *)pool;
}

/* Sets the clock and runs one table's kernel over the whole pool. */
static void run_at(mote_launch_pool *pool, const mote_kernel_table *table, double clock) {
    assert_int_equal(mote_launch_pool_evaluate(pool, clock), MOTE_OK); /* scalar, then: */
    mote_pool_run_table((mote_pool *)(void *)pool, table, 0, mote_launch_pool_count(pool), 0.0f);
}

typedef struct worst {
    double unit, roll, position, velocity;
    uint32_t arc, exact;
} worst;

static void compare(const mote_launch_view *w, const mote_launch_view *r, worst *out) {
    float *pw[LAUNCH_FIELD_COUNT], *pr[LAUNCH_FIELD_COUNT];
    mote_pool_view_fields(&mote_launch_pool_kind_record, w, pw);
    mote_pool_view_fields(&mote_launch_pool_kind_record, r, pr);
    for (size_t i = 0; i < r->count; ++i) {
        const int exact[] = {LAUNCH_PHASE, LAUNCH_DISTANCE, LAUNCH_SPEED, LAUNCH_ALTITUDE};
        for (int k = 0; k < 4; ++k) {
            uint32_t u = test_ulp_distance(pw[exact[k]][i], pr[exact[k]][i]);
            out->exact = u > out->exact ? u : out->exact;
        }
        uint32_t u = test_ulp_distance(pw[LAUNCH_GROUND_ARC][i], pr[LAUNCH_GROUND_ARC][i]);
        out->arc = u > out->arc ? u : out->arc;
        const int units[] = {LAUNCH_RX, LAUNCH_RY, LAUNCH_RZ, LAUNCH_FX, LAUNCH_FY,
                             LAUNCH_FZ, LAUNCH_BX, LAUNCH_BY, LAUNCH_BZ, LAUNCH_BW,
                             LAUNCH_QX, LAUNCH_QY, LAUNCH_QZ, LAUNCH_QW};
        for (int k = 0; k < 14; ++k) {
            out->unit = fmax(out->unit, fabs((double)pw[units[k]][i] - pr[units[k]][i]));
        }
        out->roll = fmax(out->roll, fabs((double)pw[LAUNCH_ROLL][i] - pr[LAUNCH_ROLL][i]));
        const double pscale = 6371.0 + fabs((double)pr[LAUNCH_ALTITUDE][i]);
        double vscale = 1.0;
        for (int k = 0; k < 3; ++k) {
            vscale = fmax(vscale, 1.0 + fabs((double)pr[LAUNCH_VX + k][i]));
        }
        for (int k = 0; k < 3; ++k) {
            out->position = fmax(
                out->position, fabs((double)pw[LAUNCH_PX + k][i] - pr[LAUNCH_PX + k][i]) / pscale);
            out->velocity = fmax(
                out->velocity, fabs((double)pw[LAUNCH_VX + k][i] - pr[LAUNCH_VX + k][i]) / vscale);
        }
    }
}

static void check_worst(const char *variant, const char *name, const worst *w) {
    printf(
        "# %s %s: exact %u ULP, ground_arc %u ULP, unit %.3g, roll %.3g, position %.3g, velocity "
        "%.3g\n",
        variant, name, w->exact, w->arc, w->unit, w->roll, w->position, w->velocity);
    assert_true(w->exact <= LAUNCH_EXACT_ULP);
    assert_true(w->arc <= LAUNCH_GROUND_ARC_ULP);
    assert_true(w->unit <= LAUNCH_UNIT_ABS);
    assert_true(w->roll <= LAUNCH_ROLL_ABS);
    assert_true(w->position <= LAUNCH_POSITION_REL);
    assert_true(w->velocity <= LAUNCH_VELOCITY_REL);
}

/* Every runnable wide table against the reference at the given clocks; the wide tables bit for
 * bit against the first. */
static void check_variant(size_t v, const double *clocks, size_t n_clocks, size_t count) {
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_launch_pool *ref = make_pool(v, count), *first = make_pool(v, count),
                     *wide = make_pool(v, count);
    bool have_first = false;
    for (size_t t = 1; t < n; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        worst w = {0};
        for (size_t c = 0; c < n_clocks; ++c) {
            run_at(ref, tables[0], clocks[c]);
            run_at(wide, tables[t], clocks[c]);
            mote_launch_view vw = mote_launch_pool_view(wide), vr = mote_launch_pool_view(ref);
            compare(&vw, &vr, &w);
            if (!have_first || c + 1 < n_clocks) {
                continue;
            }
            run_at(first, tables[1], clocks[c]);
            mote_launch_view vf = mote_launch_pool_view(first);
            float *pf[LAUNCH_FIELD_COUNT], *pw[LAUNCH_FIELD_COUNT];
            mote_pool_view_fields(&mote_launch_pool_kind_record, &vf, pf);
            mote_pool_view_fields(&mote_launch_pool_kind_record, &vw, pw);
            for (int f = 0; f < LAUNCH_FIELD_COUNT; ++f) {
                if (memcmp(pf[f], pw[f], count * sizeof(float)) != 0) {
                    fail_msg("%s field %d differs from %s", tables[t]->name, f, tables[1]->name);
                }
            }
        }
        have_first = true;
        check_worst(probe->variants[v].name, tables[t]->name, &w);
    }
    mote_launch_pool_destroy(ref);
    mote_launch_pool_destroy(first);
    mote_launch_pool_destroy(wide);
}

/* Every variant of the probe at clocks[k] s after LAUNCH_SEED_CLOCK. */
static void check_clocks(const double *clocks, size_t n_clocks, size_t count) {
    double at[LAUNCH_BOUND_STEPS];
    assert_true(n_clocks <= LAUNCH_BOUND_STEPS);
    for (size_t c = 0; c < n_clocks; ++c) {
        at[c] = LAUNCH_SEED_CLOCK + clocks[c];
    }
    for (size_t v = 0; v < probe->variant_count; ++v) {
        check_variant(v, at, n_clocks, count);
    }
}

static void test_one_evaluation_every_variant(void **unused) {
    (void)unused;
    const double clocks[] = {0.0, 3.3, 7.9, 16.0, 24.9, 31.0, 55.5};
    check_clocks(clocks, sizeof clocks / sizeof clocks[0], COUNT);
}

/* LAUNCH_BOUND_STEPS steps of 1/60 s of the double clock, every one compared. */
static void test_long_run_every_variant(void **unused) {
    (void)unused;
    const size_t steps = test_scaled(LAUNCH_BOUND_STEPS);
    double clocks[LAUNCH_BOUND_STEPS];
    double clock = 0.0;
    for (size_t s = 0; s < steps; ++s) {
        clock += 1.0 / 60.0;
        clocks[s] = clock;
    }
    check_clocks(clocks, steps, 97);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_evaluation_every_variant),
               cmocka_unit_test(test_long_run_every_variant))
