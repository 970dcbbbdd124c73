/* The orientation pools' domain (mote/orientation.h): values outside it are refused at add,
 * set, the setters, create and restore, with the field named in mote_error_detail() and the
 * pool unchanged (angular velocity 1e30, stiffness and damping 1e6, the gains of a 6 ms and a
 * 5 ms half-life at the default sub-step, a cap above the bound, settings whose sub-steps
 * would make a step's work unbounded, a snapshot carrying them); the two spellings of "no
 * cap" agree; and elements at the domain's edges, stepped thousands of times at the extreme
 * dts on every backend, stay finite and validate clean. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "pool_snapshot.h"
#include "test_support.h"

static mote_orientation_pool *make(mote_orientation_kind kind, mote_backend backend) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.kind = kind;
    def.backend = backend;
    mote_orientation_pool *pool = NULL;
    assert_int_equal(mote_orientation_pool_create(&def, &pool), MOTE_OK);
    return pool;
}

static void assert_detail_names(const char *field) {
    const char *detail = mote_error_detail();
    if (strstr(detail, field) == NULL) {
        fail_msg("the detail \"%s\" does not name %s", detail, field);
    }
}

/* The pool's bytes (its snapshot) before and after a refused call are the same. */
static size_t snapshot(const mote_orientation_pool *pool, unsigned char *buffer, size_t size) {
    size_t written = 0;
    assert_int_equal(mote_orientation_pool_save(pool, buffer, size, &written), MOTE_OK);
    return written;
}

/* add and set of desc are both refused with status, naming field, and change nothing. */
static void assert_refused(mote_orientation_kind kind, const mote_orientation_desc *bad,
                           mote_status status, const char *field) {
    mote_orientation_pool *pool = make(kind, MOTE_BACKEND_AUTO);
    mote_orientation_desc good = mote_default_orientation_desc();
    mote_id id;
    assert_int_equal(mote_orientation_pool_add(pool, &good, &id), MOTE_OK);
    static unsigned char before[4096], after[4096];
    size_t n = snapshot(pool, before, sizeof before);
    mote_clear_error_detail();
    assert_int_equal(mote_orientation_pool_add(pool, bad, NULL), status);
    assert_detail_names(field);
    mote_clear_error_detail();
    assert_int_equal(mote_orientation_pool_set(pool, id, bad), status);
    assert_detail_names(field);
    assert_int_equal(mote_orientation_pool_count(pool), 1);
    assert_int_equal(snapshot(pool, after, sizeof after), n);
    assert_memory_equal(before, after, n);
    mote_orientation_pool_destroy(pool);
}

/* The inputs, accepted and turned into NaN before the domain: refused now. */
static void test_out_of_domain_values_are_refused(void **unused) {
    (void)unused;
    const mote_orientation_desc base = mote_default_orientation_desc();
    mote_orientation_desc d = base;
    d.angular_velocity = (mote_vec3){1e30f, 0.0f, 0.0f};
    assert_refused(MOTE_ORIENTATION_CONTROL, &d, MOTE_ERROR_INVALID_ARGUMENT, "angular_velocity");
    assert_refused(MOTE_ORIENTATION_SPRING, &d, MOTE_ERROR_INVALID_ARGUMENT, "angular_velocity");
    /* just past the bound, along a diagonal: the length is checked, not a component */
    const float c = MOTE_ORIENTATION_MAX_ANGULAR_SPEED * 0.75f;
    d.angular_velocity = (mote_vec3){c, c, 0.0f};
    assert_refused(MOTE_ORIENTATION_CONTROL, &d, MOTE_ERROR_INVALID_ARGUMENT, "angular_velocity");

    d = base;
    d.stiffness = 1e6f;
    d.damping = 1e6f;
    assert_refused(MOTE_ORIENTATION_CONTROL, &d, MOTE_ERROR_INVALID_ARGUMENT, "stiffness");
    d = base;
    d.max_speed = 2.0f * MOTE_ORIENTATION_MAX_ANGULAR_SPEED;
    assert_refused(MOTE_ORIENTATION_CONTROL, &d, MOTE_ERROR_INVALID_ARGUMENT, "max_speed");
    d = base;
    d.incoming_angular_velocity = (mote_vec3){0.0f, -1e30f, 0.0f};
    assert_refused(MOTE_ORIENTATION_INERTIALIZE, &d, MOTE_ERROR_INVALID_ARGUMENT,
                   "incoming_angular_velocity");
    d = base;
    d.offset_angular_velocity = (mote_vec3){0.0f, 0.0f, 2e6f};
    assert_refused(MOTE_ORIENTATION_INERTIALIZE, &d, MOTE_ERROR_INVALID_ARGUMENT,
                   "offset_angular_velocity");
    d = base;
    d.target = (mote_quat){0.0f, 0.0f, 0.0f, 0.0f};
    assert_refused(MOTE_ORIENTATION_DAMPER, &d, MOTE_ERROR_INVALID_ARGUMENT, "target");
    /* a kind ignores what it does not read: the damper stores no angular velocity */
    mote_orientation_pool *damper = make(MOTE_ORIENTATION_DAMPER, MOTE_BACKEND_AUTO);
    d = base;
    d.angular_velocity = (mote_vec3){1e30f, 0.0f, 0.0f};
    assert_int_equal(mote_orientation_pool_add(damper, &d, NULL), MOTE_OK);
    mote_orientation_pool_destroy(damper);
}

