/* mote_openmp_task_system: ranges on OpenMP's threads, when this build has OpenMP. */
#include "mote/tasks.h"

#include <stdint.h>

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

static void *openmp_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                            void *task_context, void *user_context) {
    const int workers = workers_of(user_context);
#ifdef _OPENMP
    /* Every range but the last holds at least min_range items, and a few ranges per thread
     * even out a thread that starts late. */
    size_t ranges = min_range > 0 && item_count / min_range > 0 ? item_count / min_range : 1;
    size_t most = 4 * (size_t)workers;
    ranges = ranges < most ? ranges : most;
#else
    (void)min_range;
    (void)workers;
    size_t ranges = 1; /* one range, on this thread */
#endif
    if (item_count == 0) {
        return NULL;
    }
    size_t per_range = (item_count + ranges - 1) / ranges;
    long range_count = (long)ranges;
#ifdef _OPENMP
#pragma omp parallel for num_threads(workers) schedule(dynamic, 1)
#endif
    for (long r = 0; r < range_count; ++r) {
        size_t begin = (size_t)r * per_range;
        size_t end = begin + per_range < item_count ? begin + per_range : item_count;
        unsigned worker = 0;
#ifdef _OPENMP
        worker = (unsigned)omp_get_thread_num();
#endif
        if (begin < end) {
            task(begin, end, worker, task_context);
        }
    }
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
