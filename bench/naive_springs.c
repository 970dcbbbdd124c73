/* The naive baseline: one loop shape over an array of structs, with each kind's scalar step.
 *
 * The critical spring, the one the speed targets are set against, is the seed's formula
 * written out in the loop with libm expf, as a user who copied it would write it: the compiler
 * sees the whole body, with no call in the way. The other kinds call the library's scalar
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
};

void bench_naive_step(mote_spring_kind kind, mote_spring_desc *springs, size_t count, float dt) {
    naive_loops[kind](springs, count, dt);
}
