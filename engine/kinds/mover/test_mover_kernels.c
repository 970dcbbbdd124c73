/* The mover kernel on every runnable wide variant against the scalar reference kernel: one
 * step within the per-field bound of engine/kinds/mover/mover_bounds.h from seeded states of every
 * kind (stopped, walking, turning, reversing, near the accelerate/decelerate threshold, fast,
 * explicitly facing), under several params sets and sub-step counts; 1,000 steps with
 * changing inputs within the documented relative bound; every wide variant bit-identical to
 * every other; NaN confined to its lane; and exact-size arrays from 0 elements up.
 *
 * The elements are the mover probe's (mover_probe.c's seed_state), with starting from rest and
 * stopping added on top (add_start_and_stop); the one-step and long-run checks are the loop of
 * tests/support/test_kernels.c over pools of the probe, the params set and sub-step length set
 * on each pool. */
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
#include "mote/mover_pool.h"
#include "mover_bounds.h"
#include "mover_fields.h"
#include "mover_step.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */

/* The kind's arrays outside a pool: state, state_alloc(n), state_free. */
TEST_KERNELS_STATE(MOVER_FIELD_COUNT)

static void state_copy(state *to, const state *from) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        memcpy(to->f[f], from->f[f], COUNT * sizeof(float));
    }
}

static mote_mover_view state_view(const state *s, size_t n) {
    mote_mover_view v;
    mover_view_from_pointers(&v, s->f);
    v.count = n;
    return v;
}

/* The params sets every test runs under. */
static mote_movement_params params_set(int which) {
    mote_movement_params p = mote_default_movement_params();
    switch (which) {
    case 1: /* airboat: all acceleration along the request, sharp turns */
        p.directional_acceleration = 1.0f;
        p.turn_strength = 3.0f;
        break;
    case 2: /* in between, single facing spring, no turn damper, anticipating */
        p.directional_acceleration = 0.5f;
        p.turn_strength = 0.0f;
        p.rotation_double_spring = false;
        p.acceleration_compensation = 1.5f;
        p.deceleration_compensation = 0.5f;
        break;
    case 3: /* raw: no smoothing at all, strong rates */
        p.acceleration_halflife = 0.0f;
        p.deceleration_halflife = 0.0f;
        p.rotation_halflife = 0.0f;
        p.acceleration = 5000.0f;
        p.deceleration = 9000.0f;
        break;
    default:
        break;
    }
    return p;
}
#define PARAMS_SETS 4

/* The probe's seeded state (mover_probe.c's seed_state: stopped, walking, turning, reversing,
 * near the accelerate/decelerate threshold, fast and explicitly facing elements, one per index
 * mod 7) in arrays of COUNT, for the tests that step arrays rather than a pool. */
static void seed_state(uint64_t seed, state *s) {
    const mote_probe *probe = &mote_probe_mover;
    probe->seed_state(&probe->variants[probe->main_variant], s->f, COUNT, seed);
}

/* What the probe's elements leave out, kept here: starting from rest toward a desired velocity
 * (one in 14) and stopping from a walk (one in 14): its stopped elements are asked to stay. */
static void add_start_and_stop(float *const *f, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (i % 14 == 8) { /* from rest */
            f[MOVER_IMMEDIATE_VELOCITY_X][i] = f[MOVER_IMMEDIATE_VELOCITY_Y][i] = 0.0f;
            f[MOVER_VELOCITY_X][i] = f[MOVER_VELOCITY_Y][i] = 0.0f;
            f[MOVER_ACCELERATION_X][i] = f[MOVER_ACCELERATION_Y][i] = 0.0f;
        } else if (i % 14 == 9) { /* stopping */
            f[MOVER_DESIRED_VELOCITY_X][i] = f[MOVER_DESIRED_VELOCITY_Y][i] = 0.0f;
        }
    }
}

static const mote_kernel_table *scalar_table(void) {
    const mote_kernel_table *t = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    assert_non_null(t);
    return t;
}

