/* The step's check of the inputs written through the view (engine/core/input_check.h), for every
 * kind and every variant of the registry (the probes), driven by the kind records' field lists
 * and input limits rather than by a list per kind:
 * - every MOTE_ROLE_INPUT field of every kind has exactly one limit row, and every row covers
 *   input fields only;
 * - NaN, +inf and -inf in any component of any input, and a value just past either end of its
 *   limit, make every step path (whole, range, the element alone, on a task system, reporting,
 *   the kind's public step and step_range, and the launch pool's own step of dt 0 and
 *   evaluate) refuse with MOTE_ERROR_NON_FINITE or MOTE_ERROR_INVALID_ARGUMENT, a detail naming
 *   the field and the element, and every stored field array as it was;
 * - a step checks the range it steps, not the elements outside it;
 * - every input at either end of its limit (and between) steps finite, short and long steps. */
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

#include "mote/mote.h"
#include "pool.h"
#include "probe.h"

enum { COUNT = 40 };

static const float frame_dt = 1.0f / 60.0f;

/* A task system that runs every range on the calling thread, in pieces of min_range, as worker
 * 0 and 1 in turn: the parallel step's plan without threads (the check runs before any range). */
static void *inline_enqueue(mote_task_fn *task, size_t item_count, size_t min_range,
                            void *task_context, void *user_context) {
    (void)user_context;
    const size_t piece = min_range > 0 ? min_range : 1;
    unsigned worker = 0;
    for (size_t begin = 0; begin < item_count; begin += piece) {
        const size_t end = item_count - begin > piece ? begin + piece : item_count;
        task(begin, end, worker, task_context);
        worker ^= 1u;
    }
    return NULL;
}

static const mote_task_system inline_tasks = {inline_enqueue, NULL, 2, NULL};

/* Every stored array's first count floats, copied (to compare a refused step against). */
typedef struct arrays_copy {
    float *field[MOTE_MAX_FIELDS];
} arrays_copy;

static void copy_arrays(const mote_pool *pool, arrays_copy *copy) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        copy->field[f] = NULL;
        const float *array = f < pool->kind->field_count ? pool->core.fields.field[f] : NULL;
        if (array != NULL) {
            copy->field[f] = malloc(COUNT * sizeof(float));
            assert_non_null(copy->field[f]);
            memcpy(copy->field[f], array, COUNT * sizeof(float));
        }
    }
}

/* Every stored array's bytes equal the copy's. */
static void assert_arrays_equal(const mote_pool *pool, const arrays_copy *copy) {
    for (int f = 0; f < pool->kind->field_count; ++f) {
        const float *array = pool->core.fields.field[f];
        assert_true((array == NULL) == (copy->field[f] == NULL));
        if (array != NULL && memcmp(array, copy->field[f], COUNT * sizeof(float)) != 0) {
            fail_msg("%s: a refused step changed %s", pool->kind->name, pool->kind->fields[f].name);
        }
    }
}

static void free_arrays(arrays_copy *copy) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        free(copy->field[f]);
    }
}

/* The step paths every refusal is tried through. */
enum {
    PATH_WHOLE,
    PATH_RANGE,
    PATH_ELEMENT,
    PATH_TASKS,
    PATH_REPORT,
    PATH_PUBLIC,
    PATH_PUBLIC_PARALLEL,
    PATH_PUBLIC_RANGE,
    PATH_OWN_DT0,
    PATH_OWN_EVALUATE,
    PATH_COUNT
};

static bool is_launch(const mote_pool *pool) {
    return strcmp(pool->kind->name, "launch") == 0;
}

/* A step of element i's pool through path: each reaches mote_pool_step_span, or the launch
 * pool's own step and evaluate (which evaluate every rocket, at dt 0 too); the last two paths
 * are the launch pool's own, a whole step for the other kinds. */
