/* mote-compare's spring kinds: one compare kind per mote_spring_kind, in the scaled style
 * (compare_style.h), from a seeded state mixing ordinary, large, tiny and zero values, each
 * written field judged at the element's largest reference |x, v, goal, xi, vi| along the run,
 * against the bounds of engine/kinds/spring/spring_bounds.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_engine.h"
#include "compare_style.h"
#include "mote/spring_pool.h"
#include "spring_bounds.h"
#include "spring_fields.h"
#include "tool_rng.h"

/* The element's largest reference |x, v, goal, xi, vi| (and inertialize's |incoming_v,
 * offset_x, offset_v|, dead_blend's |ext_x, ext_v|) along the run (the trajectory), and
 * tracking's |goal_a| dt (spring_scale_floor). */
static float scale(const compare_kind *self, const compare_sample *sample, int field, size_t i) {
    (void)field;
    const float *incoming_a = sample->start[SPRING_FIELD_INCOMING_A];
    double floor = incoming_a == NULL ? 0.0
                                      : spring_scale_floor((mote_spring_kind)self->model,
                                                           incoming_a[i], COMPARE_DT);
    return (float)fmax(sample->trajectory[i], floor);
}

/* Scaled ULP after one step, relative after more (spring_bounds.h). */
static compare_bound bound(const compare_kind *self, int field, long steps) {
    const mote_spring_kind kind = (mote_spring_kind)self->model;
    if (steps == 1) {
        return (compare_bound){spring_one_step_bound(kind, field, COMPARE_DT), COMPARE_ULP};
    }
    return (compare_bound){spring_relative_bound(kind, steps), COMPARE_RELATIVE};
}

static const compare_kind *kinds(size_t *count) {
    static compare_kind all[MOTE_SPRING_KIND_COUNT];
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        bool angle = k == MOTE_SPRING_ANGLE || k == MOTE_SPRING_DOUBLE_ANGLE;
        all[k] = (compare_kind){
            .name = mote_spring_kind_name((mote_spring_kind)k),
            .noun = "springs",
            .style = &compare_style_scaled,
            .hashes = true,
            .model = k,
            .angle_fields = angle ? SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_XI) : 0u,
            .trajectory_fields = SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V) |
                                 SPRING_BIT(SPRING_FIELD_GOAL) | SPRING_BIT(SPRING_FIELD_XI) |
                                 SPRING_BIT(SPRING_FIELD_VI) | SPRING_BIT(SPRING_FIELD_INCOMING_V) |
                                 SPRING_OFFSET | SPRING_BIT(SPRING_FIELD_EXT_X) |
                                 SPRING_BIT(SPRING_FIELD_EXT_V),
            .probe = &mote_probe_spring,
            .scale = scale,
            .bound = bound,
        };
    }
    *count = MOTE_SPRING_KIND_COUNT;
    return all;
}

/* The table of bounds, one line per kind: the shared ones of engine/kinds/spring/spring_bounds.h,
 * for dt = 1/60.
 *
 * Why the long-run bounds are what they are: each step's exp differs from libm's by up to an
 * ULP, and a long half-life carries the difference on, so the wide and scalar results drift
 * apart by about an ULP of the element's scale per step: 2 ULP per step is
 * 2 * 1000 * 2^-23 = 2.4e-4, and twice that for the general damped spring (sincos, exp and
 * expm1). The angle kinds drift further: their angle is wrapped onto the circle and stays
 * small while a fast spin keeps the scale at |v|, and the angle integrates the drift of v,
 * eps * dt * S^2 / 2 = 2^-23 / 60 * 1000^2 / 2 = 1e-3 of the scale.
 * Measured with `mote-compare --steps 1000 --count 100000`, five seeds for every kind and
 * eight for the angle kinds: at most 9.4e-5 (critical x), 1.4e-4 (damped v, an undamped
 * spring of stiffness 5e4) and 3.3e-4 (angle x, spinning at 1600 rad/s). */
static void print_bounds(FILE *stream) {
    fprintf(stream, "  %-14s %-24s %s\n", "kind", "1 step (ULP: x v xi vi ox ov ex ev)",
            "<= 1000 steps (relative)");
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        unsigned written = spring_kind_writes[k];
        char ulps[64] = "";
        size_t used = 0;
        const int fields[] = {SPRING_FIELD_X,     SPRING_FIELD_V,        SPRING_FIELD_XI,
                              SPRING_FIELD_VI,    SPRING_FIELD_OFFSET_X, SPRING_FIELD_OFFSET_V,
                              SPRING_FIELD_EXT_X, SPRING_FIELD_EXT_V};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
            if (written & SPRING_BIT(fields[f])) {
                used += (size_t)snprintf(
                    ulps + used, sizeof ulps - used, "%s%g", used ? " " : "",
                    spring_one_step_bound((mote_spring_kind)k, fields[f], COMPARE_DT));
            }
        }
        fprintf(stream, "  %-14s %-24s %g\n", mote_spring_kind_name((mote_spring_kind)k), ulps,
                spring_bounds[k].relative);
    }
    fprintf(stream,
            "  (past 1000 steps relative bounds grow as S/1000, as (S/1000)^2 for the angle\n"
            "  kinds, whose wrapped angle integrates a drifting velocity)\n");
}

const compare_family compare_family_spring = {.kinds = kinds, .print_bounds = print_bounds};
