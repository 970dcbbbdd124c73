/* mote-compare's output: the text table and the JSON document. */
#include <inttypes.h>
#include <math.h>

#include "compare_report.h"

static const char *const field_names[SPRING_FIELD_COUNT] = {
    [SPRING_FIELD_X] = "x",
    [SPRING_FIELD_V] = "v",
    [SPRING_FIELD_GOAL] = "goal",
    [SPRING_FIELD_XI] = "xi",
    [SPRING_FIELD_VI] = "vi",
    [SPRING_FIELD_STIFFNESS] = "stiffness",
    [SPRING_FIELD_DAMPING] = "damping",
    [SPRING_FIELD_RATE] = "rate",
};

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

static void report_checkpoint(FILE *out, const compare_variants *variants,
                              const compare_kind_result *result, const compare_checkpoint *c) {
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (!(result->written & SPRING_BIT(f))) {
            continue;
        }
        bool relative;
        double bound = compare_field_bound(c, f, &relative);
        for (size_t w = 0; w < variants->wide_count; ++w) {
            const compare_field_error *e = &c->error[w][f];
            fprintf(out, "  %6ld %-5s %-11s %10.3g %10.3g %10.3g %9zu %8g %-4s %s\n", c->steps,
                    field_names[f], variants->wide[w]->name, e->max_ulp, e->max_abs, e->max_rel,
                    e->worst_index, bound, relative ? "rel" : "ULP",
                    compare_field_within(c, f, e) ? "ok" : "OVER BOUND");
        }
    }
}

void compare_report_kind(FILE *out, const compare_variants *variants,
                         const compare_kind_result *result) {
    fprintf(out, "\n%s\n  %6s %-5s %-11s %10s %10s %10s %9s %13s  %s\n",
            mote_spring_kind_name(result->kind), "steps", "field", "backend", "max ULP", "max abs",
            "max rel", "worst i", "bound", "result");
    for (size_t i = 0; i < result->checkpoint_count; ++i) {
        report_checkpoint(out, variants, result, &result->checkpoint[i]);
    }
    fprintf(out, "  wide backends bit-identical:");
    for (size_t i = 0; i < result->checkpoint_count; ++i) {
        const compare_checkpoint *c = &result->checkpoint[i];
        fprintf(out, "%s %s after %ld step%s", i ? "," : "", c->bit_identical ? "yes" : "NO",
                c->steps, c->steps == 1 ? "" : "s");
    }
    fprintf(out, "\n");
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

static void json_checkpoint(FILE *out, const compare_variants *variants,
                            const compare_kind_result *result, const compare_checkpoint *c) {
    fprintf(out, "{\"steps\": %ld, \"bit_identical\": %s, \"pass\": %s, ", c->steps,
            c->bit_identical ? "true" : "false", c->pass ? "true" : "false");
    fprintf(out, "\"hashes\": {");
    for (size_t w = 0; w < variants->wide_count; ++w) {
        fprintf(out, "%s\"%s\": \"0x%016" PRIx64 "\"", w ? ", " : "", variants->wide[w]->name,
                c->hash[w]);
    }
    fprintf(out, "}, \"fields\": [");
    bool first = true;
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (!(result->written & SPRING_BIT(f))) {
            continue;
        }
        bool relative;
        double bound = compare_field_bound(c, f, &relative);
        for (size_t w = 0; w < variants->wide_count; ++w) {
            const compare_field_error *e = &c->error[w][f];
            fprintf(out, "%s\n        {\"field\": \"%s\", \"backend\": \"%s\", \"max_ulp\": ",
                    first ? "" : ",", field_names[f], variants->wide[w]->name);
            compare_json_number(out, e->max_ulp);
            fprintf(out, ", \"max_abs\": ");
            compare_json_number(out, e->max_abs);
            fprintf(out, ", \"max_rel\": ");
            compare_json_number(out, e->max_rel);
            fprintf(out, ", \"worst_index\": %zu, \"%s\": ", e->worst_index,
                    relative ? "relative_bound" : "ulp_bound");
            compare_json_number(out, bound);
            fprintf(out, ", \"within\": %s}", compare_field_within(c, f, e) ? "true" : "false");
            first = false;
        }
    }
    fprintf(out, "]}");
}

static void json_names(FILE *out, const mote_kernel_table *const *tables, size_t count) {
    fprintf(out, "[");
    for (size_t i = 0; i < count; ++i) {
        fprintf(out, "%s\"%s\"", i ? ", " : "", tables[i]->name);
    }
    fprintf(out, "]");
}

void compare_report_json(FILE *out, const compare_options *options,
                         const compare_variants *variants, const compare_kind_result *results,
                         size_t result_count, int pass, const compare_movers_result *movers,
                         const char *debris_json) {
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
    for (size_t r = 0; r < result_count; ++r) {
        const compare_kind_result *result = &results[r];
        fprintf(out, "%s\n    {\"kind\": \"%s\", \"pass\": %s, \"checkpoints\": [", r ? "," : "",
                mote_spring_kind_name(result->kind), result->pass ? "true" : "false");
        for (size_t i = 0; i < result->checkpoint_count; ++i) {
            fprintf(out, "%s\n      ", i ? "," : "");
            json_checkpoint(out, variants, result, &result->checkpoint[i]);
        }
        fprintf(out, "]}");
    }
    fprintf(out, "\n  ],\n  ");
    if (movers != NULL) {
        compare_movers_json(out, variants, movers);
        fprintf(out, ",\n  ");
    }
    if (debris_json != NULL) {
        fprintf(out, "\"debris\": %s,\n  ", debris_json);
    }
    fprintf(out, "\"pass\": %s\n}\n", pass ? "true" : "false");
}
