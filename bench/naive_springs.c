/* The naive baseline: one loop shape over an array of structs, with each kind's scalar step.
 *
 * The critical spring, the one the speed targets are set against, is the seed's formula
 * written out in the loop with libm expf, as a user who copied it would write it: the compiler
 * sees the whole body, with no call in the way; so are the Spring-It-On kinds (timed,
 * velocity, tracking, extrapolate, dead_blend), as a user copies Holden's code (whose public
 * forms in mote/spring.h also check their input). The other kinds call the library's scalar
 * functions (mote/spring.h), which are the same formulas with libm behind one call. */
#include "naive_springs.h"

#include <math.h>

#include "mote/orientation.h"
#include "mote/spring.h"

/* The critical spring on one struct, as the seed writes it (halflife in seconds). */
static inline void user_critical_spring(mote_spring_desc *e, float dt) {
    float halflife = e->halflife < 0.0f ? 0.0f : e->halflife;
    float y = (4.0f * MOTE_LN2) / (halflife + MOTE_SPRING_EPS) / 2.0f;
    float j0 = e->x - e->goal;
    float j1 = e->v + j0 * y;
    float eydt = expf(-y * dt);
    e->x = eydt * (j0 + j1 * dt) + e->goal;
    e->v = eydt * (e->v - j1 * y * dt);
}

/* The critical spring of the Spring-It-On kinds, written out the same way, toward aim. */
static inline void user_spring_toward(float *x, float *v, float aim, float halflife, float dt) {
    float y = (4.0f * MOTE_LN2) / (halflife + MOTE_SPRING_EPS) / 2.0f;
    float j0 = *x - aim;
    float j1 = *v + j0 * y;
    float eydt = expf(-y * dt);
    *x = eydt * (j0 + j1 * dt) + aim;
    *v = eydt * (*v - j1 * y * dt);
}

/* The damper's blend 1 - e^(-ln2 dt / (halflife + eps)). */
static inline float user_blend(float halflife, float dt) {
    return 1.0f - expf(-(MOTE_LN2 * dt) / (halflife + MOTE_SPRING_EPS));
}

/* Holden's timed spring as a user copies it, the time left counted down in the loop. */
static inline void user_timed_spring(mote_spring_desc *e, float dt) {
    float h = e->halflife < 0.0f ? 0.0f : e->halflife;
    float span = e->goal_time > dt ? e->goal_time : dt;
    float speed = (e->goal - e->xi) / span;
    float ahead = dt + 2.0f * h;
    float aim = ahead < e->goal_time ? e->xi + speed * ahead : e->goal;
    user_spring_toward(&e->x, &e->v, aim, h, dt);
    e->xi += speed * dt;
    e->goal_time = e->goal_time > dt ? e->goal_time - dt : 0.0f;
}

static inline void user_velocity_spring(mote_spring_desc *e, float dt) {
    float h = e->halflife < 0.0f ? 0.0f : e->halflife;
    float gap = e->goal - e->xi;
    float toward = gap > 0.0f ? e->speed : -e->speed;
    float ahead = dt + 2.0f * h;
    float aim = fabsf(gap) > ahead * e->speed ? e->xi + toward * ahead : e->goal;
    user_spring_toward(&e->x, &e->v, aim, h, dt);
    e->xi = fabsf(gap) > dt * e->speed ? e->xi + toward * dt : e->goal;
}

static inline void user_tracking_spring(mote_spring_desc *e, float dt) {
    float v = e->v + e->incoming_a * dt * user_blend(e->a_halflife, dt);
    v = v + (e->incoming_v - v) * user_blend(e->v_halflife, dt);
    v = v + ((e->goal - e->x) / dt - v) * user_blend(e->halflife, dt);
    e->v = v;
    e->x += dt * v;
}

static inline void user_extrapolate(mote_spring_desc *e, float dt) {
    float y = MOTE_LN2 / (e->halflife + MOTE_SPRING_EPS);
    float decay = expf(-y * dt);
    e->x += e->v / y * (1.0f - decay);
    e->v *= decay;
}

