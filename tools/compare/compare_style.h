/* mote-compare's two styles of judging and printing a kind, each written once and chosen by
 * a compare kind's `style`:
 *
 * - compare_style_scaled, the spring kinds' and the movers' table: the difference in scaled
 *   ULP, |wide - ref| / ulp(max(|ref|, scale)) (tools/common/scaled_ulp.h; scale 0 is the
 *   reference value's own ULP), and relative to max(|ref|, scale); angle fields differ by
 *   their distance on the circle; the worst element is the one with the most scaled ULP.
 * - compare_style_exact, the debris table: the exact ULP distance between the two floats
 *   (for an element whose scale is > 0: |wide - ref| / ulp(scale), so a unit quaternion is
 *   measured in ULPs of 1), and the absolute difference; the worst element is the one with
 *   the largest absolute difference; angle fields are not used.
 *
 * Each style also writes a kind's text section and its JSON object. */
#ifndef MOTE_COMPARE_STYLE_H
#define MOTE_COMPARE_STYLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare_engine.h"

struct compare_style {
    /* Folds element i's difference (wide against ref, at scale; angle: on the circle) into e,
     * which starts zeroed. */
    void (*measure)(float wide, float ref, float scale, bool angle, size_t i, compare_error *e);
    /* The kind's text section: its title, a row per checkpoint, row and variant, and its
     * bit-identity (and, with kind->hashes, state hash) lines. */
    void (*section)(FILE *out, const compare_variants *variants, const compare_result *result);
    /* The kind's JSON object (no key, no trailing comma). */
    void (*object)(FILE *out, const compare_variants *variants, const compare_result *result);
};

extern const compare_style compare_style_scaled;
extern const compare_style compare_style_exact;

#endif
