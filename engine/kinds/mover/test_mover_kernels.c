/* The mover kernel on every runnable wide variant against the scalar reference kernel: one
 * step within the per-field bound of engine/kinds/mover/mover_bounds.h from seeded states of every
 * kind (stopped, walking, turning, reversing, near the accelerate/decelerate threshold, fast,
 * explicitly facing), under several params sets and sub-step counts; 1,000 steps with
 * changing inputs within the documented relative bound; every wide variant bit-identical to
 * every other; NaN confined to its lane; and exact-size arrays from 0 elements up. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel_table.h"
#include "mote/mover_pool.h"
#include "mover_bounds.h"
#include "mover_fields.h"
#include "mover_step.h"
#include "test_support.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */
#define PI_F  3.14159265f

typedef struct state {
    float *f[MOVER_FIELD_COUNT];
} state;

static state state_alloc(size_t n) {
    state s;
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        s.f[f] = calloc(n ? n : 1, sizeof(float));
        assert_non_null(s.f[f]);
    }
    return s;
}

static void state_free(state *s) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        free(s->f[f]);
    }
}

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

static float random_angle(test_rng *rng) {
    return test_rng_range(rng, -PI_F, PI_F);
}

/* Seeded states, one kind of element per index mod 8. */
static void seed_state(uint64_t seed, state *s) {
    test_rng rng = {seed};
    for (size_t i = 0; i < COUNT; ++i) {
        float v[MOVER_FIELD_COUNT] = {0};
        float speed = powf(10.0f, test_rng_range(&rng, 0.0f, 3.0f));
        float a = random_angle(&rng);
        float ca = cosf(a), sa = sinf(a);
        v[MOVER_POSITION_X] = test_rng_range(&rng, -1000, 1000);
        v[MOVER_POSITION_Y] = test_rng_range(&rng, -1000, 1000);
        v[MOVER_ROTATION] = test_rng_range(&rng, -10.0f, 10.0f);
        v[MOVER_IMMEDIATE_ROTATION] = v[MOVER_ROTATION] + test_rng_range(&rng, -1, 1);
        v[MOVER_ANGULAR_VELOCITY] = test_rng_range(&rng, -3, 3);
        v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = test_rng_range(&rng, -3, 3);
        float ix = speed * ca, iy = speed * sa;
        float dx = ix, dy = iy;
        switch (i % 8) {
        case 0: /* stopped, asked to stay */
            ix = iy = dx = dy = 0.0f;
            v[MOVER_ANGULAR_VELOCITY] = v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = 0.0f;
            break;
        case 1: /* walking steadily */
            break;
        case 2: { /* turning: same speed, another direction */
            float b = a + test_rng_range(&rng, -2.5f, 2.5f);
            dx = speed * cosf(b), dy = speed * sinf(b);
            break;
        }
        case 3: /* reversing */
            dx = -ix, dy = -iy;
            break;
        case 4: { /* near the threshold: the desired speed within a few ULP of the current */
            float b = a + test_rng_range(&rng, -1e-3f, 1e-3f);
            float ds = speed * (1.0f + (float)((int)(test_rng_next(&rng) % 9) - 4) * 1.2e-7f);
            dx = ds * cosf(b), dy = ds * sinf(b);
            break;
        }
        case 5: /* starting from rest, or stopping */
            if (test_rng_next(&rng) & 1) {
                ix = iy = 0.0f;
            } else {
                dx = dy = 0.0f;
            }
            break;
        case 6: /* fast, off in a random direction */
            speed *= 1000.0f;
            ix *= 1000.0f, iy *= 1000.0f;
            dx = speed * cosf(a + 0.3f), dy = speed * sinf(a + 0.3f);
            break;
        default: /* explicitly facing somewhere, walking somewhere else */
            dx = test_rng_range(&rng, -300, 300), dy = test_rng_range(&rng, -300, 300);
            v[MOVER_EXPLICIT_FACING] = 1.0f;
            v[MOVER_DESIRED_FACING] = random_angle(&rng);
            break;
        }
        v[MOVER_IMMEDIATE_VELOCITY_X] = ix;
        v[MOVER_IMMEDIATE_VELOCITY_Y] = iy;
        /* smoothed velocity near the immediate one, with some acceleration */
        v[MOVER_VELOCITY_X] = ix + test_rng_range(&rng, -0.1f, 0.1f) * speed * (i % 8 != 0);
        v[MOVER_VELOCITY_Y] = iy + test_rng_range(&rng, -0.1f, 0.1f) * speed * (i % 8 != 0);
        v[MOVER_ACCELERATION_X] = test_rng_range(&rng, -1, 1) * speed * (i % 8 != 0);
        v[MOVER_ACCELERATION_Y] = test_rng_range(&rng, -1, 1) * speed * (i % 8 != 0);
        v[MOVER_DESIRED_VELOCITY_X] = dx;
        v[MOVER_DESIRED_VELOCITY_Y] = dy;
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            s->f[f][i] = v[f];
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

/* |a - b| in units of the float spacing at magnitude m. */
static double scaled_ulp(float a, float b, double m) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0.0 : INFINITY;
    }
    double spacing = m > 0.0 ? fmax(ldexp(1.0, ilogb(m) - 23), ldexp(1.0, -149)) : ldexp(1.0, -149);
    return fabs((double)a - (double)b) / spacing;
}

