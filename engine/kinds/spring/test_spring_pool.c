/* Spring pools (engine/include/mote/spring_pool.h): creation, stable ids over swap-remove,
 * stale ids, growth to 4M elements, the view, every bad-input path (each must return its
 * error and leave the pool bit for bit as it was), NaN confinement, allocation failure
 * through the allocator hooks, backend choice, and split range steps. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/mote.h"
#include "test_support.h"

/* ------------------------------------------------------------------------------------------ */
/* Fields, kinds, backends */

/* The view's arrays, in one order. */
enum { F_X, F_V, F_GOAL, F_XI, F_VI, F_STIFFNESS, F_DAMPING, F_RATE, F_COUNT };
#define BIT(f) (1u << (f))

static const char *const field_names[F_COUNT] = {"x",  "v",         "goal",    "xi",
                                                 "vi", "stiffness", "damping", "rate"};

/* The view arrays each kind has, as spring_pool.h documents them. */
static unsigned view_fields(mote_spring_kind kind) {
    const unsigned halflife_model = BIT(F_X) | BIT(F_V) | BIT(F_GOAL) | BIT(F_DAMPING);
    const unsigned force_model =
        BIT(F_X) | BIT(F_V) | BIT(F_GOAL) | BIT(F_STIFFNESS) | BIT(F_DAMPING);
    switch (kind) {
    case MOTE_SPRING_DAMPER:
        return BIT(F_X) | BIT(F_GOAL) | BIT(F_DAMPING);
    case MOTE_SPRING_CRITICAL:
    case MOTE_SPRING_ANGLE:
        return halflife_model;
    case MOTE_SPRING_DOUBLE_ANGLE:
    case MOTE_SPRING_DOUBLE:
        return halflife_model | BIT(F_XI) | BIT(F_VI);
    case MOTE_SPRING_DECAY:
        return BIT(F_X) | BIT(F_V) | BIT(F_DAMPING);
    case MOTE_SPRING_SEMI_IMPLICIT:
    case MOTE_SPRING_DAMPED:
        return force_model;
    case MOTE_SPRING_EXP_RESPONSE:
        return BIT(F_X) | BIT(F_GOAL) | BIT(F_RATE);
    default:
        return 0;
    }
}

/* The desc fields each kind uses (in desc order), as spring_pool.h documents them. */
enum { D_X, D_V, D_GOAL, D_XI, D_VI, D_HALFLIFE, D_STIFFNESS, D_DAMPING, D_RATE, D_COUNT };

static const char *const desc_names[D_COUNT] = {"x",        "v",         "goal",    "xi",  "vi",
                                                "halflife", "stiffness", "damping", "rate"};

static bool has_halflife(mote_spring_kind kind) {
    return kind == MOTE_SPRING_DAMPER || kind == MOTE_SPRING_CRITICAL ||
           kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE ||
           kind == MOTE_SPRING_DECAY || kind == MOTE_SPRING_DOUBLE;
}

static unsigned desc_fields(mote_spring_kind kind) {
    unsigned view = view_fields(kind);
    unsigned used = 0;
    const int view_to_desc[F_COUNT] = {D_X,  D_V,         D_GOAL,    D_XI,
                                       D_VI, D_STIFFNESS, D_DAMPING, D_RATE};
    for (int f = 0; f < F_COUNT; ++f) {
        if (view & BIT(f)) {
            used |= BIT(view_to_desc[f]);
        }
    }
    if (has_halflife(kind)) {
        used &= ~BIT(D_DAMPING); /* derived from the half-life */
        used |= BIT(D_HALFLIFE);
    }
    return used;
}

static float *desc_field(mote_spring_desc *d, int f) {
    float *p[D_COUNT] = {&d->x,        &d->v,         &d->goal,    &d->xi,  &d->vi,
                         &d->halflife, &d->stiffness, &d->damping, &d->rate};
    return p[f];
}

static void view_pointers(const mote_spring_view *view, float *p[F_COUNT]) {
    p[F_X] = view->x;
    p[F_V] = view->v;
    p[F_GOAL] = view->goal;
    p[F_XI] = view->xi;
    p[F_VI] = view->vi;
    p[F_STIFFNESS] = view->stiffness;
    p[F_DAMPING] = view->damping;
    p[F_RATE] = view->rate;
}

static const mote_spring_kind all_kinds[] = {
    MOTE_SPRING_DAMPER,       MOTE_SPRING_CRITICAL, MOTE_SPRING_ANGLE,
    MOTE_SPRING_DOUBLE_ANGLE, MOTE_SPRING_DECAY,    MOTE_SPRING_SEMI_IMPLICIT,
    MOTE_SPRING_EXP_RESPONSE, MOTE_SPRING_DAMPED,   MOTE_SPRING_DOUBLE};
#define KIND_COUNT (sizeof all_kinds / sizeof all_kinds[0])

static const mote_backend all_backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                            MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512,
                                            MOTE_BACKEND_NEON};
#define BACKEND_COUNT (sizeof all_backends / sizeof all_backends[0])

/* ------------------------------------------------------------------------------------------ */
/* Helpers */

/* A random element: every field set, whether the kind uses it or not. */
static mote_spring_desc random_desc(test_rng *rng) {
    mote_spring_desc d;
    d.x = test_rng_range(rng, -10.0f, 10.0f);
    d.v = test_rng_range(rng, -10.0f, 10.0f);
    d.goal = test_rng_range(rng, -10.0f, 10.0f);
    d.xi = test_rng_range(rng, -10.0f, 10.0f);
    d.vi = test_rng_range(rng, -10.0f, 10.0f);
    d.halflife = test_rng_range(rng, 0.01f, 1.0f);
    d.stiffness = test_rng_range(rng, 0.0f, 200.0f);
    d.damping = test_rng_range(rng, 0.0f, 30.0f);
    d.rate = test_rng_range(rng, 0.0f, 50.0f);
    return d;
}

static mote_spring_pool *create_pool(mote_spring_kind kind, mote_backend backend) {
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.backend = backend;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_non_null(pool);
    return pool;
}

/* A pool of count random elements (same seed, same pool); ids to out_ids when not NULL. */
static mote_spring_pool *make_pool(mote_spring_kind kind, mote_backend backend, size_t count,
                                   uint64_t seed, mote_id *out_ids) {
    mote_spring_pool *pool = create_pool(kind, backend);
    test_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        mote_spring_desc d = random_desc(&rng);
        if (i % 23 == 7) {
            d.halflife = 0.0f; /* a few snapping springs */
        }
        mote_id id;
        assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
        if (out_ids != NULL) {
            out_ids[i] = id;
        }
    }
    return pool;
}

