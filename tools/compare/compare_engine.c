/* mote-compare's engine: the states, the runs and the measurement every kind shares. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "state_hash.h"

bool compare_within(compare_bound bound, const compare_error *e) {
    double measured = bound.unit == COMPARE_ULP        ? e->max_ulp
                      : bound.unit == COMPARE_RELATIVE ? e->max_rel
                                                       : e->max_abs;
    return measured <= bound.value;
}

bool compare_find_variants(compare_variants *variants) {
    memset(variants, 0, sizeof *variants);
    size_t count = 0;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    for (size_t t = 0; t < count; ++t) {
        const mote_kernel_table *table = tables[t];
        if (table->backend == MOTE_BACKEND_SCALAR) {
            variants->reference = table;
        } else if (!mote_kernel_table_runnable(table)) {
            if (variants->skipped_count < COMPARE_MAX_VARIANTS) {
                variants->skipped[variants->skipped_count++] = table;
            }
        } else if (variants->wide_count < COMPARE_MAX_VARIANTS) {
            variants->wide[variants->wide_count++] = table;
        }
    }
    return variants->reference != NULL;
}

/* One kind's comparison in progress: its settings pool and what its record says of it, the
 * seeded start, the reference, the first wide variant (every other must give its bits) and
 * the variant being run. */
typedef struct engine {
    const compare_kind *kind;
    mote_pool *pool;
    const mote_pool_kind *record;
    mote_kernel_id kernel;
    size_t count;
    mote_allocator allocator;
    mote_field_arrays start, reference, first, current;
    float *trajectory; /* count elements when the kind names trajectory fields, else NULL */
} engine;

static void close_engine(engine *e) {
    mote_field_arrays *states[] = {&e->start, &e->reference, &e->first, &e->current};
    for (size_t s = 0; s < sizeof states / sizeof states[0]; ++s) {
        mote_field_arrays_release(states[s], &e->allocator);
    }
    free(e->trajectory);
    if (e->pool != NULL) {
        mote_pool_destroy(e->pool, e->record);
    }
}

/* Makes the pool and the states and seeds the start. False if memory ran out. */
static bool open_engine(engine *e, const compare_kind *kind, size_t count, uint64_t seed) {
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->count = count;
    e->allocator = mote_get_allocator();
    const probe_variant variant = {kind->name, kind->model, 0};
    const probe_def def = {0, count, MOTE_BACKEND_AUTO};
    if (probe_create(kind->probe, &variant, &def, &e->pool) != MOTE_OK) {
        return false;
    }
    e->record = e->pool->kind;
    e->kernel = mote_kind_kernel(e->record, e->pool);
    mote_field_mask stored = mote_kind_stored_fields(e->record, e->pool);
    mote_field_arrays *states[] = {&e->start, &e->reference, &e->first, &e->current};
    for (size_t s = 0; s < sizeof states / sizeof states[0]; ++s) {
        states[s]->mask = stored;
        if (mote_field_arrays_reserve(states[s], &e->allocator, 0, count) != MOTE_OK) {
            return false;
        }
    }
    if (kind->trajectory_fields & stored) {
        e->trajectory = calloc(count, sizeof(float));
        if (e->trajectory == NULL) {
            return false;
        }
    }
    for (int f = 0; f < e->record->field_count; ++f) {
        for (size_t i = 0; e->start.field[f] != NULL && i < count; ++i) {
            e->start.field[f][i] = NAN; /* a field the probe leaves unseeded shows */
        }
    }
    kind->probe->seed_state(&variant, e->start.field, count, seed);
    /* a kind with stages steps its pool, which holds the elements */
    return !kind->stages || probe_fill(kind->probe, &variant, e->pool, count, seed) == MOTE_OK;
}

/* The field the probe's seed_state left unseeded (still the NaN open_engine wrote), or -1:
 * every stored field must start from the seed, or the run reads whatever memory held. */
