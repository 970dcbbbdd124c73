/* The Spring-It-On models as spring pools (timed, velocity, tracking, extrapolate,
 * dead_blend): on the reference backend a pool's step is the public scalar form bit for bit
 * (the timed spring's goal_time counted down by the step); a dead_blend transition keeps the
 * output as its extrapolated pose; get gives the half-lives back; 30 Hz, 240 Hz and a jittery
 * dt agree on every backend; bad input is refused with the field named and changes nothing. */
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

static const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                        MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};

static mote_spring_pool *make(mote_spring_kind kind, mote_backend backend) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.backend = backend;
    def.capacity = 16;
    mote_spring_pool *pool = NULL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        return NULL; /* a backend this build or CPU does not run */
    }
    return pool;
}

static mote_spring_desc element(void) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = 0.5f;
    d.v = -1.0f;
    d.xi = 0.25f;
    d.goal = 4.0f;
    d.halflife = 0.08f;
    d.goal_time = 0.9f;
    d.speed = 3.0f;
    d.incoming_v = 2.0f;
    d.incoming_a = -6.0f;
    d.v_halflife = 0.05f;
    d.a_halflife = 0.2f;
    d.ext_x = -1.0f;
    d.ext_v = 5.0f;
    d.ext_t = 0.0f;
    d.blend_time = 0.5f;
    return d;
}

static const float jitter[] = {0.008f, 0.021f, 0.0125f, 0.033f, 0.009f, 0.0161f, 0.025f, 0.011f};

/* One step of the scalar form the kind's pool runs, on s (a desc: the state and inputs). */
static void scalar_step(mote_spring_kind kind, mote_spring_desc *s, float dt) {
    switch (kind) {
    case MOTE_SPRING_TIMED:
        assert_int_equal(
            mote_timed_spring(&s->x, &s->v, &s->xi, s->goal, s->goal_time, s->halflife, dt),
            MOTE_OK);
        s->goal_time = s->goal_time > dt ? s->goal_time - dt : 0.0f;
        break;
    case MOTE_SPRING_VELOCITY:
        assert_int_equal(
            mote_velocity_spring(&s->x, &s->v, &s->xi, s->goal, s->speed, s->halflife, dt),
            MOTE_OK);
        break;
    case MOTE_SPRING_TRACKING:
        assert_int_equal(mote_tracking_spring(&s->x, &s->v, s->goal, s->incoming_v, s->incoming_a,
                                              s->halflife, s->v_halflife, s->a_halflife, dt),
                         MOTE_OK);
        break;
    case MOTE_SPRING_EXTRAPOLATE:
        assert_int_equal(mote_extrapolate(&s->x, &s->v, dt, s->halflife), MOTE_OK);
        break;
    default:
        assert_int_equal(mote_dead_blend_update(&s->x, &s->v, &s->ext_x, &s->ext_v, &s->ext_t,
                                                s->goal, s->incoming_v, s->blend_time, s->halflife,
                                                dt),
                         MOTE_OK);
        break;
    }
}

static const mote_spring_kind later_kinds[] = {MOTE_SPRING_TIMED, MOTE_SPRING_VELOCITY,
                                               MOTE_SPRING_TRACKING, MOTE_SPRING_EXTRAPOLATE,
                                               MOTE_SPRING_DEAD_BLEND};
#define LATER_COUNT (sizeof later_kinds / sizeof later_kinds[0])

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

static void test_step_is_the_scalar_form(void **state) {
    (void)state;
    for (size_t k = 0; k < LATER_COUNT; ++k) {
        mote_spring_kind kind = later_kinds[k];
        mote_spring_pool *pool = make(kind, MOTE_BACKEND_SCALAR);
        assert_non_null(pool);
        mote_spring_desc s = element();
        mote_id id;
        assert_int_equal(mote_spring_pool_add(pool, &s, &id), MOTE_OK);
        /* the pool stores the damping the half-lives imply: the scalar form converts the same */
        for (int step = 0; step < 90; ++step) {
            float dt = jitter[step % 8];
            scalar_step(kind, &s, dt);
            assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
            mote_spring_desc p;
            assert_int_equal(mote_spring_pool_get(pool, id, &p), MOTE_OK);
            /* the members the kind stores (get gives the others as 0) */
            const bool target = kind == MOTE_SPRING_TIMED || kind == MOTE_SPRING_VELOCITY;
            const bool blend = kind == MOTE_SPRING_DEAD_BLEND;
            if (!same_bits(p.x, s.x) || !same_bits(p.v, s.v) ||
                (target && !same_bits(p.xi, s.xi)) ||
                (kind == MOTE_SPRING_TIMED && !same_bits(p.goal_time, s.goal_time)) ||
                (blend && (!same_bits(p.ext_x, s.ext_x) || !same_bits(p.ext_v, s.ext_v) ||
                           !same_bits(p.ext_t, s.ext_t)))) {
                fail_msg("%s step %d: pool x %.9g v %.9g, scalar form x %.9g v %.9g",
                         mote_spring_kind_name(kind), step, (double)p.x, (double)p.v, (double)s.x,
                         (double)s.v);
            }
        }
        mote_spring_pool_destroy(pool);
    }
}

