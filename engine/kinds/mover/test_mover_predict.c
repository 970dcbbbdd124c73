/* Mover trajectory prediction (mote_mover_pool_predict, mote_movement_predict): every wide
 * variant bit-identical to every other and to the scalar reference (facing within the
 * atan2 bound) over the mover probe's seeded states; where no clamp binds, prediction and
 * stepping forward agree within the bound mote/mover_pool.h states; where one binds (a start,
 * a stop, a turn) the difference, printed and shown to exceed that bound; the closed form's
 * limits (t = 0 is the current state, a long time the goal); bad times and outputs refused
 * with the argument named and nothing written; the pool left as it was. */
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
#include "mote/spring.h"
#include "mover_fields.h"
#include "mover_predict.h"
#include "pool.h"
#include "probe.h"
#include "test_kernels.h"

#define COUNT 4099 /* not a multiple of any lane count: every variant runs its tail path */
#define PI    3.14159265358979323846

/* Caller-owned prediction arrays for n_times rows of stride floats. */
typedef struct prediction {
    float *a[MOVER_PREDICT_OUTPUTS];
    mote_mover_prediction out;
} prediction;

static prediction prediction_alloc(size_t n_times, size_t stride) {
    prediction p;
    for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
        p.a[o] = malloc(n_times * stride * sizeof(float) + sizeof(float));
        assert_non_null(p.a[o]);
        for (size_t i = 0; i < n_times * stride + 1; ++i) {
            p.a[o][i] = -12345.0f; /* a sentinel: what was not written */
        }
    }
    p.out = (mote_mover_prediction){p.a[MOVER_PREDICT_POSITION_X], p.a[MOVER_PREDICT_POSITION_Y],
                                    p.a[MOVER_PREDICT_VELOCITY_X], p.a[MOVER_PREDICT_VELOCITY_Y],
                                    p.a[MOVER_PREDICT_ROTATION],   stride};
    return p;
}

static void prediction_free(prediction *p) {
    for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
        free(p->a[o]);
    }
}

static bool untouched(const prediction *p, size_t n) {
    for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
        for (size_t i = 0; i < n; ++i) {
            if (p->a[o][i] != -12345.0f) {
                return false;
            }
        }
    }
    return true;
}

/* The params sets the comparison runs under. */
static mote_movement_params params_set(int which) {
    mote_movement_params p = mote_default_movement_params();
    if (which == 1) { /* one facing spring, slow smoothing, compensation while stopping */
        p.rotation_double_spring = false;
        p.acceleration_halflife = 0.4f;
        p.deceleration_compensation = 1.0f;
    } else if (which == 2) { /* zero half-lives: the springs land at once */
        p.acceleration_halflife = 0.0f;
        p.deceleration_halflife = 0.0f;
        p.rotation_halflife = 0.0f;
    }
    return p;
}

static mote_mover_pool *seeded_pool(int params) {
    mote_pool *pool = NULL;
    assert_int_equal(probe_seeded_pool(&mote_probe_mover, &mote_probe_mover.variants[0],
                                       MOTE_BACKEND_SCALAR, COUNT, 0x5eed0 + (uint64_t)params,
                                       &pool),
                     MOTE_OK);
    mote_mover_pool *movers = (mote_mover_pool *)pool;
    mote_movement_params p = params_set(params);
    assert_int_equal(mote_mover_pool_set_params(movers, &p), MOTE_OK);
    return movers;
}

/* The largest facing field of element i and pi: the scale the facing's ULP are counted at. */
static double facing_scale(const mote_mover_view *v, size_t i, float predicted) {
    double m = PI;
    m = fmax(m, fabs((double)v->rotation[i]));
    m = fmax(m, fabs((double)v->immediate_rotation[i]));
    m = fmax(m, fabs((double)v->desired_facing[i]));
    return fmax(m, fabs((double)predicted));
}

/* The facing's bound against the reference, in scaled ULP: the goal's atan2 difference
 * (<= 2 ULP of pi), carried at most once through the springs' offset, plus the rounding of
 * the sum back onto the rotation. */
