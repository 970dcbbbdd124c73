/* The kernel tests' one loop (test_kernels.h). */
#include "test_kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static const probe_variant *variant_of(const test_kernel_run *run) {
    return run->variant != NULL ? run->variant : &run->probe->variants[run->probe->main_variant];
}

static const char *label_of(const test_kernel_run *run) {
    return run->label != NULL ? run->label : run->probe->gate;
}

mote_pool *test_kernels_pool(const test_kernel_run *run) {
    const mote_probe *probe = run->probe;
    const probe_variant *variant = variant_of(run);
    mote_pool *pool = NULL;
    mote_status status;
    if (run->source == TEST_KERNELS_ADDED) {
        const probe_def def = {run->count, run->count, MOTE_BACKEND_SCALAR};
        status = probe_create(probe, variant, &def, &pool);
        if (status == MOTE_OK) {
            status = probe_fill(probe, variant, pool, run->count, run->seed);
        }
    } else {
        status =
            probe_seeded_pool(probe, variant, MOTE_BACKEND_SCALAR, run->count, run->seed, &pool);
    }
    if (status != MOTE_OK) {
        fprintf(stderr, "%s/%s: no pool of %zu elements (status %d)\n", label_of(run),
                variant->name, run->count, (int)status);
        mote_pool_destroy(pool, probe->record);
        return NULL;
    }
    if (run->prepare != NULL) {
        run->prepare(pool, run->ctx);
    }
    return pool;
}

float *test_kernels_field(mote_pool *pool, int f) {
    return pool->core.fields.field[f];
}

void test_kernels_step(mote_pool *pool, const mote_kernel_table *table,
                       const test_kernel_run *run) {
    const size_t count = mote_pool_count(pool, run->probe->record);
    for (int s = 0; s < run->steps; ++s) {
        if (run->before_step != NULL) {
            run->before_step(pool, s, run->ctx);
        }
        mote_pool_run_table(pool, table, 0, count, run->dt);
    }
}

const mote_kernel_table *test_kernels_next_table(const mote_kernel_table *after) {
    size_t count;
    const mote_kernel_table *const *all = mote_kernel_tables(&count);
    size_t i = 0;
    if (after != NULL) {
        while (i < count && all[i] != after) {
            ++i;
        }
        ++i;
    }
    while (i < count && !mote_kernel_table_runnable(all[i])) {
        ++i;
    }
    return i < count ? all[i] : NULL;
}

const mote_kernel_table *test_kernels_next_wide_table(const mote_kernel_table *after) {
    const mote_kernel_table *scalar = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    const mote_kernel_table *t = test_kernels_next_table(after);
    return t != NULL && t == scalar ? test_kernels_next_table(t) : t;
}

bool test_kernels_arrays_alloc(float **arrays, int field_count, size_t n) {
    bool ok = true;
    for (int f = 0; f < field_count; ++f) {
        arrays[f] = calloc(n ? n : 1, sizeof(float));
        ok = ok && arrays[f] != NULL;
    }
    if (!ok) {
        test_kernels_arrays_free(arrays, field_count);
    }
    return ok;
}

void test_kernels_arrays_free(float **arrays, int field_count) {
    for (int f = 0; f < field_count; ++f) {
        free(arrays[f]);
        arrays[f] = NULL;
    }
}

double test_kernels_bit_identical(const test_kernel_element *e, double *error, const void *ctx) {
    (void)ctx;
    *error = (double)test_ulp_distance(e->wide, e->ref);
    return 0.0;
}

double test_kernels_scaled_ulp(float a, float b, double m) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0.0 : INFINITY;
    }
    double spacing = m > 0.0 ? fmax(ldexp(1.0, ilogb(m) - 23), ldexp(1.0, -149)) : ldexp(1.0, -149);
    return fabs((double)a - (double)b) / spacing;
}

/* A copy of every stored field of pool (NULL where not stored); free with free_fields. */
static bool copy_fields(mote_pool *pool, const mote_pool_kind *kind, size_t count,
                        float *out[MOTE_MAX_FIELDS]) {
    bool ok = true;
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        out[f] = NULL;
        const float *from = f < kind->field_count ? test_kernels_field(pool, f) : NULL;
        if (from != NULL) {
            out[f] = malloc((count ? count : 1) * sizeof(float));
            ok = ok && out[f] != NULL;
            if (out[f] != NULL) {
                memcpy(out[f], from, count * sizeof(float));
            }
        }
    }
    return ok;
}

static void free_fields(float *fields[MOTE_MAX_FIELDS]) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        free(fields[f]);
        fields[f] = NULL;
    }
}

/* Every stored field of a and b bit-identical; else prints what differs. */
static bool same_bits(const test_kernel_run *run, mote_pool *a, mote_pool *b, size_t count,
                      const char *what) {
    const mote_pool_kind *kind = run->probe->record;
    for (int f = 0; f < kind->field_count; ++f) {
        const float *fa = test_kernels_field(a, f), *fb = test_kernels_field(b, f);
        if ((fa == NULL) != (fb == NULL) ||
            (fa != NULL && memcmp(fa, fb, count * sizeof(float)) != 0)) {
            fprintf(stderr, "%s/%s: %s in %s\n", label_of(run), variant_of(run)->name, what,
                    kind->fields[f].name);
            return false;
        }
    }
    return true;
}

