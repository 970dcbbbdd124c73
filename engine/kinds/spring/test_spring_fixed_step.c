/* The fixed-step fast path of the spring pools (issue 15): a pool whose steps reuse the cached
 * decay factors gives exactly the bits of one that computes them, on every backend this
 * machine runs and every kind that caches, through a fixed dt, dampings changed through the
 * view, changing and jittery dts, add/remove, ranged and parallel steps, backend changes and
 * snapshots (which hold no cache: they restore across the setting both ways, and a cached
 * pool saves a restored snapshot back byte for byte); every compiled
 * kernel variant, emulated ones included, gives the general path's bits through the cache; a
 * pool with the cache off allocates nothing for it; a bad setting is refused. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "kernel_table.h"
#include "mote/mote.h"
#include "spring_fields.h"
#include "test_support.h"

#define COUNT 1037 /* not a multiple of any lane count: the partial last vector is cached too */
/* 1,000 steps natively; fewer under emulation or valgrind (MOTE_TEST_SCALE), as every run of
 * steps below: SCALED(n) is n natively and never below 3, so a cache still fills and is used */
#define STEPS     ((int)test_scaled(1000))
#define SCALED(n) ((int)test_scaled_at_least((n), 3))

static const mote_backend backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                        MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};
#define BACKEND_COUNT (sizeof backends / sizeof backends[0])

/* The kinds that cache a factor, then two that do not (they must ignore the setting). */
static const mote_spring_kind kinds[] = {MOTE_SPRING_CRITICAL,     MOTE_SPRING_ANGLE,
                                         MOTE_SPRING_DOUBLE_ANGLE, MOTE_SPRING_DECAY,
                                         MOTE_SPRING_DOUBLE,       MOTE_SPRING_INERTIALIZE,
                                         MOTE_SPRING_DAMPER,       MOTE_SPRING_EXP_RESPONSE,
                                         MOTE_SPRING_DAMPED,       MOTE_SPRING_SEMI_IMPLICIT};
#define CACHING_KIND_COUNT 8
#define KIND_COUNT         (sizeof kinds / sizeof kinds[0])

static uint32_t next_random(uint32_t *s) {
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static float uniform(uint32_t *s, float lo, float hi) {
    return lo + (hi - lo) * (float)next_random(s) / (float)(1u << 24);
}

static mote_spring_desc random_desc(uint32_t *s) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = uniform(s, -3.0f, 3.0f);
    d.v = uniform(s, -2.0f, 2.0f);
    d.goal = uniform(s, -3.0f, 3.0f);
    d.xi = uniform(s, -3.0f, 3.0f);
    d.vi = uniform(s, -2.0f, 2.0f);
    /* a few share one half-life, as a game's springs often do */
    d.halflife = next_random(s) % 4 == 0 ? 0.25f : uniform(s, 0.05f, 2.0f);
    d.stiffness = uniform(s, 4.0f, 100.0f);
    d.damping = uniform(s, 1.0f, 20.0f);
    d.rate = next_random(s) % 4 == 0 ? 10.0f : uniform(s, 0.5f, 20.0f);
    d.incoming_v = uniform(s, -2.0f, 2.0f);
    d.offset_x = uniform(s, -1.0f, 1.0f);
    d.offset_v = uniform(s, -1.0f, 1.0f);
    return d;
}

static mote_spring_pool *make(mote_spring_kind kind, mote_backend backend, mote_step_cache cache,
                              size_t count) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.backend = backend;
    def.step_cache = cache;
    def.capacity = 16;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    uint32_t s = 12345u + (uint32_t)kind;
    mote_spring_desc *descs = malloc((count > 0 ? count : 1) * sizeof *descs);
    assert_non_null(descs);
    for (size_t i = 0; i < count; ++i) {
        descs[i] = random_desc(&s);
    }
    assert_int_equal(mote_spring_pool_add_many(pool, descs, count, NULL), MOTE_OK);
    free(descs);
    return pool;
}

/* The view's field pointers, indexed by SPRING_FIELD_*. */
static void view_fields(const mote_spring_view *view, float *p[SPRING_FIELD_COUNT]) {
    float *fields[SPRING_FIELD_COUNT] = {
        view->x,       view->v,    view->goal,       view->xi,       view->vi,      view->stiffness,
        view->damping, view->rate, view->incoming_v, view->offset_x, view->offset_v};
    memcpy(p, fields, sizeof fields);
}

