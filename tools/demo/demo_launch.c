/* mote-demo's launch scene, through the public API only: 4,096 rockets launch one after
 * another over the first 34 s (a launch schedule: each its own launch_time, turn blend and
 * signed crossrange), so at any moment the fleet spans several phases, and the pool evaluates
 * them all at its clock every frame. When a rocket's own time reaches the end of its
 * acceleration phase its first stage detaches: the rocket's world transform at that exact
 * time (mote_launch_evaluate) composed with the stage's local one is captured, the separation
 * frame is taken from the flight direction and the radial (side: the camera's right, +x) and
 * the tilt and spin are drawn from the rocket's index; the stage pool then steps it (the fleet
 * and its stages: tools/common/launch_fleet.c, which mote-samples' launch sample shares). */
#include "demo_launch.h"

#include <math.h>
#include <stdio.h>

#include "demo_clock.h"
#include "demo_diff.h"
#include "launch_fleet.h"

#define LAUNCH_SEED 0x666c6565u /* "flee" */
#define HZ          60u
#define SCHEDULE    34.0f /* s over which the launches are spread */

static const launch_fleet fleet = {LAUNCH_SEED, DEMO_LAUNCH_ROCKETS, SCHEDULE, 0.2f, 1.0f};

typedef struct run_result {
    mote_launch_pool *rockets;
    mote_stage_pool *stages;
    double launch_seconds, stage_seconds;
    size_t stage_steps; /* stages stepped, summed over the frames */
} run_result;

static bool run(mote_backend backend, run_result *r) {
    mote_status st = launch_fleet_create(&fleet, backend, &r->rockets, &r->stages);
    const mote_launch_profile profile = mote_launch_pool_profile(r->rockets);
    const float detach_time = mote_launch_timeline_of(&profile).accel_end;
    size_t detached = 0; /* rockets launch in index order: the first `detached` have */
    for (unsigned k = 0; st == MOTE_OK && k < HZ * DEMO_LAUNCH_SECONDS; ++k) {
        double t0 = demo_clock_seconds();
        st = mote_stage_pool_step(r->stages, 1.0f / HZ);
        double t1 = demo_clock_seconds();
        if (st == MOTE_OK) {
            st = mote_launch_pool_step(r->rockets, 1.0f / HZ);
        }
        double t2 = demo_clock_seconds();
        r->stage_seconds += t1 - t0;
        r->launch_seconds += t2 - t1;
        r->stage_steps += mote_stage_pool_count(r->stages);
        if (st == MOTE_OK) {
            st = launch_fleet_detach_due(&fleet, &profile, detach_time,
                                         mote_launch_pool_clock(r->rockets), r->stages, &detached);
        }
    }
    if (st != MOTE_OK) {
        fprintf(stderr, "mote-demo: the %s launch scene failed: %s\n", mote_backend_name(backend),
                mote_status_name(st));
    }
    return st == MOTE_OK;
}

static void print_fleet(const run_result *r) {
    mote_launch_view v = mote_launch_pool_view(r->rockets);
    size_t per_phase[MOTE_LAUNCH_REST + 1] = {0};
    double highest = 0.0;
    for (size_t i = 0; i < v.count; ++i) {
        per_phase[(int)v.phase[i]] += 1;
        highest = v.altitude[i] > highest ? v.altitude[i] : highest;
    }
    printf("  at %u s:", DEMO_LAUNCH_SECONDS);
    for (int p = MOTE_LAUNCH_HOLD; p <= MOTE_LAUNCH_REST; ++p) {
        printf(" %zu %s%s", per_phase[p], mote_launch_phase_name((mote_launch_phase)p),
               p < MOTE_LAUNCH_REST ? "," : ";");
    }
    printf(" %zu stages detached; highest altitude %.1f\n", mote_stage_pool_count(r->stages),
           highest);
}

static void print_rates(const char *what, mote_backend backend, const run_result *r) {
    const double rocket_steps = (double)DEMO_LAUNCH_ROCKETS * HZ * DEMO_LAUNCH_SECONDS;
    printf("launch %-9s %-8s (%2d lane%s) %7.3f s %9.2f million rockets/s, %7.3f s %9.2f "
           "million stages/s\n",
           what, mote_backend_name(backend), mote_backend_lanes(backend),
           mote_backend_lanes(backend) > 1 ? "s" : "", r->launch_seconds,
           rocket_steps / r->launch_seconds * 1e-6, r->stage_seconds,
           (double)r->stage_steps / r->stage_seconds * 1e-6);
}

bool demo_launch_run(mote_backend backend) {
    run_result fast = {0}, ref = {0};
    bool ok = run(backend, &fast) && run(MOTE_BACKEND_SCALAR, &ref);
    if (ok) {
        printf("\nmote-demo launch: %u rockets launching over %.0f s, each dropping its first "
               "stage at the end of its acceleration, %u steps at %u Hz (%u simulated seconds)\n",
               DEMO_LAUNCH_ROCKETS, (double)SCHEDULE, HZ * DEMO_LAUNCH_SECONDS, HZ,
               DEMO_LAUNCH_SECONDS);
        print_fleet(&fast);
        print_rates("backend:", backend, &fast);
        print_rates("reference:", MOTE_BACKEND_SCALAR, &ref);
        printf("launch speedup:   rockets %.2fx, stages %.2fx\n",
               ref.launch_seconds / fast.launch_seconds, ref.stage_seconds / fast.stage_seconds);
        mote_launch_view a = mote_launch_pool_view(fast.rockets);
        mote_launch_view b = mote_launch_pool_view(ref.rockets);
        mote_stage_view sa = mote_stage_pool_view(fast.stages);
        mote_stage_view sb = mote_stage_pool_view(ref.stages);
        printf("launch max difference, %s vs scalar: rockets position %.3g, velocity %.3g, "
               "orientation %.3g, roll %.3g; stages position %.3g, orientation %.3g\n",
               mote_backend_name(backend), demo_group_diff(a.position, b.position, 3, a.count),
               demo_group_diff(a.velocity, b.velocity, 3, a.count),
               demo_group_diff(a.orientation, b.orientation, 4, a.count),
               demo_group_diff(&a.roll, &b.roll, 1, a.count),
               demo_group_diff(sa.position, sb.position, 3, sa.count),
               demo_group_diff(sa.orientation, sb.orientation, 4, sa.count));
    }
    mote_launch_pool_destroy(fast.rockets);
    mote_stage_pool_destroy(fast.stages);
    mote_launch_pool_destroy(ref.rockets);
    mote_stage_pool_destroy(ref.stages);
    return ok;
}
