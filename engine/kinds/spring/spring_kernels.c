/* The spring kernels, written once against the wide-lane layer and compiled once per variant.
 * Each body repeats its scalar reference (engine/kinds/spring/spring_ref.c, damping form for the
 * half-life kinds) operation for operation (per lane: the damped body shares one sqrt, exp
 * and division between its regimes and skips a regime no lane needs, each lane still doing
 * its regime's operations),
 * with libm's expf/expm1f/sinf/cosf replaced by wide_math.h; only those differ, so the
 * per-kernel bounds below follow from the wide math's and are measured by
 * engine/kinds/spring/test_spring_kernels.c (one step, and 1,000 steps, against the reference).
 *
 * Error bounds against the scalar reference (the numbers live in spring_bounds.h, which the
 * tests and mote-compare both read). One step, per field, in scaled ULPs: |wide - ref| over
 * the float spacing at the largest magnitude among the element's state before and after (so
 * cancellation near zero is judged at the scale of the numbers that cancelled):
 *   damper, critical, angle, decay, exp_response: <= 4
 *   damped (sincos, exp and expm1):                <= 8
 *   double, double_angle: x <= 8; v <= 8 + 1.1/dt. The visible spring's v amplifies the
 *       intermediate spring's one-ULP difference by y^2 dt e^(-y dt), at most 0.54/dt (32 at
 *       60 Hz, for a half-life near 2.9 dt); 20 measured over 3 million elements at 60 Hz.
 *   semi_implicit: 0 (no transcendental: the reference's bits)
 *   inertialize: offset_x, offset_v as decay's (4); the output x = goal + offset_x and
 *       v = incoming_v + offset_v <= 6: the offset's 4 and one more rounding of a sum at
 *       most twice the element's scale (2)
 *   timed, velocity: <= 4 (the critical spring's exp; the targets' arithmetic, reciprocals
 *       included, is the reference's exactly: xi and goal_time bit for bit)
 *   extrapolate, dead_blend: <= 4 (one expm1, one exp)
 *   tracking: <= 12 (three expm1 in series on v), the scale including |goal_a| dt: the
 *       velocity v + goal_a dt a_blend the later blends carry (an ULP of a blend near 1
 *       is an ULP of that velocity), which no state field holds
 * After 1,000 steps of 1/60 s, relative to the element's scale: 2.4e-4 (4.8e-4 damped, 1e-3
 * for the angle kinds, whose wrapped angle integrates the drift of v; inertialize as decay,
 * its output adding no feedback: 2.4e-4). Each step's exp
 * differs from libm's by up to an ULP and, at a constant dt, keeps its sign, so a long
 * half-life compounds it.
 * All wide variants agree with each other bit for bit.
 *
 * The kinds whose one transcendental is a per-element factor of one parameter and dt (every
 * kind but damped and semi_implicit) are written with the factor as an argument
 * (SPRING_FACTOR_KERNEL): the fixed-step cache (engine/core/step_cache.c) may supply it from
 * the last step instead of computing it, with the same bits, so the bounds above hold for
 * both paths. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "lane_loop.h"
#include "spring_fields.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math.h"

#include "mote/spring.h"
#include "mote/spring_pool.h"

/* One vector of every field the kind uses (unused ones are left unset), and of the cache
 * arrays where the kernel reads them. */
typedef struct spring_lanes {
    mote_wf f[SPRING_ARRAY_COUNT];
} spring_lanes;

/* The decay rate y = damping / 2 of a critically damped spring (damping is what the pool
 * stores for a half-life: spring_ref.h). */
static inline mote_wf decay_rate(mote_wf damping) {
    return mote_w_mul(damping, mote_w_set1(0.5f));
}

/* The decay factor exp(-y dt) of the half-life kinds, y = decay_rate(damping): the one
 * transcendental of critical, angle, decay, double, double_angle and inertialize, and what the
 * fixed-step cache keeps per element. y (-dt) is -(y dt) exactly, so every formula that
 * writes exp(-(y dt)) gets these bits. */
static inline mote_wf decay_factor(mote_wf damping, mote_wf dt) {
    return mote_w_exp(mote_w_mul(decay_rate(damping), mote_w_neg(dt)));
}

/* Critically damped spring toward goal with decay rate y and eydt = exp(-y dt):
 * mote_ref_spring's arithmetic. */
static inline void critical_step(mote_wf *x, mote_wf *v, mote_wf goal, mote_wf y, mote_wf dt,
                                 mote_wf eydt) {
    mote_wf ydt = mote_w_mul(y, dt);
    mote_wf j0 = mote_w_sub(*x, goal);
    mote_wf j1 = mote_w_add(*v, mote_w_mul(j0, y));
    *x = mote_w_add(mote_w_mul(eydt, mote_w_add(j0, mote_w_mul(j1, dt))), goal);
    *v = mote_w_mul(eydt, mote_w_sub(*v, mote_w_mul(j1, ydt)));
}

