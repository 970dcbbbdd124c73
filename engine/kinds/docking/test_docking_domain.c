/* The docking pool's domain (mote/docking.h): states and profiles outside it refused at add,
 * set, create, set_profile, begin and step with the member named in mote_error_detail() and
 * the pool unchanged; sequences and profiles at its edges, stepped thousands of times at the
 * largest and smallest dt a step accepts, stay finite and inside the domain on every kernel
 * variant and within docking_bounds.h of the reference, scaled as docking_scaled_bound says. */
#include <float.h>
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

#include "docking_bounds.h"
#include "docking_fields.h"
#include "docking_model.h"
#include "kernel_table.h"
#include "pool.h"
#include "test_support.h"

#define STEPS 2000
/* The sub-steps a check may run per table when the tests are scaled down. */
#define SCALED_DOWN_SUBSTEPS 4096

/* Profile e of the edges: 0 the default; 1 the stiffest spring with no damping; 2 the most
 * damped; 3 the longest timeline at the fastest spin it allows, the longest sub-step. */
static mote_docking_profile edge_profile(int e) {
    mote_docking_profile p = mote_default_docking_profile();
    if (e == 1) {
        p.stiffness_start = p.stiffness_end = MOTE_DOCKING_STIFFNESS_MAX;
        p.damping_start = p.damping_end = 0.0f;
        p.max_substep = 1.9e-4f; /* k h^2 = 3.61 */
    } else if (e == 2) {
        p.stiffness_start = 1e-30f;
        p.stiffness_end = 1.0f;
        p.damping_start = p.damping_end = MOTE_DOCKING_DAMPING_MAX;
        p.max_substep = 1.9e-4f; /* 2 c h = 3.8 */
        p.dock_clearance = -MOTE_DOCKING_STATION_MAX;
        p.dock_radial_offset = MOTE_DOCKING_STATION_MAX;
        p.dock_port_offset = (mote_vec3){MOTE_DOCKING_STATION_MAX, -MOTE_DOCKING_STATION_MAX,
                                         MOTE_DOCKING_STATION_MAX};
    } else if (e == 3) {
        p.spin_up_duration = 2.5e5f;
        p.approach_start = 1e5f;
        p.approach_duration = 4e5f;
        p.settle_duration = 2.5e5f;
        p.spin_down_duration = 2.5e5f; /* ends at MOTE_DOCKING_TIMELINE_MAX */
        p.station_spin_rate = -MOTE_DOCKING_SPIN_ANGLE_MAX / MOTE_DOCKING_TIMELINE_MAX;
        p.stiffness_start = p.stiffness_end = 3.9f;
        p.damping_start = p.damping_end = 0.0f;
        p.max_substep = MOTE_DOCKING_SUBSTEP_MAX;
        p.station_local_forward = (mote_vec3){MOTE_DOCKING_AXIS_MIN, 0.0f, 0.0f};
        p.dock_axis = (mote_vec3){0.0f, MOTE_DOCKING_AXIS_MAX * 0.5f, MOTE_DOCKING_AXIS_MAX * 0.5f};
    }
    assert_int_equal(mote_docking_profile_validate(&p), MOTE_OK);
    return p;
}

#define SEQUENCES 21

/* Sequence k: stations and chasers at +-their bounds and near the port, velocities at theirs,
 * clocks at -MOTE_DOCKING_TIME_MAX, before and inside the timeline and at its end, some
 * captured with start values at their bounds, one locked. */
static mote_docking_state edge_state(const mote_docking_profile *p, int k) {
    const float S = MOTE_DOCKING_STATION_MAX, C = MOTE_DOCKING_CHASER_MAX;
    const float sign = (k & 1) ? 1.0f : -1.0f;
    const mote_vec3 station =
        (k % 3 == 0) ? (mote_vec3){sign * S, -sign * S, S} : (mote_vec3){1.0f, 2.0f, 3.0f};
    const mote_vec3 chaser = (k % 3 == 1) ? (mote_vec3){-sign * C, sign * C, -C}
                                          : (mote_vec3){station.x + 5.0f, station.y, station.z};
    const mote_docking_timeline t = mote_docking_timeline_of(p);
    const float clocks[5] = {-MOTE_DOCKING_TIME_MAX, -1.0f, t.approach_start, t.settle_end,
                             MOTE_DOCKING_TIME_MAX};
    mote_docking_state s;
    assert_int_equal(
        mote_docking_begin(p, station,
                           mote_quat_axis_angle((mote_vec3){0.0f, 0.6f, 0.8f}, 0.3f * (float)k),
                           chaser, 0.0f, &s),
        MOTE_OK);
    s.time = clocks[k % 5];
    if (k % 4 == 2) {
        s.velocity = (mote_vec3){sign * MOTE_DOCKING_VELOCITY_MAX, MOTE_DOCKING_VELOCITY_MAX,
                                 -MOTE_DOCKING_VELOCITY_MAX};
    }
    if (k % 7 == 3) {
        s.captured = true;
        s.start_parallel = sign * MOTE_DOCKING_START_MAX;
        s.start_radial = MOTE_DOCKING_START_MAX;
        s.radial_direction = (mote_vec3){0.0f, 0.6f, -0.8f};
    }
    s.locked = k == 20;
    return s;
}

