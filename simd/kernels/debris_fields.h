/* Internal: the fields of a debris pool, which of them a step writes, and the mapping
 * between the public view and an array of field pointers. Shared by the pool, the kernels,
 * the scalar backend, the tests and mote-compare. */
#ifndef MOTE_DEBRIS_FIELDS_H
#define MOTE_DEBRIS_FIELDS_H

#include "mote/debris_pool.h"

enum {
    DEBRIS_TIME,
    DEBRIS_PHASE,
    DEBRIS_PX,
    DEBRIS_PY,
    DEBRIS_PZ,
    DEBRIS_QX,
    DEBRIS_QY,
    DEBRIS_QZ,
    DEBRIS_QW,
    DEBRIS_VX,
    DEBRIS_VY,
    DEBRIS_VZ,
    DEBRIS_WX,
    DEBRIS_WY,
    DEBRIS_WZ,
    DEBRIS_AX,
    DEBRIS_AY,
    DEBRIS_AZ,
    DEBRIS_OX,
    DEBRIS_OY,
    DEBRIS_OZ,
    DEBRIS_BX,
    DEBRIS_BY,
    DEBRIS_BZ,
    DEBRIS_BW,
    DEBRIS_PEEL_START,
    DEBRIS_DETACH_TIME,
    DEBRIS_MAX_DISTANCE,
    DEBRIS_TWIST,
    DEBRIS_OUTWARD_SPEED,
    DEBRIS_AXIAL_SPEED,
    DEBRIS_FIELD_COUNT
};

#define DEBRIS_BIT(f) (1u << (f))
/* Every field. */
#define DEBRIS_ALL_FIELDS ((unsigned)((1ull << DEBRIS_FIELD_COUNT) - 1u))
/* What a step writes: the clock, the phase and the pose and velocity. */
#define DEBRIS_WRITES                                                                              \
    (DEBRIS_BIT(DEBRIS_TIME) | DEBRIS_BIT(DEBRIS_PHASE) | DEBRIS_BIT(DEBRIS_PX) |                  \
     DEBRIS_BIT(DEBRIS_PY) | DEBRIS_BIT(DEBRIS_PZ) | DEBRIS_BIT(DEBRIS_QX) |                       \
     DEBRIS_BIT(DEBRIS_QY) | DEBRIS_BIT(DEBRIS_QZ) | DEBRIS_BIT(DEBRIS_QW) |                       \
     DEBRIS_BIT(DEBRIS_VX) | DEBRIS_BIT(DEBRIS_VY) | DEBRIS_BIT(DEBRIS_VZ))

/* The view's field pointers as an array indexed by DEBRIS_*. */
static inline void debris_view_pointers(const mote_debris_view *v, float *p[DEBRIS_FIELD_COUNT]) {
    p[DEBRIS_TIME] = v->time;
    p[DEBRIS_PHASE] = v->phase;
    for (int k = 0; k < 3; ++k) {
        p[DEBRIS_PX + k] = v->position[k];
        p[DEBRIS_VX + k] = v->velocity[k];
        p[DEBRIS_WX + k] = v->angular_velocity[k];
        p[DEBRIS_AX + k] = v->anchor[k];
        p[DEBRIS_OX + k] = v->outward[k];
    }
    for (int k = 0; k < 4; ++k) {
        p[DEBRIS_QX + k] = v->orientation[k];
        p[DEBRIS_BX + k] = v->base[k];
    }
    p[DEBRIS_PEEL_START] = v->peel_start;
    p[DEBRIS_DETACH_TIME] = v->detach_time;
    p[DEBRIS_MAX_DISTANCE] = v->max_distance;
    p[DEBRIS_TWIST] = v->twist;
    p[DEBRIS_OUTWARD_SPEED] = v->outward_speed;
    p[DEBRIS_AXIAL_SPEED] = v->axial_speed;
}

/* Points the view's fields at p (the inverse of debris_view_pointers). */
static inline void debris_view_from_pointers(mote_debris_view *v,
                                             float *const p[DEBRIS_FIELD_COUNT]) {
    v->time = p[DEBRIS_TIME];
    v->phase = p[DEBRIS_PHASE];
    for (int k = 0; k < 3; ++k) {
        v->position[k] = p[DEBRIS_PX + k];
        v->velocity[k] = p[DEBRIS_VX + k];
        v->angular_velocity[k] = p[DEBRIS_WX + k];
        v->anchor[k] = p[DEBRIS_AX + k];
        v->outward[k] = p[DEBRIS_OX + k];
    }
    for (int k = 0; k < 4; ++k) {
        v->orientation[k] = p[DEBRIS_QX + k];
        v->base[k] = p[DEBRIS_BX + k];
    }
    v->peel_start = p[DEBRIS_PEEL_START];
    v->detach_time = p[DEBRIS_DETACH_TIME];
    v->max_distance = p[DEBRIS_MAX_DISTANCE];
    v->twist = p[DEBRIS_TWIST];
    v->outward_speed = p[DEBRIS_OUTWARD_SPEED];
    v->axial_speed = p[DEBRIS_AXIAL_SPEED];
}

