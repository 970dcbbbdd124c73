/* Mover-pool trajectory prediction: the checks, the per-prediction coefficients and the call
 * of the pool backend's predict kernel; and the scalar reference kernel, one element and one
 * time at a time through mote_movement_predict. */
#include <math.h>

#include "kernel_table.h"
#include "mote/movement.h"
#include "mover_fields.h"
#include "mover_predict.h"
#include "refuse.h"
#include "scalar_kernels.h"

void mote_mover_predict_prepare(const mote_movement_params *params, const float *times, int n_times,
                                mote_mover_predict *predict) {
    predict->params = *params;
    predict->double_facing = params->rotation_double_spring;
    predict->n_times = n_times;
    const float facing_halflife = mote_mover_predict_facing_halflife(params);
    for (int k = 0; k < n_times; ++k) {
        mote_mover_predict_time *c = &predict->times[k];
        c->t = times[k];
        c->accelerating = mote_mover_predict_spring_at(params->acceleration_halflife, times[k]);
        c->decelerating = mote_mover_predict_spring_at(params->deceleration_halflife, times[k]);
        c->facing = mote_mover_predict_spring_at(facing_halflife, times[k]);
    }
}

/* The field pointers of the predict kernel: the pool's fields, then each time's outputs at
 * their row. */
static void predict_pointers(const mote_mover_view *view, const mote_mover_prediction *out,
                             int n_times, float **p) {
    mover_view_pointers(view, p);
    for (int k = 0; k < n_times; ++k) {
        float **o = p + MOVER_FIELD_COUNT + k * MOVER_PREDICT_OUTPUTS;
        const size_t row = (size_t)k * out->stride;
        o[MOVER_PREDICT_POSITION_X] = out->position_x + row;
        o[MOVER_PREDICT_POSITION_Y] = out->position_y + row;
        o[MOVER_PREDICT_VELOCITY_X] = out->velocity_x + row;
        o[MOVER_PREDICT_VELOCITY_Y] = out->velocity_y + row;
        o[MOVER_PREDICT_ROTATION] = out->rotation + row;
    }
}

static mote_status check_prediction(const mote_mover_view *view, const float *times, size_t n_times,
                                    const mote_mover_prediction *out) {
    if (n_times > MOTE_MOVER_PREDICT_MAX_TIMES) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "n_times must be <= %d (got %zu)",
                           MOTE_MOVER_PREDICT_MAX_TIMES, n_times);
    }
    if (n_times > 0 && times == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "times must not be NULL (n_times %zu)",
                           n_times);
    }
    for (size_t k = 0; k < n_times; ++k) {
        if (!(times[k] >= 0.0f && times[k] <= MOTE_MOVER_PREDICT_MAX_TIME)) {
            return mote_refuse(MOTE_ERROR_INVALID_DT,
                               "times[%zu] must be finite and in [0, %g] s (got %g)", k,
                               (double)MOTE_MOVER_PREDICT_MAX_TIME, (double)times[k]);
        }
    }
    if (out == NULL || out->position_x == NULL || out->position_y == NULL ||
        out->velocity_x == NULL || out->velocity_y == NULL || out->rotation == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out and its five arrays must not be NULL");
    }
    if (out->stride < view->count) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "out.stride must be >= the pool's count %zu (got %zu)", view->count,
                           out->stride);
    }
    return MOTE_OK;
}

mote_status mote_mover_pool_predict(mote_mover_pool *pool, const float *times, size_t n_times,
                                    const mote_mover_prediction *out) {
    if (pool == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a mover pool (got NULL)");
    }
    const mote_mover_view view = mote_mover_pool_view(pool);
    mote_status status = check_prediction(&view, times, n_times, out);
    if (status != MOTE_OK || n_times == 0 || view.count == 0) {
        return status;
    }
    const mote_movement_params params = mote_mover_pool_params(pool);
    mote_mover_predict predict;
    mote_mover_predict_prepare(&params, times, (int)n_times, &predict);
    float *p[MOVER_FIELD_COUNT + MOTE_MOVER_PREDICT_MAX_TIMES * MOVER_PREDICT_OUTPUTS];
    predict_pointers(&view, out, (int)n_times, p);
    const mote_kernel_table *table = mote_kernel_table_for(mote_mover_pool_backend(pool));
    table->kernel[MOTE_KERNEL_mover_predict](p, &predict, 0, view.count);
    return MOTE_OK;
}

void mote_mover_run_predict_table(const mote_kernel_table *table, const mote_mover_view *view,
                                  size_t begin, size_t end, const mote_mover_predict *predict,
                                  const mote_mover_prediction *out) {
    float *p[MOVER_FIELD_COUNT + MOTE_MOVER_PREDICT_MAX_TIMES * MOVER_PREDICT_OUTPUTS];
    predict_pointers(view, out, predict->n_times, p);
    table->kernel[MOTE_KERNEL_mover_predict](p, predict, begin, end);
}

void mote_kernel_mover_predict_scalar(float *const *p, const void *constants, size_t begin,
                                      size_t end) {
    const mote_mover_predict *predict = constants;
    mote_mover_view view;
    mote_pool_view_from_fields(&mote_mover_pool_kind_record, p, end, &view);
    const mote_mover_view *v = &view;
    for (size_t i = begin; i < end; ++i) {
        const mote_movement_state s = mover_state_at(v, i);
        const mote_vec2 desired = {v->desired_velocity_x[i], v->desired_velocity_y[i]};
        const bool explicit_facing = v->explicit_facing[i] != 0.0f;
        for (int k = 0; k < predict->n_times; ++k) {
            const float t = predict->times[k].t;
            const mote_movement_prediction at =
                explicit_facing ? mote_movement_predict_facing(&s, desired, v->desired_facing[i], t,
                                                               &predict->params)
                                : mote_movement_predict(&s, desired, t, &predict->params);
            float *const *o = p + MOVER_FIELD_COUNT + k * MOVER_PREDICT_OUTPUTS;
            o[MOVER_PREDICT_POSITION_X][i] = at.position.x;
            o[MOVER_PREDICT_POSITION_Y][i] = at.position.y;
            o[MOVER_PREDICT_VELOCITY_X][i] = at.velocity.x;
            o[MOVER_PREDICT_VELOCITY_Y][i] = at.velocity.y;
            o[MOVER_PREDICT_ROTATION][i] = at.rotation;
        }
    }
}
