/* Every spring kernel on every runnable wide variant against the scalar reference: one step
 * within the per-kind bound of engine/kinds/spring/spring_kernels.c, 1,000 steps within the
 * documented relative bound, and every wide variant bit-identical to every other, on seeded
 * states that include large, tiny, zero and degenerate values: the spring probe's
 * (spring_probe.c's seed_state, one variant per model), and for the long run a state of its
 * own (long_run_state says why). The one-step and long-run checks are the loop of
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

#include "kernel_table.h"
#include "mote/spring.h"
#include "spring_bounds.h"
#include "spring_fields.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"
#include "test_support.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */
/* SPRING_BOUND_STEPS, scaled down by MOTE_TEST_SCALE under emulation (the bound for
 * SPRING_BOUND_STEPS holds for fewer steps) */
#define LONG_RUN_STEPS ((int)test_scaled(SPRING_BOUND_STEPS))

/* The kind's arrays outside a pool: state, state_alloc(n), state_free. */
TEST_KERNELS_STATE(SPRING_FIELD_COUNT)

static mote_spring_view state_view(const state *s) {
    mote_spring_view v;
    spring_view_from_pointers(&v, s->f);
    v.count = COUNT;
    return v;
}

/* The spring probe's variant of kind (spring_probe.c: one per model, in model order). */
static const probe_variant *variant_of(mote_spring_kind kind) {
    const probe_variant *v = &mote_probe_spring.variants[kind];
    assert_int_equal(v->model, (int)kind);
    return v;
}

/* The probe's seeded state for kind (spring_probe.c's seed_state: a prefix of edge cases, all
 * zero, half-life 0 and negative, large, tiny, the critical band, angles across and at pi,
 * then ordinary, large, tiny and zero values, half-lives from 0 to 1e4 s) in arrays of COUNT,
 * for the tests that step arrays rather than a pool. */
static void seed_state(mote_spring_kind kind, uint64_t seed, state *s) {
    mote_probe_spring.seed_state(variant_of(kind), s->f, COUNT, seed);
}

/* The element's scale: the largest magnitude among its state fields (those the kind reads or
 * writes) before and after. */
static double element_scale(unsigned reads, float *const *before, float *const *after, size_t i) {
    double scale = 0.0;
    const int fields[] = {SPRING_FIELD_X,        SPRING_FIELD_V,        SPRING_FIELD_GOAL,
                          SPRING_FIELD_XI,       SPRING_FIELD_VI,       SPRING_FIELD_INCOMING_V,
                          SPRING_FIELD_OFFSET_X, SPRING_FIELD_OFFSET_V, SPRING_FIELD_EXT_X,
                          SPRING_FIELD_EXT_V};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; ++k) {
        int f = fields[k];
        if ((reads & SPRING_BIT(f)) && before[f] != NULL && after[f] != NULL) {
            scale = fmax(scale, fabs(before[f][i]));
            scale = fmax(scale, fabs(after[f][i]));
        }
    }
    return scale;
}

static void run(const mote_kernel_table *t, mote_spring_kind kind, state *s, float dt, int steps) {
    mote_spring_view view = state_view(s);
    for (int k = 0; k < steps; ++k) {
        mote_spring_run_table(t, kind, &view, 0, COUNT, dt);
    }
}

static const mote_kernel_table *scalar_table(void) {
    const mote_kernel_table *t = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    assert_non_null(t);
    return t;
}

/* A run of one spring kind: its written fields within spring_bounds.h's bounds at the
 * element's scale, one step's in scaled ULP, a long run's relative (the goals moving every 50
 * steps from base_goal); the fields it does not write bit for bit. */
typedef struct spring_run {
    mote_spring_kind kind;
    bool long_run;
    const float *base_goal;
    uint64_t seed; /* the long run's own state's */
} spring_run;

static float signed_magnitude(test_rng *rng, float lo_exp, float hi_exp) {
    float m = powf(10.0f, test_rng_range(rng, lo_exp, hi_exp));
    return (test_rng_next(rng) & 1) ? m : -m;
}

