/* Float inertialization as a spring kind (MOTE_SPRING_INERTIALIZE, issue 14): a pool's step is
 * mote_inertialize_update bit for bit on the reference backend; a transition keeps the output
 * exactly where it is; the offset follows its closed form (it halves every half of a half-life
 * along its envelope); 30 Hz, 240 Hz and a jittery dt reach the same state; bad input returns
 * its error and changes nothing. On every backend this machine runs. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "test_support.h"

/* 30 Hz, 240 Hz and jittery dt over one second: |a - b| <= this times the element's scale
 * (the largest |incoming pose| or |offset| at the start). The decay is exact in time, so only
 * rounding differs: each step rounds the offset by about an ULP of the scale, 240 steps
 * 240 * 2^-23 = 2.9e-5 at most; measured 5.0e-6 over these elements on every backend. */
#define RATE_AGREEMENT 3e-5

static const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                        MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};

static mote_spring_pool *make(mote_spring_kind kind, mote_backend backend) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    /* long steps taken whole (the kind's own limit), not the default max_dt */
    def.max_dt = INFINITY;
    def.kind = kind;
    def.backend = backend;
    def.capacity = 16;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static mote_spring_desc inertial(float goal, float incoming_v, float offset_x, float offset_v,
                                 float halflife) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = goal + offset_x;
    d.v = incoming_v + offset_v;
    d.goal = goal;
    d.incoming_v = incoming_v;
    d.offset_x = offset_x;
    d.offset_v = offset_v;
    d.halflife = halflife;
    return d;
}

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Member-wise, bit for bit. */
static bool desc_same(const mote_spring_desc *a, const mote_spring_desc *b) {
    const float l[] = {a->x,         a->v,       a->goal, a->xi,         a->vi,       a->halflife,
                       a->stiffness, a->damping, a->rate, a->incoming_v, a->offset_x, a->offset_v};
    const float r[] = {b->x,         b->v,       b->goal, b->xi,         b->vi,       b->halflife,
                       b->stiffness, b->damping, b->rate, b->incoming_v, b->offset_x, b->offset_v};
    for (size_t i = 0; i < sizeof l / sizeof l[0]; ++i) {
        if (!same_bits(l[i], r[i])) {
            return false;
        }
    }
    return true;
}

/* The reference backend's step is mote_inertialize_update's, bit for bit. */
static void test_step_is_the_reference(void **unused) {
    (void)unused;
    mote_spring_pool *pool = make(MOTE_SPRING_INERTIALIZE, MOTE_BACKEND_SCALAR);
    test_rng rng = {0x1e27};
    mote_spring_desc d[32];
    for (int i = 0; i < 32; ++i) {
        d[i] = inertial(test_rng_range(&rng, -10, 10), test_rng_range(&rng, -5, 5),
                        test_rng_range(&rng, -3, 3), test_rng_range(&rng, -8, 8),
                        test_rng_range(&rng, 0.0f, 1.0f));
    }
    assert_int_equal(mote_spring_pool_add_many(pool, d, 32, NULL), MOTE_OK);
    const float dts[] = {1.0f / 60.0f, 0.1f, 1.0f / 144.0f};
    for (int s = 0; s < 30; ++s) {
        const float dt = dts[s % 3];
        assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
        mote_spring_view view = mote_spring_pool_view(pool);
        for (int i = 0; i < 32; ++i) {
            /* the half-life the pool gives back implies the damping it stores, bit for bit */
            mote_inertialize_update(&d[i].x, &d[i].v, &d[i].offset_x, &d[i].offset_v, d[i].goal,
                                    d[i].incoming_v, d[i].halflife, dt);
            assert_true(same_bits(view.x[i], d[i].x));
            assert_true(same_bits(view.v[i], d[i].v));
            assert_true(same_bits(view.offset_x[i], d[i].offset_x));
            assert_true(same_bits(view.offset_v[i], d[i].offset_v));
        }
    }
    mote_spring_pool_destroy(pool);
}

/* A transition leaves the output (x, v) exactly as it was, on every backend; with dyadic values
 * (every sum exact) the output a vanishing step computes from the new incoming pose and
 * offset is the old output exactly, and with any values it is within an ULP of each sum. Then
 * the output decays onto the new pose. */