static int unseeded_field(const engine *e) {
    for (int f = 0; f < e->record->field_count; ++f) {
        for (size_t i = 0; e->start.field[f] != NULL && i < e->count; ++i) {
            if (isnan(e->start.field[f][i])) {
                return f;
            }
        }
    }
    return -1;
}

static void copy_state(const engine *e, mote_field_arrays *to, const mote_field_arrays *from) {
    for (int f = 0; f < e->record->field_count; ++f) {
        if (from->field[f] != NULL) {
            memcpy(to->field[f], from->field[f], e->count * sizeof(float));
        }
    }
}

/* trajectory[i] = max(trajectory[i], |f[i]|) over the kind's trajectory fields. */
static void follow_trajectory(const engine *e, const mote_field_arrays *s) {
    for (int f = 0; f < e->record->field_count; ++f) {
        const float *a = s->field[f];
        if (a == NULL || !(e->kind->trajectory_fields & MOTE_FIELD_BIT(f))) {
            continue;
        }
        for (size_t i = 0; i < e->count; ++i) {
            float m = fabsf(a[i]);
            if (m > e->trajectory[i]) {
                e->trajectory[i] = m;
            }
        }
    }
}

/* One step of s through one kernel table: the kernel straight over the state with the
 * constants the record's prepare made; or, for a kind with stages, the pool's whole step on
 * the table with s as the pool's elements. */
static void step_state(const engine *e, const mote_kernel_table *table, mote_field_arrays *s) {
    if (!e->kind->stages) {
        _Alignas(64) unsigned char constants[MOTE_MAX_CONSTANTS_BYTES];
        e->record->prepare(e->pool, COMPARE_DT, constants);
        table->kernel[e->kernel](s->field, constants, 0, e->count);
        return;
    }
    mote_field_arrays *held = &e->pool->core.fields;
    copy_state(e, held, s);
    mote_pool_run_table(e->pool, table, 0, e->count, COMPARE_DT);
    copy_state(e, s, held);
}

/* Steps s from the start for steps steps through one kernel table: before each step the
 * kind's inputs change, then step_state steps it. With track, the trajectory follows s from the
 * start on. False (and a message) when the pool refused a step's inputs. */
static bool run(const engine *e, const mote_kernel_table *table, mote_field_arrays *s, long steps,
                bool track) {
    copy_state(e, s, &e->start);
    if (track) {
        memset(e->trajectory, 0, e->count * sizeof(float));
        follow_trajectory(e, s);
    }
    _Alignas(64) unsigned char scratch[COMPARE_SCRATCH_BYTES];
    memset(scratch, 0, sizeof scratch);
    compare_step step = {e->pool, s->field, e->start.field, e->count, 0, steps, scratch};
    for (long k = 0; k < steps; ++k) {
        step.step = k;
        if (e->kind->before_step != NULL && !e->kind->before_step(e->kind, &step)) {
            fprintf(stderr, "mote-compare: %s on %s: the pool refused the inputs of step %ld\n",
                    e->kind->name, table->name, k);
            return false;
        }
        step_state(e, table, s);
        if (track) {
            follow_trajectory(e, s);
        }
    }
    return true;
}

/* The rows: the kind's, or one per stored state field named by the field list. */
static void find_rows(const engine *e, compare_result *result) {
    const compare_kind *kind = e->kind;
    if (kind->row_count > 0) {
        result->row_count = kind->row_count < COMPARE_MAX_ROWS ? kind->row_count : COMPARE_MAX_ROWS;
        memcpy(result->rows, kind->rows, result->row_count * sizeof(compare_row));
        return;
    }
    for (int f = 0; f < e->record->field_count; ++f) {
        if (e->start.field[f] != NULL && e->record->fields[f].role == MOTE_ROLE_STATE) {
            result->rows[result->row_count++] =
                (compare_row){e->record->fields[f].name, MOTE_FIELD_BIT(f)};
        }
    }
}

