/* The flyer's bank (mote/flight.h, Banking) has no flicker: in a curve lying in a vertical
 * plane (a pure climb or dive to a perch) it is 0 at every sample, exactly in a plane through a
 * world axis and within rounding in an oblique one; a plane tilted from the vertical by a hair
 * banks by a hair, never by the full bank; and a 3D turn whose side switches passes through 0.
 * Each on the reference (mote_flight_sample, 800 samples over the flight) and on every backend
 * through a pool stepped 800 times. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"

enum { SAMPLES = 800 };

/* The banks of desc's flight at SAMPLES times evenly over its duration (the last one landed):
 * backend MOTE_BACKEND_COUNT is the reference, mote_flight_sample; another is a pool of that
 * backend stepped by duration / SAMPLES. */
static void banks_of(const mote_flight_desc *desc, int backend, float *banks) {
    mote_flight_path path;
    assert_int_equal(mote_flight_plan(desc, &path), MOTE_OK);
    const float dt = path.duration / (float)SAMPLES;
    if (backend == MOTE_BACKEND_COUNT) {
        for (int k = 0; k < SAMPLES; ++k) {
            mote_flight_pose pose;
            assert_int_equal(mote_flight_sample(&path, dt * (float)(k + 1), &pose), MOTE_OK);
            banks[k] = pose.bank;
        }
        return;
    }
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.backend = (mote_backend)backend;
    def.limits.cruise_speed = desc->cruise_speed;
    def.limits.max_bank = desc->max_bank;
    def.limits.world_up = desc->world_up;
    mote_flight_pool *pool = NULL;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_flight_pool_add(pool, desc, NULL), MOTE_OK);
    for (int k = 0; k < SAMPLES; ++k) {
        assert_int_equal(mote_flight_pool_step(pool, dt, NULL), MOTE_OK);
        banks[k] = mote_flight_pool_view(pool).bank[0];
    }
    assert_int_equal(mote_flight_pool_validate(pool, NULL), MOTE_OK);
    mote_flight_pool_destroy(pool);
}

static float largest_jump(const float *banks) {
    float jump = 0.0f;
    for (int k = 1; k < SAMPLES; ++k) {
        jump = fmaxf(jump, fabsf(banks[k] - banks[k - 1]));
    }
    return jump;
}

static float largest_bank(const float *banks) {
    float top = 0.0f;
    for (int k = 0; k < SAMPLES; ++k) {
        top = fmaxf(top, fabsf(banks[k]));
    }
    return top;
}

/* A climb then a dive in the vertical plane through the origin along (cos a, sin a, 0): the
 * start velocity, the chord and the end tangent (level, across the perch's up normal) all lie
 * in it. tilt turns the plane's vertical by that angle about its horizontal direction. */
static mote_flight_desc vertical_plane(float a, float tilt) {
    mote_flight_desc d = mote_default_flight_desc();
    const float c = cosf(a), s = sinf(a);
    /* the plane's vertical, tilted: up leaning toward the plane's normal (-s, c, 0) */
    const mote_vec3 v = {-s * sinf(tilt), c * sinf(tilt), cosf(tilt)};
    d.start_position = (mote_vec3){0.0f, 0.0f, 0.0f};
    d.start_velocity = (mote_vec3){5.0f * c + 4.0f * v.x, 5.0f * s + 4.0f * v.y, 4.0f * v.z};
    d.perch_position = (mote_vec3){12.0f * c - 3.0f * v.x, 12.0f * s - 3.0f * v.y, -3.0f * v.z};
    return d;
}

/* Every backend this CPU runs, then the reference (MOTE_BACKEND_COUNT). */
static bool runs(int backend) {
    return backend == MOTE_BACKEND_COUNT || mote_backend_available((mote_backend)backend);
}

static const char *name_of(int backend) {
    return backend == MOTE_BACKEND_COUNT ? "reference" : mote_backend_name((mote_backend)backend);
}

