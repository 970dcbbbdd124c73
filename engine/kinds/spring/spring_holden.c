/* The rest of Daniel Holden's "Spring-It-On" set: the timed, velocity and tracking springs,
 * extrapolation, dead blending and the spring parameters by frequency. Each reference form
 * (damping form, spring_ref.h) reads like its formula, one element at a time with libm's
 * expf/expm1f: it is what the pool's scalar backend runs and what the wide kernels
 * (spring_kernels.c) are measured against. The public forms (mote/spring.h) check their
 * input, convert half-lives to damping, and commit a finite result or refuse. */
#include <math.h>
#include <stddef.h>

#include "mote/spring.h"
#include "refuse.h"
#include "spring_ref.h"

#define TWO_PI_F 6.28318530718f

float mote_ref_lookahead(float damping, float dt) {
    return dt + MOTE_SPRING_APPREHENSION * ((4.0f * MOTE_LN2) / damping);
}

void mote_ref_timed_spring(float *x, float *v, float *xi, float goal, float goal_time,
                           float damping, float dt) {
    /* the target moves at a constant speed, what is left of the way over the time left: in a
     * time t it covers the fraction t / goal_time of the gap (a fraction, never a speed, so
     * no dt or goal_time overflows it), and it lands on the goal the step it is due. Both
     * fractions share one reciprocal of the time left; each is at most 1 (all of the gap),
     * which the rounded product can reach but not pass, and which holds an infinite
     * reciprocal (goal_time below 2^-128 s) to the goal */
    float gap = goal - *xi;
    float lookahead = mote_ref_lookahead(damping, dt);
    float per_left = 1.0f / goal_time;
    float aim = lookahead < goal_time ? *xi + gap * fminf(lookahead * per_left, 1.0f) : goal;
    mote_ref_spring(x, v, aim, damping, dt);
    *xi = goal_time > dt ? *xi + gap * fminf(dt * per_left, 1.0f) : goal;
}

float mote_ref_time_left(float goal_time, float dt) {
    return goal_time > dt ? goal_time - dt : 0.0f;
}

void mote_ref_velocity_spring(float *x, float *v, float *xi, float goal, float speed, float damping,
                              float dt) {
    float gap = goal - *xi;
    float toward = gap > 0.0f ? speed : -speed; /* the target's velocity, toward the goal */
    float lookahead = mote_ref_lookahead(damping, dt);
    float aim = fabsf(gap) > speed * lookahead ? *xi + toward * lookahead : goal;
    mote_ref_spring(x, v, aim, damping, dt);
    *xi = fabsf(gap) > speed * dt ? *xi + toward * dt : goal;
}

void mote_ref_tracking_spring(float *x, float *v, float goal, float goal_v, float goal_a,
                              float x_damping, float v_damping, float a_damping, float dt) {
    /* each term an exact damper on v (mote_ref_damper): toward v + goal_a dt, toward goal_v,
     * toward the velocity (goal - x) / dt that lands on goal this step, that last one written
     * w + ((goal - x) / dt - w) b = w - w b + (goal - x) (b / dt): b / dt <= ln2 / eps, so
     * no dt, however small, overflows it */
    float a_blend = -expm1f(-(a_damping / 4.0f) * dt);
    float w = *v + goal_a * dt * a_blend;
    w = mote_ref_damper(w, goal_v, v_damping, dt);
    float x_blend = -expm1f(-(x_damping / 4.0f) * dt);
    w = w - w * x_blend + (goal - *x) * mote_ref_over_dt(x_blend, dt);
    *v = w;
    *x = *x + dt * w;
}

void mote_ref_extrapolate(float *x, float *v, float damping, float dt) {
    float rate = damping / 4.0f;       /* ln2 / (halflife + eps), 1/s */
    float blend = -expm1f(-rate * dt); /* 1 - e^(-rate dt), without cancellation */
    *x = *x + *v * (blend / rate);     /* the integral of v e^(-rate t) over dt */
    *v = *v - *v * blend;              /* v e^(-rate dt) */
}

/* u^2 (3 - 2u) for u clamped to [0, 1]. */
static float smoothstep(float u) {
    u = u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u;
    return u * u * (3.0f - 2.0f * u);
}

void mote_ref_dead_blend(float *out_x, float *out_v, float *ext_x, float *ext_v, float *ext_t,
                         float in_x, float in_v, float blend_time, float damping, float dt) {
    if (!(*ext_t < blend_time)) {
        *out_x = in_x;
        *out_v = in_v;
        return;
    }
    *ext_v = *ext_v * expf(-(damping / 4.0f) * dt); /* halves every decay half-life */
    *ext_x = *ext_x + *ext_v * dt;
    *ext_t = *ext_t + dt;
    float a = smoothstep(*ext_t / blend_time);
    *out_x = (1.0f - a) * *ext_x + a * in_x;
    *out_v = (1.0f - a) * *ext_v + a * in_v;
}

