/* mote-frame-times: what a game feels of a parallel step, its frame times. One pool of
 * critical springs is stepped frame by frame on the calling thread (serial), on mote_workers
 * and on mote_openmp_task_system, idle and beside a competing load the program starts itself
 * (one busy thread per online CPU), and every step is timed alone. Prints p50, p99 and the
 * worst frame per system and load, and each p99 against the serial step's p99 in the same
 * load.
 *
 * Frames are paced like a game's (a step, then a sleep to the next frame's start at --hz;
 * --hz 0 steps back to back), and the systems take turns in rounds so that a load that
 * drifts over the run falls on each alike. Usage: see usage() below. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mote/mote.h"

enum { SYSTEM_SERIAL, SYSTEM_WORKERS, SYSTEM_OPENMP, SYSTEM_COUNT };
static const char *const system_names[SYSTEM_COUNT] = {"serial", "workers", "openmp"};

typedef struct options {
    size_t count;           /* springs */
    size_t frames;          /* timed frames per system and load */
    double hz;              /* frames per second; 0: back to back */
    unsigned rounds;        /* turns each system takes per load */
    bool idle, busy;        /* the loads to measure */
    unsigned workers;       /* mote_workers' and OpenMP's worker count; 0: one per online CPU */
    bool run[SYSTEM_COUNT]; /* the systems to measure (serial always: the rows' reference) */
} options;

static void usage(FILE *out) {
    fprintf(out, "usage: mote-frame-times [--count N] [--frames F] [--hz H] [--rounds R]\n"
                 "                        [--load idle|busy|both] [--workers W]\n"
                 "  --count N    critical springs in the pool (default 100000)\n"
                 "  --frames F   timed frames per system and load (default 2000), after 100\n"
                 "               untimed ones per system\n"
                 "  --hz H       frames per second: each step, then a sleep to the next frame\n"
                 "               (default 240; 0: steps back to back). dt is 1/H s (1/60 at 0)\n"
                 "  --rounds R   turns each system takes per load, F/R frames each (default 4)\n"
                 "  --load L     idle, busy (one busy thread per online CPU, started here) or\n"
                 "               both (default)\n"
                 "  --workers W  workers of mote_workers and OpenMP (default 0: one per CPU)\n"
                 "  --systems S  the parallel systems beside serial: workers, openmp or both\n"
                 "               (default)\n"
                 "OpenMP reads OMP_WAIT_POLICY at start: run once more with =passive to see it.\n");
}

static bool parse_size(const char *text, size_t min, size_t max, size_t *out) {
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max || text[0] == '-') {
        return false;
    }
    *out = (size_t)v;
    return true;
}

static bool parse_options(int argc, char **argv, options *o) {
    *o = (options){100000, 2000, 240.0, 4, true, true, 0, {true, true, true}};
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        size_t n = 0;
        if (strcmp(arg, "--help") == 0) {
            usage(stdout);
            exit(0);
        }
        if (value == NULL) {
            fprintf(stderr, "mote-frame-times: %s needs a value\n", arg);
            return false;
        }
        ++i;
        if (strcmp(arg, "--count") == 0 && parse_size(value, 1, (size_t)1 << 26, &n)) {
            o->count = n;
        } else if (strcmp(arg, "--frames") == 0 && parse_size(value, 1, 1000000, &n)) {
            o->frames = n;
        } else if (strcmp(arg, "--hz") == 0 && parse_size(value, 0, 100000, &n)) {
            o->hz = (double)n;
        } else if (strcmp(arg, "--rounds") == 0 && parse_size(value, 1, 1000, &n)) {
            o->rounds = (unsigned)n;
        } else if (strcmp(arg, "--workers") == 0 && parse_size(value, 0, MOTE_WORKERS_MAX, &n)) {
            o->workers = (unsigned)n;
        } else if (strcmp(arg, "--load") == 0 &&
                   (strcmp(value, "idle") == 0 || strcmp(value, "busy") == 0 ||
                    strcmp(value, "both") == 0)) {
            o->idle = strcmp(value, "busy") != 0;
            o->busy = strcmp(value, "idle") != 0;
        } else if (strcmp(arg, "--systems") == 0 &&
                   (strcmp(value, "workers") == 0 || strcmp(value, "openmp") == 0 ||
                    strcmp(value, "both") == 0)) {
            o->run[SYSTEM_WORKERS] = strcmp(value, "openmp") != 0;
            o->run[SYSTEM_OPENMP] = strcmp(value, "workers") != 0;
        } else {
            fprintf(stderr, "mote-frame-times: bad argument %s %s\n", arg, value);
            return false;
        }
    }
    if (o->frames < o->rounds) {
        o->rounds = (unsigned)o->frames;
    }
    return true;
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e6 * (double)t.tv_sec + 1e-3 * (double)t.tv_nsec;
}