static size_t padded(size_t n) {
    return (n + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS * MOTE_PAD_ELEMENTS;
}

/* A copy of everything observable about a pool: count, capacity, kind, backend, the ids at
 * each dense index, and every stored array through its padding. */
typedef struct snapshot {
    size_t count;
    size_t capacity;
    mote_spring_kind kind;
    mote_backend backend;
    unsigned present; /* bit f: the view has array f */
    float *data[F_COUNT];
    mote_id *ids;
} snapshot;

static snapshot take_snapshot(mote_spring_pool *pool) {
    snapshot s;
    memset(&s, 0, sizeof s);
    mote_spring_view view = mote_spring_pool_view(pool);
    s.count = mote_spring_pool_count(pool);
    s.capacity = mote_spring_pool_capacity(pool);
    s.kind = mote_spring_pool_kind(pool);
    s.backend = mote_spring_pool_backend(pool);
    assert_int_equal(view.count, s.count);
    float *p[F_COUNT];
    view_pointers(&view, p);
    size_t n = padded(s.count);
    for (int f = 0; f < F_COUNT; ++f) {
        if (p[f] != NULL) {
            s.present |= BIT(f);
            s.data[f] = malloc((n + 1) * sizeof(float));
            assert_non_null(s.data[f]);
            memcpy(s.data[f], p[f], n * sizeof(float));
        }
    }
    s.ids = malloc((s.count + 1) * sizeof(mote_id));
    assert_non_null(s.ids);
    for (size_t i = 0; i < s.count; ++i) {
        s.ids[i] = mote_spring_pool_id_at(pool, i);
    }
    return s;
}

static void free_snapshot(snapshot *s) {
    for (int f = 0; f < F_COUNT; ++f) {
        free(s->data[f]);
    }
    free(s->ids);
    memset(s, 0, sizeof *s);
}

/* Fails unless the pool is bit for bit what the snapshot recorded. */
static void expect_unchanged_at(const char *file, int line, mote_spring_pool *pool,
                                const snapshot *before, const char *what) {
    snapshot now = take_snapshot(pool);
    bool same = now.count == before->count && now.capacity == before->capacity &&
                now.kind == before->kind && now.backend == before->backend &&
                now.present == before->present;
    for (int f = 0; same && f < F_COUNT; ++f) {
        if (now.present & BIT(f)) {
            size_t n = padded(now.count);
            if (memcmp(now.data[f], before->data[f], n * sizeof(float)) != 0) {
                print_error("%s: field %s changed\n", what, field_names[f]);
                same = false;
            }
        }
    }
    if (same && memcmp(now.ids, before->ids, now.count * sizeof(mote_id)) != 0) {
        print_error("%s: ids changed\n", what);
        same = false;
    }
    if (same == false) {
        print_error("%s: pool changed (count %zu -> %zu, capacity %zu -> %zu)\n", what,
                    before->count, now.count, before->capacity, now.capacity);
    }
    free_snapshot(&now);
    if (!same) {
        _fail(file, line);
    }
}

#define EXPECT_UNCHANGED(pool, before, what)                                                       \
    expect_unchanged_at(__FILE__, __LINE__, pool, before, what)

/* Fails unless two pools hold the same bits in every array (count elements). */
static void expect_same_state(mote_spring_pool *a, mote_spring_pool *b, const char *what) {
    mote_spring_view va = mote_spring_pool_view(a), vb = mote_spring_pool_view(b);
    assert_int_equal(va.count, vb.count);
    float *pa[F_COUNT], *pb[F_COUNT];
    view_pointers(&va, pa);
    view_pointers(&vb, pb);
    for (int f = 0; f < F_COUNT; ++f) {
        assert_true((pa[f] == NULL) == (pb[f] == NULL));
        if (pa[f] != NULL && memcmp(pa[f], pb[f], va.count * sizeof(float)) != 0) {
            for (size_t i = 0; i < va.count; ++i) {
                if (memcmp(&pa[f][i], &pb[f][i], sizeof(float)) != 0) {
                    print_error("%s: field %s differs first at %zu: %.9g vs %.9g\n", what,
                                field_names[f], i, (double)pa[f][i], (double)pb[f][i]);
                    break;
                }
            }
            fail();
        }
    }
}

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* The spacing of floats at magnitude m. */
static double ulp_at(double m) {
    double a = fabs(m);
    if (a < FLT_MIN) {
        return FLT_TRUE_MIN;
    }
    int e;
    frexp(a, &e);
    return ldexp(1.0, e - 24);
}

/* Checks what get returns against the desc that was added or set. */
static void expect_desc(mote_spring_kind kind, const mote_spring_desc *got,
                        const mote_spring_desc *want) {
    unsigned used = desc_fields(kind);
    for (int f = 0; f < D_COUNT; ++f) {
        float g = *desc_field((mote_spring_desc *)got, f);
        float w = *desc_field((mote_spring_desc *)want, f);
        if (!(used & BIT(f))) {
            /* not used by the kind: returned as zero */
            if (g != 0.0f) {
                print_error("%s: unused field %s returned %g\n", mote_spring_kind_name(kind),
                            desc_names[f], (double)g);
                fail();
            }
        } else if (f == D_HALFLIFE) {
            /* stored as the damping it implies: back up to rounding (h <= 0 reads as 0) */
            double h = w < 0.0f ? 0.0 : (double)w;
            if (!(fabs((double)g - h) <= 8 * ulp_at(h + 1e-5))) {
                print_error("%s: halflife %.9g came back as %.9g\n", mote_spring_kind_name(kind),
                            (double)w, (double)g);
                fail();
            }
        } else if (!same_bits(g, w)) {
            print_error("%s: field %s %.9g came back as %.9g\n", mote_spring_kind_name(kind),
                        desc_names[f], (double)w, (double)g);
            fail();
        }
    }
}

/* Restores the default allocator after every test, whatever happened. */
static int restore_allocator(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Create, add, get, set */

static void create_and_destroy_with_default_def(void **state) {
    (void)state;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    assert_int_equal(def.kind, MOTE_SPRING_CRITICAL);
    assert_int_equal(def.capacity, 1024);
    assert_int_equal(def.max_count, (size_t)1 << 26);
    assert_int_equal(def.backend, MOTE_BACKEND_AUTO);
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    assert_non_null(pool);
    assert_int_equal(mote_spring_pool_count(pool), 0);
    assert_true(mote_spring_pool_capacity(pool) >= 1024);
    assert_int_equal(mote_spring_pool_kind(pool), MOTE_SPRING_CRITICAL);
    assert_int_equal(mote_spring_pool_backend(pool), mote_backend_best());
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_int_equal(view.count, 0);
    assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    mote_validation validation = {99, 99};
    assert_int_equal(mote_spring_pool_validate(pool, &validation), MOTE_OK);
    assert_int_equal(validation.bad_count, 0);
    assert_int_equal(validation.first_bad_index, 0);
    mote_spring_pool_destroy(pool);
    mote_spring_pool_destroy(NULL);

    /* the default desc: at rest at 0, the seed's docking spring */
    mote_spring_desc d = mote_default_spring_desc();
    assert_true(d.x == 0.0f && d.v == 0.0f && d.goal == 0.0f && d.xi == 0.0f && d.vi == 0.0f);
    assert_true(d.halflife == 0.1f && d.stiffness == 5.0f && d.damping == 4.6f && d.rate == 10.0f);
    /* kind names round trip */
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_kind parsed = MOTE_SPRING_KIND_COUNT;
        assert_true(mote_spring_kind_parse(mote_spring_kind_name(all_kinds[k]), &parsed));
        assert_int_equal(parsed, all_kinds[k]);
    }
    assert_string_equal(mote_spring_kind_name(MOTE_SPRING_KIND_COUNT), "unknown");
}

static void add_get_set_round_trip(void **state) {
    (void)state;
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_kind kind = all_kinds[k];
        mote_spring_pool *pool = create_pool(kind, MOTE_BACKEND_AUTO);
        enum { N = 100 };
        mote_id ids[N];
        mote_spring_desc descs[N];
        test_rng rng = {1000u + k};
        for (int i = 0; i < N; ++i) {
            descs[i] = random_desc(&rng);
            if (i % 10 == 3) {
                descs[i].halflife = -0.25f; /* read back as 0 */
            }
            assert_int_equal(mote_spring_pool_add(pool, &descs[i], &ids[i]), MOTE_OK);
            assert_false(mote_id_equal(ids[i], mote_null_id()));
            assert_true(mote_spring_pool_contains(pool, ids[i]));
            for (int j = 0; j < i; ++j) {
                assert_false(mote_id_equal(ids[i], ids[j]));
            }
        }
        assert_int_equal(mote_spring_pool_count(pool), N);
        mote_spring_view view = mote_spring_pool_view(pool);
        for (int i = 0; i < N; ++i) {
            size_t index = 999;
            assert_int_equal(mote_spring_pool_index(pool, ids[i], &index), MOTE_OK);
            assert_int_equal(index, i);
            assert_true(mote_id_equal(mote_spring_pool_id_at(pool, index), ids[i]));
            mote_spring_desc got;
            assert_int_equal(mote_spring_pool_get(pool, ids[i], &got), MOTE_OK);
            expect_desc(kind, &got, &descs[i]);
            /* the view shows the same element; the half-life kinds store its damping */
            assert_true(same_bits(view.x[i], descs[i].x));
            if (has_halflife(kind)) {
                assert_true(same_bits(view.damping[i],
                                      mote_spring_damping_for_kind(kind, descs[i].halflife)));
            }
        }
        /* set, then get again */
        for (int i = 0; i < N; i += 7) {
            mote_spring_desc d = random_desc(&rng);
            assert_int_equal(mote_spring_pool_set(pool, ids[i], &d), MOTE_OK);
            mote_spring_desc got;
            assert_int_equal(mote_spring_pool_get(pool, ids[i], &got), MOTE_OK);
            expect_desc(kind, &got, &d);
            descs[i] = d;
        }
        /* the others are untouched */
        for (int i = 0; i < N; ++i) {
            mote_spring_desc got;
            assert_int_equal(mote_spring_pool_get(pool, ids[i], &got), MOTE_OK);
            expect_desc(kind, &got, &descs[i]);
        }
        assert_int_equal(mote_spring_pool_add(pool, &descs[0], NULL), MOTE_OK); /* id optional */
        assert_int_equal(mote_spring_pool_count(pool), N + 1);
        mote_spring_pool_destroy(pool);
    }
    /* the damping the half-life kinds store */
    assert_true(same_bits(mote_spring_damping_for_kind(MOTE_SPRING_CRITICAL, 0.3f),
                          mote_halflife_to_damping(0.3f)));
    assert_true(same_bits(mote_spring_damping_for_kind(MOTE_SPRING_DOUBLE, 0.3f),
                          mote_halflife_to_damping(0.15f)));
    assert_true(same_bits(mote_spring_damping_for_kind(MOTE_SPRING_DOUBLE_ANGLE, 0.3f),
                          mote_halflife_to_damping(0.15f)));
    assert_true(mote_spring_damping_for_kind(MOTE_SPRING_DAMPED, 0.3f) == 0.0f);
}