static void run(const mote_kernel_table *t, state *s, const mote_movement_params *p, float dt,
                int substeps, int steps) {
    mote_mover_view view = state_view(s, COUNT);
    mote_mover_step step;
    mote_mover_step_prepare(p, dt, substeps, &step);
    for (int k = 0; k < steps; ++k) {
        mote_mover_run_table(t, &view, 0, COUNT, &step);
    }
}

/* A run of the probe's movers under a params set: sub-steps of dt (the pool's max_substep) and
 * whole steps of substeps of them; in the long run, inputs that change every 30 steps. */
typedef struct mover_inputs {
    mote_movement_params params;
    float dt;
    int substeps;
    bool relative;         /* the long-run relative bounds, not the one-step ones */
    const float *base_dvx; /* the long run: the starting desired velocities */
    const float *base_dvy;
} mover_inputs;

static void prepare_movers(mote_pool *pool, const void *ctx) {
    const mover_inputs *in = ctx;
    mote_mover_pool *p = (mote_mover_pool *)(void *)pool;
    assert_int_equal(mote_mover_pool_set_params(p, &in->params), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_max_substep(p, in->dt), MOTE_OK);
    int n = 0;
    float sub = 0.0f;
    assert_int_equal(mote_mover_pool_substeps(p, in->dt * (float)in->substeps, &n, &sub), MOTE_OK);
    assert_int_equal(n, in->substeps);
    float *const *f = pool->core.fields.field;
    const size_t count = mote_pool_count(pool, &mote_mover_pool_kind_record);
    add_start_and_stop(f, count);
    for (size_t i = 0; in->relative && i < count; ++i) { /* keep positions moderate */
        f[MOVER_DESIRED_VELOCITY_X][i] = fminf(f[MOVER_DESIRED_VELOCITY_X][i], 2000);
        f[MOVER_DESIRED_VELOCITY_Y][i] = fminf(f[MOVER_DESIRED_VELOCITY_Y][i], 2000);
    }
}

/* The state fields within mover_bounds.h's bounds (the facing ones measured against the
 * element's facing scale), the inputs bit for bit. */
static double mover_error(const test_kernel_element *e, double *error, const void *ctx) {
    const mover_inputs *in = ctx;
    const int f = e->field;
    if (f >= MOVER_STATE_COUNT) {
        return test_kernels_bit_identical(e, error, ctx);
    }
    if (!mover_is_facing_field(f)) {
        *error = test_ulp_distance(e->wide, e->ref);
        return in->relative ? mover_bounds[f].relative
                            : mover_one_step_bound(f, in->dt, in->substeps);
    }
    float before[MOVER_STATE_COUNT], after[MOVER_STATE_COUNT];
    for (int k = 0; k < MOVER_STATE_COUNT; ++k) {
        before[k] = e->start[k][e->index];
        after[k] = e->reference[k][e->index];
    }
    const double facing_scale = mover_facing_scale(before, after);
    if (in->relative) {
        *error = fabs((double)e->wide - (double)e->ref) / facing_scale;
        return mover_bounds[f].relative;
    }
    *error = test_kernels_scaled_ulp(e->wide, e->ref, facing_scale);
    return mover_one_step_bound(f, in->dt, in->substeps);
}

static void report(const char *label, const double *worst) {
    printf("# %s: worst rotation %.3g, angular_velocity %.3g, linear %.3g\n", label,
           fmax(worst[MOVER_ROTATION], worst[MOVER_IMMEDIATE_ROTATION]),
           fmax(worst[MOVER_ANGULAR_VELOCITY], worst[MOVER_IMMEDIATE_ANGULAR_VELOCITY]),
           fmax(worst[MOVER_POSITION_X], worst[MOVER_VELOCITY_X]));
}

