/* mote-compare's command line. */
#ifndef MOTE_COMPARE_OPTIONS_H
#define MOTE_COMPARE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mote/spring_pool.h"

#define COMPARE_DEFAULT_COUNT 100000u
#define COMPARE_DEFAULT_SEED  0x6d6f7465u /* "mote" */
#define COMPARE_MAX_COUNT     ((size_t)1 << 26)
#define COMPARE_MAX_STEPS     1000000l

typedef struct compare_options {
    bool all_kinds;        /* no --kind: every spring kind */
    mote_spring_kind kind; /* the one kind when !all_kinds */
    size_t count;          /* springs per kind */
    long steps;            /* --steps S; 0 when not given (one step only) */
    uint64_t seed;         /* seeds the starting state */
    bool json;             /* one JSON document instead of the table */
    bool movers_only;      /* --kind movers: only the crowd (no --kind runs it too) */
    bool debris;           /* --kind debris: only the debris pools (no --kind runs them too) */
} compare_options;

typedef enum compare_parse_result {
    COMPARE_PARSE_OK,
    COMPARE_PARSE_HELP, /* --help was printed: exit 0 */
    COMPARE_PARSE_USAGE /* a usage error was printed: exit 2 */
} compare_parse_result;

/* Parses argv into out (defaults for what is not given). Errors and --help go to err/out. */
compare_parse_result compare_parse_options(int argc, char **argv, compare_options *options,
                                           FILE *out, FILE *err);

/* Prints the usage text, with the bounds, to stream. */
void compare_print_usage(FILE *stream);

#endif
