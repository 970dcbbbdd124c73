/* mote-demo's docking scene, through the public API only: 5,000 docking sequences on the
 * seed's profile, each chaser closing on its own station (anywhere within 500 units of the
 * origin, its base turned, spinning at 3.15 rad/s), starting up to 4 s apart from 6 .. 24
 * units out, stepped at 60 Hz until every one has locked. */
#include "demo_docking.h"

#include <math.h>
#include <stdio.h>

#include "demo_clock.h"
#include "demo_diff.h"

#define DOCKING_SEED 0x646f636bu /* "dock" */
#define HZ           60u

static mote_status begin_sequence(const mote_docking_profile *p, size_t i, mote_docking_state *s) {
    const uint64_t seed = DOCKING_SEED;
    mote_vec3 station = {mote_random_range(seed, 8 * i, -500.0f, 500.0f),
                         mote_random_range(seed, 8 * i + 1, -500.0f, 500.0f),
                         mote_random_range(seed, 8 * i + 2, -500.0f, 500.0f)};
    mote_vec3 axis = {mote_random_range(seed, 8 * i + 3, -1.0f, 1.0f),
                      mote_random_range(seed, 8 * i + 4, -1.0f, 1.0f), 1.5f};
    mote_quat base = mote_quat_axis_angle(mote_vec3_normalize(axis),
                                          mote_random_range(seed, 8 * i + 5, -3.14f, 3.14f));
    float a = 6.2831853f * mote_random_unit(seed, 8 * i + 6);
    float out = mote_random_range(seed, 8 * i + 7, 6.0f, 24.0f);
    mote_vec3 local = {2.5f * cosf(a), 2.5f * sinf(a), out};
    mote_vec3 chaser = mote_vec3_add(station, mote_quat_rotate(base, local));
    float delay = 4.0f * (float)i / (float)DEMO_DOCKING_SEQUENCES;
    return mote_docking_begin(p, station, base, chaser, delay, s);
}

typedef struct run_result {
    mote_docking_pool *pool;
    double seconds;
    size_t halfway[MOTE_DOCKING_LOCKED + 1]; /* sequences per phase at 22 s */
} run_result;

/* Counts the sequences in each phase. */
static bool count_phases(mote_docking_pool *pool, size_t counts[MOTE_DOCKING_LOCKED + 1]) {
    mote_docking_profile profile = mote_docking_pool_profile(pool);
    for (int k = 0; k <= MOTE_DOCKING_LOCKED; ++k) {
        counts[k] = 0;
    }
    for (size_t i = 0; i < mote_docking_pool_count(pool); ++i) {
        mote_docking_state s;
        mote_docking_pose pose;
        if (mote_docking_pool_get(pool, mote_docking_pool_id_at(pool, i), &s) != MOTE_OK ||
            mote_docking_pose_of(&profile, &s, &pose) != MOTE_OK) {
            return false;
        }
        ++counts[pose.phase];
    }
    return true;
}

static bool run(mote_backend backend, run_result *r) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    def.backend = backend;
    def.capacity = DEMO_DOCKING_SEQUENCES;
    mote_status st = mote_docking_pool_create(&def, &r->pool);
    for (size_t i = 0; st == MOTE_OK && i < DEMO_DOCKING_SEQUENCES; ++i) {
        mote_docking_state s;
        st = begin_sequence(&def.profile, i, &s);
        if (st == MOTE_OK) {
            st = mote_docking_pool_add(r->pool, &s, NULL);
        }
    }
    if (st != MOTE_OK) {
        fprintf(stderr, "mote-demo: building the %s docking pool failed: %s\n",
                mote_backend_name(backend), mote_status_name(st));
        return false;
    }
    r->seconds = 0.0;
    for (unsigned k = 0; k < HZ * DEMO_DOCKING_SECONDS; ++k) {
        double t0 = demo_clock_seconds();
        st = mote_docking_pool_step(r->pool, 1.0f / HZ);
        r->seconds += demo_clock_seconds() - t0;
        if (st != MOTE_OK) {
            fprintf(stderr, "mote-demo: a %s docking step failed: %s\n", mote_backend_name(backend),
                    mote_status_name(st));
            return false;
        }
        if (k + 1 == HZ * 22u && !count_phases(r->pool, r->halfway)) {
            fprintf(stderr, "mote-demo: reading the %s docking pool failed\n",
                    mote_backend_name(backend));
            return false;
        }
    }
    return true;
}

