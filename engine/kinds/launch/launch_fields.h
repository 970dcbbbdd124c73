/* Internal: the launch pool's field list, written once, and its per-step constants. Shared by
 * the pool, the reference kernel and the wide kernel. */
#ifndef MOTE_LAUNCH_FIELDS_H
#define MOTE_LAUNCH_FIELDS_H

#include "mote/launch_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. The inputs come first. */
#define LAUNCH_FIELDS(X)                                                                           \
    X(LAUNCH_LAUNCH_TIME, launch_time, rocket.launch_time, INPUT, FINITE, MEMBER)                  \
    X(LAUNCH_TURN_BLEND, turn_blend, rocket.turn_blend, INPUT, FINITE, MEMBER)                     \
    X(LAUNCH_CROSSRANGE, crossrange, rocket.crossrange, INPUT, FINITE, MEMBER)                     \
    X(LAUNCH_FLAGS, flags, rocket.no_roll, INPUT, NONNEGATIVE, CONVERTED)                          \
    X(LAUNCH_PHASE, phase, pose.phase, STATE, FINITE, CONVERTED)                                   \
    X(LAUNCH_DISTANCE, distance, pose.distance, STATE, FINITE, MEMBER)                             \
    X(LAUNCH_SPEED, speed, pose.speed, STATE, FINITE, MEMBER)                                      \
    X(LAUNCH_ALTITUDE, altitude, pose.altitude, STATE, FINITE, MEMBER)                             \
    X(LAUNCH_GROUND_ARC, ground_arc, pose.ground_arc, STATE, FINITE, MEMBER)                       \
    MOTE_FIELD_VEC3(X, LAUNCH_R, radial, pose.radial, STATE, FINITE, MEMBER)                       \
    MOTE_FIELD_VEC3(X, LAUNCH_F, flight_direction, pose.flight_direction, STATE, FINITE, MEMBER)   \
    MOTE_FIELD_QUAT(X, LAUNCH_B, base_orientation, pose.base_orientation, STATE, FINITE, MEMBER)   \
    X(LAUNCH_ROLL, roll, pose.roll, STATE, FINITE, MEMBER)                                         \
    MOTE_FIELD_QUAT(X, LAUNCH_Q, orientation, pose.orientation, STATE, FINITE, MEMBER)             \
    MOTE_FIELD_VEC3(X, LAUNCH_P, position, pose.position, STATE, FINITE, MEMBER)                   \
    MOTE_FIELD_VEC3(X, LAUNCH_V, velocity, pose.velocity, STATE, FINITE, MEMBER)

enum { LAUNCH_FIELDS(MOTE_FIELD_ENUM) LAUNCH_FIELD_COUNT };

#define LAUNCH_ALL_FIELDS ((unsigned)((1ull << LAUNCH_FIELD_COUNT) - 1u))
/* The kernel reads the four inputs and writes the pose (LAUNCH_PHASE on). */
#define LAUNCH_READS  ((1u << LAUNCH_PHASE) - 1u)
#define LAUNCH_WRITES (LAUNCH_ALL_FIELDS & ~LAUNCH_READS)

/* What every launch kernel receives: the clock split into two floats (clock_hi + clock_lo is
 * the double clock within 2^-48 relative; a rocket's own time is (clock_hi - launch_time) +
 * clock_lo, exact in the subtraction wherever the clock and the launch time are within a factor
 * of two), the profile and its timeline. */
typedef struct mote_launch_constants {
    float clock_hi;
    float clock_lo;
    mote_launch_profile profile;
    mote_launch_timeline timeline;
} mote_launch_constants;

/* The launch kind record (launch_kind.c). */
extern const mote_pool_kind mote_launch_pool_kind_record;

#endif