static void test_goal_time_counts_down(void **state) {
    (void)state;
    mote_spring_pool *pool = make(MOTE_SPRING_TIMED, MOTE_BACKEND_AUTO);
    mote_spring_desc d = element();
    d.goal_time = 0.05f;
    assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_int_equal(mote_spring_pool_step(pool, 0.02f), MOTE_OK);
    assert_true(view.goal_time[0] == 0.05f - 0.02f);
    assert_int_equal(mote_spring_pool_step(pool, 0.02f), MOTE_OK);
    assert_int_equal(mote_spring_pool_step(pool, 0.02f), MOTE_OK);
    assert_true(view.goal_time[0] == 0.0f);
    assert_true(view.xi[0] == d.goal); /* the target is on the goal once the time is up */
    /* a new goal through the view, due in 0.5 s */
    view.goal[0] = -2.0f;
    view.goal_time[0] = 0.5f;
    for (int i = 0; i < 25; ++i) {
        assert_int_equal(mote_spring_pool_step(pool, 0.02f), MOTE_OK);
    }
    assert_true(view.goal_time[0] == 0.0f && view.xi[0] == -2.0f);
    mote_spring_pool_destroy(pool);
}

/* One step of a pool of kind holding d at dt on backend (false: a backend this build or CPU
 * does not run); *out is the element after it. */
static bool step_one(mote_spring_kind kind, mote_backend backend, mote_spring_desc d, float dt,
                     mote_spring_desc *out) {
    mote_spring_pool *pool = make(kind, backend);
    if (pool == NULL) {
        return false;
    }
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
    assert_int_equal(mote_spring_pool_get(pool, id, out), MOTE_OK);
    mote_spring_pool_destroy(pool);
    return true;
}

/* The shared reciprocals at their edges, on every backend with the reference's bits: the timed
 * spring's 1 / goal_time overflows for a time left below 2^-128 s, where its fraction of the
 * gap is held at 1 and the target lands on the goal, finite; a time left just over dt moves the
 * target by a fraction of at most 1, never past the goal. The tracking spring's 1 / dt is
 * finite from FLT_MIN up, and below it the step divides: finite either side. */
static void test_reciprocal_edges(void **state) {
    (void)state;
    struct {
        mote_spring_kind kind;
        float goal_time, dt;
    } cases[] = {
        {MOTE_SPRING_TIMED, 1e-40f, 1e-45f},
        {MOTE_SPRING_TIMED, 1e-40f, 0.0f}, /* dt set below: just under the time left */
        {MOTE_SPRING_TIMED, 0.0f, 1.0f / 60.0f},
        {MOTE_SPRING_TRACKING, 0.9f, 1e-45f},
        {MOTE_SPRING_TRACKING, 0.9f, FLT_MIN},
        {MOTE_SPRING_TRACKING, 0.9f, nextafterf(FLT_MIN, 0.0f)},
    };
    cases[1].dt = nextafterf(cases[1].goal_time, 0.0f);
    cases[2].goal_time = nextafterf(cases[2].dt, 1.0f);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        mote_spring_desc d = element();
        d.goal_time = cases[c].goal_time;
        mote_spring_desc ref;
        assert_true(step_one(cases[c].kind, MOTE_BACKEND_SCALAR, d, cases[c].dt, &ref));
        assert_true(isfinite(ref.x) && isfinite(ref.v) && isfinite(ref.xi));
        if (cases[c].kind == MOTE_SPRING_TIMED) {
            /* xi starts below the goal: it moves up to it and never past */
            assert_true(ref.xi > d.xi && ref.xi <= d.goal);
            if (c == 0) {
                assert_true(ref.xi == d.goal);
            }
        }
        for (size_t b = 1; b < sizeof backends / sizeof backends[0]; ++b) {
            mote_spring_desc got;
            if (!step_one(cases[c].kind, backends[b], d, cases[c].dt, &got)) {
                continue;
            }
            if (!same_bits(got.x, ref.x) || !same_bits(got.v, ref.v) ||
                !same_bits(got.xi, ref.xi)) {
                fail_msg("%s case %zu on %s: x %.9g v %.9g xi %.9g, reference x %.9g v %.9g "
                         "xi %.9g",
                         mote_spring_kind_name(cases[c].kind), c, mote_backend_name(backends[b]),
                         (double)got.x, (double)got.v, (double)got.xi, (double)ref.x, (double)ref.v,
                         (double)ref.xi);
            }
        }
    }
}

