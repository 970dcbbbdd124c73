/* mote_workers: a ready task system on threads of mote's own (mote/tasks.h).
 *
 * A step publishes one generation: each thread's range (its slot) and the task, then the
 * generation number. Every slot's state is the generation and a phase, changed only by
 * compare-and-swap, so a range runs exactly once: its thread takes it (OPEN -> TAKEN, then
 * DONE), or the calling thread, done with its own range first, takes it instead (OPEN ->
 * STOLEN). The calling thread waits only for ranges a thread has started. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif
#include "mote/tasks.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "allocator.h"
#include "worker_shares.h"
#include "worker_threads.h"

#if defined(MOTE_HAVE_PTHREADS)
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#endif

_Static_assert(MOTE_WORKERS_MAX <= MOTE_SHARES_MAX_WORKERS, "every worker's speed is learnt");

/* A slot's phase (the low two bits of its state; the generation is the rest). */
enum { PHASE_OPEN = 0, PHASE_TAKEN = 1, PHASE_DONE = 2, PHASE_STOLEN = 3 };

static uint64_t state_of(uint64_t generation, unsigned phase) {
    return generation << 2 | phase;
}

/* One thread's range of a step, on a cache line of its own (only its thread and the calling
 * thread touch it). */
typedef struct range_slot {
    alignas(64) _Atomic uint64_t state;
    size_t begin;
    size_t end;
    double seconds; /* its thread's time on it, for the learnt shares */
} range_slot;

/* A thread's start argument: its workers and its index (>= 1). */
typedef struct thread_start {
    struct mote_workers *workers;
    unsigned index;
} thread_start;

struct mote_workers {
    /* the step being published: read by every thread right after the generation */
    alignas(64) _Atomic uint64_t generation;
    mote_task_fn *task;
    void *task_context;
    _Atomic int stopping;
    _Atomic int held; /* mote_workers_hold */
    /* the calling side */
    alignas(64) _Atomic int busy; /* a step is running on these workers */
    _Atomic unsigned sleepers;    /* threads asleep on wake */
    unsigned worker_count;
    unsigned thread_count;    /* threads started: worker_count - 1 once created */
    mote_allocator allocator; /* the one it was created with, which frees it */
#if defined(MOTE_HAVE_PTHREADS)
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t threads[MOTE_WORKERS_MAX];
    thread_start starts[MOTE_WORKERS_MAX]; /* thread t's argument, for its lifetime */
#endif
    range_slot slots[MOTE_WORKERS_MAX]; /* slot w: worker w's range (slot 0 unused) */
};

#if defined(MOTE_HAVE_PTHREADS)

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A hint to the core that this thread is spinning. */
static void spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* The next generation after seen: spun for, then slept for. */
static uint64_t wait_for_step(mote_workers *w, uint64_t seen) {
    const double spin_until = seconds_now() + MOTE_WORKERS_SPIN_SECONDS;
    for (unsigned i = 1;; ++i) {
        uint64_t g = atomic_load_explicit(&w->generation, memory_order_acquire);
        if (g != seen) {
            return g;
        }
        spin_pause();
        if (i % 256 == 0 && seconds_now() > spin_until) {
            break;
        }
    }
    /* sleepers is counted before the generation is read again, and the caller publishes the
     * generation before it reads sleepers (both sequentially consistent): either this thread
     * sees the new generation, or the caller sees it asleep and wakes it under the lock */
    pthread_mutex_lock(&w->lock);
    atomic_fetch_add(&w->sleepers, 1u);
    uint64_t g;
    while ((g = atomic_load(&w->generation)) == seen) {
        pthread_cond_wait(&w->wake, &w->lock);
    }
    atomic_fetch_sub(&w->sleepers, 1u);
    pthread_mutex_unlock(&w->lock);
    return g;
}