/* The largest distance of a locked chaser from its target (0: the lock is exact), and the
 * largest |parallel error - clearance| and radial error of the locked sequences. */
static void lock_errors(mote_docking_pool *pool, double *target, double *parallel, double *radial) {
    mote_docking_profile profile = mote_docking_pool_profile(pool);
    *target = *parallel = *radial = 0.0;
    for (size_t i = 0; i < mote_docking_pool_count(pool); ++i) {
        mote_docking_state s;
        mote_docking_pose pose;
        if (mote_docking_pool_get(pool, mote_docking_pool_id_at(pool, i), &s) != MOTE_OK ||
            mote_docking_pose_of(&profile, &s, &pose) != MOTE_OK || !s.locked) {
            continue;
        }
        double d = mote_vec3_length(mote_vec3_sub(s.position, pose.target));
        double e = fabs((double)pose.parallel_error - profile.dock_clearance);
        *target = d > *target ? d : *target;
        *parallel = e > *parallel ? e : *parallel;
        *radial = pose.radial_error > *radial ? pose.radial_error : *radial;
    }
}

bool demo_docking_run(mote_backend backend) {
    run_result fast = {0}, ref = {0};
    bool ok = run(backend, &fast) && run(MOTE_BACKEND_SCALAR, &ref);
    size_t end[MOTE_DOCKING_LOCKED + 1];
    ok = ok && count_phases(fast.pool, end);
    if (ok) {
        double steps = (double)DEMO_DOCKING_SEQUENCES * HZ * DEMO_DOCKING_SECONDS;
        printf("\nmote-demo docking: %u chasers docking with their own stations spinning at "
               "3.15 rad/s, starts 0 .. 4 s apart, %u steps at %u Hz (%u simulated seconds)\n",
               DEMO_DOCKING_SEQUENCES, HZ * DEMO_DOCKING_SECONDS, HZ, DEMO_DOCKING_SECONDS);
        const size_t *h = fast.halfway;
        printf("  at 22 s: %zu hold, %zu approach, %zu settle, %zu spin-down, %zu locked; at the "
               "end: %zu locked\n",
               h[MOTE_DOCKING_HOLD], h[MOTE_DOCKING_APPROACH], h[MOTE_DOCKING_SETTLE],
               h[MOTE_DOCKING_SPIN_DOWN], h[MOTE_DOCKING_LOCKED], end[MOTE_DOCKING_LOCKED]);
        double target, parallel, radial;
        lock_errors(fast.pool, &target, &parallel, &radial);
        printf("  locked: chaser to target %.3g (exact), parallel error - clearance %.3g, "
               "radial error %.3g\n",
               target, parallel, radial);
        demo_print_rates("docking", "sequences", backend, fast.seconds, ref.seconds, steps);
        mote_docking_view a = mote_docking_pool_view(fast.pool);
        mote_docking_view b = mote_docking_pool_view(ref.pool);
        printf("docking max difference, %s vs scalar: position %.3g, velocity %.3g, "
               "orientation %.3g\n",
               mote_backend_name(backend), demo_group_diff(a.position, b.position, 3, a.count),
               demo_group_diff(a.velocity, b.velocity, 3, a.count),
               demo_group_diff(a.orientation, b.orientation, 4, a.count));
    }
    mote_docking_pool_destroy(fast.pool);
    mote_docking_pool_destroy(ref.pool);
    return ok;
}
