/* Internal: the fields of a flight pool (one flyer's plan, clock and pose: 64 floats), which
 * of them a step writes, the per-step constants, and the mapping between a flyer's values and
 * a mote_flight_path / mote_flight_pose. Shared by the pool, the kernels, the tests and the
 * tools. */
#ifndef MOTE_FLIGHT_FIELDS_H
#define MOTE_FLIGHT_FIELDS_H

#include "field_arrays.h"
#include "mote/flight.h"
#include "mote/flight_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h. Every field is computed
 * from the desc by the plan (CONVERTED: no desc member of its own; the desc column is unused).
 * The order: the clock; the curve P0, P1, M0, M1; the table s_1..s_31; the profile; the pose
 * the step writes; landed (0, 1, 2: mote_flight_view). */
#define FLIGHT_FIELDS(X)                                                                           \
    X(FLIGHT_TIME, time, none, STATE, FINITE, CONVERTED)                                           \
    MOTE_FIELD_VEC3(X, FLIGHT_P0, start_position, none, PARAM, FINITE, CONVERTED)                  \
    MOTE_FIELD_VEC3(X, FLIGHT_P1, perch_position, none, PARAM, FINITE, CONVERTED)                  \
    MOTE_FIELD_VEC3(X, FLIGHT_M0, start_tangent, none, PARAM, FINITE, CONVERTED)                   \
    MOTE_FIELD_VEC3(X, FLIGHT_M1, end_tangent, none, PARAM, FINITE, CONVERTED)                     \
    X(FLIGHT_S1, arc_length[0], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S2, arc_length[1], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S3, arc_length[2], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S4, arc_length[3], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S5, arc_length[4], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S6, arc_length[5], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S7, arc_length[6], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S8, arc_length[7], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S9, arc_length[8], none, PARAM, FINITE, CONVERTED)                                    \
    X(FLIGHT_S10, arc_length[9], none, PARAM, FINITE, CONVERTED)                                   \
    X(FLIGHT_S11, arc_length[10], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S12, arc_length[11], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S13, arc_length[12], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S14, arc_length[13], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S15, arc_length[14], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S16, arc_length[15], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S17, arc_length[16], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S18, arc_length[17], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S19, arc_length[18], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S20, arc_length[19], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S21, arc_length[20], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S22, arc_length[21], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S23, arc_length[22], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S24, arc_length[23], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S25, arc_length[24], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S26, arc_length[25], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S27, arc_length[26], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S28, arc_length[27], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S29, arc_length[28], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S30, arc_length[29], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_S31, arc_length[30], none, PARAM, FINITE, CONVERTED)                                  \
    X(FLIGHT_START_SPEED, start_speed, none, PARAM, FINITE, CONVERTED)                             \
    X(FLIGHT_ACCEL, accel, none, PARAM, FINITE, CONVERTED)                                         \
    X(FLIGHT_ACCEL_END, accel_end, none, PARAM, FINITE, CONVERTED)                                 \
    X(FLIGHT_ACCEL_DISTANCE, accel_distance, none, PARAM, FINITE, CONVERTED)                       \
    X(FLIGHT_PEAK_SPEED, peak_speed, none, PARAM, FINITE, CONVERTED)                               \
    X(FLIGHT_CRUISE_END, cruise_end, none, PARAM, FINITE, CONVERTED)                               \
    X(FLIGHT_DECELERATION, deceleration, none, PARAM, FINITE, CONVERTED)                           \
    X(FLIGHT_DURATION, duration, none, PARAM, FINITE, CONVERTED)                                   \
    MOTE_FIELD_VEC3(X, FLIGHT_P, position, none, STATE, FINITE, CONVERTED)                         \
    MOTE_FIELD_VEC3(X, FLIGHT_V, velocity, none, STATE, FINITE, CONVERTED)                         \
    MOTE_FIELD_QUAT(X, FLIGHT_Q, orientation, none, STATE, FINITE, CONVERTED)                      \
    X(FLIGHT_BANK, bank, none, STATE, FINITE, CONVERTED)                                           \
    X(FLIGHT_LANDED, landed, none, STATE, FINITE, CONVERTED)

enum { FLIGHT_FIELDS(MOTE_FIELD_ENUM) FLIGHT_FIELD_COUNT };

_Static_assert(FLIGHT_FIELD_COUNT == MOTE_MAX_FIELDS, "a flyer is 64 floats: every mask bit");

/* The first table entry, s_1 (s_0 = 0 is not stored), and the length, s_31. */
#define FLIGHT_TABLE_FIRST FLIGHT_S1
#define FLIGHT_LENGTH      FLIGHT_S31

/* Every field (all 64 bits). */
#define FLIGHT_ALL_FIELDS (~(mote_field_mask)0)
/* What a step writes: the clock, the pose and landed. */
#define FLIGHT_WRITES (MOTE_FIELD_BIT(FLIGHT_TIME) | (FLIGHT_ALL_FIELDS << FLIGHT_PX))

/* What every flight kernel receives: the step's dt (s, checked and clamped) and the limits the
 * pose reads, up as mote_flight_plan stores it (unit, normalised in double). */
typedef struct mote_flight_constants {
    float dt;
    float max_bank;
    float gravity;
    mote_vec3 up;
} mote_flight_constants;

/* The flight kind record (flight_kind.c). */
extern const mote_pool_kind mote_flight_pool_kind_record;

/* The per-step constants of a step of dt under limits. */
mote_flight_constants flight_constants_make(const mote_flight_limits *limits, float dt);

/* A flyer's values (v[FLIGHT_FIELD_COUNT]) as the path mote_flight_sample evaluates: the
 * curve, the table (s_0 = 0), the profile, and max_bank, gravity and up from c. The path's
 * desc member is left zero. */
void flight_values_to_path(const float *v, const mote_flight_constants *c, mote_flight_path *path);

/* A plan into a flyer's values: the curve, the table and the profile. */
void flight_path_to_values(const mote_flight_path *path, float *v);

/* A pose into a flyer's values: position, velocity, orientation, bank. */
void flight_pose_to_values(const mote_flight_pose *pose, float *v);

/* landed after a step: 0 in flight, 1 on landing in it, 2 for a flyer that had landed. */
static inline float flight_landed_after(bool landed, float before) {
    return landed ? (before > 0.0f ? 2.0f : 1.0f) : 0.0f;
}

#endif