/* Sleeps until the monotonic clock reads at_us. */
static void sleep_until(double at_us) {
    struct timespec t;
    t.tv_sec = (time_t)(at_us / 1e6);
    t.tv_nsec = (long)((at_us - 1e6 * (double)t.tv_sec) * 1e3);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR) {
    }
}

/* --- the competing load: one thread per online CPU, busy until told to stop --- */

static atomic_bool load_running;

static void *busy_thread(void *unused) {
    (void)unused;
    volatile double x = 1.0;
    while (atomic_load_explicit(&load_running, memory_order_relaxed)) {
        for (int i = 0; i < 1000; ++i) {
            x = x * 1.0000001 + 1e-9;
        }
    }
    return NULL;
}

static unsigned online_cpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : (unsigned)n;
}

/* --- the pool --- */

static uint64_t rng_state = 0x6672616d65u; /* "frame" */

static float uniform(float lo, float hi) {
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return lo + (hi - lo) * (float)(rng_state >> 40) / (float)(1u << 24);
}

/* Plausible springs: half-lives 0.1-1 s, goals and values in +-10. */
static mote_spring_pool *make_pool(size_t count) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = count;
    mote_spring_pool *pool = NULL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        return NULL;
    }
    for (size_t i = 0; i < count; ++i) {
        mote_spring_desc d = {0};
        d.x = uniform(-10.0f, 10.0f);
        d.v = uniform(-1.0f, 1.0f);
        d.goal = uniform(-10.0f, 10.0f);
        d.halflife = uniform(0.1f, 1.0f);
        if (mote_spring_pool_add(pool, &d, NULL) != MOTE_OK) {
            mote_spring_pool_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

/* New goals, as a game retargets (outside the timed step). */
static void retarget(mote_spring_pool *pool) {
    mote_spring_view view = mote_spring_pool_view(pool);
    for (size_t i = 0; i < view.count; ++i) {
        view.goal[i] = uniform(-10.0f, 10.0f);
    }
}

typedef struct runner {
    mote_spring_pool *pool;
    mote_task_system systems[SYSTEM_COUNT];
    const options *o;
    double next_frame_us; /* when the next frame starts (paced) */
    unsigned long frame;  /* frames stepped so far, for retargeting */
} runner;

/* Steps `frames` frames on system s, keeping each step's time in times (when not NULL). */
static bool run_frames(runner *r, int s, size_t frames, double *times) {
    const float dt = (float)(r->o->hz > 0.0 ? 1.0 / r->o->hz : 1.0 / 60.0);
    const double period_us = r->o->hz > 0.0 ? 1e6 / r->o->hz : 0.0;
    for (size_t f = 0; f < frames; ++f) {
        if (r->frame++ % 60 == 0) {
            retarget(r->pool);
        }
        if (period_us > 0.0) {
            r->next_frame_us += period_us;
            const double now = now_us();
            if (r->next_frame_us < now) {
                r->next_frame_us = now; /* late: the next frame starts now */
            }
            sleep_until(r->next_frame_us);
        }
        const double start = now_us();
        const mote_status status =
            s == SYSTEM_SERIAL ? mote_spring_pool_step(r->pool, dt)
                               : mote_spring_pool_step_parallel(r->pool, dt, &r->systems[s]);
        const double took = now_us() - start;
        if (status != MOTE_OK) {
            fprintf(stderr, "mote-frame-times: step failed: %s\n", mote_status_name(status));
            return false;
        }
        if (times != NULL) {
            times[f] = took;
        }
    }
    return true;
}

static int by_value(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the smallest time that at least p% of the frames do not exceed. */
static double percentile(const double *sorted, size_t n, unsigned p) {
    return sorted[(n * p + 99) / 100 - 1];
}

/* Measures every system in one load and prints its rows. */
static bool measure(runner *r, const char *load) {
    const options *o = r->o;
    double *times[SYSTEM_COUNT];
    for (int s = 0; s < SYSTEM_COUNT; ++s) {
        times[s] = malloc(o->frames * sizeof(double));
        if (times[s] == NULL) {
            fprintf(stderr, "mote-frame-times: out of memory\n");
            return false;
        }
    }
    bool ok = true;
    r->next_frame_us = now_us();
    for (int s = 0; s < SYSTEM_COUNT && ok; ++s) {
        /* warm: caches, the step cache's trial, the threads */
        ok = !o->run[s] || run_frames(r, s, 100, NULL);
    }
    for (unsigned round = 0; round < o->rounds && ok; ++round) {
        const size_t first = o->frames * round / o->rounds;
        const size_t last = o->frames * (round + 1) / o->rounds;
        for (int s = 0; s < SYSTEM_COUNT && ok; ++s) {
            ok = !o->run[s] || run_frames(r, s, last - first, times[s] + first);
        }
    }
    double serial_p99 = 0.0;
    for (int s = 0; s < SYSTEM_COUNT && ok; ++s) {
        if (!o->run[s]) {
            continue;
        }
        qsort(times[s], o->frames, sizeof(double), by_value);
        const double p50 = percentile(times[s], o->frames, 50);
        const double p99 = percentile(times[s], o->frames, 99);
        if (s == SYSTEM_SERIAL) {
            serial_p99 = p99;
        }
        printf("%-5s %-8s %3u %10.1f %10.1f %10.1f %9.2f %9.2f\n", load, system_names[s],
               r->systems[s].worker_count, p50, p99, times[s][o->frames - 1],
               p50 > 0.0 ? percentile(times[SYSTEM_SERIAL], o->frames, 50) / p50 : 0.0,
               p99 / serial_p99);
        fflush(stdout);
    }
    for (int s = 0; s < SYSTEM_COUNT; ++s) {
        free(times[s]);
    }
    return ok;
}

int main(int argc, char **argv) {
    options o;
    if (!parse_options(argc, argv, &o)) {
        usage(stderr);
        return 2;
    }
    runner r = {0};
    r.o = &o;
    r.pool = make_pool(o.count);
    mote_workers *workers = NULL;
    if (r.pool == NULL || mote_workers_create(o.workers, &workers) != MOTE_OK) {
        fprintf(stderr, "mote-frame-times: could not make the pool or the workers\n");
        mote_spring_pool_destroy(r.pool);
        return 1;
    }
    r.systems[SYSTEM_SERIAL] = mote_workers_task_system(NULL);
    r.systems[SYSTEM_WORKERS] = mote_workers_task_system(workers);
    r.systems[SYSTEM_OPENMP] = mote_openmp_task_system_workers(o.workers);
    const char *policy = getenv("OMP_WAIT_POLICY");
    printf("mote-frame-times: %zu critical springs (%s), %zu frames per system and load at %s, "
           "%u rounds; %u online CPUs; OpenMP %s, OMP_WAIT_POLICY=%s\n",
           o.count, mote_backend_name(mote_spring_pool_backend(r.pool)), o.frames,
           o.hz > 0.0 ? "a paced rate" : "back to back", o.rounds, online_cpus(),
           mote_openmp_available() ? "on" : "off (runs serially)", policy ? policy : "(unset)");
    if (o.hz > 0.0) {
        printf("pace: %.0f Hz\n", o.hz);
    }
    printf("%-5s %-8s %3s %10s %10s %10s %9s %9s\n", "load", "system", "wk", "p50_us", "p99_us",
           "worst_us", "p50_gain", "p99_ratio");
    int status = 0;
    if (o.idle && !measure(&r, "idle")) {
        status = 1;
    }
    if (o.busy && status == 0) {
        const unsigned n = online_cpus();
        pthread_t *threads = calloc(n, sizeof *threads);
        unsigned started = 0;
        atomic_store(&load_running, true);
        for (; threads != NULL && started < n; ++started) {
            if (pthread_create(&threads[started], NULL, busy_thread, NULL) != 0) {
                break;
            }
        }
        if (started < n) {
            fprintf(stderr, "mote-frame-times: started %u of %u busy threads\n", started, n);
            status = 1;
        } else if (!measure(&r, "busy")) {
            status = 1;
        }
        atomic_store(&load_running, false);
        for (unsigned t = 0; t < started; ++t) {
            pthread_join(threads[t], NULL);
        }
        free(threads);
    }
    printf("p50_gain: the serial p50 over the row's; p99_ratio: the row's p99 over the serial p99 "
           "in the same load (above 1: frames worse than the serial step's)\n");
    mote_workers_destroy(workers);
    mote_spring_pool_destroy(r.pool);
    return status;
}