static mote_pool *edge_pool(const mote_docking_profile *p) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    def.backend = MOTE_BACKEND_SCALAR;
    def.profile = *p;
    mote_docking_pool *pool = NULL;
    assert_int_equal(mote_docking_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < SEQUENCES; ++k) {
        const mote_docking_state s = edge_state(p, k);
        assert_int_equal(mote_docking_pool_add(pool, &s, NULL), MOTE_OK);
    }
    return (mote_pool *)(void *)pool;
}

/* Finite, and every sequence still inside the domain: get and set it back. */
static void assert_clean(mote_docking_pool *pool) {
    mote_validation v;
    assert_int_equal(mote_docking_pool_validate(pool, &v), MOTE_OK);
    assert_int_equal(v.bad_count, 0);
    for (size_t i = 0; i < mote_docking_pool_count(pool); ++i) {
        mote_docking_state s;
        const mote_id id = mote_docking_pool_id_at(pool, i);
        assert_int_equal(mote_docking_pool_get(pool, id, &s), MOTE_OK);
        if (mote_docking_pool_set(pool, id, &s) != MOTE_OK) {
            fail_msg("sequence %zu left the domain: %s", i, mote_error_detail());
        }
    }
}

/* The largest magnitude among the sequence's positions (its station's, its chaser's, its
 * spring's) and captured distances (its target's reach) in the view r. */
static double scale_of(const mote_docking_view *r, size_t i) {
    double scale = fmax(fabs((double)r->start_parallel[i]), (double)r->start_radial[i]);
    for (int k = 0; k < 3; ++k) {
        scale = fmax(scale, fabs((double)r->station_position[k][i]));
        scale = fmax(scale, fabs((double)r->position[k][i]));
        scale = fmax(scale, fabs((double)r->spring_position[k][i]));
    }
    return scale;
}

/* Every runnable kernel table steps the edge sequences of profile p `steps` times at dt:
 * finite, inside the domain, within the scaled bounds of the reference (table 0). */
static void check_tables(const mote_docking_profile *p, float dt, size_t steps) {
    size_t n;
    const mote_kernel_table *const *tables = mote_kernel_tables(&n);
    mote_pool *ref = edge_pool(p);
    for (size_t s = 0; s < steps; ++s) {
        mote_pool_run_table(ref, tables[0], 0, SEQUENCES, dt);
    }
    assert_clean((mote_docking_pool *)(void *)ref);
    mote_docking_view r = mote_docking_pool_view((mote_docking_pool *)(void *)ref);
    for (size_t t = 1; t < n; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        mote_pool *wide = edge_pool(p);
        for (size_t s = 0; s < steps; ++s) {
            mote_pool_run_table(wide, tables[t], 0, SEQUENCES, dt);
        }
        assert_clean((mote_docking_pool *)(void *)wide);
        mote_docking_view w = mote_docking_pool_view((mote_docking_pool *)(void *)wide);
        for (size_t i = 0; i < SEQUENCES; ++i) {
            const double scale = scale_of(&r, i);
            assert_true(test_ulp_distance(w.time[i], r.time[i]) == 0);
            for (int k = 0; k < 3; ++k) {
                const double ep =
                    fmax(fabs((double)w.position[k][i] - r.position[k][i]),
                         fabs((double)w.spring_position[k][i] - r.spring_position[k][i]));
                const double ev = fabs((double)w.velocity[k][i] - r.velocity[k][i]);
                if (!(ep <= docking_scaled_bound(DOCKING_POSITION_LONG_RUN, scale) &&
                      ev <= docking_scaled_velocity_bound(p, scale))) {
                    fail_msg("%s dt %g sequence %zu axis %d: position %.3g, velocity %.3g "
                             "(scale %.3g, stiffness %g)",
                             tables[t]->name, (double)dt, i, k, ep, ev, scale,
                             (double)p->stiffness_end);
                }
            }
            for (int k = 0; k < 4; ++k) {
                const double eq = fabs((double)w.orientation[k][i] - r.orientation[k][i]);
                if (!(eq <= DOCKING_ORIENTATION_LONG_RUN)) {
                    fail_msg("%s sequence %zu orientation %d: %.3g", tables[t]->name, i, k, eq);
                }
            }
        }
        mote_docking_pool_destroy((mote_docking_pool *)(void *)wide);
    }
    mote_docking_pool_destroy((mote_docking_pool *)(void *)ref);
}

