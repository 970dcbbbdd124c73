/* mote-compare's measurement loop. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_bounds.h"
#include "compare_run.h"
#include "compare_state.h"
#include "scaled_ulp.h"
#include "state_hash.h"

double compare_field_bound(const compare_checkpoint *c, int field, bool *relative) {
    *relative = c->ulp_bound[field] < 0.0;
    return *relative ? c->relative_bound : c->ulp_bound[field];
}

bool compare_field_within(const compare_checkpoint *c, int field, const compare_field_error *e) {
    bool relative;
    double bound = compare_field_bound(c, field, &relative);
    return (relative ? e->max_rel : e->max_ulp) <= bound;
}

/* One step of dt = 1/60 s, the frame the library is built for. */
static const float compare_dt = 1.0f / 60.0f;

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

/* The reference and one state per wide variant, all from the same seed. */
typedef struct compare_states {
    compare_state reference;
    compare_state wide[COMPARE_MAX_VARIANTS];
    float *scale; /* per element: largest |x, v, goal, xi, vi| of the reference so far */
} compare_states;

static void free_states(compare_states *s, size_t wide_count) {
    compare_state_free(&s->reference);
    for (size_t w = 0; w < wide_count; ++w) {
        compare_state_free(&s->wide[w]);
    }
    free(s->scale);
}

static bool make_states(compare_states *s, size_t wide_count, size_t count, mote_spring_kind kind,
                        uint64_t seed) {
    memset(s, 0, sizeof *s);
    unsigned fields = spring_kind_reads[kind];
    bool ok = compare_state_alloc(&s->reference, count, fields);
    for (size_t w = 0; ok && w < wide_count; ++w) {
        ok = compare_state_alloc(&s->wide[w], count, fields);
    }
    s->scale = ok ? calloc(count ? count : 1, sizeof(float)) : NULL;
    if (!ok || s->scale == NULL) {
        free_states(s, wide_count);
        return false;
    }
    compare_state_seed(&s->reference, kind, seed);
    for (size_t w = 0; w < wide_count; ++w) {
        compare_state_copy(&s->wide[w], &s->reference);
    }
    compare_state_grow_scale(&s->reference, s->scale);
    return true;
}

/* One step on every variant; the element scales grow with the reference's new state. */
static void step_all(const compare_variants *variants, compare_states *s, mote_spring_kind kind) {
    mote_spring_view view = compare_state_view(&s->reference);
    mote_spring_run_table(variants->reference, kind, &view, 0, view.count, compare_dt);
    compare_state_grow_scale(&s->reference, s->scale);
    for (size_t w = 0; w < variants->wide_count; ++w) {
        view = compare_state_view(&s->wide[w]);
        mote_spring_run_table(variants->wide[w], kind, &view, 0, view.count, compare_dt);
    }
}

/* True for the fields that hold angles: the x and xi of the angle kinds. */
static bool is_angle_field(mote_spring_kind kind, int field) {
    bool angle_kind = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    return angle_kind && (field == SPRING_FIELD_X || field == SPRING_FIELD_XI);
}

static compare_field_error field_error(const float *wide, const float *ref, const float *scale,
                                       size_t count, bool angle) {
    compare_field_error e = {0.0, 0.0, 0.0, 0};
    for (size_t i = 0; i < count; ++i) {
        double difference = scaled_ulp_difference(wide[i], ref[i], angle);
        double ulp = scaled_ulp_from_difference(difference, ref[i], scale[i]);
        double rel = scaled_ulp_relative_from_difference(difference, ref[i], scale[i]);
        if (ulp > e.max_ulp) {
            e.max_ulp = ulp;
            e.worst_index = i;
        }
        e.max_abs = difference > e.max_abs ? difference : e.max_abs;
        e.max_rel = rel > e.max_rel ? rel : e.max_rel;
    }
    return e;
}

static void measure(const compare_variants *variants, const compare_states *s,
                    mote_spring_kind kind, long steps, compare_checkpoint *c) {
    memset(c, 0, sizeof *c);
    c->steps = steps;
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        c->ulp_bound[f] = steps == 1 ? spring_one_step_bound(kind, f, compare_dt) : -1.0;
    }
    c->relative_bound = steps == 1 ? -1.0 : spring_relative_bound(kind, steps);
    c->bit_identical = true;
    c->pass = true;
    unsigned written = spring_kind_writes[kind];
    size_t count = s->reference.count;
    for (size_t w = 0; w < variants->wide_count; ++w) {
        c->hash[w] = STATE_HASH_SEED;
        for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
            if (s->wide[w].field[f] != NULL) {
                c->hash[w] = state_hash_floats(c->hash[w], s->wide[w].field[f], count);
            }
        }
        for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
            if (!(written & SPRING_BIT(f))) {
                continue;
            }
            compare_field_error e = field_error(s->wide[w].field[f], s->reference.field[f],
                                                s->scale, count, is_angle_field(kind, f));
            c->error[w][f] = e;
            c->pass = c->pass && compare_field_within(c, f, &e);
            if (w > 0 &&
                memcmp(s->wide[w].field[f], s->wide[0].field[f], count * sizeof(float)) != 0) {
                c->bit_identical = false;
            }
        }
    }
    c->pass = c->pass && c->bit_identical;
}

bool compare_run_kind(const compare_variants *variants, const compare_options *options,
                      mote_spring_kind kind, compare_kind_result *result) {
    memset(result, 0, sizeof *result);
    result->kind = kind;
    result->written = spring_kind_writes[kind];
    compare_states s;
    if (!make_states(&s, variants->wide_count, options->count, kind, options->seed)) {
        return false;
    }
    /* Each checkpoint is judged at the largest magnitude the element's reference state had
     * so far: before and after one step, and along the whole trajectory of a long run. */
    step_all(variants, &s, kind);
    measure(variants, &s, kind, 1, &result->checkpoint[result->checkpoint_count++]);
    if (options->steps > 1) {
        for (long step = 2; step <= options->steps; ++step) {
            step_all(variants, &s, kind);
        }
        measure(variants, &s, kind, options->steps,
                &result->checkpoint[result->checkpoint_count++]);
    }
    result->pass = true;
    for (size_t c = 0; c < result->checkpoint_count; ++c) {
        result->pass = result->pass && result->checkpoint[c].pass;
    }
    free_states(&s, variants->wide_count);
    return true;
}
