/* Internal: the fields of a docking pool, which of them a step writes, and the mapping between
 * the field arrays and a mote_docking_state. Shared by the pool, the kernels and the tests. */
#ifndef MOTE_DOCKING_FIELDS_H
#define MOTE_DOCKING_FIELDS_H

#include <string.h>

#include "mote/docking_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. captured and locked are
 * bools in the desc and 0 or 1 in their arrays (any value > 0 reads as true). */
#define DOCKING_FIELDS(X)                                                                          \
    X(DOCKING_TIME, time, time, STATE, FINITE, MEMBER)                                             \
    MOTE_FIELD_VEC3(X, DOCKING_ST, station_position, station_position, INPUT, FINITE, MEMBER)      \
    MOTE_FIELD_QUAT(X, DOCKING_SB, station_base, station_base, PARAM, FINITE, MEMBER)              \
    MOTE_FIELD_VEC3(X, DOCKING_P, position, position, STATE, FINITE, MEMBER)                       \
    MOTE_FIELD_VEC3(X, DOCKING_S, spring_position, spring_position, STATE, FINITE, MEMBER)         \
    MOTE_FIELD_VEC3(X, DOCKING_V, velocity, velocity, STATE, FINITE, MEMBER)                       \
    MOTE_FIELD_QUAT(X, DOCKING_Q, orientation, orientation, STATE, FINITE, MEMBER)                 \
    X(DOCKING_START_PARALLEL, start_parallel, start_parallel, STATE, FINITE, MEMBER)               \
    X(DOCKING_START_RADIAL, start_radial, start_radial, STATE, NONNEGATIVE, MEMBER)                \
    MOTE_FIELD_VEC3(X, DOCKING_R, radial_direction, radial_direction, STATE, FINITE, MEMBER)       \
    X(DOCKING_STATION_ANGLE, station_angle, station_angle, STATE, FINITE, MEMBER)                  \
    X(DOCKING_CHASER_ANGLE, chaser_angle, chaser_angle, STATE, FINITE, MEMBER)                     \
    X(DOCKING_CAPTURED, captured, captured, STATE, FINITE, CONVERTED)                              \
    X(DOCKING_LOCKED, locked, locked, STATE, FINITE, CONVERTED)

enum { DOCKING_FIELDS(MOTE_FIELD_ENUM) DOCKING_FIELD_COUNT };

#define DOCKING_BIT(f) (1u << (f))
/* Every field. */
#define DOCKING_ALL_FIELDS ((unsigned)((1ull << DOCKING_FIELD_COUNT) - 1u))
/* What a step writes: all but the station's position and base orientation. */
#define DOCKING_WRITES (DOCKING_ALL_FIELDS & ~(unsigned)(((1u << (DOCKING_SBW + 1)) - 1u) & ~1u))

/* The docking kind record (docking_kind.c). */
extern const mote_pool_kind mote_docking_pool_kind_record;

/* Sequence i of the arrays p as a state. */
static inline mote_docking_state docking_state_at(float *const p[DOCKING_FIELD_COUNT], size_t i) {
    mote_docking_state state;
    memset(&state, 0, sizeof state); /* padding and any member the list does not name: 0 */
    mote_docking_state *d = &state;
    DOCKING_FIELDS(MOTE_FIELD_LOAD)
    d->captured = p[DOCKING_CAPTURED][i] > 0.0f;
    d->locked = p[DOCKING_LOCKED][i] > 0.0f;
    return state;
}

/* Writes a state into sequence i of the arrays p (every field). */
static inline void docking_state_store(float *const p[DOCKING_FIELD_COUNT], size_t i,
                                       const mote_docking_state *d) {
    DOCKING_FIELDS(MOTE_FIELD_STORE)
    p[DOCKING_CAPTURED][i] = d->captured ? 1.0f : 0.0f;
    p[DOCKING_LOCKED][i] = d->locked ? 1.0f : 0.0f;
}

#endif
