/* The default step policy (docs/conventions.md, Steps): a pool of every kind of the registry
 * made from its default def has max_dt MOTE_DEFAULT_MAX_DT, takes every dt up to it whole (no
 * kind's own limit bites first), and after a 10 s hitch advances MOTE_DEFAULT_MAX_DT, as a
 * default world does, bit for bit. The one kind with a shorter limit of its own, the
 * semi-implicit spring (not a default def), clamps alone and is sub-stepped in a world. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include "kinds.h"
#include "mote/mote.h"
#include "pool_adapter.h"
#include "probe.h"
#include "test_support.h"
#include "world_internal.h"

#define POOL_COUNT 100 /* a partial last block */

/* One kind's public calls on its default def, through void * (each pool is the generic pool
 * under its kind's name). */
typedef struct default_kind {
    const char *name;
    const mote_probe *probe;
    mote_status (*create)(void **out);
    float (*max_dt)(const void *pool);
    mote_status (*set_max_dt)(void *pool, float max_dt);
    mote_status (*advance_of)(const void *pool, float dt, float *out_advanced);
    mote_status (*join)(mote_world *world, void *pool);
    void (*destroy)(void *pool);
} default_kind;

#define DEFAULT_KIND_CALLS_(k, number, kernels)                                                    \
    static mote_status k##_create(void **out) {                                                    \
        const mote_##k##_pool_def def = mote_default_##k##_pool_def();                             \
        return mote_##k##_pool_create(&def, (mote_##k##_pool **)out);                              \
    }                                                                                              \
    static float k##_max_dt(const void *pool) {                                                    \
        return mote_##k##_pool_max_dt(pool);                                                       \
    }                                                                                              \
    static mote_status k##_set_max_dt(void *pool, float max_dt) {                                  \
        return mote_##k##_pool_set_max_dt(pool, max_dt);                                           \
    }                                                                                              \
    static mote_status k##_advance_of(const void *pool, float dt, float *out) {                    \
        return mote_##k##_pool_advance_of(pool, dt, out);                                          \
    }                                                                                              \
    static mote_status k##_join(mote_world *world, void *pool) {                                   \
        return mote_world_join_##k##_pool(world, pool);                                            \
    }                                                                                              \
    static void k##_destroy(void *pool) {                                                          \
        mote_##k##_pool_destroy(pool);                                                             \
    }
MOTE_KINDS(DEFAULT_KIND_CALLS_, MOTE_KIND_NO_KERNEL)
#undef DEFAULT_KIND_CALLS_

#define DEFAULT_KIND_ROW_(k, number, kernels)                                                      \
    {#k,       &mote_probe_##k, k##_create, k##_max_dt, k##_set_max_dt, k##_advance_of,            \
     k##_join, k##_destroy},
static const default_kind kinds[] = {MOTE_KINDS(DEFAULT_KIND_ROW_, MOTE_KIND_NO_KERNEL)};
#undef DEFAULT_KIND_ROW_

#define DEFAULT_DEF_MAX_DT_(k, number, kernels) mote_default_##k##_pool_def().max_dt,
static float default_def_max_dt(size_t k) {
    const float max_dts[] = {MOTE_KINDS(DEFAULT_DEF_MAX_DT_, MOTE_KIND_NO_KERNEL)};
    return max_dts[k];
}
#undef DEFAULT_DEF_MAX_DT_

enum { KIND_COUNT = sizeof kinds / sizeof kinds[0] };

/* The adapter of the kind's default def (its probe's main variant), for its hash. */
static const pool_adapter *default_adapter(const default_kind *kind) {
    const mote_probe *probe = kind->probe;
    char name[64];
    snprintf(name, sizeof name, "%s/%s", probe->gate, probe->variants[probe->main_variant].name);
    const pool_adapter *a = pool_adapter_find(name);
    assert_non_null(a);
    return a;
}

/* A pool of the kind's default def holding POOL_COUNT of its probe's ordinary elements (the
 * same every call). */
static void *default_pool(const default_kind *kind) {
    void *pool = NULL;
    assert_int_equal(kind->create(&pool), MOTE_OK);
    const mote_probe *probe = kind->probe;
    assert_int_equal(
        probe_fill(probe, &probe->variants[probe->main_variant], pool, POOL_COUNT, 0x706f6cu),
        MOTE_OK);
    return pool;
}

/* Every default def's max_dt is the one constant, and so is the pool's. */
static void every_default_def_has_the_default_max_dt(void **unused) {
    (void)unused;
    assert_int_equal(KIND_COUNT, MOTE_KIND_COUNT);
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        const default_kind *kind = &kinds[k];
        if (default_def_max_dt(k) != MOTE_DEFAULT_MAX_DT) {
            fail_msg("%s: the default def's max_dt is %g s, not MOTE_DEFAULT_MAX_DT", kind->name,
                     (double)default_def_max_dt(k));
        }
        void *pool = NULL;
        assert_int_equal(kind->create(&pool), MOTE_OK);
        assert_true(kind->max_dt(pool) == MOTE_DEFAULT_MAX_DT);
        kind->destroy(pool);
    }
    assert_true(mote_default_world_def().max_dt == MOTE_DEFAULT_MAX_DT);
}

