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
    X(LAUNCH_RX, radial[0], pose.radial.x, STATE, FINITE, MEMBER)                                  \
    X(LAUNCH_RY, radial[1], pose.radial.y, STATE, FINITE, MEMBER)                                  \
    X(LAUNCH_RZ, radial[2], pose.radial.z, STATE, FINITE, MEMBER)                                  \
    X(LAUNCH_FX, flight_direction[0], pose.flight_direction.x, STATE, FINITE, MEMBER)              \
    X(LAUNCH_FY, flight_direction[1], pose.flight_direction.y, STATE, FINITE, MEMBER)              \
    X(LAUNCH_FZ, flight_direction[2], pose.flight_direction.z, STATE, FINITE, MEMBER)              \
    X(LAUNCH_BX, base_orientation[0], pose.base_orientation.x, STATE, FINITE, MEMBER)              \
    X(LAUNCH_BY, base_orientation[1], pose.base_orientation.y, STATE, FINITE, MEMBER)              \
    X(LAUNCH_BZ, base_orientation[2], pose.base_orientation.z, STATE, FINITE, MEMBER)              \
    X(LAUNCH_BW, base_orientation[3], pose.base_orientation.w, STATE, FINITE, MEMBER)              \
    X(LAUNCH_ROLL, roll, pose.roll, STATE, FINITE, MEMBER)                                         \
    X(LAUNCH_QX, orientation[0], pose.orientation.x, STATE, FINITE, MEMBER)                        \
    X(LAUNCH_QY, orientation[1], pose.orientation.y, STATE, FINITE, MEMBER)                        \
    X(LAUNCH_QZ, orientation[2], pose.orientation.z, STATE, FINITE, MEMBER)                        \
    X(LAUNCH_QW, orientation[3], pose.orientation.w, STATE, FINITE, MEMBER)                        \
    X(LAUNCH_PX, position[0], pose.position.x, STATE, FINITE, MEMBER)                              \
    X(LAUNCH_PY, position[1], pose.position.y, STATE, FINITE, MEMBER)                              \
    X(LAUNCH_PZ, position[2], pose.position.z, STATE, FINITE, MEMBER)                              \
    X(LAUNCH_VX, velocity[0], pose.velocity.x, STATE, FINITE, MEMBER)                              \
    X(LAUNCH_VY, velocity[1], pose.velocity.y, STATE, FINITE, MEMBER)                              \
    X(LAUNCH_VZ, velocity[2], pose.velocity.z, STATE, FINITE, MEMBER)

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