/* Angle spring (eydt = exp(-y dt)): mote_ref_spring_angle's arithmetic. */
static inline void angle_step(mote_wf *x, mote_wf *v, mote_wf goal, mote_wf y, mote_wf dt,
                              mote_wf eydt) {
    mote_wf ydt = mote_w_mul(y, dt);
    mote_wf j0 = mote_w_wrap_angle(mote_w_sub(*x, goal));
    mote_wf j1 = mote_w_add(*v, mote_w_mul(j0, y));
    mote_wf next = mote_w_add(mote_w_mul(eydt, mote_w_add(j0, mote_w_mul(j1, dt))), goal);
    *x = mote_w_add(*x, mote_w_wrap_angle(mote_w_sub(next, *x)));
    *v = mote_w_mul(eydt, mote_w_sub(*v, mote_w_mul(j1, ydt)));
}

/* The damper's blend 1 - exp(-(damping / 4) dt), as an expm1: its one transcendental. */
static inline mote_wf damper_blend(mote_wf damping, mote_wf dt) {
    mote_wf rate = mote_w_mul(damping, mote_w_set1(0.25f));
    return mote_w_neg(mote_w_expm1(mote_w_mul(mote_w_neg(rate), dt)));
}

static inline void damper_with_factor(spring_lanes *s, mote_wf dt, mote_wf blend) {
    (void)dt;
    mote_wf x = s->f[SPRING_FIELD_X];
    s->f[SPRING_FIELD_X] = mote_w_add(x, mote_w_mul(mote_w_sub(s->f[SPRING_FIELD_GOAL], x), blend));
}

/* The half-life kinds' bodies take their decay factor e = exp(-y dt) (decay_factor): the
 * general path computes it, the fixed-step cache may supply it (both paths, the same bits). */
static inline void critical_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    critical_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], s->f[SPRING_FIELD_GOAL],
                  decay_rate(s->f[SPRING_FIELD_DAMPING]), dt, e);
}

static inline void angle_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    angle_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], s->f[SPRING_FIELD_GOAL],
               decay_rate(s->f[SPRING_FIELD_DAMPING]), dt, e);
}

/* The double kinds' two springs share y, hence one factor. */
static inline void double_angle_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    mote_wf y = decay_rate(s->f[SPRING_FIELD_DAMPING]);
    angle_step(&s->f[SPRING_FIELD_XI], &s->f[SPRING_FIELD_VI], s->f[SPRING_FIELD_GOAL], y, dt, e);
    angle_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], s->f[SPRING_FIELD_XI], y, dt, e);
}

static inline void double_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    mote_wf y = decay_rate(s->f[SPRING_FIELD_DAMPING]);
    critical_step(&s->f[SPRING_FIELD_XI], &s->f[SPRING_FIELD_VI], s->f[SPRING_FIELD_GOAL], y, dt,
                  e);
    critical_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], s->f[SPRING_FIELD_XI], y, dt, e);
}

/* mote_decay on (x, v) in place: the critically damped decay toward 0 with damping's rate
 * (eydt = exp(-y dt)). */
static inline void decay_in_place(mote_wf *x, mote_wf *v, mote_wf damping, mote_wf dt,
                                  mote_wf eydt) {
    mote_wf y = decay_rate(damping);
    mote_wf ydt = mote_w_mul(y, dt);
    mote_wf j1 = mote_w_add(*v, mote_w_mul(*x, y));
    mote_wf x1 = mote_w_mul(eydt, mote_w_add(*x, mote_w_mul(j1, dt)));
    *v = mote_w_mul(eydt, mote_w_sub(*v, mote_w_mul(j1, ydt)));
    *x = x1;
}

static inline void decay_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    decay_in_place(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], s->f[SPRING_FIELD_DAMPING], dt, e);
}

/* mote_inertialize_update: the decay on the offset, then the output is the incoming pose
 * (goal, incoming_v) plus the offset. */
static inline void inertialize_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    decay_in_place(&s->f[SPRING_FIELD_OFFSET_X], &s->f[SPRING_FIELD_OFFSET_V],
                   s->f[SPRING_FIELD_DAMPING], dt, e);
    s->f[SPRING_FIELD_X] = mote_w_add(s->f[SPRING_FIELD_GOAL], s->f[SPRING_FIELD_OFFSET_X]);
    s->f[SPRING_FIELD_V] = mote_w_add(s->f[SPRING_FIELD_INCOMING_V], s->f[SPRING_FIELD_OFFSET_V]);
}

/* mote_ref_hold_state: a finite lane past +-MOTE_SPRING_MAX_STATE held there; NaN and the
 * infinities pass (the clamp's min and max keep a NaN; the select keeps an infinity). */
static inline mote_wf hold_state(mote_wf a) {
    const mote_wf held = mote_w_clamp(a, -MOTE_SPRING_MAX_STATE, MOTE_SPRING_MAX_STATE);
    return mote_w_select(mote_w_lt(mote_w_abs(a), mote_w_set1(INFINITY)), held, a);
}