/* 30 Hz, 240 Hz and a jittery dt against 60 Hz over 1.5 s, on every backend: within this
 * fraction of the move (the timed and velocity targets step once per frame: mote/spring.h
 * states by how much; the others are exact in time but for rounding, and tracking's position
 * term, sampled once per frame, lags by half a step). */
#define RATES_AGREE 0.01

static void run_rate(mote_spring_pool *pool, const float *dts, size_t n, float seconds) {
    double elapsed = 0.0;
    for (size_t i = 0; elapsed < (double)seconds - 1e-6; ++i) {
        float dt = dts[i % n];
        assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
        elapsed += dt;
    }
}

static void test_rates_agree(void **state) {
    (void)state;
    const float dt60[] = {1.0f / 60.0f}, dt30[] = {1.0f / 30.0f}, dt240[] = {1.0f / 240.0f};
    const float *runs[] = {dt60, dt30, dt240, jitter};
    const size_t lengths[] = {1, 1, 1, 8};
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
        for (size_t k = 0; k < LATER_COUNT; ++k) {
            float x[4];
            double move = 0.0;
            for (int r = 0; r < 4; ++r) {
                mote_spring_pool *pool = make(later_kinds[k], backends[b]);
                if (pool == NULL) {
                    break;
                }
                mote_spring_desc d = element();
                d.incoming_a = 0.0f; /* a steady signal: goal moving at incoming_v */
                move = fabs(d.goal - d.x) + fabs(d.ext_v);
                assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
                run_rate(pool, runs[r], lengths[r], 1.5f);
                x[r] = mote_spring_pool_view(pool).x[0];
                mote_spring_pool_destroy(pool);
                if (r > 0) {
                    double off = fabs((double)x[r] - x[0]) / move;
                    if (off > RATES_AGREE) {
                        fail_msg("%s on %s: run %d ends %.3g of the move from 60 Hz",
                                 mote_spring_kind_name(later_kinds[k]),
                                 mote_backend_name(backends[b]), r, off);
                    }
                }
            }
        }
    }
}

static void test_dead_blend_transition(void **state) {
    (void)state;
    mote_spring_pool *pool = make(MOTE_SPRING_DEAD_BLEND, MOTE_BACKEND_AUTO);
    mote_spring_desc d = element();
    d.ext_t = d.blend_time; /* no blend running: the output is the input */
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    mote_spring_desc before, after;
    assert_int_equal(mote_spring_pool_get(pool, id, &before), MOTE_OK);
    assert_true(before.x == d.goal && before.v == d.incoming_v);
    assert_int_equal(mote_spring_pool_transition(pool, id, -3.0f, 0.5f), MOTE_OK);
    assert_int_equal(mote_spring_pool_get(pool, id, &after), MOTE_OK);
    assert_true(after.ext_x == before.x && after.ext_v == before.v && after.ext_t == 0.0f);
    assert_true(after.goal == -3.0f && after.incoming_v == 0.5f);
    /* the output carries on from where it was (its velocity decaying with the 0.08 s
     * half-life, the blend's weight 3 (dt / T)^2 = 0.3%), then is the input once the blend
     * is over */
    assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_true(fabsf(view.x[0] - (before.x + before.v / 60.0f)) < 0.05f);
    for (int i = 0; i < 40; ++i) {
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
    assert_true(view.x[0] == -3.0f && view.v[0] == 0.5f);
    mote_spring_pool_destroy(pool);
}

static void test_get_gives_back_halflives(void **state) {
    (void)state;
    mote_spring_pool *pool = make(MOTE_SPRING_TRACKING, MOTE_BACKEND_AUTO);
    mote_spring_desc d = element(), back;
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_get(pool, id, &back), MOTE_OK);
    assert_true(fabsf(back.halflife - d.halflife) <= 1e-6f);
    assert_true(fabsf(back.v_halflife - d.v_halflife) <= 1e-6f);
    assert_true(fabsf(back.a_halflife - d.a_halflife) <= 1e-6f);
    assert_true(back.incoming_a == d.incoming_a && back.goal_time == 0.0f && back.ext_x == 0.0f);
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_true(view.v_damping[0] == mote_spring_damping_for_kind(MOTE_SPRING_TRACKING, 0.05f));
    assert_null(view.ext_x);
    mote_spring_pool_destroy(pool);
}

