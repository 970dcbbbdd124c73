/* What the shared pool layer gives every kind, tested through each kind's public names:
 * ids that know their pool (same kind and across kinds), defs that must come from their
 * default function, bulk adds that are all or nothing, per-id setters, and the step policy
 * (max_dt, _advance, _advance_of). The id tests are one body compiled against each kind's
 * API (the cglm habit), so no kind can drift from the others. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"

static mote_spring_desc spring_desc(float x) {
    mote_spring_desc d = mote_default_spring_desc();
    d.x = x;
    d.goal = 1.0f;
    return d;
}

static mote_mover_desc mover_desc(float x) {
    mote_mover_desc d = mote_default_mover_desc();
    d.state.position.x = x;
    d.desired_velocity.x = 1.0f;
    return d;
}

static mote_debris_desc debris_desc(float x) {
    mote_debris_desc d = mote_default_debris_desc();
    d.anchor.x = x;
    return d;
}

/* The value each desc above was made from. */
static float spring_key(const mote_spring_desc *d) {
    return d->x;
}
static float mover_key(const mote_mover_desc *d) {
    return d->state.position.x;
}
static float debris_key(const mote_debris_desc *d) {
    return d->anchor.x;
}

/* One body per kind K: an id from pool a used on pool b (same kind) is MOTE_ERROR_WRONG_POOL
 * on every call that takes an id, and changes nothing in b; a's own id works in a. */
