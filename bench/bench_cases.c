/* The spring benchmarks: which ones exist, their names, and what each one steps. */
#include "bench_cases.h"

#include <stdio.h>
#include <string.h>

#include "bench_run.h"
#include "bench_shim.h"
#include "bench_springs.h"
#include "bench_tasks.h"
#include "memory_loop.h"
#include "naive_springs.h"
#include "peers/peers.h"
#if defined(MOTE_BENCH_GCC_AVX2) || defined(MOTE_BENCH_GCC_NATIVE)
#include "gcc_critical_loop.h"
#endif

/* What steps the springs in one benchmark. */
typedef enum bench_impl {
    IMPL_POOL,          /* mote_spring_pool_step on a pool created with the case's backend */
    IMPL_POOL_FIXED,    /* the same pool at the same fixed dt with the step cache on (issue 15) */
    IMPL_OPENMP,        /* mote_spring_pool_step_parallel on mote_openmp_task_system() */
    IMPL_WORKERS,       /* mote_spring_pool_step_parallel on mote_workers (bench_tasks.h) */
    IMPL_NAIVE,         /* the naive array-of-structs loop (naive_springs.h) */
    IMPL_GCC_AVX2,      /* GCC's vectorization, -O3 -mavx2 -mfma -ffast-math (critical only) */
    IMPL_GCC_NATIVE,    /* GCC's vectorization, -O3 -march=native -ffast-math (critical only) */
    IMPL_MEMORY,        /* the critical spring's memory traffic, no spring math (critical only) */
    IMPL_MEMORY_CACHED, /* the same with the step cache's two arrays read (critical only) */
    /* The peers (peers/peers.h), critical only, over the same float arrays as GCC's loops: */
    IMPL_HIGHWAY,     /* Highway, dynamic dispatch */
    IMPL_SLEEF_AVX2,  /* SLEEF, Sleef_expf8_u10avx2 */
    IMPL_SLEEF_AVX512 /* SLEEF, Sleef_expf16_u10avx512f */
} bench_impl;

typedef struct bench_case {
    mote_spring_kind kind;
    bench_impl impl;
    mote_backend backend; /* IMPL_POOL: the pool's backend */
} bench_case;

/* Every kind runs at these sizes; the critical spring also at BENCH_LARGE_COUNT, and at
 * BENCH_PARTIAL_COUNT, which no vector width divides (1003 = 62 x 16 + 11 = 125 x 8 + 3 =
 * 250 x 4 + 3): beside the 1024 rows it shows what the last partial vector of a step costs. */
static const size_t bench_counts[] = {1024, 16384, 65536, 1048576};
#define BENCH_LARGE_COUNT   8388608
#define BENCH_PARTIAL_COUNT 1003

#define MAX_CASES 128
static bench_case cases[MAX_CASES];
static int case_count;

static bool step_pool(void *context) {
    bench_springs *springs = context;
    return mote_spring_pool_step(springs->pool, BENCH_DT) == MOTE_OK;
}

static bool step_pool_openmp(void *context) {
    bench_springs *springs = context;
    return mote_spring_pool_step_parallel(springs->pool, BENCH_DT,
                                          bench_task_system(BENCH_OPENMP)) == MOTE_OK;
}

static bool step_pool_workers(void *context) {
    bench_springs *springs = context;
    const mote_task_system *tasks = bench_task_system(BENCH_WORKERS);
    return tasks != NULL &&
           mote_spring_pool_step_parallel(springs->pool, BENCH_DT, tasks) == MOTE_OK;
}

static void restore_pool(void *context) {
    bench_springs_restore_pool(context);
}

static bool step_naive(void *context) {
    bench_springs *springs = context;
    bench_naive_step(springs->kind, springs->structs, springs->count, BENCH_DT);
    return true;
}

static void restore_naive(void *context) {
    bench_springs_restore_structs(context);
}

#ifdef MOTE_BENCH_GCC_AVX2
static bool step_gcc_avx2(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_gcc_critical_avx2(f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT);
    return true;
}
#endif

#ifdef MOTE_BENCH_GCC_NATIVE
static bool step_gcc_native(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_gcc_critical_native(f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT);
    return true;
}
#endif

