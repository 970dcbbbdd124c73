/* The force kinds' domain (mote/spring_pool.h): damped and semi_implicit springs at the edges
 * of their gains, state and inputs step finite for many steps at every dt a step accepts
 * (MOTE_MAX_STEP_DT-size ones included), on every backend; just past an edge, add, set and
 * restore refuse with the field named. A semi_implicit spring damped at least stiffness h is
 * not pumped by a dt chosen against it, step by step; a lighter one is, and the hold keeps it
 * finite at +-MOTE_SPRING_MAX_STATE. */
#include <float.h>
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

#include "mote/spring.h"
#include "mote/spring_pool.h"
#include "test_support.h"

#define H MOTE_SEMI_IMPLICIT_MAX_DT

static const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                        MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};
#define BACKENDS (sizeof backends / sizeof backends[0])

/* Every dt a step accepts, from a denormal to FLT_MAX (clamped to MOTE_MAX_STEP_DT, and to h by
 * the semi-implicit kind), and a jittery frame. */
static float step_dt(size_t s, tool_rng *rng) {
    static const float dts[] = {FLT_MAX, 1048576.0f,   1e6f,          3600.0f, 1.0f,
                                0.05f,   1.0f / 60.0f, 1.0f / 240.0f, 1e-3f,   1e-6f,
                                1e-10f,  1e-45f,       0.0f};
    const size_t n = sizeof dts / sizeof dts[0];
    return s % (n + 1) == n ? tool_rng_range(rng, 1.0f / 144.0f, 1.0f / 20.0f) : dts[s % (n + 1)];
}

static mote_spring_pool *make_pool(mote_spring_kind kind, mote_backend backend) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.backend = backend;
    def.max_dt = INFINITY; /* the domain's longest steps taken whole, not the default max_dt */
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static mote_spring_desc force_desc(float stiffness, float damping, float x, float v, float goal) {
    mote_spring_desc d = mote_default_spring_desc();
    d.stiffness = stiffness;
    d.damping = damping;
    d.x = x;
    d.v = v;
    d.goal = goal;
    return d;
}

/* The gains at the domain's edges, per kind: {stiffness, damping}. */
static const float damped_gains[][2] = {
    {MOTE_SPRING_MAX_GAIN, 0.0f},                 /* stiffest, undamped */
    {MOTE_SPRING_MAX_GAIN, MOTE_SPRING_MAX_GAIN}, /* stiffest, most damped (over-damped) */
    {MOTE_SPRING_MIN_GAIN, 0.0f},                 /* softest, undamped: the widest swing */
    {0.0f, MOTE_SPRING_MIN_GAIN},                 /* free, least damped: the longest drift */
    {0.0f, MOTE_SPRING_MAX_GAIN},                 /* free, most damped */
    {MOTE_SPRING_MIN_GAIN, MOTE_SPRING_MAX_GAIN}, /* slowest over-damped */
    {2.5e11f, 1e6f},                              /* critical band's neighbourhood, large */
    {1e6f, 2e3f},                                 /* critical */
};

/* stability k h^2 + 2 c h just under 4, and the least damping stiffness h of the no-pumping
 * region, at its corners */
static const float semi_gains[][2] = {
    {1599.0f, 0.0f},              /* k h^2 = 3.9975 */
    {0.0f, 39.99f},               /* 2 c h = 3.999 */
    {1066.6f, 13.33f},            /* k h^2 + 2 c h = 3.999 */
    {533.3f, 26.665f},            /* c = k h: the region's tip */
    {MOTE_SPRING_MIN_GAIN, 0.0f}, /* softest, undamped */
    {0.0f, MOTE_SPRING_MIN_GAIN}, /* free, least damped */
};

/* Adds the gains at the edges of state and input, steps them STEPS times at every dt, and
 * checks every value stays finite and within the domain, so that a save restores. */
