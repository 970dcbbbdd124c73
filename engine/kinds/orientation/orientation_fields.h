/* Internal: the orientation pool's field list, written once: the enum, the kind record's field
 * table (orientation_kind.c), which fields each orientation kind reads and writes, and the
 * per-step constants. Shared by the pool, the reference kernels and the wide kernels. */
#ifndef MOTE_ORIENTATION_FIELDS_H
#define MOTE_ORIENTATION_FIELDS_H

#include "field_arrays.h"
#include "mote/orientation_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h */
#define ORIENTATION_FIELDS(X)                                                                      \
    X(ORIENTATION_QX, orientation[0], orientation.x, STATE, FINITE, MEMBER)                        \
    X(ORIENTATION_QY, orientation[1], orientation.y, STATE, FINITE, MEMBER)                        \
    X(ORIENTATION_QZ, orientation[2], orientation.z, STATE, FINITE, MEMBER)                        \
    X(ORIENTATION_QW, orientation[3], orientation.w, STATE, FINITE, MEMBER)                        \
    X(ORIENTATION_WX, angular_velocity[0], angular_velocity.x, STATE, FINITE, MEMBER)              \
    X(ORIENTATION_WY, angular_velocity[1], angular_velocity.y, STATE, FINITE, MEMBER)              \
    X(ORIENTATION_WZ, angular_velocity[2], angular_velocity.z, STATE, FINITE, MEMBER)              \
    X(ORIENTATION_TX, target[0], target.x, INPUT, FINITE, MEMBER)                                  \
    X(ORIENTATION_TY, target[1], target.y, INPUT, FINITE, MEMBER)                                  \
    X(ORIENTATION_TZ, target[2], target.z, INPUT, FINITE, MEMBER)                                  \
    X(ORIENTATION_TW, target[3], target.w, INPUT, FINITE, MEMBER)                                  \
    X(ORIENTATION_HALFLIFE, halflife, halflife, PARAM, NONNEGATIVE, MEMBER)                        \
    X(ORIENTATION_STIFFNESS, stiffness, stiffness, PARAM, NONNEGATIVE, MEMBER)                     \
    X(ORIENTATION_DAMPING, damping, damping, PARAM, NONNEGATIVE, MEMBER)                           \
    X(ORIENTATION_MAX_SPEED, max_speed, max_speed, PARAM, NONNEGATIVE, MEMBER)                     \
    X(ORIENTATION_IWX, incoming_angular_velocity[0], incoming_angular_velocity.x, INPUT, FINITE,   \
      MEMBER)                                                                                      \
    X(ORIENTATION_IWY, incoming_angular_velocity[1], incoming_angular_velocity.y, INPUT, FINITE,   \
      MEMBER)                                                                                      \
    X(ORIENTATION_IWZ, incoming_angular_velocity[2], incoming_angular_velocity.z, INPUT, FINITE,   \
      MEMBER)                                                                                      \
    X(ORIENTATION_OQX, offset[0], offset.x, STATE, FINITE, MEMBER)                                 \
    X(ORIENTATION_OQY, offset[1], offset.y, STATE, FINITE, MEMBER)                                 \
    X(ORIENTATION_OQZ, offset[2], offset.z, STATE, FINITE, MEMBER)                                 \
    X(ORIENTATION_OQW, offset[3], offset.w, STATE, FINITE, MEMBER)                                 \
    X(ORIENTATION_OWX, offset_angular_velocity[0], offset_angular_velocity.x, STATE, FINITE,       \
      MEMBER)                                                                                      \
    X(ORIENTATION_OWY, offset_angular_velocity[1], offset_angular_velocity.y, STATE, FINITE,       \
      MEMBER)                                                                                      \
    X(ORIENTATION_OWZ, offset_angular_velocity[2], offset_angular_velocity.z, STATE, FINITE, MEMBER)

enum { ORIENTATION_FIELDS(MOTE_FIELD_ENUM) ORIENTATION_FIELD_COUNT };