/* A chaser 1.8e19 from its station, a velocity of 1e30 and a spring of stiffness 1e30 without
 * damping were accepted and stepped to NaN. Now they are refused (test_refusals); the largest
 * accepted ones step finite. */
static void test_reported_failures_stay_finite(void **unused) {
    (void)unused;
    const mote_docking_profile p = edge_profile(1);
    check_tables(&p, 1.0f / 60.0f, 200);
}

/* Every edge profile at the extreme dt a step accepts, on every variant. */
static void test_edges_every_variant(void **unused) {
    (void)unused;
    const float dts[] = {FLT_MAX, FLT_TRUE_MIN, 1.0f / 60.0f, 0.37f};
    for (int e = 0; e < 4; ++e) {
        const mote_docking_profile p = edge_profile(e);
        for (size_t k = 0; k < sizeof dts / sizeof dts[0]; ++k) {
            /* STEPS sub-steps at least, and past the lock where STEPS steps reach it: the
             * bounds of an undamped spring hold once it is locked, not on its way (the
             * sequences start at -1 s or later, or never) */
            const mote_docking_constants c = mote_docking_constants_make(&p, dts[k]);
            const double to_lock =
                ceil((mote_docking_timeline_of(&p).spin_down_end + 1.0) / dts[k]) + 1;
            size_t steps = STEPS / (size_t)c.substeps;
            steps = steps > 2 ? steps : 2;
            if (to_lock <= STEPS && (size_t)to_lock > steps) {
                steps = (size_t)to_lock;
            }
            /* under an emulator or valgrind (MOTE_TEST_SCALE) the long runs, in steps or in
             * sub-steps, are left to the native builds: every table here includes the
             * SIMDe-emulated ones, and 70 steps of 1,024 sub-steps took minutes there; the
             * extreme dt's two steps of MOTE_DOCKING_MAX_SUBSTEPS stay */
            if (test_scaled_down() && (steps > test_scaled_at_least(STEPS, 64) ||
                                       steps * (size_t)c.substeps > SCALED_DOWN_SUBSTEPS)) {
                continue;
            }
            check_tables(&p, dts[k], steps);
        }
    }
}

/* The public step on every available backend, at FLT_MAX (MOTE_DOCKING_MAX_SUBSTEPS sub-steps)
 * and 1/60 s. */
static void test_edges_every_backend(void **unused) {
    (void)unused;
    for (int e = 0; e < 4; ++e) {
        const mote_docking_profile p = edge_profile(e);
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            mote_docking_pool *pool = (mote_docking_pool *)(void *)edge_pool(&p);
            assert_int_equal(mote_docking_pool_set_backend(pool, (mote_backend)b), MOTE_OK);
            for (int s = 0; s < 8; ++s) {
                assert_int_equal(mote_docking_pool_step(pool, s % 2 ? FLT_MAX : 1.0f / 60.0f),
                                 MOTE_OK);
            }
            assert_clean(pool);
            mote_docking_pool_destroy(pool);
        }
    }
}

static unsigned char *snapshot_of(const mote_docking_pool *pool, size_t *size) {
    *size = mote_docking_pool_snapshot_size(pool);
    unsigned char *bytes = malloc(*size);
    assert_non_null(bytes);
    assert_int_equal(mote_docking_pool_save(pool, bytes, *size, NULL), MOTE_OK);
    return bytes;
}

static void assert_names(const char *call, const char *field) {
    if (strstr(mote_error_detail(), field) == NULL) {
        fail_msg("%s: detail \"%s\" does not name %s", call, mote_error_detail(), field);
    }
}

/* States outside the domain: refused by add, set and mote_docking_step, named, nothing
 * changed. */
