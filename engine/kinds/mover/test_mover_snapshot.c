/* Mover snapshots with avoidance: a pool with bodies, avoidance settings and walls, saved
 * mid-scene, restored into another pool (and made from the blob alone), continues bit for bit
 * with the same walls; a restore replaces the walls (clearing them too); tampered walls (NaN
 * ends, zero length, a count the blob does not hold) are refused with the detail and nothing
 * changed. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "test_support.h"

#include "avoid_scenes.h"
#include "little_endian.h"
#include "mote/mote.h"
#include "mover_fields.h"

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Every field of two pools' elements equal bit for bit. */
static void assert_fields_equal(mote_mover_pool *a, mote_mover_pool *b) {
    float *pa[MOVER_FIELD_COUNT], *pb[MOVER_FIELD_COUNT];
    mote_mover_view va = mote_mover_pool_view(a), vb = mote_mover_pool_view(b);
    mover_view_pointers(&va, pa);
    mover_view_pointers(&vb, pb);
    assert_int_equal(va.count, vb.count);
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        for (size_t i = 0; i < va.count; ++i) {
            if (!same_bits(pa[f][i], pb[f][i])) {
                fail_msg("field %d element %zu: %.9g vs %.9g", f, i, (double)pa[f][i],
                         (double)pb[f][i]);
            }
        }
    }
}

/* The two pools hold the same walls, member by member. */
static void assert_walls_equal(const mote_mover_pool *a, const mote_mover_pool *b) {
    size_t na = 0, nb = 0;
    const mote_segment *wa = mote_mover_pool_walls(a, &na);
    const mote_segment *wb = mote_mover_pool_walls(b, &nb);
    assert_int_equal(na, nb);
    for (size_t w = 0; w < na; ++w) {
        assert_true(same_bits(wa[w].a.x, wb[w].a.x) && same_bits(wa[w].a.y, wb[w].a.y));
        assert_true(same_bits(wa[w].b.x, wb[w].b.x) && same_bits(wa[w].b.y, wb[w].b.y));
    }
}

static unsigned char *saved(mote_mover_pool *pool, size_t *out_size) {
    const size_t size = mote_mover_pool_snapshot_size(pool);
    unsigned char *blob = malloc(size);
    assert_non_null(blob);
    size_t written = 0;
    assert_int_equal(mote_mover_pool_save(pool, blob, size, &written), MOTE_OK);
    assert_int_equal(written, size);
    *out_size = size;
    return blob;
}

/* Steps a scene's pool (and a twin pool with the scene's goals) by the scene's steering. */
static void step_scene(avoid_scene *s, int steps) {
    for (int k = 0; k < steps; ++k) {
        avoid_scene_steer(s);
        assert_int_equal(mote_mover_pool_step(s->pool, AVOID_DT), MOTE_OK);
    }
}

/* The door scene (walls, avoidance on) saved after 60 steps: a pool restored from it and a
 * pool made from it alone take the next 120 steps to the original's bits, walls and all. */
