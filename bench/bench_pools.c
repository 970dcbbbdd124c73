/* The pool benchmarks every kind shares (bench_pools.h). */
#include "bench_pools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_run.h"
#include "bench_shim.h"
#include "pool.h"

static const size_t pool_counts[] = {1024, 16384, 65536, 1048576};

/* The pool being benchmarked, kept while consecutive benchmarks share kind, backend and
 * size (Google Benchmark calls a body several times). */
typedef struct bench_pool {
    const bench_pool_kind *kind;
    mote_backend backend;
    size_t count;
    void *pool;
    float *initial[MOTE_MAX_FIELDS]; /* every stored array at the start */
} bench_pool;

static bench_pool current;

/* The stored arrays of a pool of any kind, through the record it carries. */
static float *const *arrays_of(void *pool) {
    return ((mote_pool *)pool)->core.fields.field;
}

void bench_pools_release(void) {
    if (current.pool != NULL) {
        current.kind->destroy(current.pool);
    }
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        free(current.initial[f]);
    }
    memset(&current, 0, sizeof current);
}

static bench_pool *acquire(const bench_pool_kind *kind, mote_backend backend, size_t count) {
    if (current.pool != NULL && current.kind == kind && current.backend == backend &&
        current.count == count) {
        return &current;
    }
    bench_pools_release();
    current.kind = kind;
    current.backend = backend;
    current.count = count;
    if (kind->create(backend, count, &current.pool) != MOTE_OK) {
        current.pool = NULL;
        return NULL;
    }
    for (size_t i = 0; i < count; ++i) {
        if (kind->add(current.pool, i) != MOTE_OK) {
            bench_pools_release();
            return NULL;
        }
    }
    float *const *arrays = arrays_of(current.pool);
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (arrays[f] == NULL) {
            continue;
        }
        current.initial[f] = malloc(count * sizeof(float));
        if (current.initial[f] == NULL) {
            bench_pools_release();
            return NULL;
        }
        memcpy(current.initial[f], arrays[f], count * sizeof(float));
    }
    return &current;
}

static bool step(void *context) {
    const bench_pool *p = context;
    return p->kind->step(p->pool);
}

static void restore(void *context) {
    const bench_pool *p = context;
    float *const *arrays = arrays_of(p->pool);
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (p->initial[f] != NULL) {
            memcpy(arrays[f], p->initial[f], p->count * sizeof(float));
        }
    }
    if (p->kind->reset != NULL) {
        p->kind->reset(p->pool);
    }
}

/* One registered benchmark: a kind on a backend (the size is the benchmark's argument). */
typedef struct pool_case {
    const bench_pool_kind *kind;
    mote_backend backend;
} pool_case;

#define MAX_POOL_CASES 64
static pool_case cases[MAX_POOL_CASES];
static int case_count;

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const pool_case *c = user;
    bench_pool *p = acquire(c->kind, c->backend, (size_t)arg);
    if (p == NULL) {
        mote_bench_skip_with_error(state, "could not build the pool");
        return;
    }
    bench_job job = {step, restore, p, p->count, c->kind->bytes_per_element};
    bench_run(state, &job);
}

void bench_register_pool_cases(const bench_pool_kind *kind) {
    for (size_t n = 0; n < sizeof pool_counts / sizeof pool_counts[0]; ++n) {
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            pool_case *c = NULL;
            for (int k = 0; k < case_count; ++k) {
                if (cases[k].kind == kind && cases[k].backend == (mote_backend)b) {
                    c = &cases[k];
                }
            }
            if (c == NULL && case_count < MAX_POOL_CASES) {
                c = &cases[case_count++];
                *c = (pool_case){kind, (mote_backend)b};
            }
            if (c == NULL) {
                continue;
            }
            char name[96];
            snprintf(name, sizeof name, "%s/%s/%zu", kind->name, mote_backend_name(c->backend),
                     pool_counts[n]);
            mote_bench_register(name, run_case, c, (int64_t)pool_counts[n]);
        }
    }
}
