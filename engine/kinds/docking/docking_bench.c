/* Docking pools, per backend and size, beside the scalar reference in the same run: sequences
 * on their own turned stations with their clocks spread over the whole timeline (waiting,
 * approaching, settling, spinning down and locked at once), stepped at 60 Hz. */
#include <math.h>

#include "bench_pools.h"
#include "docking_fields.h"
#include "mote/docking_pool.h"
#include "mote/random.h"

#define DT (1.0f / 60.0f)

/* Sequence i: a station within 100 units of the origin, its base turned about a drawn axis,
 * the chaser 5..20 units out along the station's forward, its clock in -1 .. 26 s. */
static mote_docking_desc bench_sequence(size_t i) {
    const uint64_t seed = 0x646f636bu; /* "dock" */
    const mote_docking_profile profile = mote_default_docking_profile();
    mote_vec3 station = {mote_random_range(seed, 8 * i, -100.0f, 100.0f),
                         mote_random_range(seed, 8 * i + 1, -100.0f, 100.0f),
                         mote_random_range(seed, 8 * i + 2, -100.0f, 100.0f)};
    mote_vec3 axis = {mote_random_range(seed, 8 * i + 3, -1.0f, 1.0f),
                      mote_random_range(seed, 8 * i + 4, -1.0f, 1.0f), 2.0f};
    mote_quat base = mote_quat_axis_angle(mote_vec3_normalize(axis),
                                          mote_random_range(seed, 8 * i + 5, -3.0f, 3.0f));
    mote_vec3 off = {1.0f, -0.5f, mote_random_range(seed, 8 * i + 6, 5.0f, 20.0f)};
    mote_docking_desc d = {0};
    (void)mote_docking_begin(&profile, station, base,
                             mote_vec3_add(station, mote_quat_rotate(base, off)), 0.0f, &d);
    d.time = mote_random_range(seed, 8 * i + 7, -1.0f, 26.0f);
    return d;
}

static mote_status create(mote_backend backend, size_t capacity, void **pool) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    def.backend = backend;
    def.capacity = capacity;
    return mote_docking_pool_create(&def, (mote_docking_pool **)pool);
}

static void destroy(void *pool) {
    mote_docking_pool_destroy(pool);
}

static mote_status add(void *pool, size_t i) {
    mote_docking_desc d = bench_sequence(i);
    return mote_docking_pool_add(pool, &d, NULL);
}

static bool step(void *pool, const mote_task_system *tasks) {
    return (tasks == NULL ? mote_docking_pool_step(pool, DT)
                          : mote_docking_pool_step_parallel(pool, DT, tasks)) == MOTE_OK;
}

/* Every field read, all but the station's seven written. */
const bench_pool_kind bench_docking_kind = {
    "docking", create, destroy, add, NULL, step, (2 * DOCKING_FIELD_COUNT - 7) * sizeof(float),
};

void bench_register_docking_cases(void) {
    bench_register_pool_cases(&bench_docking_kind);
}
