/* Flight pools: a flock approaching perches, per backend and size, beside the scalar reference
 * in the same run. The flyers start anywhere within 40 units, moving, onto perches on a wire
 * 10 to 60 units away, so over a restore period (BENCH_RESTORE_PERIOD steps at 60 Hz) most are
 * accelerating, cruising, turning or braking and some land (and are reported), as a real flock's
 * frame would. */
#include "bench_pools.h"
#include "flight_fields.h"
#include "mote/flight_pool.h"
#include "mote/random.h"

#define DT (1.0f / 60.0f)

/* Room for a step's landed ids (one pool is benchmarked at a time). */
static mote_id landed_ids[256];

static mote_flight_desc bench_flyer(const mote_flight_pool *pool, size_t i) {
    const uint64_t seed = 0x666c6974u; /* "flit" */
    mote_flight_desc d = mote_flight_pool_desc(pool);
    d.start_position = (mote_vec3){mote_random_range(seed, 8 * i, -40.0f, 40.0f),
                                   mote_random_range(seed, 8 * i + 1, -40.0f, 40.0f),
                                   mote_random_range(seed, 8 * i + 2, 0.0f, 20.0f)};
    d.start_velocity = (mote_vec3){mote_random_range(seed, 8 * i + 3, -6.0f, 6.0f),
                                   mote_random_range(seed, 8 * i + 4, -6.0f, 6.0f),
                                   mote_random_range(seed, 8 * i + 5, -1.0f, 1.0f)};
    d.perch_position = (mote_vec3){mote_random_range(seed, 8 * i + 6, -60.0f, 60.0f), 50.0f,
                                   mote_random_range(seed, 8 * i + 7, 4.0f, 6.0f)};
    d.landing_normal = (mote_vec3){0.0f, 0.0f, 1.0f};
    return d;
}

static mote_status create(mote_backend backend, size_t capacity, void **pool) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_flight_pool_create(&def, (mote_flight_pool **)pool);
}

static void destroy(void *pool) {
    mote_flight_pool_destroy(pool);
}

static mote_status add(void *pool, size_t i) {
    mote_flight_desc d = bench_flyer(pool, i);
    return mote_flight_pool_add(pool, &d, NULL);
}

static bool step(void *pool, const mote_task_system *tasks) {
    mote_flight_landed landed = {landed_ids, 256, 0};
    return (tasks == NULL ? mote_flight_pool_step(pool, DT, &landed)
                          : mote_flight_pool_step_parallel(pool, DT, tasks, &landed)) == MOTE_OK;
}

/* Every field read; the clock, the pose and landed written. */
const bench_pool_kind bench_flight_kind = {
    "flights", create, destroy, add, NULL, step, (FLIGHT_FIELD_COUNT + 13) * sizeof(float),
};

void bench_register_flight_cases(void) {
    bench_register_pool_cases(&bench_flight_kind);
}