static void edges_step_finite(mote_spring_kind kind, const float (*gains)[2], size_t gain_count) {
    const size_t steps = test_scaled_at_least(20000, 500);
    const float big = MOTE_SPRING_MAX_STATE, input = MOTE_SPRING_MAX_INPUT;
    const float states[][3] = {{big, big, -input},      {-big, big, input}, {big, -big, input},
                               {0.0f, big, 0.0f},       {big, 0.0f, 0.0f},  {1.0f, 0.0f, 0.0f},
                               {-1e-30f, 1e-30f, input}};
    const size_t state_count = sizeof states / sizeof states[0];
    for (size_t b = 0; b < BACKENDS; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        mote_spring_pool *pool = make_pool(kind, backends[b]);
        for (size_t g = 0; g < gain_count; ++g) {
            for (size_t s = 0; s < state_count; ++s) {
                const mote_spring_desc d =
                    force_desc(gains[g][0], gains[g][1], states[s][0], states[s][1], states[s][2]);
                if (mote_spring_pool_add(pool, &d, NULL) != MOTE_OK) {
                    fail_msg("%s: gains %g, %g refused: %s", mote_spring_kind_name(kind),
                             (double)gains[g][0], (double)gains[g][1], mote_error_detail());
                }
            }
        }
        tool_rng rng = {42};
        for (size_t s = 0; s < steps; ++s) {
            assert_int_equal(mote_spring_pool_step(pool, step_dt(s, &rng)), MOTE_OK);
            if (s % 97 == 0 || s + 1 == steps) {
                mote_validation v;
                if (mote_spring_pool_validate(pool, &v) != MOTE_OK) {
                    fail_msg("%s on %s: element %zu non-finite after step %zu",
                             mote_spring_kind_name(kind), mote_backend_name(backends[b]),
                             v.first_bad_index, s);
                }
            }
        }
        const mote_spring_view view = mote_spring_pool_view(pool);
        for (size_t i = 0; i < view.count; ++i) {
            assert_true(fabsf(view.x[i]) <= MOTE_SPRING_MAX_STATE);
            assert_true(fabsf(view.v[i]) <= MOTE_SPRING_MAX_STATE);
        }
        /* the evolved pool is inside the domain: its snapshot restores */
        const size_t size = mote_spring_pool_snapshot_size(pool);
        unsigned char *blob = malloc(size);
        assert_non_null(blob);
        size_t written = 0;
        assert_int_equal(mote_spring_pool_save(pool, blob, size, &written), MOTE_OK);
        assert_int_equal(mote_spring_pool_restore(pool, blob, written), MOTE_OK);
        free(blob);
        mote_spring_pool_destroy(pool);
    }
}

static void damped_edges_step_finite(void **state) {
    (void)state;
    edges_step_finite(MOTE_SPRING_DAMPED, damped_gains,
                      sizeof damped_gains / sizeof damped_gains[0]);
}

static void semi_implicit_edges_step_finite(void **state) {
    (void)state;
    edges_step_finite(MOTE_SPRING_SEMI_IMPLICIT, semi_gains,
                      sizeof semi_gains / sizeof semi_gains[0]);
}

/* k u^2 + v^2 of a semi_implicit element (u = x - goal). */
static double energy(const mote_spring_desc *d) {
    const double u = (double)d->x - (double)d->goal;
    return (double)d->stiffness * u * u + (double)d->v * (double)d->v;
}

/* Steps one element `steps` times, each time by the dt (of a few up to h) that leaves it the
 * most energy, found with the scalar primitive: an adversary timing the frame against the
 * spring's phase. Returns the largest energy seen over the first. */
static double pumped(mote_backend backend, float stiffness, float damping, size_t steps,
                     mote_spring_desc *out) {
    static const float choices[] = {H, 0.75f * H, 0.5f * H, 0.25f * H, 0.1f * H, 0.02f * H};
    mote_spring_pool *pool = make_pool(MOTE_SPRING_SEMI_IMPLICIT, backend);
    mote_spring_desc d = force_desc(stiffness, damping, 1.0f, 0.0f, 0.0f);
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    const double first = energy(&d);
    double most = first;
    for (size_t s = 0; s < steps; ++s) {
        float best_dt = choices[0];
        double best = -1.0;
        for (size_t c = 0; c < sizeof choices / sizeof choices[0]; ++c) {
            mote_spring_desc t = d;
            mote_spring_semi_implicit(&t.x, &t.v, t.goal, t.stiffness, t.damping, choices[c]);
            if (energy(&t) > best) {
                best = energy(&t);
                best_dt = choices[c];
            }
        }
        assert_int_equal(mote_spring_pool_step(pool, best_dt), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, id, &d), MOTE_OK);
        assert_true(isfinite(d.x) && isfinite(d.v));
        most = fmax(most, energy(&d));
    }
    *out = d;
    mote_spring_pool_destroy(pool);
    return most / first;
}

/* Inside damping >= stiffness h no dt sequence pumps the spring: its energy stays within a
 * small factor of where it started (the common quadratic Lyapunov function's condition number,
 * not growth). Below it (undamped), the same adversary pumps the spring to the hold, where it
 * stays finite. */
