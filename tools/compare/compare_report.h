/* mote-compare's output: the header, each kind's section in its style (compare_style.h), or
 * one JSON document. */
#ifndef MOTE_COMPARE_REPORT_H
#define MOTE_COMPARE_REPORT_H

#include <stdio.h>

#include "compare_engine.h"
#include "compare_options.h"

/* Prints value as a JSON number, or null for infinity and NaN (JSON has neither). */
void compare_json_number(FILE *out, double value);

/* The header lines: seed, count, dt, the variants compared and the ones skipped. */
void compare_report_header(FILE *out, const compare_options *options,
                           const compare_variants *variants);

/* One kind's text section, in its style. */
void compare_report_kind(FILE *out, const compare_variants *variants, const compare_result *result);

/* The state hash lines of a kind's section: per checkpoint, every wide variant's hash. */
void compare_report_hashes(FILE *out, const compare_variants *variants,
                           const compare_result *result);

/* Every kind's result as one JSON document ending in "pass": the kinds without a
 * json_member in the "kinds" array, then each other kind as its own member. */
void compare_report_json(FILE *out, const compare_options *options,
                         const compare_variants *variants, const compare_result *results,
                         size_t result_count, int pass);

#endif
