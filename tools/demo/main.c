/* mote-demo, the main job: a scene of spring pools (300,000 springs) stepped at 60 Hz for 10
 * simulated seconds on the best backend and again on the scalar reference from the same
 * start; prints the backend, springs per second for both, the speedup and how far the two
 * final states are apart. */
#include <stdio.h>
#include <string.h>

#include "demo_avoid.h"
#include "demo_debris.h"
#include "demo_flight.h"
#include "demo_docking.h"
#include "demo_mover.h"
#include "demo_diff.h"
#include "demo_launch.h"
#include "demo_orientation.h"
#include "demo_run.h"
#include "demo_scene.h"
#include "demo_world.h"

#define DEMO_SEED 0x64656d6fu /* "demo" */

/* Builds the scene on backend and runs it; returns the stepping seconds (negative on error,
 * after printing why). The scene is left for the caller to compare and destroy. */
static double run_on(demo_scene *scene, mote_backend backend) {
    mote_status status = demo_scene_create(scene, backend, DEMO_SEED);
    if (status != MOTE_OK) {
        fprintf(stderr, "mote-demo: creating the %s scene failed: %s\n", mote_backend_name(backend),
                mote_status_name(status));
        return -1.0;
    }
    double seconds = demo_run_scene(scene, DEMO_SEED);
    if (seconds < 0.0) {
        fprintf(stderr, "mote-demo: a %s step failed\n", mote_backend_name(backend));
    }
    return seconds;
}

static void print_scene(const demo_scene *scene) {
    printf("mote-demo: %zu springs in %zu pools, %u steps at %u Hz (%u simulated seconds), "
           "new goals every second\n",
           demo_scene_spring_count(scene), scene->pool_count, DEMO_STEP_HZ * DEMO_SECONDS,
           DEMO_STEP_HZ, DEMO_SECONDS);
    for (size_t p = 0; p < scene->pool_count; ++p) {
        printf("  %-12s %-13s %8zu springs\n", scene->spec[p]->role,
               mote_spring_kind_name(scene->spec[p]->kind), mote_spring_pool_count(scene->pool[p]));
    }
}

int main(int argc, char **argv) {
    if (argc > 1) {
        bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        fprintf(help ? stdout : stderr,
                "usage: mote-demo\n"
                "Steps a scene of 300,000 springs at 60 Hz for 10 simulated seconds on the best\n"
                "backend (MOTE_BACKEND overrides it) and on the scalar reference, and prints\n"
                "springs per second for both, the speedup, and the largest difference; then a\n"
                "crowd of 50,000 movers walking between waypoints, a crowd of 200 bodies\n"
                "avoiding each other across a circle, 100,000 debris pieces\n"
                "shed by a spinning station, a flock of 4,000 flyers landing on perches,\n"
                "5,000 chasers docking with spinning stations, a launch schedule of 4,096\n"
                "rockets dropping their stages, and 2,048 turrets tracking drones beside 2,048\n"
                "ships blending between animation clips, the same way; and last, one pool of\n"
                "every kind in one world at 60 Hz with a hitch, a save and a restore in the\n"
                "middle, printing the world's events and checking the restored run continues\n"
                "bit for bit.\n");
        return help ? 0 : 2;
    }

    mote_backend best = mote_backend_best();
    demo_scene fast, reference;
    double fast_seconds = run_on(&fast, best);
    if (fast_seconds < 0.0) {
        return 1;
    }
    double reference_seconds = run_on(&reference, MOTE_BACKEND_SCALAR);
    if (reference_seconds < 0.0) {
        demo_scene_destroy(&fast);
        return 1;
    }

    print_scene(&fast);
    double spring_steps = (double)demo_scene_spring_count(&fast) * DEMO_STEP_HZ * DEMO_SECONDS;
    double fast_rate = spring_steps / fast_seconds;
    double reference_rate = spring_steps / reference_seconds;
    printf("backend:   %-8s (%2d lanes) %7.3f s stepping %9.1f million springs/s\n",
           mote_backend_name(best), mote_backend_lanes(best), fast_seconds, fast_rate * 1e-6);
    printf("reference: %-8s (%2d lane)  %7.3f s stepping %9.1f million springs/s\n",
           mote_backend_name(MOTE_BACKEND_SCALAR), mote_backend_lanes(MOTE_BACKEND_SCALAR),
           reference_seconds, reference_rate * 1e-6);
    printf("speedup:   %.2fx\n", fast_rate / reference_rate);

    printf("max difference after %u s, %s vs scalar, per pool:\n", DEMO_SECONDS,
           mote_backend_name(best));
    for (size_t p = 0; p < fast.pool_count; ++p) {
        demo_diff d = demo_pool_diff(fast.pool[p], reference.pool[p], fast.spec[p]->role);
        printf("  %-12s %10.3g absolute  %8.3g scaled ULP\n", fast.spec[p]->role, d.max_abs,
               d.max_ulp);
    }
    demo_diff worst = demo_scene_diff(&fast, &reference);
    printf("max difference: %.3g absolute, %.3g scaled ULP", worst.max_abs, worst.max_ulp);
    if (worst.max_ulp > 0.0) {
        printf(" (%s %s[%zu])", worst.role, worst.field, worst.index);
    }
    printf("\n");

    demo_scene_destroy(&fast);
    demo_scene_destroy(&reference);
    if (!demo_mover_run(best, DEMO_SEED) || !demo_avoid_run(best)) {
        return 1;
    }
    /* The scenes after the springs and the crowd, each on the best backend and the reference,
     * each printing its own report. */
    bool (*const scenes[])(mote_backend) = {demo_debris_run, demo_flight_run, demo_docking_run,
                                            demo_launch_run, demo_orientation_run};
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; ++k) {
        if (!scenes[k](best)) {
            return 1;
        }
    }
    /* Every kind in one world, with a hitch. */
    return demo_world_run() ? 0 : 1;
}