#define WRONG_POOL_SAME_KIND(K)                                                                    \
    static void K##_id_from_another_pool_is_refused(void **unused) {                               \
        (void)unused;                                                                              \
        mote_##K##_pool_def def = mote_default_##K##_pool_def();                                   \
        mote_##K##_pool *a = NULL, *b = NULL;                                                      \
        assert_int_equal(mote_##K##_pool_create(&def, &a), MOTE_OK);                               \
        assert_int_equal(mote_##K##_pool_create(&def, &b), MOTE_OK);                               \
        mote_id ia, ib;                                                                            \
        mote_##K##_desc da = K##_desc(1.0f), db = K##_desc(2.0f), got;                             \
        assert_int_equal(mote_##K##_pool_add(a, &da, &ia), MOTE_OK);                               \
        assert_int_equal(mote_##K##_pool_add(b, &db, &ib), MOTE_OK);                               \
        /* both are the first element of their pool: only the tag tells them apart */              \
        assert_int_equal(ia.slot, ib.slot);                                                        \
        assert_int_equal(ia.generation, ib.generation);                                            \
        assert_int_not_equal(ia.pool, ib.pool);                                                    \
        size_t index = 99;                                                                         \
        assert_false(mote_##K##_pool_contains(b, ia));                                             \
        assert_int_equal(mote_##K##_pool_index(b, ia, &index), MOTE_ERROR_WRONG_POOL);             \
        assert_int_equal(index, 99);                                                               \
        assert_int_equal(mote_##K##_pool_get(b, ia, &got), MOTE_ERROR_WRONG_POOL);                 \
        assert_int_equal(mote_##K##_pool_set(b, ia, &da), MOTE_ERROR_WRONG_POOL);                  \
        assert_int_equal(mote_##K##_pool_remove(b, ia), MOTE_ERROR_WRONG_POOL);                    \
        assert_int_equal(mote_##K##_pool_count(b), 1);                                             \
        assert_int_equal(mote_##K##_pool_get(b, ib, &got), MOTE_OK);                               \
        assert_float_equal(K##_key(&got), 2.0f, 0.0f);                                             \
        assert_true(mote_id_equal(mote_##K##_pool_id_at(b, 0), ib));                               \
        /* the null id was issued by no pool: stale, not another pool's */                         \
        assert_int_equal(mote_##K##_pool_remove(b, mote_null_id()), MOTE_ERROR_STALE_ID);          \
        assert_int_equal(mote_##K##_pool_remove(a, ia), MOTE_OK);                                  \
        assert_int_equal(mote_##K##_pool_remove(a, ia), MOTE_ERROR_STALE_ID);                      \
        mote_##K##_pool_destroy(a);                                                                \
        mote_##K##_pool_destroy(b);                                                                \
    }

WRONG_POOL_SAME_KIND(spring)
WRONG_POOL_SAME_KIND(mover)
WRONG_POOL_SAME_KIND(debris)

/* Ids of one kind of pool used on another kind: refused, nothing changes. */
static void ids_of_another_kind_are_refused(void **unused) {
    (void)unused;
    mote_spring_pool_def sd = mote_default_spring_pool_def();
    mote_mover_pool_def md = mote_default_mover_pool_def();
    mote_debris_pool_def dd = mote_default_debris_pool_def();
    mote_spring_pool *springs = NULL;
    mote_mover_pool *movers = NULL;
    mote_debris_pool *debris = NULL;
    assert_int_equal(mote_spring_pool_create(&sd, &springs), MOTE_OK);
    assert_int_equal(mote_mover_pool_create(&md, &movers), MOTE_OK);
    assert_int_equal(mote_debris_pool_create(&dd, &debris), MOTE_OK);
    mote_id s, m, d;
    mote_spring_desc sdesc = spring_desc(1.0f);
    mote_mover_desc mdesc = mover_desc(1.0f);
    mote_debris_desc ddesc = debris_desc(1.0f);
    assert_int_equal(mote_spring_pool_add(springs, &sdesc, &s), MOTE_OK);
    assert_int_equal(mote_mover_pool_add(movers, &mdesc, &m), MOTE_OK);
    assert_int_equal(mote_debris_pool_add(debris, &ddesc, &d), MOTE_OK);
    /* the kind is in the top 8 bits of the tag */
    assert_int_not_equal(s.pool >> 24, m.pool >> 24);
    assert_int_not_equal(m.pool >> 24, d.pool >> 24);
    assert_false(mote_spring_pool_contains(springs, m));
    assert_false(mote_mover_pool_contains(movers, s));
    assert_false(mote_debris_pool_contains(debris, m));
    assert_int_equal(mote_spring_pool_remove(springs, m), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_spring_pool_set_goal(springs, d, 3.0f), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_mover_pool_remove(movers, d), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_mover_pool_set_desired_velocity(movers, s, (mote_vec2){1.0f, 0.0f}),
                     MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_debris_pool_remove(debris, s), MOTE_ERROR_WRONG_POOL);
    assert_int_equal(mote_spring_pool_count(springs), 1);
    assert_int_equal(mote_mover_pool_count(movers), 1);
    assert_int_equal(mote_debris_pool_count(debris), 1);
    mote_mover_desc got;
    assert_int_equal(mote_mover_pool_get(movers, m, &got), MOTE_OK);
    assert_float_equal(mover_key(&got), 1.0f, 0.0f);
    assert_string_equal(mote_status_name(MOTE_ERROR_WRONG_POOL), "MOTE_ERROR_WRONG_POOL");
    mote_spring_pool_destroy(springs);
    mote_mover_pool_destroy(movers);
    mote_debris_pool_destroy(debris);
}

/* A def that did not come from its default function is refused, with its own status. */
static void zeroed_defs_are_refused(void **unused) {
    (void)unused;
    mote_spring_pool_def sd;
    memset(&sd, 0, sizeof sd);
    sd.max_count = 100;
    mote_spring_pool *springs = (mote_spring_pool *)&sd; /* must stay untouched */
    assert_int_equal(mote_spring_pool_create(&sd, &springs), MOTE_ERROR_UNINITIALIZED_DEF);
    assert_ptr_equal(springs, (mote_spring_pool *)&sd);
    mote_mover_pool_def md;
    memset(&md, 0, sizeof md);
    md.max_substep = 1.0f / 60.0f;
    md.max_count = 100;
    mote_mover_pool *movers = NULL;
    assert_int_equal(mote_mover_pool_create(&md, &movers), MOTE_ERROR_UNINITIALIZED_DEF);
    assert_null(movers);
    mote_debris_pool_def dd;
    memset(&dd, 0, sizeof dd);
    mote_debris_pool *debris = NULL;
    assert_int_equal(mote_debris_pool_create(&dd, &debris), MOTE_ERROR_UNINITIALIZED_DEF);
    assert_null(debris);
    /* a default def of another kind does not pass either */
    mote_mover_pool_def from_springs = md;
    from_springs.internal_cookie = mote_default_spring_pool_def().internal_cookie;
    assert_int_equal(mote_mover_pool_create(&from_springs, &movers), MOTE_ERROR_UNINITIALIZED_DEF);
    assert_string_equal(mote_status_name(MOTE_ERROR_UNINITIALIZED_DEF),
                        "MOTE_ERROR_UNINITIALIZED_DEF");
    /* max_dt must be > 0 */
    sd = mote_default_spring_pool_def();
    sd.max_dt = 0.0f;
    assert_int_equal(mote_spring_pool_create(&sd, &springs), MOTE_ERROR_INVALID_ARGUMENT);
    sd.max_dt = NAN;
    assert_int_equal(mote_spring_pool_create(&sd, &springs), MOTE_ERROR_INVALID_ARGUMENT);
}

/* add_many: one bad desc, or one element too many, and nothing is added. */
static void add_many_is_all_or_nothing(void **unused) {
    (void)unused;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = 4;
    def.max_count = 10;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    mote_spring_desc descs[8];
    for (int i = 0; i < 8; ++i) {
        descs[i] = spring_desc((float)i);
    }
    mote_id ids[8];
    descs[5].goal = NAN;
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 8, ids), MOTE_ERROR_NON_FINITE);
    descs[5].goal = 1.0f;
    descs[6].halflife = INFINITY;
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 8, ids), MOTE_ERROR_NON_FINITE);
    descs[6].halflife = 0.1f;
    assert_int_equal(mote_spring_pool_count(pool), 0);
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 8, ids), MOTE_OK);
    assert_int_equal(mote_spring_pool_count(pool), 8);
    for (int i = 0; i < 8; ++i) {
        size_t index;
        assert_int_equal(mote_spring_pool_index(pool, ids[i], &index), MOTE_OK);
        assert_int_equal(index, (size_t)i);
        assert_float_equal(mote_spring_pool_view(pool).x[i], (float)i, 0.0f);
    }
    /* 8 + 3 > max_count 10: refused whole, the ids buffer untouched */
    mote_id more[3] = {{7u, 7u, 7u}, {7u, 7u, 7u}, {7u, 7u, 7u}};
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 3, more), MOTE_ERROR_FULL);
    assert_int_equal(mote_spring_pool_count(pool), 8);
    assert_int_equal(more[0].slot, 7u);
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 2, more), MOTE_OK);
    assert_int_equal(mote_spring_pool_count(pool), 10);
    assert_int_equal(mote_spring_pool_add_many(pool, NULL, 0, NULL), MOTE_OK);
    assert_int_equal(mote_spring_pool_add_many(pool, NULL, 1, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    mote_spring_pool_destroy(pool);
}

/* set_goal writes one element's goal, checked like add; a kind without a goal refuses it. */
static void set_goal_writes_one_goal(void **unused) {
    (void)unused;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    mote_id ids[3];
    mote_spring_desc descs[3] = {spring_desc(0.0f), spring_desc(1.0f), spring_desc(2.0f)};
    assert_int_equal(mote_spring_pool_add_many(pool, descs, 3, ids), MOTE_OK);
    assert_int_equal(mote_spring_pool_set_goal(pool, ids[1], 5.0f), MOTE_OK);
    mote_spring_view v = mote_spring_pool_view(pool);
    assert_float_equal(v.goal[0], 1.0f, 0.0f);
    assert_float_equal(v.goal[1], 5.0f, 0.0f);
    assert_float_equal(v.goal[2], 1.0f, 0.0f);
    assert_int_equal(mote_spring_pool_set_goal(pool, ids[1], NAN), MOTE_ERROR_NON_FINITE);
    assert_int_equal(mote_spring_pool_set_goal(pool, ids[1], -INFINITY), MOTE_ERROR_NON_FINITE);
    assert_float_equal(v.goal[1], 5.0f, 0.0f);
    assert_int_equal(mote_spring_pool_remove(pool, ids[2]), MOTE_OK);
    assert_int_equal(mote_spring_pool_set_goal(pool, ids[2], 1.0f), MOTE_ERROR_STALE_ID);
    assert_int_equal(mote_spring_pool_set_goal(NULL, ids[0], 1.0f), MOTE_ERROR_INVALID_ARGUMENT);
    mote_spring_pool_destroy(pool);
    def.kind = MOTE_SPRING_DECAY;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(pool, &descs[0], &ids[0]), MOTE_OK);
    assert_int_equal(mote_spring_pool_set_goal(pool, ids[0], 1.0f), MOTE_ERROR_INVALID_ARGUMENT);
    mote_spring_pool_destroy(pool);
}

/* A hitch: at the defaults every kind advances MOTE_DEFAULT_MAX_DT of it (but the
 * semi-implicit spring, whose own limit is shorter); with max_dt INFINITY each kind reports
 * what it advanced; one max_dt keeps them in step, and a clamped step is the same bits as a
 * step of max_dt. */
static void step_policy_reports_the_time_advanced(void **unused) {
    (void)unused;
    mote_spring_pool_def sd = mote_default_spring_pool_def();
    mote_spring_pool *springs = NULL, *semi = NULL, *reference = NULL;
    assert_int_equal(mote_spring_pool_create(&sd, &springs), MOTE_OK);
    assert_int_equal(mote_spring_pool_create(&sd, &reference), MOTE_OK);
    sd.kind = MOTE_SPRING_SEMI_IMPLICIT;
    assert_int_equal(mote_spring_pool_create(&sd, &semi), MOTE_OK);
    mote_mover_pool_def md = mote_default_mover_pool_def();
    mote_mover_pool *movers = NULL;
    assert_int_equal(mote_mover_pool_create(&md, &movers), MOTE_OK);
    mote_debris_pool_def dd = mote_default_debris_pool_def();
    mote_debris_pool *debris = NULL;
    assert_int_equal(mote_debris_pool_create(&dd, &debris), MOTE_OK);
    mote_spring_desc s = spring_desc(0.0f);
    assert_int_equal(mote_spring_pool_add(springs, &s, NULL), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(reference, &s, NULL), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(semi, &s, NULL), MOTE_OK);
    mote_mover_desc m = mover_desc(0.0f);
    assert_int_equal(mote_mover_pool_add(movers, &m, NULL), MOTE_OK);
    mote_debris_desc d = debris_desc(0.0f);
    assert_int_equal(mote_debris_pool_add(debris, &d, NULL), MOTE_OK);

    /* the defaults: a 10 s hitch advances every kind by the one default max_dt */
    float advanced = -1.0f;
    assert_true(mote_spring_pool_max_dt(springs) == MOTE_DEFAULT_MAX_DT);
    assert_int_equal(mote_spring_pool_advance_of(springs, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_mover_pool_advance_of(movers, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_debris_pool_advance_of(debris, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    mote_flight_pool_def fd = mote_default_flight_pool_def();
    mote_docking_pool_def kd = mote_default_docking_pool_def();
    mote_launch_pool_def ld = mote_default_launch_pool_def();
    mote_stage_pool_def td = mote_default_stage_pool_def();
    mote_orientation_pool_def od = mote_default_orientation_pool_def();
    mote_flight_pool *flights = NULL;
    mote_docking_pool *docking = NULL;
    mote_launch_pool *launches = NULL;
    mote_stage_pool *stages = NULL;
    mote_orientation_pool *turrets = NULL;
    assert_int_equal(mote_flight_pool_create(&fd, &flights), MOTE_OK);
    assert_int_equal(mote_docking_pool_create(&kd, &docking), MOTE_OK);
    assert_int_equal(mote_launch_pool_create(&ld, &launches), MOTE_OK);
    assert_int_equal(mote_stage_pool_create(&td, &stages), MOTE_OK);
    assert_int_equal(mote_orientation_pool_create(&od, &turrets), MOTE_OK);
    const float other[5] = {fd.max_dt, kd.max_dt, ld.max_dt, td.max_dt, od.max_dt};
    for (int k = 0; k < 5; ++k) {
        assert_true(other[k] == MOTE_DEFAULT_MAX_DT);
    }
    assert_int_equal(mote_flight_pool_advance_of(flights, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_docking_pool_advance_of(docking, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_launch_pool_advance_of(launches, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_stage_pool_advance_of(stages, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    assert_int_equal(mote_orientation_pool_advance_of(turrets, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_DEFAULT_MAX_DT, 0.0f);
    mote_flight_pool_destroy(flights);
    mote_docking_pool_destroy(docking);
    mote_launch_pool_destroy(launches);
    mote_stage_pool_destroy(stages);
    mote_orientation_pool_destroy(turrets);
    assert_int_equal(mote_spring_pool_advance(semi, 10.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, MOTE_SEMI_IMPLICIT_MAX_DT, 0.0f);

    /* max_dt INFINITY: exact kinds take the whole hitch, the others say what they took */
    assert_int_equal(mote_spring_pool_set_max_dt(springs, INFINITY), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_max_dt(movers, INFINITY), MOTE_OK);
    assert_int_equal(mote_debris_pool_set_max_dt(debris, INFINITY), MOTE_OK);
    assert_int_equal(mote_spring_pool_advance_of(springs, 0.5f, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.5f, 0.0f);
    assert_int_equal(mote_mover_pool_advance(movers, 0.5f, &advanced), MOTE_OK);
    assert_float_equal(advanced, md.max_substep * MOTE_MOVER_MAX_SUBSTEPS, 0.0f);
    assert_int_equal(mote_debris_pool_advance(debris, 0.5f, NULL, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.5f, 0.0f);
    assert_true(isinf(mote_spring_pool_max_dt(springs)));

    /* one max_dt for every pool: all advance the same */
    assert_int_equal(mote_spring_pool_set_max_dt(springs, 0.1f), MOTE_OK);
    assert_int_equal(mote_mover_pool_set_max_dt(movers, 0.1f), MOTE_OK);
    assert_int_equal(mote_debris_pool_set_max_dt(debris, 0.1f), MOTE_OK);
    assert_int_equal(mote_spring_pool_advance(springs, 0.5f, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.1f, 0.0f);
    assert_int_equal(mote_mover_pool_advance(movers, 0.5f, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.1f, 0.0f);
    assert_int_equal(mote_debris_pool_advance(debris, 0.5f, NULL, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.1f, 0.0f);
    /* the piece's clock: the first hitch, then the clamped one */
    assert_float_equal(mote_debris_pool_view(debris).time[0], d.time + 0.5f + 0.1f, 0.0f);
    /* the clamped step is the step of max_dt, bit for bit */
    assert_int_equal(mote_spring_pool_step(reference, 0.1f), MOTE_OK);
    assert_memory_equal(mote_spring_pool_view(springs).x, mote_spring_pool_view(reference).x,
                        sizeof(float));
    assert_memory_equal(mote_spring_pool_view(springs).v, mote_spring_pool_view(reference).v,
                        sizeof(float));
    /* nothing stepped: 0 advanced */
    assert_int_equal(mote_spring_pool_advance(springs, 0.0f, &advanced), MOTE_OK);
    assert_float_equal(advanced, 0.0f, 0.0f);

    /* bad input: an error, and nothing changes */
    assert_int_equal(mote_spring_pool_advance(springs, NAN, &advanced), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_spring_pool_advance_of(springs, -1.0f, &advanced), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_spring_pool_set_max_dt(springs, 0.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_set_max_dt(springs, -1.0f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_set_max_dt(springs, NAN), MOTE_ERROR_INVALID_ARGUMENT);
    assert_float_equal(mote_spring_pool_max_dt(springs), 0.1f, 0.0f);
    assert_int_equal(mote_spring_pool_set_max_dt(springs, INFINITY), MOTE_OK);

    mote_spring_pool_destroy(springs);
    mote_spring_pool_destroy(semi);
    mote_spring_pool_destroy(reference);
    mote_mover_pool_destroy(movers);
    mote_debris_pool_destroy(debris);
}

/* Queries on a NULL pool answer "nothing" rather than a plausible value. */
static void null_pools_answer_nothing(void **unused) {
    (void)unused;
    assert_int_equal(mote_spring_pool_backend(NULL), MOTE_BACKEND_COUNT);
    assert_int_equal(mote_mover_pool_backend(NULL), MOTE_BACKEND_COUNT);
    assert_int_equal(mote_debris_pool_backend(NULL), MOTE_BACKEND_COUNT);
    assert_string_equal(mote_backend_name(mote_spring_pool_backend(NULL)), "unknown");
    assert_int_equal(mote_spring_pool_kind(NULL), MOTE_SPRING_KIND_COUNT);
    assert_int_equal(mote_spring_pool_count(NULL), 0);
    assert_float_equal(mote_mover_pool_max_dt(NULL), 0.0f, 0.0f);
    float advanced = 7.0f;
    assert_int_equal(mote_debris_pool_advance_of(NULL, 0.1f, &advanced),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_float_equal(advanced, 7.0f, 0.0f);
    assert_true(mote_id_equal(mote_debris_pool_id_at(NULL, 0), mote_null_id()));
}

/* The station spin checks its dt like a pool step does, and changes nothing on an error. */
static void station_spin_checks_its_dt(void **unused) {
    (void)unused;
    mote_station_spin spin = mote_default_station_spin();
    assert_int_equal(mote_station_spin_step(&spin, 0.5f), MOTE_OK);
    mote_station_spin before = spin;
    assert_int_equal(mote_station_spin_step(&spin, -1.0f), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_station_spin_step(&spin, NAN), MOTE_ERROR_INVALID_DT);
    assert_int_equal(mote_station_spin_step(&spin, INFINITY), MOTE_ERROR_INVALID_DT);
    assert_float_equal(spin.time, before.time, 0.0f);
    assert_float_equal(spin.angle, before.angle, 0.0f);
    assert_float_equal(spin.rate, before.rate, 0.0f);
    assert_int_equal(mote_station_spin_step(NULL, 0.1f), MOTE_ERROR_INVALID_ARGUMENT);
}

MOTE_TEST_MAIN(cmocka_unit_test(spring_id_from_another_pool_is_refused),
               cmocka_unit_test(mover_id_from_another_pool_is_refused),
               cmocka_unit_test(debris_id_from_another_pool_is_refused),
               cmocka_unit_test(ids_of_another_kind_are_refused),
               cmocka_unit_test(zeroed_defs_are_refused),
               cmocka_unit_test(add_many_is_all_or_nothing),
               cmocka_unit_test(set_goal_writes_one_goal),
               cmocka_unit_test(step_policy_reports_the_time_advanced),
               cmocka_unit_test(null_pools_answer_nothing),
               cmocka_unit_test(station_spin_checks_its_dt))