static inline void semi_implicit_body(spring_lanes *s, mote_wf dt) {
    mote_wf x = s->f[SPRING_FIELD_X];
    mote_wf v = s->f[SPRING_FIELD_V];
    mote_wf a =
        mote_w_sub(mote_w_mul(mote_w_sub(s->f[SPRING_FIELD_GOAL], x), s->f[SPRING_FIELD_STIFFNESS]),
                   mote_w_mul(v, s->f[SPRING_FIELD_DAMPING]));
    v = mote_w_add(v, mote_w_mul(a, dt));
    s->f[SPRING_FIELD_V] = hold_state(v);
    s->f[SPRING_FIELD_X] = hold_state(mote_w_add(x, mote_w_mul(v, dt)));
}

/* The exponential response's blend 1 - exp(-rate dt), as an expm1. */
static inline mote_wf exp_response_blend(mote_wf rate, mote_wf dt) {
    return mote_w_neg(mote_w_expm1(mote_w_mul(mote_w_neg(rate), dt)));
}

static inline void exp_response_with_factor(spring_lanes *s, mote_wf dt, mote_wf alpha) {
    (void)dt;
    mote_wf x = s->f[SPRING_FIELD_X];
    s->f[SPRING_FIELD_X] = mote_w_add(x, mote_w_mul(mote_w_sub(s->f[SPRING_FIELD_GOAL], x), alpha));
}

/* The damped spring's intermediates for one vector (mote_spring_damper's names). */
typedef struct damped_lanes {
    mote_wf y, u0, j1;
    mote_wf pull;     /* y v0 + k u0, k = y^2 critical, else stiffness */
    mote_wf q, w;     /* q = k - y^2; w = sqrt |q| */
    mote_wf rate;     /* of the envelope e = e^(-rate t) */
    mote_wf m;        /* over-damped: expm1(-2wt) */
    mote_wf e;        /* the envelope */
    mote_wf sin, cos; /* under-damped: of wt */
    mote_wm critical; /* |q| < eps: taken as critical */
    mote_wm under;    /* q >= eps: under-damped (never critical) */
    mote_wm not_over;
} damped_lanes;

/* The reference's damped_phase (MOTE_SPRING_MAX_PHASE): lanes past it taken to
 * phase - 2 pi round(phase / 2 pi), held within the bound, with the reference's operations. */
static inline mote_wf damped_phase(mote_wf phase) {
    const mote_wf two_pi = mote_w_set1(6.28318548f);
    mote_wf turns = mote_w_round(mote_w_mul(phase, mote_w_set1(1.0f / 6.28318548f)));
    mote_wf reduced = mote_w_clamp(mote_w_sub(phase, mote_w_mul(turns, two_pi)),
                                   -MOTE_SPRING_MAX_PHASE, MOTE_SPRING_MAX_PHASE);
    return mote_w_select(mote_w_le(mote_w_abs(phase), mote_w_set1(MOTE_SPRING_MAX_PHASE)), phase,
                         reduced);
}

/* Everything before the transcendentals; the over- and under-damped parts start as 0. */
MOTE_ALWAYS_INLINE void damped_setup(const spring_lanes *s, damped_lanes *d) {
    mote_wf damping = s->f[SPRING_FIELD_DAMPING];
    d->y = mote_w_mul(damping, mote_w_set1(0.5f));
    d->q = mote_w_sub(s->f[SPRING_FIELD_STIFFNESS],
                      mote_w_mul(mote_w_mul(damping, damping), mote_w_set1(0.25f)));
    d->u0 = mote_w_sub(s->f[SPRING_FIELD_X], s->f[SPRING_FIELD_GOAL]);
    d->j1 = mote_w_add(s->f[SPRING_FIELD_V], mote_w_mul(d->u0, d->y));
    d->critical = mote_w_lt(mote_w_abs(d->q), mote_w_set1(MOTE_SPRING_EPS));
    d->under = mote_w_ge(d->q, mote_w_set1(MOTE_SPRING_EPS));
    d->not_over = mote_w_or(d->critical, d->under);
    d->w = mote_w_sqrt(mote_w_abs(d->q)); /* sqrt q under-damped, sqrt -q over-damped */
    mote_wf k = mote_w_select(d->critical, mote_w_mul(d->y, d->y), s->f[SPRING_FIELD_STIFFNESS]);
    d->pull = mote_w_add(mote_w_mul(d->y, s->f[SPRING_FIELD_V]), mote_w_mul(k, d->u0));
    d->rate = d->y;
    d->m = d->sin = d->cos = mote_w_set1(0.0f);
}

/* Over-damped lanes: the slow rate y - w, computed as k / (y + w) (no cancellation as
 * w -> y), becomes their envelope's rate, and m = expm1(-2wt), its argument 2w (-dt) (the
 * bits of -(2w) dt but for a zero's sign, which expm1 maps to +0 either way). */
MOTE_ALWAYS_INLINE void damped_over(const spring_lanes *s, damped_lanes *d, mote_wf neg_dt) {
    mote_wf slow = mote_w_div(s->f[SPRING_FIELD_STIFFNESS], mote_w_add(d->y, d->w));
    d->rate = mote_w_select(d->not_over, d->y, slow);
    d->m = mote_w_expm1(mote_w_mul(mote_w_add(d->w, d->w), neg_dt));
}

/* C and S of every regime (spring_ref.c), selected per lane, and the new x and v. One
 * division serves S: (e sin wt) / w under-damped, -m / 2w over-damped (then times e), none
 * when every lane is critical. */
