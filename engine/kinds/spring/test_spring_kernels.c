/* Every spring kernel on every runnable wide variant against the scalar reference: one step
 * within the per-kind bound of engine/kinds/spring/spring_kernels.c, 1,000 steps within the
 * documented relative bound, and every wide variant bit-identical to every other, on seeded
 * states that include large, tiny, zero and degenerate values. */
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
#include "mote/spring.h"
#include "spring_bounds.h"
#include "spring_fields.h"
#include "test_support.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */
/* SPRING_BOUND_STEPS, scaled down by MOTE_TEST_SCALE under emulation (the bound for
 * SPRING_BOUND_STEPS holds for fewer steps) */
#define LONG_RUN_STEPS ((int)test_scaled(SPRING_BOUND_STEPS))

typedef struct state {
    float *f[SPRING_FIELD_COUNT];
} state;

static state state_alloc(void) {
    state s;
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        s.f[f] = calloc(COUNT, sizeof(float));
        assert_non_null(s.f[f]);
    }
    return s;
}

static void state_free(state *s) {
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        free(s->f[f]);
    }
}

static void state_copy(state *to, const state *from) {
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        memcpy(to->f[f], from->f[f], COUNT * sizeof(float));
    }
}

static mote_spring_view state_view(const state *s) {
    mote_spring_view v;
    spring_view_from_pointers(&v, s->f);
    v.count = COUNT;
    return v;
}

static float signed_magnitude(test_rng *rng, float lo_exp, float hi_exp) {
    float m = powf(10.0f, test_rng_range(rng, lo_exp, hi_exp));
    return (test_rng_next(rng) & 1) ? m : -m;
}

/* Seeded states: one category of element per index mod 8. */
static void seed_state(mote_spring_kind kind, uint64_t seed, state *s) {
    test_rng rng = {seed};
    const bool angle = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    for (size_t i = 0; i < COUNT; ++i) {
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
        s->f[SPRING_FIELD_X][i] = x;
        s->f[SPRING_FIELD_V][i] = v;
        s->f[SPRING_FIELD_GOAL][i] = goal;
        s->f[SPRING_FIELD_XI][i] = x + test_rng_range(&rng, -1, 1);
        s->f[SPRING_FIELD_VI][i] = v * 0.5f;
        /* inertialize: incoming velocity and offset from the values above (no draws of their
         * own, so the other kinds' states stay as they were); the output starts at x, v */
        s->f[SPRING_FIELD_INCOMING_V][i] = v * 0.5f;
        s->f[SPRING_FIELD_OFFSET_X][i] = x - goal;
        s->f[SPRING_FIELD_OFFSET_V][i] = v - v * 0.5f;
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
        s->f[SPRING_FIELD_STIFFNESS][i] = k;
        s->f[SPRING_FIELD_DAMPING][i] = d;
        s->f[SPRING_FIELD_RATE][i] = (i / 8) % 5 == 0 ? 0.0f : test_rng_range(&rng, 0.1f, 100.0f);
        if (mote_spring_damping_for_kind(kind, 1.0f) > 0.0f) {
            s->f[SPRING_FIELD_DAMPING][i] = mote_spring_damping_for_kind(kind, h);
        }
    }
}

/* The element's scale: the largest magnitude among its state fields (those the kind reads or
 * writes) before and after. */
static double element_scale(unsigned reads, const state *before, const state *after, size_t i) {
    double scale = 0.0;
    const int fields[] = {SPRING_FIELD_X,        SPRING_FIELD_V,       SPRING_FIELD_GOAL,
                          SPRING_FIELD_XI,       SPRING_FIELD_VI,      SPRING_FIELD_INCOMING_V,
                          SPRING_FIELD_OFFSET_X, SPRING_FIELD_OFFSET_V};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; ++k) {
        int f = fields[k];
        if (reads & SPRING_BIT(f)) {
            scale = fmax(scale, fabs(before->f[f][i]));
            scale = fmax(scale, fabs(after->f[f][i]));
        }
    }
    return scale;
}

/* |a - b| in units of the float spacing at magnitude m (the scaled ULP). */
static double scaled_ulp(float a, float b, double m) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0.0 : INFINITY;
    }
    double spacing = m > 0.0 ? fmax(ldexp(1.0, ilogb(m) - 23), ldexp(1.0, -149)) : ldexp(1.0, -149);
    return fabs((double)a - (double)b) / spacing;
}