/* add refuses d with status and a detail naming field, and the pool stays empty. */
static void refused(mote_spring_kind kind, mote_spring_desc d, mote_status status,
                    const char *field) {
    mote_spring_pool *pool = make(kind, MOTE_BACKEND_AUTO);
    mote_clear_error_detail();
    assert_int_equal(mote_spring_pool_add(pool, &d, NULL), status);
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("%s: detail \"%s\" does not name %s", mote_spring_kind_name(kind),
                 mote_error_detail(), field);
    }
    assert_int_equal(mote_spring_pool_count(pool), 0);
    mote_spring_pool_destroy(pool);
}

static void test_bad_input(void **state) {
    (void)state;
    mote_spring_desc d = element();
    d.goal_time = -1.0f;
    refused(MOTE_SPRING_TIMED, d, MOTE_ERROR_INVALID_ARGUMENT, "goal_time");
    d = element(), d.goal_time = NAN;
    refused(MOTE_SPRING_TIMED, d, MOTE_ERROR_NON_FINITE, "goal_time");
    d = element(), d.speed = -2.0f;
    refused(MOTE_SPRING_VELOCITY, d, MOTE_ERROR_INVALID_ARGUMENT, "speed");
    d = element(), d.v_halflife = INFINITY;
    refused(MOTE_SPRING_TRACKING, d, MOTE_ERROR_NON_FINITE, "v_halflife");
    d = element(), d.incoming_a = NAN;
    refused(MOTE_SPRING_TRACKING, d, MOTE_ERROR_NON_FINITE, "incoming_a");
    d = element(), d.halflife = NAN;
    refused(MOTE_SPRING_EXTRAPOLATE, d, MOTE_ERROR_NON_FINITE, "halflife");
    d = element(), d.blend_time = -0.1f;
    refused(MOTE_SPRING_DEAD_BLEND, d, MOTE_ERROR_INVALID_ARGUMENT, "blend_time");
    d = element(), d.ext_t = -0.1f;
    refused(MOTE_SPRING_DEAD_BLEND, d, MOTE_ERROR_INVALID_ARGUMENT, "ext_t");
    /* a negative half-life is taken as 0, as in every half-life kind */
    d = element(), d.halflife = -1.0f, d.v_halflife = -1.0f;
    mote_spring_pool *pool = make(MOTE_SPRING_TRACKING, MOTE_BACKEND_AUTO);
    assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
    mote_spring_pool_destroy(pool);
    /* a transition on a pool of another later kind */
    pool = make(MOTE_SPRING_TIMED, MOTE_BACKEND_AUTO);
    mote_id id;
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_spring_pool_transition(pool, id, 1.0f, 1.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    mote_spring_pool_destroy(pool);
    pool = make(MOTE_SPRING_DEAD_BLEND, MOTE_BACKEND_AUTO);
    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
    mote_spring_desc before, after;
    assert_int_equal(mote_spring_pool_get(pool, id, &before), MOTE_OK);
    assert_int_equal(mote_spring_pool_transition(pool, id, NAN, 1.0f), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_spring_pool_get(pool, id, &after), MOTE_OK);
    assert_memory_equal(&before, &after, sizeof before);
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_step_is_the_scalar_form),
               cmocka_unit_test(test_goal_time_counts_down), cmocka_unit_test(test_rates_agree),
               cmocka_unit_test(test_dead_blend_transition),
               cmocka_unit_test(test_get_gives_back_halflives), cmocka_unit_test(test_bad_input),
               cmocka_unit_test(test_reciprocal_edges))