/* Every stored field of a and b has the same bits (and the counts agree). */
static void assert_same_bits(mote_spring_pool *a, mote_spring_pool *b, const char *what) {
    mote_spring_view va = mote_spring_pool_view(a), vb = mote_spring_pool_view(b);
    assert_int_equal(va.count, vb.count);
    float *pa[SPRING_FIELD_COUNT], *pb[SPRING_FIELD_COUNT];
    view_fields(&va, pa);
    view_fields(&vb, pb);
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        assert_true((pa[f] == NULL) == (pb[f] == NULL));
        if (pa[f] != NULL && memcmp(pa[f], pb[f], va.count * sizeof(float)) != 0) {
            fail_msg("%s: field %d differs (%s, %s)", what, f,
                     mote_spring_kind_name(mote_spring_pool_kind(a)),
                     mote_backend_name(mote_spring_pool_backend(a)));
        }
    }
}

/* The parameter a kind's factor comes from: damping, or exp_response's rate. */
static float *parameter_of(const mote_spring_view *view) {
    return view->damping != NULL ? view->damping : view->rate;
}

/* One scenario, run alike on a cached and an uncached pool. */
typedef void (*scenario_fn)(mote_spring_pool *pool);

static void fixed_dt(mote_spring_pool *pool) {
    for (int k = 0; k < STEPS; ++k) {
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
}

/* One lane of one vector (and a whole vector's worth further on) gets a new damping (rate for
 * exp_response) through the view mid-run, twice. */
static void damping_through_view(mote_spring_pool *pool) {
    const int steps = STEPS, first = steps * 3 / 10, second = steps * 7 / 10;
    for (int k = 0; k < steps; ++k) {
        if (k == first || k == second) {
            mote_spring_view view = mote_spring_pool_view(pool);
            float *parameter = parameter_of(&view);
            parameter[5] *= 1.5f;
            for (size_t i = 64; i < 80; ++i) {
                parameter[i] = 3.0f + (float)k / 100.0f;
            }
            parameter[200] = k == first ? 0.0f : -0.0f; /* -0 over +0 is a change */
            view.x[200] = -0.0f;
            if (view.goal != NULL) {
                view.goal[200] = 1.0f;
            }
        }
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
}

/* 30 Hz, then 240 Hz, then a jittery dt that repeats some values (so the cache fills and is
 * dropped again), then 60 Hz. */
static void changing_dt(mote_spring_pool *pool) {
    for (int k = 0; k < SCALED(100); ++k) {
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 30.0f), MOTE_OK);
    }
    for (int k = 0; k < SCALED(200); ++k) {
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 240.0f), MOTE_OK);
    }
    uint32_t s = 7u;
    for (int k = 0; k < SCALED(400); ++k) {
        const float dt = (1.0f / 60.0f) * (0.8f + 0.1f * (float)(next_random(&s) % 5));
        const int repeats = 1 + (int)(next_random(&s) % 3);
        for (int r = 0; r < repeats; ++r) {
            assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
        }
    }
    for (int k = 0; k < SCALED(100); ++k) {
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    }
}

