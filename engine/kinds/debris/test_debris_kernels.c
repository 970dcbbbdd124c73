/* The debris kernel on every runnable wide variant against the scalar reference, from seeded
 * states mixing every kind of piece (before, during and at the end of its peel, free with and
 * without tumble, capped, degenerate peel windows): one step and 1,000 steps under a spinning,
 * moving ship, within the bounds of debris_kernels.c (time, phase, position and velocity bit
 * for bit; orientation within DEBRIS_ORIENTATION_*); every wide variant bit-identical to every
 * other; an attached piece exactly on the ship transform of its anchor before peeling on every
 * variant; the 100,000-step tumble; split ranges; non-finite values kept in their lane.
 *
 * The pieces are the debris probe's (debris_probe.c's seed_state), with the few kinds it leaves
 * out added here (add_edge_pieces); the one-step, long-run and range checks are the loop of
 * tests/support/test_kernels.c over pools of the probe. */
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

#include "debris_bounds.h"
#include "debris_fields.h"
#include "kernel_table.h"
#include "mote/debris.h"
#include "mote/debris_pool.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */

/* The kind's arrays outside a pool: state, state_alloc(n), state_free. */
TEST_KERNELS_STATE(DEBRIS_FIELD_COUNT)

static mote_debris_view state_view(const state *s, size_t n) {
    mote_debris_view v;
    debris_view_from_pointers(&v, s->f);
    v.count = n;
    return v;
}

static mote_vec3 rvec(test_rng *rng, float r) {
    mote_vec3 v = {test_rng_range(rng, -r, r), test_rng_range(rng, -r, r),
                   test_rng_range(rng, -r, r)};
    return v;
}

static mote_vec3 rdir(test_rng *rng) {
    mote_vec3 v = rvec(rng, 1.0f);
    float inv = 1.0f / sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
    mote_vec3 d = {v.x * inv, v.y * inv, v.z * inv};
    return d;
}

static mote_quat rquat(test_rng *rng) {
    mote_quat q = {test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                   test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1)};
    return mote_quat_normalize(q);
}

/* The probe's seeded pieces (debris_probe.c's seed_state: attached pieces at clocks before,
 * during and after their peel, free ones tumbling, capped ones, degenerate peel windows) in
 * arrays of exactly n, for the tests that step arrays rather than a pool. */
static void seed_state(uint64_t seed, state *s, size_t n) {
    const mote_probe *probe = &mote_probe_debris;
    probe->seed_state(&probe->variants[probe->main_variant], s->f, n, seed);
}

/* What the probe's pieces leave out, kept here: one piece in 16 free without tumble, one
 * attached piece about to release (within 0.05 s of its detach time: the probe's clocks land
 * there by chance only) and one far anchor with a large twist and a tiny tumble. */
static void add_edge_pieces(mote_pool *pool, const void *ctx) {
    (void)ctx;
    float *const *f = pool->core.fields.field;
    const size_t n = mote_pool_count(pool, &mote_debris_pool_kind_record);
    test_rng rng = {n};
    for (size_t i = 0; i < n; ++i) {
        mote_debris_desc d = debris_desc_at(f, i);
        switch (i % 16) {
        case 5: /* free, no tumble */
            d.phase = MOTE_DEBRIS_FREE;
            d.position = rvec(&rng, 100.0f);
            d.orientation = rquat(&rng);
            d.velocity = rvec(&rng, 5.0f);
            d.angular_velocity = (mote_vec3){0.0f, 0.0f, 0.0f};
            break;
        case 9: /* about to release */
            d.phase = MOTE_DEBRIS_ATTACHED;
            d.detach_time = d.peel_start + test_rng_range(&rng, 0.05f, 3.0f);
            d.time = d.detach_time - test_rng_range(&rng, 0.0f, 0.05f);
            break;
        case 13: /* far anchor, large twist, tiny tumble */
            d.phase = MOTE_DEBRIS_ATTACHED;
            d.anchor = rvec(&rng, 3000.0f);
            d.twist = test_rng_range(&rng, -100.0f, 100.0f);
            d.angular_velocity = rvec(&rng, 1e-4f);
            d.time = test_rng_range(&rng, d.peel_start, d.detach_time + 1.0f);
            break;
        default:
            continue;
        }
        debris_desc_store(f, i, &d);
    }
}

