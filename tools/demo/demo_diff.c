/* mote-demo's comparison of two runs of the scene. */
#include <math.h>
#include <stdio.h>

#include "demo_diff.h"
#include "scaled_ulp.h"

/* The element's scale: the largest magnitude among its reference state and goal. */
static float element_scale(const mote_spring_view *r, size_t i) {
    const float *fields[] = {r->x, r->v, r->goal, r->xi, r->vi};
    float scale = 0.0f;
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
        if (fields[f] != NULL && fabsf(fields[f][i]) > scale) {
            scale = fabsf(fields[f][i]);
        }
    }
    return scale;
}

demo_diff demo_pool_diff(mote_spring_pool *fast, mote_spring_pool *reference, const char *role) {
    demo_diff d = {0.0, 0.0, "", "", 0};
    mote_spring_view a = mote_spring_pool_view(fast);
    mote_spring_view r = mote_spring_pool_view(reference);
    const char *names[] = {"x", "v", "xi", "vi"};
    const float *fa[] = {a.x, a.v, a.xi, a.vi};
    const float *fr[] = {r.x, r.v, r.xi, r.vi};
    mote_spring_kind kind = mote_spring_pool_kind(reference);
    bool angles = kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE;
    size_t count = a.count < r.count ? a.count : r.count;
    for (size_t i = 0; i < count; ++i) {
        float scale = element_scale(&r, i);
        for (size_t f = 0; f < 4; ++f) {
            if (fa[f] == NULL || fr[f] == NULL) {
                continue;
            }
            bool angle = angles && (f == 0 || f == 2); /* x and xi are angles */
            double abs_diff = scaled_ulp_difference(fa[f][i], fr[f][i], angle);
            double ulp = scaled_ulp_from_difference(abs_diff, fr[f][i], scale);
            d.max_abs = abs_diff > d.max_abs ? abs_diff : d.max_abs;
            if (ulp > d.max_ulp) {
                d.max_ulp = ulp;
                d.role = role;
                d.field = names[f];
                d.index = i;
            }
        }
    }
    return d;
}

demo_diff demo_scene_diff(const demo_scene *fast, const demo_scene *reference) {
    demo_diff worst = {0.0, 0.0, "", "", 0};
    for (size_t p = 0; p < fast->pool_count && p < reference->pool_count; ++p) {
        demo_diff d = demo_pool_diff(fast->pool[p], reference->pool[p], fast->spec[p]->role);
        if (d.max_ulp > worst.max_ulp) {
            double max_abs = worst.max_abs > d.max_abs ? worst.max_abs : d.max_abs;
            worst = d;
            worst.max_abs = max_abs;
        } else if (d.max_abs > worst.max_abs) {
            worst.max_abs = d.max_abs;
        }
    }
    return worst;
}

double demo_group_diff(float *const *a, float *const *b, int components, size_t n) {
    double worst = 0.0;
    for (int c = 0; c < components; ++c) {
        for (size_t i = 0; i < n; ++i) {
            double d = fabs((double)a[c][i] - (double)b[c][i]);
            worst = d > worst || d != d ? d : worst;
        }
    }
    return worst;
}

void demo_print_rates(const char *label, const char *unit, mote_backend backend,
                      double fast_seconds, double reference_seconds, double element_steps) {
    printf("%s backend:   %-8s (%2d lanes) %7.3f s stepping %9.1f million %s/s\n", label,
           mote_backend_name(backend), mote_backend_lanes(backend), fast_seconds,
           element_steps / fast_seconds * 1e-6, unit);
    printf("%s reference: %-8s (%2d lane)  %7.3f s stepping %9.1f million %s/s\n", label, "scalar",
           1, reference_seconds, element_steps / reference_seconds * 1e-6, unit);
    printf("%s speedup:   %.2fx\n", label, reference_seconds / fast_seconds);
}
