/* The mover pool's domain (mote/mover_pool.h): every value outside it refused at add, set,
 * push, the setters, create, set_params and set_max_substep with the field named in
 * mote_error_detail() and nothing changed; elements at the accepted extremes, under extreme
 * params and sub-steps, stepped thousands of times at extreme dt (FLT_MAX down to 0) on every
 * backend stay finite, their facings and angular velocities within the domain (the facings
 * rebased), validate clean, and can still be steered and placed. */
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

#include "mote/mover_pool.h"

static mote_mover_pool *pool_with(const mote_movement_params *p, float max_substep) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.params = *p;
    def.max_substep = max_substep;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static void assert_detail_names(const char *field) {
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("detail \"%s\" does not name %s", mote_error_detail(), field);
    }
}

/* One element's desc pushed out of the domain in one member. */
typedef struct bad_desc {
    const char *field;
    mote_mover_desc d;
} bad_desc;

static size_t bad_descs(bad_desc *out) {
    size_t n = 0;
    const mote_mover_desc base = mote_default_mover_desc();
#define BAD(name, change)                                                                          \
    do {                                                                                           \
        out[n].field = name;                                                                       \
        out[n].d = base;                                                                           \
        mote_mover_desc *d = &out[n].d;                                                            \
        change;                                                                                    \
        ++n;                                                                                       \
    } while (0)
    BAD("position_x", d->state.position.x = 2e30f);
    BAD("position_y", d->state.position.y = -2e30f);
    BAD("velocity", (d->state.velocity.x = 8e7f, d->state.velocity.y = 8e7f));
    BAD("immediate_velocity", d->state.immediate_velocity.y = -1.01e8f);
    BAD("desired_velocity", (d->desired_velocity.x = -9e7f, d->desired_velocity.y = 9e7f));
    BAD("acceleration", (d->state.acceleration.x = 8e11f, d->state.acceleration.y = 8e11f));
    BAD("rotation", d->state.rotation = MOTE_MOVER_MAX_ROTATION * 1.001f);
    BAD("immediate_rotation", d->state.immediate_rotation = -MOTE_MOVER_MAX_ROTATION * 1.001f);
    BAD("desired_facing", (d->explicit_facing = true, d->desired_facing = 1e5f));
    BAD("angular_velocity", d->state.angular_velocity = 2e6f);
    BAD("immediate_angular_velocity", d->state.immediate_angular_velocity = -2e6f);
#undef BAD
    return n;
}