#define FACING_ULP 8.0

static void test_wide_matches_reference(void **state) {
    (void)state;
    const float times[] = {0.0f, 0.33f, 0.67f, 1.0f, 2.5f, 0.01f, 7.0f, 1.0f};
    const size_t n_times = sizeof times / sizeof times[0];
    const mote_kernel_table *scalar = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    for (int params = 0; params < 3; ++params) {
        mote_mover_pool *pool = seeded_pool(params);
        const mote_mover_view v = mote_mover_pool_view(pool);
        const mote_movement_params p = params_set(params);
        mote_mover_predict predict;
        mote_mover_predict_prepare(&p, times, (int)n_times, &predict);
        prediction ref = prediction_alloc(n_times, COUNT);
        mote_mover_run_predict_table(scalar, &v, 0, COUNT, &predict, &ref.out);
        prediction first = prediction_alloc(n_times, COUNT);
        bool have_first = false;
        int wide = 0;
        double worst = 0.0;
        for (const mote_kernel_table *t = NULL; (t = test_kernels_next_wide_table(t)) != NULL;) {
            prediction got = prediction_alloc(n_times, COUNT);
            /* in two ranges, the cut off any lane boundary */
            mote_mover_run_predict_table(t, &v, 0, 1031, &predict, &got.out);
            mote_mover_run_predict_table(t, &v, 1031, COUNT, &predict, &got.out);
            for (size_t k = 0; k < n_times; ++k) {
                for (size_t i = 0; i < COUNT; ++i) {
                    const size_t at = k * COUNT + i;
                    for (int o = 0; o < MOVER_PREDICT_ROTATION; ++o) {
                        if (memcmp(&got.a[o][at], &ref.a[o][at], sizeof(float)) != 0) {
                            fail_msg("%s: output %d of element %zu at t %g: %.9g, reference %.9g",
                                     t->name, o, i, (double)times[k], (double)got.a[o][at],
                                     (double)ref.a[o][at]);
                        }
                    }
                    const float r = got.a[MOVER_PREDICT_ROTATION][at];
                    const float rr = ref.a[MOVER_PREDICT_ROTATION][at];
                    const double ulp = test_kernels_scaled_ulp(r, rr, facing_scale(&v, i, rr));
                    worst = fmax(worst, ulp);
                    if (!(ulp <= FACING_ULP)) {
                        fail_msg("%s: rotation of element %zu at t %g: %.9g, reference %.9g "
                                 "(%g scaled ULP)",
                                 t->name, i, (double)times[k], (double)r, (double)rr, ulp);
                    }
                }
            }
            if (!have_first) {
                for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
                    memcpy(first.a[o], got.a[o], n_times * COUNT * sizeof(float));
                }
                have_first = true;
            } else {
                for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
                    assert_memory_equal(first.a[o], got.a[o], n_times * COUNT * sizeof(float));
                }
            }
            prediction_free(&got);
            ++wide;
        }
        print_message("params %d: %d wide variants bit-identical; facing <= %.2f scaled ULP of "
                      "the reference\n",
                      params, wide, worst);
        assert_true(wide >= 1);
        prediction_free(&first);
        prediction_free(&ref);
        mote_mover_pool_destroy(pool);
    }
}

/* One element's prediction at times through the pool's API. */
static void predict_one(mote_mover_pool *pool, const float *times, size_t n,
                        mote_movement_prediction *out) {
    prediction p = prediction_alloc(n, 1);
    assert_int_equal(mote_mover_pool_predict(pool, times, n, &p.out), MOTE_OK);
    for (size_t k = 0; k < n; ++k) {
        out[k].position.x = p.a[MOVER_PREDICT_POSITION_X][k];
        out[k].position.y = p.a[MOVER_PREDICT_POSITION_Y][k];
        out[k].velocity.x = p.a[MOVER_PREDICT_VELOCITY_X][k];
        out[k].velocity.y = p.a[MOVER_PREDICT_VELOCITY_Y][k];
        out[k].rotation = p.a[MOVER_PREDICT_ROTATION][k];
    }
    prediction_free(&p);
}

