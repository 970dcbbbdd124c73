/* mote-compare's command line. */
#ifndef MOTE_COMPARE_OPTIONS_H
#define MOTE_COMPARE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare_kind.h"

#define COMPARE_DEFAULT_COUNT 100000u
#define COMPARE_DEFAULT_SEED  0x6d6f7465u /* "mote" */
#define COMPARE_MAX_COUNT     ((size_t)1 << 26)
#define COMPARE_MAX_STEPS     1000000l

typedef struct compare_options {
    /* --kind K: the kinds to run (one kind, or every kind of a family); NULL: every
     * registered kind */
    const compare_kind *const *kinds;
    size_t kind_count; /* how many kinds holds (0 when NULL) */
    size_t count;      /* elements per kind */
    long steps;        /* --steps S; 0 when not given (one step only) */
    uint64_t seed;     /* seeds the starting state */
    bool json;         /* one JSON document instead of the table */
} compare_options;

typedef enum compare_parse_result {
    COMPARE_PARSE_OK,
    COMPARE_PARSE_HELP, /* --help was printed: exit 0 */
    COMPARE_PARSE_USAGE /* a usage error was printed: exit 2 */
} compare_parse_result;

/* Parses argv into out (defaults for what is not given). Errors and --help go to err/out. */
compare_parse_result compare_parse_options(int argc, char **argv, compare_options *options,
                                           FILE *out, FILE *err);

/* Prints the usage text, with every registered kind and its bounds, to stream. */
void compare_print_usage(FILE *stream);

#endif