static void element(const state *s, size_t i, float out[MOVER_STATE_COUNT]) {
    for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
        out[f] = s->f[f][i];
    }
}

/* Compares every wide variant with the reference after the same run, field by field;
 * relative == false: one-step scaled-ULP bounds, true: the long-run relative bounds. Returns
 * after checking bit-identity across the wide variants. */
static void compare_variants(const state *start, const state *ref, state *wide, state *first,
                             void (*runner)(const mote_kernel_table *, state *, const void *),
                             const void *ctx, float dt, int substeps, bool relative,
                             const char *label) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    bool have_first = false;
    for (size_t ti = 1; ti < count; ++ti) {
        if (!mote_kernel_table_runnable(tables[ti])) {
            continue;
        }
        state_copy(wide, start);
        runner(tables[ti], wide, ctx);
        double worst[MOVER_STATE_COUNT] = {0};
        for (size_t i = 0; i < COUNT; ++i) {
            float before[MOVER_STATE_COUNT], after[MOVER_STATE_COUNT];
            element(start, i, before);
            element(ref, i, after);
            double facing_scale = mover_facing_scale(before, after);
            for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
                float w = wide->f[f][i], r = ref->f[f][i];
                double err, bound;
                if (!mover_is_facing_field(f)) {
                    err = test_ulp_distance(w, r);
                    bound =
                        relative ? mover_bounds[f].relative : mover_one_step_bound(f, dt, substeps);
                } else if (relative) {
                    err = fabs((double)w - (double)r) / facing_scale;
                    bound = mover_bounds[f].relative;
                } else {
                    err = scaled_ulp(w, r, facing_scale);
                    bound = mover_one_step_bound(f, dt, substeps);
                }
                if (!(err <= bound)) {
                    fail_msg("%s/%s element %zu (kind %zu) field %d: %.9g vs reference %.9g "
                             "(%.3g > %.3g)",
                             label, tables[ti]->name, i, i % 8, f, w, r, err, bound);
                }
                worst[f] = fmax(worst[f], err);
            }
        }
        printf("# %s/%s: worst rotation %.3g, angular_velocity %.3g, linear %.3g\n", label,
               tables[ti]->name, fmax(worst[MOVER_ROTATION], worst[MOVER_IMMEDIATE_ROTATION]),
               fmax(worst[MOVER_ANGULAR_VELOCITY], worst[MOVER_IMMEDIATE_ANGULAR_VELOCITY]),
               fmax(worst[MOVER_POSITION_X], worst[MOVER_VELOCITY_X]));
        if (!have_first) {
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                memcpy(first->f[f], wide->f[f], COUNT * sizeof(float));
            }
            have_first = true;
        } else {
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                if (memcmp(first->f[f], wide->f[f], COUNT * sizeof(float)) != 0) {
                    fail_msg("%s: %s is not bit-identical to the first wide variant (field %d)",
                             label, tables[ti]->name, f);
                }
            }
        }
    }
    assert_true(have_first);
}

