/* mote-compare's crowd section: a seeded crowd stepped by the mover kernel on every runnable
 * variant and compared field by field with the scalar reference kernel, against the bounds
 * of engine/src/mover_bounds.h. */
#ifndef MOTE_COMPARE_MOVERS_H
#define MOTE_COMPARE_MOVERS_H

#include <stdbool.h>
#include <stdio.h>

#include "compare_options.h"
#include "compare_run.h"
#include "mover_bounds.h"

/* What one checkpoint (1 step, or S steps) measured. */
typedef struct compare_movers_checkpoint {
    long steps;
    compare_field_error error[COMPARE_MAX_VARIANTS][MOVER_STATE_COUNT];
    double bound[MOVER_STATE_COUNT]; /* scaled ULP after one step, relative after S */
    bool relative;
    bool bit_identical;
    bool pass;
} compare_movers_checkpoint;

typedef struct compare_movers_result {
    size_t checkpoint_count;
    compare_movers_checkpoint checkpoint[COMPARE_MAX_CHECKPOINTS];
    bool pass;
} compare_movers_result;

/* Runs the crowd (options->count movers, seed options->seed, 1 step and --steps S with the
 * inputs changing every 30 steps) and fills result. False if memory ran out. */
bool compare_movers_run(const compare_variants *variants, const compare_options *options,
                        compare_movers_result *result);

/* The text section, in the spring kinds' table format. */
void compare_movers_report(FILE *out, const compare_variants *variants,
                           const compare_movers_result *result);

/* The "movers" member of the JSON document (a key and an object, no trailing comma). */
void compare_movers_json(FILE *out, const compare_variants *variants,
                         const compare_movers_result *result);

#endif