static mote_mover_pool *one_mover_pool(const mote_mover_desc *d, const mote_movement_params *p) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.params = *p;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_mover_pool_add(pool, d, NULL), MOTE_OK);
    return pool;
}

/* The differences of a prediction from stepping forward by steps of h. */
typedef struct difference {
    double position, velocity, rotation;
} difference;

static difference predict_against_steps(const mote_mover_desc *d, const mote_movement_params *p,
                                        float h, int steps) {
    mote_mover_pool *pool = one_mover_pool(d, p);
    const float t = (float)steps * h;
    mote_movement_prediction at;
    predict_one(pool, &t, 1, &at);
    for (int k = 0; k < steps; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, h), MOTE_OK);
    }
    mote_mover_desc s;
    assert_int_equal(mote_mover_pool_get(pool, mote_mover_pool_id_at(pool, 0), &s), MOTE_OK);
    mote_mover_pool_destroy(pool);
    difference e = {
        hypot(at.position.x - s.state.position.x, at.position.y - s.state.position.y),
        hypot(at.velocity.x - s.state.velocity.x, at.velocity.y - s.state.velocity.y),
        fabs((double)at.rotation - s.state.rotation),
    };
    return e;
}

static double rate_of(float halflife) {
    return (double)mote_halflife_to_damping(halflife) / 2.0;
}

/* The bound of mote/mover_pool.h for d under p with sub-steps of h, plus float rounding. */
static difference no_clamp_bound(const mote_mover_desc *d, const mote_movement_params *p, float h,
                                 float t) {
    const mote_movement_state *s = &d->state;
    const double y = rate_of(p->acceleration_halflife);
    const double yf =
        rate_of(p->rotation_double_spring ? 0.5f * p->rotation_halflife : p->rotation_halflife);
    const double speed_error =
        hypot(s->velocity.x - d->desired_velocity.x, s->velocity.y - d->desired_velocity.y);
    const double accel = hypot(s->acceleration.x, s->acceleration.y);
    const double scale = hypot(s->position.x, s->position.y) +
                         hypot(d->desired_velocity.x, d->desired_velocity.y) * t + 1.0;
    const double goal = d->explicit_facing ? d->desired_facing
                                           : atan2(d->desired_velocity.y, d->desired_velocity.x);
    const double facing_error = fmax(fabs(s->rotation - goal), fabs(s->immediate_rotation - goal));
    const double spin = fabs(s->angular_velocity) + fabs(s->immediate_angular_velocity);
    difference b = {
        MOTE_MOVER_PREDICT_POSITION_BOUND * h * (speed_error + accel / y) + 1e-5 * scale,
        1e-5 * (speed_error + accel / y + hypot(d->desired_velocity.x, d->desired_velocity.y)),
        MOTE_MOVER_PREDICT_FACING_BOUND * h * (spin + yf * facing_error) +
            1e-5 * (fabs(s->rotation) + PI),
    };
    return b;
}

/* Elements already at their desired velocity: the immediate velocity there, the smoothed one
 * and its acceleration anywhere, the facing goal fixed. */