static void walls_travel_and_continue_bit_for_bit(void **state) {
    (void)state;
    avoid_scene s, restored, made;
    assert_int_equal(avoid_scene_create(&s, AVOID_DOOR, 120, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_true(s.wall_count > 0);
    step_scene(&s, 60);
    size_t size = 0;
    unsigned char *blob = saved(s.pool, &size);

    /* a pool of another scene (no walls, other settings) takes all of it */
    assert_int_equal(avoid_scene_create(&restored, AVOID_CIRCLE, 10, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(mote_mover_pool_walls(restored.pool, NULL), NULL);
    assert_int_equal(mote_mover_pool_restore(restored.pool, blob, size), MOTE_OK);
    assert_walls_equal(s.pool, restored.pool);
    const mote_avoidance_settings a = mote_mover_pool_avoidance(s.pool);
    const mote_avoidance_settings b = mote_mover_pool_avoidance(restored.pool);
    assert_true(a.neighbor_distance == b.neighbor_distance && a.max_neighbors == b.max_neighbors);
    assert_true(a.time_horizon == b.time_horizon &&
                a.obstacle_time_horizon == b.obstacle_time_horizon);
    mote_mover_pool *from_blob = NULL;
    assert_int_equal(mote_mover_pool_create_from_snapshot(blob, size, &from_blob), MOTE_OK);
    assert_walls_equal(s.pool, from_blob);

    /* the twins steer with the original's goals: the door scene's steering reads only them
     * and the positions */
    made = s;
    made.pool = from_blob;
    float *own_x = restored.goal_x, *own_y = restored.goal_y;
    restored.kind = s.kind;
    restored.n = s.n;
    restored.goal_x = s.goal_x;
    restored.goal_y = s.goal_y;
    for (int k = 0; k < 120; ++k) {
        avoid_scene_steer(&s);
        avoid_scene_steer(&restored);
        avoid_scene_steer(&made);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
        assert_int_equal(mote_mover_pool_step(restored.pool, AVOID_DT), MOTE_OK);
        assert_int_equal(mote_mover_pool_step(from_blob, AVOID_DT), MOTE_OK);
    }
    assert_fields_equal(s.pool, restored.pool);
    assert_fields_equal(s.pool, from_blob);

    /* saving the restored pool gives the original's bytes again */
    size_t again_size = 0, original_size = 0;
    unsigned char *original = saved(s.pool, &original_size);
    unsigned char *again = saved(restored.pool, &again_size);
    assert_int_equal(again_size, original_size);
    assert_memory_equal(again, original, original_size);
    free(again);
    free(original);

    mote_mover_pool_destroy(from_blob);
    restored.goal_x = own_x; /* its own goals, freed with it */
    restored.goal_y = own_y;
    avoid_scene_destroy(&restored);
    avoid_scene_destroy(&s);
    free(blob);
}

/* A restore replaces the walls: a blob without walls clears them. */
static void restore_replaces_and_clears_walls(void **state) {
    (void)state;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.avoidance.neighbor_distance = 3.0f;
    mote_mover_pool *plain = NULL, *walled = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &plain), MOTE_OK);
    assert_int_equal(mote_mover_pool_create(&def, &walled), MOTE_OK);
    mote_mover_desc d = mote_default_mover_desc();
    d.radius = 0.4f;
    mote_id id;
    assert_int_equal(mote_mover_pool_add(plain, &d, &id), MOTE_OK);
    const mote_segment walls[2] = {{{-1, -1}, {1, -1}}, {{2, 0}, {2, 3}}};
    assert_int_equal(mote_mover_pool_set_walls(walled, walls, 2), MOTE_OK);
    size_t size = 0;
    unsigned char *blob = saved(plain, &size);
    size_t walled_size = 0;
    unsigned char *walled_blob = saved(walled, &walled_size);
    assert_int_equal(mote_mover_pool_restore(walled, blob, size), MOTE_OK);
    size_t count = 9;
    assert_null(mote_mover_pool_walls(walled, &count));
    assert_int_equal(count, 0);
    assert_int_equal(mote_mover_pool_restore(plain, walled_blob, walled_size), MOTE_OK);
    const mote_segment *back = mote_mover_pool_walls(plain, &count);
    assert_int_equal(count, 2);
    assert_true(back[1].b.y == 3.0f && back[0].a.x == -1.0f);
    free(walled_blob);
    free(blob);
    mote_mover_pool_destroy(plain);
    mote_mover_pool_destroy(walled);
}

/* Tampered walls, re-sealed so the checksum holds: a NaN end, a zero-length wall, a wall count
 * the blob does not hold; each refused with its detail, the pool unchanged. */
static void tampered_walls_are_refused(void **state) {
    (void)state;
    avoid_scene s, target;
    assert_int_equal(avoid_scene_create(&s, AVOID_CORRIDOR, 40, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(avoid_scene_create(&target, AVOID_DOOR, 30, MOTE_BACKEND_AUTO), MOTE_OK);
    step_scene(&s, 10);
    step_scene(&target, 10);
    size_t size = 0;
    unsigned char *blob = saved(s.pool, &size);
    size_t wall_count = 0;
    (void)mote_mover_pool_walls(s.pool, &wall_count);
    assert_true(wall_count >= 2);
    const size_t walls_at = size - 8 - 16 * wall_count; /* before the checksum */
    size_t before_size = 0;
    unsigned char *before = saved(target.pool, &before_size);

    unsigned char *bad = malloc(size);
    assert_non_null(bad);
    /* a NaN end in the second wall */
    memcpy(bad, blob, size);
    const float nan = NAN;
    uint32_t bits;
    memcpy(&bits, &nan, 4);
    put_u32(bad + walls_at + 16 + 8, bits);
    test_reseal_snapshot(bad, size);
    assert_int_equal(mote_mover_pool_restore(target.pool, bad, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    assert_non_null(strstr(mote_error_detail(), "walls[1]"));
    /* the first wall's b onto its a: length 0 */
    memcpy(bad, blob, size);
    memcpy(bad + walls_at + 8, bad + walls_at, 8);
    test_reseal_snapshot(bad, size);
    assert_int_equal(mote_mover_pool_restore(target.pool, bad, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    assert_non_null(strstr(mote_error_detail(), "walls[0]: length"));
    /* the walls word one more than the blob holds: the size no longer fits */
    memcpy(bad, blob, size);
    const size_t walls_word = 64 + 4 * 15; /* the last settings word */
    assert_int_equal(get_u32(bad + walls_word), (uint32_t)wall_count);
    put_u32(bad + walls_word, (uint32_t)wall_count + 1);
    test_reseal_snapshot(bad, size);
    assert_int_equal(mote_mover_pool_restore(target.pool, bad, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    assert_non_null(strstr(mote_error_detail(), "size"));
    /* a negative count */
    put_u32(bad + walls_word, 0xffffffffu);
    test_reseal_snapshot(bad, size);
    assert_int_equal(mote_mover_pool_restore(target.pool, bad, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    /* a wall changed without re-sealing: the checksum */
    memcpy(bad, blob, size);
    bad[walls_at + 3] ^= 0x10;
    assert_int_equal(mote_mover_pool_restore(target.pool, bad, size), MOTE_ERROR_CORRUPT_SNAPSHOT);
    assert_non_null(strstr(mote_error_detail(), "checksum"));

    size_t after_size = 0;
    unsigned char *after = saved(target.pool, &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(after);
    free(bad);
    free(before);
    free(blob);
    avoid_scene_destroy(&target);
    avoid_scene_destroy(&s);
}

/* set_walls past the most walls a snapshot carries is refused with the detail. */
static void too_many_walls_are_refused(void **state) {
    (void)state;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    const mote_segment wall = {{0, 0}, {1, 0}};
    assert_int_equal(mote_mover_pool_set_walls(pool, &wall, ((size_t)1 << 24) + 1),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "walls: count"));
    assert_null(mote_mover_pool_walls(pool, NULL));
    mote_mover_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(walls_travel_and_continue_bit_for_bit),
               cmocka_unit_test(restore_replaces_and_clears_walls),
               cmocka_unit_test(tampered_walls_are_refused),
               cmocka_unit_test(too_many_walls_are_refused))