MOTE_ALWAYS_INLINE void damped_finish(spring_lanes *s, const damped_lanes *d, mote_wf dt,
                                      bool divide) {
    mote_wf e = d->e;
    mote_wf quotient = mote_w_set1(0.0f);
    if (divide) {
        quotient = mote_w_div(mote_w_select(d->under, mote_w_mul(e, d->sin), mote_w_neg(d->m)),
                              mote_w_select(d->under, d->w, mote_w_add(d->w, d->w)));
    }
    /* C = e times cos wt, 1 + m/2 or 1 (exact); S = e t, the quotient, or e times it */
    mote_wf c = mote_w_mul(
        e, mote_w_select(
               d->critical, mote_w_set1(1.0f),
               mote_w_select(d->under, d->cos,
                             mote_w_add(mote_w_set1(1.0f), mote_w_mul(mote_w_set1(0.5f), d->m)))));
    mote_wf e_times = mote_w_mul(e, mote_w_select(d->critical, dt, quotient));
    mote_wf sv = mote_w_select(d->under, quotient, e_times);
    s->f[SPRING_FIELD_X] = hold_state(mote_w_add(
        mote_w_add(mote_w_mul(c, d->u0), mote_w_mul(sv, d->j1)), s->f[SPRING_FIELD_GOAL]));
    s->f[SPRING_FIELD_V] =
        hold_state(mote_w_sub(mote_w_mul(c, s->f[SPRING_FIELD_V]), mote_w_mul(sv, d->pull)));
}

/* mote_spring_damper on n vectors (1, or 2 side by side for the core to overlap),
 * each lane's bits those of its regime's formulas, as if all three were computed and one
 * selected, with the work shared between the regimes: one sqrt of |q|, one exp whose rate
 * is selected per lane (y, or the slow rate over-damped), one division for S. sincos runs
 * only when some lane is under-damped, and the slow rate and expm1 only when some lane is
 * over-damped. */
MOTE_ALWAYS_INLINE void damped_vectors(spring_lanes *s, int n, mote_wf dt) {
    damped_lanes d[2];
    bool any_over = false, any_under = false, divide = false;
    const mote_wf neg_dt = mote_w_neg(dt);
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        damped_setup(&s[v], &d[v]);
        any_over = any_over || !mote_w_all(d[v].not_over);
        any_under = any_under || mote_w_any(d[v].under);
        divide = divide || !mote_w_all(d[v].critical);
    }
    if (any_over) {
#pragma GCC unroll 2
        for (int v = 0; v < n; ++v) {
            damped_over(&s[v], &d[v], neg_dt);
        }
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        d[v].e = mote_w_exp(mote_w_mul(d[v].rate, neg_dt)); /* the bits of e^(-rate dt) */
    }
    if (any_under) {
#pragma GCC unroll 2
        for (int v = 0; v < n; ++v) {
            mote_w_sincos(damped_phase(mote_w_mul(d[v].w, dt)), &d[v].sin, &d[v].cos);
        }
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        damped_finish(&s[v], &d[v], dt, divide);
    }
}

static inline void damped_body(spring_lanes *s, mote_wf dt) {
    damped_vectors(s, 1, dt);
}

/* mote_ref_lookahead: dt plus two half-lives, (4 ln2 / damping) each. */
static inline mote_wf lookahead(mote_wf damping, mote_wf dt) {
    return mote_w_add(dt, mote_w_mul(mote_w_set1(MOTE_SPRING_APPREHENSION),
                                     mote_w_div(mote_w_set1(4.0f * MOTE_LN2), damping)));
}

/* mote_ref_timed_spring, then the count-down of the time left (mote_ref_time_left): both
 * fractions of the gap through one reciprocal of the time left, each held to at most 1 (fminf's
 * bits wherever a lane selects it: a NaN fraction only comes with a comparison that selects
 * the goal). */
static inline void timed_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    mote_wf xi = s->f[SPRING_FIELD_XI], goal = s->f[SPRING_FIELD_GOAL];
    mote_wf left = s->f[SPRING_FIELD_GOAL_TIME], damping = s->f[SPRING_FIELD_DAMPING];
    mote_wm due_later = mote_w_gt(left, dt); /* goal_time > dt */
    mote_wf gap = mote_w_sub(goal, xi);
    mote_wf ahead = lookahead(damping, dt);
    mote_wf per_left = mote_w_div(mote_w_set1(1.0f), left);
    const mote_wf whole = mote_w_set1(1.0f); /* all of the gap */
    mote_wf aim = mote_w_select(
        mote_w_lt(ahead, left),
        mote_w_add(xi, mote_w_mul(gap, mote_w_min(whole, mote_w_mul(ahead, per_left)))), goal);
    critical_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], aim, decay_rate(damping), dt, e);
    s->f[SPRING_FIELD_XI] = mote_w_select(
        due_later, mote_w_add(xi, mote_w_mul(gap, mote_w_min(whole, mote_w_mul(dt, per_left)))),
        goal);
    s->f[SPRING_FIELD_GOAL_TIME] =
        mote_w_select(due_later, mote_w_sub(left, dt), mote_w_set1(0.0f));
}

