/* Scalar reference spring primitives: one element at a time, straight from the seed's
 * formulas, with libm's expf/expm1f/sinf/cosf. This file is the specification the wide
 * kernels (engine/kinds/spring/spring_kernels.c) are measured against. */
#include <math.h>

#include "mote/spring.h"
#include "spring_ref.h"

/* pi in double: the seed compares the wrapped float against the real pi. */
#define PI_D 3.14159265358979323846

/* A half-life at or below zero is taken as zero; NaN stays NaN so validate can see it. */
static float nonnegative(float halflife) {
    return halflife < 0.0f ? 0.0f : halflife;
}

float mote_halflife_to_damping(float halflife) {
    return (4.0f * MOTE_LN2) / (nonnegative(halflife) + MOTE_SPRING_EPS);
}

float mote_damping_to_halflife(float damping) {
    return (4.0f * MOTE_LN2) / (damping + MOTE_SPRING_EPS);
}

float mote_halflife_to_lag(float halflife) {
    return halflife / MOTE_LN2;
}

float mote_lag_to_halflife(float lag) {
    return lag * MOTE_LN2;
}

/* The half-life primitives: the damping-form reference with the damping the half-life
 * implies. */
float mote_damper(float x, float goal, float halflife, float dt) {
    return mote_ref_damper(x, goal, mote_halflife_to_damping(halflife), dt);
}

void mote_spring(float *x, float *v, float goal, float halflife, float dt) {
    mote_ref_spring(x, v, goal, mote_halflife_to_damping(halflife), dt);
}

void mote_spring_angle(float *x, float *v, float goal, float halflife, float dt) {
    mote_ref_spring_angle(x, v, goal, mote_halflife_to_damping(halflife), dt);
}

void mote_double_spring_angle(float *x, float *v, float *xi, float *vi, float goal, float halflife,
                              float dt) {
    mote_ref_double_spring_angle(x, v, xi, vi, goal, mote_halflife_to_damping(0.5f * halflife), dt);
}

void mote_double_spring(float *x, float *v, float *xi, float *vi, float goal, float halflife,
                        float dt) {
    mote_ref_double_spring(x, v, xi, vi, goal, mote_halflife_to_damping(0.5f * halflife), dt);
}

void mote_decay(float *x, float *v, float halflife, float dt) {
    mote_ref_decay(x, v, mote_halflife_to_damping(halflife), dt);
}

/* The damping-form reference (spring_ref.h). y = damping / 2 is the decay rate. */
float mote_ref_damper(float x, float goal, float damping, float dt) {
    /* damping / 4 = ln2 / (halflife + eps): the seed's rate, scaled exactly by 1/4. The
     * blend 1 - e^(-rate dt) is computed as -expm1(-rate dt), which keeps its precision when
     * rate dt is small (a long half-life) instead of cancelling against 1. */
    return x + (goal - x) * -expm1f(-(damping / 4.0f) * dt);
}

void mote_ref_spring(float *x, float *v, float goal, float damping, float dt) {
    float y = damping / 2.0f;
    float ydt = y * dt;
    float j0 = *x - goal;
    float j1 = *v + j0 * y;
    float eydt = expf(-ydt);
    *x = eydt * (j0 + j1 * dt) + goal;
    *v = eydt * (*v - j1 * ydt);
}

void mote_ref_spring_angle(float *x, float *v, float goal, float damping, float dt) {
    float y = damping / 2.0f;
    float ydt = y * dt;
    float j0 = mote_wrap_angle(*x - goal);
    float j1 = *v + j0 * y;
    float eydt = expf(-ydt);
    float next = eydt * (j0 + j1 * dt) + goal;
    /* Continuous with x: the spring is solved relative to the goal along the short way, and
     * reporting it there would jump by 2 pi on the step where the short way crosses pi. */
    *x = *x + mote_wrap_angle(next - *x);
    *v = eydt * (*v - j1 * ydt);
}