/* The long run's states, the test's own: one category of element per index mod 8 (typical,
 * large, tiny, zero, degenerate half-lives, at rest on the goal, long half-life, far goal or
 * across the circle), written into the pool's stored arrays. Kept here rather than taken from
 * the probe because the long-run bound is relative to the element's scale at the start and
 * the end of the run (and its moving goal): the probe's state has springs (undamped,
 * stiffness to 1e5, values to 1e7) whose swing in mid-run is far above both, which
 * mote-compare's scale, the largest along the whole run, covers and this one does not. */
static void long_run_state(mote_pool *pool, const void *ctx) {
    const mote_spring_kind kind = ((const spring_run *)ctx)->kind;
    const uint64_t seed = ((const spring_run *)ctx)->seed;
    float *const *fields = pool->core.fields.field;
    test_rng rng = {seed};
    const bool angle = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    for (size_t i = 0; i < COUNT; ++i) {
        float value[SPRING_FIELD_COUNT];
        float x, v, goal, h;
        switch (i % 8) {
        case 0: /* typical */
            x = test_rng_range(&rng, -10, 10);
            v = test_rng_range(&rng, -20, 20);
            goal = test_rng_range(&rng, -10, 10);
            h = test_rng_range(&rng, 0.02f, 1.0f);
            break;
        case 1: /* large */
            x = signed_magnitude(&rng, 3, 5);
            v = signed_magnitude(&rng, 2, 4);
            goal = signed_magnitude(&rng, 3, 5);
            h = test_rng_range(&rng, 0.05f, 2.0f);
            break;
        case 2: /* tiny */
            x = signed_magnitude(&rng, -30, -6);
            v = signed_magnitude(&rng, -30, -6);
            goal = signed_magnitude(&rng, -30, -6);
            h = test_rng_range(&rng, 0.01f, 0.5f);
            break;
        case 3: /* zero */
            x = v = goal = 0.0f;
            h = 0.1f;
            break;
        case 4: /* degenerate half-lives: zero, negative, tiny */
            x = test_rng_range(&rng, -5, 5);
            v = test_rng_range(&rng, -5, 5);
            goal = test_rng_range(&rng, -5, 5);
            h = (i / 8) % 3 == 0 ? 0.0f : (i / 8) % 3 == 1 ? -0.5f : 1e-6f;
            break;
        case 5: /* at rest on the goal */
            x = goal = test_rng_range(&rng, -100, 100);
            v = 0.0f;
            h = test_rng_range(&rng, 0.05f, 1.0f);
            break;
        case 6: /* long half-life */
            x = test_rng_range(&rng, -50, 50);
            v = test_rng_range(&rng, -50, 50);
            goal = test_rng_range(&rng, -50, 50);
            h = test_rng_range(&rng, 10.0f, 1000.0f);
            break;
        default: /* far goal, or (angles) the opposite side of the circle */
            x = test_rng_range(&rng, -3, 3);
            v = test_rng_range(&rng, -1, 1);
            goal = angle ? x + 3.14159f * ((test_rng_next(&rng) & 1) ? 1.0f : -1.0f) : 1e4f;
            h = test_rng_range(&rng, 0.05f, 0.5f);
            break;
        }
        if (angle && i % 8 == 1) { /* angles stay within a few thousand turns */
            x = test_rng_range(&rng, -2000, 2000);
            goal = test_rng_range(&rng, -3.14f, 3.14f);
        }
        value[SPRING_FIELD_X] = x;
        value[SPRING_FIELD_V] = v;
        value[SPRING_FIELD_GOAL] = goal;
        value[SPRING_FIELD_XI] = x + test_rng_range(&rng, -1, 1);
        value[SPRING_FIELD_VI] = v * 0.5f;
        /* inertialize: incoming velocity and offset from the values above (no draws of their
         * own, so the other kinds' states stay as they were); the output starts at x, v */
        value[SPRING_FIELD_INCOMING_V] = v * 0.5f;
        value[SPRING_FIELD_OFFSET_X] = x - goal;
        value[SPRING_FIELD_OFFSET_V] = v - v * 0.5f;
        /* the later models, from the values above too: goals due at 0 to 1.5 s, a speed of
         * |v| + 1, a tracked acceleration of v, the extrapolated pose at (x, v) and blends of
         * 0, 0.4 or 0.8 s just started */
        value[SPRING_FIELD_GOAL_TIME] = 0.5f * (float)((i / 8) % 4);
        value[SPRING_FIELD_SPEED] = fabsf(v) + 1.0f;
        value[SPRING_FIELD_INCOMING_A] = v;
        value[SPRING_FIELD_EXT_X] = x;
        value[SPRING_FIELD_EXT_V] = v;
        value[SPRING_FIELD_EXT_T] = 0.0f;
        value[SPRING_FIELD_BLEND_TIME] = 0.4f * (float)((i / 8) % 3);
        value[SPRING_FIELD_V_DAMPING] = mote_spring_damping_for_kind(kind, 0.5f * h);
        value[SPRING_FIELD_A_DAMPING] = mote_spring_damping_for_kind(kind, 2.0f * h);
        /* force springs: under, exactly critical, within the critical band, over, free,
         * damping only, stiff, and a generic mix; each jittered so the coefficients vary. */
        float m = (float)(1 + (int)test_rng_range(&rng, 0, 20)); /* integer: m^2, 2m exact */
        float k, d;
        switch ((i / 8) % 8) {
        case 0:
            k = test_rng_range(&rng, 50, 200), d = test_rng_range(&rng, 0.5f, 4);
            break;
        case 1:
            k = m * m, d = 2 * m;
            break;
        case 2:
            k = m * m, d = 2 * m + 1e-6f / m;
            break;
        case 3:
            k = test_rng_range(&rng, 0.1f, 2), d = test_rng_range(&rng, 20, 80);
            break;
        case 4:
            k = 0, d = 0;
            break;
        case 5:
            k = 0, d = test_rng_range(&rng, 0.5f, 5);
            break;
        case 6:
            k = test_rng_range(&rng, 5e3f, 2e4f), d = test_rng_range(&rng, 5, 20);
            break;
        default:
            k = test_rng_range(&rng, 0, 50), d = test_rng_range(&rng, 0, 15);
            break;
        }
        value[SPRING_FIELD_STIFFNESS] = k;
        value[SPRING_FIELD_DAMPING] = d;
        value[SPRING_FIELD_RATE] = (i / 8) % 5 == 0 ? 0.0f : test_rng_range(&rng, 0.1f, 100.0f);
        if (mote_spring_damping_for_kind(kind, 1.0f) > 0.0f) {
            value[SPRING_FIELD_DAMPING] = mote_spring_damping_for_kind(kind, h);
        }
        for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
            if (fields[f] != NULL) {
                fields[f][i] = value[f];
            }
        }
    }
}