static mote_mover_desc arrived(int which) {
    mote_mover_desc d = mote_default_mover_desc();
    const float angle = 0.7f * (float)which - 2.0f;
    const float speed = which % 3 == 0 ? 40.0f : 350.0f;
    d.desired_velocity.x = speed * cosf(angle);
    d.desired_velocity.y = speed * sinf(angle);
    d.state.immediate_velocity = d.desired_velocity;
    d.state.position.x = 100.0f * (float)which - 300.0f;
    d.state.position.y = -50.0f * (float)which;
    d.state.velocity.x = d.desired_velocity.x + 150.0f * sinf((float)which);
    d.state.velocity.y = d.desired_velocity.y - 90.0f * cosf(2.0f * (float)which);
    d.state.acceleration.x = 400.0f * sinf(3.0f * (float)which);
    d.state.acceleration.y = -300.0f * cosf((float)which);
    d.state.rotation = angle + 1.5f * sinf((float)which);
    d.state.immediate_rotation = d.state.rotation + 0.4f * cosf((float)which);
    d.state.angular_velocity = 2.0f * sinf(5.0f * (float)which);
    d.state.immediate_angular_velocity = -1.5f * cosf(5.0f * (float)which);
    if (which % 2 == 1) {
        d.explicit_facing = true;
        d.desired_facing = angle + 2.5f;
    }
    return d;
}

static void test_matches_stepping_where_no_clamp_binds(void **state) {
    (void)state;
    const float hs[] = {1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 240.0f};
    double worst[3] = {0.0, 0.0, 0.0}; /* each difference over its bound */
    for (int params = 0; params < 2; ++params) {
        const mote_movement_params p = params_set(params);
        for (size_t hi = 0; hi < sizeof hs / sizeof hs[0]; ++hi) {
            const float h = hs[hi];
            for (int which = 0; which < 8; ++which) {
                const mote_mover_desc d = arrived(which);
                for (int steps = 1; steps <= (int)(1.0f / h + 0.5f); steps += 7) {
                    const float t = (float)steps * h;
                    difference e = predict_against_steps(&d, &p, h, steps);
                    difference b = no_clamp_bound(&d, &p, h, t);
                    worst[0] = fmax(worst[0], e.position / b.position);
                    worst[1] = fmax(worst[1], e.velocity / b.velocity);
                    worst[2] = fmax(worst[2], e.rotation / b.rotation);
                    if (!(e.position <= b.position && e.velocity <= b.velocity &&
                          e.rotation <= b.rotation)) {
                        fail_msg("params %d, h %g, element %d, t %g: differences %g %g %g, "
                                 "bounds %g %g %g",
                                 params, (double)h, which, (double)t, e.position, e.velocity,
                                 e.rotation, b.position, b.velocity, b.rotation);
                    }
                }
            }
        }
    }
    print_message("no clamp binding: the largest difference over its bound: position %.3f, "
                  "velocity %.3f, rotation %.3f\n",
                  worst[0], worst[1], worst[2]);
}

/* Where the rate clamp or the turn damper binds, the prediction leads stepping: the
 * differences at 1/60 s sub-steps, printed, each past what the no-clamp bound allows. */
static void test_clamp_binding_shows_a_difference(void **state) {
    (void)state;
    const mote_movement_params p = mote_default_movement_params();
    const float h = 1.0f / 60.0f;
    mote_mover_desc start = mote_default_mover_desc(); /* from rest to 300 units/s along x */
    start.desired_velocity.x = 300.0f;
    mote_mover_desc stop = arrived(1); /* walking at 350, asked to stop */
    stop.state.velocity = stop.desired_velocity;
    stop.state.acceleration = (mote_vec2){0.0f, 0.0f};
    stop.desired_velocity = (mote_vec2){0.0f, 0.0f};
    mote_mover_desc turn = mote_default_mover_desc(); /* at 300 along x, asked for 300 along y */
    turn.state.velocity.x = turn.state.immediate_velocity.x = 300.0f;
    turn.desired_velocity.y = 300.0f;
    turn.state.rotation = turn.state.immediate_rotation = 0.0f;
    const struct {
        const char *name;
        mote_mover_desc d;
    } cases[] = {{"start", start}, {"stop", stop}, {"turn", turn}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        double largest = 0.0, allowed = 0.0;
        for (int steps = 20; steps <= 60; steps += 20) {
            difference e = predict_against_steps(&cases[c].d, &p, h, steps);
            difference b = no_clamp_bound(&cases[c].d, &p, h, (float)steps * h);
            print_message("%s, t %.2f s: prediction - stepping: position %.2f units, velocity "
                          "%.2f units/s, rotation %.4f rad (no-clamp bound %.2f, %.2f, %.4f)\n",
                          cases[c].name, (double)steps * h, e.position, e.velocity, e.rotation,
                          b.position, b.velocity, b.rotation);
            largest = fmax(largest, e.position / b.position);
            allowed = fmax(allowed, e.velocity / b.velocity);
        }
        /* a clamp that binds moves the answer past the bound where none binds */
        assert_true(largest > 1.0 || allowed > 1.0);
    }
}

