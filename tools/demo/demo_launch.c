/* mote-demo's launch scene, through the public API only: 4,096 rockets launch one after
 * another over the first 34 s (a launch schedule: each its own launch_time, turn blend and
 * signed crossrange), so at any moment the fleet spans several phases, and the pool evaluates
 * them all at its clock every frame. When a rocket's own time reaches the end of its
 * acceleration phase its first stage detaches: the rocket's world transform at that exact
 * time (mote_launch_evaluate) composed with the stage's local one is captured, the separation
 * frame is taken from the flight direction and the radial (side: the camera's right, +x) and
 * the tilt and spin are drawn from the rocket's index; the stage pool then steps it. */
#include "demo_launch.h"

#include <math.h>
#include <stdio.h>

#include "demo_clock.h"
#include "demo_diff.h"

#define LAUNCH_SEED 0x666c6565u /* "flee" */
#define HZ          60u
#define SCHEDULE    34.0f /* s over which the launches are spread */

static mote_launch_rocket schedule_rocket(size_t i) {
    mote_launch_rocket r = mote_default_launch_rocket();
    r.launch_time = SCHEDULE * (float)i / (float)DEMO_LAUNCH_ROCKETS;
    r.turn_blend = mote_random_range(LAUNCH_SEED, 2 * i, 0.8f, 1.2f);
    r.crossrange = mote_random_range(LAUNCH_SEED, 2 * i + 1, -1.0f, 1.0f);
    return r;
}

typedef struct run_result {
    mote_launch_pool *rockets;
    mote_stage_pool *stages;
    double launch_seconds, stage_seconds;
    size_t stage_steps; /* stages stepped, summed over the frames */
} run_result;

/* The stage of rocket i, detached at detach_time (its own time) and now at tau s since. */
static mote_status detach(run_result *r, const mote_launch_profile *profile, size_t i,
                          float detach_time, float tau) {
    const mote_launch_rocket rocket = schedule_rocket(i);
    mote_launch_pose pose;
    mote_status st =
        mote_launch_evaluate(profile, &rocket, rocket.launch_time + detach_time, &pose);
    const mote_transform world = {pose.position, pose.orientation, {1.0f, 1.0f, 1.0f}};
    const mote_transform local = {{0.0f, -1.0f, 0.0f}, mote_quat_identity(), {1.0f, 1.0f, 1.0f}};
    mote_stage_desc d = mote_default_stage_desc();
    if (st == MOTE_OK) {
        st = mote_stage_capture(&d, &world, &local);
    }
    if (st == MOTE_OK) {
        st = mote_stage_set_frame(&d, pose.flight_direction, pose.radial,
                                  (mote_vec3){1.0f, 0.0f, 0.0f});
    }
    if (st == MOTE_OK) {
        st = mote_stage_draw(&d, LAUNCH_SEED, i);
    }
    d.time = tau;
    return st == MOTE_OK ? mote_stage_pool_add(r->stages, &d, NULL) : st;
}

static bool run(mote_backend backend, run_result *r) {
    mote_launch_pool_def ldef = mote_default_launch_pool_def();
    ldef.backend = backend;
    ldef.capacity = DEMO_LAUNCH_ROCKETS;
    mote_stage_pool_def sdef = mote_default_stage_pool_def();
    sdef.backend = backend;
    sdef.capacity = DEMO_LAUNCH_ROCKETS;
    mote_status st = mote_launch_pool_create(&ldef, &r->rockets);
    if (st == MOTE_OK) {
        st = mote_stage_pool_create(&sdef, &r->stages);
    }
    for (size_t i = 0; st == MOTE_OK && i < DEMO_LAUNCH_ROCKETS; ++i) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket = schedule_rocket(i);
        st = mote_launch_pool_add(r->rockets, &d, NULL);
    }
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
        const double clock = mote_launch_pool_clock(r->rockets);
        while (st == MOTE_OK && detached < DEMO_LAUNCH_ROCKETS) {
            const float own = (float)(clock - schedule_rocket(detached).launch_time);
            if (own < detach_time) {
                break;
            }
            st = detach(r, &profile, detached, detach_time, own - detach_time);
            ++detached;
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
