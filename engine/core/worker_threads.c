/* mote_workers: a ready task system on threads of mote's own (mote/tasks.h).
 *
 * A step publishes one generation: each thread's range (its slot), cut into at most
 * RANGE_CHUNKS chunks, and the task, then the generation number. A slot's claims word holds the
 * generation and the chunks nobody has claimed yet, [front, back); it changes only by
 * compare-and-swap, so every chunk runs exactly once. The slot's thread claims chunks from the
 * front, one at a time; the calling thread, done with its own range, claims from the back: the
 * whole range if its thread has not started it, else half of what is left, until nothing is
 * left anywhere. Then it waits, but only for chunks a thread is running: a thread the OS stops
 * in its range holds up the step by the chunk it is in, not by the rest of its range. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif
#include "mote/tasks.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "allocator.h"
#include "refuse.h"
#include "worker_shares.h"
#include "worker_threads.h"

#if defined(MOTE_HAVE_PTHREADS)
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#endif

_Static_assert(MOTE_WORKERS_MAX <= MOTE_SHARES_MAX_WORKERS, "every worker's speed is learnt");

/* The most chunks one thread's range is cut into (each at least the step's min_range): the
 * most of its range a thread the OS stops can hold a step up by is one chunk, about 1/8. */
#define RANGE_CHUNKS 8u

/* A slot's claims word: the generation's low 32 bits, then the unclaimed chunks [front, back)
 * in 16 bits each. */
static uint64_t claims_of(uint64_t generation, unsigned front, unsigned back) {
    return (generation & 0xffffffffu) << 32 | (uint64_t)front << 16 | back;
}
static unsigned claims_front(uint64_t claims) {
    return (unsigned)(claims >> 16) & 0xffffu;
}
static unsigned claims_back(uint64_t claims) {
    return (unsigned)claims & 0xffffu;
}
static bool claims_of_generation(uint64_t claims, uint64_t generation) {
    return claims >> 32 == (generation & 0xffffffffu);
}

/* One thread's range of a step, on a cache line of its own (only its thread and the calling
 * thread touch it). Its plain members are written by the calling thread before the step is
 * published and read by a thread only while it holds an unfinished chunk of it. */
typedef struct range_slot {
    alignas(64) _Atomic uint64_t claims;
    _Atomic unsigned done; /* chunks run to their end, by anyone, this generation */
    unsigned chunk_count;
    size_t begin;
    size_t end;
    size_t chunk;   /* items per chunk (the last may have fewer) */
    size_t items;   /* items its thread ran itself, for the learnt shares */
    double seconds; /* its thread's time on them */
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
    unsigned serial_steps;        /* steps left to run on the calling thread after a stall (read
                                   * and written only by the step holding busy) */
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

/* The items of chunks [first, last) of a slot. */
static void chunk_items(const range_slot *slot, unsigned first, unsigned last, size_t *begin,
                        size_t *end) {
    *begin = slot->begin + (size_t)first * slot->chunk;
    const size_t to = slot->begin + (size_t)last * slot->chunk;
    *end = to < slot->end ? to : slot->end;
}

/* Worker index's loop: each generation, the chunks of its range nobody took first, from the
 * front. */
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
        if (atomic_load_explicit(&w->held, memory_order_relaxed)) {
            continue;
        }
        double began = 0.0;
        size_t items = 0;
        uint64_t claims = atomic_load_explicit(&slot->claims, memory_order_acquire);
        while (claims_of_generation(claims, seen) && claims_front(claims) < claims_back(claims)) {
            const unsigned front = claims_front(claims);
            if (!atomic_compare_exchange_weak_explicit(
                    &slot->claims, &claims, claims_of(seen, front + 1, claims_back(claims)),
                    memory_order_acquire, memory_order_acquire)) {
                continue; /* claims reloaded: the calling thread took some from the back */
            }
            /* claimed: the caller waits for this chunk, so the step's task and slot stay put */
            size_t begin, end;
            chunk_items(slot, front, front + 1, &begin, &end);
            if (items == 0) {
                began = seconds_now();
            }
            w->task(begin, end, index, w->task_context);
            items += end - begin;
            slot->items = items;
            slot->seconds = seconds_now() - began;
            atomic_fetch_add_explicit(&slot->done, 1u, memory_order_release);
            claims = atomic_load_explicit(&slot->claims, memory_order_acquire);
        }
    }
}

/* Waits until every chunk of a slot has run: spinning, then yielding the CPU (its thread may
 * be waiting for this one). */