/* Worker index's loop: each generation, its range if nobody took it first. */
static void *worker_main(void *argument) {
    const thread_start *start = argument;
    mote_workers *w = start->workers;
    const unsigned index = start->index;
    range_slot *slot = &w->slots[index];
    uint64_t seen = 0;
    for (;;) {
        seen = wait_for_step(w, seen);
        if (atomic_load(&w->stopping)) {
            return NULL;
        }
        uint64_t open = state_of(seen, PHASE_OPEN);
        if (!atomic_load_explicit(&w->held, memory_order_relaxed) &&
            atomic_compare_exchange_strong_explicit(&slot->state, &open,
                                                    state_of(seen, PHASE_TAKEN),
                                                    memory_order_acquire, memory_order_relaxed)) {
            /* taken: the caller waits for DONE, so this step's task and range stay put */
            const double began = seconds_now();
            if (slot->begin < slot->end) {
                w->task(slot->begin, slot->end, index, w->task_context);
            }
            slot->seconds = seconds_now() - began;
            atomic_store_explicit(&slot->state, state_of(seen, PHASE_DONE), memory_order_release);
        }
    }
}

/* Waits for a range its thread took: spinning, then yielding the CPU (the thread may be
 * waiting for this one). */
static void wait_for_range(range_slot *slot, uint64_t generation) {
    const uint64_t done = state_of(generation, PHASE_DONE);
    const double yield_after = seconds_now() + MOTE_WORKERS_SPIN_SECONDS;
    bool yielding = false;
    for (unsigned i = 1; atomic_load_explicit(&slot->state, memory_order_acquire) != done; ++i) {
        if (yielding) {
            sched_yield();
        } else {
            spin_pause();
            yielding = i % 256 == 0 && seconds_now() > yield_after;
        }
    }
}

/* Runs [begin, end) on the calling thread (worker 0), unless it is empty. */
static void run_range(mote_task_fn *task, size_t begin, size_t end, void *task_context) {
    if (begin < end) {
        task(begin, end, 0, task_context);
    }
}

/* Runs [0, item_count) as `ranges` ranges: this thread the first and any no thread started. */
static void run_step(mote_workers *w, mote_task_fn *task, size_t item_count, size_t min_range,
                     int ranges, void *task_context) {
    size_t bounds[MOTE_WORKERS_MAX + 1];
    double seconds[MOTE_WORKERS_MAX];
    mote_shares_split(item_count, min_range, ranges, bounds);
    const uint64_t generation = atomic_load_explicit(&w->generation, memory_order_relaxed) + 1;
    w->task = task;
    w->task_context = task_context;
    for (int r = 1; r < ranges; ++r) {
        w->slots[r].begin = bounds[r];
        w->slots[r].end = bounds[r + 1];
        atomic_store_explicit(&w->slots[r].state, state_of(generation, PHASE_OPEN),
                              memory_order_relaxed);
    }
    atomic_store(&w->generation, generation); /* publishes the slots (sequentially consistent) */
    if (atomic_load(&w->sleepers) > 0) {
        pthread_mutex_lock(&w->lock);
        pthread_cond_broadcast(&w->wake);
        pthread_mutex_unlock(&w->lock);
    }
    double began = seconds_now();
    run_range(task, bounds[0], bounds[1], task_context);
    seconds[0] = seconds_now() - began;
    bool stolen[MOTE_WORKERS_MAX] = {false};
    bool any_stolen = false;
    for (int r = 1; r < ranges; ++r) {
        uint64_t open = state_of(generation, PHASE_OPEN);
        if (atomic_compare_exchange_strong_explicit(&w->slots[r].state, &open,
                                                    state_of(generation, PHASE_STOLEN),
                                                    memory_order_acquire, memory_order_relaxed)) {
            run_range(task, bounds[r], bounds[r + 1], task_context);
            stolen[r] = any_stolen = true;
        }
    }
    for (int r = 1; r < ranges; ++r) {
        if (!stolen[r]) {
            wait_for_range(&w->slots[r], generation);
            seconds[r] = w->slots[r].seconds;
        }
    }
    if (!any_stolen) {
        mote_shares_learn(ranges, bounds, seconds); /* every range timed on its own worker */
    }
}