static inline void user_dead_blend(mote_spring_desc *e, float dt) {
    if (e->ext_t < e->blend_time) {
        e->ext_v *= expf(-(MOTE_LN2 * dt) / (e->halflife + MOTE_SPRING_EPS));
        e->ext_x += e->ext_v * dt;
        e->ext_t += dt;
        float u = fminf(fmaxf(e->ext_t / e->blend_time, 0.0f), 1.0f);
        float a = u * u * (3.0f - 2.0f * u);
        e->x = e->ext_x + (e->goal - e->ext_x) * a;
        e->v = e->ext_v + (e->incoming_v - e->ext_v) * a;
    } else {
        e->x = e->goal;
        e->v = e->incoming_v;
    }
}

/* Defines naive_<name>: for each struct e in the array, the kind's step. */
#define NAIVE_LOOP(name, element_step)                                                             \
    static void naive_##name(mote_spring_desc *springs, size_t count, float dt) {                  \
        for (size_t i = 0; i < count; ++i) {                                                       \
            mote_spring_desc *e = &springs[i];                                                     \
            element_step;                                                                          \
        }                                                                                          \
    }

NAIVE_LOOP(damper, e->x = mote_damper(e->x, e->goal, e->halflife, dt))
NAIVE_LOOP(critical, user_critical_spring(e, dt))
NAIVE_LOOP(angle, mote_spring_angle(&e->x, &e->v, e->goal, e->halflife, dt))
NAIVE_LOOP(double_angle,
           mote_double_spring_angle(&e->x, &e->v, &e->xi, &e->vi, e->goal, e->halflife, dt))
NAIVE_LOOP(decay, mote_decay(&e->x, &e->v, e->halflife, dt))
NAIVE_LOOP(semi_implicit,
           mote_spring_semi_implicit(&e->x, &e->v, e->goal, e->stiffness, e->damping, dt))
NAIVE_LOOP(exp_response, e->x = mote_exp_response(e->x, e->goal, e->rate, dt))
NAIVE_LOOP(damped, mote_spring_damper(&e->x, &e->v, e->goal, e->stiffness, e->damping, dt))
NAIVE_LOOP(double, mote_double_spring(&e->x, &e->v, &e->xi, &e->vi, e->goal, e->halflife, dt))
NAIVE_LOOP(inertialize, mote_inertialize_update(&e->x, &e->v, &e->offset_x, &e->offset_v, e->goal,
                                                e->incoming_v, e->halflife, dt))

NAIVE_LOOP(timed, user_timed_spring(e, dt))
NAIVE_LOOP(velocity, user_velocity_spring(e, dt))
NAIVE_LOOP(tracking, user_tracking_spring(e, dt))
NAIVE_LOOP(extrapolate, user_extrapolate(e, dt))
NAIVE_LOOP(dead_blend, user_dead_blend(e, dt))

typedef void (*naive_loop_fn)(mote_spring_desc *springs, size_t count, float dt);

static const naive_loop_fn naive_loops[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = naive_damper,
    [MOTE_SPRING_CRITICAL] = naive_critical,
    [MOTE_SPRING_ANGLE] = naive_angle,
    [MOTE_SPRING_DOUBLE_ANGLE] = naive_double_angle,
    [MOTE_SPRING_DECAY] = naive_decay,
    [MOTE_SPRING_SEMI_IMPLICIT] = naive_semi_implicit,
    [MOTE_SPRING_EXP_RESPONSE] = naive_exp_response,
    [MOTE_SPRING_DAMPED] = naive_damped,
    [MOTE_SPRING_DOUBLE] = naive_double,
    [MOTE_SPRING_INERTIALIZE] = naive_inertialize,
    [MOTE_SPRING_TIMED] = naive_timed,
    [MOTE_SPRING_VELOCITY] = naive_velocity,
    [MOTE_SPRING_TRACKING] = naive_tracking,
    [MOTE_SPRING_EXTRAPOLATE] = naive_extrapolate,
    [MOTE_SPRING_DEAD_BLEND] = naive_dead_blend,
};

void bench_naive_step(mote_spring_kind kind, mote_spring_desc *springs, size_t count, float dt) {
    naive_loops[kind](springs, count, dt);
}
