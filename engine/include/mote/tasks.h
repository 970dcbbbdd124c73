/* mote: stepping a pool on more than one core, through the caller's task system.
 *
 * A game usually owns its worker threads: a pool's parallel step hands ranges of elements to
 * the task system given here, in the style of Box2D v3's enqueue/finish callbacks. Two are
 * ready: mote_workers_task_system() on threads mote starts only when mote_workers_create asks
 * it to, and mote_openmp_task_system() on OpenMP. Ranges are independent and every kernel
 * gives the same bits for any split, so a parallel step is bit for bit the serial step. */
#ifndef MOTE_TASKS_H
#define MOTE_TASKS_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Work over the items [begin, end), run by worker worker_index (< the system's
 * worker_count). */
typedef void mote_task_fn(size_t begin, size_t end, unsigned worker_index, void *task_context);

/* Runs task over the items [0, item_count), split into ranges of at least min_range items
 * (the last may be shorter) that may run in parallel. Returns a handle for finish, or NULL
 * when the work has already been done inside this call. */
typedef void *mote_enqueue_task_fn(mote_task_fn *task, size_t item_count, size_t min_range,
                                   void *task_context, void *user_context);

/* Waits until every range of an enqueued task has run. */
typedef void mote_finish_task_fn(void *user_task, void *user_context);

typedef struct mote_task_system {
    mote_enqueue_task_fn *enqueue;
    mote_finish_task_fn *finish; /* may be NULL when enqueue always runs the work itself */
    unsigned worker_count;       /* workers that may run ranges at once, >= 1 */
    void *user_context;          /* passed back to enqueue and finish */
} mote_task_system;

/* A task system on OpenMP's threads (omp_get_max_threads() workers), or, in a build without
 * OpenMP, one that runs every range on the calling thread (worker_count 1).
 *
 * Its defaults:
 * - One contiguous range per worker, the same part of a pool to the same worker every step, so
 *   each core finds its part in its own cache (handing ranges to whichever worker is free, as
 *   a dynamic schedule does, would move them between cores every step).
 * - The ranges' sizes follow each worker's speed, learnt from the time it took on its last
 *   ranges (an average over about eight steps, shared by every pool): a core slowed by a busy
 *   neighbour or a smaller core gets less work, so the step does not wait for it. Any split
 *   gives the same bits.
 * - Fewer workers than asked for when the work has fewer ranges of min_range items (each pool
 *   kind's threshold, on its parallel step).
 * - Waiting is OpenMP's own: GNU OpenMP's workers spin for a while after a step, then sleep,
 *   which keeps a step's fork and join far cheaper than with OMP_WAIT_POLICY=passive (workers
 *   woken from sleep every step). Spinning workers compete
 *   with other threads on a loaded machine, where frames can take milliseconds: there, set
 *   OMP_WAIT_POLICY=passive, or use mote_workers (below), whose steps never wait for a thread
 *   the OS has not run, or hand mote the game's own task system. */
mote_task_system mote_openmp_task_system(void);

/* The same with worker_count threads chosen at run time (0: omp_get_max_threads()). Any count
 * gives the serial step's bits. A build without OpenMP runs on the calling thread. */
mote_task_system mote_openmp_task_system_workers(unsigned worker_count);

/* True when this build of mote has OpenMP, so mote_openmp_task_system() runs in parallel. */
bool mote_openmp_available(void);

/* Worker threads of mote's own, for a game without a task system of its own: the ready system
 * with the cheapest fork and join.
 *
 * - The calling thread is worker 0 and steps the first range itself; worker_count - 1 threads
 *   take one contiguous range each, the same part of a pool every step, sized by each worker's
 *   learnt speed (as mote_openmp_task_system's, and shared with it).
 * - Each thread's range is cut into up to 8 chunks, which its thread takes from the front one
 *   at a time. The calling thread, done with its own range, takes what is left from the back:
 *   a range no thread has started, whole (a worker the OS has not run, a sleeping thread, costs
 *   the step its range's time, never a wait for the OS), else half of what is left, until
 *   nothing is; then it waits only for the chunks threads are running.
 * - A step that stalls, waiting for those chunks longer than the calling thread stepped itself
 *   (a thread the OS stopped in a chunk: the step was slower than the serial step), sends the
 *   next MOTE_WORKERS_STALL_SERIAL_STEPS steps to the calling thread alone, the workers left
 *   asleep; the step after them tries the workers again. On a machine whose other work keeps
 *   stopping the workers, at most one step in MOTE_WORKERS_STALL_SERIAL_STEPS + 1 waits for
 *   one that long.
 * - Between steps a worker spins for MOTE_WORKERS_SPIN_SECONDS, so steps that follow each other
 *   (the pools of one frame) find it awake; then it sleeps until the next step, so it takes no
 *   CPU between frames. The first step after a sleep wakes it and does not wait for it.
 * - One step at a time: a step that finds the workers busy with another thread's step (or a
 *   step from inside a range) runs serially on its own thread, with the same bits.
 * Any worker count gives the serial step's bits. */
typedef struct mote_workers mote_workers;

/* How long, in seconds, a worker spins for the next step before it sleeps. */
#define MOTE_WORKERS_SPIN_SECONDS 200e-6

/* How many steps after a stall run on the calling thread alone (see above). */
#define MOTE_WORKERS_STALL_SERIAL_STEPS 128

/* The most workers a mote_workers may have. */
#define MOTE_WORKERS_MAX 64

/* Starts worker_count - 1 threads (0: one worker per online CPU), the workers' memory from
 * the allocator of mote_set_allocator. Errors:
 * MOTE_ERROR_INVALID_ARGUMENT (out_workers NULL, worker_count above MOTE_WORKERS_MAX),
 * MOTE_ERROR_OUT_OF_MEMORY (the allocator or the OS refused; nothing is left running). In a
 * build without POSIX threads the workers are the calling thread alone (worker_count 1). */
mote_status mote_workers_create(unsigned worker_count, mote_workers **out_workers);

/* Stops and joins the threads and frees the workers through the allocator they were created
 * with (NULL is ignored). No step may be running on them. */
void mote_workers_destroy(mote_workers *workers);

/* The task system that runs steps on workers (valid until mote_workers_destroy; for NULL, one
 * that steps on the calling thread). */
mote_task_system mote_workers_task_system(mote_workers *workers);

/* The number of workers, the calling thread included (0 for NULL). */
unsigned mote_workers_count(const mote_workers *workers);

#ifdef __cplusplus
}
#endif

#endif