/* ------------------------------------------------------------------------------------------ */
/* Ids */

static void swap_remove_moves_the_last_element(void **state) {
    (void)state;
    mote_spring_pool *pool = create_pool(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO);
    mote_id ids[5];
    for (int i = 0; i < 5; ++i) {
        mote_spring_desc d = mote_default_spring_desc();
        d.x = 10.0f * (float)i;
        d.v = -(float)i;
        d.goal = 100.0f + (float)i;
        assert_int_equal(mote_spring_pool_add(pool, &d, &ids[i]), MOTE_OK);
    }
    assert_int_equal(mote_spring_pool_remove(pool, ids[1]), MOTE_OK);
    assert_int_equal(mote_spring_pool_count(pool), 4);
    assert_false(mote_spring_pool_contains(pool, ids[1]));
    /* the last element (4) now sits at index 1, and its id still finds it */
    size_t index = 99;
    assert_int_equal(mote_spring_pool_index(pool, ids[4], &index), MOTE_OK);
    assert_int_equal(index, 1);
    assert_true(mote_id_equal(mote_spring_pool_id_at(pool, 1), ids[4]));
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_true(view.x[1] == 40.0f && view.v[1] == -4.0f && view.goal[1] == 104.0f);
    mote_spring_desc got;
    assert_int_equal(mote_spring_pool_get(pool, ids[4], &got), MOTE_OK);
    assert_true(got.x == 40.0f && got.goal == 104.0f);
    /* the rest did not move */
    for (int i = 0; i < 4; ++i) {
        if (i == 1) {
            continue;
        }
        assert_int_equal(mote_spring_pool_index(pool, ids[i], &index), MOTE_OK);
        assert_int_equal(index, i);
        assert_true(view.x[i] == 10.0f * (float)i);
    }
    /* removing the last element moves nothing */
    assert_int_equal(mote_spring_pool_remove(pool, ids[3]), MOTE_OK);
    assert_int_equal(mote_spring_pool_index(pool, ids[4], &index), MOTE_OK);
    assert_int_equal(index, 1);
    /* down to empty */
    assert_int_equal(mote_spring_pool_remove(pool, ids[0]), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, ids[2]), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, ids[4]), MOTE_OK);
    assert_int_equal(mote_spring_pool_count(pool), 0);
    assert_true(mote_id_equal(mote_spring_pool_id_at(pool, 0), mote_null_id()));
    mote_spring_pool_destroy(pool);
}

static void ids_survive_random_adds_and_removes(void **state) {
    (void)state;
    /* a shadow model: live ids and the x each was given */
    enum { OPS = 6000, MAX_LIVE = 600 };
    mote_spring_pool *pool = create_pool(MOTE_SPRING_DOUBLE, MOTE_BACKEND_AUTO);
    mote_id live[MAX_LIVE];
    float xs[MAX_LIVE];
    size_t n = 0;
    test_rng rng = {77u};
    float next_x = 1.0f;
    for (int op = 0; op < OPS; ++op) {
        bool add = n == 0 || (n < MAX_LIVE && test_rng_next(&rng) % 100 < 55);
        if (add) {
            mote_spring_desc d = mote_default_spring_desc();
            d.x = next_x;
            d.xi = -next_x;
            next_x += 1.0f;
            assert_int_equal(mote_spring_pool_add(pool, &d, &live[n]), MOTE_OK);
            xs[n++] = d.x;
        } else {
            size_t r = (size_t)(test_rng_next(&rng) % n);
            assert_int_equal(mote_spring_pool_remove(pool, live[r]), MOTE_OK);
            /* removing again is stale */
            assert_int_equal(mote_spring_pool_remove(pool, live[r]), MOTE_ERROR_STALE_ID);
            live[r] = live[n - 1];
            xs[r] = xs[n - 1];
            --n;
        }
        assert_int_equal(mote_spring_pool_count(pool), n);
        if (op % 97 == 0 || op == OPS - 1) {
            mote_spring_view view = mote_spring_pool_view(pool);
            bool *seen = calloc(n + 1, sizeof *seen);
            assert_non_null(seen);
            for (size_t i = 0; i < n; ++i) {
                size_t index = SIZE_MAX;
                assert_int_equal(mote_spring_pool_index(pool, live[i], &index), MOTE_OK);
                assert_true(index < n);
                assert_false(seen[index]); /* dense and one-to-one */
                seen[index] = true;
                assert_true(view.x[index] == xs[i]);
                assert_true(view.xi[index] == -xs[i]);
                assert_true(mote_id_equal(mote_spring_pool_id_at(pool, index), live[i]));
            }
            free(seen);
        }
    }
    mote_spring_pool_destroy(pool);
}

static void slot_reuse_bumps_the_generation(void **state) {
    (void)state;
    mote_spring_pool *pool = create_pool(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO);
    mote_spring_desc d = mote_default_spring_desc();
    mote_id a, b, c;
    assert_int_equal(mote_spring_pool_add(pool, &d, &a), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, a), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(pool, &d, &b), MOTE_OK);
    assert_int_equal(b.slot, a.slot);
    assert_int_equal(b.generation, a.generation + 1);
    assert_false(mote_spring_pool_contains(pool, a));
    assert_true(mote_spring_pool_contains(pool, b));
    assert_int_equal(mote_spring_pool_remove(pool, b), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(pool, &d, &c), MOTE_OK);
    assert_int_equal(c.slot, a.slot);
    assert_int_equal(c.generation, a.generation + 2);
    mote_spring_pool_destroy(pool);
}