/* mote_ref_velocity_spring. */
static inline void velocity_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    mote_wf xi = s->f[SPRING_FIELD_XI], goal = s->f[SPRING_FIELD_GOAL];
    mote_wf speed = s->f[SPRING_FIELD_SPEED], damping = s->f[SPRING_FIELD_DAMPING];
    mote_wf gap = mote_w_sub(goal, xi);
    mote_wf toward = mote_w_select(mote_w_gt(gap, mote_w_set1(0.0f)), speed, mote_w_neg(speed));
    mote_wf distance = mote_w_abs(gap);
    mote_wf ahead = lookahead(damping, dt);
    mote_wf aim = mote_w_select(mote_w_gt(distance, mote_w_mul(speed, ahead)),
                                mote_w_add(xi, mote_w_mul(toward, ahead)), goal);
    critical_step(&s->f[SPRING_FIELD_X], &s->f[SPRING_FIELD_V], aim, decay_rate(damping), dt, e);
    s->f[SPRING_FIELD_XI] = mote_w_select(mote_w_gt(distance, mote_w_mul(speed, dt)),
                                          mote_w_add(xi, mote_w_mul(toward, dt)), goal);
}

/* mote_ref_tracking_spring: three exact dampers on v (their blends damper_blend's), then x.
 * The position term's b / dt is mote_ref_over_dt's: b times the step's reciprocal per_dt where
 * dt >= FLT_MIN (reciprocal), else the division. */
static inline void tracking_lanes(spring_lanes *s, mote_wf dt, mote_wf per_dt, bool reciprocal) {
    mote_wf x = s->f[SPRING_FIELD_X];
    mote_wf a_blend = damper_blend(s->f[SPRING_FIELD_A_DAMPING], dt);
    mote_wf v_blend = damper_blend(s->f[SPRING_FIELD_V_DAMPING], dt);
    mote_wf x_blend = damper_blend(s->f[SPRING_FIELD_DAMPING], dt);
    mote_wf pull = reciprocal ? mote_w_mul(x_blend, per_dt) : mote_w_div(x_blend, dt);
    mote_wf w = mote_w_add(s->f[SPRING_FIELD_V],
                           mote_w_mul(mote_w_mul(s->f[SPRING_FIELD_INCOMING_A], dt), a_blend));
    w = mote_w_add(w, mote_w_mul(mote_w_sub(s->f[SPRING_FIELD_INCOMING_V], w), v_blend));
    w = mote_w_add(mote_w_sub(w, mote_w_mul(w, x_blend)),
                   mote_w_mul(mote_w_sub(s->f[SPRING_FIELD_GOAL], x), pull));
    s->f[SPRING_FIELD_V] = w;
    s->f[SPRING_FIELD_X] = mote_w_add(x, mote_w_mul(dt, w));
}

/* mote_ref_extrapolate, with its blend 1 - e^(-rate dt) (damper_blend) as the factor. */
static inline void extrapolate_with_factor(spring_lanes *s, mote_wf dt, mote_wf blend) {
    (void)dt;
    mote_wf v = s->f[SPRING_FIELD_V];
    mote_wf rate = mote_w_mul(s->f[SPRING_FIELD_DAMPING], mote_w_set1(0.25f));
    s->f[SPRING_FIELD_X] = mote_w_add(s->f[SPRING_FIELD_X], mote_w_mul(v, mote_w_div(blend, rate)));
    s->f[SPRING_FIELD_V] = mote_w_sub(v, mote_w_mul(v, blend));
}

/* Dead blending's decay factor e^(-(damping / 4) dt): the extrapolated velocity's. */
static inline mote_wf quarter_decay_factor(mote_wf damping, mote_wf dt) {
    return mote_w_exp(mote_w_mul(mote_w_neg(mote_w_mul(damping, mote_w_set1(0.25f))), dt));
}

/* mote_ref_dead_blend: lanes with a blend running (ext_t < blend_time) move the extrapolated
 * pose on and blend it to the input by smoothstep; the others output the input as it is. */
static inline void dead_blend_with_factor(spring_lanes *s, mote_wf dt, mote_wf e) {
    mote_wf in_x = s->f[SPRING_FIELD_GOAL], in_v = s->f[SPRING_FIELD_INCOMING_V];
    mote_wf blend_time = s->f[SPRING_FIELD_BLEND_TIME];
    mote_wm running = mote_w_lt(s->f[SPRING_FIELD_EXT_T], blend_time);
    mote_wf ext_v = mote_w_mul(s->f[SPRING_FIELD_EXT_V], e);
    mote_wf ext_x = mote_w_add(s->f[SPRING_FIELD_EXT_X], mote_w_mul(ext_v, dt));
    mote_wf ext_t = mote_w_add(s->f[SPRING_FIELD_EXT_T], dt);
    mote_wf u = mote_w_div(ext_t, blend_time);
    const mote_wf one = mote_w_set1(1.0f);
    u = mote_w_clamp(u, 0.0f, 1.0f); /* smoothstep's clamp: min and max keep a NaN, as it does */
    mote_wf a = mote_w_mul(mote_w_mul(u, u),
                           mote_w_sub(mote_w_set1(3.0f), mote_w_mul(mote_w_set1(2.0f), u)));
    mote_wf keep = mote_w_sub(one, a);
    mote_wf out_x = mote_w_add(mote_w_mul(keep, ext_x), mote_w_mul(a, in_x));
    mote_wf out_v = mote_w_add(mote_w_mul(keep, ext_v), mote_w_mul(a, in_v));
    s->f[SPRING_FIELD_X] = mote_w_select(running, out_x, in_x);
    s->f[SPRING_FIELD_V] = mote_w_select(running, out_v, in_v);
    s->f[SPRING_FIELD_EXT_X] = mote_w_select(running, ext_x, s->f[SPRING_FIELD_EXT_X]);
    s->f[SPRING_FIELD_EXT_V] = mote_w_select(running, ext_v, s->f[SPRING_FIELD_EXT_V]);
    s->f[SPRING_FIELD_EXT_T] = mote_w_select(running, ext_t, s->f[SPRING_FIELD_EXT_T]);
}

