/* Internal: the mover pool's field list, written once: the enum, the kind record's field
 * table (mover_kind.c) and the split between the state a step writes and its inputs. Shared
 * by the pool, the reference kernel and the wide kernel. */
#ifndef MOTE_MOVER_FIELDS_H
#define MOTE_MOVER_FIELDS_H

#include "mote/mover_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. The state comes
 * first. */
#define MOVER_FIELDS(X)                                                                            \
    X(MOVER_POSITION_X, position_x, state.position.x, STATE, FINITE, MEMBER)                       \
    X(MOVER_POSITION_Y, position_y, state.position.y, STATE, FINITE, MEMBER)                       \
    X(MOVER_VELOCITY_X, velocity_x, state.velocity.x, STATE, FINITE, MEMBER)                       \
    X(MOVER_VELOCITY_Y, velocity_y, state.velocity.y, STATE, FINITE, MEMBER)                       \
    X(MOVER_ACCELERATION_X, acceleration_x, state.acceleration.x, STATE, FINITE, MEMBER)           \
    X(MOVER_ACCELERATION_Y, acceleration_y, state.acceleration.y, STATE, FINITE, MEMBER)           \
    X(MOVER_IMMEDIATE_VELOCITY_X, immediate_velocity_x, state.immediate_velocity.x, STATE, FINITE, \
      MEMBER)                                                                                      \
    X(MOVER_IMMEDIATE_VELOCITY_Y, immediate_velocity_y, state.immediate_velocity.y, STATE, FINITE, \
      MEMBER)                                                                                      \
    X(MOVER_ROTATION, rotation, state.rotation, STATE, FINITE, MEMBER)                             \
    X(MOVER_ANGULAR_VELOCITY, angular_velocity, state.angular_velocity, STATE, FINITE, MEMBER)     \
    X(MOVER_IMMEDIATE_ROTATION, immediate_rotation, state.immediate_rotation, STATE, FINITE,       \
      MEMBER)                                                                                      \
    X(MOVER_IMMEDIATE_ANGULAR_VELOCITY, immediate_angular_velocity,                                \
      state.immediate_angular_velocity, STATE, FINITE, MEMBER)                                     \
    X(MOVER_DESIRED_VELOCITY_X, desired_velocity_x, desired_velocity.x, INPUT, FINITE, MEMBER)     \
    X(MOVER_DESIRED_VELOCITY_Y, desired_velocity_y, desired_velocity.y, INPUT, FINITE, MEMBER)     \
    X(MOVER_DESIRED_FACING, desired_facing, desired_facing, INPUT, FINITE, MEMBER)                 \
    X(MOVER_EXPLICIT_FACING, explicit_facing, explicit_facing, INPUT, FINITE, CONVERTED)           \
    X(MOVER_RADIUS, radius, radius, PARAM, NONNEGATIVE, MEMBER)                                    \
    X(MOVER_AVOID_VELOCITY_X, avoid_velocity_x, avoid_velocity_x, STATE, FINITE, CONVERTED)        \
    X(MOVER_AVOID_VELOCITY_Y, avoid_velocity_y, avoid_velocity_y, STATE, FINITE, CONVERTED)

/* The explicit-facing flag is a bool in the desc, 0 or 1 in its array. */
enum { MOVER_FIELDS(MOTE_FIELD_ENUM) MOVER_FIELD_COUNT };

/* The fields above MOVER_DESIRED_VELOCITY_X are the state the movement model writes; the
 * movement kernel reads the fields above MOVER_RADIUS. The avoidance stages read the radius
 * and write the avoid velocities (mover_avoid.h); an added or set element's avoid velocity
 * starts as its desired velocity. */
#define MOVER_STATE_COUNT    MOVER_DESIRED_VELOCITY_X
#define MOVER_MOVEMENT_COUNT MOVER_RADIUS

/* Every field, as a field mask, and the state a step writes. */
#define MOVER_ALL_FIELDS   ((1u << MOVER_FIELD_COUNT) - 1u)
#define MOVER_STATE_FIELDS ((1u << MOVER_STATE_COUNT) - 1u)
/* The fields the movement kernel reads. */
#define MOVER_MOVEMENT_FIELDS ((1u << MOVER_MOVEMENT_COUNT) - 1u)

/* The mover kind record (mover_kind.c), and mover_view_pointers / mover_view_from_pointers: the
 * view's field pointers as an array indexed by MOVER_* and back. */
MOTE_KIND_VIEW_POINTERS(mover, MOVER_FIELD_COUNT)

/* Element i's movement state, read out of a view. */
static inline mote_movement_state mover_state_at(const mote_mover_view *v, size_t i) {
    mote_movement_state s = {
        .position = {v->position_x[i], v->position_y[i]},
        .velocity = {v->velocity_x[i], v->velocity_y[i]},
        .acceleration = {v->acceleration_x[i], v->acceleration_y[i]},
        .immediate_velocity = {v->immediate_velocity_x[i], v->immediate_velocity_y[i]},
        .rotation = v->rotation[i],
        .angular_velocity = v->angular_velocity[i],
        .immediate_rotation = v->immediate_rotation[i],
        .immediate_angular_velocity = v->immediate_angular_velocity[i],
    };
    return s;
}

#endif