static void test_one_step_every_params_set(void **unused) {
    (void)unused;
    const float dts[] = {1.0f / 60.0f, 1.0f / 240.0f, 0.05f};
    const int substeps[] = {1, 1, 3};
    for (int ps = 0; ps < PARAMS_SETS; ++ps) {
        for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
            const mover_inputs in = {params_set(ps), dts[d], substeps[d], false, NULL, NULL};
            char label[64];
            snprintf(label, sizeof label, "params %d dt %g x%d", ps, dts[d], substeps[d]);
            const test_kernel_run run = {
                .probe = &mote_probe_mover,
                .count = COUNT,
                .seed = 0x5eed00u + (uint64_t)(ps * 10 + (int)d),
                .steps = 1,
                .dt = dts[d] * (float)substeps[d],
                .prepare = prepare_movers,
                .bound = mover_error,
                .ctx = &in,
                .label = label,
            };
            double worst[MOTE_MAX_FIELDS];
            assert_true(test_kernels_check(&run, worst, true));
            report(label, worst);
        }
    }
}

/* 1,000 steps of 1/60 s with the inputs changing every 30 steps (the same for every
 * variant): the desired velocities turn, stop and restart, and facings switch. */
static void change_inputs(mote_pool *pool, int k, const void *ctx) {
    const mover_inputs *in = ctx;
    if (k % 30 != 0) {
        return;
    }
    float *const *f = pool->core.fields.field;
    for (size_t i = 0; i < COUNT; ++i) {
        float phase = 0.7f * (float)(k / 30) + 0.37f * (float)(i % 13);
        float sx = in->base_dvx[i], sy = in->base_dvy[i];
        float base = sqrtf(sx * sx + sy * sy) + 50.0f;
        bool stop = (k / 30 + (int)i) % 7 == 0;
        f[MOVER_DESIRED_VELOCITY_X][i] = stop ? 0.0f : base * cosf(phase);
        f[MOVER_DESIRED_VELOCITY_Y][i] = stop ? 0.0f : base * sinf(phase);
        f[MOVER_EXPLICIT_FACING][i] = (k / 30 + (int)i) % 5 == 0 ? 1.0f : 0.0f;
        f[MOVER_DESIRED_FACING][i] = 2.0f * phase - 5.0f;
    }
}

/* MOVER_BOUND_STEPS natively; fewer under emulation (MOTE_TEST_SCALE), where the bound for
 * 1,000 steps holds all the more. At least 91 steps: three changes of input. */
static int long_run_steps(void) {
    size_t steps = test_scaled(MOVER_BOUND_STEPS);
    return steps < 91 ? 91 : (int)steps;
}

static void test_long_run_changing_inputs(void **unused) {
    (void)unused;
    for (int ps = 0; ps < PARAMS_SETS; ps += 2) { /* double and single facing spring */
        mover_inputs in = {params_set(ps), 1.0f / 60.0f, 1, true, NULL, NULL};
        char label[64];
        snprintf(label, sizeof label, "params %d, %d steps", ps, long_run_steps());
        test_kernel_run run = {
            .probe = &mote_probe_mover,
            .count = COUNT,
            .seed = 0x1006u + (uint64_t)ps,
            .steps = long_run_steps(),
            .dt = 1.0f / 60.0f,
            .prepare = prepare_movers,
            .bound = mover_error,
            .ctx = &in,
            .label = label,
        };
        /* the starting desired velocities the changing inputs turn */
        mote_pool *start = test_kernels_pool(&run);
        assert_non_null(start);
        float *dvx = malloc(COUNT * sizeof(float)), *dvy = malloc(COUNT * sizeof(float));
        assert_non_null(dvx);
        assert_non_null(dvy);
        memcpy(dvx, test_kernels_field(start, MOVER_DESIRED_VELOCITY_X), COUNT * sizeof(float));
        memcpy(dvy, test_kernels_field(start, MOVER_DESIRED_VELOCITY_Y), COUNT * sizeof(float));
        mote_pool_destroy(start, &mote_mover_pool_kind_record);
        in.base_dvx = dvx;
        in.base_dvy = dvy;
        run.before_step = change_inputs;
        double worst[MOTE_MAX_FIELDS];
        assert_true(test_kernels_check(&run, worst, true));
        report(label, worst);
        free(dvx);
        free(dvy);
    }
}

