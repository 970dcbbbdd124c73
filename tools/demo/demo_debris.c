/* mote-demo's debris scene, through the public API only: a station spinning at the seed's
 * 3.15 rad/s sheds 100,000 pieces from its hull (radius 20, length 60), each peeling over
 * half a second and released between 0.5 s and 3.5 s with its rotating-frame velocity plus a
 * drawn outward and axial kick and a drawn tumble. The station spins down over the last
 * second; the steps report the released ids. */
#include "demo_debris.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo_clock.h"
#include "demo_diff.h"

#define DEBRIS_SEED 0x68756c6cu /* "hull" */
#define HZ          60u

static mote_debris_desc hull_piece(size_t i) {
    mote_debris_desc d = mote_default_debris_desc();
    float a = 6.2831853f * mote_random_unit(DEBRIS_SEED, 4 * i);
    float z = mote_random_range(DEBRIS_SEED, 4 * i + 1, -30.0f, 30.0f);
    d.anchor = (mote_vec3){20.0f * cosf(a), 20.0f * sinf(a), z};
    d.outward = (mote_vec3){cosf(a), sinf(a), 0.0f};
    d.base = mote_quat_axis_angle((mote_vec3){0.0f, 0.0f, 1.0f}, a);
    d.max_distance = 1.5f;
    d.twist = mote_random_range(DEBRIS_SEED, 4 * i + 2, -2.0f, 2.0f);
    d.detach_time = mote_random_range(DEBRIS_SEED, 4 * i + 3, 0.5f, 3.5f);
    d.peel_start = d.detach_time - 0.5f;
    mote_debris_ranges ranges = {0.5f, 8.0f, 1.0f, 6.0f, -1.5f, 1.5f};
    mote_debris_draw(&d, &ranges, DEBRIS_SEED, i);
    return d;
}

typedef struct run_result {
    mote_debris_pool *pool;
    double seconds;
    size_t released;
    double max_speed;
} run_result;

static bool run(mote_backend backend, run_result *r) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.backend = backend;
    def.capacity = DEMO_DEBRIS_PIECES;
    mote_status st = mote_debris_pool_create(&def, &r->pool);
    for (size_t i = 0; st == MOTE_OK && i < DEMO_DEBRIS_PIECES; ++i) {
        mote_debris_desc d = hull_piece(i);
        st = mote_debris_pool_add(r->pool, &d, NULL);
    }
    mote_id *ids = malloc(DEMO_DEBRIS_PIECES * sizeof *ids);
    if (st != MOTE_OK || ids == NULL) {
        fprintf(stderr, "mote-demo: building the %s debris pool failed: %s\n",
                mote_backend_name(backend), mote_status_name(st));
        free(ids);
        return false;
    }
    mote_station_spin spin = mote_default_station_spin();
    spin.spin_down_start = (float)(DEMO_DEBRIS_SECONDS - 1);
    spin.spin_down_end = (float)DEMO_DEBRIS_SECONDS;
    r->seconds = 0.0;
    r->released = 0;
    for (unsigned k = 0; k < HZ * DEMO_DEBRIS_SECONDS; ++k) {
        mote_station_spin_step(&spin, 1.0f / HZ);
        mote_debris_ship ship = mote_station_spin_ship(&spin, (mote_vec3){0.0f, 0.0f, 0.0f});
        mote_debris_released released = {ids, DEMO_DEBRIS_PIECES, 0};
        double t0 = demo_clock_seconds();
        st = mote_debris_pool_set_ship(r->pool, &ship);
        if (st == MOTE_OK) {
            st = mote_debris_pool_step(r->pool, 1.0f / HZ, &released);
        }
        r->seconds += demo_clock_seconds() - t0;
        if (st != MOTE_OK) {
            fprintf(stderr, "mote-demo: a %s debris step failed: %s\n", mote_backend_name(backend),
                    mote_status_name(st));
            free(ids);
            return false;
        }
        r->released += released.count;
    }
    free(ids);
    mote_debris_view v = mote_debris_pool_view(r->pool);
    r->max_speed = 0.0;
    for (size_t i = 0; i < v.count; ++i) {
        double s = sqrt((double)v.velocity[0][i] * v.velocity[0][i] +
                        (double)v.velocity[1][i] * v.velocity[1][i] +
                        (double)v.velocity[2][i] * v.velocity[2][i]);
        r->max_speed = s > r->max_speed ? s : r->max_speed;
    }
    return true;
}

bool demo_debris_run(mote_backend backend) {
    run_result fast = {0}, ref = {0};
    bool ok = run(backend, &fast) && run(MOTE_BACKEND_SCALAR, &ref);
    if (ok) {
        double piece_steps = (double)DEMO_DEBRIS_PIECES * HZ * DEMO_DEBRIS_SECONDS;
        printf("\nmote-demo debris: %u pieces peeling off a station spinning at 3.15 rad/s, "
               "%u steps at %u Hz (%u simulated seconds), spin-down in the last second\n",
               DEMO_DEBRIS_PIECES, HZ * DEMO_DEBRIS_SECONDS, HZ, DEMO_DEBRIS_SECONDS);
        printf("  released %zu pieces (reported by the steps); fastest piece %.2f (cap %.0f)\n",
               fast.released, fast.max_speed, mote_debris_pool_settings(fast.pool).speed_cap);
        demo_print_rates("debris", "pieces", backend, fast.seconds, ref.seconds, piece_steps);
        mote_debris_view a = mote_debris_pool_view(fast.pool);
        mote_debris_view b = mote_debris_pool_view(ref.pool);
        printf("debris max difference, %s vs scalar: position %.3g, velocity %.3g, "
               "orientation %.3g\n",
               mote_backend_name(backend), demo_group_diff(a.position, b.position, 3, a.count),
               demo_group_diff(a.velocity, b.velocity, 3, a.count),
               demo_group_diff(a.orientation, b.orientation, 4, a.count));
    }
    mote_debris_pool_destroy(fast.pool);
    mote_debris_pool_destroy(ref.pool);
    return ok;
}
