/* Internal: one mover-pool prediction as the kernels receive it. The coefficients that depend
 * only on the params and a time (each spring's rate, its inverse and e^(-y t)) are computed
 * once per prediction with the reference's own expressions (movement_predict_ref.c), so the
 * wide kernel broadcasts the bits the reference computes per element.
 *
 * The predict kernel's field pointers: the pool's MOVER_FIELD_COUNT fields (mover_fields.h),
 * then MOVER_PREDICT_OUTPUTS outputs per time, time k's output o at
 * MOVER_FIELD_COUNT + k * MOVER_PREDICT_OUTPUTS + o, each already offset to its time's row. */
#ifndef MOTE_MOVER_PREDICT_H
#define MOTE_MOVER_PREDICT_H

#include "mote/mover_pool.h"

/* A critically damped spring's closed-form coefficients for one half-life and time t:
 * y = damping / 2, 1 / y, e^(-y t) and 1 - e^(-y t). */
typedef struct mote_mover_predict_spring {
    float y, inv_y, e, one_minus_e;
} mote_mover_predict_spring;

/* The coefficients for halflife (s) at t (s). */
mote_mover_predict_spring mote_mover_predict_spring_at(float halflife, float t);

/* Each facing spring's half-life under p: half of rotation_halflife for the double spring. */
float mote_mover_predict_facing_halflife(const mote_movement_params *p);

/* The outputs per time, in this order. */
enum {
    MOVER_PREDICT_POSITION_X,
    MOVER_PREDICT_POSITION_Y,
    MOVER_PREDICT_VELOCITY_X,
    MOVER_PREDICT_VELOCITY_Y,
    MOVER_PREDICT_ROTATION,
    MOVER_PREDICT_OUTPUTS
};

/* One time's coefficients. */
typedef struct mote_mover_predict_time {
    float t; /* s */
    mote_mover_predict_spring accelerating, decelerating, facing;
} mote_mover_predict_time;

typedef struct mote_mover_predict {
    mote_movement_params params; /* the reference kernel's */
    bool double_facing;          /* params.rotation_double_spring */
    int n_times;                 /* 1 .. MOTE_MOVER_PREDICT_MAX_TIMES */
    mote_mover_predict_time times[MOTE_MOVER_PREDICT_MAX_TIMES];
} mote_mover_predict;

/* Fills predict for times[0 .. n_times) (checked) under params. */
void mote_mover_predict_prepare(const mote_movement_params *params, const float *times, int n_times,
                                mote_mover_predict *predict);

/* Runs one kernel table's predict kernel over the view's [begin, end) into out (for the tests
 * and tools that hold every variant to the reference). */
struct mote_kernel_table;
void mote_mover_run_predict_table(const struct mote_kernel_table *table,
                                  const mote_mover_view *view, size_t begin, size_t end,
                                  const mote_mover_predict *predict,
                                  const mote_mover_prediction *out);

#endif