static bool step_memory(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_memory_critical(f->x, f->v, f->goal, f->halflife, springs->count);
    return true;
}

static bool step_memory_cached(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_memory_critical_cached(f->x, f->v, f->goal, f->halflife, f->cache_key, f->cache_factor,
                                 springs->count);
    return true;
}

#ifdef MOTE_BENCH_HIGHWAY
static bool step_highway(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_highway_critical(f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT);
    return true;
}
#endif

#ifdef MOTE_BENCH_SLEEF_AVX2
static bool step_sleef_avx2(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_sleef_critical_avx2(f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT);
    return true;
}
#endif

#ifdef MOTE_BENCH_SLEEF_AVX512
static bool step_sleef_avx512(void *context) {
    bench_springs *springs = context;
    bench_soa *f = &springs->soa;
    bench_sleef_critical_avx512(f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT);
    return true;
}
#endif

/* A peer case's step over the whole arrays (the job's) and the same peer as a function (for
 * the check); false where this build has no such peer. */
static bool peer_steps(bench_impl impl, bool (**job_step)(void *), bench_critical_step *step) {
    (void)job_step; /* unused in a build without peers */
    (void)step;
    switch (impl) {
#ifdef MOTE_BENCH_HIGHWAY
    case IMPL_HIGHWAY:
        *job_step = step_highway;
        *step = bench_highway_critical;
        return true;
#endif
#ifdef MOTE_BENCH_SLEEF_AVX2
    case IMPL_SLEEF_AVX2:
        *job_step = step_sleef_avx2;
        *step = bench_sleef_critical_avx2;
        return true;
#endif
#ifdef MOTE_BENCH_SLEEF_AVX512
    case IMPL_SLEEF_AVX512:
        *job_step = step_sleef_avx512;
        *step = bench_sleef_critical_avx512;
        return true;
#endif
    default:
        return false;
    }
}

/* Prepares a peer: the float arrays, and the peer checked against the scalar reference on
 * their first elements (a wrong peer is an error, not a fast row). */
static bool prepare_peer(const bench_case *c, bench_springs *springs, bench_job *job,
                         const char **error) {
    static char message[256];
    bench_critical_step step = NULL;
    if (!peer_steps(c->impl, &job->step, &step)) {
        *error = "not built";
        return false;
    }
    if (!bench_springs_make_soa(springs)) {
        return false;
    }
    bench_soa *f = &springs->soa;
    if (!bench_peer_agrees(step, f->x, f->v, f->goal, f->halflife, springs->count, BENCH_DT,
                           message, sizeof message)) {
        *error = message;
        return false;
    }
    return true;
}

static void restore_soa(void *context) {
    bench_springs_restore_soa(context);
}

/* Bytes the float-array loops move per element: x, v, goal, halflife read; x, v written. */
#define SOA_CRITICAL_BYTES (6 * sizeof(float))

