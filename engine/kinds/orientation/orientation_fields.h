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
    MOTE_FIELD_QUAT(X, ORIENTATION_Q, orientation, orientation, STATE, FINITE, MEMBER)             \
    MOTE_FIELD_VEC3(X, ORIENTATION_W, angular_velocity, angular_velocity, STATE, FINITE, MEMBER)   \
    MOTE_FIELD_QUAT(X, ORIENTATION_T, target, target, INPUT, FINITE, MEMBER)                       \
    X(ORIENTATION_HALFLIFE, halflife, halflife, PARAM, NONNEGATIVE, MEMBER)                        \
    X(ORIENTATION_STIFFNESS, stiffness, stiffness, PARAM, NONNEGATIVE, MEMBER)                     \
    X(ORIENTATION_DAMPING, damping, damping, PARAM, NONNEGATIVE, MEMBER)                           \
    X(ORIENTATION_MAX_SPEED, max_speed, max_speed, PARAM, NONNEGATIVE, MEMBER)                     \
    MOTE_FIELD_VEC3(X, ORIENTATION_IW, incoming_angular_velocity, incoming_angular_velocity,       \
                    INPUT, FINITE, MEMBER)                                                         \
    MOTE_FIELD_QUAT(X, ORIENTATION_OQ, offset, offset, STATE, FINITE, MEMBER)                      \
    MOTE_FIELD_VEC3(X, ORIENTATION_OW, offset_angular_velocity, offset_angular_velocity, STATE,    \
                    FINITE, MEMBER)

enum { ORIENTATION_FIELDS(MOTE_FIELD_ENUM) ORIENTATION_FIELD_COUNT };

#define ORIENTATION_BIT(f) MOTE_FIELD_BIT(f)
/* The components of a vector member, as a field mask. */
#define ORIENTATION_Q_MASK  MOTE_FIELD_BITS(ORIENTATION_QX, 4)
#define ORIENTATION_W_MASK  MOTE_FIELD_BITS(ORIENTATION_WX, 3)
#define ORIENTATION_T_MASK  MOTE_FIELD_BITS(ORIENTATION_TX, 4)
#define ORIENTATION_IW_MASK MOTE_FIELD_BITS(ORIENTATION_IWX, 3)
#define ORIENTATION_OQ_MASK MOTE_FIELD_BITS(ORIENTATION_OQX, 4)
#define ORIENTATION_OW_MASK MOTE_FIELD_BITS(ORIENTATION_OWX, 3)

/* Fields each kind reads (and so the pool stores), and those it writes. */
#define ORIENTATION_CONTROL_READS                                                                  \
    (ORIENTATION_Q_MASK | ORIENTATION_W_MASK | ORIENTATION_T_MASK |                                \
     ORIENTATION_BIT(ORIENTATION_STIFFNESS) | ORIENTATION_BIT(ORIENTATION_DAMPING) |               \
     ORIENTATION_BIT(ORIENTATION_MAX_SPEED))
#define ORIENTATION_SPRING_READS                                                                   \
    (ORIENTATION_Q_MASK | ORIENTATION_W_MASK | ORIENTATION_T_MASK |                                \
     ORIENTATION_BIT(ORIENTATION_HALFLIFE))
#define ORIENTATION_DAMPER_READS                                                                   \
    (ORIENTATION_Q_MASK | ORIENTATION_T_MASK | ORIENTATION_BIT(ORIENTATION_HALFLIFE))
/* the inertialize kind reads its output's arrays only to write them */
#define ORIENTATION_INERTIALIZE_READS                                                              \
    (ORIENTATION_Q_MASK | ORIENTATION_W_MASK | ORIENTATION_T_MASK |                                \
     ORIENTATION_BIT(ORIENTATION_HALFLIFE) | ORIENTATION_IW_MASK | ORIENTATION_OQ_MASK |           \
     ORIENTATION_OW_MASK)
#define ORIENTATION_CONTROL_WRITES (ORIENTATION_Q_MASK | ORIENTATION_W_MASK)
#define ORIENTATION_SPRING_WRITES  (ORIENTATION_Q_MASK | ORIENTATION_W_MASK)
#define ORIENTATION_DAMPER_WRITES  ORIENTATION_Q_MASK
#define ORIENTATION_INERTIALIZE_WRITES                                                             \
    (ORIENTATION_Q_MASK | ORIENTATION_W_MASK | ORIENTATION_OQ_MASK | ORIENTATION_OW_MASK)

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
