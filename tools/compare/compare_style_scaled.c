/* The scaled style (compare_style.h): scaled ULP and relative difference, and the table the
 * spring kinds and the movers print. */
#include <inttypes.h>
#include <string.h>

#include "compare_report.h"
#include "compare_style.h"
#include "scaled_ulp.h"

static void measure(float wide, float ref, float scale, bool angle, size_t i, compare_error *e) {
    double difference = scaled_ulp_difference(wide, ref, angle);
    double ulp = scaled_ulp_from_difference(difference, ref, scale);
    double rel = scaled_ulp_relative_from_difference(difference, ref, scale);
    if (ulp > e->max_ulp) {
        e->max_ulp = ulp;
        e->worst_index = i;
    }
    e->max_abs = difference > e->max_abs ? difference : e->max_abs;
    e->max_rel = rel > e->max_rel ? rel : e->max_rel;
}

static const char *unit_name(compare_unit unit) {
    return unit == COMPARE_ULP ? "ULP" : unit == COMPARE_RELATIVE ? "rel" : "abs";
}

static const char *unit_key(compare_unit unit) {
    return unit == COMPARE_ULP        ? "ulp_bound"
           : unit == COMPARE_RELATIVE ? "relative_bound"
                                      : "absolute_bound";
}

/* The field column is as wide as the longest row name, at least "field". */
static int name_width(const compare_result *result) {
    size_t width = strlen("field");
    for (size_t r = 0; r < result->row_count; ++r) {
        size_t n = strlen(result->rows[r].name);
        width = n > width ? n : width;
    }
    return (int)width;
}

static void section(FILE *out, const compare_variants *variants, const compare_result *result) {
    const compare_kind *kind = result->kind;
    const int width = name_width(result);
    if (kind->about != NULL && kind->max_count > 0) { /* its own count: say it */
        fprintf(out, "\n%s (%zu %s: %s)\n", kind->name, result->count, kind->noun, kind->about);
    } else if (kind->about != NULL) {
        fprintf(out, "\n%s (%s)\n", kind->name, kind->about);
    } else {
        fprintf(out, "\n%s\n", kind->name);
    }
    fprintf(out, "  %6s %-*s %-11s %10s %10s %10s %9s %13s  %s\n", "steps", width, "field",
            "backend", "max ULP", "max abs", "max rel", "worst i", "bound", "result");
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        const compare_checkpoint *c = &result->checkpoint[n];
        for (size_t r = 0; r < result->row_count; ++r) {
            for (size_t w = 0; w < variants->wide_count; ++w) {
                const compare_error *e = &c->error[w][r];
                fprintf(out, "  %6ld %-*s %-11s %10.3g %10.3g %10.3g %9zu %8g %-4s %s\n", c->steps,
                        width, result->rows[r].name, variants->wide[w]->name, e->max_ulp,
                        e->max_abs, e->max_rel, e->worst_index, c->bound[r].value,
                        unit_name(c->bound[r].unit),
                        compare_within(c->bound[r], e) ? "ok" : "OVER BOUND");
            }
        }
    }
    fprintf(out, "  wide backends bit-identical:");
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        const compare_checkpoint *c = &result->checkpoint[n];
        fprintf(out, "%s %s after %ld step%s", n ? "," : "", c->bit_identical ? "yes" : "NO",
                c->steps, c->steps == 1 ? "" : "s");
    }
    fprintf(out, "\n");
    if (kind->hashes) {
        compare_report_hashes(out, variants, result);
    }
}

static void json_checkpoint(FILE *out, const compare_variants *variants,
                            const compare_result *result, const compare_checkpoint *c) {
    fprintf(out, "{\"steps\": %ld, \"bit_identical\": %s, \"pass\": %s, ", c->steps,
            c->bit_identical ? "true" : "false", c->pass ? "true" : "false");
    if (result->kind->hashes) {
        fprintf(out, "\"hashes\": {");
        for (size_t w = 0; w < variants->wide_count; ++w) {
            fprintf(out, "%s\"%s\": \"0x%016" PRIx64 "\"", w ? ", " : "", variants->wide[w]->name,
                    c->hash[w]);
        }
        fprintf(out, "}, ");
    }
    fprintf(out, "\"fields\": [");
    bool first = true;
    for (size_t r = 0; r < result->row_count; ++r) {
        for (size_t w = 0; w < variants->wide_count; ++w) {
            const compare_error *e = &c->error[w][r];
            fprintf(out, "%s\n        {\"field\": \"%s\", \"backend\": \"%s\", \"max_ulp\": ",
                    first ? "" : ",", result->rows[r].name, variants->wide[w]->name);
            compare_json_number(out, e->max_ulp);
            fprintf(out, ", \"max_abs\": ");
            compare_json_number(out, e->max_abs);
            fprintf(out, ", \"max_rel\": ");
            compare_json_number(out, e->max_rel);
            fprintf(out, ", \"worst_index\": %zu, \"%s\": ", e->worst_index,
                    unit_key(c->bound[r].unit));
            compare_json_number(out, c->bound[r].value);
            fprintf(out, ", \"within\": %s}", compare_within(c->bound[r], e) ? "true" : "false");
            first = false;
        }
    }
    fprintf(out, "]}");
}

static void object(FILE *out, const compare_variants *variants, const compare_result *result) {
    fprintf(out, "{");
    if (result->kind->json_member == NULL) {
        fprintf(out, "\"kind\": \"%s\", ", result->kind->name);
    }
    fprintf(out, "\"pass\": %s, \"checkpoints\": [", result->pass ? "true" : "false");
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        fprintf(out, "%s\n      ", n ? "," : "");
        json_checkpoint(out, variants, result, &result->checkpoint[n]);
    }
    fprintf(out, "]}");
}

const compare_style compare_style_scaled = {measure, section, object};
