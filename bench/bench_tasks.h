/* The ways a benchmark steps a pool: serially, or in parallel on one of mote's ready task
 * systems (OpenMP's threads, or mote's own workers), each named by the suffix its rows carry. */
#ifndef MOTE_BENCH_TASKS_H
#define MOTE_BENCH_TASKS_H

#include <stdbool.h>

#include "mote/tasks.h"

typedef enum bench_parallel {
    BENCH_SERIAL,  /* the calling thread: rows <backend> */
    BENCH_OPENMP,  /* mote_openmp_task_system(): rows <backend>_openmp */
    BENCH_WORKERS, /* mote_workers on every online CPU: rows <backend>_workers */
    BENCH_PARALLEL_COUNT
} bench_parallel;

/* True when this build and machine run p (BENCH_SERIAL always; OpenMP where built with it;
 * mote's workers where the machine has more than one online CPU). */
bool bench_parallel_available(bench_parallel p);

/* The suffix of p's rows: "", "_openmp" or "_workers". */
const char *bench_parallel_suffix(bench_parallel p);

/* The task system of p, made at its first use: NULL for BENCH_SERIAL, and for BENCH_WORKERS
 * when the threads could not be started. */
const mote_task_system *bench_task_system(bench_parallel p);

/* Stops the workers (at exit). */
void bench_tasks_release(void);

#endif