/* Prepares the data a case steps and says how: false (with *error set) on failure. */
static bool prepare_job(const bench_case *c, bench_springs *springs, bench_job *job,
                        const char **error) {
    job->context = springs;
    job->count = springs->count;
    job->restore = restore_soa;
    job->bytes_per_element = SOA_CRITICAL_BYTES;
    *error = "out of memory";
    switch (c->impl) {
    case IMPL_POOL:
    case IMPL_POOL_FIXED:
    case IMPL_OPENMP:
    case IMPL_WORKERS: {
        mote_status status = bench_springs_make_pool(springs);
        *error = mote_status_name(status);
        if (status == MOTE_OK) { /* the general rows measure the exp, the fixed rows the cache */
            status = mote_spring_pool_set_step_cache(springs->pool, c->impl == IMPL_POOL_FIXED
                                                                        ? MOTE_STEP_CACHE_ON
                                                                        : MOTE_STEP_CACHE_OFF);
        }
        job->step = c->impl == IMPL_OPENMP    ? step_pool_openmp
                    : c->impl == IMPL_WORKERS ? step_pool_workers
                                              : step_pool;
        job->restore = restore_pool;
        job->bytes_per_element = bench_springs_pool_bytes_per_element(springs);
        if (c->impl == IMPL_POOL_FIXED) {
            job->bytes_per_element += 2 * sizeof(float); /* the cached key and factor read */
        }
        return status == MOTE_OK;
    }
    case IMPL_NAIVE:
        job->step = step_naive;
        job->restore = restore_naive;
        job->bytes_per_element = 2 * sizeof(mote_spring_desc); /* each struct read and written */
        return bench_springs_make_structs(springs);
    case IMPL_GCC_AVX2:
#ifdef MOTE_BENCH_GCC_AVX2
        job->step = step_gcc_avx2;
        return bench_springs_make_soa(springs);
#else
        break;
#endif
    case IMPL_GCC_NATIVE:
#ifdef MOTE_BENCH_GCC_NATIVE
        job->step = step_gcc_native;
        return bench_springs_make_soa(springs);
#else
        break;
#endif
    case IMPL_MEMORY:
        job->step = step_memory;
        return bench_springs_make_soa(springs);
    case IMPL_MEMORY_CACHED:
        job->step = step_memory_cached;
        job->bytes_per_element += 2 * sizeof(float); /* the cached key and factor read */
        return bench_springs_make_soa(springs);
    case IMPL_HIGHWAY:
    case IMPL_SLEEF_AVX2:
    case IMPL_SLEEF_AVX512:
        return prepare_peer(c, springs, job, error);
    }
    *error = "not built";
    return false;
}

/* The benchmark body: user is the bench_case, arg the element count. */
static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const bench_case *c = user;
    bool pool = c->impl == IMPL_POOL || c->impl == IMPL_POOL_FIXED || c->impl == IMPL_OPENMP ||
                c->impl == IMPL_WORKERS;
    mote_backend backend = pool ? c->backend : MOTE_BACKEND_SCALAR;
    bench_springs *springs = bench_springs_acquire(c->kind, backend, (size_t)arg);
    bench_job job;
    const char *error = "out of memory";
    if (springs == NULL || !prepare_job(c, springs, &job, &error)) {
        mote_bench_skip_with_error(state, error);
        return;
    }
#ifdef MOTE_BENCH_HIGHWAY
    if (c->impl == IMPL_HIGHWAY) {
        mote_bench_set_label(state, bench_highway_target()); /* the target it dispatched to */
    }
#endif
    bench_run(state, &job);
}

static const char *impl_name(const bench_case *c) {
    static char composed_name[32];
    switch (c->impl) {
    case IMPL_POOL:
        return mote_backend_name(c->backend);
    case IMPL_POOL_FIXED:
        snprintf(composed_name, sizeof composed_name, "%s_fixed", mote_backend_name(c->backend));
        return composed_name;
    case IMPL_OPENMP:
    case IMPL_WORKERS:
        snprintf(composed_name, sizeof composed_name, "%s%s", mote_backend_name(c->backend),
                 bench_parallel_suffix(c->impl == IMPL_OPENMP ? BENCH_OPENMP : BENCH_WORKERS));
        return composed_name;
    case IMPL_NAIVE:
        return "naive";
    case IMPL_GCC_AVX2:
        return "gcc_avx2";
    case IMPL_GCC_NATIVE:
        return "gcc_native";
    case IMPL_MEMORY:
        return "memory";
    case IMPL_MEMORY_CACHED:
        return "memory_cached";
    case IMPL_HIGHWAY:
        return "highway";
    case IMPL_SLEEF_AVX2:
        return "sleef_avx2";
    case IMPL_SLEEF_AVX512:
        return "sleef_avx512";
    }
    return "unknown";
}

/* Adds one implementation of one kind to the cases (registered per size later). */
static void add_case(mote_spring_kind kind, bench_impl impl, mote_backend backend) {
    if (case_count == MAX_CASES) {
        return;
    }
    bench_case *c = &cases[case_count++];
    c->kind = kind;
    c->impl = impl;
    c->backend = backend;
}