static void run(const mote_kernel_table *t, mote_spring_kind kind, state *s, float dt, int steps) {
    mote_spring_view view = state_view(s);
    for (int k = 0; k < steps; ++k) {
        mote_spring_run_table(t, kind, &view, 0, COUNT, dt);
    }
}

/* Steps with the goals moving every 50 steps (the same values for every variant), so the
 * springs keep working for the whole run instead of settling on a goal. */
static void run_moving(const mote_kernel_table *t, mote_spring_kind kind, state *s,
                       const float *base_goal, float dt, int steps) {
    mote_spring_view view = state_view(s);
    for (int k = 0; k < steps; ++k) {
        if (k % 50 == 0 && (spring_kind_reads[kind] & SPRING_BIT(SPRING_FIELD_GOAL))) {
            for (size_t i = 0; i < COUNT; ++i) {
                double phase = 0.37 * k / 50.0 + 0.1 * (double)(i % 11);
                view.goal[i] = (float)(base_goal[i] + cos(phase) * (1.0 + fabs(base_goal[i])));
            }
        }
        mote_spring_run_table(t, kind, &view, 0, COUNT, dt);
    }
}

static const mote_kernel_table *scalar_table(void) {
    const mote_kernel_table *t = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    assert_non_null(t);
    return t;
}

static void check_one_step(mote_spring_kind kind, float dt) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    const unsigned writes = spring_kind_writes[kind];
    const unsigned reads = spring_kind_reads[kind] | writes;
    state start = state_alloc(), ref = state_alloc(), wide = state_alloc(), first = state_alloc();
    seed_state(kind, 0x5eed0000u + (uint64_t)kind, &start);
    state_copy(&ref, &start);
    run(scalar_table(), kind, &ref, dt, 1);
    bool have_first = false;
    for (size_t ti = 1; ti < count; ++ti) {
        if (!mote_kernel_table_runnable(tables[ti])) {
            continue;
        }
        state_copy(&wide, &start);
        run(tables[ti], kind, &wide, dt, 1);
        double worst = 0.0;
        for (size_t i = 0; i < COUNT; ++i) {
            double scale = element_scale(reads, &start, &ref, i);
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                if (!(writes & SPRING_BIT(f))) {
                    continue;
                }
                double u = scaled_ulp(wide.f[f][i], ref.f[f][i], scale);
                if (u > spring_one_step_bound(kind, f, dt)) {
                    fail_msg("%s/%s dt=%g element %zu field %d: %.9g vs reference %.9g "
                             "(%.1f scaled ULP > %.0f)",
                             mote_spring_kind_name(kind), tables[ti]->name, dt, i, f, wide.f[f][i],
                             ref.f[f][i], u, spring_one_step_bound(kind, f, dt));
                }
                worst = fmax(worst, u);
            }
        }
        printf("# %s/%s dt=%g: worst %.2f scaled ULP (bound %.0f)\n", mote_spring_kind_name(kind),
               tables[ti]->name, dt, worst, spring_one_step_bound(kind, SPRING_FIELD_X, dt));
        if (!have_first) {
            state_copy(&first, &wide);
            have_first = true;
        } else {
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                if (memcmp(first.f[f], wide.f[f], COUNT * sizeof(float)) != 0) {
                    fail_msg("%s: %s is not bit-identical to the first wide variant (field %d)",
                             mote_spring_kind_name(kind), tables[ti]->name, f);
                }
            }
        }
    }
    assert_true(have_first);
    state_free(&start);
    state_free(&ref);
    state_free(&wide);
    state_free(&first);
}

