/* mote-demo's scene: the pools, their starting state, and their moving goals. */
#include <math.h>
#include <string.h>

#include "demo_scene.h"
#include "tool_rng.h"

static const demo_pool_spec specs[] = {
    {"positions", MOTE_SPRING_CRITICAL, 100000},      /* characters easing to new places */
    {"facings", MOTE_SPRING_DOUBLE_ANGLE, 100000},    /* their headings, the short way round */
    {"intensities", MOTE_SPRING_EXP_RESPONSE, 50000}, /* lights and sounds fading */
    {"bodies", MOTE_SPRING_DAMPED, 50000},            /* springy props that overshoot */
};

const demo_pool_spec *demo_scene_specs(size_t *count) {
    *count = sizeof specs / sizeof specs[0];
    return specs;
}

size_t demo_scene_spring_count(const demo_scene *scene) {
    size_t total = 0;
    for (size_t p = 0; p < scene->pool_count; ++p) {
        total += mote_spring_pool_count(scene->pool[p]);
    }
    return total;
}

/* A goal for one spring of this kind. */
static float random_goal(tool_rng *rng, mote_spring_kind kind) {
    switch (kind) {
    case MOTE_SPRING_DOUBLE_ANGLE:
    case MOTE_SPRING_ANGLE:
        return tool_rng_range(rng, -3.14159265f, 3.14159265f); /* radians */
    case MOTE_SPRING_EXP_RESPONSE:
        return tool_rng_range(rng, 0.0f, 1.0f); /* intensity */
    case MOTE_SPRING_DAMPED:
        return tool_rng_range(rng, -10.0f, 10.0f); /* displacement */
    default:
        return tool_rng_range(rng, -100.0f, 100.0f); /* metres */
    }
}

/* One spring's starting state and parameters. */
static mote_spring_desc random_desc(tool_rng *rng, mote_spring_kind kind) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = random_goal(rng, kind);
    d.xi = d.x;
    d.goal = random_goal(rng, kind);
    d.halflife = tool_rng_range(rng, 0.05f, 0.5f);
    d.rate = tool_rng_range(rng, 2.0f, 20.0f);
    d.stiffness = tool_rng_range(rng, 10.0f, 200.0f);
    d.damping = tool_rng_range(rng, 0.0f, 3.0f * sqrtf(d.stiffness));
    return d;
}

static mote_status fill_pool(mote_spring_pool *pool, mote_spring_kind kind, size_t count,
                             tool_rng *rng) {
    mote_status status = mote_spring_pool_reserve(pool, count);
    for (size_t i = 0; status == MOTE_OK && i < count; ++i) {
        mote_spring_desc d = random_desc(rng, kind);
        status = mote_spring_pool_add(pool, &d, NULL);
    }
    return status;
}

mote_status demo_scene_create(demo_scene *scene, mote_backend backend, uint64_t seed) {
    memset(scene, 0, sizeof *scene);
    size_t count = 0;
    const demo_pool_spec *all = demo_scene_specs(&count);
    for (size_t p = 0; p < count && p < DEMO_MAX_POOLS; ++p) {
        mote_spring_pool_def def = mote_default_spring_pool_def();
        def.kind = all[p].kind;
        def.capacity = all[p].count;
        def.backend = backend;
        mote_spring_pool *pool = NULL;
        mote_status status = mote_spring_pool_create(&def, &pool);
        if (status == MOTE_OK) {
            scene->spec[scene->pool_count] = &all[p];
            scene->pool[scene->pool_count++] = pool;
            tool_rng rng = {seed + 0x1000u * (uint64_t)p};
            status = fill_pool(pool, all[p].kind, all[p].count, &rng);
        }
        if (status != MOTE_OK) {
            demo_scene_destroy(scene);
            return status;
        }
    }
    return MOTE_OK;
}

void demo_scene_set_goals(demo_scene *scene, uint64_t seed, unsigned second) {
    for (size_t p = 0; p < scene->pool_count; ++p) {
        tool_rng rng = {seed ^ (0x9e3779b97f4a7c15ull * (second + 1u)) ^ (uint64_t)p};
        mote_spring_view view = mote_spring_pool_view(scene->pool[p]);
        for (size_t i = 0; i < view.count; ++i) {
            view.goal[i] = random_goal(&rng, scene->spec[p]->kind);
        }
    }
}

void demo_scene_destroy(demo_scene *scene) {
    for (size_t p = 0; p < scene->pool_count; ++p) {
        mote_spring_pool_destroy(scene->pool[p]);
    }
    memset(scene, 0, sizeof *scene);
}