typedef void (*spring_body_fn)(spring_lanes *s, mote_wf dt);
typedef void (*spring_factor_body_fn)(spring_lanes *s, mote_wf dt, mote_wf e);
/* A kind's one per-element factor of its parameter (the key) and dt. */
typedef mote_wf (*spring_factor_fn)(mote_wf key, mote_wf dt);

/* Loads the fields a kind reads at p[f] + i. */
MOTE_ALWAYS_INLINE void spring_load(float *const *p, size_t i, unsigned reads, spring_lanes *s) {
    /* unrolled whatever the field count (GCC peels at most 16 times by itself): the mask is a
     * constant, so only the kind's loads remain */
#pragma GCC unroll 32
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (reads & SPRING_BIT(f)) {
            s->f[f] = mote_w_load(p[f] + i);
        }
    }
}

/* Stores the fields a kind writes at p[f] + i. */
MOTE_ALWAYS_INLINE void spring_store(float *const *p, size_t i, unsigned writes,
                                     const spring_lanes *s) {
#pragma GCC unroll 32
    for (int f = 0; f < SPRING_FIELD_COUNT; ++f) {
        if (writes & SPRING_BIT(f)) {
            mote_w_store(p[f] + i, s->f[f]);
        }
    }
}

/* Loads the fields a kind reads at p[f] + i, runs its body, stores the fields it writes. */
MOTE_ALWAYS_INLINE void spring_vector(float *const *p, size_t i, mote_wf dt, unsigned reads,
                                      unsigned writes, spring_body_fn body) {
    spring_lanes s;
    spring_load(p, i, reads, &s);
    body(&s, dt);
    spring_store(p, i, writes, &s);
}

/* Two vectors of damped springs side by side: a vector is one long chain (sqrt -> slow rate
 * -> exp -> division), which a lone vector waits out; the same bits as two damped_body
 * calls. */
MOTE_ALWAYS_INLINE void damped_pair(float *const *p, size_t i, const void *k) {
    spring_lanes s[2];
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        spring_load(p, i + (size_t)v * MOTE_W_LANES, spring_kind_reads[MOTE_SPRING_DAMPED], &s[v]);
    }
    damped_vectors(s, 2, *(const mote_wf *)k);
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        spring_store(p, i + (size_t)v * MOTE_W_LANES, spring_kind_writes[MOTE_SPRING_DAMPED],
                     &s[v]);
    }
}

/* The fixed-step cache's vector (p[SPRING_CACHE_KEY], p[SPRING_CACHE_FACTOR]: pool_kind.h):
 * where every lane's cached key equals its key (the parameter the factor comes from), the
 * cached factors; else the factors computed as the general path computes them, written back
 * with their keys. == takes -0 for +0, and that is right: every factor here has the same bits
 * for both (mote_w_neg(+-0) is +0, and exp(+0) and exp(-0) are both 1: the test checks it). */
MOTE_ALWAYS_INLINE mote_wf cached_factor(float *const *p, size_t i, mote_wf key, mote_wf dt,
                                         spring_factor_fn factor) {
    if (mote_w_all(mote_w_eq(mote_w_load(p[SPRING_CACHE_KEY] + i), key))) {
        return mote_w_load(p[SPRING_CACHE_FACTOR] + i);
    }
    mote_wf e = factor(key, dt);
    mote_w_store(p[SPRING_CACHE_KEY] + i, key);
    mote_w_store(p[SPRING_CACHE_FACTOR] + i, e);
    return e;
}

/* spring_vector with the kind's factor (of field key_field) from the cache. */
MOTE_ALWAYS_INLINE void spring_cached_vector(float *const *p, size_t i, mote_wf dt, unsigned reads,
                                             unsigned writes, int key_field,
                                             spring_factor_fn factor, spring_factor_body_fn body) {
    spring_lanes s;
    spring_load(p, i, reads, &s);
    body(&s, dt, cached_factor(p, i, s.f[key_field], dt, factor));
    spring_store(p, i, writes, &s);
}