/* Removes (each one's place taken by the last element), adds and sets between fixed steps. */
static void add_remove_set(mote_spring_pool *pool) {
    uint32_t s = 99u;
    for (int round = 0; round < 10; ++round) {
        for (int k = 0; k < SCALED(50); ++k) {
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
        for (int r = 0; r < 7; ++r) {
            const size_t n = mote_spring_pool_count(pool);
            const mote_id id = mote_spring_pool_id_at(pool, next_random(&s) % n);
            assert_int_equal(mote_spring_pool_remove(pool, id), MOTE_OK);
        }
        for (int a = 0; a < 5; ++a) {
            const mote_spring_desc d = random_desc(&s);
            assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
        }
        const mote_spring_desc d = random_desc(&s);
        const size_t n = mote_spring_pool_count(pool);
        assert_int_equal(mote_spring_pool_set(pool, mote_spring_pool_id_at(pool, round % n), &d),
                         MOTE_OK);
    }
}

/* Ranged steps at one dt, split differently each step, and a range stepped at another dt. */
static void ranged_steps(mote_spring_pool *pool) {
    const size_t n = mote_spring_pool_count(pool);
    const int every = SCALED(50);
    for (int k = 0; k < 6 * every; ++k) {
        const size_t cut = (size_t)(k * 37) % n;
        assert_int_equal(mote_spring_pool_step_range(pool, 0, cut, 1.0f / 60.0f), MOTE_OK);
        assert_int_equal(mote_spring_pool_step_range(pool, cut, n, 1.0f / 60.0f), MOTE_OK);
        if (k % every == every - 1) {
            assert_int_equal(mote_spring_pool_step_range(pool, 3, n / 2, 1.0f / 45.0f), MOTE_OK);
        }
    }
}

/* A backend change mid-run (the scalar backend's factors are libm's): the cache starts over. */
static void backend_changes(mote_spring_pool *pool) {
    for (size_t b = 0; b < BACKEND_COUNT; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        assert_int_equal(mote_spring_pool_set_backend(pool, backends[b]), MOTE_OK);
        for (int k = 0; k < SCALED(30); ++k) {
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
    }
}

static const scenario_fn scenarios[] = {fixed_dt,       damping_through_view, changing_dt,
                                        add_remove_set, ranged_steps,         backend_changes};
static const char *const scenario_names[] = {"fixed dt",     "damping through the view",
                                             "changing dt",  "add/remove/set",
                                             "ranged steps", "backend changes"};

static void cached_pools_step_to_the_uncached_bits(void **unused) {
    (void)unused;
    for (size_t b = 0; b < BACKEND_COUNT; ++b) {
        if (!mote_backend_available(backends[b])) {
            continue;
        }
        for (size_t k = 0; k < KIND_COUNT; ++k) {
            for (size_t sc = 0; sc < sizeof scenarios / sizeof scenarios[0]; ++sc) {
                mote_spring_pool *on = make(kinds[k], backends[b], MOTE_STEP_CACHE_ON, COUNT);
                mote_spring_pool *off = make(kinds[k], backends[b], MOTE_STEP_CACHE_OFF, COUNT);
                mote_spring_pool *automatic =
                    make(kinds[k], backends[b], MOTE_STEP_CACHE_AUTO, COUNT);
                scenarios[sc](on);
                scenarios[sc](off);
                scenarios[sc](automatic);
                assert_same_bits(on, off, scenario_names[sc]);
                assert_same_bits(automatic, off, scenario_names[sc]);
                mote_spring_pool_destroy(on);
                mote_spring_pool_destroy(off);
                mote_spring_pool_destroy(automatic);
            }
        }
    }
}

/* A parallel step's ranges each read and refresh their own elements' cache. */
static void parallel_steps_give_the_serial_bits(void **unused) {
    (void)unused;
    const size_t count = 40000; /* several ranges of 8192 */
    /* two workers, or one where the gate's emulator cannot start threads */
    mote_task_system tasks = mote_openmp_task_system_workers(test_max_workers(2));
    const mote_backend best = mote_backend_best();
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_pool *on = make(kinds[k], best, MOTE_STEP_CACHE_ON, count);
        mote_spring_pool *off = make(kinds[k], best, MOTE_STEP_CACHE_OFF, count);
        const int steps = (int)test_scaled_at_least(200, 10);
        for (int s = 0; s < steps; ++s) {
            const float dt = s < steps * 6 / 10 ? 1.0f / 60.0f : 1.0f / 50.0f;
            if (s == steps * 3 / 10) {
                mote_spring_view view = mote_spring_pool_view(on);
                parameter_of(&view)[20000] *= 2.0f;
                view = mote_spring_pool_view(off);
                parameter_of(&view)[20000] *= 2.0f;
            }
            assert_int_equal(mote_spring_pool_step_parallel(on, dt, &tasks), MOTE_OK);
            assert_int_equal(mote_spring_pool_step(off, dt), MOTE_OK);
        }
        assert_same_bits(on, off, "parallel");
        mote_spring_pool_destroy(on);
        mote_spring_pool_destroy(off);
    }
}

static void *save(mote_spring_pool *pool, size_t *size) {
    *size = mote_spring_pool_snapshot_size(pool);
    void *blob = malloc(*size);
    assert_non_null(blob);
    assert_int_equal(mote_spring_pool_save(pool, blob, *size, NULL), MOTE_OK);
    return blob;
}

/* A snapshot holds no cache: the same bytes from a cached and an uncached pool, and either
 * restores into either, stepping on to the same bits. */
static void snapshots_cross_the_setting(void **unused) {
    (void)unused;
    const mote_backend best = mote_backend_best();
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_pool *on = make(kinds[k], best, MOTE_STEP_CACHE_ON, COUNT);
        mote_spring_pool *off = make(kinds[k], best, MOTE_STEP_CACHE_OFF, COUNT);
        fixed_dt(on);
        fixed_dt(off);
        size_t on_size, off_size;
        void *from_on = save(on, &on_size);
        void *from_off = save(off, &off_size);
        assert_int_equal(on_size, off_size); /* the bytes differ only by the pools' tags */

        /* a cached pool's snapshot into an uncached one and back into a cached one */
        mote_spring_pool *off2 = make(kinds[k], best, MOTE_STEP_CACHE_OFF, 3);
        mote_spring_pool *on2 = make(kinds[k], best, MOTE_STEP_CACHE_ON, 3);
        fixed_dt(on2); /* its cache full of other elements' factors */
        assert_int_equal(mote_spring_pool_restore(off2, from_on, on_size), MOTE_OK);
        assert_int_equal(mote_spring_pool_restore(on2, from_off, off_size), MOTE_OK);
        assert_int_equal(mote_spring_pool_step_cache(off2), MOTE_STEP_CACHE_OFF);
        assert_int_equal(mote_spring_pool_step_cache(on2), MOTE_STEP_CACHE_ON);
        size_t again_size;
        void *again = save(on2, &again_size); /* the restored state, nothing of on2's cache */
        assert_int_equal(again_size, off_size);
        assert_memory_equal(again, from_off, off_size);
        free(again);
        damping_through_view(on);
        damping_through_view(off2);
        damping_through_view(on2);
        assert_same_bits(on, off2, "cached snapshot into an uncached pool");
        assert_same_bits(on, on2, "uncached snapshot into a cached pool");
        /* the round trip: on restores its own earlier state */
        assert_int_equal(mote_spring_pool_restore(on, from_on, on_size), MOTE_OK);
        assert_int_equal(mote_spring_pool_restore(off2, from_on, on_size), MOTE_OK);
        changing_dt(on);
        changing_dt(off2);
        assert_same_bits(on, off2, "round trip");
        free(from_on);
        free(from_off);
        mote_spring_pool_destroy(on);
        mote_spring_pool_destroy(off);
        mote_spring_pool_destroy(on2);
        mote_spring_pool_destroy(off2);
    }
}

