/* Debris pools stepped under a spinning station, per backend and size, beside the scalar
 * reference in the same run. The pieces: half free and tumbling, half attached to the hull
 * and peeling, with detach times spread over the restore period so pieces keep being released
 * (and reported) during the timed steps. Each step also advances the station spin and sets the
 * ship, and reports the released ids into a buffer, as a real frame would. */
#include <math.h>

#include "bench_pools.h"
#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "mote/random.h"

#define DT (1.0f / 60.0f)

/* The station the pool's ship follows, and room for a step's released ids (one pool is
 * benchmarked at a time). */
static mote_station_spin spin;
static mote_id released_ids[256];

/* A piece of a hull of radius 20 and length 60: even indices free, odd ones attached. */
static mote_debris_desc bench_piece(size_t i) {
    const uint64_t seed = 0x64656272u; /* "debr" */
    mote_debris_desc d = mote_default_debris_desc();
    float a = 6.2831853f * mote_random_unit(seed, 4 * i);
    float z = mote_random_range(seed, 4 * i + 1, -30.0f, 30.0f);
    d.anchor = (mote_vec3){20.0f * cosf(a), 20.0f * sinf(a), z};
    d.outward = (mote_vec3){cosf(a), sinf(a), 0.0f};
    d.base = mote_quat_axis_angle((mote_vec3){0.0f, 0.0f, 1.0f}, a);
    d.twist = mote_random_range(seed, 4 * i + 2, -3.0f, 3.0f);
    d.max_distance = 2.0f;
    mote_debris_ranges ranges = {0.5f, 6.0f, 1.0f, 8.0f, -2.0f, 2.0f};
    mote_debris_draw(&d, &ranges, seed, i);
    d.detach_time = mote_random_range(seed, 4 * i + 3, 0.5f, 4.2f); /* within 256 steps */
    d.peel_start = d.detach_time - 0.5f;
    if (i % 2 == 0) {
        d.phase = MOTE_DEBRIS_FREE;
        d.position = (mote_vec3){d.anchor.x * 2.0f, d.anchor.y * 2.0f, z};
        d.velocity = (mote_vec3){d.outward.x * 20.0f, d.outward.y * 20.0f, 1.0f};
    }
    return d;
}

static mote_status create(mote_backend backend, size_t capacity, void **pool) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    spin = mote_default_station_spin();
    return mote_debris_pool_create(&def, (mote_debris_pool **)pool);
}

static void destroy(void *pool) {
    mote_debris_pool_destroy(pool);
}

static mote_status add(void *pool, size_t i) {
    mote_debris_desc d = bench_piece(i);
    return mote_debris_pool_add(pool, &d, NULL);
}

static void reset(void *pool) {
    (void)pool;
    spin = mote_default_station_spin();
}

static bool step(void *pool, const mote_task_system *tasks) {
    mote_station_spin_step(&spin, DT);
    mote_debris_ship ship = mote_station_spin_ship(&spin, (mote_vec3){0.0f, 0.0f, 0.0f});
    mote_debris_released released = {released_ids, 256, 0};
    return mote_debris_pool_set_ship(pool, &ship) == MOTE_OK &&
           (tasks == NULL ? mote_debris_pool_step(pool, DT, &released)
                          : mote_debris_pool_step_parallel(pool, DT, tasks, &released)) == MOTE_OK;
}

/* Every field read, the clock, phase, position, orientation and velocity written. */
const bench_pool_kind bench_debris_kind = {
    "debris", create, destroy, add, reset, step, (DEBRIS_FIELD_COUNT + 12) * sizeof(float),
};

void bench_register_debris_cases(void) {
    bench_register_pool_cases(&bench_debris_kind);
}