static void semi_implicit_pumping(void **state) {
    (void)state;
    const size_t steps = test_scaled_at_least(4000, 400);
    for (size_t b = 0; b < BACKENDS; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        mote_spring_desc d;
        const float ks[] = {1.0f, 40.0f, 400.0f, 533.0f};
        for (size_t k = 0; k < sizeof ks / sizeof ks[0]; ++k) {
            const double growth = pumped(backends[b], ks[k], ks[k] * H, steps, &d);
            if (growth > 4.0) {
                fail_msg("stiffness %g, damping %g: energy grew %g times", (double)ks[k],
                         (double)(ks[k] * H), growth);
            }
        }
        /* undamped: pumped from an energy of 400 to the hold (|v| = MOTE_SPRING_MAX_STATE is
         * 1e42), held at the domain's edge, finite; the full 16,000 steps whatever the test
         * scale, since reaching the hold takes them (one spring: cheap under valgrind too) */
        const double growth = pumped(backends[b], 400.0f, 0.0f, 16000, &d);
        assert_true(growth > 1e38);
        assert_true(fabsf(d.x) <= MOTE_SPRING_MAX_STATE && fabsf(d.v) <= MOTE_SPRING_MAX_STATE);
    }
}

/* A refusal of add, of set (the element unchanged) and of restore, each naming field. */
static void refused_everywhere(mote_spring_kind kind, mote_spring_desc bad, const char *field) {
    mote_spring_pool *pool = make_pool(kind, MOTE_BACKEND_AUTO);
    assert_int_equal(mote_spring_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("add of %s: detail \"%s\" does not name %s", mote_spring_kind_name(kind),
                 mote_error_detail(), field);
    }
    const mote_spring_desc good = force_desc(5.0f, 4.6f, 1.25f, 0.0f, 0.0f);
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &good, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_set(pool, id, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), field));
    mote_spring_desc got;
    assert_int_equal(mote_spring_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.stiffness == good.stiffness && got.damping == good.damping && got.x == good.x);
    /* a blob whose element holds the bad values, re-sealed: restore refuses it too */
    const size_t size = mote_spring_pool_snapshot_size(pool);
    unsigned char *blob = malloc(size);
    assert_non_null(blob);
    size_t written = 0;
    assert_int_equal(mote_spring_pool_save(pool, blob, size, &written), MOTE_OK);
    const float fields_good[] = {good.x, good.stiffness, good.damping};
    const float fields_bad[] = {bad.x, bad.stiffness, bad.damping};
    size_t replaced = 0;
    for (size_t f = 0; f < 3; ++f) {
        if (fields_good[f] == fields_bad[f]) {
            continue;
        }
        for (size_t at = 0; at + 4 <= written - 8; at += 4) {
            float value;
            memcpy(&value, blob + at, 4);
            if (value == fields_good[f]) {
                memcpy(blob + at, &fields_bad[f], 4);
                replaced++;
                break;
            }
        }
    }
    assert_true(replaced > 0);
    test_reseal_snapshot(blob, written);
    assert_int_not_equal(mote_spring_pool_restore(pool, blob, written), MOTE_OK);
    free(blob);
    mote_spring_pool_destroy(pool);
}

/* Just past each edge: refused, the field named. */
static void just_past_the_edges_is_refused(void **state) {
    (void)state;
    const float past_gain = nextafterf(MOTE_SPRING_MAX_GAIN, INFINITY);
    const float past_state = nextafterf(MOTE_SPRING_MAX_STATE, INFINITY);
    const mote_spring_kind kinds[] = {MOTE_SPRING_DAMPED, MOTE_SPRING_SEMI_IMPLICIT};
    for (size_t k = 0; k < 2; ++k) {
        refused_everywhere(kinds[k], force_desc(past_gain, 1.0f, 1.0f, 0.0f, 0.0f), "stiffness");
        refused_everywhere(kinds[k], force_desc(1.0f, past_gain, 1.0f, 0.0f, 0.0f), "damping");
        refused_everywhere(kinds[k], force_desc(5.0f, 4.6f, past_state, 0.0f, 0.0f), "x");
        /* both gains under MOTE_SPRING_MIN_GAIN: it would drift forever */
        refused_everywhere(kinds[k], force_desc(9e-7f, 9e-7f, 1.0f, 0.0f, 0.0f), "damping");
    }
    /* semi_implicit: stiffness h^2 + 2 damping h reaching 4 */
    refused_everywhere(MOTE_SPRING_SEMI_IMPLICIT, force_desc(1600.0f, 0.0f, 1.0f, 0.0f, 0.0f),
                       "stiffness");
    refused_everywhere(MOTE_SPRING_SEMI_IMPLICIT, force_desc(0.0f, 40.0f, 1.0f, 0.0f, 0.0f),
                       "damping");
    refused_everywhere(MOTE_SPRING_SEMI_IMPLICIT, force_desc(1066.6f, 13.34f, 1.0f, 0.0f, 0.0f),
                       "damping");
}

MOTE_TEST_MAIN(cmocka_unit_test(damped_edges_step_finite),
               cmocka_unit_test(semi_implicit_edges_step_finite),
               cmocka_unit_test(semi_implicit_pumping),
               cmocka_unit_test(just_past_the_edges_is_refused))
