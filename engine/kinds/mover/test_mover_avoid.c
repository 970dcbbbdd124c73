/* Mover avoidance (mote/mover_pool.h, "Avoidance"): off is today's bits; the reference
 * kernels and every wide table give the same bits; 1 to 8 workers give the serial bits; the
 * quality targets on the circle, corridor and door scenes; piles on one point and bodies in
 * walls separate without NaN; the query against a brute-force scan; settings, walls and
 * radii through snapshots; every bad input refused with its detail and nothing changed. */
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
#include "test_support.h"

#include "avoid_scenes.h"
#include "kernel_table.h"
#include "mote/mote.h"
#include "mover_fields.h"
#include "pool.h"

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Every field of two pools' elements equal bit for bit over fields [from, to). */
static void assert_fields_equal(mote_mover_pool *a, mote_mover_pool *b, int from, int to) {
    float *pa[MOVER_FIELD_COUNT], *pb[MOVER_FIELD_COUNT];
    mote_mover_view va = mote_mover_pool_view(a), vb = mote_mover_pool_view(b);
    mover_view_pointers(&va, pa);
    mover_view_pointers(&vb, pb);
    assert_int_equal(va.count, vb.count);
    for (int f = from; f < to; ++f) {
        for (size_t i = 0; i < va.count; ++i) {
            if (!same_bits(pa[f][i], pb[f][i])) {
                fail_msg("field %d element %zu: %.9g vs %.9g", f, i, (double)pa[f][i],
                         (double)pb[f][i]);
            }
        }
    }
}

/* ------------------------------------------------------------------------------------------ */

static void defaults_and_off_is_todays_bits(void **state) {
    (void)state;
    mote_avoidance_settings d = mote_default_avoidance_settings();
    assert_true(d.neighbor_distance == 0.0f && d.max_neighbors == 10);
    assert_true(d.time_horizon == 2.0f && d.obstacle_time_horizon == 2.0f);
    assert_true(mote_default_mover_desc().radius == 0.0f);
    /* bodies with radii and walls, avoidance off: the same bits as a pool of no bodies */
    avoid_scene with, without;
    assert_int_equal(avoid_scene_create(&with, AVOID_DOOR, 100, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(avoid_scene_create(&without, AVOID_DOOR, 100, MOTE_BACKEND_AUTO), MOTE_OK);
    mote_avoidance_settings off = mote_default_avoidance_settings();
    assert_int_equal(mote_mover_pool_set_avoidance(with.pool, &off), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_avoidance(without.pool, &off), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_walls(without.pool, NULL, 0), MOTE_OK);
    mote_mover_view v = mote_mover_pool_view(without.pool);
    for (size_t i = 0; i < v.count; ++i) {
        v.radius[i] = 0.0f;
    }
    for (int s = 0; s < 120; ++s) {
        avoid_scene_steer(&with);
        avoid_scene_steer(&without);
        assert_int_equal(mote_mover_pool_step(with.pool, AVOID_DT), MOTE_OK);
        assert_int_equal(mote_mover_pool_step(without.pool, AVOID_DT), MOTE_OK);
    }
    assert_fields_equal(with.pool, without.pool, 0, MOVER_RADIUS);
    /* and they walked through the wall between the rooms, as today */
    v = mote_mover_pool_view(with.pool);
    size_t right = 0;
    for (size_t i = 0; i < v.count; ++i) {
        right += v.position_x[i] > 0.5f;
    }
    assert_true(right > 0);
    avoid_scene_destroy(&with);
    avoid_scene_destroy(&without);
}

/* A desc's avoid velocity starts as its desired velocity; the desired velocity is never
 * overwritten by a step. */
static void desired_velocity_is_kept(void **state) {
    (void)state;
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_CIRCLE, 64, MOTE_BACKEND_AUTO), MOTE_OK);
    avoid_scene_steer(&s);
    mote_mover_view v = mote_mover_pool_view(s.pool);
    float *desired = malloc(2 * v.count * sizeof(float));
    assert_non_null(desired);
    for (size_t i = 0; i < v.count; ++i) {
        desired[2 * i] = v.desired_velocity_x[i];
        desired[2 * i + 1] = v.desired_velocity_y[i];
    }
    bool bent = false;
    for (int k = 0; k < 600; ++k) {
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
        for (size_t i = 0; i < v.count; ++i) {
            assert_true(same_bits(v.desired_velocity_x[i], desired[2 * i]));
            assert_true(same_bits(v.desired_velocity_y[i], desired[2 * i + 1]));
            bent = bent || !same_bits(v.avoid_velocity_x[i], desired[2 * i]);
        }
    }
    assert_true(bent);
    free(desired);
    mote_mover_desc d = mote_default_mover_desc();
    d.desired_velocity = (mote_vec2){1.0f, -2.0f};
    mote_id id;
    assert_int_equal(mote_mover_pool_add(s.pool, &d, &id), MOTE_OK);
    v = mote_mover_pool_view(s.pool);
    assert_true(v.avoid_velocity_x[v.count - 1] == 1.0f);
    assert_true(v.avoid_velocity_y[v.count - 1] == -2.0f);
    avoid_scene_destroy(&s);
}