/* Two vectors of spring_cached_vector side by side, with one test of both vectors' keys: a pair
 * whose keys all match (every pair of a pool stepped at one dt) pays one compare-and-branch
 * and one loop step for two vectors: 3.57 instructions per element on avx2 against 3.88 a
 * vector at a time (callgrind, critical, 16k), avx512's cached step about 5% faster on Zen 5
 * (bench/README.md, issue 15's runs). A pair with a changed key takes each vector through
 * cached_factor: the same bits as two spring_cached_vector calls either way. */
MOTE_ALWAYS_INLINE void spring_cached_pair(float *const *p, size_t i, mote_wf dt, unsigned reads,
                                           unsigned writes, int key_field, spring_factor_fn factor,
                                           spring_factor_body_fn body) {
    const size_t at[2] = {i, i + MOTE_W_LANES};
    spring_lanes s[2];
    mote_wf e[2];
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        spring_load(p, at[v], reads, &s[v]);
    }
    mote_wm hit =
        mote_w_and(mote_w_eq(mote_w_load(p[SPRING_CACHE_KEY] + at[0]), s[0].f[key_field]),
                   mote_w_eq(mote_w_load(p[SPRING_CACHE_KEY] + at[1]), s[1].f[key_field]));
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        e[v] = mote_w_all(hit) ? mote_w_load(p[SPRING_CACHE_FACTOR] + at[v])
                               : cached_factor(p, at[v], s[v].f[key_field], dt, factor);
    }
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        body(&s[v], dt, e[v]);
        spring_store(p, at[v], writes, &s[v]);
    }
}

/* No software prefetch: a spring kind streams 3-8 arrays, which the hardware prefetchers
 * follow on their own. The prefetch 512 elements ahead these kernels had made the critical
 * spring's 8M-element step (DRAM) 10-25% slower on Zen 4 and was even or slower from 64k to
 * 1M (bench/README.md "The DRAM gap"), as issue 15 found adding it to the Highway peer. */
#define SPRING_PLAN(kind)                                                                          \
    ((mote_lane_plan){SPRING_FIELD_COUNT, spring_kind_reads[kind], spring_kind_writes[kind],       \
                      SIZE_MAX, 0, false, false, 1})
/* The cached kernel's plan: the cache arrays read too (a full vector writes its cache back
 * only when refreshed), no prefetch either. Not in the plan's writes, so the last partial
 * vector's refreshed cache stays in the lane loop's buffer: those few elements compute their
 * factor every step, with the same bits. */
#define SPRING_CACHE_BITS (SPRING_BIT(SPRING_CACHE_KEY) | SPRING_BIT(SPRING_CACHE_FACTOR))
#define SPRING_CACHED_PLAN(kind)                                                                   \
    ((mote_lane_plan){SPRING_ARRAY_COUNT, spring_kind_reads[kind] | SPRING_CACHE_BITS,             \
                      spring_kind_writes[kind], SIZE_MAX, 0, false, false, 1})

/* Every kernel entry inlines everything it calls, the wide exp and expm1 included: with fifteen
 * kernels in this file GCC's inliner stops inlining those at some call sites by itself, and an
 * out-of-line exp per vector spills the loop's state (the critical spring's avx2 step was 8x
 * slower so). */
#define SPRING_KERNEL_ENTRY __attribute__((flatten)) void

/* The kernel of one spring kind; clamp_dt is the model's own limit on dt, pair the kind's
 * two-vector body (NULL: none). */
