/* Golden hashes: every pool kind, from a fixed seeded state, stepped a fixed number of steps,
 * must end in exactly the same bits on every wide backend of every platform (portable, avx2,
 * avx512 and neon on x86; neon and portable on aarch64), and those bits are pinned here as
 * one constant per kind. The scenario also adds, removes (swap-remove moves elements),
 * writes NaN, infinity and a denormal into the view, and splits steps into ranges; NaNs are
 * canonicalised by the hash (their payload differs between x86 and ARM and is not part of
 * the contract). A NaN or infinity written into an input (a goal, a station's position, a
 * rocket's launch_time: a field of role MOTE_ROLE_INPUT) is refused by the step, which changes
 * nothing; the scenario checks that, puts the input's accepted value back and steps on with the
 * NaN and infinity in the state, which stay in their elements. Emulated variants (another ISA's
 * kernel source through SIMDe) must match too, through the adapter's step_table. A pool kind
 * without a constant fails and prints the line to add. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "avoid_scenes.h"
#include "pool_adapter.h"
#include "pool_kind.h"
#include "state_hash.h"

/* The expected hash per adapter name (see the header comment). */
static const struct {
    const char *name;
    uint64_t hash;
} golden[] = {
    /* clang-format off */
    {"spring/damper", 0x805393185dce18faull},       {"spring/critical", 0x3c7b3a90794590ddull},
    {"spring/angle", 0xd799d2ddf9908c6bull},        {"spring/double_angle", 0x92e4ccb225a5729dull},
    {"spring/decay", 0x8541e4f776a6ecd5ull},        {"spring/semi_implicit", 0x863d8d15616c86b9ull},
    {"spring/exp_response", 0xf0f5941e8b1e1340ull}, {"spring/damped", 0x09c49049479ca2e7ull},
    {"spring/double", 0x72c0cde73aaba11eull},       {"movers/default", 0x7db27e52293d8776ull},
    {"movers/directional", 0x59af250e3b325c5eull},  {"debris/default", 0x4400f25e5c90c4bcull},
    {"debris/gravity", 0xbe58d13e1b68313dull},      {"flights/default", 0xa28a7449229921e9ull},
    {"flights/banked", 0x6607e0364e2b7e1dull},      {"docking/default", 0xb47cb612c0638105ull},
    {"docking/tilted", 0xc3bb2fdae4e85858ull},      {"launch/default", 0xbac8a088d29584abull},
    {"launch/no_coast", 0xb207358b63b1aadcull},     {"stages/default", 0x7c6a8a9ae803979cull},
    {"stages/no_kick", 0xd76f8a3fed68ba2dull},
    {"orientation/control", 0xe0b11254de3cd779ull}, {"orientation/spring", 0x2fd7bee1722a72b3ull},
    {"orientation/damper", 0x448fa5d9b2c7b15eull},  {"orientation/inertialize", 0x76ab0f50c92cf577ull},
    {"spring/inertialize", 0xc1b22c32cc0dd681ull},
    {"spring/timed", 0x0bcb15d84bdc29ceull},        {"spring/velocity", 0x784727bb661f3779ull},
    {"spring/tracking", 0x8773b15af6280165ull},     {"spring/extrapolate", 0xd9df7d211c1a01e2ull},
    {"spring/dead_blend", 0x40d79b7d141f89b1ull},
    {"movers/avoid", 0x7f470acbc2fd2268ull},
    /* clang-format on */
};

#define ELEMENTS     1000
#define EXTRA        37
#define STEPS        200
#define REMOVE_EVERY 7

static const float step_dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 0.1f};

/* How the steps are run: the pool's own step calls, or one kernel table's kernel. */
typedef struct stepper {
    mote_backend backend;           /* the pool's backend */
    const mote_kernel_table *table; /* non-NULL: step whole pools with this table instead */
} stepper;

/* Each kind's own seed (FNV-1a of its name), so adding a kind changes no other constant. */
static uint64_t name_seed(const char *name) {
    uint64_t h = STATE_HASH_SEED;
    for (const char *c = name; *c != '\0'; ++c) {
        h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
    }
    return h;
}

/* What the scenario writes through the view: NaN and infinities into the first two fields, a
 * denormal into the third (field indices modulo the field count). */