/* A 10 s hitch (and any dt past the clamp) advances every default pool MOTE_DEFAULT_MAX_DT;
 * every dt up to it is taken whole; with max_dt INFINITY every kind's own limit still takes
 * MOTE_DEFAULT_MAX_DT whole, so at the defaults no kind's limit bites before the clamp. */
static void a_hitch_advances_every_default_pool_alike(void **unused) {
    (void)unused;
    const float hitches[] = {10.0f, 0.3f, nextafterf(MOTE_DEFAULT_MAX_DT, INFINITY), 1e6f};
    const float whole[] = {1.0f / 240.0f, 1.0f / 60.0f, 1.0f / 30.0f, 0.1f, MOTE_DEFAULT_MAX_DT};
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        const default_kind *kind = &kinds[k];
        void *pool = default_pool(kind);
        float advanced = -1.0f;
        for (size_t h = 0; h < sizeof hitches / sizeof hitches[0]; ++h) {
            assert_int_equal(kind->advance_of(pool, hitches[h], &advanced), MOTE_OK);
            if (advanced != MOTE_DEFAULT_MAX_DT) {
                fail_msg("%s: a %g s step of a default pool advances %g s, not %g s", kind->name,
                         (double)hitches[h], (double)advanced, (double)MOTE_DEFAULT_MAX_DT);
            }
        }
        for (size_t w = 0; w < sizeof whole / sizeof whole[0]; ++w) {
            assert_int_equal(kind->advance_of(pool, whole[w], &advanced), MOTE_OK);
            assert_true(advanced == whole[w]);
        }
        assert_int_equal(kind->set_max_dt(pool, INFINITY), MOTE_OK);
        assert_int_equal(kind->advance_of(pool, MOTE_DEFAULT_MAX_DT, &advanced), MOTE_OK);
        if (advanced != MOTE_DEFAULT_MAX_DT) {
            fail_msg("%s: the kind's own limit at its defaults is %g s, below the default max_dt",
                     kind->name, (double)advanced);
        }
        kind->destroy(pool);
    }
}

/* A default world and a lone default pool take the same hitch the same way: the world
 * advances MOTE_DEFAULT_MAX_DT, each pool in one step of it, and every joined pool ends bit
 * for bit as its twin stepped alone by the whole hitch through its kind's public step. */