/* A random ship from seed, and the default settings or (forces) gravity and damping. */
static void test_frame_inputs(uint64_t seed, bool forces, mote_debris_ship *ship,
                              mote_debris_settings *settings) {
    test_rng rng = {seed};
    *ship = (mote_debris_ship){rvec(&rng, 200.0f), rquat(&rng), rdir(&rng),
                               test_rng_range(&rng, -6.0f, 6.0f)};
    *settings = mote_default_debris_settings();
    if (forces) {
        settings->gravity = (mote_vec3){0.0f, -9.81f, 0.3f};
        settings->linear_damping = 0.2f;
    }
}

static mote_debris_frame test_frame(uint64_t seed, float dt, bool forces) {
    mote_debris_ship ship;
    mote_debris_settings settings;
    test_frame_inputs(seed, forces, &ship, &settings);
    return mote_debris_frame_make(&ship, &settings, dt);
}

static bool is_orientation(int f) {
    return f >= DEBRIS_QX && f <= DEBRIS_QW;
}

/* What a run of the probe's pieces steps under: the ship and settings of every step (one for
 * a single step), and the orientation's bound. */
typedef struct debris_inputs {
    int steps;
    mote_debris_ship *ship;
    mote_debris_settings *settings;
    double orientation_bound;
} debris_inputs;

/* Orientation within the run's bound, every other field bit for bit. */
static double debris_bound(const test_kernel_element *e, double *error, const void *ctx) {
    if (is_orientation(e->field)) {
        *error = fabs((double)e->wide - (double)e->ref);
        return ((const debris_inputs *)ctx)->orientation_bound;
    }
    return test_kernels_bit_identical(e, error, ctx);
}

static void set_inputs(mote_pool *pool, int step, const void *ctx) {
    const debris_inputs *in = ctx;
    mote_debris_pool *p = (mote_debris_pool *)(void *)pool;
    assert_int_equal(mote_debris_pool_set_ship(p, &in->ship[step]), MOTE_OK);
    assert_int_equal(mote_debris_pool_set_settings(p, &in->settings[step]), MOTE_OK);
}

static void prepare_pieces(mote_pool *pool, const void *ctx) {
    add_edge_pieces(pool, ctx);
    set_inputs(pool, 0, ctx);
}

/* One step under a random ship (with gravity and damping), or steps under a spinning ship
 * that moves, spins down and comes to rest, gravity from step 500 and damping from 700. */
static void check_steps(int steps, double bound, uint64_t seed) {
    const float dt = steps == 1 ? 1.0f / 30.0f : 1.0f / 60.0f;
    debris_inputs in = {steps, calloc((size_t)steps, sizeof(mote_debris_ship)),
                        calloc((size_t)steps, sizeof(mote_debris_settings)), bound};
    assert_non_null(in.ship);
    assert_non_null(in.settings);
    mote_station_spin sp = mote_default_station_spin();
    sp.spin_down_start = 8.0f; /* the run covers spin, spin-down and rest */
    sp.spin_down_end = 12.0f;
    for (int k = 0; k < steps; ++k) {
        if (steps == 1) {
            test_frame_inputs(seed + 1, true, &in.ship[k], &in.settings[k]);
        } else {
            mote_station_spin_step(&sp, dt);
            mote_vec3 at = {10.0f * sinf(0.01f * (float)k), 0.5f * (float)k * dt, 0.0f};
            in.ship[k] = mote_station_spin_ship(&sp, at);
            in.settings[k] = mote_default_debris_settings();
            in.settings[k].gravity = (mote_vec3){0.0f, 0.0f, k > 500 ? -3.0f : 0.0f};
            in.settings[k].linear_damping = k > 700 ? 0.1f : 0.0f;
        }
    }
    const test_kernel_run run = {
        .probe = &mote_probe_debris,
        .count = COUNT,
        .seed = seed,
        .steps = steps,
        .dt = dt,
        .prepare = prepare_pieces,
        .before_step = steps == 1 ? NULL : set_inputs,
        .bound = debris_bound,
        .ctx = &in,
        .label = steps == 1 ? "debris one step" : "debris long run",
    };
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, false));
    printf("# debris %d step(s): orientation within %.3g of the reference (bound %.3g); "
           "time, phase, position, velocity identical\n",
           steps,
           fmax(fmax(worst[DEBRIS_QX], worst[DEBRIS_QY]), fmax(worst[DEBRIS_QZ], worst[DEBRIS_QW])),
           bound);
    free(in.ship);
    free(in.settings);
}

static void test_one_step_every_variant(void **unused) {
    (void)unused;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        check_steps(1, DEBRIS_ORIENTATION_ONE_STEP, seed * 101);
    }
}

