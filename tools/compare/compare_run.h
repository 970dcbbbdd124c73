/* mote-compare's measurement: one kind stepped on every runnable variant from one seeded
 * state, each written field compared with the scalar reference. */
#ifndef MOTE_COMPARE_RUN_H
#define MOTE_COMPARE_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare_options.h"
#include "kernel_table.h"
#include "spring_fields.h"

#define COMPARE_MAX_VARIANTS 16
/* The step counts a kind is compared after: 1, and S when --steps S > 1. */
#define COMPARE_MAX_CHECKPOINTS 2

/* The variants compared: the scalar reference, the wide ones this CPU runs, and the ones
 * this build has but this CPU cannot run (listed, never run). */
typedef struct compare_variants {
    const mote_kernel_table *reference;
    const mote_kernel_table *wide[COMPARE_MAX_VARIANTS];
    size_t wide_count;
    const mote_kernel_table *skipped[COMPARE_MAX_VARIANTS];
    size_t skipped_count;
} compare_variants;

/* Worst difference of one field on one variant. */
typedef struct compare_field_error {
    double max_ulp;     /* scaled ULP */
    double max_abs;     /* |wide - ref| */
    double max_rel;     /* |wide - ref| / max(|ref|, scale) */
    size_t worst_index; /* element with the largest scaled ULP */
} compare_field_error;

/* Everything measured after one step count. */
typedef struct compare_checkpoint {
    long steps;
    double
        ulp_bound[SPRING_FIELD_COUNT]; /* scaled ULP bound per field (one step; negative: none) */
    double relative_bound;             /* relative bound (multi-step only; negative: none) */
    bool bit_identical; /* every wide variant gave the same bits in every written field */
    /* per wide variant: state_hash of every stored field (count elements, NaNs canonical) */
    uint64_t hash[COMPARE_MAX_VARIANTS];
    compare_field_error error[COMPARE_MAX_VARIANTS][SPRING_FIELD_COUNT];
    bool pass;
} compare_checkpoint;

typedef struct compare_kind_result {
    mote_spring_kind kind;
    unsigned written; /* FIELD_BIT mask of the fields compared */
    size_t checkpoint_count;
    compare_checkpoint checkpoint[COMPARE_MAX_CHECKPOINTS];
    bool pass;
} compare_kind_result;

/* The bound a field is held to at a checkpoint: scaled ULP after one step, relative after
 * more; sets *relative accordingly. */
double compare_field_bound(const compare_checkpoint *c, int field, bool *relative);

/* True when the field's error is within its bound at the checkpoint. */
bool compare_field_within(const compare_checkpoint *c, int field, const compare_field_error *e);

/* Sorts this build's kernel tables into reference / runnable wide / skipped. False when the
 * build has no scalar table (it always should). */
bool compare_find_variants(compare_variants *variants);

/* Steps kind on every variant and fills result. False if memory ran out. */
bool compare_run_kind(const compare_variants *variants, const compare_options *options,
                      mote_spring_kind kind, compare_kind_result *result);

#endif