/* Steps a scene through one kernel table for steps steps. */
static void run_table(avoid_scene *s, const mote_kernel_table *table, int steps) {
    for (int k = 0; k < steps; ++k) {
        avoid_scene_steer(s);
        mote_pool_run_table((mote_pool *)(void *)s->pool, table, 0, mote_mover_pool_count(s->pool),
                            AVOID_DT);
    }
}

/* The positions, velocities and avoid velocities of the reference and of every wide table
 * are the same bits (the facing fields follow the movement kernel's own bounds); every wide
 * table equals the first in every field. 400 steps; 60 scaled down (valgrind, qemu: every
 * table here includes the SIMDe-emulated ones). */
static void reference_and_every_table_agree(void **state) {
    (void)state;
    const int steps = (int)test_scaled_at_least(400, 60);
    const avoid_scene_kind kinds[] = {AVOID_CIRCLE, AVOID_DOOR};
    for (size_t k = 0; k < 2; ++k) {
        avoid_scene ref;
        assert_int_equal(avoid_scene_create(&ref, kinds[k], 300, MOTE_BACKEND_SCALAR), MOTE_OK);
        run_table(&ref, mote_kernel_table_for(MOTE_BACKEND_SCALAR), steps);
        avoid_scene first;
        bool have_first = false;
        size_t n;
        const mote_kernel_table *const *tables = mote_kernel_tables(&n);
        for (size_t t = 0; t < n; ++t) {
            if (tables[t]->backend == MOTE_BACKEND_SCALAR ||
                !mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            avoid_scene wide;
            assert_int_equal(avoid_scene_create(&wide, kinds[k], 300, MOTE_BACKEND_PORTABLE),
                             MOTE_OK);
            run_table(&wide, tables[t], steps);
            assert_fields_equal(ref.pool, wide.pool, MOVER_POSITION_X, MOVER_ROTATION);
            assert_fields_equal(ref.pool, wide.pool, MOVER_AVOID_VELOCITY_X, MOVER_FIELD_COUNT);
            if (!have_first) {
                first = wide;
                have_first = true;
            } else {
                assert_fields_equal(first.pool, wide.pool, 0, MOVER_FIELD_COUNT);
                avoid_scene_destroy(&wide);
            }
        }
        if (have_first) {
            avoid_scene_destroy(&first);
        }
        avoid_scene_destroy(&ref);
    }
}

/* 1 to 8 workers give the serial step's bits (3,000 bodies, 30 steps). Scaled down (valgrind,
 * qemu, where every worker is a slow emulated core): 1,200 bodies, still past two parallel
 * ranges, 8 steps and at most 2 workers. */
static void workers_give_the_serial_bits(void **state) {
    (void)state;
    const size_t bodies = test_scaled_at_least(3000, 1200);
    const int steps = (int)test_scaled_at_least(30, 8);
    const size_t scaled_workers = test_scaled(8);
    const unsigned most = test_max_workers(scaled_workers < 2 ? 2u : (unsigned)scaled_workers);
    avoid_scene serial;
    assert_int_equal(avoid_scene_create(&serial, AVOID_SQUARE, bodies, MOTE_BACKEND_AUTO), MOTE_OK);
    for (int k = 0; k < steps; ++k) {
        avoid_scene_steer(&serial);
        assert_int_equal(mote_mover_pool_step(serial.pool, AVOID_DT), MOTE_OK);
    }
    for (unsigned workers = 1; workers <= most; ++workers) {
        avoid_scene s;
        assert_int_equal(avoid_scene_create(&s, AVOID_SQUARE, bodies, MOTE_BACKEND_AUTO), MOTE_OK);
        const mote_task_system tasks = mote_openmp_task_system_workers(workers);
        for (int k = 0; k < steps; ++k) {
            avoid_scene_steer(&s);
            assert_int_equal(mote_mover_pool_step_parallel(s.pool, AVOID_DT, &tasks), MOTE_OK);
        }
        assert_fields_equal(serial.pool, s.pool, 0, MOVER_FIELD_COUNT);
        avoid_scene_destroy(&s);
    }
    avoid_scene_destroy(&serial);
}

/* Runs a scene until 99% have arrived or limit seconds; returns the seconds, and the closest
 * pair over the run in *closest. */
static float run_until_arrived(avoid_scene *s, float limit, float *closest, size_t *arrived) {
    float t = 0.0f;
    *closest = INFINITY;
    const size_t want = (s->n * 99 + 99) / 100;
    while (t < limit) {
        avoid_scene_steer(s);
        assert_int_equal(mote_mover_pool_step(s->pool, AVOID_DT), MOTE_OK);
        t += AVOID_DT;
        float c = avoid_scene_closest_pair(s);
        *closest = c < *closest ? c : *closest;
        *arrived = avoid_scene_arrived(s);
        if (*arrived >= want) {
            break;
        }
    }
    return t;
}

/* circle of 500: 99% arrived within 110% of RVO2's 105.5 s, and everybody arrives; no pair
 * under 0.95 of the radii sum. */
static void circle_meets_the_quality_targets(void **state) {
    (void)state;
    if (test_scaled_down()) {
        return; /* 7,700 steps of 500 bodies: native runs only */
    }
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_CIRCLE, 500, MOTE_BACKEND_AUTO), MOTE_OK);
    float closest;
    size_t arrived;
    const float t = run_until_arrived(&s, 1.1f * 105.5f, &closest, &arrived);
    printf("circle 500: 99%% arrived at %.1f s, closest pair %.3f of the radii sum\n", (double)t,
           (double)closest);
    assert_true(closest >= 0.95f);
    assert_true(t < 1.1f * 105.5f);
    for (int k = 0; k < 60 * 30 && avoid_scene_arrived(&s) < s.n; ++k) { /* nobody stuck */
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    assert_int_equal(avoid_scene_arrived(&s), s.n);
    avoid_scene_destroy(&s);
}

