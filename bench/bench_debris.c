/* Debris pools stepped under a spinning station, per backend and size, beside the scalar
 * reference in the same run. The pieces: half free and tumbling, half attached to the hull
 * and peeling, with detach times spread over the restore period so pieces keep being released
 * (and reported) during the timed steps. Each step also advances the station spin and sets the
 * ship, and reports the released ids into a buffer, as a real frame would. */
#include "bench_debris.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_run.h"
#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "mote/random.h"

#define DT (1.0f / 60.0f)

static const size_t debris_counts[] = {1024, 16384, 65536, 1048576};

typedef struct debris_set {
    mote_backend backend;
    size_t count;
    mote_debris_pool *pool;
    float *initial[DEBRIS_FIELD_COUNT]; /* every field array at the start */
    mote_station_spin spin;
    mote_id released[256];
} debris_set;

static debris_set current;
static bool current_live;

static void view_arrays(mote_debris_pool *pool, float *p[DEBRIS_FIELD_COUNT]) {
    mote_debris_view v = mote_debris_pool_view(pool);
    debris_view_pointers(&v, p);
}

void bench_debris_release(void) {
    if (!current_live) {
        return;
    }
    mote_debris_pool_destroy(current.pool);
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        free(current.initial[f]);
    }
    memset(&current, 0, sizeof current);
    current_live = false;
}

/* A piece of a hull of radius 20 and length 60: even indices free, odd ones attached. */
static mote_debris_desc bench_piece(size_t i) {
    const uint64_t seed = 0x64656272u; /* "debr" */
    mote_debris_desc d = mote_default_debris_desc();
    float a = 6.2831853f * mote_random_unit(seed, 4 * i);
    float z = mote_random_range(seed, 4 * i + 1, -30.0f, 30.0f);
    d.anchor = (mote_vec3){20.0f * cosf(a), 20.0f * sinf(a), z};
    d.outward = (mote_vec3){cosf(a), sinf(a), 0.0f};
    d.base = mote_quat_axis_angle((mote_vec3){0.0f, 0.0f, 1.0f}, a);
    d.twist = mote_random_range(seed, 4 * i + 2, -3.0f, 3.0f);
    d.max_distance = 2.0f;
    mote_debris_ranges ranges = {0.5f, 6.0f, 1.0f, 8.0f, -2.0f, 2.0f};
    mote_debris_draw(&d, &ranges, seed, i);
    d.detach_time = mote_random_range(seed, 4 * i + 3, 0.5f, 4.2f); /* within 256 steps */
    d.peel_start = d.detach_time - 0.5f;
    if (i % 2 == 0) {
        d.phase = MOTE_DEBRIS_FREE;
        d.position = (mote_vec3){d.anchor.x * 2.0f, d.anchor.y * 2.0f, z};
        d.velocity = (mote_vec3){d.outward.x * 20.0f, d.outward.y * 20.0f, 1.0f};
    }
    return d;
}

static debris_set *acquire(mote_backend backend, size_t count) {
    if (current_live && current.backend == backend && current.count == count) {
        return &current;
    }
    bench_debris_release();
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.backend = backend;
    def.capacity = count;
    if (mote_debris_pool_create(&def, &current.pool) != MOTE_OK) {
        return NULL;
    }
    current_live = true;
    current.backend = backend;
    current.count = count;
    for (size_t i = 0; i < count; ++i) {
        mote_debris_desc d = bench_piece(i);
        if (mote_debris_pool_add(current.pool, &d, NULL) != MOTE_OK) {
            bench_debris_release();
            return NULL;
        }
    }
    float *p[DEBRIS_FIELD_COUNT];
    view_arrays(current.pool, p);
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        current.initial[f] = malloc(count * sizeof(float));
        if (current.initial[f] == NULL) {
            bench_debris_release();
            return NULL;
        }
        memcpy(current.initial[f], p[f], count * sizeof(float));
    }
    return &current;
}

static void restore(void *context) {
    debris_set *set = context;
    float *p[DEBRIS_FIELD_COUNT];
    view_arrays(set->pool, p);
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        memcpy(p[f], set->initial[f], set->count * sizeof(float));
    }
    set->spin = mote_default_station_spin();
}

static bool step(void *context) {
    debris_set *set = context;
    mote_station_spin_step(&set->spin, DT);
    mote_debris_ship ship = mote_station_spin_ship(&set->spin, (mote_vec3){0.0f, 0.0f, 0.0f});
    mote_debris_released released = {set->released, 256, 0};
    return mote_debris_pool_set_ship(set->pool, &ship) == MOTE_OK &&
           mote_debris_pool_step(set->pool, DT, &released) == MOTE_OK;
}

static mote_backend backends[MOTE_BACKEND_COUNT];

static void run_case(mote_bench_state *state, void *user, int64_t arg) {
    const mote_backend *backend = user;
    debris_set *set = acquire(*backend, (size_t)arg);
    if (set == NULL) {
        mote_bench_skip_with_error(state, "out of memory");
        return;
    }
    /* every field read, the clock, phase, position, orientation and velocity written */
    bench_job job = {step, restore, set, set->count, (DEBRIS_FIELD_COUNT + 12) * sizeof(float)};
    bench_run(state, &job);
}

void bench_register_debris_cases(void) {
    for (size_t n = 0; n < sizeof debris_counts / sizeof debris_counts[0]; ++n) {
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            backends[b] = (mote_backend)b;
            char name[64];
            snprintf(name, sizeof name, "debris/%s/%zu", mote_backend_name((mote_backend)b),
                     debris_counts[n]);
            mote_bench_register(name, run_case, &backends[b], (int64_t)debris_counts[n]);
        }
    }
}
