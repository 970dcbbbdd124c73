/* Internal: the spring pool's field list, written once: the enum, the kind record's field
 * table (spring_kind.c), and which fields each spring kind reads and writes. Shared by the
 * pool, the reference kernels and the wide kernels. */
#ifndef MOTE_SPRING_FIELDS_H
#define MOTE_SPRING_FIELDS_H

#include "mote/spring_pool.h"
#include "pool_kind.h"

/* X(enum, view member, desc member, role, check, how): pool_kind.h */
#define SPRING_FIELDS(X)                                                                           \
    X(SPRING_FIELD_X, x, x, STATE, FINITE, MEMBER)                                                 \
    X(SPRING_FIELD_V, v, v, STATE, FINITE, MEMBER)                                                 \
    X(SPRING_FIELD_GOAL, goal, goal, INPUT, FINITE, MEMBER)                                        \
    X(SPRING_FIELD_XI, xi, xi, STATE, FINITE, MEMBER)                                              \
    X(SPRING_FIELD_VI, vi, vi, STATE, FINITE, MEMBER)                                              \
    X(SPRING_FIELD_STIFFNESS, stiffness, stiffness, PARAM, NONNEGATIVE, MEMBER)                    \
    X(SPRING_FIELD_DAMPING, damping, damping, PARAM, NONNEGATIVE, MEMBER)                          \
    X(SPRING_FIELD_RATE, rate, rate, PARAM, NONNEGATIVE, MEMBER)                                   \
    X(SPRING_FIELD_INCOMING_V, incoming_v, incoming_v, INPUT, FINITE, MEMBER)                      \
    X(SPRING_FIELD_OFFSET_X, offset_x, offset_x, STATE, FINITE, MEMBER)                            \
    X(SPRING_FIELD_OFFSET_V, offset_v, offset_v, STATE, FINITE, MEMBER)                            \
    X(SPRING_FIELD_GOAL_TIME, goal_time, goal_time, STATE, NONNEGATIVE, MEMBER)                    \
    X(SPRING_FIELD_SPEED, speed, speed, PARAM, NONNEGATIVE, MEMBER)                                \
    X(SPRING_FIELD_INCOMING_A, incoming_a, incoming_a, INPUT, FINITE, MEMBER)                      \
    X(SPRING_FIELD_V_DAMPING, v_damping, v_halflife, PARAM, NONNEGATIVE, CONVERTED)                \
    X(SPRING_FIELD_A_DAMPING, a_damping, a_halflife, PARAM, NONNEGATIVE, CONVERTED)                \
    X(SPRING_FIELD_EXT_X, ext_x, ext_x, STATE, FINITE, MEMBER)                                     \
    X(SPRING_FIELD_EXT_V, ext_v, ext_v, STATE, FINITE, MEMBER)                                     \
    X(SPRING_FIELD_EXT_T, ext_t, ext_t, STATE, NONNEGATIVE, MEMBER)                                \
    X(SPRING_FIELD_BLEND_TIME, blend_time, blend_time, PARAM, NONNEGATIVE, MEMBER)

enum { SPRING_FIELDS(MOTE_FIELD_ENUM) SPRING_FIELD_COUNT };

#define SPRING_BIT(f) (1u << (f))

#define SPRING_HALFLIFE_MODEL                                                                      \
    (SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V) | SPRING_BIT(SPRING_FIELD_GOAL) |     \
     SPRING_BIT(SPRING_FIELD_DAMPING))
#define SPRING_DOUBLE_MODEL                                                                        \
    (SPRING_HALFLIFE_MODEL | SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_VI))
#define SPRING_FORCE_MODEL                                                                         \
    (SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V) | SPRING_BIT(SPRING_FIELD_GOAL) |     \
     SPRING_BIT(SPRING_FIELD_STIFFNESS) | SPRING_BIT(SPRING_FIELD_DAMPING))
#define SPRING_XV     (SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V))
#define SPRING_OFFSET (SPRING_BIT(SPRING_FIELD_OFFSET_X) | SPRING_BIT(SPRING_FIELD_OFFSET_V))
/* The timed and velocity springs: a critical spring chasing a moving target xi. */
#define SPRING_TARGET_MODEL                                                                        \
    (SPRING_XV | SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_GOAL) |                     \
     SPRING_BIT(SPRING_FIELD_DAMPING))
#define SPRING_EXT                                                                                 \
    (SPRING_BIT(SPRING_FIELD_EXT_X) | SPRING_BIT(SPRING_FIELD_EXT_V) |                             \
     SPRING_BIT(SPRING_FIELD_EXT_T))

/* Fields each kind reads, indexed by mote_spring_kind. A pool stores these and the ones its
 * kind writes (only inertialize and dead_blend write ones they do not read: their output
 * x, v). */
