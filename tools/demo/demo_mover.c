/* mote-demo's crowd: each character walks to a waypoint on a 4 km square, asking for a
 * velocity toward it that slows on arrival, and gets a new waypoint every few seconds. The
 * inputs are written through the pool's view each frame, the way a game's AI would. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo_clock.h"
#include "demo_mover.h"
#include "demo_run.h"
#include "tool_rng.h"

#define CROWD_SPEED  300.0f /* units/s: walking pace */
#define CROWD_ARRIVE 2.0f   /* 1/s: desired speed = distance * this, near the waypoint */
#define CROWD_EXTENT 2000.0f
/* Simulated seconds: fewer than the spring scene, as the scalar reference of the model is
 * slow (every element evaluates its exponentials and atan2 itself). */
#define CROWD_SECONDS 4u

typedef struct mover_run {
    mote_mover_pool *pool;
    float *goal_x, *goal_y;
    double seconds; /* wall clock spent in the steps */
} mover_run;

static void new_waypoint(tool_rng *rng, float *x, float *y) {
    *x = tool_rng_range(rng, -CROWD_EXTENT, CROWD_EXTENT);
    *y = tool_rng_range(rng, -CROWD_EXTENT, CROWD_EXTENT);
}

/* The AI: toward the waypoint at walking pace, slowing over the last stretch. */
static void steer(mote_mover_view *v, const float *goal_x, const float *goal_y) {
    for (size_t i = 0; i < v->count; ++i) {
        float dx = goal_x[i] - v->position_x[i];
        float dy = goal_y[i] - v->position_y[i];
        float distance = sqrtf(dx * dx + dy * dy);
        float speed = fminf(CROWD_SPEED, distance * CROWD_ARRIVE);
        float k = distance > 1e-3f ? speed / distance : 0.0f;
        v->desired_velocity_x[i] = dx * k;
        v->desired_velocity_y[i] = dy * k;
    }
}

static void release(mover_run *run) {
    mote_mover_pool_destroy(run->pool);
    free(run->goal_x);
    free(run->goal_y);
}

static mote_status run_movers(mover_run *run, mote_backend backend, uint64_t seed) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.backend = backend;
    def.capacity = DEMO_MOVER_COUNT;
    run->goal_x = malloc(DEMO_MOVER_COUNT * sizeof(float));
    run->goal_y = malloc(DEMO_MOVER_COUNT * sizeof(float));
    if (run->goal_x == NULL || run->goal_y == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    mote_status status = mote_mover_pool_create(&def, &run->pool);
    tool_rng rng = {seed};
    for (size_t i = 0; status == MOTE_OK && i < DEMO_MOVER_COUNT; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        new_waypoint(&rng, &d.state.position.x, &d.state.position.y);
        d.state.rotation = d.state.immediate_rotation = tool_rng_range(&rng, -3.14f, 3.14f);
        new_waypoint(&rng, &run->goal_x[i], &run->goal_y[i]);
        status = mote_mover_pool_add(run->pool, &d, NULL);
    }
    const float dt = 1.0f / (float)DEMO_STEP_HZ;
    for (unsigned step = 0; status == MOTE_OK && step < DEMO_STEP_HZ * CROWD_SECONDS; ++step) {
        mote_mover_view view = mote_mover_pool_view(run->pool);
        if (step % DEMO_GOAL_INTERVAL == 0) { /* a tenth of the crowd picks a new waypoint */
            tool_rng pick = {seed ^ (0x9e3779b97f4a7c15ull * (step + 1u))};
            for (size_t i = step / DEMO_GOAL_INTERVAL % 10; i < view.count; i += 10) {
                new_waypoint(&pick, &run->goal_x[i], &run->goal_y[i]);
            }
        }
        steer(&view, run->goal_x, run->goal_y);
        double start = demo_clock_seconds();
        status = mote_mover_pool_step(run->pool, dt);
        run->seconds += demo_clock_seconds() - start;
    }
    return status;
}

/* The largest |a[i] - b[i]| over n elements. (One array pair per loop: GCC 12 for aarch64
 * stops with an internal error vectorizing three fmax reductions in one loop at -O3.) */
static double max_difference(const float *a, const float *b, size_t n) {
    double largest = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double d = fabs((double)a[i] - (double)b[i]);
        largest = d > largest ? d : largest;
    }
    return largest;
}

bool demo_mover_run(mote_backend backend, uint64_t seed) {
    mover_run fast = {0}, reference = {0};
    mote_status status = run_movers(&fast, backend, seed);
    if (status == MOTE_OK) {
        status = run_movers(&reference, MOTE_BACKEND_SCALAR, seed);
    }
    if (status != MOTE_OK) {
        fprintf(stderr, "mote-demo: the crowd failed: %s\n", mote_status_name(status));
        release(&fast);
        release(&reference);
        return false;
    }
    double steps = (double)DEMO_MOVER_COUNT * DEMO_STEP_HZ * CROWD_SECONDS;
    printf("\ncrowd: %u movers in one mover pool (default params), %u steps at %u Hz, walking "
           "to waypoints\n",
           DEMO_MOVER_COUNT, DEMO_STEP_HZ * CROWD_SECONDS, DEMO_STEP_HZ);
    printf("  backend:   %-8s %7.3f s stepping %9.1f million movers/s\n",
           mote_backend_name(backend), fast.seconds, steps / fast.seconds * 1e-6);
    printf("  reference: %-8s %7.3f s stepping %9.1f million movers/s\n",
           mote_backend_name(MOTE_BACKEND_SCALAR), reference.seconds,
           steps / reference.seconds * 1e-6);
    printf("  crowd speedup: %.2fx\n", reference.seconds / fast.seconds);
    mote_mover_view a = mote_mover_pool_view(fast.pool);
    mote_mover_view b = mote_mover_pool_view(reference.pool);
    double position = fmax(max_difference(a.position_x, b.position_x, a.count),
                           max_difference(a.position_y, b.position_y, a.count));
    double facing = max_difference(a.rotation, b.rotation, a.count);
    printf("  crowd max difference after %u s: position %.3g units, facing %.3g rad\n",
           CROWD_SECONDS, position, facing);
    release(&fast);
    release(&reference);
    return true;
}
