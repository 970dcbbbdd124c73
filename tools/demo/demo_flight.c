/* mote-demo's flock scene, through the public API only: 4,000 flyers wheel in from a cloud
 * 15 to 40 units out, each onto its own perch along one of 20 wires (200 perches a quarter
 * unit apart on each), at cruise 10 units/s, banking into their
 * turns and braking to rest on the perch. At 2 s every tenth flyer is re-targeted, from
 * wherever it is, to its neighbour's perch on the next wire. The steps report the ids that
 * landed. */
#include "demo_flight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo_clock.h"
#include "demo_diff.h"

#define FLOCK_SEED 0x666c6f6bu /* "flok" */
#define HZ         60u
#define WIRES      20u

/* Perch k of the scene: wire k % 20 (2 units apart in y, rising 0.25 a wire), a quarter unit
 * apart along x. */
static mote_vec3 perch(size_t k) {
    float wire = (float)(k % WIRES);
    float along = (float)(k / WIRES % (DEMO_FLIGHT_FLYERS / WIRES + 1));
    mote_vec3 p = {0.25f * along - 0.125f * (float)(DEMO_FLIGHT_FLYERS / WIRES),
                   2.0f * wire - 19.0f, 4.0f + 0.25f * wire};
    return p;
}

static mote_flight_desc flyer(const mote_flight_pool *pool, size_t i) {
    mote_flight_desc d = mote_flight_pool_desc(pool);
    float a = 6.2831853f * mote_random_unit(FLOCK_SEED, 8 * i);
    float r = mote_random_range(FLOCK_SEED, 8 * i + 1, 15.0f, 40.0f);
    d.start_position = (mote_vec3){r * cosf(a), r * sinf(a),
                                   mote_random_range(FLOCK_SEED, 8 * i + 2, 10.0f, 30.0f)};
    /* flying round the wires, counter-clockwise, slightly inward */
    float speed = mote_random_range(FLOCK_SEED, 8 * i + 3, 3.0f, 8.0f);
    d.start_velocity =
        (mote_vec3){-speed * sinf(a) - 0.3f * cosf(a), speed * cosf(a) - 0.3f * sinf(a),
                    mote_random_range(FLOCK_SEED, 8 * i + 4, -1.0f, 0.5f)};
    d.perch_position = perch(i);
    d.landing_normal = (mote_vec3){0.0f, 0.0f, 1.0f};
    return d;
}

typedef struct run_result {
    mote_flight_pool *pool;
    double seconds;
    size_t landed, retargeted;
    double steepest; /* the largest |bank| any flyer reached, rad */
} run_result;

static bool failed(const char *what, mote_backend backend, mote_status st) {
    fprintf(stderr, "mote-demo: %s on %s failed: %s\n", what, mote_backend_name(backend),
            mote_status_name(st));
    return false;
}

static bool run(mote_backend backend, run_result *r) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.limits.cruise_speed = 10.0f;
    def.limits.max_acceleration = 6.0f;
    def.limits.max_deceleration = 4.0f;
    def.backend = backend;
    def.capacity = DEMO_FLIGHT_FLYERS;
    mote_status st = mote_flight_pool_create(&def, &r->pool);
    for (size_t i = 0; st == MOTE_OK && i < DEMO_FLIGHT_FLYERS; ++i) {
        mote_flight_desc d = flyer(r->pool, i);
        st = mote_flight_pool_add(r->pool, &d, NULL);
    }
    mote_id *ids = malloc(DEMO_FLIGHT_FLYERS * sizeof *ids);
    if (st != MOTE_OK || ids == NULL) {
        free(ids);
        return failed("building the flock", backend, st);
    }
    r->seconds = 0.0;
    r->landed = 0;
    r->retargeted = 0;
    r->steepest = 0.0;
    for (unsigned k = 0; k < HZ * DEMO_FLIGHT_SECONDS; ++k) {
        if (k == 2 * HZ) { /* every tenth flyer: to the next flyer's perch, on the next wire */
            for (size_t i = 0; i < DEMO_FLIGHT_FLYERS; i += 10) {
                mote_id id = mote_flight_pool_id_at(r->pool, i);
                st = mote_flight_pool_retarget(r->pool, id, perch(i + 1),
                                               (mote_vec3){0.0f, 0.0f, 1.0f});
                if (st != MOTE_OK) {
                    free(ids);
                    return failed("a re-target", backend, st);
                }
                ++r->retargeted;
            }
        }
        mote_flight_landed landed = {ids, DEMO_FLIGHT_FLYERS, 0};
        double t0 = demo_clock_seconds();
        st = mote_flight_pool_step(r->pool, 1.0f / HZ, &landed);
        r->seconds += demo_clock_seconds() - t0;
        if (st != MOTE_OK) {
            free(ids);
            return failed("a flock step", backend, st);
        }
        r->landed += landed.count;
        mote_flight_view v = mote_flight_pool_view(r->pool);
        /* a plain max, not fmax: aarch64 GCC 12's vectorizer crashes (an internal compiler
         * error) on an fmax reduction of widened floats */
        float steepest = 0.0f;
        for (size_t i = 0; i < v.count; ++i) {
            float bank = fabsf(v.bank[i]);
            steepest = bank > steepest ? bank : steepest;
        }
        r->steepest = fmax(r->steepest, (double)steepest);
    }
    free(ids);
    return true;
}

bool demo_flight_run(mote_backend backend) {
    run_result fast = {0}, ref = {0};
    bool ok = run(backend, &fast) && run(MOTE_BACKEND_SCALAR, &ref);
    if (ok) {
        double flyer_steps = (double)DEMO_FLIGHT_FLYERS * HZ * DEMO_FLIGHT_SECONDS;
        mote_flight_view a = mote_flight_pool_view(fast.pool);
        mote_flight_view b = mote_flight_pool_view(ref.pool);
        printf("\nmote-demo flights: %u flyers landing on perches along %u wires, %u steps at "
               "%u Hz (%u simulated seconds), every tenth re-targeted at 2 s\n",
               DEMO_FLIGHT_FLYERS, WIRES, HZ * DEMO_FLIGHT_SECONDS, HZ, DEMO_FLIGHT_SECONDS);
        printf("  %zu landings (reported by the steps), %zu re-targeted; steepest bank %.1f "
               "degrees (cap %.0f)\n",
               fast.landed, fast.retargeted, fast.steepest * 57.29578,
               (double)mote_flight_pool_limits(fast.pool).max_bank * 57.29578);
        demo_print_rates("flights", "flyers", backend, fast.seconds, ref.seconds, flyer_steps);
        printf("flights max difference, %s vs scalar: position %.3g, velocity %.3g, bank %.3g, "
               "orientation %.3g\n",
               mote_backend_name(backend), demo_group_diff(a.position, b.position, 3, a.count),
               demo_group_diff(a.velocity, b.velocity, 3, a.count),
               demo_group_diff(&a.bank, &b.bank, 1, a.count),
               demo_group_diff(a.orientation, b.orientation, 4, a.count));
    }
    mote_flight_pool_destroy(fast.pool);
    mote_flight_pool_destroy(ref.pool);
    return ok;
}