static double spring_error(const test_kernel_element *e, double *error, const void *ctx) {
    const spring_run *r = ctx;
    const unsigned writes = spring_kind_writes[r->kind];
    const unsigned reads = spring_kind_reads[r->kind] | writes;
    const int f = e->field;
    if (!(writes & SPRING_BIT(f))) {
        return test_kernels_bit_identical(e, error, ctx);
    }
    const float *incoming_a = e->start[SPRING_FIELD_INCOMING_A];
    const double scale =
        fmax(element_scale(reads, e->start, e->reference, e->index),
             incoming_a == NULL ? 0.0 : spring_scale_floor(r->kind, incoming_a[e->index], e->dt));
    if (!r->long_run) {
        *error = test_kernels_scaled_ulp(e->wide, e->ref, scale);
        return spring_one_step_bound(r->kind, f, e->dt);
    }
    const double long_scale = fmax(scale, 1.0 + 2.0 * fabs(r->base_goal[e->index]));
    const double d = fabs((double)e->wide - (double)e->ref);
    *error = long_scale > 0.0 ? d / long_scale : d;
    if (!isfinite(e->wide) || !isfinite(e->ref)) {
        /* an unstable element (a stiff semi-implicit spring) blows up the same way */
        *error = test_ulp_distance(e->wide, e->ref) == 0 ? 0.0 : INFINITY;
    }
    return spring_relative_bound(r->kind, e->steps);
}

