/* mote-compare's output: the table, or one JSON document. */
#ifndef MOTE_COMPARE_REPORT_H
#define MOTE_COMPARE_REPORT_H

#include <stdio.h>

#include "compare_movers.h"
#include "compare_options.h"
#include "compare_run.h"

/* Prints value as a JSON number, or null for infinity and NaN (JSON has neither). */
void compare_json_number(FILE *out, double value);

/* The header lines: seed, count, dt, the variants compared and the ones skipped. */
void compare_report_header(FILE *out, const compare_options *options,
                           const compare_variants *variants);

/* One kind's rows (per step count, field and variant) and its bit-identity line. */
void compare_report_kind(FILE *out, const compare_variants *variants,
                         const compare_kind_result *result);

/* Every kind, the crowd when movers is not NULL and the debris comparison when debris_json
 * is not NULL (a ready-made JSON object, printed as member "debris"), as one JSON document
 * ending in "pass". */
void compare_report_json(FILE *out, const compare_options *options,
                         const compare_variants *variants, const compare_kind_result *results,
                         size_t result_count, int pass, const compare_movers_result *movers,
                         const char *debris_json);

#endif