static void check_long_run(mote_spring_kind kind) {
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    const unsigned writes = spring_kind_writes[kind];
    const unsigned reads = spring_kind_reads[kind] | writes;
    const float dt = 1.0f / 60.0f;
    state start = state_alloc(), ref = state_alloc(), wide = state_alloc(), first = state_alloc();
    seed_state(kind, 0x1006u + (uint64_t)kind, &start);
    float *base_goal = malloc(COUNT * sizeof(float));
    assert_non_null(base_goal);
    memcpy(base_goal, start.f[SPRING_FIELD_GOAL], COUNT * sizeof(float));
    state_copy(&ref, &start);
    run_moving(scalar_table(), kind, &ref, base_goal, dt, LONG_RUN_STEPS);
    bool have_first = false;
    for (size_t ti = 1; ti < count; ++ti) {
        if (!mote_kernel_table_runnable(tables[ti])) {
            continue;
        }
        state_copy(&wide, &start);
        run_moving(tables[ti], kind, &wide, base_goal, dt, LONG_RUN_STEPS);
        double worst = 0.0;
        for (size_t i = 0; i < COUNT; ++i) {
            double scale =
                fmax(element_scale(reads, &start, &ref, i), 1.0 + 2.0 * fabs(base_goal[i]));
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                if (!(writes & SPRING_BIT(f))) {
                    continue;
                }
                double d = fabs((double)wide.f[f][i] - (double)ref.f[f][i]);
                double rel = scale > 0.0 ? d / scale : d;
                if (!isfinite(wide.f[f][i]) || !isfinite(ref.f[f][i])) {
                    /* an unstable element (a stiff semi-implicit spring) blows up the same way */
                    rel = test_ulp_distance(wide.f[f][i], ref.f[f][i]) == 0 ? 0.0 : INFINITY;
                }
                if (!(rel <= spring_relative_bound(kind, LONG_RUN_STEPS))) {
                    fail_msg("%s/%s after %d steps, element %zu field %d: %.9g vs %.9g "
                             "(relative %.3g > %g)",
                             mote_spring_kind_name(kind), tables[ti]->name, LONG_RUN_STEPS, i, f,
                             wide.f[f][i], ref.f[f][i], rel,
                             spring_relative_bound(kind, LONG_RUN_STEPS));
                }
                worst = fmax(worst, rel);
            }
        }
        printf("# %s/%s %d steps: worst relative %.3g (bound %g)\n", mote_spring_kind_name(kind),
               tables[ti]->name, LONG_RUN_STEPS, worst,
               spring_relative_bound(kind, LONG_RUN_STEPS));
        if (!have_first) {
            state_copy(&first, &wide);
            have_first = true;
        } else {
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                assert_memory_equal(first.f[f], wide.f[f], COUNT * sizeof(float));
            }
        }
    }
    free(base_goal);
    state_free(&start);
    state_free(&ref);
    state_free(&wide);
    state_free(&first);
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
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        for (size_t ti = 0; ti < count; ++ti) {
            if (!mote_kernel_table_runnable(tables[ti])) {
                continue;
            }
            state s = state_alloc();
            seed_state((mote_spring_kind)kind, 7, &s);
            /* x, or where the kind does not read x (inertialize: its output), its offset */
            const int poisoned = (spring_kind_reads[kind] & SPRING_BIT(SPRING_FIELD_X))
                                     ? SPRING_FIELD_X
                                     : SPRING_FIELD_OFFSET_X;
            s.f[poisoned][37] = NAN;
            s.f[poisoned][38] = INFINITY;
            run(tables[ti], (mote_spring_kind)kind, &s, 1.0f / 60.0f, 3);
            for (size_t i = 0; i < COUNT; ++i) {
                if (i == 37 || i == 38) {
                    continue;
                }
                for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                    if (!isfinite(s.f[f][i])) {
                        fail_msg("%s/%s: element %zu field %d became %g",
                                 mote_spring_kind_name((mote_spring_kind)kind), tables[ti]->name, i,
                                 f, s.f[f][i]);
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
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (int kind = 0; kind < MOTE_SPRING_KIND_COUNT; ++kind) {
        for (size_t ti = 0; ti < count; ++ti) {
            if (!mote_kernel_table_runnable(tables[ti])) {
                continue;
            }
            for (size_t s = 0; s < sizeof small / sizeof small[0]; ++s) {
                step_exact_arrays(tables[ti], (mote_spring_kind)kind, small[s]);
            }
        }
        size_t large = test_scaled((size_t)1 << 22) + 3; /* MOTE_TEST_SCALE under emulation */
        step_exact_arrays(scalar_table(), (mote_spring_kind)kind, large);
        step_exact_arrays(mote_kernel_table_for(mote_backend_best()), (mote_spring_kind)kind,
                          large);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_every_kind),
        cmocka_unit_test(test_long_run_every_kind),
        cmocka_unit_test(test_non_finite_stays_in_its_lane),
        cmocka_unit_test(test_sizes_from_zero_to_four_million),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