static void stale_ids_are_rejected_everywhere(void **state) {
    (void)state;
    mote_spring_pool *pool = make_pool(MOTE_SPRING_DAMPED, MOTE_BACKEND_AUTO, 10, 5u, NULL);
    mote_spring_desc d = mote_default_spring_desc();
    mote_id removed, reused, live;
    assert_int_equal(mote_spring_pool_add(pool, &d, &removed), MOTE_OK);
    assert_int_equal(mote_spring_pool_remove(pool, removed), MOTE_OK);
    assert_int_equal(mote_spring_pool_add(pool, &d, &reused), MOTE_OK); /* same slot */
    assert_int_equal(reused.slot, removed.slot);
    assert_int_equal(mote_spring_pool_add(pool, &d, &live), MOTE_OK);
    mote_id wrong_generation = {live.slot, live.generation + 1, live.pool};
    mote_id older_generation = {live.slot, live.generation - 1 == 0 ? 7u : live.generation - 1,
                                live.pool};
    mote_id zero_generation = {live.slot, 0, live.pool};
    const mote_id stale[] = {
        removed,                /* removed; its slot now holds a newer element */
        mote_null_id(),         /* never issued */
        {5000u, 1u, live.pool}, /* never issued: slot past every slot handed out */
        {live.slot + 1, 1u, live.pool},
        {UINT32_MAX, UINT32_MAX, live.pool},
        {0u, 1u, live.pool},
        wrong_generation, /* forged */
        older_generation,
        zero_generation,
    };
    snapshot before = take_snapshot(pool);
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; ++i) {
        mote_id id = stale[i];
        assert_false(mote_spring_pool_contains(pool, id));
        assert_int_equal(mote_spring_pool_remove(pool, id), MOTE_ERROR_STALE_ID);
        mote_spring_desc got = {.x = 12345.0f};
        assert_int_equal(mote_spring_pool_get(pool, id, &got), MOTE_ERROR_STALE_ID);
        assert_true(got.x == 12345.0f);
        mote_spring_desc other = random_desc(&(test_rng){i});
        assert_int_equal(mote_spring_pool_set(pool, id, &other), MOTE_ERROR_STALE_ID);
        size_t index = 4242;
        assert_int_equal(mote_spring_pool_index(pool, id, &index), MOTE_ERROR_STALE_ID);
        assert_int_equal(index, 4242);
        EXPECT_UNCHANGED(pool, &before, "stale id");
    }
    /* the live ones still work */
    assert_true(mote_spring_pool_contains(pool, reused));
    assert_true(mote_spring_pool_contains(pool, live));
    free_snapshot(&before);
    mote_spring_pool_destroy(pool);
}

/* ------------------------------------------------------------------------------------------ */
/* Growth and the view */

/* Fails unless every array the kind has is present, 64-byte aligned, and the others NULL. */
static void expect_view_layout(mote_spring_pool *pool, mote_spring_kind kind, size_t count) {
    mote_spring_view view = mote_spring_pool_view(pool);
    assert_int_equal(view.count, count);
    float *p[F_COUNT];
    view_pointers(&view, p);
    unsigned want = view_fields(kind);
    for (int f = 0; f < F_COUNT; ++f) {
        if (want & BIT(f)) {
            if (p[f] == NULL) {
                print_error("%s: view.%s is NULL\n", mote_spring_kind_name(kind), field_names[f]);
                fail();
            }
            assert_int_equal((uintptr_t)p[f] % MOTE_ALIGNMENT, 0);
        } else if (p[f] != NULL) {
            print_error("%s: view.%s should be NULL\n", mote_spring_kind_name(kind),
                        field_names[f]);
            fail();
        }
    }
}

static void view_has_each_kinds_fields(void **state) {
    (void)state;
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_pool *pool = make_pool(all_kinds[k], MOTE_BACKEND_AUTO, 37, 9u, NULL);
        expect_view_layout(pool, all_kinds[k], 37);
        assert_int_equal(mote_spring_pool_kind(pool), all_kinds[k]);
        mote_spring_pool_destroy(pool);
    }
}

static void growth_to_four_million(void **state) {
    (void)state;
    /* 4,194,304 (scaled down by MOTE_TEST_SCALE under emulation) */
    const size_t n = test_scaled((size_t)1 << 22);
    /* by adds, growing from the default capacity */
    mote_spring_pool *pool = create_pool(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO);
    mote_spring_desc d = mote_default_spring_desc();
    mote_id first = mote_null_id(), middle = mote_null_id(), last = mote_null_id();
    for (size_t i = 0; i < n; ++i) {
        d.x = (float)i;
        d.goal = -(float)i;
        mote_id id;
        assert_true(mote_spring_pool_add(pool, &d, &id) == MOTE_OK);
        if (i == 0) {
            first = id;
        } else if (i == n / 2 + 3) {
            middle = id;
        } else if (i == n - 1) {
            last = id;
        }
    }
    assert_int_equal(mote_spring_pool_count(pool), n);
    assert_true(mote_spring_pool_capacity(pool) >= n);
    expect_view_layout(pool, MOTE_SPRING_CRITICAL, n);
    mote_spring_view view = mote_spring_pool_view(pool);
    const mote_id ids[] = {first, middle, last};
    const size_t at[] = {0, n / 2 + 3, n - 1};
    for (int i = 0; i < 3; ++i) {
        size_t index;
        assert_int_equal(mote_spring_pool_index(pool, ids[i], &index), MOTE_OK);
        assert_int_equal(index, at[i]);
        assert_true(view.x[index] == (float)at[i] && view.goal[index] == -(float)at[i]);
    }
    for (size_t i = 0; i < n; i += 4099) {
        assert_true(view.x[i] == (float)i);
    }
    /* one step of the whole pool: every element moved toward its goal, all finite */
    assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
    assert_int_equal(mote_spring_pool_validate(pool, NULL), MOTE_OK);
    for (size_t i = 1; i < n; i += 4099) {
        assert_true(view.x[i] < (float)i && view.x[i] > -(float)i);
    }
    mote_spring_pool_destroy(pool);

    /* by reserve: no growth afterwards, so the view's arrays do not move */
    pool = create_pool(MOTE_SPRING_DOUBLE_ANGLE, MOTE_BACKEND_AUTO);
    assert_int_equal(mote_spring_pool_reserve(pool, n), MOTE_OK);
    assert_true(mote_spring_pool_capacity(pool) >= n);
    mote_spring_view reserved = mote_spring_pool_view(pool);
    for (size_t i = 0; i < n; ++i) {
        d.x = (float)i;
        assert_true(mote_spring_pool_add(pool, &d, NULL) == MOTE_OK);
    }
    mote_spring_view full = mote_spring_pool_view(pool);
    assert_ptr_equal(full.x, reserved.x);
    assert_ptr_equal(full.xi, reserved.xi);
    assert_ptr_equal(full.damping, reserved.damping);
    expect_view_layout(pool, MOTE_SPRING_DOUBLE_ANGLE, n);
    assert_true(full.x[n - 1] == (float)(n - 1));
    /* reserve never shrinks */
    size_t capacity = mote_spring_pool_capacity(pool);
    assert_int_equal(mote_spring_pool_reserve(pool, 10), MOTE_OK);
    assert_int_equal(mote_spring_pool_capacity(pool), capacity);
    mote_spring_pool_destroy(pool);
}

/* ------------------------------------------------------------------------------------------ */
/* Bad input */

static void bad_dt_changes_nothing(void **state) {
    (void)state;
    const float bad[] = {NAN,     -NAN,     INFINITY,      -INFINITY, -1.0f,
                         -1e-30f, -FLT_MIN, -FLT_TRUE_MIN, -FLT_MAX};
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        for (size_t b = 0; b < BACKEND_COUNT; ++b) {
            if (!mote_backend_available(all_backends[b])) {
                continue;
            }
            mote_spring_pool *pool = make_pool(all_kinds[k], all_backends[b], 37, 3u, NULL);
            assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK); /* moving */
            snapshot before = take_snapshot(pool);
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
                assert_int_equal(mote_spring_pool_step(pool, bad[i]), MOTE_ERROR_INVALID_DT);
                assert_int_equal(mote_spring_pool_step_range(pool, 0, 37, bad[i]),
                                 MOTE_ERROR_INVALID_DT);
                assert_int_equal(mote_spring_pool_step_range(pool, 5, 21, bad[i]),
                                 MOTE_ERROR_INVALID_DT);
                EXPECT_UNCHANGED(pool, &before, "bad dt");
            }
            /* dt == 0 (either sign) is valid and changes nothing */
            assert_int_equal(mote_spring_pool_step(pool, 0.0f), MOTE_OK);
            assert_int_equal(mote_spring_pool_step(pool, -0.0f), MOTE_OK);
            assert_int_equal(mote_spring_pool_step_range(pool, 3, 30, 0.0f), MOTE_OK);
            EXPECT_UNCHANGED(pool, &before, "dt 0");
            free_snapshot(&before);
            mote_spring_pool_destroy(pool);
        }
    }
}

