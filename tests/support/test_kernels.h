/* The kernel tests' one loop (engine/kinds/<kind>/test_<kind>_kernels.c): a pool of a kind's
 * probe seeded with its elements, stepped by the scalar reference table and by every runnable
 * wide table (emulated ones included) through mote_pool_run_table; every stored field of
 * every element held to the reference within a bound the test gives per field, every wide
 * table bit-identical to the first, and a step split into ranges bit-identical to a whole
 * step. The checks print the first failure to stderr and return false: a test asserts them. */
#ifndef MOTE_TEST_KERNELS_H
#define MOTE_TEST_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel_table.h"
#include "pool.h"
#include "probe.h"

/* One element's field after a run, as the bound callback sees it. */
typedef struct test_kernel_element {
    int field;
    size_t index;
    float wide;              /* the wide table's value */
    float ref;               /* the scalar reference's */
    float *const *start;     /* every field's values before the run (NULL where not stored) */
    float *const *reference; /* every field's values after the reference's run */
    int steps;
    float dt;
} test_kernel_element;

/* The bound of e's field: sets *error to how far e->wide is from e->ref in the bound's units
 * and returns the bound; the check fails unless *error <= bound (a NaN error fails). */
typedef double (*test_kernel_bound_fn)(const test_kernel_element *e, double *error,
                                       const void *ctx);

/* Where a run's starting elements come from. */
typedef enum test_kernel_source {
    TEST_KERNELS_SEEDED_STATE, /* probe_seeded_pool: the probe's seed_state(seed) */
    TEST_KERNELS_ADDED,        /* probe_fill: the probe's random_desc, added as a user would */
} test_kernel_source;

/* One run of every table. */
typedef struct test_kernel_run {
    const mote_probe *probe;
    const probe_variant *variant; /* NULL: the probe's main variant */
    test_kernel_source source;
    size_t count; /* elements (best no multiple of any lane count: every tail path runs) */
    uint64_t seed;
    int steps;
    float dt;
    /* Optional: changes the starting pool (the same for every table): an edge case the probe
     * does not give, the inputs a pool keeps beside its fields (a ship, settings). */
    void (*prepare)(mote_pool *pool, const void *ctx);
    /* Optional: before step `step` of every table's run (inputs that move during a run). */
    void (*before_step)(mote_pool *pool, int step, const void *ctx);
    test_kernel_bound_fn bound; /* NULL: every field bit-identical to the reference */
    const void *ctx;            /* handed to the callbacks */
    const char *label;          /* names the run in messages */
} test_kernel_run;

/* The run's starting pool (scalar backend; the tables are chosen per run, not by the pool), or
 * NULL when the probe refused. Destroy with mote_pool_destroy(pool, run->probe->record). */
mote_pool *test_kernels_pool(const test_kernel_run *run);

/* run->steps steps of table over the whole pool (before_step before each). */
void test_kernels_step(mote_pool *pool, const mote_kernel_table *table, const test_kernel_run *run);

/* The pool's stored array of field f (NULL where not stored). */
float *test_kernels_field(mote_pool *pool, int f);

/* The loop: the reference table's run, then every runnable wide table's from the same start,
 * each field of each element within the run's bound, every wide table bit-identical to the
 * first. worst (may be NULL; MOTE_MAX_FIELDS entries) gets each field's largest error over
 * every table. False (after printing why) on the first failure, or when no wide table ran and
 * require_wide is set. */
bool test_kernels_check(const test_kernel_run *run, double *worst, bool require_wide);

/* On every runnable table: one step of run->dt over the ranges [cuts[k], cuts[k + 1]) (cuts[0]
 * 0, cuts[cut_count - 1] run->count) gives the whole step's bits in every stored field. */
bool test_kernels_check_ranges(const test_kernel_run *run, const size_t *cuts, size_t cut_count);

/* The runnable kernel tables in turn, the scalar reference first: NULL gives the first, the last
 * gives NULL.
 *     for (const mote_kernel_table *t = NULL; (t = test_kernels_next_table(t)) != NULL;) */
const mote_kernel_table *test_kernels_next_table(const mote_kernel_table *after);

/* test_kernels_next_table without the scalar reference: the wide tables, emulated ones
 * included. */
const mote_kernel_table *test_kernels_next_wide_table(const mote_kernel_table *after);

/* field_count zeroed arrays of n floats each (room for one at least) into arrays[]: a kind's
 * state outside a pool, for the tests that step exactly sized arrays. False when out of memory
 * (what was allocated freed). */
bool test_kernels_arrays_alloc(float **arrays, int field_count, size_t n);
void test_kernels_arrays_free(float **arrays, int field_count);

/* In a kernel test (cmocka): the type `state`, a kind's field_count arrays f[], with
 * state_alloc(n) (asserting the memory) and state_free(&s). */
#define TEST_KERNELS_STATE(field_count)                                                            \
    typedef struct state {                                                                         \
        float *f[field_count];                                                                     \
    } state;                                                                                       \
    static state state_alloc(size_t n) {                                                           \
        state s;                                                                                   \
        assert_true(test_kernels_arrays_alloc(s.f, (field_count), n));                             \
        return s;                                                                                  \
    }                                                                                              \
    static void state_free(state *s) {                                                             \
        test_kernels_arrays_free(s->f, (field_count));                                             \
    }

/* A bound callback: bit-identical (error: the ULP distance, bound 0). */
double test_kernels_bit_identical(const test_kernel_element *e, double *error, const void *ctx);

/* |a - b| in units of the float spacing at magnitude m (the scaled ULP; both NaN: 0, one
 * NaN: infinity). */
double test_kernels_scaled_ulp(float a, float b, double m);

#endif