/* The goals move every 50 steps (the same values for every variant), so the springs keep
 * working for the whole run instead of settling on a goal. */
static void move_goals(mote_pool *pool, int k, const void *ctx) {
    const spring_run *r = ctx;
    float *goal = test_kernels_field(pool, SPRING_FIELD_GOAL);
    if (k % 50 != 0 || !(spring_kind_reads[r->kind] & SPRING_BIT(SPRING_FIELD_GOAL))) {
        return;
    }
    for (size_t i = 0; i < COUNT; ++i) {
        double phase = 0.37 * k / 50.0 + 0.1 * (double)(i % 11);
        goal[i] = (float)(r->base_goal[i] + cos(phase) * (1.0 + fabs(r->base_goal[i])));
    }
}

static test_kernel_run kind_run(mote_spring_kind kind, uint64_t seed, int steps, float dt,
                                const spring_run *ctx) {
    test_kernel_run run = {
        .probe = &mote_probe_spring,
        .variant = variant_of(kind),
        .count = COUNT,
        .seed = seed,
        .steps = steps,
        .dt = dt,
        .bound = spring_error,
        .ctx = ctx,
        .label = mote_spring_kind_name(kind),
    };
    return run;
}

static double worst_written(mote_spring_kind kind, const double *worst) {
    double w = 0.0;
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (spring_kind_writes[kind] & SPRING_BIT(f)) {
            w = fmax(w, worst[f]);
        }
    }
    return w;
}

static void check_one_step(mote_spring_kind kind, float dt) {
    const spring_run ctx = {kind, false, NULL, 0};
    const test_kernel_run run = kind_run(kind, 0x5eed0000u + (uint64_t)kind, 1, dt, &ctx);
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, true));
    printf("# %s dt=%g: worst %.2f scaled ULP (bound %.0f)\n", mote_spring_kind_name(kind), dt,
           worst_written(kind, worst), spring_one_step_bound(kind, SPRING_FIELD_X, dt));
}

static void check_long_run(mote_spring_kind kind) {
    spring_run ctx = {kind, true, NULL, 0x1006u + (uint64_t)kind};
    test_kernel_run run = kind_run(kind, ctx.seed, LONG_RUN_STEPS, 1.0f / 60.0f, &ctx);
    run.prepare = long_run_state;
    mote_pool *start = test_kernels_pool(&run);
    assert_non_null(start);
    float *base_goal = malloc(COUNT * sizeof(float));
    assert_non_null(base_goal);
    const float *goal = test_kernels_field(start, SPRING_FIELD_GOAL);
    for (size_t i = 0; i < COUNT; ++i) {
        base_goal[i] = goal != NULL ? goal[i] : 0.0f;
    }
    mote_pool_destroy(start, run.probe->record);
    ctx.base_goal = base_goal;
    run.before_step = move_goals;
    double worst[MOTE_MAX_FIELDS];
    assert_true(test_kernels_check(&run, worst, true));
    printf("# %s %d steps: worst relative %.3g (bound %g)\n", mote_spring_kind_name(kind),
           LONG_RUN_STEPS, worst_written(kind, worst), spring_relative_bound(kind, LONG_RUN_STEPS));
    free(base_goal);
}

static void test_one_step_every_kind(void **unused) {
    (void)unused;
    const float dts[] = {1.0f / 60.0f, 1.0f / 240.0f, 0.1f, 1.0f};
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
            check_one_step((mote_spring_kind)kind, dts[d]);
        }
    }
}

static void test_long_run_every_kind(void **unused) {
    (void)unused;
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        check_long_run((mote_spring_kind)kind);
    }
}