/* The split into sub-steps is the kernel's loop: n sub-steps in one call equal n calls of
 * one sub-step, bit for bit, on every variant. */
static void test_substeps_equal_repeated_steps(void **unused) {
    (void)unused;
    mote_movement_params p = params_set(1);
    state a = state_alloc(COUNT), b = state_alloc(COUNT);
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        seed_state(99, &a);
        state_copy(&b, &a);
        run(table, &a, &p, 0.01f, 5, 1);
        run(table, &b, &p, 0.01f, 1, 5);
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            assert_memory_equal(a.f[f], b.f[f], COUNT * sizeof(float));
        }
    }
    state_free(&a);
    state_free(&b);
}

/* NaN and infinity stay in their own element, as in the reference. */
static void test_non_finite_stays_in_its_lane(void **unused) {
    (void)unused;
    mote_movement_params p = mote_default_movement_params();
    for (const mote_kernel_table *table = NULL; (table = test_kernels_next_table(table)) != NULL;) {
        state s = state_alloc(COUNT);
        seed_state(7, &s);
        s.f[MOVER_DESIRED_VELOCITY_X][37] = NAN;
        s.f[MOVER_IMMEDIATE_VELOCITY_Y][38] = INFINITY;
        s.f[MOVER_ROTATION][39] = NAN;
        run(table, &s, &p, 1.0f / 60.0f, 2, 3);
        for (size_t i = 0; i < COUNT; ++i) {
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                if (i >= 37 && i <= 39) {
                    continue;
                }
                if (!isfinite(s.f[f][i])) {
                    fail_msg("%s: element %zu field %d became %g", table->name, i, f, s.f[f][i]);
                }
            }
        }
        assert_false(isfinite(s.f[MOVER_POSITION_X][37]));
        assert_false(isfinite(s.f[MOVER_ROTATION][39]));
        state_free(&s);
    }
}

/* Steps n elements held in arrays of exactly n floats (ASan catches any access outside), on
 * every variant, and every element matches the reference's linear fields bit for bit. */
static void test_exact_size_arrays(void **unused) {
    (void)unused;
    const size_t sizes[] = {0, 1, 3, 4, 7, 8, 15, 16, 17, 33, 1000, 20000};
    mote_movement_params p = mote_default_movement_params();
    mote_mover_step step;
    mote_mover_step_prepare(&p, 1.0f / 60.0f, 1, &step);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
        size_t n = sizes[si];
        state ref = state_alloc(n);
        for (size_t i = 0; i < n; ++i) {
            ref.f[MOVER_DESIRED_VELOCITY_X][i] = (float)(i % 17) * 10.0f;
            ref.f[MOVER_DESIRED_VELOCITY_Y][i] = (float)(i % 5) * -7.0f;
        }
        state s = state_alloc(n);
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            memcpy(s.f[f], ref.f[f], n * sizeof(float));
        }
        mote_mover_view rv = state_view(&ref, n);
        mote_mover_run_table(scalar_table(), &rv, 0, n, &step);
        for (const mote_kernel_table *table = NULL;
             (table = test_kernels_next_wide_table(table)) != NULL;) {
            state w = state_alloc(n);
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                memcpy(w.f[f], s.f[f], n * sizeof(float));
            }
            mote_mover_view wv = state_view(&w, n);
            mote_mover_run_table(table, &wv, 0, n, &step);
            for (int f = 0; f < MOVER_ROTATION; ++f) {
                if (n > 0) {
                    assert_memory_equal(w.f[f], ref.f[f], n * sizeof(float));
                }
            }
            state_free(&w);
        }
        state_free(&s);
        state_free(&ref);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_params_set),
               cmocka_unit_test(test_long_run_changing_inputs),
               cmocka_unit_test(test_substeps_equal_repeated_steps),
               cmocka_unit_test(test_non_finite_stays_in_its_lane),
               cmocka_unit_test(test_exact_size_arrays))
