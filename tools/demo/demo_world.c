/* mote-demo's world scene (demo_world.h): its pools, filled and joined, through the public API
 * alone. The run (events, the hitch, the save and the restore) is demo_world_run.c's. */
#include "demo_world.h"

#include <math.h>
#include <stdio.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        const mote_status status_ = (call);                                                        \
        if (status_ != MOTE_OK) {                                                                  \
            fprintf(stderr, "mote-demo: world scene: %s: %s\n", #call, mote_error_detail());       \
            return status_;                                                                        \
        }                                                                                          \
    } while (0)

/* s: an element whose events are this far off has none within the run. */
#define QUIET 1000.0f

/* When the eventful elements' events fall, on the world clock: before the hitch (which starts
 * at 2 s), within it (halfway through the seconds the world's max_dt lets it advance), and in
 * the 2 s after it. */
typedef struct event_times {
    float hitch; /* s, halfway through the hitch */
    float after; /* s, the start of the 2 s after it */
} event_times;

/* Piece i: released at 0.5 s, in the hitch or 1.75 s after it (pieces 0, 1, 2); the others
 * long after the run. Anchors spread over the hull. */
static mote_debris_desc piece_at(unsigned i, event_times t) {
    mote_debris_desc piece = mote_default_debris_desc();
    piece.anchor = (mote_vec3){0.0f, 0.01f * (float)i, 0.0f};
    const float release[] = {0.5f, t.hitch, t.after + 1.75f};
    piece.detach_time = i < 3 ? release[i] : QUIET;
    piece.peel_start = piece.detach_time - 0.5f;
    return piece;
}

/* Flyer i, from rest on a line: flyers 0 and 1 land on perches 3 and 10 units off (in about
 * 1.9 s and 3.4 s), the others fly 2,000 units (about 5 minutes). */
static mote_flight_desc flyer_at(unsigned i) {
    mote_flight_desc flyer = mote_default_flight_desc();
    const float y = (float)i;
    const float distance = i == 0 ? 3.0f : i == 1 ? 10.0f : 2000.0f;
    flyer.start_position = (mote_vec3){0.0f, y, 0.0f};
    flyer.perch_position = (mote_vec3){distance, y, 0.0f};
    return flyer;
}

/* Chaser i, its sequence begun and, for chasers 0 and 1, run alone (the reference step) to a
 * clock from which the world's run sees chaser 0 enter spin-down at 0.25 s and lock about 1 s
 * after the hitch, and chaser 1 captured at 1.5 s; chaser 2 starts (hold) 1.25 s after the
 * hitch, the others long after the run. */
static mote_status chaser_at(unsigned i, const mote_docking_profile *profile, event_times t,
                             mote_docking_desc *out) {
    const mote_docking_timeline line = mote_docking_timeline_of(profile);
    const float delay = i == 2 ? t.after + 1.25f : i < 2 ? 0.0f : QUIET;
    CHECK(mote_docking_begin(profile, (mote_vec3){0.0f, 0.0f, 0.0f}, mote_quat_identity(),
                             (mote_vec3){40.0f + (float)i, 10.0f, 0.0f}, delay, out));
    const float clock = i == 0   ? line.settle_end - 0.25f
                        : i == 1 ? profile->approach_start - 1.5f
                                 : 0.0f;
    const float step = profile->max_substep;
    for (unsigned k = 0; k < (unsigned)lroundf(clock / step); ++k) {
        CHECK(mote_docking_step(profile, out, step));
    }
    return MOTE_OK;
}

/* Rocket i: rocket 0 drops its stage (the end of its acceleration) at 1 s, rocket 1 starts its
 * ascent in the hitch, rocket 2 starts accelerating 0.75 s after it; the others launch long
 * after the run. */
static mote_launch_desc rocket_at(unsigned i, const mote_launch_timeline *line, event_times t) {
    mote_launch_desc rocket = mote_default_launch_desc();
    const float launch[] = {1.0f - line->accel_end, t.hitch - line->ascent_start,
                            t.after + 0.75f - line->slow_end};
    rocket.rocket.launch_time = i < 3 ? launch[i] : QUIET;
    rocket.rocket.crossrange = (float)(i % 2) * 2.0f - 1.0f;
    return rocket;
}

