/* The tools' launch fleet (launch_fleet.h). */
#include "launch_fleet.h"

mote_launch_rocket launch_fleet_rocket(const launch_fleet *fleet, size_t i) {
    mote_launch_rocket r = mote_default_launch_rocket();
    r.launch_time = fleet->schedule * (float)i / (float)fleet->count;
    r.turn_blend =
        mote_random_range(fleet->seed, 2 * i, 1.0f - fleet->turn_spread, 1.0f + fleet->turn_spread);
    r.crossrange = mote_random_range(fleet->seed, 2 * i + 1, -fleet->crossrange, fleet->crossrange);
    return r;
}

mote_status launch_fleet_create(const launch_fleet *fleet, mote_backend backend,
                                mote_launch_pool **rockets, mote_stage_pool **stages) {
    *rockets = NULL;
    *stages = NULL;
    mote_launch_pool_def ldef = mote_default_launch_pool_def();
    ldef.backend = backend;
    ldef.capacity = fleet->count;
    mote_stage_pool_def sdef = mote_default_stage_pool_def();
    sdef.backend = backend;
    sdef.capacity = fleet->count;
    mote_status st = mote_launch_pool_create(&ldef, rockets);
    if (st == MOTE_OK) {
        st = mote_stage_pool_create(&sdef, stages);
    }
    for (size_t i = 0; st == MOTE_OK && i < fleet->count; ++i) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket = launch_fleet_rocket(fleet, i);
        st = mote_launch_pool_add(*rockets, &d, NULL);
    }
    return st;
}

/* Rocket i's stage, detached at detach_time (its own time) and now tau s since. */
static mote_status add_stage(const launch_fleet *fleet, const mote_launch_profile *profile,
                             size_t i, float detach_time, float tau, mote_stage_pool *stages) {
    const mote_launch_rocket rocket = launch_fleet_rocket(fleet, i);
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
        st = mote_stage_draw(&d, fleet->seed, i);
    }
    d.time = tau;
    /* the pose at tau now: the pool writes a stage's pose only when it steps it */
    mote_stage_pose now = {0};
    if (st == MOTE_OK) {
        st = mote_stage_evaluate(&d, tau, &now);
    }
    d.position = now.position;
    d.orientation = now.orientation;
    return st == MOTE_OK ? mote_stage_pool_add(stages, &d, NULL) : st;
}

mote_status launch_fleet_detach_due(const launch_fleet *fleet, const mote_launch_profile *profile,
                                    float detach_time, double clock, mote_stage_pool *stages,
                                    size_t *detached) {
    mote_status st = MOTE_OK;
    while (st == MOTE_OK && *detached < fleet->count) {
        const float own = (float)(clock - launch_fleet_rocket(fleet, *detached).launch_time);
        if (own < detach_time) {
            break;
        }
        st = add_stage(fleet, profile, *detached, detach_time, own - detach_time, stages);
        *detached += st == MOTE_OK ? 1u : 0u;
    }
    return st;
}
