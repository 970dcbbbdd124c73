/* Internal: the fields of a debris pool, which of them a step writes, and the mapping
 * between the public view and an array of field pointers. Shared by the pool, the kernels,
 * the scalar backend, the tests and mote-compare. */
#ifndef MOTE_DEBRIS_FIELDS_H
#define MOTE_DEBRIS_FIELDS_H

#include "mote/debris_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. The phase is an enum in
 * the desc and mote_debris_phase as a float in its array (0 attached, 1 released, 2 free). */
#define DEBRIS_FIELDS(X)                                                                           \
    X(DEBRIS_TIME, time, time, STATE, FINITE, MEMBER)                                              \
    X(DEBRIS_PHASE, phase, phase, STATE, FINITE, CONVERTED)                                        \
    X(DEBRIS_PX, position[0], position.x, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_PY, position[1], position.y, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_PZ, position[2], position.z, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_QX, orientation[0], orientation.x, STATE, FINITE, MEMBER)                             \
    X(DEBRIS_QY, orientation[1], orientation.y, STATE, FINITE, MEMBER)                             \
    X(DEBRIS_QZ, orientation[2], orientation.z, STATE, FINITE, MEMBER)                             \
    X(DEBRIS_QW, orientation[3], orientation.w, STATE, FINITE, MEMBER)                             \
    X(DEBRIS_VX, velocity[0], velocity.x, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_VY, velocity[1], velocity.y, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_VZ, velocity[2], velocity.z, STATE, FINITE, MEMBER)                                   \
    X(DEBRIS_WX, angular_velocity[0], angular_velocity.x, PARAM, FINITE, MEMBER)                   \
    X(DEBRIS_WY, angular_velocity[1], angular_velocity.y, PARAM, FINITE, MEMBER)                   \
    X(DEBRIS_WZ, angular_velocity[2], angular_velocity.z, PARAM, FINITE, MEMBER)                   \
    X(DEBRIS_AX, anchor[0], anchor.x, PARAM, FINITE, MEMBER)                                       \
    X(DEBRIS_AY, anchor[1], anchor.y, PARAM, FINITE, MEMBER)                                       \
    X(DEBRIS_AZ, anchor[2], anchor.z, PARAM, FINITE, MEMBER)                                       \
    X(DEBRIS_OX, outward[0], outward.x, PARAM, FINITE, MEMBER)                                     \
    X(DEBRIS_OY, outward[1], outward.y, PARAM, FINITE, MEMBER)                                     \
    X(DEBRIS_OZ, outward[2], outward.z, PARAM, FINITE, MEMBER)                                     \
    X(DEBRIS_BX, base[0], base.x, PARAM, FINITE, MEMBER)                                           \
    X(DEBRIS_BY, base[1], base.y, PARAM, FINITE, MEMBER)                                           \
    X(DEBRIS_BZ, base[2], base.z, PARAM, FINITE, MEMBER)                                           \
    X(DEBRIS_BW, base[3], base.w, PARAM, FINITE, MEMBER)                                           \
    X(DEBRIS_PEEL_START, peel_start, peel_start, PARAM, FINITE, MEMBER)                            \
    X(DEBRIS_DETACH_TIME, detach_time, detach_time, PARAM, FINITE, MEMBER)                         \
    X(DEBRIS_MAX_DISTANCE, max_distance, max_distance, PARAM, FINITE, MEMBER)                      \
    X(DEBRIS_TWIST, twist, twist, PARAM, FINITE, MEMBER)                                           \
    X(DEBRIS_OUTWARD_SPEED, outward_speed, outward_speed, PARAM, FINITE, MEMBER)                   \
    X(DEBRIS_AXIAL_SPEED, axial_speed, axial_speed, PARAM, FINITE, MEMBER)

enum { DEBRIS_FIELDS(MOTE_FIELD_ENUM) DEBRIS_FIELD_COUNT };

#define DEBRIS_BIT(f) (1u << (f))
/* Every field. */
#define DEBRIS_ALL_FIELDS ((unsigned)((1ull << DEBRIS_FIELD_COUNT) - 1u))
/* What a step writes: the clock, the phase and the pose and velocity (DEBRIS_TIME through
 * DEBRIS_VZ). */
#define DEBRIS_WRITES ((unsigned)((1u << (DEBRIS_VZ + 1)) - 1u))

/* The debris kind record (debris_kind.c). */
extern const mote_pool_kind mote_debris_pool_kind_record;

/* The view's field pointers as an array indexed by DEBRIS_*. */
static inline void debris_view_pointers(const mote_debris_view *v, float *p[DEBRIS_FIELD_COUNT]) {
    mote_pool_view_fields(&mote_debris_pool_kind_record, v, p);
}

/* Points the view's fields at p (the inverse of debris_view_pointers) (count is left as it is). */
static inline void debris_view_from_pointers(mote_debris_view *view,
                                             float *const p[DEBRIS_FIELD_COUNT]) {
    mote_pool_view_set_fields(&mote_debris_pool_kind_record, p, view);
}

/* Runs one kernel table's debris kernel over the view's [begin, end) with a frame. */
struct mote_kernel_table;
void mote_debris_run_table(const struct mote_kernel_table *table, const mote_debris_view *view,
                           const mote_debris_frame *frame, size_t begin, size_t end);

/* Piece i of the arrays p as a desc (the phase rounded to the enum). */
static inline mote_debris_desc debris_desc_at(float *const p[DEBRIS_FIELD_COUNT], size_t i) {
    mote_debris_desc desc;
    mote_debris_desc *d = &desc;
    DEBRIS_FIELDS(MOTE_FIELD_LOAD)
    const float phase = p[DEBRIS_PHASE][i];
    d->phase = phase > 1.5f   ? MOTE_DEBRIS_FREE
               : phase > 0.0f ? MOTE_DEBRIS_RELEASED
                              : MOTE_DEBRIS_ATTACHED;
    return desc;
}

/* Writes a desc into piece i of the arrays p (every field). */
static inline void debris_desc_store(float *const p[DEBRIS_FIELD_COUNT], size_t i,
                                     const mote_debris_desc *d) {
    DEBRIS_FIELDS(MOTE_FIELD_STORE)
    p[DEBRIS_PHASE][i] = (float)d->phase;
}

/* Writes what a step changes (the DEBRIS_WRITES fields: the STATE ones) from a desc into piece
 * i. */
static inline void debris_desc_store_state(float *const p[DEBRIS_FIELD_COUNT], size_t i,
                                           const mote_debris_desc *d) {
    DEBRIS_FIELDS(MOTE_FIELD_STORE_STATE)
    p[DEBRIS_PHASE][i] = (float)d->phase;
}

#endif