/* Piece i of the arrays p as a desc (the phase rounded to the enum). */
static inline mote_debris_desc debris_desc_at(float *const p[DEBRIS_FIELD_COUNT], size_t i) {
    mote_debris_desc d;
    d.time = p[DEBRIS_TIME][i];
    float phase = p[DEBRIS_PHASE][i];
    d.phase = phase > 1.5f   ? MOTE_DEBRIS_FREE
              : phase > 0.0f ? MOTE_DEBRIS_RELEASED
                             : MOTE_DEBRIS_ATTACHED;
    d.position = (mote_vec3){p[DEBRIS_PX][i], p[DEBRIS_PY][i], p[DEBRIS_PZ][i]};
    d.orientation = (mote_quat){p[DEBRIS_QX][i], p[DEBRIS_QY][i], p[DEBRIS_QZ][i], p[DEBRIS_QW][i]};
    d.velocity = (mote_vec3){p[DEBRIS_VX][i], p[DEBRIS_VY][i], p[DEBRIS_VZ][i]};
    d.angular_velocity = (mote_vec3){p[DEBRIS_WX][i], p[DEBRIS_WY][i], p[DEBRIS_WZ][i]};
    d.anchor = (mote_vec3){p[DEBRIS_AX][i], p[DEBRIS_AY][i], p[DEBRIS_AZ][i]};
    d.outward = (mote_vec3){p[DEBRIS_OX][i], p[DEBRIS_OY][i], p[DEBRIS_OZ][i]};
    d.base = (mote_quat){p[DEBRIS_BX][i], p[DEBRIS_BY][i], p[DEBRIS_BZ][i], p[DEBRIS_BW][i]};
    d.peel_start = p[DEBRIS_PEEL_START][i];
    d.detach_time = p[DEBRIS_DETACH_TIME][i];
    d.max_distance = p[DEBRIS_MAX_DISTANCE][i];
    d.twist = p[DEBRIS_TWIST][i];
    d.outward_speed = p[DEBRIS_OUTWARD_SPEED][i];
    d.axial_speed = p[DEBRIS_AXIAL_SPEED][i];
    return d;
}

/* Writes a desc into piece i of the arrays p (every field). */
static inline void debris_desc_store(float *const p[DEBRIS_FIELD_COUNT], size_t i,
                                     const mote_debris_desc *d) {
    const float values[DEBRIS_FIELD_COUNT] = {
        d->time,
        (float)d->phase,
        d->position.x,
        d->position.y,
        d->position.z,
        d->orientation.x,
        d->orientation.y,
        d->orientation.z,
        d->orientation.w,
        d->velocity.x,
        d->velocity.y,
        d->velocity.z,
        d->angular_velocity.x,
        d->angular_velocity.y,
        d->angular_velocity.z,
        d->anchor.x,
        d->anchor.y,
        d->anchor.z,
        d->outward.x,
        d->outward.y,
        d->outward.z,
        d->base.x,
        d->base.y,
        d->base.z,
        d->base.w,
        d->peel_start,
        d->detach_time,
        d->max_distance,
        d->twist,
        d->outward_speed,
        d->axial_speed,
    };
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        p[f][i] = values[f];
    }
}

/* Writes what a step changes (the DEBRIS_WRITES fields) from a desc into piece i. */
static inline void debris_desc_store_state(float *const p[DEBRIS_FIELD_COUNT], size_t i,
                                           const mote_debris_desc *d) {
    p[DEBRIS_TIME][i] = d->time;
    p[DEBRIS_PHASE][i] = (float)d->phase;
    p[DEBRIS_PX][i] = d->position.x;
    p[DEBRIS_PY][i] = d->position.y;
    p[DEBRIS_PZ][i] = d->position.z;
    p[DEBRIS_QX][i] = d->orientation.x;
    p[DEBRIS_QY][i] = d->orientation.y;
    p[DEBRIS_QZ][i] = d->orientation.z;
    p[DEBRIS_QW][i] = d->orientation.w;
    p[DEBRIS_VX][i] = d->velocity.x;
    p[DEBRIS_VY][i] = d->velocity.y;
    p[DEBRIS_VZ][i] = d->velocity.z;
}

#endif
