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
    MOTE_FIELD_VEC3(X, DEBRIS_P, position, position, STATE, FINITE, MEMBER)                        \
    MOTE_FIELD_QUAT(X, DEBRIS_Q, orientation, orientation, STATE, FINITE, MEMBER)                  \
    MOTE_FIELD_VEC3(X, DEBRIS_V, velocity, velocity, STATE, FINITE, MEMBER)                        \
    MOTE_FIELD_VEC3(X, DEBRIS_W, angular_velocity, angular_velocity, PARAM, FINITE, MEMBER)        \
    MOTE_FIELD_VEC3(X, DEBRIS_A, anchor, anchor, PARAM, FINITE, MEMBER)                            \
    MOTE_FIELD_VEC3(X, DEBRIS_O, outward, outward, PARAM, FINITE, MEMBER)                          \
    MOTE_FIELD_QUAT(X, DEBRIS_B, base, base, PARAM, FINITE, MEMBER)                                \
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

/* The debris kind record (debris_kind.c), and debris_view_pointers / debris_view_from_pointers: the
 * view's field pointers as an array indexed by DEBRIS_* and back. */
MOTE_KIND_VIEW_POINTERS(debris, DEBRIS_FIELD_COUNT)

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