/* Every body's side of every wall it is beside stays the side it started on, and no disc
 * reaches into a wall. */
typedef struct wall_watch {
    float *side; /* per body and wall: the sign of the start, 0 where not beside it */
} wall_watch;

static float wall_distance(const mote_segment *w, float x, float y, float *side) {
    const float abx = w->b.x - w->a.x, aby = w->b.y - w->a.y;
    float t = ((x - w->a.x) * abx + (y - w->a.y) * aby) / (abx * abx + aby * aby);
    *side = (t > 0.0f && t < 1.0f) ? (abx * (y - w->a.y) - aby * (x - w->a.x) > 0 ? 1.0f : -1.0f)
                                   : 0.0f;
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    const float dx = x - (w->a.x + abx * t), dy = y - (w->a.y + aby * t);
    return sqrtf(dx * dx + dy * dy);
}

/* True when the segments p0-p1 and a-b cross. */
static bool segments_cross(float p0x, float p0y, float p1x, float p1y, const mote_segment *w) {
    const double ux = p1x - p0x, uy = p1y - p0y, vx = w->b.x - w->a.x, vy = w->b.y - w->a.y;
    const double d0 = vx * (p0y - w->a.y) - vy * (p0x - w->a.x);
    const double d1 = vx * (p1y - w->a.y) - vy * (p1x - w->a.x);
    const double e0 = ux * (w->a.y - p0y) - uy * (w->a.x - p0x);
    const double e1 = ux * (w->b.y - p0y) - uy * (w->b.x - p0x);
    return d0 * d1 < 0.0 && e0 * e1 < 0.0;
}

/* No disc reaches into a wall, and no centre crossed one since the last call (previous holds
 * the positions then, x and y per body). */
static void check_walls(const avoid_scene *s, float *previous) {
    mote_mover_view v = mote_mover_pool_view(s->pool);
    for (size_t i = 0; i < v.count; ++i) {
        for (size_t w = 0; w < s->wall_count; ++w) {
            float side;
            const float d = wall_distance(&s->walls[w], v.position_x[i], v.position_y[i], &side);
            if (d < v.radius[i] * 0.999f) {
                fail_msg("body %zu reaches %g into wall %zu", i, (double)(v.radius[i] - d), w);
            }
            if (segments_cross(previous[2 * i], previous[2 * i + 1], v.position_x[i],
                               v.position_y[i], &s->walls[w])) {
                fail_msg("body %zu crossed wall %zu", i, w);
            }
        }
        previous[2 * i] = v.position_x[i];
        previous[2 * i + 1] = v.position_y[i];
    }
}