typedef struct one_step_ctx {
    const mote_movement_params *p;
    float dt;
    int substeps;
} one_step_ctx;

static void run_one_step(const mote_kernel_table *t, state *s, const void *ctx) {
    const one_step_ctx *c = ctx;
    run(t, s, c->p, c->dt, c->substeps, 1);
}

static void test_one_step_every_params_set(void **unused) {
    (void)unused;
    const float dts[] = {1.0f / 60.0f, 1.0f / 240.0f, 0.05f};
    const int substeps[] = {1, 1, 3};
    state start = state_alloc(COUNT), ref = state_alloc(COUNT), wide = state_alloc(COUNT),
          first = state_alloc(COUNT);
    for (int ps = 0; ps < PARAMS_SETS; ++ps) {
        mote_movement_params p = params_set(ps);
        for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
            seed_state(0x5eed00u + (uint64_t)(ps * 10 + (int)d), &start);
            state_copy(&ref, &start);
            one_step_ctx ctx = {&p, dts[d], substeps[d]};
            run_one_step(scalar_table(), &ref, &ctx);
            char label[64];
            snprintf(label, sizeof label, "params %d dt %g x%d", ps, dts[d], substeps[d]);
            compare_variants(&start, &ref, &wide, &first, run_one_step, &ctx, dts[d], substeps[d],
                             false, label);
        }
    }
    state_free(&start);
    state_free(&ref);
    state_free(&wide);
    state_free(&first);
}

/* 1,000 steps of 1/60 s with the inputs changing every 30 steps (the same for every
 * variant): the desired velocities turn, stop and restart, and facings switch. */
typedef struct long_run_ctx {
    const mote_movement_params *p;
    const state *start;
} long_run_ctx;

static void change_inputs(state *s, const state *start, int k) {
    for (size_t i = 0; i < COUNT; ++i) {
        float phase = 0.7f * (float)(k / 30) + 0.37f * (float)(i % 13);
        float sx = start->f[MOVER_DESIRED_VELOCITY_X][i],
              sy = start->f[MOVER_DESIRED_VELOCITY_Y][i];
        float base = sqrtf(sx * sx + sy * sy) + 50.0f;
        bool stop = (k / 30 + (int)i) % 7 == 0;
        s->f[MOVER_DESIRED_VELOCITY_X][i] = stop ? 0.0f : base * cosf(phase);
        s->f[MOVER_DESIRED_VELOCITY_Y][i] = stop ? 0.0f : base * sinf(phase);
        s->f[MOVER_EXPLICIT_FACING][i] = (k / 30 + (int)i) % 5 == 0 ? 1.0f : 0.0f;
        s->f[MOVER_DESIRED_FACING][i] = 2.0f * phase - 5.0f;
    }
}

/* MOVER_BOUND_STEPS natively; fewer under emulation (MOTE_TEST_SCALE), where the bound for
 * 1,000 steps holds all the more. At least 91 steps: three changes of input. */
static int long_run_steps(void) {
    size_t steps = test_scaled(MOVER_BOUND_STEPS);
    return steps < 91 ? 91 : (int)steps;
}

static void run_long(const mote_kernel_table *t, state *s, const void *ctx) {
    const long_run_ctx *c = ctx;
    const int steps = long_run_steps();
    mote_mover_view view = state_view(s, COUNT);
    mote_mover_step step;
    mote_mover_step_prepare(c->p, 1.0f / 60.0f, 1, &step);
    for (int k = 0; k < steps; ++k) {
        if (k % 30 == 0) {
            change_inputs(s, c->start, k);
        }
        mote_mover_run_table(t, &view, 0, COUNT, &step);
    }
}