static void test_transition_keeps_the_output(void **unused) {
    (void)unused;
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        mote_spring_pool *pool = make(MOTE_SPRING_INERTIALIZE, backends[b]);
        mote_id exact, any;
        mote_spring_desc d = inertial(1.5f, 0.75f, 0.25f, -0.5f, 0.2f);
        assert_int_equal(mote_spring_pool_add(pool, &d, &exact), MOTE_OK);
        d = inertial(1.3f, 0.7f, 0.21f, -0.45f, 0.2f);
        assert_int_equal(mote_spring_pool_add(pool, &d, &any), MOTE_OK);
        mote_spring_desc before[2], after[2];
        assert_int_equal(mote_spring_pool_get(pool, exact, &before[0]), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, any, &before[1]), MOTE_OK);
        assert_int_equal(mote_spring_pool_transition(pool, exact, 4.0f, -2.0f), MOTE_OK);
        assert_int_equal(mote_spring_pool_transition(pool, any, 4.1f, -2.3f), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, exact, &after[0]), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, any, &after[1]), MOTE_OK);
        for (int k = 0; k < 2; ++k) {
            assert_true(same_bits(after[k].x, before[k].x));
            assert_true(same_bits(after[k].v, before[k].v));
        }
        assert_true(after[0].goal == 4.0f && after[0].incoming_v == -2.0f);
        assert_true(after[0].offset_x == (1.5f + 0.25f) - 4.0f);
        assert_true(after[0].offset_v == (0.75f - 0.5f) + 2.0f);
        /* a vanishing step: the output from the new pose, continuous with the old */
        assert_int_equal(mote_spring_pool_step(pool, 1e-30f), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, exact, &after[0]), MOTE_OK);
        assert_int_equal(mote_spring_pool_get(pool, any, &after[1]), MOTE_OK);
        assert_true(same_bits(after[0].x, before[0].x));
        assert_true(same_bits(after[0].v, before[0].v));
        /* two roundings (the transition's sum, the step's): an ULP each of values below 8 */
        assert_true(fabsf(after[1].x - before[1].x) <= 2.0f * FLT_EPSILON * 8.0f);
        assert_true(fabsf(after[1].v - before[1].v) <= 2.0f * FLT_EPSILON * 8.0f);
        /* 20 half-lives on, the output is the new incoming pose (offset below 1e-4 of it) */
        for (int s = 0; s < 240; ++s) {
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
        assert_int_equal(mote_spring_pool_get(pool, exact, &after[0]), MOTE_OK);
        assert_true(fabsf(after[0].x - 4.0f) < 1e-4f && fabsf(after[0].v + 2.0f) < 1e-4f);
        mote_spring_pool_destroy(pool);
    }
}

/* The offset follows the decay's closed form: offset_x(t) = e^(-y t) (x0 + (v0 + y x0) t),
 * offset_v(t) = e^(-y t) (v0 - (v0 + y x0) y t), y = damping / 2 = 2 ln 2 / (h + eps). So the
 * envelope e^(-y t) halves every half of a half-life: an offset on it (v0 = -y x0) halves in
 * h / 2 and quarters in h; an offset at rest (v0 = 0) keeps (1 + 2 ln 2) / 4 of itself at h.
 * Within 8 ULP of the closed form (evaluated in double) on every backend, in one step. */