/* The checks every public form shares. */
static mote_status check_pointers(const void *a, const void *b, const void *c, const char *names) {
    if (a == NULL || b == NULL || c == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: must not be NULL", names);
    }
    return MOTE_OK;
}

static mote_status check_finite(const char *name, float value) {
    if (!isfinite(value)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "%s: must be finite (got %g)", name,
                           (double)value);
    }
    return MOTE_OK;
}

static mote_status check_dt(float dt) {
    if (!isfinite(dt) || dt < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt: must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    return MOTE_OK;
}

static mote_status check_nonnegative(const char *name, float value) {
    mote_status status = check_finite(name, value);
    if (status == MOTE_OK && value < 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: must be >= 0 (got %g)", name,
                           (double)value);
    }
    return status;
}

/* Every value finite, in order; the first that is not is named. */
static mote_status check_all_finite(const char *const *names, const float *values, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        mote_status status = check_finite(names[i], values[i]);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}

/* A result that overflowed: refused, nothing written. */
static mote_status check_result(const float *values, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (!isfinite(values[i])) {
            return mote_refuse(MOTE_ERROR_NON_FINITE,
                               "result: the step overflows (state or goal too large)");
        }
    }
    return MOTE_OK;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The reference of a spring with an intermediate target xi and one rate input (the timed
 * spring's goal_time, the velocity spring's speed). */
typedef void intermediate_spring_ref(float *x, float *v, float *xi, float goal, float rate,
                                     float damping, float dt);

/* The checks and the all-or-nothing write of the two springs with an intermediate target:
 * x, v, xi, goal and halflife finite, the rate (named rate_name) nonnegative, dt valid; dt 0
 * changes nothing. */
static mote_status intermediate_spring(float *x, float *v, float *xi, float goal,
                                       const char *rate_name, float rate, float halflife, float dt,
                                       intermediate_spring_ref *ref) {
    mote_status status = check_pointers(x, v, xi, "x, v, xi");
    if (status != MOTE_OK) {
        return status;
    }
    const char *const names[] = {"x", "v", "xi", "goal", "halflife"};
    const float values[] = {*x, *v, *xi, goal, halflife};
    if ((status = check_all_finite(names, values, COUNT(names))) != MOTE_OK ||
        (status = check_nonnegative(rate_name, rate)) != MOTE_OK ||
        (status = check_dt(dt)) != MOTE_OK || dt == 0.0f) {
        return status;
    }
    float s[3] = {*x, *v, *xi};
    ref(&s[0], &s[1], &s[2], goal, rate, mote_halflife_to_damping(halflife), dt);
    if ((status = check_result(s, 3)) == MOTE_OK) {
        *x = s[0], *v = s[1], *xi = s[2];
    }
    return status;
}

mote_status mote_timed_spring(float *x, float *v, float *xi, float goal, float goal_time,
                              float halflife, float dt) {
    return intermediate_spring(x, v, xi, goal, "goal_time", goal_time, halflife, dt,
                               mote_ref_timed_spring);
}

mote_status mote_velocity_spring(float *x, float *v, float *xi, float goal, float speed,
                                 float halflife, float dt) {
    return intermediate_spring(x, v, xi, goal, "speed", speed, halflife, dt,
                               mote_ref_velocity_spring);
}

mote_status mote_tracking_spring(float *x, float *v, float goal, float goal_v, float goal_a,
                                 float x_halflife, float v_halflife, float a_halflife, float dt) {
    mote_status status = check_pointers(x, v, v, "x, v");
    if (status != MOTE_OK) {
        return status;
    }
    const char *const names[] = {"x",      "v",          "goal",       "goal_v",
                                 "goal_a", "x_halflife", "v_halflife", "a_halflife"};
    const float values[] = {*x, *v, goal, goal_v, goal_a, x_halflife, v_halflife, a_halflife};
    if ((status = check_all_finite(names, values, COUNT(names))) != MOTE_OK ||
        (status = check_dt(dt)) != MOTE_OK || dt == 0.0f) {
        return status;
    }
    float s[2] = {*x, *v};
    mote_ref_tracking_spring(
        &s[0], &s[1], goal, goal_v, goal_a, mote_halflife_to_damping(x_halflife),
        mote_halflife_to_damping(v_halflife), mote_halflife_to_damping(a_halflife), dt);
    if ((status = check_result(s, 2)) == MOTE_OK) {
        *x = s[0], *v = s[1];
    }
    return status;
}