static const struct {
    size_t field, index;
    float value;
} pokes[] = {{0, 5, NAN}, {1, 11, INFINITY}, {0, 17, -INFINITY}, {2, 23, 1e-40f}};

enum { POKES = sizeof pokes / sizeof pokes[0] };

/* One poke as written: the field's name, whether it is an input, the value it replaced. */
typedef struct poked {
    const char *name;
    bool input;
    float kept;
} poked;

/* Whether the adapter's field of this name is an input (its role in the kind's field list). */
static bool is_input(const pool_adapter *a, const char *name) {
    const mote_pool_kind *kind = a->probe->record;
    for (int f = 0; f < kind->field_count; ++f) {
        if (strcmp(kind->fields[f].name, name) == 0) {
            return kind->fields[f].role == MOTE_ROLE_INPUT;
        }
    }
    fail_msg("%s: no field %s", a->name, name);
    return false;
}

/* Writes pokes[k]'s value into its element, returning what was there. */
static poked poke(const pool_adapter *a, void *pool, size_t k) {
    pool_field fields[POOL_MAX_FIELDS];
    size_t n = a->fields(pool, fields);
    assert_true(n > 0);
    size_t f = pokes[k].field % n;
    assert_true(fields[f].is_float);
    float *data = (float *)fields[f].data;
    const poked was = {fields[f].name, is_input(a, fields[f].name), data[pokes[k].index]};
    data[pokes[k].index] = pokes[k].value;
    return was;
}

/* The NaN and infinities written into inputs: a step and a step of ranges refuse them
 * (MOTE_ERROR_NON_FINITE, naming the lowest such element) and change nothing; then the
 * inputs' accepted values go back. Returns how many non-finite values are left (in the
 * state). */
static int refuse_input_pokes(const pool_adapter *a, void *pool, const poked *was) {
    float *data[POKES];
    pool_field fields[POOL_MAX_FIELDS];
    const size_t n = a->fields(pool, fields);
    const char *first = NULL;
    size_t first_index = 0;
    int left = 0;
    for (size_t k = 0; k < POKES; ++k) {
        data[k] = fields[pokes[k].field % n].data;
        const bool non_finite = !isfinite(pokes[k].value);
        if (non_finite && was[k].input && (first == NULL || pokes[k].index < first_index)) {
            first = was[k].name;
            first_index = pokes[k].index;
        }
        left += non_finite && !was[k].input;
    }
    if (first == NULL) {
        return left;
    }
    char named[96];
    (void)snprintf(named, sizeof named, "view.%s[%zu]", first, first_index);
    const uint64_t before = pool_adapter_hash(a, pool);
    const size_t count = a->count(pool);
    for (int path = 0; path < 2; ++path) {
        mote_clear_error_detail();
        const mote_status status =
            path == 0 ? a->step(pool, step_dts[0]) : a->step_range(pool, 0, count, step_dts[0]);
        if (status != MOTE_ERROR_NON_FINITE || strstr(mote_error_detail(), named) == NULL) {
            fail_msg("%s: a step over the poked %s gave %s \"%s\", expected "
                     "MOTE_ERROR_NON_FINITE naming it",
                     a->name, named, mote_status_name(status), mote_error_detail());
        }
        assert_true(pool_adapter_hash(a, pool) == before); /* nothing changed */
    }
    for (size_t k = 0; k < POKES; ++k) { /* the refused values back to the accepted ones */
        if (was[k].input && !isfinite(pokes[k].value)) {
            data[k][pokes[k].index] = was[k].kept;
        }
    }
    return left;
}

/* Runs the scenario on a fresh pool; returns the state hash, and the hash before the steps
 * in *before_steps. */