static void test_state_refusals(void **unused) {
    (void)unused;
    const mote_docking_profile p = mote_default_docking_profile();
    mote_docking_pool *pool = (mote_docking_pool *)(void *)edge_pool(&p);
    const float over = 1.0009765625f;
    const mote_docking_state good = edge_state(&p, 4);
    mote_docking_state bad[12];
    const char *names[12];
    int n = 0;
#define BAD(member, value)                                                                         \
    do {                                                                                           \
        bad[n] = good;                                                                             \
        bad[n].member = (value);                                                                   \
        names[n] = #member;                                                                        \
        ++n;                                                                                       \
    } while (0)
    BAD(position.x, 1.8e19f);
    BAD(spring_position.z, -MOTE_DOCKING_CHASER_MAX * over);
    BAD(velocity.y, 1e30f);
    BAD(velocity.x, -MOTE_DOCKING_VELOCITY_MAX * over);
    BAD(station_position.y, MOTE_DOCKING_STATION_MAX * over);
    BAD(time, -MOTE_DOCKING_TIME_MAX * over);
    BAD(start_parallel, MOTE_DOCKING_START_MAX * over);
    BAD(start_radial, 1e30f);
    BAD(radial_direction.z, 3.0f);
#undef BAD
    for (int i = 0; i < n; ++i) {
        size_t before_size, after_size;
        unsigned char *before = snapshot_of(pool, &before_size);
        mote_clear_error_detail();
        assert_int_equal(mote_docking_pool_add(pool, &bad[i], NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("add", names[i]);
        mote_clear_error_detail();
        assert_int_equal(mote_docking_pool_set(pool, mote_docking_pool_id_at(pool, 1), &bad[i]),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("set", names[i]);
        mote_docking_state copy = bad[i];
        mote_clear_error_detail();
        assert_int_equal(mote_docking_step(&p, &copy, 0.1f), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("mote_docking_step", names[i]);
        assert_memory_equal(&copy, &bad[i], sizeof copy);
        unsigned char *after = snapshot_of(pool, &after_size);
        assert_int_equal(before_size, after_size);
        assert_memory_equal(before, after, before_size);
        free(before);
        free(after);
    }
    mote_docking_state s;
    mote_clear_error_detail();
    assert_int_equal(mote_docking_begin(&p, (mote_vec3){0.0f, 0.0f, 0.0f}, mote_quat_identity(),
                                        (mote_vec3){1.8e19f, 0.0f, 0.0f}, 0.0f, &s),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_names("begin", "position");
    mote_clear_error_detail();
    assert_int_equal(mote_docking_begin(&p, (mote_vec3){0.0f, 0.0f, 0.0f}, mote_quat_identity(),
                                        (mote_vec3){1.0f, 0.0f, 0.0f}, 2e9f, &s),
                     MOTE_ERROR_INVALID_ARGUMENT);
    assert_names("begin", "start_delay");
    mote_docking_pool_destroy(pool);
}

/* Profiles outside the domain: refused by validate, create and set_profile, named. */
static void test_profile_refusals(void **unused) {
    (void)unused;
    const mote_docking_profile good = mote_default_docking_profile();
    mote_docking_pool_def def = mote_default_docking_pool_def();
    mote_docking_pool *pool = NULL;
    assert_int_equal(mote_docking_pool_create(&def, &pool), MOTE_OK);
    mote_docking_profile bad[16];
    const char *names[16];
    int n = 0;
#define BAD(member, value, name)                                                                   \
    do {                                                                                           \
        bad[n] = good;                                                                             \
        bad[n].member = (value);                                                                   \
        names[n] = (name);                                                                         \
        ++n;                                                                                       \
    } while (0)
    BAD(stiffness_start, 1e30f, "stiffness_start");
    BAD(stiffness_end, 8e3f, "stiffness_end");  /* 8e3 / 900 + 2 7.4 / 30 > 4 */
    BAD(damping_start, 61.0f, "damping_start"); /* 5/900 + 2 61 / 30 > 4 */
    BAD(damping_end, MOTE_DOCKING_DAMPING_MAX * 2.0f, "damping_end");
    BAD(max_substep, 2.0f, "max_substep");
    BAD(station_spin_rate, 400.0f, "station_spin_rate"); /* 400 24.5 > 8192 */
    BAD(spin_down_duration, 2e6f, "spin_down_duration");
    BAD(dock_clearance, 1e30f, "dock_clearance");
    BAD(dock_port_offset.y, -2e9f, "dock_port_offset.y");
    BAD(dock_axis, ((mote_vec3){0.0f, 0.0f, 1e-7f}), "dock_axis");
    BAD(chaser_local_up, ((mote_vec3){0.0f, 0.0f, 1e7f}), "chaser_local_up");
#undef BAD
    for (int i = 0; i < n; ++i) {
        mote_clear_error_detail();
        assert_int_equal(mote_docking_profile_validate(&bad[i]), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("validate", names[i]);
        def.profile = bad[i];
        mote_docking_pool *none = NULL;
        mote_clear_error_detail();
        assert_int_equal(mote_docking_pool_create(&def, &none), MOTE_ERROR_INVALID_ARGUMENT);
        assert_null(none);
        assert_names("create", names[i]);
        mote_clear_error_detail();
        assert_int_equal(mote_docking_pool_set_profile(pool, &bad[i]), MOTE_ERROR_INVALID_ARGUMENT);
        assert_names("set_profile", names[i]);
        const mote_docking_profile kept = mote_docking_pool_profile(pool);
        assert_memory_equal(&kept, &good, sizeof good);
    }
    mote_docking_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_reported_failures_stay_finite),
               cmocka_unit_test(test_edges_every_variant),
               cmocka_unit_test(test_edges_every_backend), cmocka_unit_test(test_state_refusals),
               cmocka_unit_test(test_profile_refusals))