static void stop_threads(mote_workers *w) {
    atomic_store(&w->stopping, 1);
    pthread_mutex_lock(&w->lock);
    atomic_fetch_add(&w->generation, 1u);
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    for (unsigned t = 0; t < w->thread_count; ++t) {
        pthread_join(w->threads[t], NULL);
    }
    w->thread_count = 0;
}

static unsigned online_cpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : (n > MOTE_WORKERS_MAX ? MOTE_WORKERS_MAX : (unsigned)n);
}

#else /* no POSIX threads: the calling thread is the only worker */

static void run_step(mote_workers *w, mote_task_fn *task, size_t item_count, size_t min_range,
                     int ranges, void *task_context) {
    (void)w;
    (void)min_range;
    (void)ranges;
    task(0, item_count, 0, task_context);
}

static unsigned online_cpus(void) {
    return 1;
}

#endif

static void *workers_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                             void *task_context, void *user_context) {
    mote_workers *w = user_context;
    if (item_count == 0) {
        return NULL;
    }
    const int ranges = mote_shares_worker_count(item_count, min_range, (int)w->worker_count);
    if (ranges < 2 || atomic_exchange_explicit(&w->busy, 1, memory_order_acquire) != 0) {
        task(0, item_count, 0, task_context); /* one range, or the workers are busy */
        return NULL;
    }
    run_step(w, task, item_count, min_range, ranges, task_context);
    atomic_store_explicit(&w->busy, 0, memory_order_release);
    return NULL; /* done before returning: nothing to finish */
}

mote_status mote_workers_create(unsigned worker_count, mote_workers **out_workers) {
    if (out_workers == NULL || worker_count > MOTE_WORKERS_MAX) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    *out_workers = NULL;
    const mote_allocator allocator = mote_get_allocator();
    mote_workers *w = mote_allocate(&allocator, sizeof *w);
    if (w == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    memset(w, 0, sizeof *w);
    w->allocator = allocator;
    w->worker_count = worker_count == 0 ? online_cpus() : worker_count;
#if defined(MOTE_HAVE_PTHREADS)
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        mote_release(&allocator, w, sizeof *w);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        mote_release(&allocator, w, sizeof *w);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    for (unsigned t = 0; t + 1 < w->worker_count; ++t) {
        w->starts[t] = (thread_start){w, t + 1};
        if (pthread_create(&w->threads[t], NULL, worker_main, &w->starts[t]) != 0) {
            mote_workers_destroy(w); /* the threads started so far */
            return MOTE_ERROR_OUT_OF_MEMORY;
        }
        ++w->thread_count;
    }
#else
    w->worker_count = 1;
#endif
    *out_workers = w;
    return MOTE_OK;
}

void mote_workers_destroy(mote_workers *workers) {
    if (workers == NULL) {
        return;
    }
#if defined(MOTE_HAVE_PTHREADS)
    stop_threads(workers);
    pthread_cond_destroy(&workers->wake);
    pthread_mutex_destroy(&workers->lock);
#endif
    const mote_allocator allocator = workers->allocator;
    mote_release(&allocator, workers, sizeof *workers);
}

mote_task_system mote_workers_task_system(mote_workers *workers) {
    mote_task_system system = {workers_enqueue, NULL, mote_workers_count(workers), workers};
    if (workers == NULL) {
        system.enqueue = NULL; /* steps run serially */
        system.worker_count = 1;
    }
    return system;
}

unsigned mote_workers_count(const mote_workers *workers) {
    return workers == NULL ? 0u : workers->worker_count;
}

void mote_workers_hold(mote_workers *workers, bool held) {
    if (workers != NULL) {
        atomic_store(&workers->held, held ? 1 : 0);
    }
}
