/* The two-core ceiling loops (bench_ceiling.h). */
#include "bench_ceiling.h"

#include <stdio.h>

#include "bench_buffers.h"
#include "bench_run.h"
#include "bench_tasks.h"
#include "memory_loop.h"
#include "task_split.h"

/* The shortest range a worker is handed (elements, a multiple of MOTE_PAD_ELEMENTS): short
 * enough that 16k elements split. */
#define MIN_RANGE_ELEMENTS 1024
/* Multiply-adds per element of the compute loop. */
#define CHAIN 32

typedef enum ceiling_loop { CEILING_COMPUTE, CEILING_MEMORY, CEILING_LOOP_COUNT } ceiling_loop;

static const char *const loop_names[CEILING_LOOP_COUNT] = {"compute", "memory"};
/* bytes a step moves per element: compute reads and writes x; memory reads 4 floats, writes 2 */
static const size_t loop_bytes[CEILING_LOOP_COUNT] = {8, 24};

/* The arrays (4 of them, count floats each; compute uses the first), kept for the largest
 * size asked so far. */
static float *arrays[4];
static size_t array_count;

static bool reserve_arrays(size_t count) {
    if (count <= array_count) {
        return true;
    }
    bench_ceiling_release();
    for (int a = 0; a < 4; ++a) {
        arrays[a] = bench_buffer_alloc(count * sizeof(float));
        if (arrays[a] == NULL) {
            bench_ceiling_release();
            return false;
        }
        for (size_t i = 0; i < count; ++i) {
            arrays[a][i] =
                1.0f + 0.25f * (float)a; /* fixed points of both loops' maps stay normal */
        }
    }
    array_count = count;
    return true;
}

void bench_ceiling_release(void) {
    for (int a = 0; a < 4; ++a) {
        bench_buffer_free(arrays[a], array_count * sizeof(float));
        arrays[a] = NULL;
    }
    array_count = 0;
}

/* x = x * 0.5 + 1, CHAIN times per element (converges to 2: never subnormal or infinite). */
static void compute_range(float *x, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        float a = x[i];
        for (int k = 0; k < CHAIN; ++k) {
            a = a * 0.5f + 1.0f;
        }
        x[i] = a;
    }
}

static void loop_range(ceiling_loop loop, size_t begin, size_t end) {
    if (loop == CEILING_COMPUTE) {
        compute_range(arrays[0], begin, end);
    } else {
        bench_memory_critical(arrays[0] + begin, arrays[1] + begin, arrays[2] + begin,
                              arrays[3] + begin, end - begin);
    }
}

/* One registered row: a loop, serial or on a task system. */
typedef struct ceiling_case {
    ceiling_loop loop;
    bench_parallel parallel;
    size_t count; /* set by run_case for the row being timed */
} ceiling_case;

static void range(size_t begin, size_t end, void *context) {
    const ceiling_case *c = context;
    loop_range(c->loop, begin, end);
}

/* One step of the loop, split as a pool's parallel step is (task_split.h). */
static bool step(void *context) {
    const ceiling_case *c = context;
    const mote_task_system *tasks = bench_task_system(c->parallel);
    if (c->parallel != BENCH_SERIAL && tasks == NULL) {
        return false;
    }
    mote_run_range_tasks(tasks, 0, c->count, MIN_RANGE_ELEMENTS, range, (void *)c);
    return true;
}

static void restore(void *context) {
    (void)context; /* both loops stay in range by themselves */
}

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    ceiling_case *c = user;
    if (!reserve_arrays((size_t)arg)) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    c->count = (size_t)arg;
    bench_job job = {step, restore, c, c->count, loop_bytes[c->loop]};
    bench_run(state, &job);
}

static ceiling_case cases[CEILING_LOOP_COUNT][BENCH_PARALLEL_COUNT];

void bench_register_ceiling_cases(void) {
    static const int64_t counts[] = {1024, 16384, 65536, 1048576,
                                     8388608}; /* 1024: CI's smoke run */
    for (int loop = 0; loop < CEILING_LOOP_COUNT; ++loop) {
        for (int parallel = 0; parallel < BENCH_PARALLEL_COUNT; ++parallel) {
            if (!bench_parallel_available((bench_parallel)parallel)) {
                continue;
            }
            ceiling_case *c = &cases[loop][parallel];
            *c = (ceiling_case){(ceiling_loop)loop, (bench_parallel)parallel, 0};
            for (size_t n = 0; n < sizeof counts / sizeof counts[0]; ++n) {
                char name[64];
                snprintf(name, sizeof name, "ceiling/%s/loop%s/%lld", loop_names[loop],
                         bench_parallel_suffix((bench_parallel)parallel), (long long)counts[n]);
                mote_bench_register_real_time(name, run_case, c, counts[n]);
            }
        }
    }
}
