/* The scalar reference mover kernel: for each element, its state out of the arrays, one
 * mote_movement_update (or _update_facing) per sub-step, and back, the facings past
 * MOTE_MOVER_REBASE_ROTATION rebased by whole turns (mover_rebase_rotation). */
#include "mote/movement.h"
#include "mover_fields.h"
#include "mover_step.h"
#include "scalar_kernels.h"

void mote_kernel_mover_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_mover_step *step = constants;
    mote_mover_view view;
    mote_pool_view_from_fields(&mote_mover_pool_kind_record, p, end, &view);
    const mote_mover_view *v = &view;
    for (size_t i = begin; i < end; ++i) {
        mote_movement_state s = mover_state_at(v, i);
        /* with avoidance on, the avoid velocity the avoidance stage wrote */
        const mote_vec2 desired =
            step->avoid ? (mote_vec2){v->avoid_velocity_x[i], v->avoid_velocity_y[i]}
                        : (mote_vec2){v->desired_velocity_x[i], v->desired_velocity_y[i]};
        const bool explicit_facing = v->explicit_facing[i] != 0.0f;
        for (int k = 0; k < step->substeps; ++k) {
            if (explicit_facing) {
                mote_movement_update_facing(&s, desired, v->desired_facing[i], step->dt,
                                            &step->params);
            } else {
                mote_movement_update(&s, desired, step->dt, &step->params);
            }
        }
        v->position_x[i] = s.position.x;
        v->position_y[i] = s.position.y;
        v->velocity_x[i] = s.velocity.x;
        v->velocity_y[i] = s.velocity.y;
        v->acceleration_x[i] = s.acceleration.x;
        v->acceleration_y[i] = s.acceleration.y;
        v->immediate_velocity_x[i] = s.immediate_velocity.x;
        v->immediate_velocity_y[i] = s.immediate_velocity.y;
        v->rotation[i] = mover_rebase_rotation(s.rotation);
        v->angular_velocity[i] = s.angular_velocity;
        v->immediate_rotation[i] = mover_rebase_rotation(s.immediate_rotation);
        v->immediate_angular_velocity[i] = s.immediate_angular_velocity;
    }
}
