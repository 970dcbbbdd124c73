/* mote-demo's avoiding crowd: body i of n (radius 0.4 m) starts at angle i 2 pi / n on a ring
 * of radius R (0.6 + 0.05 (i mod 8)), R = 1.2 sqrt(n), and walks to the opposite point (1.5 m/s
 * while more than 1 m away, else the vector to the goal), neighbours within 3 m, 10 of them,
 * time horizons 2 s. The inputs are written through the pool's view each frame, as a game's AI
 * would; avoidance turns them into the avoid velocities the bodies walk at. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo_avoid.h"
#include "demo_clock.h"
#include "demo_run.h"

#define AVOID_RADIUS  0.4f
#define AVOID_SPEED   1.5f
#define AVOID_ARRIVED 0.8f /* m: within this of its goal a body has arrived */
#define AVOID_SECONDS 60u
#define AVOID_PI      3.14159265358979323846

typedef struct avoid_run {
    mote_mover_pool *pool;
    float goal_x[DEMO_AVOID_COUNT], goal_y[DEMO_AVOID_COUNT];
    double seconds; /* wall clock spent in the steps */
    float closest;  /* the smallest pair distance over the radii sum, every 10th step */
    size_t arrived; /* bodies within AVOID_ARRIVED of their goal at the end */
} avoid_run;

/* Toward the goal at walking pace; the vector to it over the last metre. */
static void steer(mote_mover_view *v, const avoid_run *run) {
    for (size_t i = 0; i < v->count; ++i) {
        const float dx = run->goal_x[i] - v->position_x[i];
        const float dy = run->goal_y[i] - v->position_y[i];
        const float distance = sqrtf(dx * dx + dy * dy);
        const float k = distance > 1.0f ? AVOID_SPEED / distance : 1.0f;
        v->desired_velocity_x[i] = dx * k;
        v->desired_velocity_y[i] = dy * k;
    }
}

/* The smallest distance between two bodies over the sum of their radii (every pair). */
static float closest_pair(const mote_mover_view *v) {
    float closest = INFINITY;
    for (size_t i = 0; i < v->count; ++i) {
        for (size_t j = i + 1; j < v->count; ++j) {
            const float dx = v->position_x[j] - v->position_x[i];
            const float dy = v->position_y[j] - v->position_y[i];
            const float ratio = sqrtf(dx * dx + dy * dy) / (v->radius[i] + v->radius[j]);
            closest = ratio < closest ? ratio : closest;
        }
    }
    return closest;
}

static mote_status run_scene(avoid_run *run, mote_backend backend) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.backend = backend;
    def.capacity = DEMO_AVOID_COUNT;
    def.avoidance.neighbor_distance = 3.0f;
    def.params.acceleration = 8.0f; /* metres and seconds: a brisk walker */
    def.params.deceleration = 12.0f;
    def.params.turn_strength = 10.0f;
    mote_status status = mote_mover_pool_create(&def, &run->pool);
    const double ring = 1.2 * sqrt((double)DEMO_AVOID_COUNT);
    for (size_t i = 0; status == MOTE_OK && i < DEMO_AVOID_COUNT; ++i) {
        const double angle = 2.0 * AVOID_PI * (double)i / DEMO_AVOID_COUNT;
        const double r = ring * (0.6 + 0.05 * (double)(i % 8));
        mote_mover_desc d = mote_default_mover_desc();
        d.radius = AVOID_RADIUS;
        d.state.position = (mote_vec2){(float)(r * cos(angle)), (float)(r * sin(angle))};
        d.state.rotation = d.state.immediate_rotation = (float)(angle + AVOID_PI);
        run->goal_x[i] = -d.state.position.x;
        run->goal_y[i] = -d.state.position.y;
        status = mote_mover_pool_add(run->pool, &d, NULL);
    }
    run->closest = INFINITY;
    const float dt = 1.0f / (float)DEMO_STEP_HZ;
    for (unsigned step = 0; status == MOTE_OK && step < DEMO_STEP_HZ * AVOID_SECONDS; ++step) {
        mote_mover_view view = mote_mover_pool_view(run->pool);
        steer(&view, run);
        const double start = demo_clock_seconds();
        status = mote_mover_pool_step(run->pool, dt);
        run->seconds += demo_clock_seconds() - start;
        if (step % 10 == 9) {
            const float c = closest_pair(&view);
            run->closest = c < run->closest ? c : run->closest;
        }
    }
    const mote_mover_view v = mote_mover_pool_view(run->pool);
    for (size_t i = 0; i < v.count; ++i) {
        const float dx = run->goal_x[i] - v.position_x[i], dy = run->goal_y[i] - v.position_y[i];
        run->arrived += sqrtf(dx * dx + dy * dy) < AVOID_ARRIVED;
    }
    return status;
}

bool demo_avoid_run(mote_backend backend) {
    avoid_run *fast = calloc(1, sizeof *fast), *reference = calloc(1, sizeof *reference);
    mote_status status = fast != NULL && reference != NULL ? MOTE_OK : MOTE_ERROR_OUT_OF_MEMORY;
    status = status == MOTE_OK ? run_scene(fast, backend) : status;
    status = status == MOTE_OK ? run_scene(reference, MOTE_BACKEND_SCALAR) : status;
    bool ok = status == MOTE_OK;
    if (!ok) {
        fprintf(stderr, "mote-demo: the avoiding crowd failed: %s (%s)\n", mote_status_name(status),
                mote_error_detail());
    } else {
        const double steps = (double)DEMO_AVOID_COUNT * DEMO_STEP_HZ * AVOID_SECONDS;
        printf("\navoiding crowd: %u bodies of radius %.1f m crossing a circle to the opposite "
               "point, avoidance on, %u steps at %u Hz\n",
               DEMO_AVOID_COUNT, (double)AVOID_RADIUS, DEMO_STEP_HZ * AVOID_SECONDS, DEMO_STEP_HZ);
        printf("  backend:   %-8s %7.3f s stepping %9.3f million bodies/s\n",
               mote_backend_name(backend), fast->seconds, steps / fast->seconds * 1e-6);
        printf("  reference: %-8s %7.3f s stepping %9.3f million bodies/s\n",
               mote_backend_name(MOTE_BACKEND_SCALAR), reference->seconds,
               steps / reference->seconds * 1e-6);
        printf("  avoiding crowd speedup: %.2fx\n", reference->seconds / fast->seconds);
        const mote_mover_view a = mote_mover_pool_view(fast->pool);
        const mote_mover_view b = mote_mover_pool_view(reference->pool);
        double position = 0.0;
        for (size_t i = 0; i < a.count; ++i) {
            position = fmax(position, fabs((double)a.position_x[i] - (double)b.position_x[i]));
            position = fmax(position, fabs((double)a.position_y[i] - (double)b.position_y[i]));
        }
        printf("  closest pair %.3f of the radii sum, %zu of %u arrived within %.1f m after %u s, "
               "max position difference %.3g m\n",
               (double)fast->closest, fast->arrived, DEMO_AVOID_COUNT, (double)AVOID_ARRIVED,
               AVOID_SECONDS, position);
    }
    if (fast != NULL) {
        mote_mover_pool_destroy(fast->pool);
    }
    if (reference != NULL) {
        mote_mover_pool_destroy(reference->pool);
    }
    free(fast);
    free(reference);
    return ok;
}