static void a_default_world_and_a_lone_default_pool_agree(void **unused) {
    (void)unused;
    mote_world_def def = mote_default_world_def();
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    void *joined[KIND_COUNT];
    void *alone[KIND_COUNT];
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        joined[k] = default_pool(&kinds[k]);
        alone[k] = default_pool(&kinds[k]);
        assert_int_equal(kinds[k].join(world, joined[k]), MOTE_OK);
    }
    const float frames[] = {1.0f / 60.0f, 10.0f, 1.0f / 60.0f, 0.5f};
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; ++f) {
        float advanced = -1.0f;
        assert_int_equal(mote_world_advance(world, frames[f], &advanced), MOTE_OK);
        const float expected = frames[f] < MOTE_DEFAULT_MAX_DT ? frames[f] : MOTE_DEFAULT_MAX_DT;
        assert_true(advanced == expected);
        for (size_t k = 0; k < KIND_COUNT; ++k) {
            const default_kind *kind = &kinds[k];
            float alone_advanced = -1.0f;
            assert_int_equal(kind->advance_of(alone[k], frames[f], &alone_advanced), MOTE_OK);
            assert_true(alone_advanced == advanced);
            const mote_world_member *m = &world->members[k];
            assert_int_equal(m->substeps, 1);
            assert_true(m->substep_dt == advanced);
            assert_int_equal(probe_bench_step(kind->probe, alone[k], frames[f], NULL), MOTE_OK);
            const pool_adapter *a = default_adapter(kind);
            if (pool_adapter_hash(a, joined[k]) != pool_adapter_hash(a, alone[k])) {
                fail_msg("%s: a default world's step of %g s differs from a lone default pool's",
                         kind->name, (double)frames[f]);
            }
        }
    }
    mote_world_destroy(world);
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        kinds[k].destroy(joined[k]);
        kinds[k].destroy(alone[k]);
    }
}

/* The exception: a semi-implicit spring's own limit, MOTE_SEMI_IMPLICIT_MAX_DT, is below the
 * default max_dt. Alone it clamps a hitch to that limit (it does not sub-step); in a default
 * world it takes the world's MOTE_DEFAULT_MAX_DT in equal sub-steps within its limit. */
static void a_semi_implicit_spring_clamps_alone_and_substeps_in_a_world(void **unused) {
    (void)unused;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = MOTE_SPRING_SEMI_IMPLICIT;
    mote_spring_pool *alone = NULL, *joined = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &alone), MOTE_OK);
    assert_int_equal(mote_spring_pool_create(&def, &joined), MOTE_OK);
    mote_spring_desc d = mote_default_spring_desc();
    d.stiffness = 40.0f;
    d.damping = 2.0f;
    d.x = 1.0f;
    assert_int_equal(mote_spring_pool_add(alone, &d, NULL), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(joined, &d, NULL), MOTE_OK);
    float advanced = -1.0f;
    assert_int_equal(mote_spring_pool_advance_of(alone, 10.0f, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_SEMI_IMPLICIT_MAX_DT);
    assert_int_equal(mote_spring_pool_advance(alone, 10.0f, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_SEMI_IMPLICIT_MAX_DT);

    mote_world_def wdef = mote_default_world_def();
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&wdef, &world), MOTE_OK);
    assert_int_equal(mote_world_join(world, joined), MOTE_OK);
    assert_int_equal(mote_world_advance(world, 10.0f, &advanced), MOTE_OK);
    assert_true(advanced == MOTE_DEFAULT_MAX_DT);
    const mote_world_member *m = &world->members[0];
    assert_true(m->substeps > 1);
    assert_true(m->substep_dt <= MOTE_SEMI_IMPLICIT_MAX_DT);
    assert_true(fabsf((float)m->substeps * m->substep_dt - MOTE_DEFAULT_MAX_DT) <= 1e-6f);
    mote_world_destroy(world);
    mote_spring_pool_destroy(alone);
    mote_spring_pool_destroy(joined);
}

MOTE_TEST_MAIN(cmocka_unit_test(every_default_def_has_the_default_max_dt),
               cmocka_unit_test(a_hitch_advances_every_default_pool_alike),
               cmocka_unit_test(a_default_world_and_a_lone_default_pool_agree),
               cmocka_unit_test(a_semi_implicit_spring_clamps_alone_and_substeps_in_a_world))