/* Bodies through: in the corridor those arrived, at the door those past the door's wall. */
static size_t through(const avoid_scene *s) {
    if (s->kind != AVOID_DOOR) {
        return avoid_scene_arrived(s);
    }
    mote_mover_view v = mote_mover_pool_view(s->pool);
    size_t past = 0;
    for (size_t i = 0; i < v.count; ++i) {
        past += v.position_x[i] > 0.0f;
    }
    return past;
}

/* A scene with walls: no centre crosses a wall, no disc reaches into one, no pair comes under
 * 0.95 of its radii sum, and everybody gets through within limit seconds. */
static void walls_scene_holds(avoid_scene_kind kind, size_t n, float limit) {
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, kind, n, MOTE_BACKEND_AUTO), MOTE_OK);
    float *sides = calloc(2 * n, sizeof(float));
    assert_non_null(sides);
    mote_mover_view v = mote_mover_pool_view(s.pool);
    for (size_t i = 0; i < n; ++i) {
        sides[2 * i] = v.position_x[i];
        sides[2 * i + 1] = v.position_y[i];
    }
    float t = 0.0f, closest = INFINITY;
    while (t < limit && through(&s) < n) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
        t += AVOID_DT;
        check_walls(&s, sides);
        float c = avoid_scene_closest_pair(&s);
        closest = c < closest ? c : closest;
    }
    const size_t passed = through(&s);
    printf("%s %zu: %zu through after %.1f s, closest pair %.3f\n", avoid_scene_name(kind), n,
           passed, (double)t, (double)closest);
    assert_int_equal(passed, n);
    assert_true(closest >= 0.95f);
    free(sides);
    avoid_scene_destroy(&s);
}

static void corridor_two_way_traffic(void **state) {
    (void)state;
    walls_scene_holds(AVOID_CORRIDOR, 80, 30.0f); /* everybody arrives in 12.7 s */
}

static void door_between_two_rooms(void **state) {
    (void)state;
    if (test_scaled_down()) {
        return; /* 7,500 steps: the corridor covers the walls under emulation and valgrind */
    }
    walls_scene_holds(AVOID_DOOR, 120, 150.0f); /* everybody through in 124.3 s */
}

/* A pool of n bodies of radius 0.4 on one point, standing. */
static mote_mover_pool *pile_pool(int n) {
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.params = avoid_scene_params();
    def.avoidance.neighbor_distance = 3.0f;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    for (int i = 0; i < n; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        d.radius = 0.4f;
        d.state.position = (mote_vec2){5.0f, -3.0f};
        assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_OK);
    }
    return pool;
}

/* Every body on one point separates without NaN, and each body read a bounded number of
 * neighbours (the pile spreads to the radii sums in a few seconds). */
static void a_pile_on_one_point_separates(void **state) {
    (void)state;
    mote_mover_pool *pool = pile_pool(400);
    avoid_scene view = {.pool = pool, .n = 400};
    float first = avoid_scene_closest_pair(&view);
    assert_true(first == 0.0f);
    for (int k = 0; k < 60 * 20; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, AVOID_DT), MOTE_OK);
    }
    mote_validation v;
    assert_int_equal(mote_mover_pool_validate(pool, &v), MOTE_OK);
    const float closest = avoid_scene_closest_pair(&view);
    printf("pile of 400 after 20 s: closest pair %.3f of the radii sum\n", (double)closest);
    assert_true(closest > 0.5f);
    mote_mover_pool_destroy(pool);
}

/* A pile spreading from one point (the projection's first pass finds more candidates than it
 * keeps, bodies move past the kept lists' margin, then the lists serve as it settles): every
 * wide table gives the reference's positions, velocities and avoid velocities, step after
 * step. 200 bodies, 240 steps; 30 scaled down. */