/* Every pool filled with DEMO_WORLD_ELEMENTS elements. */
static mote_status fill(demo_world_scene *s, event_times t) {
    const mote_docking_profile profile = mote_docking_pool_profile(s->chasers);
    const mote_launch_profile launch = mote_launch_pool_profile(s->rockets);
    const mote_launch_timeline line = mote_launch_timeline_of(&launch);
    for (unsigned i = 0; i < DEMO_WORLD_ELEMENTS; ++i) {
        const float x = (float)i;
        mote_spring_desc spring = mote_default_spring_desc();
        spring.goal = x;
        CHECK(mote_spring_pool_add(s->springs, &spring, NULL));
        mote_mover_desc mover = mote_default_mover_desc();
        mover.state.position = (mote_vec2){x, 0.0f};
        mover.desired_velocity = (mote_vec2){1.0f, 0.0f};
        CHECK(mote_mover_pool_add(s->movers, &mover, NULL));
        const mote_debris_desc piece = piece_at(i, t);
        CHECK(mote_debris_pool_add(s->debris, &piece, NULL));
        const mote_flight_desc flyer = flyer_at(i);
        CHECK(mote_flight_pool_add(s->flyers, &flyer, NULL));
        mote_docking_desc chaser;
        CHECK(chaser_at(i, &profile, t, &chaser));
        CHECK(mote_docking_pool_add(s->chasers, &chaser, NULL));
        const mote_launch_desc rocket = rocket_at(i, &line, t);
        CHECK(mote_launch_pool_add(s->rockets, &rocket, NULL));
        mote_stage_desc stage = mote_default_stage_desc();
        CHECK(mote_stage_pool_add(s->stages, &stage, NULL));
        mote_orientation_desc turret = mote_default_orientation_desc();
        CHECK(mote_orientation_pool_add(s->turrets, &turret, NULL));
    }
    return MOTE_OK;
}

/* Every pool made with its default def, then the world (the default def), the pools joined
 * and filled, and the world recording events. */
static mote_status make(demo_world_scene *s) {
    const mote_spring_pool_def springs = mote_default_spring_pool_def();
    CHECK(mote_spring_pool_create(&springs, &s->springs));
    const mote_mover_pool_def movers = mote_default_mover_pool_def();
    CHECK(mote_mover_pool_create(&movers, &s->movers));
    const mote_debris_pool_def debris = mote_default_debris_pool_def();
    CHECK(mote_debris_pool_create(&debris, &s->debris));
    const mote_flight_pool_def flyers = mote_default_flight_pool_def();
    CHECK(mote_flight_pool_create(&flyers, &s->flyers));
    const mote_docking_pool_def chasers = mote_default_docking_pool_def();
    CHECK(mote_docking_pool_create(&chasers, &s->chasers));
    const mote_launch_pool_def rockets = mote_default_launch_pool_def();
    CHECK(mote_launch_pool_create(&rockets, &s->rockets));
    const mote_stage_pool_def stages = mote_default_stage_pool_def();
    CHECK(mote_stage_pool_create(&stages, &s->stages));
    const mote_orientation_pool_def turrets = mote_default_orientation_pool_def();
    CHECK(mote_orientation_pool_create(&turrets, &s->turrets));
    const mote_world_def def = mote_default_world_def();
    CHECK(mote_world_create(&def, &s->world));
    CHECK(mote_world_join(s->world, s->springs));
    CHECK(mote_world_join(s->world, s->movers));
    CHECK(mote_world_join(s->world, s->debris));
    CHECK(mote_world_join(s->world, s->flyers));
    CHECK(mote_world_join(s->world, s->chasers));
    CHECK(mote_world_join(s->world, s->rockets));
    CHECK(mote_world_join(s->world, s->stages));
    CHECK(mote_world_join(s->world, s->turrets));
    const float hitch = fminf(def.max_dt, 10.0f);
    CHECK(fill(s, (event_times){2.0f + 0.5f * hitch, 2.0f + hitch}));
    CHECK(mote_world_set_events(s->world, true));
    return MOTE_OK;
}

mote_status demo_world_create(demo_world_scene *scene) {
    *scene = (demo_world_scene){0};
    const mote_status status = make(scene);
    if (status != MOTE_OK) {
        demo_world_destroy(scene);
    }
    return status;
}

mote_status demo_world_step(demo_world_scene *scene, float dt) {
    float advanced = 0.0f;
    const mote_status status = mote_world_advance(scene->world, dt, &advanced);
    scene->seconds += (double)advanced;
    return status;
}

void demo_world_destroy(demo_world_scene *scene) {
    mote_world_destroy(scene->world);
    mote_spring_pool_destroy(scene->springs);
    mote_mover_pool_destroy(scene->movers);
    mote_debris_pool_destroy(scene->debris);
    mote_flight_pool_destroy(scene->flyers);
    mote_docking_pool_destroy(scene->chasers);
    mote_launch_pool_destroy(scene->rockets);
    mote_stage_pool_destroy(scene->stages);
    mote_orientation_pool_destroy(scene->turrets);
    *scene = (demo_world_scene){0};
}