static void test_closed_form_limits(void **state) {
    (void)state;
    const mote_movement_params p = mote_default_movement_params();
    for (int which = 0; which < 8; ++which) {
        const mote_mover_desc d = arrived(which);
        mote_mover_pool *pool = one_mover_pool(&d, &p);
        const float times[] = {0.0f, MOTE_MOVER_PREDICT_MAX_TIME};
        mote_movement_prediction at[2];
        predict_one(pool, times, 2, at);
        /* t = 0: the current state, within the rounding of (v - g) + g */
        assert_float_equal(at[0].position.x, d.state.position.x, 0.0f);
        assert_float_equal(at[0].position.y, d.state.position.y, 0.0f);
        assert_float_equal(at[0].velocity.x, d.state.velocity.x, 1e-4f);
        assert_float_equal(at[0].velocity.y, d.state.velocity.y, 1e-4f);
        assert_float_equal(at[0].rotation, d.state.rotation, 1e-5f);
        /* long after: at the desired velocity, facing the goal, travelled g t plus the
         * springs' settled offset */
        assert_float_equal(at[1].velocity.x, d.desired_velocity.x, 0.0f);
        assert_float_equal(at[1].velocity.y, d.desired_velocity.y, 0.0f);
        const double goal = d.explicit_facing ? d.desired_facing
                                              : atan2(d.desired_velocity.y, d.desired_velocity.x);
        const double turns = ((double)at[1].rotation - goal) / (2.0 * PI);
        assert_true(fabs(turns - round(turns)) < 1e-5);
        const double y = rate_of(p.acceleration_halflife);
        const double settled_x =
            d.state.position.x + (double)d.desired_velocity.x * MOTE_MOVER_PREDICT_MAX_TIME +
            ((d.state.velocity.x - d.desired_velocity.x) +
             (d.state.acceleration.x + (d.state.velocity.x - d.desired_velocity.x) * y) / y) /
                y;
        assert_true(fabs(at[1].position.x - settled_x) < 1e-6 * fabs(settled_x) + 1e-2);
        mote_mover_pool_destroy(pool);
    }
}