static void a_spreading_pile_on_every_table_is_the_reference(void **state) {
    (void)state;
    const int steps = (int)test_scaled_at_least(240, 30);
    mote_mover_pool *ref = pile_pool(200);
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_mover_pool *wide[16];
    size_t wides = 0;
    for (size_t t = 0; t < n && wides < 16; ++t) {
        if (tables[t]->backend != MOTE_BACKEND_SCALAR && mote_kernel_table_runnable(tables[t])) {
            wide[wides++] = pile_pool(200);
        }
    }
    for (int k = 0; k < steps; ++k) {
        mote_pool_run_table((mote_pool *)(void *)ref, mote_kernel_table_for(MOTE_BACKEND_SCALAR), 0,
                            200, AVOID_DT);
        size_t w = 0;
        for (size_t t = 0; t < n && w < wides; ++t) {
            if (tables[t]->backend == MOTE_BACKEND_SCALAR ||
                !mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            mote_pool_run_table((mote_pool *)(void *)wide[w], tables[t], 0, 200, AVOID_DT);
            assert_fields_equal(ref, wide[w], MOVER_POSITION_X, MOVER_ROTATION);
            assert_fields_equal(ref, wide[w], MOVER_AVOID_VELOCITY_X, MOVER_FIELD_COUNT);
            ++w;
        }
    }
    avoid_scene view = {.pool = ref, .n = 200};
    assert_true(avoid_scene_closest_pair(&view) > 0.5f); /* it spread */
    for (size_t w = 0; w < wides; ++w) {
        mote_mover_pool_destroy(wide[w]);
    }
    mote_mover_pool_destroy(ref);
}

/* A body started across a wall's disc leaves it on its centre's side. */
static void bodies_inside_walls_leave_them(void **state) {
    (void)state;
    mote_mover_pool_def def = mote_default_mover_pool_def();
    def.avoidance.neighbor_distance = 2.0f;
    mote_mover_pool *pool = NULL;
    assert_int_equal(mote_mover_pool_create(&def, &pool), MOTE_OK);
    const mote_segment wall = {{-5.0f, 0.0f}, {5.0f, 0.0f}};
    assert_int_equal(mote_mover_pool_set_walls(pool, &wall, 1), MOTE_OK);
    const float ys[] = {0.1f, -0.2f, 0.0f};
    for (int i = 0; i < 3; ++i) {
        mote_mover_desc d = mote_default_mover_desc();
        d.radius = 0.5f;
        d.state.position = (mote_vec2){(float)i * 2.0f - 2.0f, ys[i]};
        d.desired_velocity = (mote_vec2){0.0f, i == 1 ? 3.0f : -3.0f}; /* into the wall */
        assert_int_equal(mote_mover_pool_add(pool, &d, NULL), MOTE_OK);
    }
    for (int k = 0; k < 120; ++k) {
        assert_int_equal(mote_mover_pool_step(pool, AVOID_DT), MOTE_OK);
    }
    mote_mover_view v = mote_mover_pool_view(pool);
    assert_true(v.position_y[0] >= 0.5f * 0.999f);        /* above, where its centre was */
    assert_true(v.position_y[1] <= -0.5f * 0.999f);       /* below */
    assert_true(fabsf(v.position_y[2]) >= 0.5f * 0.999f); /* on the line: the normal's side */
    mote_mover_pool_destroy(pool);
}

/* The query finds exactly the bodies a brute-force scan finds, after steps and before any. */
/* 50 random queries over the scene's square each find the bodies a scan of the view finds,
 * their ids those bodies', and the count past max_ids. */
static void assert_queries_match_a_scan(avoid_scene *s) {
    static mote_id ids[2000];
    const mote_mover_view v = mote_mover_pool_view(s->pool);
    assert_true(v.count <= 2000);
    for (int q = 0; q < 50; ++q) {
        const mote_vec2 c = {tool_rng_range(&s->rng, -5.0f, s->side + 5.0f),
                             tool_rng_range(&s->rng, -5.0f, s->side + 5.0f)};
        const float r = tool_rng_range(&s->rng, 0.0f, 8.0f);
        size_t count = 0;
        assert_int_equal(mote_mover_pool_query_radius(s->pool, c, r, ids, 2000, &count), MOTE_OK);
        size_t want = 0;
        for (size_t i = 0; i < v.count; ++i) {
            const float dx = v.position_x[i] - c.x, dy = v.position_y[i] - c.y;
            want += dx * dx + dy * dy <= r * r;
        }
        assert_int_equal(count, want);
        for (size_t k = 0; k < count; ++k) {
            size_t i;
            assert_int_equal(mote_mover_pool_index(s->pool, ids[k], &i), MOTE_OK);
            const float dx = v.position_x[i] - c.x, dy = v.position_y[i] - c.y;
            assert_true(dx * dx + dy * dy <= r * r);
        }
        size_t few = 0;
        assert_int_equal(mote_mover_pool_query_radius(s->pool, c, r, ids, 3, &few), MOTE_OK);
        assert_int_equal(few, want); /* the count past max_ids */
    }
}

static void query_matches_a_scan(void **state) {
    (void)state;
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_SQUARE, 2000, MOTE_BACKEND_AUTO), MOTE_OK);
    for (int round = 0; round < 3; ++round) {
        assert_queries_match_a_scan(&s);
        for (int k = 0; k < 20; ++k) {
            avoid_scene_steer(&s);
            assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
        }
    }
    avoid_scene_destroy(&s);
}

