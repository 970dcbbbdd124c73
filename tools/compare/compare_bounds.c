/* mote-compare's table of bounds: the shared ones of engine/src/spring_bounds.h, for dt = 1/60.
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
#include "compare_bounds.h"

void compare_print_bounds(FILE *stream) {
    fprintf(stream, "  %-14s %-24s %s\n", "kind", "1 step (ULP: x v xi vi)",
            "<= 1000 steps (relative)");
    const float dt = 1.0f / 60.0f;
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        unsigned written = spring_kind_writes[k];
        char ulps[64] = "";
        size_t used = 0;
        const int fields[] = {SPRING_FIELD_X, SPRING_FIELD_V, SPRING_FIELD_XI, SPRING_FIELD_VI};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
            if (written & SPRING_BIT(fields[f])) {
                used += (size_t)snprintf(ulps + used, sizeof ulps - used, "%s%g", used ? " " : "",
                                         spring_one_step_bound((mote_spring_kind)k, fields[f], dt));
            }
        }
        fprintf(stream, "  %-14s %-24s %g\n", mote_spring_kind_name((mote_spring_kind)k), ulps,
                spring_bounds[k].relative);
    }
    fprintf(stream,
            "  (past 1000 steps relative bounds grow as S/1000, as (S/1000)^2 for the angle\n"
            "  kinds, whose wrapped angle integrates a drifting velocity)\n");
}