#define ORIENTATION_BIT(f) MOTE_FIELD_BIT(f)
#define ORIENTATION_Q                                                                              \
    (ORIENTATION_BIT(ORIENTATION_QX) | ORIENTATION_BIT(ORIENTATION_QY) |                           \
     ORIENTATION_BIT(ORIENTATION_QZ) | ORIENTATION_BIT(ORIENTATION_QW))
#define ORIENTATION_W                                                                              \
    (ORIENTATION_BIT(ORIENTATION_WX) | ORIENTATION_BIT(ORIENTATION_WY) |                           \
     ORIENTATION_BIT(ORIENTATION_WZ))
#define ORIENTATION_T                                                                              \
    (ORIENTATION_BIT(ORIENTATION_TX) | ORIENTATION_BIT(ORIENTATION_TY) |                           \
     ORIENTATION_BIT(ORIENTATION_TZ) | ORIENTATION_BIT(ORIENTATION_TW))

#define ORIENTATION_IW                                                                             \
    (ORIENTATION_BIT(ORIENTATION_IWX) | ORIENTATION_BIT(ORIENTATION_IWY) |                         \
     ORIENTATION_BIT(ORIENTATION_IWZ))
#define ORIENTATION_OQ                                                                             \
    (ORIENTATION_BIT(ORIENTATION_OQX) | ORIENTATION_BIT(ORIENTATION_OQY) |                         \
     ORIENTATION_BIT(ORIENTATION_OQZ) | ORIENTATION_BIT(ORIENTATION_OQW))
#define ORIENTATION_OW                                                                             \
    (ORIENTATION_BIT(ORIENTATION_OWX) | ORIENTATION_BIT(ORIENTATION_OWY) |                         \
     ORIENTATION_BIT(ORIENTATION_OWZ))

/* Fields each kind reads (and so the pool stores), and those it writes. */
#define ORIENTATION_CONTROL_READS                                                                  \
    (ORIENTATION_Q | ORIENTATION_W | ORIENTATION_T | ORIENTATION_BIT(ORIENTATION_STIFFNESS) |      \
     ORIENTATION_BIT(ORIENTATION_DAMPING) | ORIENTATION_BIT(ORIENTATION_MAX_SPEED))
#define ORIENTATION_SPRING_READS                                                                   \
    (ORIENTATION_Q | ORIENTATION_W | ORIENTATION_T | ORIENTATION_BIT(ORIENTATION_HALFLIFE))
#define ORIENTATION_DAMPER_READS                                                                   \
    (ORIENTATION_Q | ORIENTATION_T | ORIENTATION_BIT(ORIENTATION_HALFLIFE))
/* the inertialize kind reads its output's arrays only to write them */
#define ORIENTATION_INERTIALIZE_READS                                                              \
    (ORIENTATION_Q | ORIENTATION_W | ORIENTATION_T | ORIENTATION_BIT(ORIENTATION_HALFLIFE) |       \
     ORIENTATION_IW | ORIENTATION_OQ | ORIENTATION_OW)
#define ORIENTATION_CONTROL_WRITES (ORIENTATION_Q | ORIENTATION_W)
#define ORIENTATION_SPRING_WRITES  (ORIENTATION_Q | ORIENTATION_W)
#define ORIENTATION_DAMPER_WRITES  ORIENTATION_Q
#define ORIENTATION_INERTIALIZE_WRITES                                                             \
    (ORIENTATION_Q | ORIENTATION_W | ORIENTATION_OQ | ORIENTATION_OW)

/* What every orientation kernel receives, from the advanced dt (s): the control's sub-step
 * count and length (mote_orientation_substeps), and dt itself for the exact kinds. */
typedef struct mote_orientation_constants {
    float dt;
    float h;
    int substeps;
} mote_orientation_constants;

/* The orientation kind record (orientation_kind.c). */
extern const mote_pool_kind mote_orientation_pool_kind_record;

/* One sub-step of the control on checked values (orientation_ref.c): the reference
 * mote_orientation_control_advance runs, with max_speed 0 meaning no cap. */
void mote_ref_orientation_control_substep(mote_quat *q, mote_vec3 *omega, mote_quat target,
                                          float stiffness, float damping, float max_speed, float h);

#endif
