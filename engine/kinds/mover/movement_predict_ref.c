/* Scalar reference of the movement model's trajectory prediction: one character, one time, the
 * smoothing and facing springs solved in closed form toward the held inputs (the continuous
 * solutions of the critically damped springs mote_spring and mote_double_spring_angle step).
 * engine/kinds/mover/mover_kernels.c's predict kernel is measured against it; the per-pool
 * coefficients (mover_predict.c) are these expressions, so the kernel gets their bits. */
#include <math.h>

#include "mote/movement.h"
#include "mote/spring.h"
#include "mover_predict.h"

mote_mover_predict_spring mote_mover_predict_spring_at(float halflife, float t) {
    mote_mover_predict_spring c;
    c.y = mote_halflife_to_damping(halflife) / 2.0f;
    c.inv_y = 1.0f / c.y;
    c.e = expf(-(c.y * t));
    c.one_minus_e = 1.0f - c.e;
    return c;
}

float mote_mover_predict_facing_halflife(const mote_movement_params *p) {
    return p->rotation_double_spring ? 0.5f * p->rotation_halflife : p->rotation_halflife;
}

/* One axis of the smoothing spring: x, its velocity v and acceleration a toward the goal
 * velocity g (x' = v, v critically damped toward g), after t: v(t) = e (j0 + j1 t) + g and
 * x(t) = x + g t + ((j0 + j1 / y)(1 - e) - e j1 t) / y, with j0 = v - g, j1 = a + j0 y. */
static void smoothing_axis(float x, float v, float a, float g, float t,
                           const mote_mover_predict_spring *c, float *out_x, float *out_v) {
    const float j0 = v - g;
    const float j1 = a + j0 * c->y;
    *out_v = c->e * (j0 + j1 * t) + g;
    *out_x = x + (g * t + ((j0 + j1 * c->inv_y) * c->one_minus_e - (c->e * j1) * t) * c->inv_y);
}

/* The facing after t toward goal: one critically damped spring, or two in series (the first
 * toward the goal, the second toward the first), each of rate y. Offsets from the goal along
 * the short way as the steps take them: the first spring's a0 + a1 t, times e; the second's
 * u(t) e with u'' = y^2 (a0 + a1 t), so u = b0 + b1 t + y^2 t^2 (a0 / 2 + a1 t / 6). */
static float facing_at(const mote_movement_state *s, float goal, float t, bool double_spring,
                       const mote_mover_predict_spring *c) {
    if (!double_spring) {
        const float j0 = mote_wrap_angle(s->rotation - goal);
        const float j1 = s->angular_velocity + j0 * c->y;
        return s->rotation + (c->e * (j0 + j1 * t) - j0);
    }
    const float a0 = mote_wrap_angle(s->immediate_rotation - goal);
    const float a1 = s->immediate_angular_velocity + a0 * c->y;
    const float b0 = a0 + mote_wrap_angle(s->rotation - s->immediate_rotation);
    const float b1 = s->angular_velocity + b0 * c->y;
    const float yt = c->y * t;
    const float u = b0 + b1 * t + (yt * yt) * (a0 * 0.5f + a1 * (t * (1.0f / 6.0f)));
    return s->rotation + (c->e * u - b0);
}

mote_movement_prediction mote_movement_predict_facing(const mote_movement_state *s,
                                                      mote_vec2 desired_velocity,
                                                      float desired_rotation, float t,
                                                      const mote_movement_params *p) {
    const float desired_speed =
        sqrtf(desired_velocity.x * desired_velocity.x + desired_velocity.y * desired_velocity.y);
    const float speed = sqrtf(s->immediate_velocity.x * s->immediate_velocity.x +
                              s->immediate_velocity.y * s->immediate_velocity.y);
    const bool accelerating = mote_movement_counts_as_accelerating(desired_speed, speed);
    const mote_mover_predict_spring smoothing = mote_mover_predict_spring_at(
        accelerating ? p->acceleration_halflife : p->deceleration_halflife, t);
    const mote_mover_predict_spring facing =
        mote_mover_predict_spring_at(mote_mover_predict_facing_halflife(p), t);

    mote_movement_prediction out;
    smoothing_axis(s->position.x, s->velocity.x, s->acceleration.x, desired_velocity.x, t,
                   &smoothing, &out.position.x, &out.velocity.x);
    smoothing_axis(s->position.y, s->velocity.y, s->acceleration.y, desired_velocity.y, t,
                   &smoothing, &out.position.y, &out.velocity.y);
    out.rotation = facing_at(s, desired_rotation, t, p->rotation_double_spring, &facing);
    return out;
}

mote_movement_prediction mote_movement_predict(const mote_movement_state *s,
                                               mote_vec2 desired_velocity, float t,
                                               const mote_movement_params *p) {
    const float speed_sq =
        desired_velocity.x * desired_velocity.x + desired_velocity.y * desired_velocity.y;
    const float goal = speed_sq > MOTE_MOVEMENT_FACING_EPS_SQ
                           ? atan2f(desired_velocity.y, desired_velocity.x)
                           : s->rotation;
    return mote_movement_predict_facing(s, desired_velocity, goal, t, p);
}
