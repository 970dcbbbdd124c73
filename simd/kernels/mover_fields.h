/* Internal: the fields of a mover pool, in one enum shared by the pool (which stores them all)
 * and the kernels, and the mapping between the enum and the view's named pointers. */
#ifndef MOTE_MOVER_FIELDS_H
#define MOTE_MOVER_FIELDS_H

#include "mote/mover_pool.h"

enum {
    MOVER_POSITION_X,
    MOVER_POSITION_Y,
    MOVER_VELOCITY_X,
    MOVER_VELOCITY_Y,
    MOVER_ACCELERATION_X,
    MOVER_ACCELERATION_Y,
    MOVER_IMMEDIATE_VELOCITY_X,
    MOVER_IMMEDIATE_VELOCITY_Y,
    MOVER_ROTATION,
    MOVER_ANGULAR_VELOCITY,
    MOVER_IMMEDIATE_ROTATION,
    MOVER_IMMEDIATE_ANGULAR_VELOCITY,
    MOVER_STATE_COUNT, /* the fields above are the state a step writes; below, its inputs */
    MOVER_DESIRED_VELOCITY_X = MOVER_STATE_COUNT,
    MOVER_DESIRED_VELOCITY_Y,
    MOVER_DESIRED_FACING,
    MOVER_EXPLICIT_FACING,
    MOVER_FIELD_COUNT
};

/* Every field, as a pool_core field mask. */
#define MOVER_ALL_FIELDS ((1u << MOVER_FIELD_COUNT) - 1u)

/* The view's field pointers as an array indexed by MOVER_*. */
static inline void mover_view_pointers(const mote_mover_view *v, float *p[MOVER_FIELD_COUNT]) {
    p[MOVER_POSITION_X] = v->position_x;
    p[MOVER_POSITION_Y] = v->position_y;
    p[MOVER_VELOCITY_X] = v->velocity_x;
    p[MOVER_VELOCITY_Y] = v->velocity_y;
    p[MOVER_ACCELERATION_X] = v->acceleration_x;
    p[MOVER_ACCELERATION_Y] = v->acceleration_y;
    p[MOVER_IMMEDIATE_VELOCITY_X] = v->immediate_velocity_x;
    p[MOVER_IMMEDIATE_VELOCITY_Y] = v->immediate_velocity_y;
    p[MOVER_ROTATION] = v->rotation;
    p[MOVER_ANGULAR_VELOCITY] = v->angular_velocity;
    p[MOVER_IMMEDIATE_ROTATION] = v->immediate_rotation;
    p[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = v->immediate_angular_velocity;
    p[MOVER_DESIRED_VELOCITY_X] = v->desired_velocity_x;
    p[MOVER_DESIRED_VELOCITY_Y] = v->desired_velocity_y;
    p[MOVER_DESIRED_FACING] = v->desired_facing;
    p[MOVER_EXPLICIT_FACING] = v->explicit_facing;
}

/* Points the view's fields at p (the inverse of mover_view_pointers). */
static inline void mover_view_from_pointers(mote_mover_view *v, float *const p[MOVER_FIELD_COUNT]) {
    v->position_x = p[MOVER_POSITION_X];
    v->position_y = p[MOVER_POSITION_Y];
    v->velocity_x = p[MOVER_VELOCITY_X];
    v->velocity_y = p[MOVER_VELOCITY_Y];
    v->acceleration_x = p[MOVER_ACCELERATION_X];
    v->acceleration_y = p[MOVER_ACCELERATION_Y];
    v->immediate_velocity_x = p[MOVER_IMMEDIATE_VELOCITY_X];
    v->immediate_velocity_y = p[MOVER_IMMEDIATE_VELOCITY_Y];
    v->rotation = p[MOVER_ROTATION];
    v->angular_velocity = p[MOVER_ANGULAR_VELOCITY];
    v->immediate_rotation = p[MOVER_IMMEDIATE_ROTATION];
    v->immediate_angular_velocity = p[MOVER_IMMEDIATE_ANGULAR_VELOCITY];
    v->desired_velocity_x = p[MOVER_DESIRED_VELOCITY_X];
    v->desired_velocity_y = p[MOVER_DESIRED_VELOCITY_Y];
    v->desired_facing = p[MOVER_DESIRED_FACING];
    v->explicit_facing = p[MOVER_EXPLICIT_FACING];
}

#endif
