/* The mover trajectory-prediction benchmarks (bench_predict.h). */
#include "bench_predict.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_pools.h"
#include "bench_run.h"
#include "bench_shim.h"
#include "mote/mover_pool.h"
#include "mover_fields.h"
#include "mover_predict.h"
#include "probe.h"

static const size_t predict_counts[] = {1024, 16384, 65536, 1048576};

/* The sample times a motion-matching query asks for. */
static const float predict_times[] = {0.33f, 0.67f, 1.0f};
#define PREDICT_TIMES (sizeof predict_times / sizeof predict_times[0])

/* Bytes per mover: every field read, every output written per time. */
#define PREDICT_BYTES ((MOVER_FIELD_COUNT + MOVER_PREDICT_OUTPUTS * PREDICT_TIMES) * sizeof(float))

/* The pool and output arrays, kept while consecutive benchmarks share backend and size. */
typedef struct predict_bench {
    mote_backend backend;
    size_t count;
    mote_mover_pool *pool;
    float *outputs[MOVER_PREDICT_OUTPUTS];
    mote_mover_prediction out;
} predict_bench;

static predict_bench current;

void bench_predict_release(void) {
    if (current.pool != NULL) {
        mote_mover_pool_destroy(current.pool);
    }
    for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
        free(current.outputs[o]);
    }
    current = (predict_bench){0};
}

static predict_bench *acquire(mote_backend backend, size_t count) {
    if (current.pool != NULL && current.backend == backend && current.count == count) {
        return &current;
    }
    bench_predict_release();
    const mote_probe *probe = &mote_probe_mover;
    mote_pool *pool = NULL;
    if (probe_filled_pool(probe, &probe->variants[probe->main_variant], backend, count,
                          BENCH_POOL_SEED, &pool) != MOTE_OK) {
        return NULL;
    }
    current.pool = (mote_mover_pool *)pool;
    current.backend = backend;
    current.count = count;
    for (int o = 0; o < MOVER_PREDICT_OUTPUTS; ++o) {
        current.outputs[o] = calloc(PREDICT_TIMES * count, sizeof(float));
        if (current.outputs[o] == NULL) {
            bench_predict_release();
            return NULL;
        }
    }
    current.out =
        (mote_mover_prediction){current.outputs[0], current.outputs[1], current.outputs[2],
                                current.outputs[3], current.outputs[4], count};
    return &current;
}

static bool predict(void *context) {
    predict_bench *p = context;
    return mote_mover_pool_predict(p->pool, predict_times, PREDICT_TIMES, &p->out) == MOTE_OK;
}

static void nothing_to_restore(void *context) {
    (void)context; /* a prediction changes no state */
}

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    predict_bench *p = acquire((mote_backend)(intptr_t)user, (size_t)arg);
    if (p == NULL) {
        mote_bench_skip_with_error(state, "could not build the pool");
        return;
    }
    bench_job job = {predict, nothing_to_restore, p, p->count, PREDICT_BYTES};
    bench_run(state, &job);
}

void bench_register_predict_cases(void) {
    for (size_t n = 0; n < sizeof predict_counts / sizeof predict_counts[0]; ++n) {
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            char name[96];
            snprintf(name, sizeof name, "movers/predict/%s/%lld",
                     mote_backend_name((mote_backend)b), (long long)predict_counts[n]);
            mote_bench_register(name, run_case, (void *)(intptr_t)b, (int64_t)predict_counts[n]);
        }
    }
}