static uint64_t run_scenario(const pool_adapter *a, stepper how, uint64_t *before_steps) {
    pool_adapter_def def = {16, (size_t)1 << 20, how.backend};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {name_seed(a->name)};
    static mote_id ids[ELEMENTS];
    for (size_t i = 0; i < ELEMENTS; ++i) {
        assert_int_equal(a->add_random(a, pool, &rng, &ids[i]), MOTE_OK);
    }
    for (size_t i = 3; i < ELEMENTS; i += REMOVE_EVERY) {
        assert_int_equal(a->remove(pool, ids[i]), MOTE_OK);
    }
    for (size_t i = 0; i < EXTRA; ++i) {
        assert_int_equal(a->add_random(a, pool, &rng, NULL), MOTE_OK);
    }
    size_t count = a->count(pool);
    assert_int_equal(count, ELEMENTS - (ELEMENTS - 3 + REMOVE_EVERY - 1) / REMOVE_EVERY + EXTRA);
    /* non-finite and denormal data: refused in the inputs, confined to their elements in the
     * state */
    poked was[POKES];
    for (size_t k = 0; k < POKES; ++k) {
        was[k] = poke(a, pool, k);
    }
    const int left = refuse_input_pokes(a, pool, was);
    *before_steps = pool_adapter_hash(a, pool);
    for (int s = 0; s < STEPS; ++s) {
        float dt = step_dts[s % 4];
        if (how.table != NULL) {
            a->step_table(a, pool, how.table, dt);
        } else if (s % 2 == 0 ||
                   (a->probe->ranges_differ != NULL && a->probe->ranges_differ(a->variant))) {
            assert_int_equal(a->step(pool, dt), MOTE_OK);
        } else {
            /* any split gives the same bits as one whole step */
            size_t cut1 = count / 3 + 1, cut2 = 2 * count / 3 - 5;
            assert_int_equal(a->step_range(pool, cut1, cut2, dt), MOTE_OK);
            assert_int_equal(a->step_range(pool, 0, cut1, dt), MOTE_OK);
            assert_int_equal(a->step_range(pool, cut2, count, dt), MOTE_OK);
        }
    }
    mote_validation v;
    if (left == 0) { /* every NaN and infinity was in an input, and refused */
        assert_int_equal(a->validate(pool, &v), MOTE_OK);
    } else {
        assert_int_equal(a->validate(pool, &v), MOTE_ERROR_NON_FINITE);
        assert_true(v.bad_count >= 1 && v.bad_count <= (size_t)left); /* the poked elements */
    }
    uint64_t hash = pool_adapter_hash(a, pool);
    a->destroy(pool);
    return hash;
}

static const uint64_t *expected_hash(const char *name) {
    for (size_t i = 0; i < sizeof golden / sizeof golden[0]; ++i) {
        if (strcmp(golden[i].name, name) == 0) {
            return &golden[i].hash;
        }
    }
    return NULL;
}

static void every_kind_on_every_backend_matches_its_constant(void **state) {
    (void)state;
    size_t n;
    const pool_adapter *const *all = pool_adapters_all(&n);
    assert_true(n > 0);
    int failures = 0;
    for (size_t k = 0; k < n; ++k) {
        const pool_adapter *a = all[k];
        const uint64_t *expected = expected_hash(a->name);
        uint64_t first = 0;
        bool have_first = false;
        for (int b = MOTE_BACKEND_PORTABLE; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            uint64_t before;
            uint64_t hash = run_scenario(a, (stepper){(mote_backend)b, NULL}, &before);
            assert_true(hash != before); /* the steps moved something */
            fflush(stdout);
            printf("golden %-22s %-10s 0x%016llx\n", a->name, mote_backend_name((mote_backend)b),
                   (unsigned long long)hash);
            fflush(stdout);
            if (!have_first) {
                first = hash;
                have_first = true;
            }
            if (expected == NULL ? hash != first : hash != *expected) {
                ++failures;
                print_error("%s on %s: hash 0x%016llx, expected 0x%016llx\n", a->name,
                            mote_backend_name((mote_backend)b), (unsigned long long)hash,
                            (unsigned long long)(expected ? *expected : first));
            }
        }
        /* every runnable wide kernel table, emulated ones included */
        size_t table_count;
        const mote_kernel_table *const *tables = mote_kernel_tables(&table_count);
        for (size_t t = 0; a->step_table != NULL && t < table_count; ++t) {
            if (tables[t]->backend == MOTE_BACKEND_SCALAR ||
                !mote_kernel_table_runnable(tables[t])) {
                continue;
            }
            uint64_t before;
            uint64_t hash = run_scenario(a, (stepper){MOTE_BACKEND_PORTABLE, tables[t]}, &before);
            fflush(stdout);
            printf("golden %-22s %-10s 0x%016llx (kernel table)\n", a->name, tables[t]->name,
                   (unsigned long long)hash);
            fflush(stdout);
            if (hash != (expected ? *expected : first)) {
                ++failures;
                print_error("%s on kernel table %s: hash 0x%016llx, expected 0x%016llx\n", a->name,
                            tables[t]->name, (unsigned long long)hash,
                            (unsigned long long)(expected ? *expected : first));
            }
        }
        if (expected == NULL) {
            ++failures;
            print_error("%s has no golden hash: add {\"%s\", 0x%016llxull},\n", a->name, a->name,
                        (unsigned long long)first);
        }
    }
    assert_int_equal(failures, 0);
}