/* The peers this build has, where this CPU runs them. */
static void add_peer_cases(mote_spring_kind kind) {
#ifdef MOTE_BENCH_HIGHWAY
    add_case(kind, IMPL_HIGHWAY, MOTE_BACKEND_SCALAR);
#endif
#ifdef MOTE_BENCH_SLEEF_AVX2
    if (bench_peer_cpu_has_avx2_fma()) {
        add_case(kind, IMPL_SLEEF_AVX2, MOTE_BACKEND_SCALAR);
    }
#endif
#ifdef MOTE_BENCH_SLEEF_AVX512
    if (bench_peer_cpu_has_avx512f()) {
        add_case(kind, IMPL_SLEEF_AVX512, MOTE_BACKEND_SCALAR);
    }
#endif
    (void)kind;
}

/* The cases for one kind, in run order: the baselines and the scalar backend first, as
 * they share one set of springs (backend scalar). */
static void add_kind_cases(mote_spring_kind kind) {
    add_case(kind, IMPL_NAIVE, MOTE_BACKEND_SCALAR);
    if (kind == MOTE_SPRING_CRITICAL) {
#ifdef MOTE_BENCH_GCC_AVX2
        if (mote_backend_available(MOTE_BACKEND_AVX2)) {
            add_case(kind, IMPL_GCC_AVX2, MOTE_BACKEND_SCALAR);
        }
#endif
#ifdef MOTE_BENCH_GCC_NATIVE
        add_case(kind, IMPL_GCC_NATIVE, MOTE_BACKEND_SCALAR);
#endif
        add_case(kind, IMPL_MEMORY, MOTE_BACKEND_SCALAR);
        add_case(kind, IMPL_MEMORY_CACHED, MOTE_BACKEND_SCALAR);
        add_peer_cases(kind);
    }
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (mote_backend_available((mote_backend)b)) {
            add_case(kind, IMPL_POOL, (mote_backend)b);
        }
    }
    /* The fixed-step fast path beside the general rows, on every wide backend. */
    for (int b = 0; b < MOTE_BACKEND_COUNT && kind == MOTE_SPRING_CRITICAL; ++b) {
        if (b != MOTE_BACKEND_SCALAR && mote_backend_available((mote_backend)b)) {
            add_case(kind, IMPL_POOL_FIXED, (mote_backend)b);
        }
    }
    /* The parallel step on the best backend: a memory-bound kind and a compute-bound one. */
    if (kind == MOTE_SPRING_CRITICAL || kind == MOTE_SPRING_DAMPED) {
        if (bench_parallel_available(BENCH_OPENMP)) {
            add_case(kind, IMPL_OPENMP, mote_backend_detect());
        }
        if (bench_parallel_available(BENCH_WORKERS)) {
            add_case(kind, IMPL_WORKERS, mote_backend_detect());
        }
    }
}

static void register_at(int first_case, size_t count) {
    for (int i = first_case; i < case_count; ++i) {
        char name[128];
        snprintf(name, sizeof name, "spring/%s/%s/%zu", mote_spring_kind_name(cases[i].kind),
                 impl_name(&cases[i]), count);
        /* The parallel step's work runs on other threads too: its rates are wall-clock. */
        if (cases[i].impl == IMPL_OPENMP || cases[i].impl == IMPL_WORKERS) {
            mote_bench_register_real_time(name, run_case, &cases[i], (int64_t)count);
        } else {
            mote_bench_register(name, run_case, &cases[i], (int64_t)count);
        }
    }
}

void bench_register_spring_cases(void) {
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        mote_spring_kind kind = (mote_spring_kind)k;
        int first_case = case_count;
        add_kind_cases(kind);
        for (size_t n = 0; n < sizeof bench_counts / sizeof bench_counts[0]; ++n) {
            register_at(first_case, bench_counts[n]);
        }
        if (kind == MOTE_SPRING_CRITICAL) {
            register_at(first_case, BENCH_LARGE_COUNT);
            register_at(first_case, BENCH_PARTIAL_COUNT);
        }
    }
}

void bench_add_backend_context(void) {
    char names[128] = "";
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (mote_backend_available((mote_backend)b)) {
            if (names[0] != '\0') {
                strncat(names, " ", sizeof names - strlen(names) - 1);
            }
            strncat(names, mote_backend_name((mote_backend)b), sizeof names - strlen(names) - 1);
        }
    }
    mote_bench_add_context("mote_backends", names);
    mote_bench_add_context("mote_best_backend", mote_backend_name(mote_backend_detect()));
}
