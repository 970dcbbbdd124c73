/* The pool benchmarks every kind shares (bench_pools.h). */
#include "bench_pools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_run.h"
#include "bench_shim.h"
#include "bench_tasks.h"
#include "pool.h"

static const size_t pool_counts[] = {1024, 16384, 65536, 1048576};

/* The pool being benchmarked, kept while consecutive benchmarks share kind, backend and
 * size (Google Benchmark calls a body several times). */
/* A probe's variant as the benchmarks run it: its name (the benchmark names' first part) and
 * the bytes a step moves per element. */
typedef struct bench_pool_kind {
    const mote_probe *probe;
    const probe_variant *variant;
    char name[48];
    size_t bytes_per_element;
} bench_pool_kind;

typedef struct bench_pool {
    const bench_pool_kind *kind;
    mote_backend backend;
    size_t count;
    void *pool;
    float *initial[MOTE_MAX_FIELDS]; /* every stored array at the start */
    unsigned frame;                  /* frames stepped since the last restore */
} bench_pool;

static bench_pool current;

/* The stored arrays of a pool of any kind, through the record it carries. */
static float *const *arrays_of(void *pool) {
    return ((mote_pool *)pool)->core.fields.field;
}

void bench_pools_release(void) {
    if (current.pool != NULL) {
        mote_pool_destroy(current.pool, current.kind->probe->record);
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
    mote_pool *pool = NULL;
    if (probe_filled_pool(kind->probe, kind->variant, backend, count, BENCH_POOL_SEED, &pool) !=
        MOTE_OK) {
        return NULL;
    }
    current.pool = pool;
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

/* One frame at 60 Hz: the probe's inputs for it, then the step on tasks (NULL: this thread). */
static bool step_on(bench_pool *p, const mote_task_system *tasks) {
    const mote_probe *probe = p->kind->probe;
    if (probe->bench_frame != NULL) {
        probe->bench_frame(p->pool, p->frame);
    }
    ++p->frame;
    return probe_bench_step(probe, p->pool, 1.0f / 60.0f, tasks) == MOTE_OK;
}

static bool step(void *context) {
    return step_on(context, NULL);
}

static bool step_openmp(void *context) {
    return step_on(context, bench_task_system(BENCH_OPENMP));
}

static bool step_workers(void *context) {
    const mote_task_system *tasks = bench_task_system(BENCH_WORKERS);
    return tasks != NULL && step_on(context, tasks);
}

static void restore(void *context) {
    bench_pool *p = context;
    float *const *arrays = arrays_of(p->pool);
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (p->initial[f] != NULL) {
            memcpy(arrays[f], p->initial[f], p->count * sizeof(float));
        }
    }
    p->frame = 0;
    if (p->kind->probe->bench_reset != NULL) {
        p->kind->probe->bench_reset(p->pool);
    }
}

/* One registered benchmark: a kind on a backend, serial or parallel (the size is the
 * benchmark's argument). */
typedef struct pool_case {
    const bench_pool_kind *kind;
    mote_backend backend;
    bench_parallel parallel;
    bool frames; /* every step timed alone: frames/... (bench_run_frames) */
} pool_case;

#define MAX_POOL_CASES 256
static pool_case cases[MAX_POOL_CASES];
static int case_count;

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const pool_case *c = user;
    bench_pool *p = acquire(c->kind, c->backend, (size_t)arg);
    if (p == NULL) {
        mote_bench_skip_with_error(state, "could not build the pool");
        return;
    }
    static bool (*const steps[BENCH_PARALLEL_COUNT])(void *) = {step, step_openmp, step_workers};
    bench_job job = {steps[c->parallel], restore, p, p->count, c->kind->bytes_per_element};
    (c->frames ? bench_run_frames : bench_run)(state, &job);
}

/* The case for kind on backend, serial or parallel (made once, shared by every size). */
static const pool_case *case_for(const bench_pool_kind *kind, mote_backend backend,
                                 bench_parallel parallel, bool frames) {
    for (int k = 0; k < case_count; ++k) {
        if (cases[k].kind == kind && cases[k].backend == backend && cases[k].parallel == parallel &&
            cases[k].frames == frames) {
            return &cases[k];
        }
    }
    if (case_count == MAX_POOL_CASES) {
        return NULL;
    }
    cases[case_count] = (pool_case){kind, backend, parallel, frames};
    return &cases[case_count++];
}