/* The lowest field of a row (its bound is its fields' bound). */
static int first_field(const compare_row *row) {
    int f = 0;
    while (f < MOTE_MAX_FIELDS - 1 && !(row->fields & MOTE_FIELD_BIT(f))) {
        ++f;
    }
    return f;
}

/* Measures wide variant w's state s against the reference into checkpoint c. */
static void measure(const engine *e, const compare_result *result, size_t w,
                    const mote_field_arrays *s, compare_checkpoint *c) {
    const compare_kind *kind = e->kind;
    const compare_sample sample = {e->start.field, e->reference.field, e->trajectory};
    c->hash[w] = STATE_HASH_SEED;
    for (int f = 0; f < e->record->field_count; ++f) {
        if (s->field[f] != NULL) {
            c->hash[w] = state_hash_floats(c->hash[w], s->field[f], e->count);
        }
    }
    for (size_t r = 0; r < result->row_count; ++r) {
        compare_error error = {0.0, 0.0, 0.0, 0};
        for (int f = 0; f < e->record->field_count; ++f) {
            if (!(result->rows[r].fields & MOTE_FIELD_BIT(f)) || s->field[f] == NULL) {
                continue;
            }
            const float *wide = s->field[f], *ref = e->reference.field[f];
            bool angle = (kind->angle_fields & MOTE_FIELD_BIT(f)) != 0;
            for (size_t i = 0; i < e->count; ++i) {
                float scale = kind->scale != NULL ? kind->scale(kind, &sample, f, i)
                              : (kind->unit_scale_fields >> f & 1u) ? 1.0f
                                                                    : 0.0f;
                kind->style->measure(wide[i], ref[i], scale, angle, i, &error);
            }
            if (w > 0 && memcmp(wide, e->first.field[f], e->count * sizeof(float)) != 0) {
                c->bit_identical = false;
            }
        }
        c->error[w][r] = error;
        c->pass = c->pass && compare_within(c->bound[r], &error);
    }
}

bool compare_run_kind(const compare_variants *variants, const compare_options *options,
                      const compare_kind *kind, compare_result *result) {
    memset(result, 0, sizeof *result);
    result->kind = kind;
    result->count = options->count;
    long steps = options->steps;
    if (kind->max_count > 0 && result->count > kind->max_count) {
        result->count = kind->max_count;
    }
    if (kind->max_steps > 0 && steps > kind->max_steps) {
        steps = kind->max_steps;
    }
    engine e;
    if (!open_engine(&e, kind, result->count, options->seed)) {
        close_engine(&e);
        return false;
    }
    const int unseeded = unseeded_field(&e);
    if (unseeded >= 0) {
        fprintf(stderr, "mote-compare: %s: the probe left field %s unseeded\n", kind->name,
                e.record->fields[unseeded].name);
        close_engine(&e);
        result->pass = false;
        return true;
    }
    find_rows(&e, result);
    const long checkpoints[COMPARE_MAX_CHECKPOINTS] = {1, steps};
    result->checkpoint_count = steps > 1 ? 2 : 1;
    result->pass = true;
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        compare_checkpoint *c = &result->checkpoint[n];
        c->steps = checkpoints[n];
        for (size_t r = 0; r < result->row_count; ++r) {
            c->bound[r] = kind->bound(kind, first_field(&result->rows[r]), c->steps);
        }
        c->bit_identical = true;
        c->pass = true;
        /* Every checkpoint runs from the start, so a kind's inputs may follow the run's
         * length, and is judged at the reference's state (and trajectory) of its run. */
        bool ran = run(&e, variants->reference, &e.reference, c->steps, e.trajectory != NULL);
        for (size_t w = 0; w < variants->wide_count; ++w) {
            mote_field_arrays *s = w == 0 ? &e.first : &e.current;
            ran = run(&e, variants->wide[w], s, c->steps, false) && ran;
            measure(&e, result, w, s, c);
        }
        c->pass = c->pass && c->bit_identical && ran;
        result->pass = result->pass && c->pass;
    }
    close_engine(&e);
    return true;
}