static void test_offset_closed_form(void **unused) {
    (void)unused;
    const float h = 0.5f;
    const double y = 2.0 * log(2.0) / ((double)h + (double)MOTE_SPRING_EPS);
    const double x0 = 3.0;
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        const double v0s[2] = {-y * x0, 0.0};
        const float ts[2] = {0.5f * h, h};
        for (int c = 0; c < 2; ++c) {
            for (int k = 0; k < 2; ++k) {
                mote_spring_pool *pool = make(MOTE_SPRING_INERTIALIZE, backends[b]);
                mote_id id;
                mote_spring_desc d = inertial(10.0f, 1.0f, (float)x0, (float)v0s[c], h);
                assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
                mote_spring_desc got;
                assert_int_equal(mote_spring_pool_get(pool, id, &got), MOTE_OK);
                assert_int_equal(mote_spring_pool_step(pool, ts[k]), MOTE_OK);
                assert_int_equal(mote_spring_pool_get(pool, id, &got), MOTE_OK);
                const double t = ts[k], v0 = (double)(float)v0s[c];
                const double j1 = v0 + y * x0;
                const double ox = exp(-y * t) * (x0 + j1 * t);
                const double ov = exp(-y * t) * (v0 - j1 * y * t);
                const double tol = 8.0 * FLT_EPSILON * 10.0; /* 8 ULP of the scale, 10 */
                assert_true(fabs(got.offset_x - ox) <= tol);
                assert_true(fabs(got.offset_v - ov) <= tol);
                assert_true(fabs(got.x - (10.0 + ox)) <= tol);
                assert_true(fabs(got.v - (1.0 + ov)) <= tol);
                /* the eps in y moves these by ln 2 eps / h relative (1.4e-5): 3e-5 of x0 */
                if (c == 0) { /* on the envelope: 1/2 at h/2, 1/4 at h */
                    assert_true(fabs(got.offset_x - x0 * (k == 0 ? 0.5 : 0.25)) <= 3e-5 * x0);
                } else if (k == 1) { /* at rest: (1 + 2 ln 2) / 4 at h */
                    const double kept = (1.0 + 2.0 * log(2.0)) / 4.0;
                    assert_true(fabs(got.offset_x - x0 * kept) <= 3e-5 * x0);
                }
                mote_spring_pool_destroy(pool);
            }
        }
    }
}

/* One second at 30 Hz, at 240 Hz and in jittery steps (2 to 30 ms, the last one cut to end on
 * the second) reach the same state within RATE_AGREEMENT of the element's scale. */
static void test_rates_agree(void **unused) {
    (void)unused;
    enum { N = 64 };
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        mote_spring_pool *pools[3];
        test_rng rng = {0xa7e5};
        mote_spring_desc d[N];
        for (int i = 0; i < N; ++i) {
            d[i] = inertial(test_rng_range(&rng, -10, 10), test_rng_range(&rng, -5, 5),
                            test_rng_range(&rng, -3, 3), test_rng_range(&rng, -8, 8),
                            test_rng_range(&rng, 0.05f, 2.0f));
        }
        for (int p = 0; p < 3; ++p) {
            pools[p] = make(MOTE_SPRING_INERTIALIZE, backends[b]);
            assert_int_equal(mote_spring_pool_add_many(pools[p], d, N, NULL), MOTE_OK);
        }
        for (int s = 0; s < 30; ++s) {
            assert_int_equal(mote_spring_pool_step(pools[0], 1.0f / 30.0f), MOTE_OK);
        }
        for (int s = 0; s < 240; ++s) {
            assert_int_equal(mote_spring_pool_step(pools[1], 1.0f / 240.0f), MOTE_OK);
        }
        double t = 0.0;
        test_rng jitter = {0x717e};
        while (t < 1.0 - 1e-9) {
            double dt = test_rng_range(&jitter, 0.002f, 0.030f);
            if (t + dt > 1.0) {
                dt = 1.0 - t;
            }
            assert_int_equal(mote_spring_pool_step(pools[2], (float)dt), MOTE_OK);
            t += (double)(float)dt; /* the time the pool advanced */
        }
        double worst = 0.0;
        mote_spring_view v[3];
        for (int p = 0; p < 3; ++p) {
            v[p] = mote_spring_pool_view(pools[p]);
        }
        for (int i = 0; i < N; ++i) {
            double scale = fmax(fmax(fabs(d[i].goal), fabs(d[i].incoming_v)),
                                fmax(fabs(d[i].offset_x), fabs(d[i].offset_v)));
            for (int p = 1; p < 3; ++p) {
                const float a[4] = {v[0].x[i], v[0].v[i], v[0].offset_x[i], v[0].offset_v[i]};
                const float o[4] = {v[p].x[i], v[p].v[i], v[p].offset_x[i], v[p].offset_v[i]};
                for (int f = 0; f < 4; ++f) {
                    double rel = fabs((double)a[f] - (double)o[f]) / scale;
                    if (!(rel <= RATE_AGREEMENT)) {
                        fail_msg("%s element %d field %d: %.9g vs %.9g (%.3g > %g)",
                                 mote_backend_name(backends[b]), i, f, a[f], o[f], rel,
                                 RATE_AGREEMENT);
                    }
                    worst = fmax(worst, rel);
                }
            }
        }
        printf("# %s: 30 Hz, 240 Hz, jittery: worst %.3g of the scale (bound %g)\n",
               mote_backend_name(backends[b]), worst, RATE_AGREEMENT);
        for (int p = 0; p < 3; ++p) {
            mote_spring_pool_destroy(pools[p]);
        }
    }
}

