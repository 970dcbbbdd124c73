/* mote-compare's engine: any compare kind (compare_kind.h) stepped on every runnable kernel
 * variant from one seeded state, and every compared field measured against the scalar
 * reference. */
#ifndef MOTE_COMPARE_ENGINE_H
#define MOTE_COMPARE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare_kind.h"
#include "compare_options.h"
#include "kernel_table.h"

#define COMPARE_MAX_VARIANTS 16
/* The step counts a kind is compared after: 1, and S when --steps S > 1. */
#define COMPARE_MAX_CHECKPOINTS 2

/* One step of dt = 1/60 s, the frame the library is built for. */
#define COMPARE_DT (1.0f / 60.0f)

/* The variants compared: the scalar reference, the wide ones this CPU runs, and the ones
 * this build has but this CPU cannot run (listed, never run). */
typedef struct compare_variants {
    const mote_kernel_table *reference;
    const mote_kernel_table *wide[COMPARE_MAX_VARIANTS];
    size_t wide_count;
    const mote_kernel_table *skipped[COMPARE_MAX_VARIANTS];
    size_t skipped_count;
} compare_variants;

/* Worst difference of one row on one variant (the style says how each is measured). */
typedef struct compare_error {
    double max_ulp;     /* ULP */
    double max_abs;     /* |wide - ref| */
    double max_rel;     /* |wide - ref| / max(|ref|, scale) */
    size_t worst_index; /* the element the style ranks worst */
} compare_error;

/* Everything measured after one step count. */
typedef struct compare_checkpoint {
    long steps;
    compare_bound bound[COMPARE_MAX_ROWS];
    bool bit_identical; /* every wide variant gave the same bits in every compared field */
    /* per wide variant: state_hash of every stored field (count elements, NaNs canonical) */
    uint64_t hash[COMPARE_MAX_VARIANTS];
    compare_error error[COMPARE_MAX_VARIANTS][COMPARE_MAX_ROWS];
    bool pass;
} compare_checkpoint;

/* One kind's comparison. */
typedef struct compare_result {
    const compare_kind *kind;
    size_t count; /* elements */
    size_t row_count;
    compare_row rows[COMPARE_MAX_ROWS];
    size_t checkpoint_count;
    compare_checkpoint checkpoint[COMPARE_MAX_CHECKPOINTS];
    bool pass;
} compare_result;

/* True when the error is within the bound. */
bool compare_within(compare_bound bound, const compare_error *e);

/* Sorts this build's kernel tables into reference / runnable wide / skipped. False when the
 * build has no scalar table (it always should). */
bool compare_find_variants(compare_variants *variants);

/* Runs kind on every variant (options->count elements, seed options->seed, after 1 step and
 * after --steps S; the kind's max_count and max_steps cap the two) and fills result. False if
 * memory ran out. */
bool compare_run_kind(const compare_variants *variants, const compare_options *options,
                      const compare_kind *kind, compare_result *result);

#endif