static const unsigned spring_kind_reads[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_GOAL) |
                           SPRING_BIT(SPRING_FIELD_DAMPING),
    [MOTE_SPRING_CRITICAL] = SPRING_HALFLIFE_MODEL,
    [MOTE_SPRING_ANGLE] = SPRING_HALFLIFE_MODEL,
    [MOTE_SPRING_DOUBLE_ANGLE] = SPRING_DOUBLE_MODEL,
    [MOTE_SPRING_DECAY] = SPRING_XV | SPRING_BIT(SPRING_FIELD_DAMPING),
    [MOTE_SPRING_SEMI_IMPLICIT] = SPRING_FORCE_MODEL,
    [MOTE_SPRING_EXP_RESPONSE] =
        SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_GOAL) | SPRING_BIT(SPRING_FIELD_RATE),
    [MOTE_SPRING_DAMPED] = SPRING_FORCE_MODEL,
    [MOTE_SPRING_DOUBLE] = SPRING_DOUBLE_MODEL,
    [MOTE_SPRING_INERTIALIZE] = SPRING_BIT(SPRING_FIELD_GOAL) |
                                SPRING_BIT(SPRING_FIELD_INCOMING_V) | SPRING_OFFSET |
                                SPRING_BIT(SPRING_FIELD_DAMPING),
    [MOTE_SPRING_TIMED] = SPRING_TARGET_MODEL | SPRING_BIT(SPRING_FIELD_GOAL_TIME),
    [MOTE_SPRING_VELOCITY] = SPRING_TARGET_MODEL | SPRING_BIT(SPRING_FIELD_SPEED),
    [MOTE_SPRING_TRACKING] = SPRING_HALFLIFE_MODEL | SPRING_BIT(SPRING_FIELD_INCOMING_V) |
                             SPRING_BIT(SPRING_FIELD_INCOMING_A) |
                             SPRING_BIT(SPRING_FIELD_V_DAMPING) |
                             SPRING_BIT(SPRING_FIELD_A_DAMPING),
    [MOTE_SPRING_EXTRAPOLATE] = SPRING_XV | SPRING_BIT(SPRING_FIELD_DAMPING),
    [MOTE_SPRING_DEAD_BLEND] = SPRING_BIT(SPRING_FIELD_GOAL) | SPRING_BIT(SPRING_FIELD_INCOMING_V) |
                               SPRING_EXT | SPRING_BIT(SPRING_FIELD_BLEND_TIME) |
                               SPRING_BIT(SPRING_FIELD_DAMPING),
};

/* Fields each kind writes: its state. */
static const unsigned spring_kind_writes[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = SPRING_BIT(SPRING_FIELD_X),
    [MOTE_SPRING_CRITICAL] = SPRING_XV,
    [MOTE_SPRING_ANGLE] = SPRING_XV,
    [MOTE_SPRING_DOUBLE_ANGLE] =
        SPRING_XV | SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_VI),
    [MOTE_SPRING_DECAY] = SPRING_XV,
    [MOTE_SPRING_SEMI_IMPLICIT] = SPRING_XV,
    [MOTE_SPRING_EXP_RESPONSE] = SPRING_BIT(SPRING_FIELD_X),
    [MOTE_SPRING_DAMPED] = SPRING_XV,
    [MOTE_SPRING_DOUBLE] = SPRING_XV | SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_VI),
    [MOTE_SPRING_INERTIALIZE] = SPRING_XV | SPRING_OFFSET,
    [MOTE_SPRING_TIMED] =
        SPRING_XV | SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_GOAL_TIME),
    [MOTE_SPRING_VELOCITY] = SPRING_XV | SPRING_BIT(SPRING_FIELD_XI),
    [MOTE_SPRING_TRACKING] = SPRING_XV,
    [MOTE_SPRING_EXTRAPOLATE] = SPRING_XV,
    [MOTE_SPRING_DEAD_BLEND] = SPRING_XV | SPRING_EXT,
};

/* What every spring kernel receives: the step's dt (s), already checked; the semi-implicit
 * kind clamps it to MOTE_SEMI_IMPLICIT_MAX_DT itself. */
typedef struct mote_spring_constants {
    float dt;
    mote_cache_args cache; /* the fixed-step cache (pool_kind.h) */
} mote_spring_constants;

/* The kernels' indices of the cache arrays, after the fields (spring_kernels.c). */
enum { SPRING_CACHE_KEY = SPRING_FIELD_COUNT, SPRING_CACHE_FACTOR, SPRING_ARRAY_COUNT };

/* The spring kind record (spring_kind.c), and spring_view_pointers / spring_view_from_pointers: the
 * view's field pointers as an array indexed by SPRING_* and back. */
MOTE_KIND_VIEW_POINTERS(spring, SPRING_FIELD_COUNT)

/* Runs one kernel table's spring kernel of kind over the view's [begin, end) by dt. */
struct mote_kernel_table;
void mote_spring_run_table(const struct mote_kernel_table *table, mote_spring_kind kind,
                           const mote_spring_view *view, size_t begin, size_t end, float dt);

#endif