mote_status mote_extrapolate(float *x, float *v, float dt, float halflife) {
    mote_status status = check_pointers(x, v, v, "x, v");
    if (status != MOTE_OK) {
        return status;
    }
    const char *const names[] = {"x", "v", "halflife"};
    const float values[] = {*x, *v, halflife};
    if ((status = check_all_finite(names, values, COUNT(names))) != MOTE_OK ||
        (status = check_dt(dt)) != MOTE_OK || dt == 0.0f) {
        return status;
    }
    float s[2] = {*x, *v};
    mote_ref_extrapolate(&s[0], &s[1], mote_halflife_to_damping(halflife), dt);
    if ((status = check_result(s, 2)) == MOTE_OK) {
        *x = s[0], *v = s[1];
    }
    return status;
}

mote_status mote_dead_blend_transition(float *ext_x, float *ext_v, float *ext_t, float src_x,
                                       float src_v) {
    mote_status status = check_pointers(ext_x, ext_v, ext_t, "ext_x, ext_v, ext_t");
    if (status != MOTE_OK || (status = check_finite("src_x", src_x)) != MOTE_OK ||
        (status = check_finite("src_v", src_v)) != MOTE_OK) {
        return status;
    }
    *ext_x = src_x;
    *ext_v = src_v;
    *ext_t = 0.0f;
    return MOTE_OK;
}

mote_status mote_dead_blend_update(float *out_x, float *out_v, float *ext_x, float *ext_v,
                                   float *ext_t, float in_x, float in_v, float blend_time,
                                   float decay_halflife, float dt) {
    mote_status status = check_pointers(ext_x, ext_v, ext_t, "ext_x, ext_v, ext_t");
    if (status != MOTE_OK ||
        (status = check_pointers(out_x, out_v, out_v, "out_x, out_v")) != MOTE_OK) {
        return status;
    }
    const char *const names[] = {"ext_x", "ext_v", "in_x", "in_v", "decay_halflife"};
    const float values[] = {*ext_x, *ext_v, in_x, in_v, decay_halflife};
    if ((status = check_all_finite(names, values, COUNT(names))) != MOTE_OK ||
        (status = check_nonnegative("ext_t", *ext_t)) != MOTE_OK ||
        (status = check_nonnegative("blend_time", blend_time)) != MOTE_OK ||
        (status = check_dt(dt)) != MOTE_OK) {
        return status;
    }
    float s[5] = {*out_x, *out_v, *ext_x, *ext_v, *ext_t};
    mote_ref_dead_blend(&s[0], &s[1], &s[2], &s[3], &s[4], in_x, in_v, blend_time,
                        mote_halflife_to_damping(decay_halflife), dt);
    if ((status = check_result(s, 5)) == MOTE_OK) {
        *out_x = s[0], *out_v = s[1], *ext_x = s[2], *ext_v = s[3], *ext_t = s[4];
    }
    return status;
}

mote_status mote_spring_from_frequency(float frequency, float ratio, float *stiffness,
                                       float *damping) {
    mote_status status = check_pointers(stiffness, damping, damping, "stiffness, damping");
    if (status != MOTE_OK || (status = check_nonnegative("frequency", frequency)) != MOTE_OK ||
        (status = check_nonnegative("ratio", ratio)) != MOTE_OK) {
        return status;
    }
    float omega = TWO_PI_F * frequency; /* natural angular frequency, rad/s */
    float s[2] = {omega * omega, 2.0f * ratio * omega};
    if ((status = check_result(s, 2)) == MOTE_OK) {
        *stiffness = s[0], *damping = s[1];
    }
    return status;
}

mote_status mote_spring_to_frequency(float stiffness, float damping, float *frequency,
                                     float *ratio) {
    mote_status status = check_pointers(frequency, ratio, ratio, "frequency, ratio");
    if (status != MOTE_OK || (status = check_nonnegative("stiffness", stiffness)) != MOTE_OK ||
        (status = check_nonnegative("damping", damping)) != MOTE_OK) {
        return status;
    }
    if (stiffness == 0.0f) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "stiffness: must be > 0 to have a frequency (got 0)");
    }
    float omega = sqrtf(stiffness);
    float s[2] = {omega / TWO_PI_F, damping / (2.0f * omega)};
    if ((status = check_result(s, 2)) == MOTE_OK) {
        *frequency = s[0], *ratio = s[1];
    }
    return status;
}
