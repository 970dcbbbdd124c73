/* Internal: the exact spin angle of a rate that spins down through a smoothstep, shared by the
 * docking model (docking_profile.c) and the debris pool's station spin (station_spin.c) so a
 * debris field and a docking sequence on one station turn through the same angle, same bits. */
#ifndef MOTE_SPIN_ANGLE_H
#define MOTE_SPIN_ANGLE_H

/* The integral of smoothstep over [0, x], x in [0, 1]: x^3 - x^4 / 2 as ((x x) x) (1 - x / 2). */
static inline float spin_smooth_integral(float x) {
    return x * x * x * (1.0f - 0.5f * x);
}

/* The integral over [0, time] (time >= 0) of rate * (1 - smoothstep) for a spin-down ending at
 * down_end and lasting down_span (x the spin-down range's clamped x at time): with tc =
 * min(time, down_end), rate (tc - down_span P(x)), rad. */
static inline float spin_down_angle(float rate, float time, float down_end, float down_span,
                                    float x) {
    float tc = time < down_end ? time : down_end;
    return rate * (tc - down_span * spin_smooth_integral(x));
}

#endif