static void test_long_run_every_variant(void **unused) {
    (void)unused;
    /* Fewer steps under emulation (MOTE_TEST_SCALE); the 1,000-step bound holds all the more. */
    size_t steps = test_scaled(DEBRIS_BOUND_STEPS);
    check_steps(steps < 2 ? 2 : (int)steps, DEBRIS_ORIENTATION_LONG_RUN, 77);
}

/* Before peel_start, on every variant and for any ship motion, an attached piece sits bit for
 * bit on the ship transform of its anchor with orientation normalize(ship * base). */
static void test_attached_exactly_on_ship_every_variant(void **unused) {
    (void)unused;
    const size_t n = 37;
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        state s = state_alloc(n);
        test_rng rng = {5};
        for (size_t i = 0; i < n; ++i) {
            mote_debris_desc d = mote_default_debris_desc();
            d.anchor = rvec(&rng, 40.0f);
            d.outward = rdir(&rng);
            d.base = rquat(&rng);
            d.peel_start = 100.0f;
            d.detach_time = 101.0f;
            d.twist = 2.0f;
            debris_desc_store(s.f, i, &d);
        }
        mote_debris_view view = state_view(&s, n);
        for (int k = 0; k < 50; ++k) {
            mote_debris_frame f = test_frame(1000u + (uint64_t)k, 0.05f, false);
            mote_debris_run_table(table, &view, &f, 0, n);
            for (size_t i = 0; i < n; ++i) {
                mote_debris_desc d = debris_desc_at(s.f, i);
                mote_vec3 p = mote_debris_ship_point(&f, d.anchor);
                mote_quat q = mote_quat_normalize(mote_quat_mul(f.ship_orientation, d.base));
                assert_true(p.x == d.position.x && p.y == d.position.y && p.z == d.position.z);
                assert_true(q.x == d.orientation.x && q.y == d.orientation.y &&
                            q.z == d.orientation.z && q.w == d.orientation.w);
                assert_int_equal(d.phase, MOTE_DEBRIS_ATTACHED);
            }
        }
        state_free(&s);
    }
}

/* 100,000 steps of constant tumble on every variant: the rotation by |omega| T about omega,
 * within debris_tumble_angle_bound, unit length throughout. */
static void test_tumble_100k_every_variant(void **unused) {
    (void)unused;
    const size_t n = 17;
    const int steps = (int)test_scaled(100000); /* 100,000 natively; the bound follows steps */
    const float dt = 1.0f / 60.0f;
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        state s = state_alloc(n);
        test_rng rng = {9};
        mote_quat q0[17];
        for (size_t i = 0; i < n; ++i) {
            mote_debris_desc d = mote_default_debris_desc();
            d.phase = MOTE_DEBRIS_FREE;
            d.orientation = q0[i] = rquat(&rng);
            d.angular_velocity = rvec(&rng, 6.0f);
            d.velocity = rvec(&rng, 3.0f);
            debris_desc_store(s.f, i, &d);
        }
        mote_debris_view view = state_view(&s, n);
        mote_debris_ship ship = mote_default_debris_ship();
        mote_debris_settings settings = mote_default_debris_settings();
        mote_debris_frame f = mote_debris_frame_make(&ship, &settings, dt);
        double worst_len = 0.0;
        for (int k = 0; k < steps; ++k) {
            mote_debris_run_table(table, &view, &f, 0, n);
            if (k % 997 == 0) {
                for (size_t i = 0; i < n; ++i) {
                    double len = sqrt(pow(s.f[DEBRIS_QX][i], 2) + pow(s.f[DEBRIS_QY][i], 2) +
                                      pow(s.f[DEBRIS_QZ][i], 2) + pow(s.f[DEBRIS_QW][i], 2));
                    worst_len = fmax(worst_len, fabs(len - 1.0));
                }
            }
        }
        double worst = 0.0;
        for (size_t i = 0; i < n; ++i) {
            mote_debris_desc d = debris_desc_at(s.f, i);
            mote_vec3 w = d.angular_velocity;
            double wl = sqrt((double)w.x * w.x + (double)w.y * w.y + (double)w.z * w.z);
            double h = 0.5 * wl * steps * (double)dt;
            double k = sin(h) / wl;
            double e[4] = {w.x * k, w.y * k, w.z * k, cos(h)};
            double a[4] = {q0[i].x, q0[i].y, q0[i].z, q0[i].w};
            double x[4] = {e[3] * a[0] + e[0] * a[3] + e[1] * a[2] - e[2] * a[1],
                           e[3] * a[1] - e[0] * a[2] + e[1] * a[3] + e[2] * a[0],
                           e[3] * a[2] + e[0] * a[1] - e[1] * a[0] + e[2] * a[3],
                           e[3] * a[3] - e[0] * a[0] - e[1] * a[1] - e[2] * a[2]};
            double got[4] = {d.orientation.x, d.orientation.y, d.orientation.z, d.orientation.w};
            double minus = 0.0, plus = 0.0;
            for (int c = 0; c < 4; ++c) {
                minus += pow(got[c] - x[c], 2);
                plus += pow(got[c] + x[c], 2);
            }
            double angle = 4.0 * asin(fmin(1.0, 0.5 * sqrt(fmin(minus, plus))));
            double bound = debris_tumble_angle_bound(steps, wl * dt);
            if (!(angle <= bound)) {
                fail_msg("%s piece %zu: angle error %.3g > %.3g after %d steps", table->name, i,
                         angle, bound, steps);
            }
            worst = fmax(worst, angle);
        }
        assert_true(worst_len <= DEBRIS_UNIT_LENGTH_TOLERANCE);
        printf("# debris/%s tumble x %d: worst angle error %.3g rad, ||q| - 1| <= %.2g\n",
               table->name, steps, worst, worst_len);
        state_free(&s);
    }
}