/* Bad input: an error, and the pool bit for bit as it was. */
static void test_bad_input(void **unused) {
    (void)unused;
    mote_spring_pool *pool = make(MOTE_SPRING_INERTIALIZE, MOTE_BACKEND_AUTO);
    mote_spring_desc d = inertial(1.0f, 2.0f, 0.5f, -0.5f, 0.3f);
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    mote_spring_desc start, now;
    assert_int_equal(mote_spring_pool_get(pool, id, &start), MOTE_OK);

    assert_int_equal(mote_spring_pool_transition(pool, id, NAN, 0.0f), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_spring_pool_transition(pool, id, 0.0f, INFINITY), MOTE_ERROR_NON_FINITE);
    /* finite, but outside the proven domain: an element that large is refused, and so is a
     * transition to an incoming pose that large (the offset to it could overflow) */
    mote_id big;
    mote_spring_desc huge = inertial(0.5f * FLT_MAX, 0.0f, 0.25f * FLT_MAX, 0.0f, 0.3f);
    mote_clear_error_detail();
    assert_int_equal(mote_spring_pool_add(pool, &huge, &big), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "|value| must be <="));
    huge = inertial(MOTE_SPRING_MAX_INPUT, 0.0f, 0.5f * MOTE_SPRING_MAX_STATE, 0.0f, 0.3f);
    assert_int_equal(mote_spring_pool_add(pool, &huge, &big), MOTE_OK);
    mote_spring_desc big_before, big_after;
    assert_int_equal(mote_spring_pool_get(pool, big, &big_before), MOTE_OK);
    assert_int_equal(mote_spring_pool_transition(pool, big, -0.5f * FLT_MAX, 0.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "incoming_x"));
    assert_int_equal(mote_spring_pool_get(pool, big, &big_after), MOTE_OK);
    assert_true(desc_same(&big_before, &big_after));
    assert_int_equal(mote_spring_pool_remove(pool, big), MOTE_OK);

    mote_spring_desc bad = d;
    bad.halflife = -0.1f;
    assert_int_equal(mote_spring_pool_add(pool, &bad, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_set(pool, id, &bad), MOTE_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.halflife = NAN;
    assert_int_equal(mote_spring_pool_set(pool, id, &bad), MOTE_ERROR_NON_FINITE);
    bad = d;
    bad.offset_x = NAN;
    assert_int_equal(mote_spring_pool_add(pool, &bad, NULL), MOTE_ERROR_NON_FINITE);
    bad = d;
    bad.incoming_v = -INFINITY;
    assert_int_equal(mote_spring_pool_set(pool, id, &bad), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_spring_pool_count(pool), 1);
    assert_int_equal(mote_spring_pool_get(pool, id, &now), MOTE_OK);
    assert_true(desc_same(&now, &start));

    /* a pool of another kind, a stale id, no pool */
    mote_spring_pool *critical = make(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO);
    mote_id cid;
    assert_int_equal(mote_spring_pool_add(critical, &d, &cid), MOTE_OK);
    mote_spring_desc cbefore, cafter;
    assert_int_equal(mote_spring_pool_get(critical, cid, &cbefore), MOTE_OK);
    assert_int_equal(mote_spring_pool_transition(critical, cid, 3.0f, 1.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_get(critical, cid, &cafter), MOTE_OK);
    assert_true(desc_same(&cbefore, &cafter));
    assert_int_equal(mote_spring_pool_transition(NULL, id, 3.0f, 1.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_transition(pool, cid, 3.0f, 1.0f), MOTE_ERROR_WRONG_POOL);
    mote_id gone;
    assert_int_equal(mote_spring_pool_add(pool, &d, &gone), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, gone), MOTE_OK);
    assert_int_equal(mote_spring_pool_transition(pool, gone, 3.0f, 1.0f), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_spring_pool_get(pool, id, &now), MOTE_OK);
    assert_true(desc_same(&now, &start));
    mote_spring_pool_destroy(critical);
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_step_is_the_reference),
               cmocka_unit_test(test_transition_keeps_the_output),
               cmocka_unit_test(test_offset_closed_form), cmocka_unit_test(test_rates_agree),
               cmocka_unit_test(test_bad_input))