static void wait_for_chunks(range_slot *slot) {
    const double yield_after = seconds_now() + MOTE_WORKERS_SPIN_SECONDS;
    bool yielding = false;
    for (unsigned i = 1;
         atomic_load_explicit(&slot->done, memory_order_acquire) != slot->chunk_count; ++i) {
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

/* The calling thread claims chunks of a slot from the back and runs them, as one range per
 * claim: all that is left if the slot's thread has not started, else half (rounded up), until
 * none is left. Returns the items it ran. */
static size_t steal_chunks(mote_workers *w, range_slot *slot, uint64_t generation) {
    size_t stolen = 0;
    uint64_t claims = atomic_load_explicit(&slot->claims, memory_order_acquire);
    while (claims_front(claims) < claims_back(claims)) {
        const unsigned front = claims_front(claims), back = claims_back(claims);
        const unsigned take = front == 0 ? back : (back - front + 1) / 2;
        if (!atomic_compare_exchange_weak_explicit(&slot->claims, &claims,
                                                   claims_of(generation, front, back - take),
                                                   memory_order_acquire, memory_order_acquire)) {
            continue;
        }
        size_t begin, end;
        chunk_items(slot, back - take, back, &begin, &end);
        run_range(w->task, begin, end, w->task_context);
        atomic_fetch_add_explicit(&slot->done, take, memory_order_relaxed);
        stolen += end - begin;
        claims = atomic_load_explicit(&slot->claims, memory_order_acquire);
    }
    return stolen;
}

/* Runs [0, item_count) as `ranges` ranges: this thread the first, and the chunks of the others
 * no thread started. Returns whether the step stalled: this thread waited for the threads'
 * chunks longer than it stepped itself, so the step took longer than the serial step would
 * have (a thread the OS stopped in a chunk). */
static bool run_step(mote_workers *w, mote_task_fn *task, size_t item_count, size_t min_range,
                     int ranges, void *task_context) {
    size_t bounds[MOTE_WORKERS_MAX + 1];
    mote_shares_split(item_count, min_range, ranges, bounds);
    const uint64_t generation = atomic_load_explicit(&w->generation, memory_order_relaxed) + 1;
    w->task = task;
    w->task_context = task_context;
    for (int r = 1; r < ranges; ++r) {
        range_slot *slot = &w->slots[r];
        const size_t items = bounds[r + 1] - bounds[r];
        const size_t even = (items + RANGE_CHUNKS - 1) / RANGE_CHUNKS;
        slot->begin = bounds[r];
        slot->end = bounds[r + 1];
        slot->chunk = even > min_range ? even : (min_range > 0 ? min_range : 1);
        slot->chunk_count = (unsigned)((items + slot->chunk - 1) / slot->chunk);
        slot->items = 0;
        slot->seconds = 0.0;
        atomic_store_explicit(&slot->done, 0u, memory_order_relaxed);
        atomic_store_explicit(&slot->claims, claims_of(generation, 0, slot->chunk_count),
                              memory_order_release);
    }
    atomic_store(&w->generation, generation); /* publishes the slots (sequentially consistent) */
    if (atomic_load(&w->sleepers) > 0) {
        pthread_mutex_lock(&w->lock);
        pthread_cond_broadcast(&w->wake);
        pthread_mutex_unlock(&w->lock);
    }
    const double began = seconds_now();
    run_range(task, bounds[0], bounds[1], task_context);
    const double own_seconds = seconds_now() - began;
    for (int r = 1; r < ranges; ++r) {
        (void)steal_chunks(w, &w->slots[r], generation);
    }
    const double waiting_from = seconds_now();
    /* what each worker ran itself, and in what time, for the learnt shares */
    size_t ran[MOTE_WORKERS_MAX + 1] = {0, bounds[1]};
    double seconds[MOTE_WORKERS_MAX] = {own_seconds};
    for (int r = 1; r < ranges; ++r) {
        wait_for_chunks(&w->slots[r]);
        ran[r + 1] = ran[r] + w->slots[r].items;
        seconds[r] = w->slots[r].seconds;
    }
    const double ended = seconds_now();
    mote_shares_learn(ranges, ran, seconds);
    return ended - waiting_from > waiting_from - began;
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

static bool run_step(mote_workers *w, mote_task_fn *task, size_t item_count, size_t min_range,
                     int ranges, void *task_context) {
    (void)w;
    (void)min_range;
    (void)ranges;
    task(0, item_count, 0, task_context);
    return false;
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
    if (w->serial_steps > 0) {
        --w->serial_steps; /* after a stall: this thread alone, the workers left asleep */
        task(0, item_count, 0, task_context);
    } else if (run_step(w, task, item_count, min_range, ranges, task_context)) {
        w->serial_steps = MOTE_WORKERS_STALL_SERIAL_STEPS;
    }
    atomic_store_explicit(&w->busy, 0, memory_order_release);
    return NULL; /* done before returning: nothing to finish */
}

mote_status mote_workers_create(unsigned worker_count, mote_workers **out_workers) {
    if (out_workers == NULL || worker_count > MOTE_WORKERS_MAX) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "out_workers must not be NULL and worker_count <= %d (got %u)",
                           MOTE_WORKERS_MAX, worker_count);
    }
    *out_workers = NULL;
    const mote_allocator allocator = mote_get_allocator();
    mote_workers *w = mote_allocate(&allocator, sizeof *w);
    if (w == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "the allocator refused the workers");
    }
    memset(w, 0, sizeof *w);
    w->allocator = allocator;
    w->worker_count = worker_count == 0 ? online_cpus() : worker_count;
#if defined(MOTE_HAVE_PTHREADS)
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        mote_release(&allocator, w, sizeof *w);
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "pthread_mutex_init failed");
    }
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        mote_release(&allocator, w, sizeof *w);
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "pthread_cond_init failed");
    }
    for (unsigned t = 0; t + 1 < w->worker_count; ++t) {
        w->starts[t] = (thread_start){w, t + 1};
        if (pthread_create(&w->threads[t], NULL, worker_main, &w->starts[t]) != 0) {
            mote_workers_destroy(w); /* the threads started so far */
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "pthread_create failed for worker %u",
                               t + 1);
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
