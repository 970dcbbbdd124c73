/* mote_openmp_task_system: ranges on OpenMP's threads, when this build has OpenMP. */
#include "mote/tasks.h"

#include <stdint.h>

#include "worker_shares.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* The workers a system was made for (user_context holds the count; 0: OpenMP's default). */
static int workers_of(void *user_context) {
    unsigned count = (unsigned)(uintptr_t)user_context;
#ifdef _OPENMP
    return count > 0 ? (int)count : omp_get_max_threads();
#else
    (void)count;
    return 1;
#endif
}

#ifdef _OPENMP
static double seconds_now(void) {
    return omp_get_wtime();
}
#endif

/* One contiguous range per worker, sized by the worker's learnt speed (worker_shares.h); each
 * worker times its own range for the next split. */
static void *openmp_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                            void *task_context, void *user_context) {
    if (item_count == 0) {
        return NULL;
    }
    const int workers = mote_shares_worker_count(item_count, min_range, workers_of(user_context));
    size_t bounds[MOTE_SHARES_MAX_WORKERS + 1];
    mote_shares_split(item_count, min_range, workers, bounds);
#ifdef _OPENMP
    double seconds[MOTE_SHARES_MAX_WORKERS];
    int team_size = workers;
#pragma omp parallel num_threads(workers)
    {
        /* OpenMP may give a smaller team (nested in another parallel region, a thread limit):
         * its threads then take the ranges in turn */
        const int team = omp_get_num_threads();
        if (omp_get_thread_num() == 0) {
            team_size = team;
        }
        for (int w = omp_get_thread_num(); w < workers; w += team) {
            const double start = seconds_now();
            if (bounds[w] < bounds[w + 1]) {
                task(bounds[w], bounds[w + 1], (unsigned)omp_get_thread_num(), task_context);
            }
            seconds[w] = seconds_now() - start;
        }
    }
    if (team_size == workers) {
        mote_shares_learn(workers, bounds, seconds); /* a full team: one range per thread */
    }
#else
    for (int w = 0; w < workers; ++w) {
        if (bounds[w] < bounds[w + 1]) {
            task(bounds[w], bounds[w + 1], (unsigned)w, task_context);
        }
    }
#endif
    return NULL; /* done before returning: nothing to finish */
}

mote_task_system mote_openmp_task_system(void) {
    return mote_openmp_task_system_workers(0);
}

mote_task_system mote_openmp_task_system_workers(unsigned worker_count) {
    mote_task_system system = {openmp_enqueue, NULL, 1, (void *)(uintptr_t)worker_count};
    system.worker_count = (unsigned)workers_of(system.user_context);
    return system;
}

bool mote_openmp_available(void) {
#ifdef _OPENMP
    return true;
#else
    return false;
#endif
}