static void test_refusals(void **state) {
    (void)state;
    mote_mover_pool *pool = seeded_pool(0);
    const size_t count = mote_mover_pool_count(pool);
    const mote_mover_view v = mote_mover_pool_view(pool);
    float *before[MOVER_FIELD_COUNT];
    float *now[MOVER_FIELD_COUNT];
    mover_view_pointers(&v, now);
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        before[f] = malloc(count * sizeof(float));
        assert_non_null(before[f]);
        memcpy(before[f], now[f], count * sizeof(float));
    }
    const float nan = NAN, inf = INFINITY;
    const struct {
        float time;
        size_t n;
        mote_status status;
        const char *detail;
    } bad[] = {
        {nan, 3, MOTE_ERROR_INVALID_DT, "times[2]"},
        {inf, 3, MOTE_ERROR_INVALID_DT, "times[2]"},
        {-inf, 3, MOTE_ERROR_INVALID_DT, "times[2]"},
        {-1e-6f, 3, MOTE_ERROR_INVALID_DT, "times[2]"},
        {MOTE_MOVER_PREDICT_MAX_TIME * 1.001f, 3, MOTE_ERROR_INVALID_DT, "times[2]"},
        {0.5f, MOTE_MOVER_PREDICT_MAX_TIMES + 1, MOTE_ERROR_INVALID_ARGUMENT, "n_times"},
    };
    for (size_t c = 0; c < sizeof bad / sizeof bad[0]; ++c) {
        float times[MOTE_MOVER_PREDICT_MAX_TIMES + 1] = {0.33f, 0.67f};
        for (size_t k = 2; k < MOTE_MOVER_PREDICT_MAX_TIMES + 1; ++k) {
            times[k] = bad[c].time;
        }
        prediction p = prediction_alloc(bad[c].n, count);
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_predict(pool, times, bad[c].n, &p.out), bad[c].status);
        assert_non_null(strstr(mote_error_detail(), bad[c].detail));
        assert_true(untouched(&p, bad[c].n * count));
        prediction_free(&p);
    }
    const float times[] = {0.33f, 0.67f, 1.0f};
    prediction p = prediction_alloc(3, count);
    mote_mover_prediction out = p.out;
    out.stride = count - 1;
    mote_clear_error_detail();
    assert_int_equal(mote_mover_pool_predict(pool, times, 3, &out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "stride"));
    out = p.out;
    out.rotation = NULL;
    assert_int_equal(mote_mover_pool_predict(pool, times, 3, &out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "out"));
    assert_int_equal(mote_mover_pool_predict(pool, times, 3, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_predict(pool, NULL, 3, &p.out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "times"));
    assert_int_equal(mote_mover_pool_predict(NULL, times, 3, &p.out), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "pool"));
    assert_true(untouched(&p, 3 * count));
    /* no times: nothing written, MOTE_OK */
    assert_int_equal(mote_mover_pool_predict(pool, NULL, 0, &p.out), MOTE_OK);
    assert_true(untouched(&p, 3 * count));
    /* accepted: every row written up to count, nothing past it; the pool unchanged */
    out = p.out;
    out.stride = count + 1;
    prediction wide = prediction_alloc(3, count + 1);
    out = wide.out;
    assert_int_equal(mote_mover_pool_predict(pool, times, 3, &out), MOTE_OK);
    for (size_t k = 0; k < 3; ++k) {
        for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
            assert_true(isfinite(wide.a[o][k * (count + 1) + count - 1]));
            assert_true(wide.a[o][k * (count + 1) + count] == -12345.0f);
        }
    }
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        assert_memory_equal(before[f], now[f], count * sizeof(float));
        free(before[f]);
    }
    prediction_free(&wide);
    prediction_free(&p);
    mote_mover_pool_destroy(pool);
}

/* The pool's backend answers as its kernel table does: each runnable backend through the pool
 * API gives that table's bits. */
static void test_pool_api_uses_its_backend(void **state) {
    (void)state;
    mote_mover_pool *pool = seeded_pool(0);
    const float times[] = {0.33f, 0.67f, 1.0f};
    const mote_movement_params p = params_set(0);
    mote_mover_predict predict;
    mote_mover_predict_prepare(&p, times, 3, &predict);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (mote_mover_pool_set_backend(pool, (mote_backend)b) != MOTE_OK) {
            continue;
        }
        const mote_mover_view v = mote_mover_pool_view(pool);
        prediction api = prediction_alloc(3, COUNT);
        prediction table = prediction_alloc(3, COUNT);
        assert_int_equal(mote_mover_pool_predict(pool, times, 3, &api.out), MOTE_OK);
        mote_mover_run_predict_table(mote_kernel_table_for((mote_backend)b), &v, 0, COUNT, &predict,
                                     &table.out);
        for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
            assert_memory_equal(api.a[o], table.a[o], 3 * COUNT * sizeof(float));
        }
        prediction_free(&api);
        prediction_free(&table);
    }
    mote_mover_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_wide_matches_reference),
               cmocka_unit_test(test_matches_stepping_where_no_clamp_binds),
               cmocka_unit_test(test_clamp_binding_shows_a_difference),
               cmocka_unit_test(test_closed_form_limits), cmocka_unit_test(test_refusals),
               cmocka_unit_test(test_pool_api_uses_its_backend))
