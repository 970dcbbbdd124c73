/* mote-compare's output: the header, the sections and the JSON document. */
#include <inttypes.h>
#include <math.h>

#include "compare_report.h"
#include "compare_style.h"

void compare_report_header(FILE *out, const compare_options *options,
                           const compare_variants *variants) {
    fprintf(out, "mote-compare: seed 0x%" PRIx64 ", %zu springs per kind, dt 1/60 s, ",
            options->seed, options->count);
    if (options->steps > 1) {
        fprintf(out, "after 1 and %ld steps\n", options->steps);
    } else {
        fprintf(out, "after 1 step\n");
    }
    fprintf(out, "reference: %s; compared:", variants->reference->name);
    for (size_t w = 0; w < variants->wide_count; ++w) {
        fprintf(out, " %s", variants->wide[w]->name);
    }
    if (variants->skipped_count > 0) {
        fprintf(out, "; not runnable on this CPU:");
        for (size_t s = 0; s < variants->skipped_count; ++s) {
            fprintf(out, " %s", variants->skipped[s]->name);
        }
    }
    fprintf(out, "\nscale: an element's largest reference |x, v, goal, xi, vi| before and after; "
                 "ULP: |wide - ref| / ulp(scale); rel: |wide - ref| / scale\n");
}

void compare_report_kind(FILE *out, const compare_variants *variants,
                         const compare_result *result) {
    result->kind->style->section(out, variants, result);
}

void compare_report_hashes(FILE *out, const compare_variants *variants,
                           const compare_result *result) {
    for (size_t i = 0; i < result->checkpoint_count; ++i) {
        const compare_checkpoint *c = &result->checkpoint[i];
        fprintf(out, "  state hash after %ld step%s:", c->steps, c->steps == 1 ? "" : "s");
        for (size_t w = 0; w < variants->wide_count; ++w) {
            fprintf(out, "%s %s 0x%016" PRIx64, w ? "," : "", variants->wide[w]->name, c->hash[w]);
        }
        fprintf(out, "\n");
    }
}

void compare_json_number(FILE *out, double value) {
    if (isfinite(value)) {
        fprintf(out, "%.9g", value);
    } else {
        fprintf(out, "null");
    }
}

static void json_names(FILE *out, const mote_kernel_table *const *tables, size_t count) {
    fprintf(out, "[");
    for (size_t i = 0; i < count; ++i) {
        fprintf(out, "%s\"%s\"", i ? ", " : "", tables[i]->name);
    }
    fprintf(out, "]");
}

void compare_report_json(FILE *out, const compare_options *options,
                         const compare_variants *variants, const compare_result *results,
                         size_t result_count, int pass) {
    fprintf(out,
            "{\n  \"tool\": \"mote-compare\",\n  \"seed\": %" PRIu64
            ",\n  \"count\": %zu,\n  \"dt\": ",
            options->seed, options->count);
    compare_json_number(out, 1.0 / 60.0);
    fprintf(out, ",\n  \"steps\": %ld,\n  \"reference\": \"%s\",\n  \"backends\": ",
            options->steps > 1 ? options->steps : 1l, variants->reference->name);
    json_names(out, variants->wide, variants->wide_count);
    fprintf(out, ",\n  \"not_runnable\": ");
    json_names(out, variants->skipped, variants->skipped_count);
    fprintf(out, ",\n  \"kinds\": [");
    size_t listed = 0;
    for (size_t r = 0; r < result_count; ++r) {
        const compare_result *result = &results[r];
        if (result->kind->json_member == NULL) {
            fprintf(out, "%s\n    ", listed++ ? "," : "");
            result->kind->style->object(out, variants, result);
        }
    }
    fprintf(out, "\n  ],\n  ");
    for (size_t r = 0; r < result_count; ++r) {
        const compare_result *result = &results[r];
        if (result->kind->json_member != NULL) {
            fprintf(out, "\"%s\": ", result->kind->json_member);
            result->kind->style->object(out, variants, result);
            fprintf(out, ",\n  ");
        }
    }
    fprintf(out, "\"pass\": %s\n}\n", pass ? "true" : "false");
}