void mote_ref_double_spring_angle(float *x, float *v, float *xi, float *vi, float goal,
                                  float damping, float dt) {
    mote_ref_spring_angle(xi, vi, goal, damping, dt);
    mote_ref_spring_angle(x, v, *xi, damping, dt);
}

void mote_ref_double_spring(float *x, float *v, float *xi, float *vi, float goal, float damping,
                            float dt) {
    mote_ref_spring(xi, vi, goal, damping, dt);
    mote_ref_spring(x, v, *xi, damping, dt);
}

void mote_ref_decay(float *x, float *v, float damping, float dt) {
    float y = damping / 2.0f;
    float ydt = y * dt;
    float j1 = *v + *x * y;
    float eydt = expf(-ydt);
    *x = eydt * (*x + j1 * dt);
    *v = eydt * (*v - j1 * ydt);
}

float mote_wrap_angle(float a) {
    const float two_pi = (float)(2.0 * PI_D);
    float r = fmodf(a, two_pi);
    if ((double)r > PI_D) {
        r -= two_pi;
    }
    if ((double)r <= -PI_D) {
        r += two_pi;
    }
    return r;
}

float mote_exp_response(float value, float target, float lambda, float dt) {
    float alpha = -expm1f(-lambda * dt); /* 1 - e^(-lambda dt), without cancellation */
    return value + (target - value) * alpha;
}

void mote_spring_semi_implicit(float *x, float *v, float target, float stiffness, float damping,
                               float dt) {
    dt = dt > MOTE_SEMI_IMPLICIT_MAX_DT ? MOTE_SEMI_IMPLICIT_MAX_DT : dt;
    float a = (target - *x) * stiffness - *v * damping;
    *v = *v + a * dt;
    *x = *x + *v * dt;
}

/* Writing u = x - goal, every case is u(t) = C u0 + S (v0 + y u0) and
 * v(t) = C v0 - S (y v0 + k u0), with y = damping / 2 and k = stiffness:
 *   under-damped (q = k - y^2 > 0, w = sqrt q): C = e^-yt cos wt, S = e^-yt sin(wt) / w
 *   over-damped (w = sqrt -q): with the slow rate y - w = k / (y + w) and m = expm1(-2wt),
 *       C = e^-(y-w)t (1 + m/2), S = -e^-(y-w)t m / 2w   (no cancellation as w -> 0)
 *   critical (|q| < eps, k taken as y^2): C = e^-yt, S = t e^-yt. */
/* The phase w dt as mote_spring_damper takes it (MOTE_SPRING_MAX_PHASE). */
static float damped_phase(float phase) {
    if (fabsf(phase) <= MOTE_SPRING_MAX_PHASE) {
        return phase;
    }
    const float two_pi = 6.28318548f;
    float reduced = phase - nearbyintf(phase * (1.0f / two_pi)) * two_pi;
    return fminf(fmaxf(reduced, -MOTE_SPRING_MAX_PHASE), MOTE_SPRING_MAX_PHASE);
}

void mote_spring_damper(float *x, float *v, float goal, float stiffness, float damping, float dt) {
    float y = damping / 2.0f;
    float q = stiffness - damping * damping / 4.0f;
    float u0 = *x - goal;
    float v0 = *v;
    float j1 = v0 + u0 * y;
    float c, s, k;
    if (fabsf(q) < MOTE_SPRING_EPS) {
        float e = expf(-y * dt);
        c = e;
        s = e * dt;
        k = y * y;
    } else if (q > 0.0f) {
        float w = sqrtf(q);
        float e = expf(-y * dt);
        float phase = damped_phase(w * dt);
        c = e * cosf(phase);
        s = e * sinf(phase) / w;
        k = stiffness;
    } else {
        float w = sqrtf(-q);
        float e1 = expf(-(stiffness / (y + w)) * dt);
        float m = expm1f(-(w + w) * dt);
        c = e1 * (1.0f + 0.5f * m);
        s = e1 * (-m / (w + w));
        k = stiffness;
    }
    *x = c * u0 + s * j1 + goal;
    *v = c * v0 - s * (y * v0 + k * u0);
}
