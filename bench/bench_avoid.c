/* The avoidance benchmarks: movers/avoid/<backend>/<n>, the square scene of avoid_scenes.h
 * (n bodies walking to random goals at 1.5 m/s), one whole step (grid, avoidance, movement,
 * projection) per iteration after 60 warm-up steps, on every backend and the scalar
 * reference, on MOTE_BACKEND_AUTO (auto: dispatch's choice, each stage on the variant the
 * kind prefers for it), and on mote's workers beside (<best>_workers, wall-clock). The counter
 * ns_per_agent is one step's time per body; the game's steering between steps is not timed. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include "bench_avoid.h"

#include <stdio.h>
#include <time.h>

#include "avoid_scenes.h"
#include "bench_shim.h"
#include "bench_tasks.h"

static const int64_t avoid_counts[] = {1000, 10000, 100000};

typedef struct avoid_case {
    mote_backend backend;
    bench_parallel parallel;
} avoid_case;

static avoid_case cases[2 * MOTE_BACKEND_COUNT + 1];
static int case_count;

static avoid_scene scene;
static const avoid_case *scene_case;
static size_t scene_count;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

void bench_avoid_release(void) {
    if (scene.pool != NULL) {
        avoid_scene_destroy(&scene);
    }
    scene_case = NULL;
}

static bool step_scene(const avoid_case *c) {
    avoid_scene_steer(&scene);
    const mote_task_system *tasks = bench_task_system(c->parallel);
    return (c->parallel == BENCH_SERIAL
                ? mote_mover_pool_step(scene.pool, AVOID_DT)
                : mote_mover_pool_step_parallel(scene.pool, AVOID_DT, tasks)) == MOTE_OK;
}

static void run_avoid(mote_bench_state *state, void *user, int64_t arg) {
    const avoid_case *c = user;
    if (scene_case != c || scene_count != (size_t)arg) {
        bench_avoid_release();
        if (avoid_scene_create(&scene, AVOID_SQUARE, (size_t)arg, c->backend) != MOTE_OK) {
            mote_bench_skip_with_error(state, "could not build the scene");
            return;
        }
        scene_case = c;
        scene_count = (size_t)arg;
        for (int k = 0; k < 60; ++k) { /* the warm-up */
            step_scene(c);
        }
    }
    double stepping = 0.0;
    int64_t steps = 0;
    while (mote_bench_keep_running(state)) {
        mote_bench_pause_timing(state);
        avoid_scene_steer(&scene);
        mote_bench_resume_timing(state);
        const double t0 = now_ns();
        const bool ok = c->parallel == BENCH_SERIAL
                            ? mote_mover_pool_step(scene.pool, AVOID_DT) == MOTE_OK
                            : mote_mover_pool_step_parallel(
                                  scene.pool, AVOID_DT, bench_task_system(c->parallel)) == MOTE_OK;
        stepping += now_ns() - t0;
        ++steps;
        if (!ok) {
            mote_bench_skip_with_error(state, "the step failed");
            return;
        }
    }
    mote_bench_set_items_processed(state, steps * arg);
    mote_bench_set_counter(state, "ns_per_agent",
                           steps > 0 ? stepping / (double)steps / (double)arg : 0.0);
}

static const avoid_case *case_for(mote_backend backend, bench_parallel parallel) {
    cases[case_count] = (avoid_case){backend, parallel};
    return &cases[case_count++];
}

void bench_register_avoid_cases(void) {
    const avoid_case *serial[MOTE_BACKEND_COUNT];
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        serial[b] = mote_backend_available((mote_backend)b)
                        ? case_for((mote_backend)b, BENCH_SERIAL)
                        : NULL;
    }
    const avoid_case *automatic = case_for(MOTE_BACKEND_AUTO, BENCH_SERIAL);
    const avoid_case *workers = bench_parallel_available(BENCH_WORKERS)
                                    ? case_for(mote_backend_detect(), BENCH_WORKERS)
                                    : NULL;
    for (size_t n = 0; n < sizeof avoid_counts / sizeof avoid_counts[0]; ++n) {
        char name[96];
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (serial[b] != NULL) {
                snprintf(name, sizeof name, "movers/avoid/%s/%lld",
                         mote_backend_name((mote_backend)b), (long long)avoid_counts[n]);
                mote_bench_register(name, run_avoid, (void *)serial[b], avoid_counts[n]);
            }
        }
        snprintf(name, sizeof name, "movers/avoid/%s/%lld", mote_backend_name(automatic->backend),
                 (long long)avoid_counts[n]);
        mote_bench_register(name, run_avoid, (void *)automatic, avoid_counts[n]);
        if (workers != NULL) {
            snprintf(name, sizeof name, "movers/avoid/%s%s/%lld",
                     mote_backend_name(workers->backend), bench_parallel_suffix(BENCH_WORKERS),
                     (long long)avoid_counts[n]);
            mote_bench_register_real_time(name, run_avoid, (void *)workers, avoid_counts[n]);
        }
    }
}