/* The query finds the bodies where they are after steps with avoidance off (which build no
 * grid), after a restore of as many bodies, and after a remove and an add. */
static void query_follows_steps_restores_and_removals(void **state) {
    (void)state;
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_SQUARE, 400, MOTE_BACKEND_AUTO), MOTE_OK);
    for (int k = 0; k < 5; ++k) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    const size_t size = mote_mover_pool_snapshot_size(s.pool);
    unsigned char *saved = malloc(size);
    assert_non_null(saved);
    assert_int_equal(mote_mover_pool_save(s.pool, saved, size, NULL), MOTE_OK);
    /* avoidance off: 2 s of walking, no grid built */
    const mote_avoidance_settings on = mote_mover_pool_avoidance(s.pool);
    mote_avoidance_settings off = on;
    off.neighbor_distance = 0.0f;
    assert_int_equal(mote_mover_pool_set_avoidance(s.pool, &off), MOTE_OK);
    for (int k = 0; k < 120; ++k) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    assert_queries_match_a_scan(&s);
    /* avoidance on for 2 s (a grid every step), then the save restored: as many bodies */
    assert_int_equal(mote_mover_pool_set_avoidance(s.pool, &on), MOTE_OK);
    for (int k = 0; k < 120; ++k) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    assert_int_equal(mote_mover_pool_restore(s.pool, saved, size), MOTE_OK);
    assert_queries_match_a_scan(&s);
    /* one removed and one added far from it: as many bodies again, another at an index */
    assert_int_equal(mote_mover_pool_remove(s.pool, mote_mover_pool_id_at(s.pool, 0)), MOTE_OK);
    mote_mover_desc d = mote_default_mover_desc();
    d.state.position = (mote_vec2){s.side, s.side};
    d.radius = AVOID_RADIUS;
    mote_id added;
    assert_int_equal(mote_mover_pool_add(s.pool, &d, &added), MOTE_OK);
    mote_id found[8];
    size_t count = 0;
    assert_int_equal(
        mote_mover_pool_query_radius(s.pool, d.state.position, 0.01f, found, 8, &count), MOTE_OK);
    assert_int_equal(count, 1);
    assert_true(found[0].slot == added.slot && found[0].generation == added.generation);
    assert_queries_match_a_scan(&s);
    free(saved);
    avoid_scene_destroy(&s);
}

/* Settings change on a live pool; a snapshot carries radii and settings. */
static void live_settings_and_snapshots(void **state) {
    (void)state;
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_CIRCLE, 100, MOTE_BACKEND_AUTO), MOTE_OK);
    mote_avoidance_settings a = mote_mover_pool_avoidance(s.pool);
    assert_true(a.neighbor_distance == 3.0f);
    a.max_neighbors = 4;
    a.time_horizon = 1.5f;
    assert_int_equal(mote_mover_pool_set_avoidance(s.pool, &a), MOTE_OK);
    assert_int_equal(mote_mover_pool_avoidance(s.pool).max_neighbors, 4);
    for (int k = 0; k < 30; ++k) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    const size_t size = mote_mover_pool_snapshot_size(s.pool);
    void *blob = malloc(size);
    assert_non_null(blob);
    size_t written;
    assert_int_equal(mote_mover_pool_save(s.pool, blob, size, &written), MOTE_OK);
    avoid_scene copy;
    assert_int_equal(avoid_scene_create(&copy, AVOID_CIRCLE, 3, MOTE_BACKEND_AUTO), MOTE_OK);
    assert_int_equal(mote_mover_pool_restore(copy.pool, blob, written), MOTE_OK);
    assert_int_equal(mote_mover_pool_avoidance(copy.pool).max_neighbors, 4);
    assert_true(mote_mover_pool_avoidance(copy.pool).time_horizon == 1.5f);
    assert_fields_equal(s.pool, copy.pool, 0, MOVER_FIELD_COUNT);
    free(blob);
    avoid_scene_destroy(&copy);
    avoid_scene_destroy(&s);
}