static mote_status step_through(const mote_probe *probe, mote_pool *pool, int path, size_t i,
                                float *advanced) {
    const mote_pool_kind *kind = pool->kind;
    size_t reported = 12345;
    mote_id ids[4];
    const mote_step_report report = {0, 0.0f, ids, 4, &reported};
    switch (path) {
    case PATH_WHOLE:
        return mote_pool_step_span(pool, kind, mote_step_whole(), frame_dt, NULL, NULL, advanced);
    case PATH_RANGE:
        return mote_pool_step(pool, kind, 0, COUNT, frame_dt, NULL, advanced);
    case PATH_ELEMENT:
        return mote_pool_step(pool, kind, i, i + 1, frame_dt, NULL, advanced);
    case PATH_TASKS:
        return mote_pool_step(pool, kind, 0, COUNT, frame_dt, &inline_tasks, advanced);
    case PATH_REPORT: {
        const mote_status status = mote_pool_step_span(pool, kind, mote_step_whole(), frame_dt,
                                                       &inline_tasks, &report, advanced);
        if (status != MOTE_OK) {
            assert_int_equal(reported, 12345); /* a refused step reports nothing */
        }
        return status;
    }
    case PATH_PUBLIC:
        return probe_bench_step(probe, pool, frame_dt, NULL);
    case PATH_PUBLIC_PARALLEL:
        return probe_bench_step(probe, pool, frame_dt, &inline_tasks);
    case PATH_PUBLIC_RANGE:
        return probe_step_range(probe, pool, 0, COUNT, frame_dt);
    case PATH_OWN_DT0:
        return is_launch(pool) ? mote_launch_pool_advance((mote_launch_pool *)pool, 0.0f, advanced)
                               : mote_pool_step_span(pool, kind, mote_step_whole(), frame_dt, NULL,
                                                     NULL, advanced);
    default: {
        mote_launch_pool *launch = (mote_launch_pool *)pool;
        if (!is_launch(pool)) {
            return mote_pool_step_span(pool, kind, mote_step_whole(), frame_dt, NULL, NULL,
                                       advanced);
        }
        const mote_status status = mote_launch_pool_evaluate_parallel(
            launch, mote_launch_pool_clock(launch), &inline_tasks);
        return status != MOTE_OK ? status : mote_launch_pool_evaluate_range(launch, i, i + 1);
    }
    }
}

/* One refusal: got is status and the detail names every one of needles (NULL-terminated);
 * what says which call it was. */
static void assert_refusal(mote_status got, mote_status status, const char *const *needles,
                           const char *what) {
    bool named = true;
    for (const char *const *n = needles; *n != NULL; ++n) {
        named = named && strstr(mote_error_detail(), *n) != NULL;
    }
    if (got != status || !named) {
        fail_msg("%s: got %s \"%s\", expected %s naming %s", what, mote_status_name(got),
                 mote_error_detail(), mote_status_name(status), needles[0]);
    }
}

/* A step of [begin, end) refuses with status, the detail naming every one of needles. */
static void assert_step_refused(mote_pool *pool, size_t begin, size_t end, mote_status status,
                                const char *const *needles) {
    mote_clear_error_detail();
    const mote_status got = mote_pool_step(pool, pool->kind, begin, end, frame_dt, NULL, NULL);
    char what[96];
    (void)snprintf(what, sizeof what, "%s: a step of [%zu, %zu)", pool->kind->name, begin, end);
    assert_refusal(got, status, needles, what);
}

/* The name a refusal of row `limit` (component c) gives: the component's field for a NaN or
 * infinity and for a value's range, the vector's name for its length. */
static const char *name_in_detail(const mote_pool_kind *kind, const mote_input_limit *limit, int c,
                                  bool non_finite) {
    if (non_finite || limit->components == 1) {
        return kind->fields[limit->field + c].name;
    }
    return limit->name != NULL ? limit->name : kind->fields[limit->field].name;
}

static bool row_stored(const mote_pool *pool, const mote_input_limit *limit) {
    for (int c = 0; c < limit->components; ++c) {
        if (pool->core.fields.field[limit->field + c] == NULL) {
            return false;
        }
    }
    return true;
}

/* One bad input: element i of the row written with values (one per component), every path
 * refuses it with status, the detail names it, and the arrays stay as written. */
