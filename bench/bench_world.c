/* The world benchmark (bench_world.h): one step of nine small pools, as one world
 * (mote_world_step: every pool's ranges split across the workers in one fork and join) and as
 * nine steps of the kinds' own parallel steps on the same task system, each of which stays on
 * the calling thread (a pool at its kind's threshold). Items are the elements stepped. */
#include "bench_world.h"

#include <stdio.h>

#include "bench_pools.h"
#include "bench_tasks.h"
#include "mote/world.h"
#include "pool.h"
#include "world_internal.h"

#define NINE 9
static const float frame_dt = 1.0f / 60.0f;

/* The nine pools: every kind's main variant in registry order, then spring variants. */
static mote_pool *pools[NINE];
static const mote_probe *pool_probes[NINE];
static size_t elements;
static mote_world *worlds[BENCH_PARALLEL_COUNT];

/* Makes the nine pools once; false when one could not be made. */
static bool make_pools(void) {
    if (pools[0] != NULL) {
        return true;
    }
    size_t count = 0;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t k = 0; k < NINE; ++k) {
        const mote_probe *probe = probes[k % count];
        const size_t variant =
            k < count ? probe->main_variant : (probe->main_variant + 1) % probe->variant_count;
        const size_t n = probe->record->parallel_min_elements;
        if (probe_filled_pool(probe, &probe->variants[variant], MOTE_BACKEND_AUTO, n,
                              BENCH_POOL_SEED + k, &pools[k]) != MOTE_OK) {
            return false;
        }
        pool_probes[k] = probe;
        elements += n;
    }
    return true;
}

/* The world of the nine pools on p's task system, made once. */
static mote_world *world_on(bench_parallel p) {
    if (worlds[p] == NULL) {
        mote_world_def def = mote_default_world_def();
        def.tasks = bench_task_system(p);
        if (mote_world_create(&def, &worlds[p]) != MOTE_OK) {
            return NULL;
        }
    }
    return worlds[p];
}

/* Joins the nine pools to p's world (each leaves the other world first). */
static bool join_all(mote_world *world) {
    for (size_t k = 0; k < NINE; ++k) {
        if (pools[k]->world == world) {
            continue;
        }
        if (pools[k]->world != NULL) {
            (void)mote_world_leave_pool(pools[k]->world, pools[k], pools[k]->kind);
        }
        if (mote_world_join_pool(world, pools[k], pools[k]->kind) != MOTE_OK) {
            return false;
        }
    }
    return true;
}

static void run_world(mote_bench_state *state, void *user, int64_t arg) {
    (void)user;
    const bench_parallel p = (bench_parallel)arg;
    mote_world *world = make_pools() ? world_on(p) : NULL;
    if (world == NULL || (p != BENCH_SERIAL && bench_task_system(p) == NULL) || !join_all(world)) {
        mote_bench_skip_with_error(state, "could not make the pools, the world or the workers");
        return;
    }
    while (mote_bench_keep_running(state)) {
        if (mote_world_step(world, frame_dt) != MOTE_OK) {
            mote_bench_skip_with_error(state, "the world's step refused");
            return;
        }
    }
    mote_bench_set_items_processed(state, mote_bench_iterations(state) * (int64_t)elements);
}

static void run_one_by_one(mote_bench_state *state, void *user, int64_t arg) {
    (void)user;
    const bench_parallel p = (bench_parallel)arg;
    const mote_task_system *tasks = bench_task_system(p);
    if (!make_pools() || (p != BENCH_SERIAL && tasks == NULL)) {
        mote_bench_skip_with_error(state, "could not make the pools or the workers");
        return;
    }
    while (mote_bench_keep_running(state)) {
        for (size_t k = 0; k < NINE; ++k) {
            if (probe_bench_step(pool_probes[k], pools[k], frame_dt, tasks) != MOTE_OK) {
                mote_bench_skip_with_error(state, "a pool's step refused");
                return;
            }
        }
    }
    mote_bench_set_items_processed(state, mote_bench_iterations(state) * (int64_t)elements);
}

void bench_register_world_cases(void) {
    const bench_parallel ways[] = {BENCH_SERIAL, BENCH_WORKERS};
    for (size_t w = 0; w < sizeof ways / sizeof ways[0]; ++w) {
        if (!bench_parallel_available(ways[w])) {
            continue;
        }
        char name[96];
        (void)snprintf(name, sizeof name, "world/step/nine_small/world%s",
                       bench_parallel_suffix(ways[w]));
        mote_bench_register_real_time(name, run_world, NULL, (int64_t)ways[w]);
        (void)snprintf(name, sizeof name, "world/step/nine_small/one_by_one%s",
                       bench_parallel_suffix(ways[w]));
        mote_bench_register_real_time(name, run_one_by_one, NULL, (int64_t)ways[w]);
    }
}

void bench_world_release(void) {
    for (size_t p = 0; p < BENCH_PARALLEL_COUNT; ++p) {
        mote_world_destroy(worlds[p]);
        worlds[p] = NULL;
    }
    for (size_t k = 0; k < NINE; ++k) {
        if (pools[k] != NULL) {
            mote_pool_destroy(pools[k], pools[k]->kind);
            pools[k] = NULL;
        }
    }
    elements = 0;
}