/* Every bad input: its status, its detail, nothing changed. */
static void bad_input_is_refused(void **state) {
    (void)state;
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_CORRIDOR, 20, MOTE_BACKEND_AUTO), MOTE_OK);
    const mote_avoidance_settings before = mote_mover_pool_avoidance(s.pool);
    const struct {
        mote_avoidance_settings a;
        mote_status status;
        const char *detail;
    } bad[] = {
        {{NAN, 10, 2.0f, 2.0f}, MOTE_ERROR_NON_FINITE, "neighbor_distance"},
        {{INFINITY, 10, 2.0f, 2.0f}, MOTE_ERROR_NON_FINITE, "neighbor_distance"},
        {{-1.0f, 10, 2.0f, 2.0f}, MOTE_ERROR_INVALID_ARGUMENT, "neighbor_distance"},
        {{3.0f, 0, 2.0f, 2.0f}, MOTE_ERROR_INVALID_ARGUMENT, "max_neighbors"},
        {{3.0f, -4, 2.0f, 2.0f}, MOTE_ERROR_INVALID_ARGUMENT, "max_neighbors"},
        {{3.0f, 10, 0.0f, 2.0f}, MOTE_ERROR_INVALID_ARGUMENT, "time_horizon"},
        {{3.0f, 10, 2.0f, -1.0f}, MOTE_ERROR_INVALID_ARGUMENT, "obstacle_time_horizon"},
        {{3.0f, 10, NAN, 2.0f}, MOTE_ERROR_NON_FINITE, "time_horizon"},
        {{3.0f, 10, 2.0f, INFINITY}, MOTE_ERROR_NON_FINITE, "obstacle_time_horizon"},
        /* below MOTE_AVOIDANCE_MIN_TIME_HORIZON (a denormal made 1 / horizon infinite) */
        {{3.0f, 10, 1e-39f, 2.0f}, MOTE_ERROR_INVALID_ARGUMENT, "time_horizon"},
        {{3.0f, 10, 2.0f, 5e-4f}, MOTE_ERROR_INVALID_ARGUMENT, "obstacle_time_horizon"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        assert_int_equal(mote_mover_pool_set_avoidance(s.pool, &bad[k].a), bad[k].status);
        assert_non_null(strstr(mote_error_detail(), bad[k].detail));
        const mote_avoidance_settings after = mote_mover_pool_avoidance(s.pool);
        assert_memory_equal(&before, &after, sizeof before);
        mote_mover_pool_def def = mote_default_mover_pool_def();
        def.avoidance = bad[k].a;
        mote_mover_pool *pool = NULL;
        assert_int_equal(mote_mover_pool_create(&def, &pool), bad[k].status);
        assert_null(pool);
    }
    /* radii */
    mote_mover_desc d = mote_default_mover_desc();
    const float radii[] = {-0.1f, NAN, INFINITY, 2.0f * MOTE_MOVER_MAX_RADIUS};
    const mote_status radius_status[] = {MOTE_ERROR_INVALID_ARGUMENT, MOTE_ERROR_NON_FINITE,
                                         MOTE_ERROR_NON_FINITE, MOTE_ERROR_INVALID_ARGUMENT};
    const size_t count = mote_mover_pool_count(s.pool);
    for (size_t k = 0; k < 4; ++k) {
        d.radius = radii[k];
        assert_int_equal(mote_mover_pool_add(s.pool, &d, NULL), radius_status[k]);
        assert_non_null(strstr(mote_error_detail(), "radius"));
        assert_int_equal(mote_mover_pool_count(s.pool), count);
    }
    /* walls */
    size_t wall_count;
    const mote_segment *kept = mote_mover_pool_walls(s.pool, &wall_count);
    assert_int_equal(wall_count, 4);
    mote_segment kept_copy[4];
    memcpy(kept_copy, kept, sizeof kept_copy);
    const mote_segment nan_wall[2] = {{{0, 0}, {1, 1}}, {{0, NAN}, {1, 1}}};
    const mote_segment inf_wall = {{0, 0}, {INFINITY, 1}};
    const mote_segment point_wall = {{2, 3}, {2, 3}};
    assert_int_equal(mote_mover_pool_set_walls(s.pool, nan_wall, 2), MOTE_ERROR_NON_FINITE);
    assert_non_null(strstr(mote_error_detail(), "walls[1]"));
    assert_int_equal(mote_mover_pool_set_walls(s.pool, &inf_wall, 1), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_set_walls(s.pool, &point_wall, 1),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "length"));
    const mote_segment far_wall = {{0, 0}, {2.0f * MOTE_MOVER_MAX_WALL_POSITION, 1}};
    assert_int_equal(mote_mover_pool_set_walls(s.pool, &far_wall, 1), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "within"));
    assert_int_equal(mote_mover_pool_set_walls(s.pool, NULL, 3), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_set_walls(NULL, NULL, 0), MOTE_ERROR_INVALID_ARGUMENT);
    kept = mote_mover_pool_walls(s.pool, &wall_count);
    assert_int_equal(wall_count, 4);
    assert_memory_equal(kept, kept_copy, sizeof kept_copy);
    /* the query */
    size_t found = 7;
    mote_id ids[4];
    assert_int_equal(
        mote_mover_pool_query_radius(s.pool, (mote_vec2){NAN, 0}, 1.0f, ids, 4, &found),
        MOTE_ERROR_NON_FINITE);
    assert_int_equal(
        mote_mover_pool_query_radius(s.pool, (mote_vec2){0, 0}, INFINITY, ids, 4, &found),
        MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_mover_pool_query_radius(s.pool, (mote_vec2){0, 0}, -1.0f, ids, 4, &found),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "radius"));
    assert_int_equal(mote_mover_pool_query_radius(s.pool, (mote_vec2){0, 0}, 1.0f, ids, 4, NULL),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_mover_pool_query_radius(s.pool, (mote_vec2){0, 0}, 1.0f, NULL, 4, &found),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(found, 7);
    /* the pool's own walls given back, shifted by one: the three last stay */
    assert_int_equal(mote_mover_pool_set_walls(s.pool, kept + 1, 3), MOTE_OK);
    const mote_segment *shifted = mote_mover_pool_walls(s.pool, &wall_count);
    assert_int_equal(wall_count, 3);
    for (size_t w = 0; w < 3; ++w) {
        assert_true(shifted[w].a.x == kept_copy[w + 1].a.x &&
                    shifted[w].b.y == kept_copy[w + 1].b.y);
    }
    /* clearing walls, and walls copied (the caller's array may go) */
    mote_segment mine = {{1, 1}, {2, 2}};
    assert_int_equal(mote_mover_pool_set_walls(s.pool, &mine, 1), MOTE_OK);
    mine.a.x = 50.0f;
    assert_true(mote_mover_pool_walls(s.pool, &wall_count)[0].a.x == 1.0f);
    assert_int_equal(mote_mover_pool_set_walls(s.pool, NULL, 0), MOTE_OK);
    assert_null(mote_mover_pool_walls(s.pool, &wall_count));
    assert_int_equal(wall_count, 0);
    avoid_scene_destroy(&s);
}