/* Every compiled variant (emulated ones included, which no pool runs) steps through its
 * cache to the bits of its general path: one lane's damping changed mid-run, odd ranges. */
static void every_variant_caches_to_its_general_bits(void **unused) {
    (void)unused;
    size_t table_count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&table_count);
    const size_t n = 301;
    const int steps = (int)test_scaled(300);
    for (size_t t = 0; t < table_count; ++t) {
        if (!mote_kernel_table_runnable(tables[t]) || tables[t]->backend == MOTE_BACKEND_SCALAR) {
            continue;
        }
        for (size_t k = 0; k < CACHING_KIND_COUNT; ++k) {
            float *general[SPRING_FIELD_COUNT], *cached[SPRING_FIELD_COUNT];
            float *key = malloc(n * sizeof(float)), *factor = malloc(n * sizeof(float));
            assert_non_null(key);
            assert_non_null(factor);
            uint32_t s = 5u;
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                general[f] = malloc(n * sizeof(float));
                cached[f] = malloc(n * sizeof(float));
                assert_non_null(general[f]);
                assert_non_null(cached[f]);
                for (size_t i = 0; i < n; ++i) {
                    const bool parameter = f == SPRING_FIELD_DAMPING || f == SPRING_FIELD_RATE;
                    general[f][i] = parameter ? uniform(&s, 0.5f, 20.0f) : uniform(&s, -2.0f, 2.0f);
                }
                memcpy(cached[f], general[f], n * sizeof(float));
            }
            for (size_t i = 0; i < n; ++i) {
                key[i] = NAN;
                factor[i] = 0.0f;
            }
            /* the cache compares keys with ==, so -0 passes for +0: their factors agree */
            const float zeros[2] = {0.0f, -0.0f};
            float exps[2];
            tables[t]->math.exp(zeros, exps, 2);
            assert_memory_equal(&exps[0], &exps[1], sizeof(float));
            assert_true(exps[0] == 1.0f);
            const mote_kernel_fn kernel =
                tables[t]->kernel[MOTE_KERNEL_spring_damper + (int)kinds[k]];
            const mote_spring_constants plain = {1.0f / 60.0f, {MOTE_CACHE_UNUSED, NULL, NULL}};
            const mote_spring_constants reuse = {1.0f / 60.0f, {MOTE_CACHE_REUSE, key, factor}};
            for (int step = 0; step < steps; ++step) {
                if (step == steps / 2) {
                    for (int f = SPRING_FIELD_DAMPING; f <= SPRING_FIELD_RATE; ++f) {
                        general[f][17] *= 1.25f;
                        cached[f][17] *= 1.25f;
                    }
                }
                kernel(general, &plain, 0, n);
                const size_t cut = (size_t)(step * 13) % n;
                kernel(cached, &reuse, 0, cut);
                kernel(cached, &reuse, cut, n);
            }
            /* the full vectors' cache holds each element's key and a factor in (0, 1) */
            const float *keys_read =
                cached[kinds[k] == MOTE_SPRING_EXP_RESPONSE ? SPRING_FIELD_RATE
                                                            : SPRING_FIELD_DAMPING];
            const size_t lanes = (size_t)tables[t]->lanes;
            for (size_t i = 0; i < n / lanes * lanes; ++i) {
                assert_true(key[i] == keys_read[i]);
                assert_true(factor[i] > 0.0f && factor[i] < 1.0f);
            }
            for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
                if (memcmp(general[f], cached[f], n * sizeof(float)) != 0) {
                    fail_msg("%s %s: field %d differs", tables[t]->name,
                             mote_spring_kind_name(kinds[k]), f);
                }
                free(general[f]);
                free(cached[f]);
            }
            free(key);
            free(factor);
        }
    }
}