/* frames/<kind>/<best><suffix>/<count>, serial and on each ready task system (bench_tasks.h):
 * the median, 99th-percentile and worst step beside the mean, for the frame-time study
 * (bench/README.md). */
static void register_frame_cases(const bench_pool_kind *kind) {
    static const int64_t frame_counts[] = {1024, 16384, 65536}; /* 1024: the CI smoke run */
    for (int parallel = 0; parallel < BENCH_PARALLEL_COUNT; ++parallel) {
        const pool_case *c =
            bench_parallel_available((bench_parallel)parallel)
                ? case_for(kind, mote_backend_detect(), (bench_parallel)parallel, true)
                : NULL;
        for (size_t n = 0; c != NULL && n < sizeof frame_counts / sizeof frame_counts[0]; ++n) {
            char name[96];
            snprintf(name, sizeof name, "frames/%s/%s%s/%lld", kind->name,
                     mote_backend_name(c->backend), bench_parallel_suffix(c->parallel),
                     (long long)frame_counts[n]);
            /* the counters are wall-clock frame times; the Time column is what the shim's
             * default clock gives, the calling thread's CPU time */
            mote_bench_register(name, run_case, (void *)c, frame_counts[n]);
        }
    }
}

static void register_kind_cases(const bench_pool_kind *kind) {
    for (size_t n = 0; n < sizeof pool_counts / sizeof pool_counts[0]; ++n) {
        const int64_t count = (int64_t)pool_counts[n];
        char name[96];
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            const pool_case *c = mote_backend_available((mote_backend)b)
                                     ? case_for(kind, (mote_backend)b, BENCH_SERIAL, false)
                                     : NULL;
            if (c != NULL) {
                snprintf(name, sizeof name, "%s/%s/%lld", kind->name, mote_backend_name(c->backend),
                         (long long)count);
                mote_bench_register(name, run_case, (void *)c, count);
            }
        }
        /* the parallel step's work runs on other threads too: its rates are wall-clock */
        for (int parallel = BENCH_OPENMP; parallel < BENCH_PARALLEL_COUNT; ++parallel) {
            const pool_case *c =
                bench_parallel_available((bench_parallel)parallel) && pool_counts[n] >= 16384
                    ? case_for(kind, mote_backend_detect(), (bench_parallel)parallel, false)
                    : NULL;
            if (c != NULL) {
                snprintf(name, sizeof name, "%s/%s%s/%lld", kind->name,
                         mote_backend_name(c->backend), bench_parallel_suffix(c->parallel),
                         (long long)count);
                mote_bench_register_real_time(name, run_case, (void *)c, count);
            }
        }
    }
    register_frame_cases(kind);
}

/* Every probe's variants the benchmarks run, made once. */
#define MAX_POOL_KINDS 32
static bench_pool_kind pool_kinds[MAX_POOL_KINDS];

void bench_register_pool_cases(void) {
    size_t probe_count = 0, n = 0;
    const mote_probe *const *probes = mote_probes(&probe_count);
    for (size_t k = 0; k < probe_count; ++k) {
        const mote_probe *probe = probes[k];
        const size_t variants = probe->bench_each_variant ? probe->variant_count : 1;
        for (size_t v = 0; probe->bench != NULL && v < variants && n < MAX_POOL_KINDS; ++v) {
            bench_pool_kind *kind = &pool_kinds[n++];
            kind->probe = probe;
            kind->variant = &probe->variants[probe->bench_each_variant ? v : probe->main_variant];
            if (probe->bench_each_variant) {
                snprintf(kind->name, sizeof kind->name, "%s/%s", probe->bench, kind->variant->name);
            } else {
                snprintf(kind->name, sizeof kind->name, "%s", probe->bench);
            }
            kind->bytes_per_element =
                kind->variant->bench_bytes != 0 ? kind->variant->bench_bytes : probe->bench_bytes;
            register_kind_cases(kind);
        }
    }
}