/* A million bodies: one step of the square scene's density completes, finite. Natively and
 * under the sanitizers; scaled down (valgrind, qemu) the other cases hold the same code. */
static void a_million_bodies(void **state) {
    (void)state;
    if (test_scaled_down()) {
        skip();
    }
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, AVOID_SQUARE, 1000000, MOTE_BACKEND_AUTO), MOTE_OK);
    avoid_scene_steer(&s);
    assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    mote_validation v;
    assert_int_equal(mote_mover_pool_validate(s.pool, &v), MOTE_OK);
    avoid_scene_destroy(&s);
}

MOTE_TEST_MAIN(cmocka_unit_test(defaults_and_off_is_todays_bits),
               cmocka_unit_test(desired_velocity_is_kept),
               cmocka_unit_test(reference_and_every_table_agree),
               cmocka_unit_test(workers_give_the_serial_bits),
               cmocka_unit_test(circle_meets_the_quality_targets),
               cmocka_unit_test(corridor_two_way_traffic), cmocka_unit_test(door_between_two_rooms),
               cmocka_unit_test(a_pile_on_one_point_separates),
               cmocka_unit_test(a_spreading_pile_on_every_table_is_the_reference),
               cmocka_unit_test(bodies_inside_walls_leave_them),
               cmocka_unit_test(query_matches_a_scan),
               cmocka_unit_test(query_follows_steps_restores_and_removals),
               cmocka_unit_test(live_settings_and_snapshots),
               cmocka_unit_test(bad_input_is_refused), cmocka_unit_test(a_million_bodies))
