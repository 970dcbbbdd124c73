/* Launch fleets and detached stages, per backend and size, beside the scalar reference in the
 * same run. The rockets launch at staggered times over a minute, so every phase is present in
 * every timed step; each step advances the pool's clock by 1/60 s and evaluates every rocket.
 * The stages are drawn from one seed with times since detachment spread over 4 s, so both the
 * tilt and the spin run. */
#include "bench_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_run.h"
#include "mote/launch_pool.h"
#include "mote/random.h"
#include "mote/stage_pool.h"

#define DT (1.0f / 60.0f)

static const size_t counts[] = {1024, 16384, 65536, 1048576};

typedef struct launch_set {
    mote_backend backend;
    size_t count;
    mote_launch_pool *launch;
    mote_stage_pool *stages;
    float *initial_time; /* the stages' times at the start */
} launch_set;

static launch_set current;

void bench_launch_release(void) {
    mote_launch_pool_destroy(current.launch);
    mote_stage_pool_destroy(current.stages);
    free(current.initial_time);
    memset(&current, 0, sizeof current);
}

static bool fill(launch_set *set) {
    const uint64_t seed = 0x6c6e6368u; /* "lnch" */
    for (size_t i = 0; i < set->count; ++i) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket.launch_time = mote_random_range(seed, 3 * i, -40.0f, 20.0f);
        d.rocket.turn_blend = mote_random_range(seed, 3 * i + 1, 0.7f, 1.3f);
        d.rocket.crossrange = mote_random_range(seed, 3 * i + 2, -1.0f, 1.0f);
        mote_stage_desc s = mote_default_stage_desc();
        s.world.position = (mote_vec3){d.rocket.crossrange, 100.0f, 0.0f};
        if (mote_stage_draw(&s, seed, i) != MOTE_OK ||
            mote_launch_pool_add(set->launch, &d, NULL) != MOTE_OK) {
            return false;
        }
        s.time = mote_random_range(seed + 1, i, 0.0f, 4.0f);
        if (mote_stage_pool_add(set->stages, &s, NULL) != MOTE_OK) {
            return false;
        }
    }
    set->initial_time = malloc(set->count * sizeof(float));
    if (set->initial_time == NULL) {
        return false;
    }
    memcpy(set->initial_time, mote_stage_pool_view(set->stages).time, set->count * sizeof(float));
    return true;
}

static launch_set *acquire(mote_backend backend, size_t count) {
    if (current.launch != NULL && current.backend == backend && current.count == count) {
        return &current;
    }
    bench_launch_release();
    mote_launch_pool_def ldef = mote_default_launch_pool_def();
    ldef.backend = backend;
    ldef.capacity = count;
    mote_stage_pool_def sdef = mote_default_stage_pool_def();
    sdef.backend = backend;
    sdef.capacity = count;
    current.backend = backend;
    current.count = count;
    if (mote_launch_pool_create(&ldef, &current.launch) != MOTE_OK ||
        mote_stage_pool_create(&sdef, &current.stages) != MOTE_OK || !fill(&current)) {
        bench_launch_release();
        return NULL;
    }
    return &current;
}

static void restore_launch(void *context) {
    launch_set *set = context;
    mote_launch_pool_evaluate(set->launch, 0.0);
}

static bool step_launch(void *context) {
    return mote_launch_pool_step(((launch_set *)context)->launch, DT) == MOTE_OK;
}

static void restore_stages(void *context) {
    launch_set *set = context;
    memcpy(mote_stage_pool_view(set->stages).time, set->initial_time, set->count * sizeof(float));
}

static bool step_stages(void *context) {
    return mote_stage_pool_step(((launch_set *)context)->stages, DT) == MOTE_OK;
}

static mote_backend backends[MOTE_BACKEND_COUNT];

static void run_launch(mote_bench_state *state, void *user, int64_t arg) {
    launch_set *set = acquire(*(const mote_backend *)user, (size_t)arg);
    if (set == NULL) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    /* the four inputs read, the 26 pose fields written */
    bench_job job = {step_launch, restore_launch, set, set->count, 30 * sizeof(float)};
    bench_run(state, &job);
}

static void run_stages(mote_bench_state *state, void *user, int64_t arg) {
    launch_set *set = acquire(*(const mote_backend *)user, (size_t)arg);
    if (set == NULL) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    /* 25 fields read, 8 written */
    bench_job job = {step_stages, restore_stages, set, set->count, 33 * sizeof(float)};
    bench_run(state, &job);
}

void bench_register_launch_cases(void) {
    const char *kinds[2] = {"launch", "stages"};
    void (*runs[2])(mote_bench_state *, void *, int64_t) = {run_launch, run_stages};
    for (int k = 0; k < 2; ++k) {
        for (size_t n = 0; n < sizeof counts / sizeof counts[0]; ++n) {
            for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
                if (!mote_backend_available((mote_backend)b)) {
                    continue;
                }
                backends[b] = (mote_backend)b;
                char name[64];
                snprintf(name, sizeof name, "%s/%s/%zu", kinds[k],
                         mote_backend_name((mote_backend)b), counts[n]);
                mote_bench_register(name, runs[k], &backends[b], (int64_t)counts[n]);
            }
        }
    }
}
