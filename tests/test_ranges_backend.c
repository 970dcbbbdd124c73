/* The backend a pool's range hooks run on (mote_pool_ranges_backend, pool.h; the record's
 * ranges_backend_cap, pool_kind.h), with the mover pools' avoidance, whose cap is avx2: a pool
 * created with MOTE_BACKEND_AUTO on a CPU whose choice is wider hands the hooks avx2's table in
 * a pool step and in a world step; a pool given avx512 by name hands them avx512's; set_backend
 * follows the same rule; a kind without a cap runs every stage on the pool's backend; and the
 * bodies end bit for bit the same either way. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "avoid_scenes.h"
#include "kernel_table.h"
#include "mote/mote.h"
#include "mover_fields.h"
#include "pool.h"
#include "task_split.h"
#include "world_internal.h"

#define BODIES 300
#define STEPS  30

#define KIND (&mote_mover_pool_kind_record)

static mote_pool *pool_of(mote_mover_pool *pool) {
    return (mote_pool *)(void *)pool;
}

/* What an AUTO mover pool's avoidance runs on here: avx2 where dispatch chose avx512 (a CPU
 * with AVX-512F has AVX2 and FMA), else dispatch's choice itself. */
static mote_backend auto_ranges_backend(void) {
    const mote_backend best = mote_backend_best();
    return best == MOTE_BACKEND_AVX512 ? MOTE_BACKEND_AVX2 : best;
}

/* The backend a pool given avx512 by name runs: avx512 where this CPU runs it, else dispatch's
 * choice (the same check, without the wider variant). */
static mote_backend named_backend(void) {
    return mote_backend_available(MOTE_BACKEND_AVX512) ? MOTE_BACKEND_AVX512 : mote_backend_best();
}

/* One step of the scene through the pool layer's halves, returning the table its plan handed
 * the range hooks. */
static const mote_kernel_table *planned_step(avoid_scene *scene) {
    avoid_scene_steer(scene);
    mote_step_plan plan;
    assert_int_equal(mote_pool_step_plan(pool_of(scene->pool), KIND, mote_step_whole(), AVOID_DT,
                                         NAN, NULL, NULL, &plan),
                     MOTE_OK);
    assert_true(plan.runs);
    mote_step_plan_run(&plan);
    assert_true(mote_pool_step_finish(&plan) == AVOID_DT);
    return plan.ranges_table;
}

/* Every stored field of the two scenes' bodies, bit for bit. */
static void expect_same_bits(const avoid_scene *a, const avoid_scene *b) {
    const mote_mover_view va = mote_mover_pool_view(a->pool);
    const mote_mover_view vb = mote_mover_pool_view(b->pool);
    assert_int_equal(va.count, vb.count);
    float *pa[MOVER_FIELD_COUNT];
    float *pb[MOVER_FIELD_COUNT];
    mover_view_pointers(&va, pa);
    mover_view_pointers(&vb, pb);
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        assert_true((pa[f] == NULL) == (pb[f] == NULL));
        for (size_t i = 0; pa[f] != NULL && i < va.count; ++i) {
            uint32_t x;
            uint32_t y;
            memcpy(&x, &pa[f][i], sizeof x);
            memcpy(&y, &pb[f][i], sizeof y);
            if (x != y) {
                fail_msg("field %s of body %zu: %08x (auto) != %08x (named)", KIND->fields[f].name,
                         i, (unsigned)x, (unsigned)y);
            }
        }
    }
}

static void test_auto_pool_hands_the_cap_named_pool_its_own(void **unused) {
    (void)unused;
    avoid_scene chosen;
    avoid_scene named;
    assert_int_equal(avoid_scene_create(&chosen, AVOID_SQUARE, BODIES, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(avoid_scene_create(&named, AVOID_SQUARE, BODIES, named_backend()), MOTE_OK);
    /* the ranges' kernels keep dispatch's choice; only the hooks narrow */
    assert_int_equal(mote_mover_pool_backend(chosen.pool), mote_backend_best());
    assert_int_equal(mote_pool_ranges_backend(pool_of(chosen.pool)), auto_ranges_backend());
    assert_int_equal(mote_pool_ranges_backend(pool_of(named.pool)), named_backend());
    for (int s = 0; s < STEPS; ++s) {
        assert_ptr_equal(planned_step(&chosen), mote_kernel_table_for(auto_ranges_backend()));
        assert_ptr_equal(planned_step(&named), mote_kernel_table_for(named_backend()));
    }
    expect_same_bits(&chosen, &named);
    avoid_scene_destroy(&chosen);
    avoid_scene_destroy(&named);
}

static void test_set_backend_follows_the_rule(void **unused) {
    (void)unused;
    avoid_scene scene;
    assert_int_equal(avoid_scene_create(&scene, AVOID_SQUARE, BODIES, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_backend(scene.pool, named_backend()), MOTE_OK);
    assert_int_equal(mote_pool_ranges_backend(pool_of(scene.pool)), named_backend());
    assert_int_equal(mote_mover_pool_set_backend(scene.pool, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(mote_pool_ranges_backend(pool_of(scene.pool)), auto_ranges_backend());
    /* a name narrower than the cap is kept as named */
    assert_int_equal(mote_mover_pool_set_backend(scene.pool, MOTE_BACKEND_PORTABLE), MOTE_OK);
    assert_int_equal(mote_pool_ranges_backend(pool_of(scene.pool)), MOTE_BACKEND_PORTABLE);
    avoid_scene_destroy(&scene);
}

static void test_world_step_follows_the_rule(void **unused) {
    (void)unused;
    avoid_scene alone;
    avoid_scene joined;
    assert_int_equal(avoid_scene_create(&alone, AVOID_SQUARE, BODIES, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(avoid_scene_create(&joined, AVOID_SQUARE, BODIES, MOTE_BACKEND_AUTO), MOTE_OK);
    mote_world_def def = mote_default_world_def();
    mote_world *world = NULL;
    assert_int_equal(mote_world_create(&def, &world), MOTE_OK);
    assert_int_equal(mote_world_join_mover_pool(world, joined.pool), MOTE_OK);
    for (int s = 0; s < STEPS; ++s) {
        avoid_scene_steer(&joined);
        assert_int_equal(mote_world_step(world, AVOID_DT), MOTE_OK);
        assert_int_equal(world->members[0].substeps, 1);
        assert_ptr_equal(world->plans[0].ranges_table,
                         mote_kernel_table_for(auto_ranges_backend()));
        avoid_scene_steer(&alone);
        assert_int_equal(mote_mover_pool_step(alone.pool, AVOID_DT), MOTE_OK);
    }
    expect_same_bits(&joined, &alone);
    mote_world_destroy(world);
    avoid_scene_destroy(&alone);
    avoid_scene_destroy(&joined);
}

static void test_kind_without_a_cap_runs_its_backend(void **unused) {
    (void)unused;
    assert_int_equal(mote_mover_pool_kind_record.ranges_backend_cap, MOTE_BACKEND_AVX2);
    mote_spring_pool_def def = mote_default_spring_pool_def();
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_pool_ranges_backend((mote_pool *)(void *)pool), mote_backend_best());
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_auto_pool_hands_the_cap_named_pool_its_own),
               cmocka_unit_test(test_set_backend_follows_the_rule),
               cmocka_unit_test(test_world_step_follows_the_rule),
               cmocka_unit_test(test_kind_without_a_cap_runs_its_backend))