/* Any split of [0, n) gives the same bits as one whole step; a range touches nothing else. */
static void test_ranges_match_whole_step(void **unused) {
    (void)unused;
    mote_debris_ship ship;
    mote_debris_settings settings;
    test_frame_inputs(3, true, &ship, &settings);
    const debris_inputs in = {1, &ship, &settings, 0.0};
    const test_kernel_run run = {
        .probe = &mote_probe_debris,
        .count = 203,
        .seed = 31,
        .steps = 1,
        .dt = 1.0f / 60.0f,
        .prepare = prepare_pieces,
        .ctx = &in,
        .label = "debris ranges",
    };
    const size_t cuts[] = {0, 1, 9, 10, 33, 100, 101, 150, 203};
    assert_true(test_kernels_check_ranges(&run, cuts, sizeof cuts / sizeof cuts[0]));
}

/* Exactly sized arrays (AddressSanitizer catches any access past them) for small counts. */
static void test_exact_arrays(void **unused) {
    (void)unused;
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        for (size_t n = 0; n <= 40; ++n) {
            state s = state_alloc(n);
            seed_state(n, &s, n);
            mote_debris_view v = state_view(&s, n);
            mote_debris_frame f = test_frame(n, 1.0f / 60.0f, false);
            mote_debris_run_table(table, &v, &f, 0, n);
            for (size_t i = 0; i < n; ++i) {
                for (int fi = 0; fi < DEBRIS_FIELD_COUNT; ++fi) {
                    assert_true(isfinite(s.f[fi][i]));
                }
            }
            state_free(&s);
        }
    }
}

/* NaN and infinity stay in their own piece. */
static void test_non_finite_stays_in_its_lane(void **unused) {
    (void)unused;
    const size_t n = 64;
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        state s = state_alloc(n);
        seed_state(8, &s, n);
        s.f[DEBRIS_PHASE][19] = 2.0f;
        s.f[DEBRIS_VX][19] = NAN;
        s.f[DEBRIS_WY][20] = INFINITY;
        s.f[DEBRIS_PHASE][20] = 2.0f;
        s.f[DEBRIS_AX][21] = NAN;
        s.f[DEBRIS_PHASE][21] = 0.0f;
        mote_debris_view v = state_view(&s, n);
        mote_debris_frame f = test_frame(2, 1.0f / 60.0f, true);
        for (int k = 0; k < 3; ++k) {
            mote_debris_run_table(table, &v, &f, 0, n);
        }
        for (size_t i = 0; i < n; ++i) {
            if (i >= 19 && i <= 21) {
                continue;
            }
            for (int fi = 0; fi < DEBRIS_FIELD_COUNT; ++fi) {
                if (!isfinite(s.f[fi][i])) {
                    fail_msg("%s: piece %zu field %d became %g", table->name, i, fi, s.f[fi][i]);
                }
            }
        }
        assert_false(isfinite(s.f[DEBRIS_PX][19]));
        assert_false(isfinite(s.f[DEBRIS_QX][20]));
        assert_false(isfinite(s.f[DEBRIS_PX][21]));
        state_free(&s);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_variant),
               cmocka_unit_test(test_long_run_every_variant),
               cmocka_unit_test(test_attached_exactly_on_ship_every_variant),
               cmocka_unit_test(test_tumble_100k_every_variant),
               cmocka_unit_test(test_ranges_match_whole_step), cmocka_unit_test(test_exact_arrays),
               cmocka_unit_test(test_non_finite_stays_in_its_lane))