static void test_add_and_set_refuse_outside_the_domain(void **state) {
    (void)state;
    const mote_movement_params params = mote_default_movement_params();
    mote_mover_pool *pool = pool_with(&params, 1.0f / 60.0f);
    mote_mover_desc kept = mote_default_mover_desc();
    kept.state.position.x = 12.0f;
    kept.desired_velocity.x = 100.0f;
    mote_id id;
    assert_int_equal(mote_mover_pool_add(pool, &kept, &id), MOTE_OK);
    bad_desc bad[16];
    const size_t n = bad_descs(bad);
    for (size_t k = 0; k < n; ++k) {
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_add(pool, &bad[k].d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_detail_names(bad[k].field);
        assert_int_equal(mote_mover_pool_count(pool), 1);
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_set(pool, id, &bad[k].d), MOTE_ERROR_INVALID_ARGUMENT);
        assert_detail_names(bad[k].field);
        mote_mover_desc now;
        assert_int_equal(mote_mover_pool_get(pool, id, &now), MOTE_OK);
        assert_memory_equal(&now, &kept, sizeof now);
    }
    /* add_many refuses the whole batch for one bad desc */
    mote_mover_desc batch[3] = {kept, kept, bad[2].d};
    assert_int_equal(mote_mover_pool_add_many(pool, batch, 3, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_count(pool), 1);
    /* the setters: a push that would leave the domain, a facing past it */
    mote_clear_error_detail();
    assert_int_equal(mote_mover_pool_push(pool, id, (mote_vec2){2e8f, 0.0f}),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("velocity");
    assert_int_equal(mote_mover_pool_set_desired_facing(pool, id, true, 1e4f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("desired_facing");
    assert_int_equal(mote_mover_pool_set_desired_velocity(pool, id, (mote_vec2){0.0f, 2e8f}),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("desired_velocity");
    assert_int_equal(mote_mover_pool_place_at(pool, id, (mote_vec2){0.0f, 0.0f}, -1e4f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("rotation");
    mote_mover_desc now;
    assert_int_equal(mote_mover_pool_get(pool, id, &now), MOTE_OK);
    assert_memory_equal(&now, &kept, sizeof now);
    /* the edges themselves are accepted */
    mote_mover_desc edge = kept;
    edge.state.position.x = MOTE_MOVER_MAX_POSITION;
    edge.state.rotation = -MOTE_MOVER_MAX_ROTATION;
    edge.desired_velocity.y = MOTE_MOVER_MAX_SPEED;
    edge.desired_velocity.x = 0.0f;
    edge.state.angular_velocity = MOTE_MOVER_MAX_ANGULAR_SPEED;
    assert_int_equal(mote_mover_pool_set(pool, id, &edge), MOTE_OK);
    mote_mover_pool_destroy(pool);
}

static void test_params_and_substep_refuse_outside_the_domain(void **state) {
    (void)state;
    const mote_movement_params good = mote_default_movement_params();
    const struct {
        const char *field;
        size_t offset;
        float value;
    } bad[] = {
        {"params.acceleration", offsetof(mote_movement_params, acceleration), 2e12f},
        {"params.deceleration", offsetof(mote_movement_params, deceleration), -1.0f},
        {"params.directional_acceleration",
         offsetof(mote_movement_params, directional_acceleration), 1.5f},
        {"params.turn_strength", offsetof(mote_movement_params, turn_strength), 2e6f},
        {"params.acceleration_halflife", offsetof(mote_movement_params, acceleration_halflife),
         2e3f},
        {"params.deceleration_halflife", offsetof(mote_movement_params, deceleration_halflife),
         NAN},
        {"params.acceleration_compensation",
         offsetof(mote_movement_params, acceleration_compensation), 101.0f},
        {"params.deceleration_compensation",
         offsetof(mote_movement_params, deceleration_compensation), INFINITY},
        {"params.rotation_halflife", offsetof(mote_movement_params, rotation_halflife), 1e4f},
    };
    mote_mover_pool *pool = pool_with(&good, 1.0f / 60.0f);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        mote_movement_params p = good;
        memcpy((char *)&p + bad[k].offset, &bad[k].value, sizeof(float));
        assert_false(mote_movement_params_valid(&p));
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_set_params(pool, &p), MOTE_ERROR_INVALID_ARGUMENT);
        assert_detail_names(bad[k].field);
        const mote_movement_params now = mote_mover_pool_params(pool);
        /* the members, not the struct's tail padding (undefined in a returned struct) */
        assert_memory_equal(&now, &good,
                            offsetof(mote_movement_params, rotation_double_spring) + sizeof(bool));
        mote_mover_pool_def def = mote_default_mover_pool_def();
        def.params = p;
        mote_mover_pool *made = NULL;
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_create(&def, &made), MOTE_ERROR_INVALID_ARGUMENT);
        assert_null(made);
        assert_detail_names(bad[k].field);
    }
    const float substeps[] = {0.0f, 5e-7f, 1.01f, NAN, INFINITY, -1.0f};
    for (size_t k = 0; k < sizeof substeps / sizeof substeps[0]; ++k) {
        mote_clear_error_detail();
        assert_int_equal(mote_mover_pool_set_max_substep(pool, substeps[k]),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_detail_names("max_substep");
        assert_true(mote_mover_pool_max_substep(pool) == 1.0f / 60.0f);
    }
    mote_clear_error_detail();
    assert_int_equal(mote_mover_pool_set_params(NULL, &good), MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("pool");
    mote_mover_pool_destroy(pool);
}

/* Elements at the accepted extremes: every sign and direction of the bounds, and zeros. */
static size_t extreme_descs(mote_mover_desc *out) {
    size_t n = 0;
    const float speeds[] = {0.0f, MOTE_MOVER_MAX_SPEED, 1.0f};
    const float angles[] = {0.0f, 0.785398f, 2.5f, -1.9f};
    for (size_t s = 0; s < 3; ++s) {
        for (size_t a = 0; a < 4; ++a) {
            for (int sign = -1; sign <= 1; sign += 2) {
                mote_mover_desc d = mote_default_mover_desc();
                const float angle = angles[a];
                const float speed = speeds[s];
                d.state.position.x = (float)sign * MOTE_MOVER_MAX_POSITION;
                d.state.position.y = (float)-sign * MOTE_MOVER_MAX_POSITION * 0.5f;
                d.state.velocity = (mote_vec2){speed * cosf(angle), speed * sinf(angle)};
                d.state.immediate_velocity = (mote_vec2){-d.state.velocity.y, d.state.velocity.x};
                d.desired_velocity = (mote_vec2){speed * cosf(angle + 2.0f) * 0.999f,
                                                 speed * sinf(angle + 2.0f) * 0.999f};
                d.state.acceleration = (mote_vec2){MOTE_MOVER_MAX_ACCELERATION * 0.7f * (float)sign,
                                                   MOTE_MOVER_MAX_ACCELERATION * -0.7f};
                d.state.rotation = (float)sign * MOTE_MOVER_MAX_ROTATION;
                d.state.immediate_rotation = (float)-sign * MOTE_MOVER_MAX_ROTATION;
                d.state.angular_velocity = (float)sign * MOTE_MOVER_MAX_ANGULAR_SPEED;
                d.state.immediate_angular_velocity = (float)sign * MOTE_MOVER_MAX_ANGULAR_SPEED;
                d.explicit_facing = (a % 2) == 1;
                d.desired_facing = (float)-sign * MOTE_MOVER_MAX_ROTATION;
                out[n++] = d;
            }
        }
    }
    return n;
}

/* The params sets at the domain's corners. */
static mote_movement_params extreme_params(int which) {
    mote_movement_params p = mote_default_movement_params();
    if (which == 0) { /* every rate and lookahead at its largest */
        p.acceleration = p.deceleration = MOTE_MOVER_MAX_ACCELERATION;
        p.directional_acceleration = 1.0f;
        p.turn_strength = MOTE_MOVER_MAX_TURN_STRENGTH;
        p.acceleration_halflife = p.deceleration_halflife = MOTE_MOVER_MAX_HALFLIFE;
        p.acceleration_compensation = p.deceleration_compensation = MOTE_MOVER_MAX_COMPENSATION;
        p.rotation_halflife = MOTE_MOVER_MAX_HALFLIFE;
    } else if (which == 1) { /* every half-life 0, every rate 0 */
        p.acceleration = p.deceleration = 0.0f;
        p.turn_strength = 0.0f;
        p.acceleration_halflife = p.deceleration_halflife = p.rotation_halflife = 0.0f;
        p.rotation_double_spring = false;
    } else { /* huge rates, instant springs, the largest lookahead */
        p.acceleration = p.deceleration = MOTE_MOVER_MAX_ACCELERATION;
        p.acceleration_halflife = 0.0f;
        p.deceleration_halflife = MOTE_MOVER_MAX_HALFLIFE;
        p.acceleration_compensation = p.deceleration_compensation = MOTE_MOVER_MAX_COMPENSATION;
        p.turn_strength = 1e-9f;
    }
    return p;
}

static void assert_in_domain(mote_mover_pool *pool) {
    assert_int_equal(mote_mover_pool_validate(pool, NULL), MOTE_OK);
    const mote_mover_view v = mote_mover_pool_view(pool);
    for (size_t i = 0; i < v.count; ++i) {
        const float values[] = {v.position_x[i],           v.position_y[i],
                                v.velocity_x[i],           v.velocity_y[i],
                                v.acceleration_x[i],       v.acceleration_y[i],
                                v.immediate_velocity_x[i], v.immediate_velocity_y[i],
                                v.angular_velocity[i],     v.immediate_angular_velocity[i]};
        for (size_t k = 0; k < sizeof values / sizeof values[0]; ++k) {
            assert_true(isfinite(values[k]));
        }
        assert_true(fabsf(v.rotation[i]) <= MOTE_MOVER_MAX_ROTATION);
        assert_true(fabsf(v.immediate_rotation[i]) <= MOTE_MOVER_MAX_ROTATION);
        assert_true(fabsf(v.angular_velocity[i]) <= MOTE_MOVER_MAX_ANGULAR_SPEED);
        assert_true(fabsf(v.immediate_angular_velocity[i]) <= MOTE_MOVER_MAX_ANGULAR_SPEED);
    }
}

static void test_extremes_step_finite_on_every_backend(void **state) {
    (void)state;
    mote_mover_desc descs[32];
    const size_t n = extreme_descs(descs);
    const float dts[] = {FLT_MAX, 1e30f, 16.0f, 1.0f / 60.0f, 1e-30f, 0.0f};
    const float substeps[] = {MOTE_MOVER_MAX_SUBSTEP, MOTE_MOVER_MIN_SUBSTEP};
    int backends = 0;
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        ++backends;
        for (int which = 0; which < 3; ++which) {
            for (size_t s = 0; s < 2; ++s) {
                const mote_movement_params p = extreme_params(which);
                mote_mover_pool *pool = pool_with(&p, substeps[s]);
                assert_int_equal(mote_mover_pool_set_backend(pool, (mote_backend)b), MOTE_OK);
                assert_int_equal(mote_mover_pool_add_many(pool, descs, n, NULL), MOTE_OK);
                for (int step = 0; step < 3000; ++step) {
                    assert_int_equal(mote_mover_pool_step(pool, dts[step % 6]), MOTE_OK);
                }
                assert_in_domain(pool);
                /* every element can still be steered and placed, wherever the extremes
                 * carried its state */
                for (size_t i = 0; i < n; ++i) {
                    const mote_id id = mote_mover_pool_id_at(pool, i);
                    assert_int_equal(
                        mote_mover_pool_set_desired_velocity(pool, id, (mote_vec2){1.0f, 2.0f}),
                        MOTE_OK);
                    assert_int_equal(mote_mover_pool_set_desired_facing(pool, id, true, 3.0f),
                                     MOTE_OK);
                    assert_int_equal(
                        mote_mover_pool_place_at(pool, id, (mote_vec2){5.0f, 6.0f}, 1.0f), MOTE_OK);
                }
                mote_mover_pool_destroy(pool);
            }
        }
    }
    assert_true(backends >= 2);
}

/* A character circling for a long time: its facing loses whole turns past the rebase bound,
 * facing the same way (within the rounding of the facing's size), and stays in the domain. */
static void test_a_long_spin_is_rebased(void **state) {
    (void)state;
    const mote_movement_params p = mote_default_movement_params();
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        mote_mover_pool *pool = pool_with(&p, 1.0f / 60.0f);
        assert_int_equal(mote_mover_pool_set_backend(pool, (mote_backend)b), MOTE_OK);
        mote_mover_desc d = mote_default_mover_desc();
        d.state.rotation = d.state.immediate_rotation = MOTE_MOVER_REBASE_ROTATION - 0.5f;
        d.explicit_facing = true;
        d.desired_facing = 1.0f;
        mote_id id;
        assert_int_equal(mote_mover_pool_add(pool, &d, &id), MOTE_OK);
        float last = d.state.rotation;
        bool rebased = false;
        for (int step = 0; step < 600; ++step) {
            /* the goal keeps turning: 3 rad/s */
            d.desired_facing = 1.0f + 0.05f * (float)step;
            assert_int_equal(mote_mover_pool_set_desired_facing(pool, id, true, d.desired_facing),
                             MOTE_OK);
            assert_int_equal(mote_mover_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
            mote_mover_desc now;
            assert_int_equal(mote_mover_pool_get(pool, id, &now), MOTE_OK);
            assert_true(fabsf(now.state.rotation) <= MOTE_MOVER_REBASE_ROTATION + 1.0f);
            const double turned = (double)now.state.rotation - last;
            const double turns = round(turned / (2.0 * 3.14159265358979323846));
            rebased |= turns != 0.0;
            assert_true(fabs(turned - turns * 2.0 * 3.14159265358979323846) < 0.5);
            last = now.state.rotation;
        }
        assert_true(rebased);
        assert_in_domain(pool);
        mote_mover_pool_destroy(pool);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_add_and_set_refuse_outside_the_domain),
               cmocka_unit_test(test_params_and_substep_refuse_outside_the_domain),
               cmocka_unit_test(test_extremes_step_finite_on_every_backend),
               cmocka_unit_test(test_a_long_spin_is_rebased))
