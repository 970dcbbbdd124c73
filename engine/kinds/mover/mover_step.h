/* Internal: one mover-pool step as the kernels receive it: the params, the sub-step dt and
 * count, and the per-pool coefficients every element shares. The model's exponentials and
 * divisions that depend only on params and dt are the same for every element of a pool, so
 * they are computed once per step here, with libm and the reference's own expressions
 * (mote_movement_turn_blend, mote_spring, mote_spring_angle): the wide kernel broadcasts
 * them, and gets the bits the reference computes per element. They use libm's expf only
 * (never expm1f, which glibc rounds differently on x86-64 and aarch64). */
#ifndef MOTE_MOVER_STEP_H
#define MOTE_MOVER_STEP_H

#include <math.h>

#include "mote/mover_pool.h"

/* A facing past MOTE_MOVER_REBASE_ROTATION with its whole turns taken off (what a pool step
 * does to rotation and immediate_rotation after its sub-steps, so they stay where the angle
 * wrap is exact): x - n (2 pi)_f, n = x / (2 pi)_f rounded to nearest even, (2 pi)_f in two
 * parts as mote_wrap_angle's, the same operations as the wide kernel's. */
static inline float mover_rebase_rotation(float x) {
    if (!(fabsf(x) > MOTE_MOVER_REBASE_ROTATION)) {
        return x;
    }
    const float n = nearbyintf(x * 0.159154943091895336f);
    return (x - n * 6.28125f) - n * (6.28318548202514648f - 6.28125f);
}

/* A critically damped spring's step coefficients for one half-life and dt, as
 * mote_ref_spring computes them: y = damping / 2, y dt, e^(-y dt). */
typedef struct mote_spring_coeffs {
    float y, ydt, eydt;
} mote_spring_coeffs;

/* The constants of one side of the accelerate/decelerate choice. */
typedef struct mote_mover_side {
    float lateral_rate;     /* units/s^2 */
    float lateral_rate_dt;  /* lateral_rate * dt: the exact-close threshold */
    float directional_rate; /* units/s^2 */
    float lookahead;        /* s: dt + compensation * halflife / ln2 */
    mote_spring_coeffs spring;
} mote_mover_side;

typedef struct mote_mover_step {
    mote_movement_params params;
    float dt;             /* s: one sub-step */
    int substeps;         /* >= 1 */
    float inv_dt;         /* 1 / dt */
    float turn_min_speed; /* turn damper runs where desired speed > this; +inf when
                           * turn_strength is at or below MOTE_MOVEMENT_TURN_EPS */
    float turn_blend;     /* mote_movement_turn_blend(turn_strength, dt) */
    mote_mover_side accelerating, decelerating;
    mote_spring_coeffs facing; /* each facing spring (half the half-life when double) */
    bool avoid; /* walk toward the avoid velocities (avoidance on) instead of the desired */
} mote_mover_step;

/* Fills step for substeps sub-steps of dt seconds each under params. */
void mote_mover_step_prepare(const mote_movement_params *params, float dt, int substeps,
                             mote_mover_step *step);

/* Runs one kernel table's mover kernel over the view's [begin, end) with step (for the tests
 * and tools that hold every variant to the reference). */
struct mote_kernel_table;
void mote_mover_run_table(const struct mote_kernel_table *table, const mote_mover_view *view,
                          size_t begin, size_t end, const mote_mover_step *step);

#endif