static void assert_refused(const mote_probe *probe, mote_pool *pool, const mote_input_limit *limit,
                           size_t i, const float *values, int named, mote_status status) {
    const mote_pool_kind *kind = pool->kind;
    float kept[4];
    for (int c = 0; c < limit->components; ++c) {
        kept[c] = pool->core.fields.field[limit->field + c][i];
        pool->core.fields.field[limit->field + c][i] = values[c];
    }
    arrays_copy written;
    copy_arrays(pool, &written);
    char index[32];
    (void)snprintf(index, sizeof index, "[%zu]", i);
    const char *name = name_in_detail(kind, limit, named, status == MOTE_ERROR_NON_FINITE);
    const char *const needles[] = {name, "view.", index, NULL};
    for (int path = 0; path < PATH_COUNT; ++path) {
        mote_clear_error_detail();
        float advanced = -1.0f;
        const mote_status got = step_through(probe, pool, path, i, &advanced);
        char what[128];
        (void)snprintf(what, sizeof what, "%s/%s path %d, %s%s = %g", probe->gate, kind->name, path,
                       name, index, (double)values[named]);
        assert_refusal(got, status, needles, what);
        assert_true(advanced == -1.0f); /* a refused step writes no out-parameter */
        assert_arrays_equal(pool, &written);
    }
    free_arrays(&written);
    for (int c = 0; c < limit->components; ++c) {
        pool->core.fields.field[limit->field + c][i] = kept[c];
    }
}

/* A little past a bound, outward (up: above high; else below low). */
static float past(float bound, bool up) {
    const float step = fabsf(bound) * 0x1p-8f > 0x1p-8f ? fabsf(bound) * 0x1p-8f : 0x1p-8f;
    return up ? bound + step : bound - step;
}

/* Every bad value of one row, at element i. */
static void check_row_refusals(const mote_probe *probe, mote_pool *pool,
                               const mote_input_limit *limit, size_t i) {
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int c = 0; c < limit->components; ++c) {
        for (int b = 0; b < 3; ++b) {
            float values[4];
            for (int k = 0; k < limit->components; ++k) {
                values[k] = pool->core.fields.field[limit->field + k][i];
            }
            values[c] = bad[b];
            assert_refused(probe, pool, limit, i, values, c, MOTE_ERROR_NON_FINITE);
        }
    }
    for (int c = 0; c < limit->components; ++c) {
        float values[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        if (limit->components == 1) { /* a bound of FLT_MAX is "finite": nothing lies past it */
            values[0] = past(limit->high, true);
            if (isfinite(values[0])) {
                assert_refused(probe, pool, limit, i, values, 0, MOTE_ERROR_INVALID_ARGUMENT);
            }
            values[0] = past(limit->low, false);
            if (isfinite(values[0])) {
                assert_refused(probe, pool, limit, i, values, 0, MOTE_ERROR_INVALID_ARGUMENT);
            }
            continue;
        }
        values[c] = past(limit->high, true); /* a vector along component c, just too long */
        assert_refused(probe, pool, limit, i, values, c, MOTE_ERROR_INVALID_ARGUMENT);
        values[c] = -values[c];
        assert_refused(probe, pool, limit, i, values, c, MOTE_ERROR_INVALID_ARGUMENT);
        if (limit->low > 0.0f) { /* ... and just too short */
            values[c] = past(limit->low, false);
            assert_refused(probe, pool, limit, i, values, c, MOTE_ERROR_INVALID_ARGUMENT);
        }
    }
}

/* The variant's pool: COUNT elements from the probe's generator. */
static mote_pool *filled_pool(const mote_probe *probe, const probe_variant *variant) {
    mote_pool *pool = NULL;
    assert_int_equal(probe_filled_pool(probe, variant, MOTE_BACKEND_AUTO, COUNT, 0x696e70u, &pool),
                     MOTE_OK);
    assert_int_equal(pool->core.count, COUNT);
    return pool;
}

/* Calls check(probe, variant) for every variant of every probe. */
static void each_variant(void (*check)(const mote_probe *, const probe_variant *)) {
    size_t probe_count = 0;
    const mote_probe *const *probes = mote_probes(&probe_count);
    assert_int_equal(probe_count, MOTE_KIND_COUNT);
    for (size_t k = 0; k < probe_count; ++k) {
        for (size_t v = 0; v < probes[k]->variant_count; ++v) {
            check(probes[k], &probes[k]->variants[v]);
        }
    }
}

