/* mote-demo's main loop. */
#include "demo_run.h"
#include "demo_clock.h"

double demo_run_scene(demo_scene *scene, uint64_t seed) {
    const float dt = 1.0f / (float)DEMO_STEP_HZ;
    const unsigned steps = DEMO_STEP_HZ * DEMO_SECONDS;
    double stepping = 0.0;
    for (unsigned step = 0; step < steps; ++step) {
        if (step > 0 && step % DEMO_GOAL_INTERVAL == 0) {
            demo_scene_set_goals(scene, seed, step / DEMO_GOAL_INTERVAL);
        }
        double start = demo_clock_seconds();
        for (size_t p = 0; p < scene->pool_count; ++p) {
            if (mote_spring_pool_step(scene->pool[p], dt) != MOTE_OK) {
                return -1.0;
            }
        }
        stepping += demo_clock_seconds() - start;
    }
    return stepping;
}
