/* mote-compare: every registered compare kind (compare_kinds.c: each spring kind, the movers,
 * the debris, ...), or the ones --kind names (a kind, or every kind of a family), on every
 * runnable kernel variant against the scalar reference, from one seeded state. Exit 0 on PASS,
 * 1 on FAIL, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "compare_engine.h"
#include "compare_kinds.h"
#include "compare_options.h"
#include "compare_report.h"

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
    size_t kind_count = options.kind_count;
    const compare_kind *const *kinds =
        options.kinds != NULL ? options.kinds : compare_kinds(&kind_count);
    compare_result *results = calloc(kind_count, sizeof *results);
    if (results == NULL) {
        fprintf(stderr, "mote-compare: out of memory\n");
        return 1;
    }
    if (!options.json) {
        compare_report_header(stdout, &options, &variants);
    }

    size_t result_count = 0;
    int pass = 1;
    for (size_t k = 0; k < kind_count; ++k) {
        compare_result *result = &results[result_count];
        if (!compare_run_kind(&variants, &options, kinds[k], result)) {
            fprintf(stderr, "mote-compare: out of memory for %zu %s\n", options.count,
                    kinds[k]->noun != NULL ? kinds[k]->noun : "elements");
            pass = 0;
            continue;
        }
        ++result_count;
        pass = pass && result->pass;
        if (!options.json) {
            compare_report_kind(stdout, &variants, result);
            fflush(stdout);
        }
    }

    if (options.json) {
        compare_report_json(stdout, &options, &variants, results, result_count, pass);
    } else {
        printf("\nmote-compare: %s\n", pass ? "PASS" : "FAIL");
    }
    free(results);
    return pass ? 0 : 1;
}