static void test_every_input_field_has_one_limit(void **state) {
    (void)state;
    size_t probe_count = 0;
    const mote_probe *const *probes = mote_probes(&probe_count);
    int inputs_seen = 0;
    for (size_t k = 0; k < probe_count; ++k) {
        const mote_pool_kind *kind = probes[k]->record;
        int covered[MOTE_MAX_FIELDS] = {0};
        for (int r = 0; r < kind->input_limit_count; ++r) {
            const mote_input_limit *limit = &kind->input_limits[r];
            assert_true(limit->components >= 1 && limit->components <= 4);
            assert_true(limit->field >= 0 && limit->field + limit->components <= kind->field_count);
            assert_true(limit->low <= limit->high && isfinite(limit->low) && isfinite(limit->high));
            assert_true(limit->components == 1 || limit->low >= 0.0f);
            for (int c = 0; c < limit->components; ++c) {
                if (kind->fields[limit->field + c].role != MOTE_ROLE_INPUT) {
                    fail_msg("%s: a limit covers %s, not an input", kind->name,
                             kind->fields[limit->field + c].name);
                }
                ++covered[limit->field + c];
            }
        }
        for (int f = 0; f < kind->field_count; ++f) {
            if (kind->fields[f].role == MOTE_ROLE_INPUT) {
                ++inputs_seen;
                if (covered[f] != 1) {
                    fail_msg("%s.%s: an input with %d limit rows (one needed)", kind->name,
                             kind->fields[f].name, covered[f]);
                }
            }
        }
    }
    assert_true(inputs_seen >= 20); /* the registry has inputs to check at all */
}

static void check_variant_refusals(const mote_probe *probe, const probe_variant *variant) {
    mote_pool *pool = filled_pool(probe, variant);
    const mote_pool_kind *kind = pool->kind;
    arrays_copy before;
    copy_arrays(pool, &before);
    for (int r = 0; r < kind->input_limit_count; ++r) {
        const mote_input_limit *limit = &kind->input_limits[r];
        if (row_stored(pool, limit)) {
            check_row_refusals(probe, pool, limit, (size_t)(7 * r + 3) % COUNT);
        }
    }
    assert_arrays_equal(pool, &before);
    /* the pool as it was steps */
    assert_int_equal(mote_pool_step(pool, kind, 0, COUNT, frame_dt, NULL, NULL), MOTE_OK);
    free_arrays(&before);
    mote_pool_destroy(pool, kind);
}

static void test_bad_inputs_refused_on_every_path(void **state) {
    (void)state;
    each_variant(check_variant_refusals);
}

/* A NaN input in the last element: a step of the range before it steps; one that reaches it
 * refuses, naming it. */
static void check_variant_range(const mote_probe *probe, const probe_variant *variant) {
    mote_pool *pool = filled_pool(probe, variant);
    const mote_pool_kind *kind = pool->kind;
    for (int r = 0; r < kind->input_limit_count; ++r) {
        const mote_input_limit *limit = &kind->input_limits[r];
        if (!row_stored(pool, limit)) {
            continue;
        }
        float *array = pool->core.fields.field[limit->field];
        const float kept = array[COUNT - 1];
        array[COUNT - 1] = NAN;
        assert_int_equal(mote_pool_step(pool, kind, 0, COUNT - 1, frame_dt, NULL, NULL), MOTE_OK);
        char expected[96];
        (void)snprintf(expected, sizeof expected, "view.%s[%d]: must be finite",
                       kind->fields[limit->field].name, COUNT - 1);
        const char *const needles[] = {expected, NULL};
        assert_step_refused(pool, COUNT - 2, COUNT, MOTE_ERROR_NON_FINITE, needles);
        /* dt 0 and an empty range step nothing, and check nothing */
        assert_int_equal(mote_pool_step(pool, kind, 0, COUNT, 0.0f, NULL, NULL), MOTE_OK);
        assert_int_equal(mote_pool_step(pool, kind, COUNT, COUNT, frame_dt, NULL, NULL), MOTE_OK);
        array[COUNT - 1] = kept;
    }
    mote_pool_destroy(pool, kind);
}

static void test_step_checks_its_range(void **state) {
    (void)state;
    each_variant(check_variant_range);
}

