/* mote-compare: every pool kind (each spring kind, the movers, the debris) on every runnable
 * kernel variant against the scalar reference, from one seeded state. Exit 0 on PASS, 1 on
 * FAIL, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "compare_debris.h"
#include "compare_movers.h"
#include "compare_options.h"
#include "compare_report.h"
#include "compare_run.h"

int main(int argc, char **argv) {
    compare_options options;
    switch (compare_parse_options(argc, argv, &options, stdout, stderr)) {
    case COMPARE_PARSE_HELP:
        return 0;
    case COMPARE_PARSE_USAGE:
        return 2;
    case COMPARE_PARSE_OK:
        break;
    }

    compare_variants variants;
    if (!compare_find_variants(&variants)) {
        fprintf(stderr, "mote-compare: this build has no scalar reference table\n");
        return 1;
    }
    compare_kind_result *results = calloc(MOTE_SPRING_KIND_COUNT, sizeof *results);
    if (results == NULL) {
        fprintf(stderr, "mote-compare: out of memory\n");
        return 1;
    }
    if (!options.json) {
        compare_report_header(stdout, &options, &variants);
    }

    int first = options.all_kinds ? 0 : (int)options.kind;
    int last = options.all_kinds ? MOTE_SPRING_KIND_COUNT - 1
               : options.debris  ? -1
                                 : (int)options.kind;
    size_t result_count = 0;
    int pass = 1;
    for (int k = first; k <= last && !options.movers_only; ++k) {
        compare_kind_result *result = &results[result_count];
        if (!compare_run_kind(&variants, &options, (mote_spring_kind)k, result)) {
            fprintf(stderr, "mote-compare: out of memory for %zu springs\n", options.count);
            pass = 0;
            break;
        }
        ++result_count;
        pass = pass && result->pass;
        if (!options.json) {
            compare_report_kind(stdout, &variants, result);
            fflush(stdout);
        }
    }

    compare_movers_result movers;
    bool with_movers = options.all_kinds || options.movers_only;
    if (with_movers) {
        if (!compare_movers_run(&variants, &options, &movers)) {
            fprintf(stderr, "mote-compare: out of memory for %zu movers\n", options.count);
            pass = 0;
            with_movers = false;
        } else if (!options.json) {
            compare_movers_report(stdout, &variants, &movers);
        }
        pass = pass && (!with_movers || movers.pass);
    }
    char *debris_json = NULL;
    if (options.all_kinds || options.debris) {
        bool out_of_memory = false;
        pass = compare_debris(&variants, &options, stdout, &debris_json, &out_of_memory) && pass;
        if (out_of_memory) {
            fprintf(stderr, "mote-compare: out of memory for %zu debris pieces\n", options.count);
        }
    }

    if (options.json) {
        compare_report_json(stdout, &options, &variants, results, result_count, pass,
                            with_movers ? &movers : NULL, debris_json);
    } else {
        printf("\nmote-compare: %s\n", pass ? "PASS" : "FAIL");
    }
    free(results);
    free(debris_json);
    return pass ? 0 : 1;
}
