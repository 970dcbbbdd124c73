/* mote-compare's debris part: the debris kernel on every runnable variant against the scalar
 * reference, from one seeded set of pieces under a spinning, moving station. */
#ifndef MOTE_COMPARE_DEBRIS_H
#define MOTE_COMPARE_DEBRIS_H

#include <stdbool.h>
#include <stdio.h>

#include "compare_options.h"
#include "compare_run.h"

/* Steps options->count pieces for 1 step (and options->steps when > 1) on every variant and
 * compares each written field group with the reference: time, phase, position and velocity
 * must be bit-identical, orientation within the bounds of engine/src/debris_bounds.h, and
 * every wide variant identical to every other. Prints the table to out unless options->json;
 * with json set, *json receives a malloc'd "kinds" array entry (free it). Returns pass; false
 * and *out_of_memory set if memory ran out. */
bool compare_debris(const compare_variants *variants, const compare_options *options, FILE *out,
                    char **json, bool *out_of_memory);

#endif
