/* mote-demo's world scene (demo_world.h), through the public API alone. */
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

/* Fills every pool with DEMO_WORLD_ELEMENTS elements spread over a line. */
static mote_status fill(demo_world_scene *s) {
    for (unsigned i = 0; i < DEMO_WORLD_ELEMENTS; ++i) {
        const float x = (float)i;
        mote_spring_desc spring = mote_default_spring_desc();
        spring.goal = x;
        CHECK(mote_spring_pool_add(s->springs, &spring, NULL));
        mote_mover_desc mover = mote_default_mover_desc();
        mover.state.position = (mote_vec2){x, 0.0f};
        mover.desired_velocity = (mote_vec2){1.0f, 0.0f};
        CHECK(mote_mover_pool_add(s->movers, &mover, NULL));
        mote_debris_desc piece = mote_default_debris_desc();
        CHECK(mote_debris_pool_add(s->debris, &piece, NULL));
        mote_flight_desc flyer = mote_default_flight_desc();
        CHECK(mote_flight_pool_add(s->flyers, &flyer, NULL));
        mote_docking_desc chaser;
        const mote_docking_profile profile = mote_docking_pool_profile(s->chasers);
        CHECK(mote_docking_begin(&profile, (mote_vec3){0.0f, 0.0f, 0.0f}, mote_quat_identity(),
                                 (mote_vec3){40.0f + x, 10.0f, 0.0f}, 0.0f, &chaser));
        CHECK(mote_docking_pool_add(s->chasers, &chaser, NULL));
        mote_launch_desc rocket = mote_default_launch_desc();
        rocket.rocket.launch_time = 0.05f * x;
        CHECK(mote_launch_pool_add(s->rockets, &rocket, NULL));
        mote_stage_desc stage = mote_default_stage_desc();
        CHECK(mote_stage_pool_add(s->stages, &stage, NULL));
        mote_orientation_desc turret = mote_default_orientation_desc();
        CHECK(mote_orientation_pool_add(s->turrets, &turret, NULL));
    }
    return MOTE_OK;
}

/* Every pool made with its default def, then the world. */
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
    CHECK(fill(s));
    mote_world_def def = mote_default_world_def();
    def.max_dt = INFINITY;
    CHECK(mote_world_create(&def, &s->world));
    CHECK(mote_world_join(s->world, s->springs));
    CHECK(mote_world_join(s->world, s->movers));
    CHECK(mote_world_join(s->world, s->debris));
    CHECK(mote_world_join(s->world, s->flyers));
    CHECK(mote_world_join(s->world, s->chasers));
    CHECK(mote_world_join(s->world, s->rockets));
    CHECK(mote_world_join(s->world, s->stages));
    CHECK(mote_world_join(s->world, s->turrets));
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

/* frames steps of dt; false on a refusal. */
static bool run_frames(demo_world_scene *scene, unsigned frames, float dt) {
    for (unsigned f = 0; f < frames; ++f) {
        if (demo_world_step(scene, dt) != MOTE_OK) {
            fprintf(stderr, "mote-demo: world scene: a step refused: %s\n", mote_error_detail());
            return false;
        }
    }
    return true;
}

static void print_clock(const demo_world_scene *scene, const char *when) {
    printf("  %-17s world %7.3f s, launch clock %7.3f s\n", when, scene->seconds,
           mote_launch_pool_clock(scene->rockets));
}

bool demo_world_run(void) {
    demo_world_scene scene;
    if (demo_world_create(&scene) != MOTE_OK) {
        return false;
    }
    printf("world: %zu pools of every kind, %u elements each, one world step a frame\n",
           mote_world_pool_count(scene.world), DEMO_WORLD_ELEMENTS);
    bool ok = run_frames(&scene, 120, 1.0f / 60.0f);
    print_clock(&scene, "after 2 s:");
    ok = ok && run_frames(&scene, 1, 10.0f); /* a hitch: every pool takes the 10 s */
    print_clock(&scene, "after the hitch:");
    ok = ok && run_frames(&scene, 120, 1.0f / 60.0f);
    print_clock(&scene, "after 2 s more:");
    demo_world_destroy(&scene);
    return ok;
}
