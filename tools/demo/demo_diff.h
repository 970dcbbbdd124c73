/* mote-demo's comparison of two runs of the scene. */
#ifndef MOTE_DEMO_DIFF_H
#define MOTE_DEMO_DIFF_H

#include "demo_scene.h"

/* Largest difference between the same spring in two scenes. */
typedef struct demo_diff {
    double max_abs;    /* |fast - reference|, in the field's units */
    double max_ulp;    /* scaled ULP (tools/common/scaled_ulp.h) */
    const char *role;  /* pool holding the largest scaled ULP ("" when none differ) */
    const char *field; /* its field: "x", "v", "xi" or "vi" */
    size_t index;      /* its dense index */
} demo_diff;

/* Compares the state fields (x, v, xi, vi) of every pool of fast against reference (built
 * from the same seed). The scale of an element is the largest magnitude among its reference
 * x, v, goal, xi and vi; angles (x and xi of the angle kinds) differ by their distance on
 * the circle. */
demo_diff demo_scene_diff(const demo_scene *fast, const demo_scene *reference);

/* The same, for one pool of each scene. */
demo_diff demo_pool_diff(mote_spring_pool *fast, mote_spring_pool *reference, const char *role);

/* Largest |a - b| over the components arrays of one field group of n elements (a view's
 * position[3], orientation[4], ...); NaN when any pair is NaN apart. */
double demo_group_diff(float *const *a, float *const *b, int components, size_t n);

/* The three lines every scene after the springs prints: "<label> backend:", "<label>
 * reference:" (seconds stepping and million <unit> per second, from element_steps) and
 * "<label> speedup:". */
void demo_print_rates(const char *label, const char *unit, mote_backend backend,
                      double fast_seconds, double reference_seconds, double element_steps);

#endif
