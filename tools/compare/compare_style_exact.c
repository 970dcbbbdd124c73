/* The exact style (compare_style.h): the exact ULP distance and the absolute difference, and
 * the table the debris prints. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "compare_report.h"
#include "compare_style.h"
#include "scaled_ulp.h"

/* How many floats lie between a and b (0 for two NaNs, the most for a NaN against a number). */
static uint32_t ulp_distance(float a, float b) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0u : UINT32_MAX;
    }
    int32_t ia, ib;
    memcpy(&ia, &a, sizeof ia);
    memcpy(&ib, &b, sizeof ib);
    int64_t oa = ia < 0 ? (int64_t)INT32_MIN - ia : ia;
    int64_t ob = ib < 0 ? (int64_t)INT32_MIN - ib : ib;
    int64_t d = oa > ob ? oa - ob : ob - oa;
    return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

static void measure(float wide, float ref, float scale, bool angle, size_t i, compare_error *e) {
    (void)angle;
    double u = ulp_distance(wide, ref);
    double a = fabs((double)wide - (double)ref);
    if (isnan(a)) {
        a = u == 0 ? 0.0 : INFINITY;
    }
    if (scale > 0.0f) {
        u = a / scaled_ulp_unit(scale); /* in ULPs of scale: of 1 for a unit quaternion */
    }
    if (a > e->max_abs || (e->max_abs == 0.0 && u > e->max_ulp)) {
        e->worst_index = i;
    }
    e->max_ulp = fmax(e->max_ulp, u);
    e->max_abs = fmax(e->max_abs, a);
}

/* "identical" for a bound of 0 ULP, else the value and its unit. */
static void bound_text(compare_bound bound, char *text, size_t size) {
    if (bound.unit == COMPARE_ULP && bound.value == 0.0) {
        snprintf(text, size, "identical");
    } else {
        snprintf(text, size,
                 bound.unit == COMPARE_ABSOLUTE ? "%.2g abs"
                 : bound.unit == COMPARE_ULP    ? "%g ULP"
                                                : "%.2g rel",
                 bound.value);
    }
}

/* The JSON key of a bound: identical is an absolute bound of 0. */
static const char *bound_key(compare_bound bound) {
    if (bound.unit == COMPARE_ABSOLUTE || bound.value == 0.0) {
        return "bound_abs";
    }
    return bound.unit == COMPARE_ULP ? "bound_ulp" : "bound_rel";
}

static void section(FILE *out, const compare_variants *variants, const compare_result *result) {
    const compare_kind *kind = result->kind;
    if (kind->about != NULL) {
        fprintf(out, "\n%s (%zu %s)\n", kind->name, result->count, kind->about);
    } else {
        fprintf(out, "\n%s\n", kind->name);
    }
    fprintf(out, "%8s %-12s %-12s %9s %10s %9s %14s  %s\n", "steps", "field", "backend", "max ULP",
            "max abs", "worst i", "bound", "result");
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        const compare_checkpoint *c = &result->checkpoint[n];
        for (size_t w = 0; w < variants->wide_count; ++w) {
            for (size_t r = 0; r < result->row_count; ++r) {
                const compare_error *e = &c->error[w][r];
                char bound[32];
                bound_text(c->bound[r], bound, sizeof bound);
                fprintf(out, "%8ld %-12s %-12s %9.0f %10.3g %9zu %14s  %s\n", c->steps,
                        result->rows[r].name, variants->wide[w]->name, e->max_ulp, e->max_abs,
                        e->worst_index, bound, compare_within(c->bound[r], e) ? "ok" : "FAIL");
            }
        }
        fprintf(out, "  wide backends bit-identical: %s after %ld step%s\n",
                c->bit_identical ? "yes" : "NO", c->steps, c->steps == 1 ? "" : "s");
    }
    if (kind->hashes) {
        compare_report_hashes(out, variants, result);
    }
}

static void object(FILE *out, const compare_variants *variants, const compare_result *result) {
    fprintf(out, "{\"kind\": \"%s\", \"checkpoints\": [", result->kind->name);
    for (size_t n = 0; n < result->checkpoint_count; ++n) {
        const compare_checkpoint *c = &result->checkpoint[n];
        fprintf(out, "%s{\"steps\": %ld, \"fields\": [", n ? ", " : "", c->steps);
        for (size_t w = 0; w < variants->wide_count; ++w) {
            for (size_t r = 0; r < result->row_count; ++r) {
                const compare_error *e = &c->error[w][r];
                fprintf(out,
                        "%s{\"field\": \"%s\", \"backend\": \"%s\", \"max_ulp\": %.17g, "
                        "\"max_abs\": %.17g, \"worst_index\": %zu, \"%s\": %.17g, "
                        "\"pass\": %s}",
                        (w || r) ? ", " : "", result->rows[r].name, variants->wide[w]->name,
                        e->max_ulp, e->max_abs, e->worst_index, bound_key(c->bound[r]),
                        c->bound[r].value, compare_within(c->bound[r], e) ? "true" : "false");
            }
        }
        fprintf(out, "], \"bit_identical\": %s", c->bit_identical ? "true" : "false");
        if (result->kind->hashes) {
            fprintf(out, ", \"hashes\": {");
            for (size_t w = 0; w < variants->wide_count; ++w) {
                fprintf(out, "%s\"%s\": \"0x%016" PRIx64 "\"", w ? ", " : "",
                        variants->wide[w]->name, c->hash[w]);
            }
            fprintf(out, "}");
        }
        fprintf(out, "}");
    }
    fprintf(out, "], \"pass\": %s}", result->pass ? "true" : "false");
}

const compare_style compare_style_exact = {measure, section, object};