static void test_long_run_changing_inputs(void **unused) {
    (void)unused;
    state start = state_alloc(COUNT), ref = state_alloc(COUNT), wide = state_alloc(COUNT),
          first = state_alloc(COUNT);
    for (int ps = 0; ps < PARAMS_SETS; ps += 2) { /* double and single facing spring */
        mote_movement_params p = params_set(ps);
        seed_state(0x1006u + (uint64_t)ps, &start);
        for (size_t i = 0; i < COUNT; ++i) { /* keep positions moderate over the run */
            start.f[MOVER_DESIRED_VELOCITY_X][i] =
                fminf(start.f[MOVER_DESIRED_VELOCITY_X][i], 2000);
            start.f[MOVER_DESIRED_VELOCITY_Y][i] =
                fminf(start.f[MOVER_DESIRED_VELOCITY_Y][i], 2000);
        }
        long_run_ctx ctx = {&p, &start};
        state_copy(&ref, &start);
        run_long(scalar_table(), &ref, &ctx);
        char label[64];
        snprintf(label, sizeof label, "params %d, %d steps", ps, long_run_steps());
        compare_variants(&start, &ref, &wide, &first, run_long, &ctx, 1.0f / 60.0f, 1, true, label);
    }
    state_free(&start);
    state_free(&ref);
    state_free(&wide);
    state_free(&first);
}

/* The split into sub-steps is the kernel's loop: n sub-steps in one call equal n calls of
 * one sub-step, bit for bit, on every variant. */
static void test_substeps_equal_repeated_steps(void **unused) {
    (void)unused;
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    mote_movement_params p = params_set(1);
    state a = state_alloc(COUNT), b = state_alloc(COUNT);
    for (size_t ti = 0; ti < count; ++ti) {
        if (!mote_kernel_table_runnable(tables[ti])) {
            continue;
        }
        seed_state(99, &a);
        state_copy(&b, &a);
        run(tables[ti], &a, &p, 0.01f, 5, 1);
        run(tables[ti], &b, &p, 0.01f, 1, 5);
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
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    mote_movement_params p = mote_default_movement_params();
    for (size_t ti = 0; ti < count; ++ti) {
        if (!mote_kernel_table_runnable(tables[ti])) {
            continue;
        }
        state s = state_alloc(COUNT);
        seed_state(7, &s);
        s.f[MOVER_DESIRED_VELOCITY_X][37] = NAN;
        s.f[MOVER_IMMEDIATE_VELOCITY_Y][38] = INFINITY;
        s.f[MOVER_ROTATION][39] = NAN;
        run(tables[ti], &s, &p, 1.0f / 60.0f, 2, 3);
        for (size_t i = 0; i < COUNT; ++i) {
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                if (i >= 37 && i <= 39) {
                    continue;
                }
                if (!isfinite(s.f[f][i])) {
                    fail_msg("%s: element %zu field %d became %g", tables[ti]->name, i, f,
                             s.f[f][i]);
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
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
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
        for (size_t ti = 1; ti < count; ++ti) {
            if (!mote_kernel_table_runnable(tables[ti])) {
                continue;
            }
            state w = state_alloc(n);
            for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
                memcpy(w.f[f], s.f[f], n * sizeof(float));
            }
            mote_mover_view wv = state_view(&w, n);
            mote_mover_run_table(tables[ti], &wv, 0, n, &step);
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_every_params_set),
        cmocka_unit_test(test_long_run_changing_inputs),
        cmocka_unit_test(test_substeps_equal_repeated_steps),
        cmocka_unit_test(test_non_finite_stays_in_its_lane),
        cmocka_unit_test(test_exact_size_arrays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
