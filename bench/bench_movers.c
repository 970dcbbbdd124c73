/* The crowd benchmarks: one mover pool per backend and size, filled with a seeded crowd
 * (walking, turning, stopping, reversing, some facing explicitly) and stepped at 60 Hz with
 * the default params. Items are movers stepped; bytes are the 16 fields read and the 12
 * written per mover. */
#include "bench_movers.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_run.h"
#include "bench_shim.h"
#include "mote/mote.h"
#include "mover_fields.h"

#define MOVER_DT (1.0f / 60.0f)

static const size_t mover_counts[] = {1024, 16384, 65536, 1048576};

typedef struct mover_case {
    mote_backend backend;
    size_t count;
} mover_case;

#define MAX_MOVER_CASES 32
static mover_case cases[MAX_MOVER_CASES];
static int case_count;

/* The crowd being benchmarked, kept alive while consecutive benchmarks share backend and
 * size (Google Benchmark calls a body several times). */
typedef struct bench_crowd {
    mote_mover_pool *pool;
    float *initial[MOVER_FIELD_COUNT]; /* the fields at the start, restored every period */
    mote_backend backend;
    size_t count;
} bench_crowd;

static bench_crowd current;

static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static float random_range(uint64_t *state, float lo, float hi) {
    float unit = (float)(next_random(state) >> 40) / (float)(1u << 24);
    return lo + (hi - lo) * unit;
}

/* A plausible character: a fifth stopped, the rest walking at up to 400 units/s toward a
 * direction that differs from their current one by up to half a turn; one in six aims
 * explicitly. */
static mote_mover_desc plausible_mover(uint64_t *rng, size_t i) {
    mote_mover_desc d = mote_default_mover_desc();
    d.state.position.x = random_range(rng, -5000.0f, 5000.0f);
    d.state.position.y = random_range(rng, -5000.0f, 5000.0f);
    d.state.immediate_velocity.x = random_range(rng, -300.0f, 300.0f);
    d.state.immediate_velocity.y = random_range(rng, -300.0f, 300.0f);
    d.state.velocity = d.state.immediate_velocity;
    d.state.rotation = random_range(rng, -3.0f, 3.0f);
    d.state.immediate_rotation = d.state.rotation;
    if (i % 5 != 0) {
        d.desired_velocity.x = random_range(rng, -400.0f, 400.0f);
        d.desired_velocity.y = random_range(rng, -400.0f, 400.0f);
    }
    d.explicit_facing = i % 6 == 0;
    d.desired_facing = random_range(rng, -3.0f, 3.0f);
    return d;
}

void bench_movers_release(void) {
    mote_mover_pool_destroy(current.pool);
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        free(current.initial[f]);
    }
    memset(&current, 0, sizeof current);
}

static bench_crowd *acquire(mote_backend backend, size_t count) {
    if (current.pool != NULL && current.backend == backend && current.count == count) {
        return &current;
    }
    bench_movers_release();
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.backend = backend;
    def.capacity = count;
    if (mote_mover_pool_create(&def, &current.pool) != MOTE_OK) {
        return NULL;
    }
    current.backend = backend;
    current.count = count;
    uint64_t rng = 0x6d6f7665727321u; /* "movers!" */
    for (size_t i = 0; i < count; ++i) {
        mote_mover_desc d = plausible_mover(&rng, i);
        if (mote_mover_pool_add(current.pool, &d, NULL) != MOTE_OK) {
            bench_movers_release();
            return NULL;
        }
    }
    mote_mover_view view = mote_mover_pool_view(current.pool);
    float *p[MOVER_FIELD_COUNT];
    mover_view_pointers(&view, p);
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        current.initial[f] = malloc(count * sizeof(float));
        if (current.initial[f] == NULL) {
            bench_movers_release();
            return NULL;
        }
        memcpy(current.initial[f], p[f], count * sizeof(float));
    }
    return &current;
}

static bool step_crowd(void *context) {
    bench_crowd *crowd = context;
    return mote_mover_pool_step(crowd->pool, MOVER_DT) == MOTE_OK;
}

static void restore_crowd(void *context) {
    bench_crowd *crowd = context;
    mote_mover_view view = mote_mover_pool_view(crowd->pool);
    float *p[MOVER_FIELD_COUNT];
    mover_view_pointers(&view, p);
    for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
        memcpy(p[f], crowd->initial[f], crowd->count * sizeof(float));
    }
}

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    (void)arg;
    const mover_case *c = user;
    bench_crowd *crowd = acquire(c->backend, c->count);
    if (crowd == NULL) {
        mote_bench_skip_with_error(state, "could not build the crowd");
        return;
    }
    bench_job job = {step_crowd, restore_crowd, crowd, crowd->count,
                     (MOVER_FIELD_COUNT + MOVER_STATE_COUNT) * sizeof(float)};
    bench_run(state, &job);
}

void bench_register_mover_cases(void) {
    const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE, MOTE_BACKEND_AVX2,
                                     MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};
    for (size_t n = 0; n < sizeof mover_counts / sizeof mover_counts[0]; ++n) {
        for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
            if (!mote_backend_available(backends[b]) || case_count == MAX_MOVER_CASES) {
                continue;
            }
            mover_case *c = &cases[case_count++];
            c->backend = backends[b];
            c->count = mover_counts[n];
            char name[64];
            snprintf(name, sizeof name, "movers/%s/%zu", mote_backend_name(c->backend), c->count);
            mote_bench_register(name, run_case, c, 0);
        }
    }
}