static void step_range_rejects_bad_ranges(void **state) {
    (void)state;
    mote_spring_pool *pool = make_pool(MOTE_SPRING_CRITICAL, MOTE_BACKEND_AUTO, 37, 4u, NULL);
    snapshot before = take_snapshot(pool);
    const size_t ranges[][2] = {
        {10, 9},      {37, 0}, {0, 38}, {36, 38}, {38, 38}, {0, SIZE_MAX}, {SIZE_MAX, SIZE_MAX},
        {SIZE_MAX, 0}};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) {
        assert_int_equal(mote_spring_pool_step_range(pool, ranges[i][0], ranges[i][1], 0.1f),
                         MOTE_ERROR_RANGE);
        EXPECT_UNCHANGED(pool, &before, "bad range");
    }
    /* empty ranges inside [0, count] are fine and change nothing */
    assert_int_equal(mote_spring_pool_step_range(pool, 0, 0, 0.1f), MOTE_OK);
    assert_int_equal(mote_spring_pool_step_range(pool, 37, 37, 0.1f), MOTE_OK);
    assert_int_equal(mote_spring_pool_step_range(pool, 20, 20, 0.1f), MOTE_OK);
    EXPECT_UNCHANGED(pool, &before, "empty range");
    free_snapshot(&before);
    /* NULL pool */
    assert_int_equal(mote_spring_pool_step(NULL, 0.1f), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_spring_pool_step_range(NULL, 0, 0, 0.1f), MOTE_ERROR_INVALID_ARGUMENT);
    mote_spring_pool_destroy(pool);
}

static void add_on_a_full_pool(void **state) {
    (void)state;
    const size_t limits[][2] = {{5, 5}, {20, 0}, {1, 1}, {33, 16}}; /* max_count, capacity */
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; ++l) {
        mote_spring_pool_def def = mote_default_spring_pool_def();
        def.kind = MOTE_SPRING_DOUBLE;
        def.max_count = limits[l][0];
        def.capacity = limits[l][1];
        mote_spring_pool *pool = NULL;
        assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
        test_rng rng = {l};
        mote_id first;
        for (size_t i = 0; i < def.max_count; ++i) {
            mote_spring_desc d = random_desc(&rng);
            assert_int_equal(mote_spring_pool_add(pool, &d, i == 0 ? &first : NULL), MOTE_OK);
        }
        snapshot before = take_snapshot(pool);
        mote_spring_desc d = random_desc(&rng);
        mote_id id = {777u, 888u, 999u};
        assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_ERROR_FULL);
        assert_int_equal(id.slot, 777u);
        assert_int_equal(id.generation, 888u);
        assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_ERROR_FULL);
        EXPECT_UNCHANGED(pool, &before, "add on a full pool");
        /* reserve past max_count is refused too, and changes nothing */
        size_t capacity = mote_spring_pool_capacity(pool);
        assert_int_equal(mote_spring_pool_reserve(pool, def.max_count + 1), MOTE_ERROR_FULL);
        assert_int_equal(mote_spring_pool_capacity(pool), capacity);
        EXPECT_UNCHANGED(pool, &before, "reserve past max_count");
        free_snapshot(&before);
        /* room again after a remove */
        assert_int_equal(mote_spring_pool_remove(pool, first), MOTE_OK);
        assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
        assert_int_equal(mote_spring_pool_count(pool), def.max_count);
        mote_spring_pool_destroy(pool);
    }
}

