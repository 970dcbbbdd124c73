/* The crowd benchmarks (movers/<backend>/<count>, bench_pools.h): a mover pool filled with a
 * seeded crowd (walking, turning, stopping, reversing, some facing explicitly) and stepped at
 * 60 Hz with the default params. */
#include <stdint.h>

#include "bench_pools.h"
#include "mote/mote.h"
#include "mover_fields.h"

#define MOVER_DT (1.0f / 60.0f)

static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static float random_range(uint64_t *state, float lo, float hi) {
    float unit = (float)(next_random(state) >> 40) / (float)(1u << 24);
    return lo + (hi - lo) * unit;
}

/* A plausible character: a fifth stopped, the rest walking at up to 400 units/s toward a
 * direction that differs from their current one by up to half a turn; one in six aims
 * explicitly. */
static mote_mover_desc plausible_mover(uint64_t *rng, size_t i) {
    mote_mover_desc d = mote_default_mover_desc();
    d.state.position.x = random_range(rng, -5000.0f, 5000.0f);
    d.state.position.y = random_range(rng, -5000.0f, 5000.0f);
    d.state.immediate_velocity.x = random_range(rng, -300.0f, 300.0f);
    d.state.immediate_velocity.y = random_range(rng, -300.0f, 300.0f);
    d.state.velocity = d.state.immediate_velocity;
    d.state.rotation = random_range(rng, -3.0f, 3.0f);
    d.state.immediate_rotation = d.state.rotation;
    if (i % 5 != 0) {
        d.desired_velocity.x = random_range(rng, -400.0f, 400.0f);
        d.desired_velocity.y = random_range(rng, -400.0f, 400.0f);
    }
    d.explicit_facing = i % 6 == 0;
    d.desired_facing = random_range(rng, -3.0f, 3.0f);
    return d;
}

static mote_status create(mote_backend backend, size_t capacity, void **pool) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_mover_pool_create(&def, (mote_mover_pool **)pool);
}

static void destroy(void *pool) {
    mote_mover_pool_destroy(pool);
}

/* Element i of a stream seeded once: the pool is filled from index 0 up. */
static mote_status add(void *pool, size_t i) {
    static uint64_t rng;
    if (i == 0) {
        rng = 0x6d6f7665727321u; /* "movers!" */
    }
    mote_mover_desc d = plausible_mover(&rng, i);
    return mote_mover_pool_add(pool, &d, NULL);
}

static bool step(void *pool, const mote_task_system *tasks) {
    return (tasks == NULL ? mote_mover_pool_step(pool, MOVER_DT)
                          : mote_mover_pool_step_parallel(pool, MOVER_DT, tasks)) == MOTE_OK;
}

/* Items are movers stepped; bytes are the 16 fields read and the 12 written per mover. */
const bench_pool_kind bench_mover_kind = {
    "movers",
    create,
    destroy,
    add,
    NULL,
    step,
    (MOVER_FIELD_COUNT + MOVER_STATE_COUNT) * sizeof(float),
};

void bench_register_mover_cases(void) {
    bench_register_pool_cases(&bench_mover_kind);
}