#define SPRING_KERNEL(kind, name, clamp_dt, pair)                                                  \
    MOTE_ALWAYS_INLINE void name##_vector(float *const *p, size_t i, const void *k) {              \
        spring_vector(p, i, *(const mote_wf *)k, spring_kind_reads[kind],                          \
                      spring_kind_writes[kind], name##_body);                                      \
    }                                                                                              \
    SPRING_KERNEL_ENTRY MOTE_VARIANT_FN(mote_kernel_spring_##name)(                                \
        float *const *p, const void *constants, size_t begin, size_t end) {                        \
        float dt = ((const mote_spring_constants *)constants)->dt;                                 \
        const mote_wf wdt = mote_w_set1(clamp_dt);                                                 \
        mote_lane_loop_paired(p, begin, end, &wdt, name##_vector, pair, SPRING_PLAN(kind));        \
    }

/* The kernel of a kind whose one transcendental is a per-element factor of one field (key)
 * and dt, its body taking the factor: the general path computes it, with MOTE_CACHE_REUSE
 * the fixed-step cache supplies it (the same bits). One definition for every such kind. */
#define SPRING_FACTOR_KERNEL(kind, name, key_field, factor_fn)                                     \
    static inline void name##_body(spring_lanes *s, mote_wf dt) {                                  \
        name##_with_factor(s, dt, factor_fn(s->f[key_field], dt));                                 \
    }                                                                                              \
    MOTE_ALWAYS_INLINE void name##_vector(float *const *p, size_t i, const void *k) {              \
        spring_vector(p, i, *(const mote_wf *)k, spring_kind_reads[kind],                          \
                      spring_kind_writes[kind], name##_body);                                      \
    }                                                                                              \
    MOTE_ALWAYS_INLINE void name##_cached_vector(float *const *p, size_t i, const void *k) {       \
        spring_cached_vector(p, i, *(const mote_wf *)k, spring_kind_reads[kind],                   \
                             spring_kind_writes[kind], key_field, factor_fn, name##_with_factor);  \
    }                                                                                              \
    MOTE_ALWAYS_INLINE void name##_cached_pair(float *const *p, size_t i, const void *k) {         \
        spring_cached_pair(p, i, *(const mote_wf *)k, spring_kind_reads[kind],                     \
                           spring_kind_writes[kind], key_field, factor_fn, name##_with_factor);    \
    }                                                                                              \
    SPRING_KERNEL_ENTRY MOTE_VARIANT_FN(mote_kernel_spring_##name)(                                \
        float *const *p, const void *constants, size_t begin, size_t end) {                        \
        const mote_spring_constants *c = constants;                                                \
        const mote_wf wdt = mote_w_set1(c->dt);                                                    \
        if (c->cache.use != MOTE_CACHE_REUSE) {                                                    \
            mote_lane_loop(p, begin, end, &wdt, name##_vector, SPRING_PLAN(kind));                 \
            return;                                                                                \
        }                                                                                          \
        float *q[SPRING_ARRAY_COUNT];                                                              \
        memcpy(q, p, SPRING_FIELD_COUNT * sizeof *q);                                              \
        q[SPRING_CACHE_KEY] = c->cache.key;                                                        \
        q[SPRING_CACHE_FACTOR] = c->cache.factor;                                                  \
        mote_lane_loop_paired(q, begin, end, &wdt, name##_cached_vector, name##_cached_pair,       \
                              SPRING_CACHED_PLAN(kind));                                           \
    }

#define DAMPING_KEY SPRING_FIELD_DAMPING
SPRING_FACTOR_KERNEL(MOTE_SPRING_DAMPER, damper, DAMPING_KEY, damper_blend)
SPRING_FACTOR_KERNEL(MOTE_SPRING_CRITICAL, critical, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_ANGLE, angle, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_DOUBLE_ANGLE, double_angle, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_DECAY, decay, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_EXP_RESPONSE, exp_response, SPRING_FIELD_RATE, exp_response_blend)
SPRING_KERNEL(MOTE_SPRING_DAMPED, damped, dt, damped_pair)
SPRING_FACTOR_KERNEL(MOTE_SPRING_DOUBLE, double, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_INERTIALIZE, inertialize, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_TIMED, timed, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_VELOCITY, velocity, DAMPING_KEY, decay_factor)
SPRING_FACTOR_KERNEL(MOTE_SPRING_EXTRAPOLATE, extrapolate, DAMPING_KEY, damper_blend)
SPRING_FACTOR_KERNEL(MOTE_SPRING_DEAD_BLEND, dead_blend, DAMPING_KEY, quarter_decay_factor)
/* The tracking kernel's broadcast constants: dt and 1 / dt. */
typedef struct tracking_constants {
    mote_wf dt, per_dt;
} tracking_constants;

/* One vector of tracking springs, with the reciprocal or (dt below FLT_MIN) the division. */
MOTE_ALWAYS_INLINE void tracking_vector_with(float *const *p, size_t i, const void *k,
                                             bool reciprocal) {
    const tracking_constants *c = k;
    spring_lanes s;
    spring_load(p, i, spring_kind_reads[MOTE_SPRING_TRACKING], &s);
    tracking_lanes(&s, c->dt, c->per_dt, reciprocal);
    spring_store(p, i, spring_kind_writes[MOTE_SPRING_TRACKING], &s);
}

MOTE_ALWAYS_INLINE void tracking_vector(float *const *p, size_t i, const void *k) {
    tracking_vector_with(p, i, k, true);
}

MOTE_ALWAYS_INLINE void tracking_small_dt_vector(float *const *p, size_t i, const void *k) {
    tracking_vector_with(p, i, k, false);
}

/* The tracking spring's one division, b / dt, taken as b times 1 / dt computed once for the
 * step (mote_ref_over_dt), where dt >= FLT_MIN makes that finite. */
SPRING_KERNEL_ENTRY MOTE_VARIANT_FN(mote_kernel_spring_tracking)(float *const *p,
                                                                 const void *constants,
                                                                 size_t begin, size_t end) {
    const float dt = ((const mote_spring_constants *)constants)->dt;
    const tracking_constants k = {mote_w_set1(dt), mote_w_set1(1.0f / dt)};
    if (dt >= FLT_MIN) {
        mote_lane_loop(p, begin, end, &k, tracking_vector, SPRING_PLAN(MOTE_SPRING_TRACKING));
    } else {
        mote_lane_loop(p, begin, end, &k, tracking_small_dt_vector,
                       SPRING_PLAN(MOTE_SPRING_TRACKING));
    }
}

/* The semi-implicit spring clamps its dt, as mote_spring_semi_implicit does. */
SPRING_KERNEL(MOTE_SPRING_SEMI_IMPLICIT, semi_implicit,
              dt > MOTE_SEMI_IMPLICIT_MAX_DT ? MOTE_SEMI_IMPLICIT_MAX_DT : dt, NULL)
