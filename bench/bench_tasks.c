/* The benchmarks' task systems (bench_tasks.h). */
#include "bench_tasks.h"

#include <stddef.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

static mote_workers *workers;
static mote_task_system systems[BENCH_PARALLEL_COUNT];
static bool made[BENCH_PARALLEL_COUNT];

/* The process's workers, one per online CPU, started once. */
static mote_workers *the_workers(void) {
    if (workers == NULL) {
        (void)mote_workers_create(0, &workers); /* leaves it NULL on failure */
    }
    return workers;
}

bool bench_parallel_available(bench_parallel p) {
    switch (p) {
    case BENCH_SERIAL:
        return true;
    case BENCH_OPENMP:
        return mote_openmp_available();
    case BENCH_WORKERS: /* known without starting them: registering rows starts no thread */
#if defined(_SC_NPROCESSORS_ONLN)
        return sysconf(_SC_NPROCESSORS_ONLN) > 1;
#else
        return false;
#endif
    default:
        return false;
    }
}

const char *bench_parallel_suffix(bench_parallel p) {
    static const char *const suffix[BENCH_PARALLEL_COUNT] = {"", "_openmp", "_workers"};
    return p < BENCH_PARALLEL_COUNT ? suffix[p] : "";
}

const mote_task_system *bench_task_system(bench_parallel p) {
    if (p == BENCH_SERIAL || p >= BENCH_PARALLEL_COUNT) {
        return NULL;
    }
    if (!made[p]) {
        if (p == BENCH_WORKERS && the_workers() == NULL) {
            return NULL; /* could not start them: the row reports an error */
        }
        systems[p] =
            p == BENCH_OPENMP ? mote_openmp_task_system() : mote_workers_task_system(the_workers());
        made[p] = true;
    }
    return &systems[p];
}

void bench_tasks_release(void) {
    mote_workers_destroy(workers);
    workers = NULL;
    made[BENCH_WORKERS] = false;
}
