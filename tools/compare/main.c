/* mote-compare: every pool kind (each spring kind, the movers, the debris) on every runnable
 * kernel variant against the scalar reference, from one seeded state. Exit 0 on PASS, 1 on
 * FAIL, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "compare_engine.h"
#include "compare_options.h"
#include "compare_report.h"

extern const compare_family compare_family_springs;
extern const compare_family compare_family_movers;
extern const compare_family compare_family_debris;

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
    size_t spring_count = 0, mover_count = 0, debris_count = 0;
    const compare_kind *springs = compare_family_springs.kinds(&spring_count);
    const compare_kind *movers = compare_family_movers.kinds(&mover_count);
    const compare_kind *debris = compare_family_debris.kinds(&debris_count);
    const compare_kind *selected[MOTE_SPRING_KIND_COUNT + 2];
    size_t selected_count = 0;
    for (size_t k = 0; k < spring_count && !options.movers_only && !options.debris; ++k) {
        if (options.all_kinds || (int)options.kind == springs[k].model) {
            selected[selected_count++] = &springs[k];
        }
    }
    if (options.all_kinds || options.movers_only) {
        selected[selected_count++] = movers;
    }
    if (options.all_kinds || options.debris) {
        selected[selected_count++] = debris;
    }
    compare_result *results = calloc(selected_count + 1, sizeof *results);
    if (results == NULL) {
        fprintf(stderr, "mote-compare: out of memory\n");
        return 1;
    }
    if (!options.json) {
        compare_report_header(stdout, &options, &variants);
    }

    size_t result_count = 0;
    int pass = 1;
    for (size_t k = 0; k < selected_count; ++k) {
        compare_result *result = &results[result_count];
        if (!compare_run_kind(&variants, &options, selected[k], result)) {
            fprintf(stderr, "mote-compare: out of memory for %zu %s\n", options.count,
                    selected[k]->noun);
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
