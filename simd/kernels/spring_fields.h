/* Internal: the fields of a spring pool, and which of them each kind reads and writes.
 * Shared by the pool (which allocates exactly the fields its kind reads) and the kernels. */
#ifndef MOTE_SPRING_FIELDS_H
#define MOTE_SPRING_FIELDS_H

#include "mote/spring_pool.h"

enum {
    FIELD_X,
    FIELD_V,
    FIELD_GOAL,
    FIELD_XI,
    FIELD_VI,
    FIELD_STIFFNESS,
    FIELD_DAMPING,
    FIELD_RATE,
    FIELD_COUNT
};

#define FIELD_BIT(f) (1u << (f))

#define SPRING_HALFLIFE_MODEL                                                                      \
    (FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V) | FIELD_BIT(FIELD_GOAL) | FIELD_BIT(FIELD_DAMPING))
#define SPRING_DOUBLE_MODEL (SPRING_HALFLIFE_MODEL | FIELD_BIT(FIELD_XI) | FIELD_BIT(FIELD_VI))
#define SPRING_FORCE_MODEL                                                                         \
    (FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V) | FIELD_BIT(FIELD_GOAL) |                             \
     FIELD_BIT(FIELD_STIFFNESS) | FIELD_BIT(FIELD_DAMPING))

/* Fields each kind reads (and so the pool stores), indexed by mote_spring_kind. */
static const unsigned spring_kind_reads[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_GOAL) | FIELD_BIT(FIELD_DAMPING),
    [MOTE_SPRING_CRITICAL] = SPRING_HALFLIFE_MODEL,
    [MOTE_SPRING_ANGLE] = SPRING_HALFLIFE_MODEL,
    [MOTE_SPRING_DOUBLE_ANGLE] = SPRING_DOUBLE_MODEL,
    [MOTE_SPRING_DECAY] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V) | FIELD_BIT(FIELD_DAMPING),
    [MOTE_SPRING_SEMI_IMPLICIT] = SPRING_FORCE_MODEL,
    [MOTE_SPRING_EXP_RESPONSE] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_GOAL) | FIELD_BIT(FIELD_RATE),
    [MOTE_SPRING_DAMPED] = SPRING_FORCE_MODEL,
    [MOTE_SPRING_DOUBLE] = SPRING_DOUBLE_MODEL,
};

/* Fields each kind writes: its state. */
static const unsigned spring_kind_writes[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = FIELD_BIT(FIELD_X),
    [MOTE_SPRING_CRITICAL] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V),
    [MOTE_SPRING_ANGLE] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V),
    [MOTE_SPRING_DOUBLE_ANGLE] =
        FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V) | FIELD_BIT(FIELD_XI) | FIELD_BIT(FIELD_VI),
    [MOTE_SPRING_DECAY] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V),
    [MOTE_SPRING_SEMI_IMPLICIT] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V),
    [MOTE_SPRING_EXP_RESPONSE] = FIELD_BIT(FIELD_X),
    [MOTE_SPRING_DAMPED] = FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V),
    [MOTE_SPRING_DOUBLE] =
        FIELD_BIT(FIELD_X) | FIELD_BIT(FIELD_V) | FIELD_BIT(FIELD_XI) | FIELD_BIT(FIELD_VI),
};

/* The view's field pointers as an array indexed by FIELD_*. */
static inline void spring_view_pointers(const mote_spring_view *view, float *p[FIELD_COUNT]) {
    p[FIELD_X] = view->x;
    p[FIELD_V] = view->v;
    p[FIELD_GOAL] = view->goal;
    p[FIELD_XI] = view->xi;
    p[FIELD_VI] = view->vi;
    p[FIELD_STIFFNESS] = view->stiffness;
    p[FIELD_DAMPING] = view->damping;
    p[FIELD_RATE] = view->rate;
}

/* Points the view's fields at p (the inverse of spring_view_pointers). */
static inline void spring_view_from_pointers(mote_spring_view *view, float *const p[FIELD_COUNT]) {
    view->x = p[FIELD_X];
    view->v = p[FIELD_V];
    view->goal = p[FIELD_GOAL];
    view->xi = p[FIELD_XI];
    view->vi = p[FIELD_VI];
    view->stiffness = p[FIELD_STIFFNESS];
    view->damping = p[FIELD_DAMPING];
    view->rate = p[FIELD_RATE];
}

#endif