static void add_and_set_reject_bad_fields(void **state) {
    (void)state;
    const float non_finite[] = {NAN, INFINITY, -INFINITY};
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_kind kind = all_kinds[k];
        mote_id ids[12];
        mote_spring_pool *pool = make_pool(kind, MOTE_BACKEND_AUTO, 12, 8u, ids);
        unsigned used = desc_fields(kind);
        test_rng rng = {k};
        for (int f = 0; f < D_COUNT; ++f) {
            for (int n = 0; n < 3; ++n) {
                mote_spring_desc d = random_desc(&rng);
                *desc_field(&d, f) = non_finite[n];
                snapshot before = take_snapshot(pool);
                mote_status want = (used & BIT(f)) ? MOTE_ERROR_NON_FINITE : MOTE_OK;
                if (want != MOTE_OK) {
                    mote_id id = {777u, 888u, 999u};
                    assert_int_equal(mote_spring_pool_add(pool, &d, &id), want);
                    assert_int_equal(id.slot, 777u);
                    assert_int_equal(mote_spring_pool_set(pool, ids[5], &d), want);
                    EXPECT_UNCHANGED(pool, &before, "non-finite field");
                } else {
                    /* a field the kind does not use is ignored, and reads back as zero */
                    mote_id id;
                    assert_int_equal(mote_spring_pool_add(pool, &d, &id), MOTE_OK);
                    assert_int_equal(mote_spring_pool_set(pool, id, &d), MOTE_OK);
                    mote_spring_desc got;
                    assert_int_equal(mote_spring_pool_get(pool, id, &got), MOTE_OK);
                    assert_true(*desc_field(&got, f) == 0.0f);
                    assert_int_equal(mote_spring_pool_validate(pool, NULL), MOTE_OK);
                    assert_int_equal(mote_spring_pool_remove(pool, id), MOTE_OK);
                }
                free_snapshot(&before);
            }
        }
        /* negative stiffness, damping, rate: invalid where the kind uses them */
        const int nonnegative[] = {D_STIFFNESS, D_DAMPING, D_RATE};
        for (int i = 0; i < 3; ++i) {
            int f = nonnegative[i];
            mote_spring_desc d = random_desc(&rng);
            *desc_field(&d, f) = -0.5f;
            if (used & BIT(f)) {
                snapshot before = take_snapshot(pool);
                assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
                assert_int_equal(mote_spring_pool_set(pool, ids[2], &d),
                                 MOTE_ERROR_INVALID_ARGUMENT);
                EXPECT_UNCHANGED(pool, &before, "negative parameter");
                free_snapshot(&before);
                /* zero is allowed */
                *desc_field(&d, f) = 0.0f;
                assert_int_equal(mote_spring_pool_set(pool, ids[2], &d), MOTE_OK);
            }
        }
        /* a negative half-life is accepted (taken as 0) */
        if (has_halflife(kind)) {
            mote_spring_desc d = random_desc(&rng);
            d.halflife = -3.0f;
            assert_int_equal(mote_spring_pool_set(pool, ids[3], &d), MOTE_OK);
            mote_spring_desc got;
            assert_int_equal(mote_spring_pool_get(pool, ids[3], &got), MOTE_OK);
            expect_desc(kind, &got, &d);
        }
        /* NULL arguments */
        mote_spring_desc d = random_desc(&rng);
        assert_int_equal(mote_spring_pool_add(NULL, &d, NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_spring_pool_add(pool, NULL, NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_spring_pool_set(pool, ids[0], NULL), MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_spring_pool_get(pool, ids[0], NULL), MOTE_ERROR_INVALID_ARGUMENT);
        mote_spring_pool_destroy(pool);
    }
}

static void bad_defs_are_rejected(void **state) {
    (void)state;
    mote_spring_pool_def base = mote_default_spring_pool_def();
    mote_spring_pool_def defs[7];
    for (int i = 0; i < 7; ++i) {
        defs[i] = base;
    }
    defs[0].kind = MOTE_SPRING_KIND_COUNT;
    defs[1].kind = (mote_spring_kind)-1;
    defs[2].capacity = 100, defs[2].max_count = 99;
    defs[3].max_count = 0, defs[3].capacity = 0;
    defs[4].backend = MOTE_BACKEND_COUNT;
    defs[5].backend = (mote_backend)-5;
    defs[6].kind = (mote_spring_kind)1000;
    for (int i = 0; i < 7; ++i) {
        mote_spring_pool *pool = NULL;
        assert_int_equal(mote_spring_pool_create(&defs[i], &pool), MOTE_ERROR_INVALID_ARGUMENT);
        assert_null(pool);
    }
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(NULL, &pool), MOTE_ERROR_INVALID_ARGUMENT);
    assert_null(pool);
    assert_int_equal(mote_spring_pool_create(&base, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    /* a backend this CPU lacks */
    for (size_t b = 0; b < BACKEND_COUNT; ++b) {
        mote_spring_pool_def def = base;
        def.backend = all_backends[b];
        mote_status want =
            mote_backend_available(all_backends[b]) ? MOTE_OK : MOTE_ERROR_BACKEND_UNAVAILABLE;
        assert_int_equal(mote_spring_pool_create(&def, &pool), want);
        if (want == MOTE_OK) {
            assert_int_equal(mote_spring_pool_backend(pool), all_backends[b]);
            mote_spring_pool_destroy(pool);
        }
        pool = NULL;
    }
    /* the edge that is valid: capacity == max_count */
    mote_spring_pool_def edge = base;
    edge.capacity = 8, edge.max_count = 8;
    assert_int_equal(mote_spring_pool_create(&edge, &pool), MOTE_OK);
    mote_spring_pool_destroy(pool);
}

static void nan_state_stays_in_its_element(void **state) {
    (void)state;
    enum { N = 37, STEPS = 8 };
    const size_t positions[] = {0, 19, N - 1};
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_kind kind = all_kinds[k];
        for (size_t b = 0; b < BACKEND_COUNT; ++b) {
            if (!mote_backend_available(all_backends[b])) {
                continue;
            }
            for (size_t p = 0; p < 3; ++p) {
                size_t bad = positions[p];
                mote_spring_pool *poisoned = make_pool(kind, all_backends[b], N, 21u, NULL);
                mote_spring_pool *clean = make_pool(kind, all_backends[b], N, 21u, NULL);
                mote_spring_view view = mote_spring_pool_view(poisoned);
                if (view.goal != NULL) { /* a NaN goal: the step refuses it, changing nothing */
                    const float goal = view.goal[bad], x = view.x[bad];
                    view.goal[bad] = NAN;
                    mote_clear_error_detail();
                    assert_int_equal(mote_spring_pool_step(poisoned, 1.0f / 60.0f),
                                     MOTE_ERROR_NON_FINITE);
                    assert_non_null(strstr(mote_error_detail(), "view.goal["));
                    assert_true(same_bits(view.x[bad], x));
                    view.goal[bad] = goal;
                }
                view.x[bad] = NAN; /* a NaN in the state: stepped, and kept to its element */
                mote_validation found = {0, 0};
                assert_int_equal(mote_spring_pool_validate(poisoned, &found),
                                 MOTE_ERROR_NON_FINITE);
                assert_int_equal(found.bad_count, 1);
                assert_int_equal(found.first_bad_index, bad);
                for (int s = 0; s < STEPS; ++s) {
                    assert_int_equal(mote_spring_pool_step(poisoned, 1.0f / 60.0f), MOTE_OK);
                    assert_int_equal(mote_spring_pool_step(clean, 1.0f / 60.0f), MOTE_OK);
                }
                assert_true(isnan(view.x[bad])); /* the state took the NaN */
                mote_spring_view cv = mote_spring_pool_view(clean);
                float *pp[F_COUNT], *pc[F_COUNT];
                view_pointers(&view, pp);
                view_pointers(&cv, pc);
                for (int f = 0; f < F_COUNT; ++f) {
                    if (pp[f] == NULL) {
                        continue;
                    }
                    for (size_t i = 0; i < N; ++i) {
                        if (i == bad) {
                            continue;
                        }
                        if (!same_bits(pp[f][i], pc[f][i]) || !isfinite(pp[f][i])) {
                            print_error("%s/%s: NaN at %zu reached %s[%zu] (%g vs %g)\n",
                                        mote_spring_kind_name(kind),
                                        mote_backend_name(all_backends[b]), bad, field_names[f], i,
                                        (double)pp[f][i], (double)pc[f][i]);
                            fail();
                        }
                    }
                }
                found = (mote_validation){0, 0};
                assert_int_equal(mote_spring_pool_validate(poisoned, &found),
                                 MOTE_ERROR_NON_FINITE);
                assert_int_equal(found.bad_count, 1);
                assert_int_equal(found.first_bad_index, bad);
                found = (mote_validation){7, 7};
                assert_int_equal(mote_spring_pool_validate(clean, &found), MOTE_OK);
                assert_int_equal(found.bad_count, 0);
                assert_int_equal(found.first_bad_index, N);
                mote_spring_pool_destroy(poisoned);
                mote_spring_pool_destroy(clean);
            }
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Allocation failure */

/* Counts every allocation, can fail the Nth, and checks that each free matches an alloc. */
typedef struct counting_allocator {
    size_t calls;   /* alloc calls so far, the failed one included */
    size_t fail_at; /* 1-based call to fail; 0: never */
    size_t allocs;  /* successful allocations */
    size_t frees;
    size_t live_bytes;
    size_t bad_frees; /* frees of unknown pointers or with the wrong size */
    size_t bad_alignment;
    struct {
        void *ptr;
        size_t size;
    } live[256];
    size_t live_count;
} counting_allocator;

static void *counting_alloc(size_t size, size_t alignment, void *user) {
    counting_allocator *c = user;
    ++c->calls;
    if (c->calls == c->fail_at) {
        return NULL;
    }
    if (alignment < MOTE_ALIGNMENT) {
        ++c->bad_alignment;
    }
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *p = aligned_alloc(alignment, rounded);
    if (p == NULL || c->live_count == sizeof c->live / sizeof c->live[0]) {
        free(p);
        return NULL;
    }
    c->live[c->live_count].ptr = p;
    c->live[c->live_count].size = size;
    ++c->live_count;
    ++c->allocs;
    c->live_bytes += size;
    return p;
}

static void counting_free(void *ptr, size_t size, void *user) {
    counting_allocator *c = user;
    ++c->frees;
    for (size_t i = 0; i < c->live_count; ++i) {
        if (c->live[i].ptr == ptr) {
            if (c->live[i].size != size) {
                ++c->bad_frees;
            }
            c->live_bytes -= c->live[i].size;
            c->live[i] = c->live[--c->live_count];
            free(ptr);
            return;
        }
    }
    ++c->bad_frees;
}

static void use_counting_allocator(counting_allocator *c, size_t fail_at) {
    memset(c, 0, sizeof *c);
    c->fail_at = fail_at;
    mote_allocator a = {counting_alloc, counting_free, c};
    mote_set_allocator(&a);
}

/* Fails unless the elements added so far read back (x = i + 1 at its id). */
static void expect_elements(mote_spring_pool *pool, const mote_id *ids, size_t n) {
    assert_int_equal(mote_spring_pool_count(pool), n);
    for (size_t i = 0; i < n; ++i) {
        mote_spring_desc got;
        assert_int_equal(mote_spring_pool_get(pool, ids[i], &got), MOTE_OK);
        assert_true(got.x == (float)(i + 1));
    }
}

enum { SCENARIO_ADDS = 40 };

/* Runs create, 40 adds (growing 16 -> 32 -> 64) and a reserve of 1000 with the Nth
 * allocation failing. The one call that meets the failure must return OUT_OF_MEMORY and
 * change nothing; it is then retried and succeeds. Returns the allocations made. */
static size_t allocation_scenario(mote_spring_kind kind, size_t fail_at) {
    counting_allocator c;
    use_counting_allocator(&c, fail_at);
    size_t failures = 0;

    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = kind;
    def.capacity = 16;
    mote_spring_pool *pool = NULL;
    size_t calls = c.calls;
    mote_status status = mote_spring_pool_create(&def, &pool);
    if (calls < fail_at && fail_at <= c.calls) {
        assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
        assert_null(pool);
        assert_int_equal(c.allocs, c.frees); /* a failed create leaves nothing behind */
        ++failures;
        status = mote_spring_pool_create(&def, &pool);
    }
    assert_int_equal(status, MOTE_OK);

    mote_id ids[SCENARIO_ADDS];
    for (size_t i = 0; i < SCENARIO_ADDS; ++i) {
        mote_spring_desc d = mote_default_spring_desc();
        d.x = (float)(i + 1);
        snapshot before = take_snapshot(pool);
        calls = c.calls;
        status = mote_spring_pool_add(pool, &d, &ids[i]);
        if (calls < fail_at && fail_at <= c.calls) {
            assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
            EXPECT_UNCHANGED(pool, &before, "failed growth");
            expect_elements(pool, ids, i);
            assert_int_equal(mote_spring_pool_step(pool, 0.01f), MOTE_OK); /* still usable */
            ++failures;
            status = mote_spring_pool_add(pool, &d, &ids[i]);
            /* the step moved x; put the values back for the checks */
            mote_spring_view view = mote_spring_pool_view(pool);
            for (size_t j = 0; j <= i; ++j) {
                view.x[j] = (float)(j + 1);
            }
        }
        assert_int_equal(status, MOTE_OK);
        free_snapshot(&before);
    }
    expect_elements(pool, ids, SCENARIO_ADDS);

    snapshot before = take_snapshot(pool);
    calls = c.calls;
    status = mote_spring_pool_reserve(pool, 1000);
    if (calls < fail_at && fail_at <= c.calls) {
        assert_int_equal(status, MOTE_ERROR_OUT_OF_MEMORY);
        EXPECT_UNCHANGED(pool, &before, "failed reserve");
        ++failures;
        status = mote_spring_pool_reserve(pool, 1000);
    }
    free_snapshot(&before);
    assert_int_equal(status, MOTE_OK);
    assert_true(mote_spring_pool_capacity(pool) >= 1000);
    expect_elements(pool, ids, SCENARIO_ADDS);
    assert_int_equal(mote_spring_pool_step(pool, 0.01f), MOTE_OK);
    assert_int_equal(mote_spring_pool_validate(pool, NULL), MOTE_OK);
    mote_spring_pool_destroy(pool);

    /* exactly one failure when N is in range, none past it; everything given back */
    assert_int_equal(failures, fail_at >= 1 && fail_at <= c.calls ? 1 : 0);
    assert_int_equal(c.allocs, c.frees);
    assert_int_equal(c.live_bytes, 0);
    assert_int_equal(c.live_count, 0);
    assert_int_equal(c.bad_frees, 0);
    assert_int_equal(c.bad_alignment, 0);
    mote_set_allocator(NULL);
    return c.allocs;
}

static void allocation_failure_at_every_point(void **state) {
    (void)state;
    const mote_spring_kind kinds[] = {MOTE_SPRING_CRITICAL, MOTE_SPRING_DOUBLE,
                                      MOTE_SPRING_EXP_RESPONSE};
    for (size_t k = 0; k < 3; ++k) {
        size_t total = allocation_scenario(kinds[k], 0);
        assert_true(total >= 4); /* the pool, its ids and fields, two growths, the reserve */
        for (size_t n = 1; n <= total + 1; ++n) {
            allocation_scenario(kinds[k], n);
        }
    }
}

static void pool_keeps_its_allocator(void **state) {
    (void)state;
    counting_allocator c;
    use_counting_allocator(&c, 0);
    mote_allocator got = mote_get_allocator();
    assert_ptr_equal(got.alloc, counting_alloc);
    assert_ptr_equal(got.user, &c);
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = 16;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    mote_set_allocator(NULL); /* later pools use the default; this one keeps counting */
    got = mote_get_allocator();
    assert_true(got.alloc != counting_alloc && got.alloc != NULL && got.free != NULL);
    size_t before = c.allocs;
    mote_spring_desc d = mote_default_spring_desc();
    for (int i = 0; i < 17; ++i) {
        assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
    }
    assert_true(c.allocs > before);
    mote_spring_pool_destroy(pool);
    assert_int_equal(c.allocs, c.frees);
    assert_int_equal(c.live_bytes, 0);
    /* an allocator missing a hook means the default */
    mote_allocator half = {counting_alloc, NULL, &c};
    mote_set_allocator(&half);
    got = mote_get_allocator();
    assert_true(got.alloc != counting_alloc);
}

/* ------------------------------------------------------------------------------------------ */
/* Backends and steps */

static void set_backend(void **state) {
    (void)state;
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_pool *pool = make_pool(all_kinds[k], MOTE_BACKEND_SCALAR, 37, 6u, NULL);
        snapshot before = take_snapshot(pool);
        for (size_t b = 0; b < BACKEND_COUNT; ++b) {
            if (!mote_backend_available(all_backends[b])) {
                assert_int_equal(mote_spring_pool_set_backend(pool, all_backends[b]),
                                 MOTE_ERROR_BACKEND_UNAVAILABLE);
                EXPECT_UNCHANGED(pool, &before, "unavailable backend");
            }
        }
        assert_int_equal(mote_spring_pool_set_backend(pool, MOTE_BACKEND_COUNT),
                         MOTE_ERROR_INVALID_ARGUMENT);
        assert_int_equal(mote_spring_pool_set_backend(pool, (mote_backend)-3),
                         MOTE_ERROR_INVALID_ARGUMENT);
        EXPECT_UNCHANGED(pool, &before, "invalid backend");
        /* still the scalar reference: it steps like a fresh scalar pool */
        mote_spring_pool *fresh = make_pool(all_kinds[k], MOTE_BACKEND_SCALAR, 37, 6u, NULL);
        assert_int_equal(mote_spring_pool_step(pool, 0.02f), MOTE_OK);
        assert_int_equal(mote_spring_pool_step(fresh, 0.02f), MOTE_OK);
        expect_same_state(pool, fresh, "after a refused set_backend");
        for (size_t b = 0; b < BACKEND_COUNT; ++b) {
            if (mote_backend_available(all_backends[b])) {
                assert_int_equal(mote_spring_pool_set_backend(pool, all_backends[b]), MOTE_OK);
                assert_int_equal(mote_spring_pool_backend(pool), all_backends[b]);
            }
        }
        assert_int_equal(mote_spring_pool_set_backend(pool, MOTE_BACKEND_AUTO), MOTE_OK);
        assert_int_equal(mote_spring_pool_backend(pool), mote_backend_best());
        free_snapshot(&before);
        mote_spring_pool_destroy(pool);
        mote_spring_pool_destroy(fresh);
    }
}

/* The scalar backend steps each element with the public primitive (bit for bit). */
static void scalar_pool_steps_like_the_primitives(void **state) {
    (void)state;
    enum { N = 29 };
    const float dt = 1.0f / 60.0f;
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        mote_spring_kind kind = all_kinds[k];
        mote_id ids[N];
        mote_spring_pool *pool = make_pool(kind, MOTE_BACKEND_SCALAR, N, 31u, ids);
        mote_spring_desc d[N];
        for (int i = 0; i < N; ++i) {
            assert_int_equal(mote_spring_pool_get(pool, ids[i], &d[i]), MOTE_OK);
        }
        /* the half-life as stored: get returns it up to rounding, so rebuild the damping the
         * pool holds and step the primitive with the same half-life it implies */
        test_rng rng = {31u};
        for (int i = 0; i < N; ++i) {
            mote_spring_desc original = random_desc(&rng);
            if (i % 23 == 7) {
                original.halflife = 0.0f;
            }
            d[i].halflife = original.halflife;
        }
        assert_int_equal(mote_spring_pool_step(pool, dt), MOTE_OK);
        for (int i = 0; i < N; ++i) {
            mote_spring_desc e = d[i];
            switch (kind) {
            case MOTE_SPRING_DAMPER:
                e.x = mote_damper(e.x, e.goal, e.halflife, dt);
                break;
            case MOTE_SPRING_CRITICAL:
                mote_spring(&e.x, &e.v, e.goal, e.halflife, dt);
                break;
            case MOTE_SPRING_ANGLE:
                mote_spring_angle(&e.x, &e.v, e.goal, e.halflife, dt);
                break;
            case MOTE_SPRING_DOUBLE_ANGLE:
                mote_double_spring_angle(&e.x, &e.v, &e.xi, &e.vi, e.goal, e.halflife, dt);
                break;
            case MOTE_SPRING_DECAY:
                mote_decay(&e.x, &e.v, e.halflife, dt);
                break;
            case MOTE_SPRING_SEMI_IMPLICIT:
                mote_spring_semi_implicit(&e.x, &e.v, e.goal, e.stiffness, e.damping, dt);
                break;
            case MOTE_SPRING_EXP_RESPONSE:
                e.x = mote_exp_response(e.x, e.goal, e.rate, dt);
                break;
            case MOTE_SPRING_DAMPED:
                mote_spring_damper(&e.x, &e.v, e.goal, e.stiffness, e.damping, dt);
                break;
            case MOTE_SPRING_DOUBLE:
                mote_double_spring(&e.x, &e.v, &e.xi, &e.vi, e.goal, e.halflife, dt);
                break;
            default:
                fail();
            }
            mote_spring_desc got;
            assert_int_equal(mote_spring_pool_get(pool, ids[i], &got), MOTE_OK);
            if (!same_bits(got.x, e.x) || !same_bits(got.v, e.v) || !same_bits(got.xi, e.xi) ||
                !same_bits(got.vi, e.vi)) {
                print_error("%s element %d: pool x=%.9g v=%.9g, primitive x=%.9g v=%.9g\n",
                            mote_spring_kind_name(kind), i, (double)got.x, (double)got.v,
                            (double)e.x, (double)e.v);
                fail();
            }
        }
        mote_spring_pool_destroy(pool);
    }
}

static void semi_implicit_pool_clamps_dt(void **state) {
    (void)state;
    for (size_t b = 0; b < BACKEND_COUNT; ++b) {
        if (!mote_backend_available(all_backends[b])) {
            continue;
        }
        mote_spring_pool *big = make_pool(MOTE_SPRING_SEMI_IMPLICIT, all_backends[b], 37, 2u, NULL);
        mote_spring_pool *max = make_pool(MOTE_SPRING_SEMI_IMPLICIT, all_backends[b], 37, 2u, NULL);
        mote_spring_pool *small =
            make_pool(MOTE_SPRING_SEMI_IMPLICIT, all_backends[b], 37, 2u, NULL);
        assert_int_equal(mote_spring_pool_step(big, 10.0f), MOTE_OK);
        assert_int_equal(mote_spring_pool_step(max, MOTE_SEMI_IMPLICIT_MAX_DT), MOTE_OK);
        expect_same_state(big, max, "dt 10 vs the maximum");
        assert_int_equal(mote_spring_pool_step_range(big, 0, 37, FLT_MAX), MOTE_OK);
        assert_int_equal(mote_spring_pool_step_range(max, 0, 37, MOTE_SEMI_IMPLICIT_MAX_DT),
                         MOTE_OK);
        expect_same_state(big, max, "dt FLT_MAX vs the maximum");
        /* and a dt below it is not clamped */
        assert_int_equal(mote_spring_pool_step(small, 0.02f), MOTE_OK);
        mote_spring_view a = mote_spring_pool_view(small);
        mote_spring_pool *ref = make_pool(MOTE_SPRING_SEMI_IMPLICIT, all_backends[b], 37, 2u, NULL);
        assert_int_equal(mote_spring_pool_step(ref, MOTE_SEMI_IMPLICIT_MAX_DT), MOTE_OK);
        mote_spring_view r = mote_spring_pool_view(ref);
        assert_true(memcmp(a.x, r.x, 37 * sizeof(float)) != 0);
        mote_spring_pool_destroy(big);
        mote_spring_pool_destroy(max);
        mote_spring_pool_destroy(small);
        mote_spring_pool_destroy(ref);
    }
}

static void chunked_steps_match_whole_steps(void **state) {
    (void)state;
    enum { N = 203, STEPS = 4 };
    const float dts[STEPS] = {1.0f / 60.0f, 0.1f, 1.0f / 144.0f, 0.5f};
    for (size_t k = 0; k < KIND_COUNT; ++k) {
        for (size_t b = 0; b < BACKEND_COUNT; ++b) {
            if (!mote_backend_available(all_backends[b])) {
                continue;
            }
            mote_spring_pool *whole = make_pool(all_kinds[k], all_backends[b], N, 55u, NULL);
            mote_spring_pool *split = make_pool(all_kinds[k], all_backends[b], N, 55u, NULL);
            test_rng rng = {k * 16 + b};
            for (int s = 0; s < STEPS; ++s) {
                assert_int_equal(mote_spring_pool_step(whole, dts[s]), MOTE_OK);
                /* chunks of 1..40 elements: boundaries mostly off multiples of 16 */
                size_t begin = 0;
                while (begin < N) {
                    size_t size = 1 + (size_t)(test_rng_next(&rng) % 40);
                    size_t end = begin + size > N ? N : begin + size;
                    assert_int_equal(mote_spring_pool_step_range(split, begin, end, dts[s]),
                                     MOTE_OK);
                    begin = end;
                }
                char what[96];
                snprintf(what, sizeof what, "%s/%s step %d", mote_spring_kind_name(all_kinds[k]),
                         mote_backend_name(all_backends[b]), s);
                expect_same_state(whole, split, what);
            }
            /* and chunks in reverse order */
            size_t cuts[] = {0, 3, 17, 18, 64, 65, 111, 150, 202, N};
            assert_int_equal(mote_spring_pool_step(whole, 0.03f), MOTE_OK);
            for (int c = 8; c >= 0; --c) {
                assert_int_equal(mote_spring_pool_step_range(split, cuts[c], cuts[c + 1], 0.03f),
                                 MOTE_OK);
            }
            expect_same_state(whole, split, "reverse-order chunks");
            mote_spring_pool_destroy(whole);
            mote_spring_pool_destroy(split);
        }
    }
}

MOTE_TEST_MAIN(
    cmocka_unit_test(create_and_destroy_with_default_def), cmocka_unit_test(add_get_set_round_trip),
    cmocka_unit_test(swap_remove_moves_the_last_element),
    cmocka_unit_test(ids_survive_random_adds_and_removes),
    cmocka_unit_test(slot_reuse_bumps_the_generation),
    cmocka_unit_test(stale_ids_are_rejected_everywhere),
    cmocka_unit_test(view_has_each_kinds_fields), cmocka_unit_test(growth_to_four_million),
    cmocka_unit_test(bad_dt_changes_nothing), cmocka_unit_test(step_range_rejects_bad_ranges),
    cmocka_unit_test(add_on_a_full_pool), cmocka_unit_test(add_and_set_reject_bad_fields),
    cmocka_unit_test(bad_defs_are_rejected), cmocka_unit_test(nan_state_stays_in_its_element),
    cmocka_unit_test_teardown(allocation_failure_at_every_point, restore_allocator),
    cmocka_unit_test_teardown(pool_keeps_its_allocator, restore_allocator),
    cmocka_unit_test(set_backend), cmocka_unit_test(scalar_pool_steps_like_the_primitives),
    cmocka_unit_test(semi_implicit_pool_clamps_dt),
    cmocka_unit_test(chunked_steps_match_whole_steps))