/* The lowest bad element is named, and a NaN before an out-of-range value in one element. */
static void check_variant_order(const mote_probe *probe, const probe_variant *variant) {
    mote_pool *pool = filled_pool(probe, variant);
    const mote_pool_kind *kind = pool->kind;
    const mote_input_limit *first = NULL, *last = NULL;
    for (int r = 0; r < kind->input_limit_count; ++r) {
        if (row_stored(pool, &kind->input_limits[r])) {
            first = first == NULL ? &kind->input_limits[r] : first;
            last = &kind->input_limits[r];
        }
    }
    if (first != NULL) {
        float *a = pool->core.fields.field[first->field];
        float *b = pool->core.fields.field[last->field];
        a[9] = past(first->high, true) * 4.0f; /* out of range, element 9 */
        b[9] = NAN;                            /* not finite, element 9 */
        a[5] = past(first->high, true) * 4.0f; /* ... and element 5 before them: no NaN */
        const char *const fifth[] = {"[5]", NULL};
        assert_step_refused(pool, 0, COUNT, MOTE_ERROR_INVALID_ARGUMENT, fifth);
        a[5] = 0.5f * (first->low + first->high);     /* element 5 within again */
        for (int c = 1; c < first->components; ++c) { /* a vector of length low along x */
            a[5] = first->low;
            pool->core.fields.field[first->field + c][5] = 0.0f;
        }
        const char *const ninth[] = {"[9]", kind->fields[last->field].name, NULL};
        assert_step_refused(pool, 0, COUNT, MOTE_ERROR_NON_FINITE, ninth);
    }
    mote_pool_destroy(pool, kind);
}

static void test_lowest_element_and_non_finite_first(void **state) {
    (void)state;
    each_variant(check_variant_order);
}

/* In-domain values at the limits' ends: element e of row r gets the low end, the high end or
 * the middle (a vector along one axis), every step is accepted and leaves the pool finite. */
static void check_variant_in_domain(const mote_probe *probe, const probe_variant *variant) {
    mote_pool *pool = filled_pool(probe, variant);
    const mote_pool_kind *kind = pool->kind;
    for (int r = 0; r < kind->input_limit_count; ++r) {
        const mote_input_limit *limit = &kind->input_limits[r];
        if (!row_stored(pool, limit)) {
            continue;
        }
        for (size_t i = 0; i < COUNT; ++i) {
            const int end = (int)((i + (size_t)r) % 3); /* 0 low, 1 high, 2 middle */
            const float value = end == 0   ? limit->low
                                : end == 1 ? limit->high
                                           : 0.5f * (limit->low + limit->high);
            const int axis = (int)(i / 3) % limit->components;
            for (int c = 0; c < limit->components; ++c) {
                float sign = (limit->components == 1 || (i & 4u) == 0) ? 1.0f : -1.0f;
                pool->core.fields.field[limit->field + c][i] = c == axis ? sign * value : 0.0f;
            }
        }
    }
    const float dts[] = {frame_dt, frame_dt, 1.0f / 30.0f, 1.0f / 240.0f, 0.3f, 10.0f, 1000.0f};
    for (int k = 0; k < 40; ++k) {
        const float dt = dts[(size_t)k % (sizeof dts / sizeof dts[0])];
        const mote_status status = mote_pool_step(pool, kind, 0, COUNT, dt, NULL, NULL);
        if (status != MOTE_OK) {
            fail_msg("%s/%s: an in-domain input refused: %s", probe->gate, variant->name,
                     mote_error_detail());
        }
    }
    mote_validation validation;
    if (mote_pool_validate(pool, kind, &validation) != MOTE_OK) {
        fail_msg("%s/%s: inputs at their limits stepped to a NaN or infinity (element %zu)",
                 probe->gate, variant->name, validation.first_bad_index);
    }
    mote_pool_destroy(pool, kind);
}

static void test_inputs_at_their_limits_step_finite(void **state) {
    (void)state;
    each_variant(check_variant_in_domain);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_every_input_field_has_one_limit),
               cmocka_unit_test(test_bad_inputs_refused_on_every_path),
               cmocka_unit_test(test_step_checks_its_range),
               cmocka_unit_test(test_lowest_element_and_non_finite_first),
               cmocka_unit_test(test_inputs_at_their_limits_step_finite))
