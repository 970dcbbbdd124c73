/* Launch fleets on the shared pool-benchmark layer (bench_pools.h): launch/<backend>/<count>
 * beside the scalar reference in the same run. The rockets launch at staggered times over a
 * minute, so every phase is present in every timed step; each step advances the pool's clock
 * by 1/60 s and evaluates every rocket (the layer's restore puts the clock back to 0). */
#include "bench_pools.h"
#include "launch_fields.h"
#include "mote/launch_pool.h"
#include "mote/random.h"

#define DT   (1.0f / 60.0f)
#define SEED 0x6c6e6368u /* "lnch" */

static mote_status create_launch(mote_backend backend, size_t capacity, void **pool) {
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_launch_pool_create(&def, (mote_launch_pool **)pool);
}

static void destroy_launch(void *pool) {
    mote_launch_pool_destroy(pool);
}

static mote_status add_rocket(void *pool, size_t i) {
    mote_launch_desc d = mote_default_launch_desc();
    d.rocket.launch_time = mote_random_range(SEED, 3 * i, -40.0f, 20.0f);
    d.rocket.turn_blend = mote_random_range(SEED, 3 * i + 1, 0.7f, 1.3f);
    d.rocket.crossrange = mote_random_range(SEED, 3 * i + 2, -1.0f, 1.0f);
    return mote_launch_pool_add(pool, &d, NULL);
}

/* The clock back to the start of the schedule. */
static void reset_launch(void *pool) {
    mote_launch_pool_evaluate(pool, 0.0);
}

static bool step_launch(void *pool, const mote_task_system *tasks) {
    return (tasks == NULL ? mote_launch_pool_step(pool, DT)
                          : mote_launch_pool_step_parallel(pool, DT, tasks)) == MOTE_OK;
}

/* The four inputs read, the 26 pose fields written. */
const bench_pool_kind bench_launch_kind = {
    "launch",
    create_launch,
    destroy_launch,
    add_rocket,
    reset_launch,
    step_launch,
    LAUNCH_FIELD_COUNT * sizeof(float),
};

void bench_register_launch_cases(void) {
    bench_register_pool_cases(&bench_launch_kind);
}