/* The scalar reference is not a wide backend: its libm rounds differently, so it must not
 * match the constants (if it did, the scenario would be too weak to tell kernels apart). */
static void scalar_reference_differs(void **state) {
    (void)state;
    size_t n;
    const pool_adapter *const *all = pool_adapters_all(&n);
    size_t differing = 0;
    for (size_t k = 0; k < n; ++k) {
        uint64_t before;
        uint64_t hash = run_scenario(all[k], (stepper){MOTE_BACKEND_SCALAR, NULL}, &before);
        const uint64_t *expected = expected_hash(all[k]->name);
        differing += expected != NULL && hash != *expected;
    }
    assert_true(differing > 0);
}

/* The avoidance scenes (engine/kinds/mover/avoid_scenes.h) at a small size, stepped SCENE_STEPS
 * steps with their own steering: the positions, velocities and avoid velocities hashed, the
 * same bits on the scalar reference and every wide backend, pinned here. */
#define SCENE_STEPS 360

static const struct {
    avoid_scene_kind kind;
    size_t n;
    uint64_t hash;
} scene_golden[] = {
    {AVOID_CIRCLE, 64, 0x4666181526f1db2eull},
    {AVOID_CORRIDOR, 80, 0xcc5d59f1aa3505aeull},
    {AVOID_DOOR, 120, 0x3048dfaed0c60cd2ull},
};

static uint64_t scene_hash(avoid_scene_kind kind, size_t n, mote_backend backend) {
    avoid_scene s;
    assert_int_equal(avoid_scene_create(&s, kind, n, backend), MOTE_OK);
    for (int k = 0; k < SCENE_STEPS; ++k) {
        avoid_scene_steer(&s);
        assert_int_equal(mote_mover_pool_step(s.pool, AVOID_DT), MOTE_OK);
    }
    const mote_mover_view v = mote_mover_pool_view(s.pool);
    const float *fields[] = {v.position_x, v.position_y,       v.velocity_x,
                             v.velocity_y, v.avoid_velocity_x, v.avoid_velocity_y};
    uint64_t hash = STATE_HASH_SEED;
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
        hash = state_hash_floats(hash, fields[f], v.count);
    }
    avoid_scene_destroy(&s);
    return hash;
}

static void avoid_scenes_match_their_constants(void **state) {
    (void)state;
    int failures = 0;
    for (size_t k = 0; k < sizeof scene_golden / sizeof scene_golden[0]; ++k) {
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            const uint64_t hash =
                scene_hash(scene_golden[k].kind, scene_golden[k].n, (mote_backend)b);
            printf("golden avoid scene %-9s %-10s 0x%016llx\n",
                   avoid_scene_name(scene_golden[k].kind), mote_backend_name((mote_backend)b),
                   (unsigned long long)hash);
            if (hash != scene_golden[k].hash) {
                ++failures;
                print_error("scene %s on %s: hash 0x%016llx, expected 0x%016llx\n",
                            avoid_scene_name(scene_golden[k].kind),
                            mote_backend_name((mote_backend)b), (unsigned long long)hash,
                            (unsigned long long)scene_golden[k].hash);
            }
        }
    }
    assert_int_equal(failures, 0);
}

MOTE_TEST_MAIN(cmocka_unit_test(every_kind_on_every_backend_matches_its_constant),
               cmocka_unit_test(scalar_reference_differs),
               cmocka_unit_test(avoid_scenes_match_their_constants))