/* The stability bound: the gains of a 6 ms and a 5 ms half-life are refused at the default
 * 1/240 s sub-step, by the pool and by the scalar advance; a pool of 1 ms sub-steps takes
 * them and its turrets settle. */
static void test_unstable_gains_are_refused(void **unused) {
    (void)unused;
    const float halflives[2] = {0.006f, 0.005f};
    for (int k = 0; k < 2; ++k) {
        mote_orientation_control_params g =
            mote_orientation_control_gains(halflives[k], 1.0f, INFINITY);
        assert_false(
            mote_orientation_control_stable(g.stiffness, g.damping, MOTE_ORIENTATION_SUBSTEP));
        mote_orientation_desc d = mote_default_orientation_desc();
        d.stiffness = g.stiffness;
        d.damping = g.damping;
        d.max_speed = g.max_speed;
        assert_refused(MOTE_ORIENTATION_CONTROL, &d, MOTE_ERROR_INVALID_ARGUMENT, "damping");

        mote_quat q = mote_quat_identity();
        mote_vec3 w = {0.0f, 0.0f, 0.0f};
        mote_quat target = mote_quat_axis_angle((mote_vec3){0, 1, 0}, 2.0f);
        mote_clear_error_detail();
        assert_int_equal(mote_orientation_control_advance(&q, &w, target, &g,
                                                          MOTE_ORIENTATION_SUBSTEP,
                                                          MOTE_ORIENTATION_MAX_SUBSTEPS, 0.1f),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_detail_names("stiffness");
        assert_true(q.w == 1.0f && w.x == 0.0f && w.y == 0.0f && w.z == 0.0f);

        /* 1 ms sub-steps: stable, and the turret reaches its target within 10 s */
        mote_orientation_pool_def def = mote_default_orientation_pool_def();
        def.substep = 0.001f;
        def.max_substeps = MOTE_MAX_SUBSTEPS;
        mote_orientation_pool *pool = NULL;
        assert_int_equal(mote_orientation_pool_create(&def, &pool), MOTE_OK);
        d.target = target;
        mote_id id;
        assert_int_equal(mote_orientation_pool_add(pool, &d, &id), MOTE_OK);
        for (int step = 0; step < 600; ++step) {
            assert_int_equal(mote_orientation_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
        mote_orientation_desc got;
        assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
        assert_true(fabsf(fabsf(mote_quat_dot(got.orientation, got.target)) - 1.0f) < 1e-6f);
        mote_orientation_pool_destroy(pool);
    }
    /* the edge: critically damped gains are stable above 1.675 sub-steps of half-life */
    mote_orientation_control_params ok = mote_orientation_control_gains(0.0071f, 1.0f, INFINITY);
    assert_true(
        mote_orientation_control_stable(ok.stiffness, ok.damping, MOTE_ORIENTATION_SUBSTEP));
    mote_orientation_control_params no = mote_orientation_control_gains(0.0069f, 1.0f, INFINITY);
    assert_false(
        mote_orientation_control_stable(no.stiffness, no.damping, MOTE_ORIENTATION_SUBSTEP));
}

/* "No cap" is INFINITY, and 0 alike, in the desc and in the scalar advance's params: a desc
 * copied from mote_orientation_control_gains(..., INFINITY) is accepted, stored as 0 and given
 * back by get as INFINITY, the default desc's spelling; a desc with 0 reads back the same. */
static void test_no_cap_spellings_agree(void **unused) {
    (void)unused;
    mote_orientation_control_params g = mote_orientation_control_gains(0.2f, 1.0f, INFINITY);
    mote_orientation_desc d = mote_default_orientation_desc();
    d.max_speed = g.max_speed;
    d.target = mote_quat_axis_angle((mote_vec3){0, 0, 1}, 3.0f);
    mote_orientation_pool *pool = make(MOTE_ORIENTATION_CONTROL, MOTE_BACKEND_SCALAR);
    mote_id id;
    assert_int_equal(mote_orientation_pool_add(pool, &d, &id), MOTE_OK);
    mote_orientation_desc got;
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.max_speed == INFINITY);
    assert_true(mote_default_orientation_desc().max_speed == INFINITY);
    assert_true(mote_orientation_pool_view(pool).max_speed[0] == 0.0f);
    d.max_speed = 0.0f;
    assert_int_equal(mote_orientation_pool_set(pool, id, &d), MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.max_speed == INFINITY);
    d.max_speed = 5.0f; /* a cap reads back as itself */
    assert_int_equal(mote_orientation_pool_set(pool, id, &d), MOTE_OK);
    assert_int_equal(mote_orientation_pool_get(pool, id, &got), MOTE_OK);
    assert_true(got.max_speed == 5.0f);
    d.max_speed = g.max_speed;
    mote_orientation_pool_destroy(pool);
    /* the scalar advance takes 0 as it takes INFINITY, to the same bits */
    mote_quat qa = mote_quat_identity(), qb = qa;
    mote_vec3 wa = {0.0f, 0.0f, 0.0f}, wb = wa;
    mote_orientation_control_params zero = g;
    zero.max_speed = 0.0f;
    for (int step = 0; step < 30; ++step) {
        assert_int_equal(mote_orientation_control_advance(&qa, &wa, d.target, &g,
                                                          MOTE_ORIENTATION_SUBSTEP, 16, 1 / 60.0f),
                         MOTE_OK);
        assert_int_equal(mote_orientation_control_advance(&qb, &wb, d.target, &zero,
                                                          MOTE_ORIENTATION_SUBSTEP, 16, 1 / 60.0f),
                         MOTE_OK);
    }
    assert_memory_equal(&qa, &qb, sizeof qa);
    assert_memory_equal(&wa, &wb, sizeof wa);
    zero.max_speed = -1.0f;
    mote_clear_error_detail();
    assert_int_equal(mote_orientation_control_advance(&qa, &wa, d.target, &zero,
                                                      MOTE_ORIENTATION_SUBSTEP, 16, 1 / 60.0f),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_detail_names("max_speed");
}

/* Sub-step settings that would make a step's work unbounded (or its rotations leave the
 * domain) are refused at create, and by the scalar advance. */
static void test_substep_settings_are_bounded(void **unused) {
    (void)unused;
    struct {
        float substep;
        int max_substeps;
        const char *field;
    } bad[] = {
        {MOTE_ORIENTATION_SUBSTEP, MOTE_MAX_SUBSTEPS + 1, "max_substeps"},
        {MOTE_ORIENTATION_SUBSTEP, 2147483647, "max_substeps"},
        {MOTE_ORIENTATION_SUBSTEP, 0, "max_substeps"},
        {1e-30f, 16, "substep"},
        {0.5f * MOTE_ORIENTATION_MIN_SUBSTEP, 16, "substep"},
        {2.0f * MOTE_ORIENTATION_MAX_SUBSTEP, 16, "substep"},
        {INFINITY, 16, "substep"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        for (int kind = 0; kind < MOTE_ORIENTATION_KIND_COUNT; ++kind) {
            mote_orientation_pool_def def = mote_default_orientation_pool_def();
            def.kind = (mote_orientation_kind)kind;
            def.substep = bad[k].substep;
            def.max_substeps = bad[k].max_substeps;
            mote_orientation_pool *pool = NULL;
            mote_clear_error_detail();
            assert_int_equal(mote_orientation_pool_create(&def, &pool),
                             MOTE_ERROR_INVALID_ARGUMENT);
            assert_null(pool);
            assert_detail_names(bad[k].field);
        }
        mote_quat q = mote_quat_identity();
        mote_vec3 w = {0.0f, 0.0f, 0.0f};
        mote_orientation_control_params g = mote_orientation_control_gains(0.1f, 1.0f, 0.0f);
        assert_int_equal(mote_orientation_control_advance(&q, &w, q, &g, bad[k].substep,
                                                          bad[k].max_substeps, 0.1f),
                         MOTE_ERROR_INVALID_ARGUMENT);
    }
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.substep = MOTE_ORIENTATION_MIN_SUBSTEP;
    def.max_substeps = MOTE_MAX_SUBSTEPS;
    mote_orientation_pool *pool = NULL;
    assert_int_equal(mote_orientation_pool_create(&def, &pool), MOTE_OK);
    mote_orientation_pool_destroy(pool);
}

/* The fuzz target's snapshot that hung a step (its settings carry a huge max_substeps and a
 * tiny substep): restore refuses it, or the pool it restores steps once at once. */
static const char hanging_blob[] =
    "//8Kfv//P1n///8OWVlZWVlZWVlZWVlZWVlZWVlZWVlZWVlZWVlZWVlZwVlZWVlZWVkAAAAAAAMDAwMDAwMDAwMDAwMD"
    "AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAAMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwNZWVtZWd9Z"
    "WVlZWVlZWVlZWVlZXVk=";

static size_t base64_decode(const char *text, unsigned char *out) {
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t n = 0;
    uint32_t bits = 0;
    int have = 0;
    for (const char *c = text; *c != '\0' && *c != '='; ++c) {
        const char *at = strchr(alphabet, *c);
        assert_non_null(at);
        bits = (bits << 6) | (uint32_t)(at - alphabet);
        have += 6;
        if (have >= 8) {
            have -= 8;
            out[n++] = (unsigned char)(bits >> have);
        }
    }
    return n;
}

static void test_hanging_snapshot(void **unused) {
    (void)unused;
    unsigned char blob[256];
    size_t size = base64_decode(hanging_blob, blob);
    assert_int_equal(size, 152);
    for (int kind = 0; kind < MOTE_ORIENTATION_KIND_COUNT; ++kind) {
        mote_orientation_pool *pool = make((mote_orientation_kind)kind, MOTE_BACKEND_AUTO);
        mote_status status = mote_orientation_pool_restore(pool, blob, size);
        if (status == MOTE_OK) {
            /* restored: one step must return (a hang is ctest's timeout) and stay finite */
            assert_int_equal(mote_orientation_pool_step(pool, 1.0f / 30.0f), MOTE_OK);
            assert_int_equal(mote_orientation_pool_validate(pool, NULL), MOTE_OK);
        } else {
            assert_int_equal(status, MOTE_ERROR_CORRUPT_SNAPSHOT);
            assert_int_equal(mote_orientation_pool_count(pool), 0);
        }
        mote_orientation_pool_destroy(pool);
    }
}

/* Replaces the first float of blob equal to marker by value and writes a fresh checksum (the
 * last 8 bytes, mote_snapshot_checksum), as a modded save or a peer could: the blob then
 * reaches restore's checks of every element. */
static void tamper(unsigned char *blob, size_t size, float marker, float value) {
    size_t at = 0;
    for (; at + sizeof(float) <= size - 8; ++at) {
        if (memcmp(blob + at, &marker, sizeof marker) == 0) {
            break;
        }
    }
    assert_true(at + sizeof(float) <= size - 8);
    memcpy(blob + at, &value, sizeof value);
    test_reseal_snapshot(blob, size);
}

/* A snapshot re-sealed after an element was moved outside the domain (an angular velocity of
 * 1e30, gains past the stability bound) is refused, naming the field; the pool is unchanged. */
static void test_resealed_snapshots_outside_the_domain(void **unused) {
    (void)unused;
    const struct {
        float marker, value;
        const char *field;
    } cases[] = {{123.25f, 1e30f, "angular_velocity"}, {7.125f, 1e6f, "stiffness"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        mote_orientation_pool *pool = make(MOTE_ORIENTATION_CONTROL, MOTE_BACKEND_AUTO);
        mote_orientation_desc d = mote_default_orientation_desc();
        d.angular_velocity.y = 123.25f;
        d.stiffness = 7.125f;
        assert_int_equal(mote_orientation_pool_add(pool, &d, NULL), MOTE_OK);
        static unsigned char blob[4096], before[4096], after[4096];
        size_t size = snapshot(pool, blob, sizeof blob);
        memcpy(before, blob, size);
        tamper(blob, size, cases[k].marker, cases[k].value);
        mote_clear_error_detail();
        assert_int_equal(mote_orientation_pool_restore(pool, blob, size),
                         MOTE_ERROR_CORRUPT_SNAPSHOT);
        assert_detail_names(cases[k].field);
        assert_int_equal(snapshot(pool, after, sizeof after), size);
        assert_memory_equal(before, after, size);
        mote_orientation_pool_destroy(pool);
    }
}

/* Elements at the domain's edges. */
static void edge_descs(mote_orientation_desc *out, int n) {
    const float wmax = MOTE_ORIENTATION_MAX_ANGULAR_SPEED * 0.99999f;
    const double h = mote_orientation_longest_substep(MOTE_ORIENTATION_SUBSTEP);
    const float halflives[] = {0.0f, 1e-30f, 1e-3f, 1.0f, 1e6f, FLT_MAX};
    test_rng rng = {0xd0a1};
    for (int i = 0; i < n; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        mote_vec3 axis = mote_vec3_normalize((mote_vec3){
            test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1)});
        float speed = (i % 3 == 0) ? wmax : test_rng_range(&rng, 0.0f, wmax);
        d.angular_velocity = mote_vec3_scale(axis, speed);
        d.incoming_angular_velocity = mote_vec3_scale(axis, -speed);
        d.offset_angular_velocity = (mote_vec3){axis.y * speed, -axis.x * speed, 0.0f};
        d.orientation = mote_quat_normalize(
            (mote_quat){test_rng_range(&rng, -1, 1), 0.3f, test_rng_range(&rng, -1, 1), 0.1f});
        d.target = (mote_quat){-d.orientation.x, -d.orientation.y, 0.2f, -d.orientation.w};
        d.offset = mote_quat_axis_angle(axis, 3.14159f);
        d.halflife = halflives[i % 6];
        /* gains on the stability edge (stiffness h^2 + 2 damping h just below 4) */
        double share = (double)(i % 5) / 4.0; /* from all damping to all stiffness */
        d.stiffness = (float)(0.9999 * 4.0 * share / (h * h));
        d.damping = (float)(0.9999 * 4.0 * (1.0 - share) / (2.0 * h));
        d.max_speed = (i % 4 == 0)   ? MOTE_ORIENTATION_MAX_ANGULAR_SPEED
                      : (i % 4 == 1) ? INFINITY
                                     : 0.0f;
        out[i] = d;
    }
}

static void test_edges_stay_finite_on_every_backend(void **unused) {
    (void)unused;
    enum { N = 40 };
    mote_orientation_desc descs[N];
    edge_descs(descs, N);
    const float dts[] = {FLT_MAX, MOTE_ORIENTATION_MAX_STEP, 1.0f / 30.0f, 1e-7f, 1e-30f};
    const int steps = (int)test_scaled_at_least(2000, 200);
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (!mote_backend_available((mote_backend)b)) {
            continue;
        }
        for (int kind = 0; kind < MOTE_ORIENTATION_KIND_COUNT; ++kind) {
            mote_orientation_pool *pool = make((mote_orientation_kind)kind, (mote_backend)b);
            mote_id ids[N];
            assert_int_equal(mote_orientation_pool_add_many(pool, descs, N, ids), MOTE_OK);
            test_rng rng = {0x5eed + (uint64_t)b};
            for (int step = 0; step < steps; ++step) {
                float dt = dts[step % 5];
                assert_int_equal(mote_orientation_pool_step(pool, dt), MOTE_OK);
                /* a new target now and then, the far side of the sphere */
                size_t i = (size_t)(test_rng_next(&rng) % N);
                mote_quat t = {test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1),
                               test_rng_range(&rng, -1, 1), test_rng_range(&rng, -1, 1)};
                if (mote_quat_dot(t, t) > 1e-6f) {
                    assert_int_equal(mote_orientation_pool_set_target(pool, ids[i], t), MOTE_OK);
                }
            }
            mote_validation v;
            if (mote_orientation_pool_validate(pool, &v) != MOTE_OK) {
                fail_msg("%s, kind %s: %zu elements not finite, the first at %zu",
                         mote_backend_name((mote_backend)b),
                         mote_orientation_kind_name((mote_orientation_kind)kind), v.bad_count,
                         v.first_bad_index);
            }
            /* every state is still in the domain: a snapshot of it restores */
            size_t size = mote_orientation_pool_snapshot_size(pool);
            unsigned char *bytes = malloc(size);
            assert_non_null(bytes);
            assert_int_equal(mote_orientation_pool_save(pool, bytes, size, NULL), MOTE_OK);
            assert_int_equal(mote_orientation_pool_restore(pool, bytes, size), MOTE_OK);
            free(bytes);
            mote_orientation_pool_destroy(pool);
        }
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_out_of_domain_values_are_refused),
               cmocka_unit_test(test_unstable_gains_are_refused),
               cmocka_unit_test(test_no_cap_spellings_agree),
               cmocka_unit_test(test_substep_settings_are_bounded),
               cmocka_unit_test(test_hanging_snapshot),
               cmocka_unit_test(test_resealed_snapshots_outside_the_domain),
               cmocka_unit_test(test_edges_stay_finite_on_every_backend))