/* Allocations and frees, counted. */
typedef struct counting {
    int allocations;
    int frees;
} counting;

static void *counting_alloc(size_t size, size_t alignment, void *user) {
    ((counting *)user)->allocations += 1;
    return aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

static void counting_free(void *ptr, size_t size, void *user) {
    (void)size;
    ((counting *)user)->frees += 1;
    free(ptr);
}

/* The cache is two arrays, allocated at the second step of one dt and freed at the first step
 * after the setting turned off; none with the cache off, or with AUTO past its count. */
static void the_cache_allocates_only_when_on(void **unused) {
    (void)unused;
    counting c = {0, 0};
    const mote_allocator hooks = {counting_alloc, counting_free, &c};
    mote_set_allocator(&hooks);
    const mote_step_cache settings[] = {MOTE_STEP_CACHE_OFF, MOTE_STEP_CACHE_ON};
    for (int on = 0; on < 2; ++on) {
        mote_spring_pool *pool = make(MOTE_SPRING_CRITICAL, mote_backend_best(), settings[on], 100);
        c.allocations = 0;
        for (int k = 0; k < 20; ++k) {
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
        assert_int_equal(c.allocations, on ? 2 : 0);
        c.frees = 0;
        assert_int_equal(mote_spring_pool_set_step_cache(pool, MOTE_STEP_CACHE_OFF), MOTE_OK);
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        assert_int_equal(c.frees, on ? 2 : 0);
        assert_int_equal(c.allocations, on ? 2 : 0);
        mote_spring_pool_destroy(pool);
    }
    /* AUTO caches up to MOTE_STEP_CACHE_AUTO_MAX_COUNT elements and not past it */
    const size_t counts[2] = {MOTE_STEP_CACHE_AUTO_MAX_COUNT, MOTE_STEP_CACHE_AUTO_MAX_COUNT + 1};
    for (int k = 0; k < 2; ++k) {
        mote_spring_pool *pool =
            make(MOTE_SPRING_CRITICAL, mote_backend_best(), MOTE_STEP_CACHE_AUTO, counts[k]);
        c.allocations = 0;
        for (int s = 0; s < 3; ++s) {
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        }
        assert_int_equal(c.allocations, k == 0 ? 2 : 0);
        mote_spring_pool_destroy(pool);
    }
    mote_set_allocator(NULL);
}

static void a_bad_setting_is_refused(void **unused) {
    (void)unused;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    assert_int_equal(def.step_cache, MOTE_STEP_CACHE_AUTO);
    const mote_step_cache bad[] = {MOTE_STEP_CACHE_COUNT, (mote_step_cache)-1, (mote_step_cache)77};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        def.step_cache = bad[b];
        mote_spring_pool *pool = NULL;
        assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_ERROR_INVALID_ARGUMENT);
        assert_null(pool);
    }
    mote_spring_pool *pool = make(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO, MOTE_STEP_CACHE_ON, 4);
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        assert_int_equal(mote_spring_pool_set_step_cache(pool, bad[b]),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_spring_pool_step_cache(pool), MOTE_STEP_CACHE_ON);
    }
    assert_int_equal(mote_spring_pool_set_step_cache(NULL, MOTE_STEP_CACHE_ON),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_step_cache(NULL), MOTE_STEP_CACHE_COUNT);
    assert_int_equal(mote_spring_pool_set_step_cache(pool, MOTE_STEP_CACHE_OFF), MOTE_OK);
    assert_int_equal(mote_spring_pool_step_cache(pool), MOTE_STEP_CACHE_OFF);
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(cached_pools_step_to_the_uncached_bits),
               cmocka_unit_test(parallel_steps_give_the_serial_bits),
               cmocka_unit_test(snapshots_cross_the_setting),
               cmocka_unit_test(every_variant_caches_to_its_general_bits),
               cmocka_unit_test(the_cache_allocates_only_when_on),
               cmocka_unit_test(a_bad_setting_is_refused))
