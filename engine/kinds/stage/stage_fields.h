/* Internal: the stage pool's field list, written once, and its per-step constants. Shared by
 * the pool, the reference kernel and the wide kernel. */
#ifndef MOTE_STAGE_FIELDS_H
#define MOTE_STAGE_FIELDS_H

#include "mote/stage_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. The state comes first. */
#define STAGE_FIELDS(X)                                                                            \
    X(STAGE_TIME, time, time, STATE, NONNEGATIVE, MEMBER)                                          \
    X(STAGE_PX, position[0], position.x, STATE, FINITE, MEMBER)                                    \
    X(STAGE_PY, position[1], position.y, STATE, FINITE, MEMBER)                                    \
    X(STAGE_PZ, position[2], position.z, STATE, FINITE, MEMBER)                                    \
    X(STAGE_QX, orientation[0], orientation.x, STATE, FINITE, MEMBER)                              \
    X(STAGE_QY, orientation[1], orientation.y, STATE, FINITE, MEMBER)                              \
    X(STAGE_QZ, orientation[2], orientation.z, STATE, FINITE, MEMBER)                              \
    X(STAGE_QW, orientation[3], orientation.w, STATE, FINITE, MEMBER)                              \
    X(STAGE_WPX, world_position[0], world.position.x, PARAM, FINITE, MEMBER)                       \
    X(STAGE_WPY, world_position[1], world.position.y, PARAM, FINITE, MEMBER)                       \
    X(STAGE_WPZ, world_position[2], world.position.z, PARAM, FINITE, MEMBER)                       \
    X(STAGE_WQX, world_orientation[0], world.orientation.x, PARAM, FINITE, MEMBER)                 \
    X(STAGE_WQY, world_orientation[1], world.orientation.y, PARAM, FINITE, MEMBER)                 \
    X(STAGE_WQZ, world_orientation[2], world.orientation.z, PARAM, FINITE, MEMBER)                 \
    X(STAGE_WQW, world_orientation[3], world.orientation.w, PARAM, FINITE, MEMBER)                 \
    X(STAGE_WSX, world_scale[0], world.scale.x, PARAM, FINITE, MEMBER)                             \
    X(STAGE_WSY, world_scale[1], world.scale.y, PARAM, FINITE, MEMBER)                             \
    X(STAGE_WSZ, world_scale[2], world.scale.z, PARAM, FINITE, MEMBER)                             \
    X(STAGE_AX, along[0], along.x, PARAM, FINITE, MEMBER)                                          \
    X(STAGE_AY, along[1], along.y, PARAM, FINITE, MEMBER)                                          \
    X(STAGE_AZ, along[2], along.z, PARAM, FINITE, MEMBER)                                          \
    X(STAGE_SX, side[0], side.x, PARAM, FINITE, MEMBER)                                            \
    X(STAGE_SY, side[1], side.y, PARAM, FINITE, MEMBER)                                            \
    X(STAGE_SZ, side[2], side.z, PARAM, FINITE, MEMBER)                                            \
    X(STAGE_EX, earthward[0], earthward.x, PARAM, FINITE, MEMBER)                                  \
    X(STAGE_EY, earthward[1], earthward.y, PARAM, FINITE, MEMBER)                                  \
    X(STAGE_EZ, earthward[2], earthward.z, PARAM, FINITE, MEMBER)                                  \
    X(STAGE_TILT, tilt_angle, tilt_angle, PARAM, NONNEGATIVE, MEMBER)                              \
    X(STAGE_TX, tilt_axis[0], tilt_axis.x, PARAM, FINITE, MEMBER)                                  \
    X(STAGE_TY, tilt_axis[1], tilt_axis.y, PARAM, FINITE, MEMBER)                                  \
    X(STAGE_TZ, tilt_axis[2], tilt_axis.z, PARAM, FINITE, MEMBER)                                  \
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
