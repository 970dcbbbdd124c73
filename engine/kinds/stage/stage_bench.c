/* Detached stages on the shared pool-benchmark layer (bench_pools.h): stages/<backend>/<count>
 * beside the scalar reference in the same run, drawn from the launch benchmark's seed with
 * times since detachment spread over 4 s, so both the tilt and the spin run. */
#include "bench_pools.h"
#include "mote/random.h"
#include "mote/stage_pool.h"
#include "stage_fields.h"

#define DT   (1.0f / 60.0f)
#define SEED 0x6c6e6368u /* "lnch": the launch benchmark's rockets */

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
const bench_pool_kind bench_stage_kind = {
    "stages",
    create_stages,
    destroy_stages,
    add_stage,
    NULL,
    step_stages,
    (STAGE_FIELD_COUNT + 1) * sizeof(float),
};

void bench_register_stage_cases(void) {
    bench_register_pool_cases(&bench_stage_kind);
}