/* Every stored field of wide within the run's bound of ref's. */
static bool within_bounds(const test_kernel_run *run, const mote_kernel_table *table,
                          mote_pool *wide, mote_pool *ref, float *const *start, size_t count,
                          double *worst) {
    const mote_pool_kind *kind = run->probe->record;
    float *reference[MOTE_MAX_FIELDS] = {NULL};
    for (int f = 0; f < kind->field_count; ++f) {
        reference[f] = test_kernels_field(ref, f);
    }
    test_kernel_element e = {0, 0, 0.0f, 0.0f, start, reference, run->steps, run->dt};
    for (int f = 0; f < kind->field_count; ++f) {
        const float *w = test_kernels_field(wide, f);
        if (w == NULL) {
            continue;
        }
        e.field = f;
        for (size_t i = 0; i < count; ++i) {
            e.index = i;
            e.wide = w[i];
            e.ref = reference[f][i];
            double error = 0.0;
            const double bound = run->bound != NULL ? run->bound(&e, &error, run->ctx)
                                                    : test_kernels_bit_identical(&e, &error, NULL);
            if (!(error <= bound)) {
                fprintf(stderr,
                        "%s/%s on %s, %d step(s) of %g s: element %zu %s %.9g vs reference %.9g "
                        "(error %.4g > bound %.4g)\n",
                        label_of(run), variant_of(run)->name, table->name, run->steps,
                        (double)run->dt, i, kind->fields[f].name, (double)e.wide, (double)e.ref,
                        error, bound);
                return false;
            }
            if (worst != NULL && error > worst[f]) {
                worst[f] = error;
            }
        }
    }
    return true;
}

bool test_kernels_check(const test_kernel_run *run, double *worst, bool require_wide) {
    const mote_pool_kind *kind = run->probe->record;
    const mote_kernel_table *scalar = mote_kernel_table_for(MOTE_BACKEND_SCALAR);
    if (worst != NULL) {
        for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
            worst[f] = 0.0;
        }
    }
    mote_pool *ref = test_kernels_pool(run);
    if (ref == NULL || scalar == NULL) {
        mote_pool_destroy(ref, kind);
        return false;
    }
    const size_t count = mote_pool_count(ref, kind);
    float *start[MOTE_MAX_FIELDS];
    bool ok = copy_fields(ref, kind, count, start);
    test_kernels_step(ref, scalar, run);
    mote_pool *first = NULL;
    size_t wide_runs = 0;
    for (const mote_kernel_table *table = NULL;
         ok && (table = test_kernels_next_wide_table(table)) != NULL;) {
        mote_pool *wide = test_kernels_pool(run);
        ok = wide != NULL;
        if (ok) {
            test_kernels_step(wide, table, run);
            ok = within_bounds(run, table, wide, ref, start, count, worst);
            ++wide_runs;
        }
        if (ok && first != NULL) {
            ok = same_bits(run, first, wide, count, "a wide table differs from the first");
            if (!ok) {
                fprintf(stderr, "  (%s)\n", table->name);
            }
        }
        if (first == NULL) {
            first = wide;
        } else {
            mote_pool_destroy(wide, kind);
        }
    }
    if (ok && require_wide && wide_runs == 0) {
        fprintf(stderr, "%s/%s: no wide table ran\n", label_of(run), variant_of(run)->name);
        ok = false;
    }
    free_fields(start);
    mote_pool_destroy(first, kind);
    mote_pool_destroy(ref, kind);
    return ok;
}

bool test_kernels_check_ranges(const test_kernel_run *run, const size_t *cuts, size_t cut_count) {
    const mote_pool_kind *kind = run->probe->record;
    bool ok = cut_count >= 2 && cuts[0] == 0 && cuts[cut_count - 1] == run->count;
    if (!ok) {
        fprintf(stderr, "%s: the cuts do not span [0, %zu)\n", label_of(run), run->count);
    }
    for (const mote_kernel_table *table = NULL;
         ok && (table = test_kernels_next_table(table)) != NULL;) {
        mote_pool *whole = test_kernels_pool(run), *split = test_kernels_pool(run);
        ok = whole != NULL && split != NULL;
        if (ok) {
            if (run->before_step != NULL) {
                run->before_step(whole, 0, run->ctx);
                run->before_step(split, 0, run->ctx);
            }
            mote_pool_run_table(whole, table, 0, run->count, run->dt);
            for (size_t c = 0; c + 1 < cut_count; ++c) {
                mote_pool_run_table(split, table, cuts[c], cuts[c + 1], run->dt);
            }
            ok = same_bits(run, whole, split, run->count, "a split step differs from a whole one");
            if (!ok) {
                fprintf(stderr, "  (%s)\n", table->name);
            }
        }
        mote_pool_destroy(whole, kind);
        mote_pool_destroy(split, kind);
    }
    return ok;
}