static void test_vertical_plane_has_no_bank(void **unused) {
    (void)unused;
    float banks[SAMPLES];
    for (int b = 0; b <= MOTE_BACKEND_COUNT; ++b) {
        if (!runs(b)) {
            continue;
        }
        /* the plane through +x and up: S' x S'' is along y, exactly */
        mote_flight_desc d = vertical_plane(0.0f, 0.0f);
        banks_of(&d, b, banks);
        assert_true(largest_bank(banks) == 0.0f);
        /* an oblique vertical plane: the rounding of S' x S'' alone */
        d = vertical_plane(0.6435f, 0.0f);
        banks_of(&d, b, banks);
        float top = largest_bank(banks), jump = largest_jump(banks);
        printf("vertical plane, %s: largest |bank| %.3g rad, largest jump %.3g rad over %d "
               "samples\n",
               name_of(b), (double)top, (double)jump, SAMPLES);
        assert_true(top <= 1e-5f);
        assert_true(jump <= 1e-5f);
    }
}

/* A plane tilted from the vertical by a hair banks by about a hair, continuously. */
static void test_a_hair_of_tilt_banks_a_hair(void **unused) {
    (void)unused;
    float banks[SAMPLES];
    for (int b = 0; b <= MOTE_BACKEND_COUNT; ++b) {
        if (!runs(b)) {
            continue;
        }
        for (int sign = -1; sign <= 1; sign += 2) {
            const float tilt = (float)sign * 1e-3f;
            mote_flight_desc d = vertical_plane(0.6435f, tilt);
            banks_of(&d, b, banks);
            float top = largest_bank(banks), jump = largest_jump(banks);
            printf("tilted by %g rad, %s: largest |bank| %.3g rad, largest jump %.3g rad\n",
                   (double)tilt, name_of(b), (double)top, (double)jump);
            assert_true(top <= 2e-3f); /* the full bank of this flight is about 0.5 rad */
            assert_true(jump <= 1e-4f);
        }
    }
}

/* An S-turn that also descends: the flyer starts heading 45 degrees left of the chord and
 * lands heading 45 degrees left of it, so it turns right, then left; the bank changes sign
 * through 0, never by a jump. */
static void test_a_turn_switching_sides_passes_through_zero(void **unused) {
    (void)unused;
    mote_flight_desc d = mote_default_flight_desc();
    d.start_velocity = (mote_vec3){4.0f, 4.0f, 1.0f};
    d.perch_position = (mote_vec3){20.0f, 0.0f, -4.0f};
    d.landing_normal = (mote_vec3){-1.0f, 1.0f, 0.0f};
    float banks[SAMPLES];
    for (int b = 0; b <= MOTE_BACKEND_COUNT; ++b) {
        if (!runs(b)) {
            continue;
        }
        banks_of(&d, b, banks);
        float jump = largest_jump(banks), lo = 0.0f, hi = 0.0f;
        int switches = 0;
        for (int k = 1; k < SAMPLES; ++k) {
            lo = fminf(lo, banks[k]);
            hi = fmaxf(hi, banks[k]);
            if ((banks[k] > 0.0f && banks[k - 1] < 0.0f) ||
                (banks[k] < 0.0f && banks[k - 1] > 0.0f)) {
                ++switches;
                /* where it switches, both sides are near 0 */
                assert_true(fabsf(banks[k]) <= jump && fabsf(banks[k - 1]) <= jump);
            }
        }
        printf("S-turn, %s: bank from %.3g to %.3g rad, %d sign changes, largest jump %.3g rad\n",
               name_of(b), (double)lo, (double)hi, switches, (double)jump);
        assert_true(lo < -0.05f && hi > 0.05f); /* a right turn, then a left one */
        assert_int_equal(switches, 1);
        assert_true(jump <= 0.01f);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(test_vertical_plane_has_no_bank),
               cmocka_unit_test(test_a_hair_of_tilt_banks_a_hair),
               cmocka_unit_test(test_a_turn_switching_sides_passes_through_zero))
