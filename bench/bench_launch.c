/* Launch fleets and detached stages on the shared pool-benchmark layer (bench_pools.h):
 * launch/<backend>/<count> and stages/<backend>/<count> beside the scalar reference in the
 * same run. The rockets launch at staggered times over a minute, so every phase is present in
 * every timed step; each step advances the pool's clock by 1/60 s and evaluates every rocket
 * (the layer's restore puts the clock back to 0). The stages are drawn from one seed with
 * times since detachment spread over 4 s, so both the tilt and the spin run. */
#include "bench_pools.h"
#include "launch_fields.h"
#include "mote/launch_pool.h"
#include "mote/random.h"
#include "mote/stage_pool.h"
#include "stage_fields.h"

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

static mote_status create_stages(mote_backend backend, size_t capacity, void **pool) {
    mote_stage_pool_def def = mote_default_stage_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_stage_pool_create(&def, (mote_stage_pool **)pool);
}

static void destroy_stages(void *pool) {
    mote_stage_pool_destroy(pool);
}

/* The stage of rocket i: at its crossrange, 100 up, tilt and spin drawn from the seed. */
static mote_status add_stage(void *pool, size_t i) {
    mote_stage_desc s = mote_default_stage_desc();
    s.world.position = (mote_vec3){mote_random_range(SEED, 3 * i + 2, -1.0f, 1.0f), 100.0f, 0.0f};
    mote_status status = mote_stage_draw(&s, SEED, i);
    s.time = mote_random_range(SEED + 1, i, 0.0f, 4.0f);
    return status == MOTE_OK ? mote_stage_pool_add(pool, &s, NULL) : status;
}

static bool step_stages(void *pool, const mote_task_system *tasks) {
    return (tasks == NULL ? mote_stage_pool_step(pool, DT)
                          : mote_stage_pool_step_parallel(pool, DT, tasks)) == MOTE_OK;
}

/* The time and the 24 parameters read, the time, position and orientation written. */
const bench_pool_kind bench_stages_kind = {
    "stages",
    create_stages,
    destroy_stages,
    add_stage,
    NULL,
    step_stages,
    (STAGE_FIELD_COUNT + 1) * sizeof(float),
};
