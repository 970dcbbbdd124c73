/* Internal: the stage pool's field list, written once, and its per-step constants. Shared by
 * the pool, the reference kernel and the wide kernel. */
#ifndef MOTE_STAGE_FIELDS_H
#define MOTE_STAGE_FIELDS_H

#include "mote/stage_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. The state comes first. */
#define STAGE_FIELDS(X)                                                                            \
    X(STAGE_TIME, time, time, STATE, NONNEGATIVE, MEMBER)                                          \
    MOTE_FIELD_VEC3(X, STAGE_P, position, position, STATE, FINITE, MEMBER)                         \
    MOTE_FIELD_QUAT(X, STAGE_Q, orientation, orientation, STATE, FINITE, MEMBER)                   \
    MOTE_FIELD_VEC3(X, STAGE_WP, world_position, world.position, PARAM, FINITE, MEMBER)            \
    MOTE_FIELD_QUAT(X, STAGE_WQ, world_orientation, world.orientation, PARAM, FINITE, MEMBER)      \
    MOTE_FIELD_VEC3(X, STAGE_WS, world_scale, world.scale, PARAM, FINITE, MEMBER)                  \
    MOTE_FIELD_VEC3(X, STAGE_A, along, along, PARAM, FINITE, MEMBER)                               \
    MOTE_FIELD_VEC3(X, STAGE_S, side, side, PARAM, FINITE, MEMBER)                                 \
    MOTE_FIELD_VEC3(X, STAGE_E, earthward, earthward, PARAM, FINITE, MEMBER)                       \
    X(STAGE_TILT, tilt_angle, tilt_angle, PARAM, NONNEGATIVE, MEMBER)                              \
    MOTE_FIELD_VEC3(X, STAGE_T, tilt_axis, tilt_axis, PARAM, FINITE, MEMBER)                       \
    X(STAGE_SPIN, spin_rate, spin_rate, PARAM, NONNEGATIVE, MEMBER)

enum { STAGE_FIELDS(MOTE_FIELD_ENUM) STAGE_FIELD_COUNT };

#define STAGE_ALL_FIELDS ((unsigned)((1ull << STAGE_FIELD_COUNT) - 1u))
/* A step reads the time and the parameters and writes the state (STAGE_TIME .. STAGE_QW). */
#define STAGE_WRITES ((1u << (STAGE_QW + 1)) - 1u)
#define STAGE_READS  ((STAGE_ALL_FIELDS & ~STAGE_WRITES) | (1u << STAGE_TIME))

/* What every stage kernel receives: the step's dt (s) and the pool's separation template
 * (its separation constants are every stage's). */
typedef struct mote_stage_constants {
    float dt;
    mote_stage_desc separation;
} mote_stage_constants;

/* The stage kind record (stage_kind.c). */
extern const mote_pool_kind mote_stage_pool_kind_record;

/* Stage i of the arrays p as a desc: its fields, the separation constants of sep. */
static inline mote_stage_desc stage_desc_at(float *const *p, size_t i, const mote_stage_desc *sep) {
    mote_stage_desc desc = *sep;
    mote_stage_desc *d = &desc;
    STAGE_FIELDS(MOTE_FIELD_LOAD)
    return desc;
}

/* Writes a desc's fields into stage i of the arrays p (mote_stage_pool_add's layout). */
static inline void stage_desc_store(float *const *p, size_t i, const mote_stage_desc *d) {
    STAGE_FIELDS(MOTE_FIELD_STORE)
}

#endif
