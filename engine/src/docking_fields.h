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
    X(DOCKING_STX, station_position[0], station_position.x, INPUT, FINITE, MEMBER)                 \
    X(DOCKING_STY, station_position[1], station_position.y, INPUT, FINITE, MEMBER)                 \
    X(DOCKING_STZ, station_position[2], station_position.z, INPUT, FINITE, MEMBER)                 \
    X(DOCKING_SBX, station_base[0], station_base.x, PARAM, FINITE, MEMBER)                         \
    X(DOCKING_SBY, station_base[1], station_base.y, PARAM, FINITE, MEMBER)                         \
    X(DOCKING_SBZ, station_base[2], station_base.z, PARAM, FINITE, MEMBER)                         \
    X(DOCKING_SBW, station_base[3], station_base.w, PARAM, FINITE, MEMBER)                         \
    X(DOCKING_PX, position[0], position.x, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_PY, position[1], position.y, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_PZ, position[2], position.z, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_SX, spring_position[0], spring_position.x, STATE, FINITE, MEMBER)                    \
    X(DOCKING_SY, spring_position[1], spring_position.y, STATE, FINITE, MEMBER)                    \
    X(DOCKING_SZ, spring_position[2], spring_position.z, STATE, FINITE, MEMBER)                    \
    X(DOCKING_VX, velocity[0], velocity.x, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_VY, velocity[1], velocity.y, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_VZ, velocity[2], velocity.z, STATE, FINITE, MEMBER)                                  \
    X(DOCKING_QX, orientation[0], orientation.x, STATE, FINITE, MEMBER)                            \
    X(DOCKING_QY, orientation[1], orientation.y, STATE, FINITE, MEMBER)                            \
    X(DOCKING_QZ, orientation[2], orientation.z, STATE, FINITE, MEMBER)                            \
    X(DOCKING_QW, orientation[3], orientation.w, STATE, FINITE, MEMBER)                            \
    X(DOCKING_START_PARALLEL, start_parallel, start_parallel, STATE, FINITE, MEMBER)               \
    X(DOCKING_START_RADIAL, start_radial, start_radial, STATE, NONNEGATIVE, MEMBER)                \
    X(DOCKING_RX, radial_direction[0], radial_direction.x, STATE, FINITE, MEMBER)                  \
    X(DOCKING_RY, radial_direction[1], radial_direction.y, STATE, FINITE, MEMBER)                  \
    X(DOCKING_RZ, radial_direction[2], radial_direction.z, STATE, FINITE, MEMBER)                  \
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
    mote_docking_state s;
    memset(&s, 0, sizeof s); /* every float member is filled below, through m */
    float *m[DOCKING_FIELD_COUNT] = {&s.time,
                                     &s.station_position.x,
                                     &s.station_position.y,
                                     &s.station_position.z,
                                     &s.station_base.x,
                                     &s.station_base.y,
                                     &s.station_base.z,
                                     &s.station_base.w,
                                     &s.position.x,
                                     &s.position.y,
                                     &s.position.z,
                                     &s.spring_position.x,
                                     &s.spring_position.y,
                                     &s.spring_position.z,
                                     &s.velocity.x,
                                     &s.velocity.y,
                                     &s.velocity.z,
                                     &s.orientation.x,
                                     &s.orientation.y,
                                     &s.orientation.z,
                                     &s.orientation.w,
                                     &s.start_parallel,
                                     &s.start_radial,
                                     &s.radial_direction.x,
                                     &s.radial_direction.y,
                                     &s.radial_direction.z,
                                     &s.station_angle,
                                     &s.chaser_angle,
                                     NULL,
                                     NULL};
    for (int f = 0; f < DOCKING_CAPTURED; ++f) {
        *m[f] = p[f][i];
    }
    s.captured = p[DOCKING_CAPTURED][i] > 0.0f;
    s.locked = p[DOCKING_LOCKED][i] > 0.0f;
    return s;
}

/* Writes a state into sequence i of the arrays p (every field). */
static inline void docking_state_store(float *const p[DOCKING_FIELD_COUNT], size_t i,
                                       const mote_docking_state *s) {
    const float v[DOCKING_FIELD_COUNT] = {s->time,
                                          s->station_position.x,
                                          s->station_position.y,
                                          s->station_position.z,
                                          s->station_base.x,
                                          s->station_base.y,
                                          s->station_base.z,
                                          s->station_base.w,
                                          s->position.x,
                                          s->position.y,
                                          s->position.z,
                                          s->spring_position.x,
                                          s->spring_position.y,
                                          s->spring_position.z,
                                          s->velocity.x,
                                          s->velocity.y,
                                          s->velocity.z,
                                          s->orientation.x,
                                          s->orientation.y,
                                          s->orientation.z,
                                          s->orientation.w,
                                          s->start_parallel,
                                          s->start_radial,
                                          s->radial_direction.x,
                                          s->radial_direction.y,
                                          s->radial_direction.z,
                                          s->station_angle,
                                          s->chaser_angle,
                                          s->captured ? 1.0f : 0.0f,
                                          s->locked ? 1.0f : 0.0f};
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        p[f][i] = v[f];
    }
}

#endif