/* The wide kernels keep NaN and infinity in their own lane, as the reference does. */
static void test_non_finite_stays_in_its_lane(void **unused) {
    (void)unused;
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        for (const mote_kernel_table *table = NULL;
             (table = test_kernels_next_table(table)) != NULL;) {
            state s = state_alloc(COUNT);
            seed_state((mote_spring_kind)kind, 7, &s);
            /* x, or where the kind does not read x (inertialize, dead_blend: their output), its
             * offset or its extrapolated pose */
            const unsigned reads = spring_kind_reads[kind];
            const int poisoned = (reads & SPRING_BIT(SPRING_FIELD_X)) ? SPRING_FIELD_X
                                 : (reads & SPRING_BIT(SPRING_FIELD_OFFSET_X))
                                     ? SPRING_FIELD_OFFSET_X
                                     : SPRING_FIELD_EXT_X;
            s.f[poisoned][37] = NAN;
            s.f[poisoned][38] = INFINITY;
            run(table, (mote_spring_kind)kind, &s, 1.0f / 60.0f, 3);
            for (size_t i = 0; i < COUNT; ++i) {
                if (i == 37 || i == 38) {
                    continue;
                }
                for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                    if (!isfinite(s.f[f][i])) {
                        fail_msg("%s/%s: element %zu field %d became %g",
                                 mote_spring_kind_name((mote_spring_kind)kind), table->name, i, f,
                                 s.f[f][i]);
                    }
                }
            }
            assert_false(isfinite(s.f[SPRING_FIELD_X][37]));
            state_free(&s);
        }
    }
}

/* Steps n elements held in arrays of exactly n floats, so a kernel that reads or writes
 * past its range is caught (by AddressSanitizer in the sanitizer build); every element must
 * stay finite and move toward its goal or stay put. */
static void step_exact_arrays(const mote_kernel_table *t, mote_spring_kind kind, size_t n) {
    float *f[SPRING_FIELD_COUNT];
    for (int k = 0; k < SPRING_FIELD_COUNT; ++k) {
        f[k] = malloc((n ? n : 1) * sizeof(float));
        assert_non_null(f[k]);
        for (size_t i = 0; i < n; ++i) {
            f[k][i] = (float)(i % 17) * 0.25f + (k == SPRING_FIELD_DAMPING ? 2.0f : 0.0f);
        }
    }
    mote_spring_view view;
    spring_view_from_pointers(&view, f);
    view.count = n;
    mote_spring_run_table(t, kind, &view, 0, n, 1.0f / 60.0f);
    for (size_t i = 0; i < n; ++i) {
        if (!isfinite(f[SPRING_FIELD_X][i]) || !isfinite(f[SPRING_FIELD_V][i])) {
            fail_msg("%s/%s n=%zu: element %zu not finite", mote_spring_kind_name(kind), t->name, n,
                     i);
        }
    }
    for (int k = 0; k < SPRING_FIELD_COUNT; ++k) {
        free(f[k]);
    }
}

/* Every kernel on pools from 0 elements up: small sizes around each lane count on every
 * variant, and 4M + 3 elements (the prefetching loop and a tail) on the scalar reference and
 * the best backend. */
static void test_sizes_from_zero_to_four_million(void **unused) {
    (void)unused;
    const size_t small[] = {0, 1, 3, 4, 7, 8, 15, 16, 17, 33, 1000};
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        for (const mote_kernel_table *table = NULL;
             (table = test_kernels_next_table(table)) != NULL;) {
            for (size_t s = 0; s < sizeof small / sizeof small[0]; ++s) {
                step_exact_arrays(table, (mote_spring_kind)kind, small[s]);
            }
        }
        size_t large = test_scaled((size_t)1 << 22) + 3; /* MOTE_TEST_SCALE under emulation */
        step_exact_arrays(scalar_table(), (mote_spring_kind)kind, large);
        step_exact_arrays(mote_kernel_table_for(mote_backend_best()), (mote_spring_kind)kind,
                          large);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_one_step_every_kind),
               cmocka_unit_test(test_long_run_every_kind),
               cmocka_unit_test(test_non_finite_stays_in_its_lane),
               cmocka_unit_test(test_sizes_from_zero_to_four_million))
