/* Scalar reference of the movement model: one character at a time, step for step in the
 * seed's order (shared/seeds/003), with libm and the reference springs of spring_ref.c. This
 * file is the specification engine/kinds/mover/mover_kernels.c is measured against. */
#include <math.h>

#include "mote/movement.h"
#include "mote/spring.h"

mote_movement_params mote_default_movement_params(void) {
    mote_movement_params p = {
        .acceleration = 800.0f,
        .deceleration = 1400.0f,
        .directional_acceleration = 0.0f,
        .turn_strength = 1.0f,
        .acceleration_halflife = 0.1f,
        .deceleration_halflife = 0.05f,
        .acceleration_compensation = 1.0f,
        .deceleration_compensation = 0.0f,
        .rotation_halflife = 0.15f,
        .rotation_double_spring = true,
    };
    return p;
}

static mote_vec2 vec2(float x, float y) {
    mote_vec2 v = {x, y};
    return v;
}

static mote_vec2 add(mote_vec2 a, mote_vec2 b) {
    return vec2(a.x + b.x, a.y + b.y);
}

static mote_vec2 sub(mote_vec2 a, mote_vec2 b) {
    return vec2(a.x - b.x, a.y - b.y);
}

static mote_vec2 scale(mote_vec2 a, float k) {
    return vec2(a.x * k, a.y * k);
}

static float dot(mote_vec2 a, mote_vec2 b) {
    return a.x * b.x + a.y * b.y;
}

static float length(mote_vec2 a) {
    return sqrtf(dot(a, a));
}

/* The unit vector along v, or zero when there is no direction to speak of. */
static mote_vec2 direction(mote_vec2 v) {
    float l = length(v);
    return l > MOTE_MOVEMENT_DIRECTION_EPS ? vec2(v.x / l, v.y / l) : vec2(0.0f, 0.0f);
}

/* The turn damper's blend, as the seed writes its damper: 1 - e^(-ln2 dt / (halflife + eps)).
 * (Not mote_damper, whose -expm1f form rounds differently: glibc's expm1f differs between
 * x86-64 and aarch64 while its expf agrees, and the immediate velocity this feeds decides the
 * model's branches, so the kernels must reproduce it bit for bit on every platform.) */
float mote_movement_turn_blend(float turn_strength, float dt) {
    float halflife = 1.0f / turn_strength;
    return 1.0f - expf(-(MOTE_LN2 * dt) / (halflife + MOTE_SPRING_EPS));
}

/* v rescaled to length cap when it is longer. */
static mote_vec2 cap_speed(mote_vec2 v, float cap) {
    return length(v) > cap ? scale(direction(v), cap) : v;
}

bool mote_movement_counts_as_accelerating(float desired_speed, float speed) {
    return desired_speed * (1.0f + MOTE_MOVEMENT_MARGIN) + MOTE_MOVEMENT_SPEED_EPS > speed;
}

bool mote_movement_step_arrives(mote_vec2 error, mote_vec2 rate_step) {
    return !(dot(error, rate_step) < dot(error, error) * (1.0f - MOTE_MOVEMENT_MARGIN));
}

void mote_movement_update_facing(mote_movement_state *s, mote_vec2 desired_velocity,
                                 float desired_rotation, float dt, const mote_movement_params *p) {
    const float desired_speed = length(desired_velocity);

    /* Rotate the current direction of travel toward the requested one. */
    if (p->turn_strength > MOTE_MOVEMENT_TURN_EPS && desired_speed > MOTE_MOVEMENT_DIRECTION_EPS) {
        mote_vec2 goal = scale(direction(desired_velocity), length(s->immediate_velocity));
        float blend = mote_movement_turn_blend(p->turn_strength, dt);
        s->immediate_velocity.x += (goal.x - s->immediate_velocity.x) * blend;
        s->immediate_velocity.y += (goal.y - s->immediate_velocity.y) * blend;
    }

    const mote_vec2 error = sub(desired_velocity, s->immediate_velocity);
    const float error_magnitude = length(error);
    const float speed = length(s->immediate_velocity);

    /* Speeding up and slowing down get their own rates. */
    const bool accelerating = mote_movement_counts_as_accelerating(desired_speed, speed);
    const float lateral_rate =
        accelerating ? (1.0f - p->directional_acceleration) * p->acceleration : p->deceleration;
    const float directional_rate =
        accelerating ? p->directional_acceleration * p->acceleration : 0.0f;

    /* Close the remaining error exactly if a full step would overshoot it, otherwise move at
     * the allowed rate. */
    const mote_vec2 lateral = error_magnitude < lateral_rate * dt
                                  ? scale(error, 1.0f / dt)
                                  : scale(direction(error), lateral_rate);
    const mote_vec2 rate = add(lateral, scale(direction(desired_velocity), directional_rate));

    const float halflife = accelerating ? p->acceleration_halflife : p->deceleration_halflife;
    const float compensation =
        accelerating ? p->acceleration_compensation : p->deceleration_compensation;

    /* Aim the smoothing spring where the unsmoothed velocity will be once its lag has
     * passed; stop at the desired velocity rather than extrapolate past it. */
    const float lookahead = dt + compensation * mote_halflife_to_lag(halflife);
    const mote_vec2 step = scale(rate, dt);
    const mote_vec2 ahead = scale(rate, lookahead);
    mote_vec2 next = mote_movement_step_arrives(error, step) ? desired_velocity
                                                             : add(s->immediate_velocity, step);
    mote_vec2 tracked = mote_movement_step_arrives(error, ahead)
                            ? desired_velocity
                            : add(s->immediate_velocity, ahead);

    /* Neither may invent speed the character was not already asking for. */
    const float cap = speed > desired_speed ? speed : desired_speed;
    next = cap_speed(next, cap);
    tracked = cap_speed(tracked, cap);

    mote_spring(&s->velocity.x, &s->acceleration.x, tracked.x, halflife, dt);
    mote_spring(&s->velocity.y, &s->acceleration.y, tracked.y, halflife, dt);
    s->immediate_velocity = next;
    s->position = add(s->position, scale(s->velocity, dt));

    if (p->rotation_double_spring) {
        mote_double_spring_angle(&s->rotation, &s->angular_velocity, &s->immediate_rotation,
                                 &s->immediate_angular_velocity, desired_rotation,
                                 p->rotation_halflife, dt);
    } else {
        mote_spring_angle(&s->rotation, &s->angular_velocity, desired_rotation,
                          p->rotation_halflife, dt);
    }
}

void mote_movement_update(mote_movement_state *s, mote_vec2 desired_velocity, float dt,
                          const mote_movement_params *p) {
    float desired_rotation = dot(desired_velocity, desired_velocity) > MOTE_MOVEMENT_FACING_EPS_SQ
                                 ? atan2f(desired_velocity.y, desired_velocity.x)
                                 : s->rotation;
    mote_movement_update_facing(s, desired_velocity, desired_rotation, dt, p);
}

void mote_movement_place_at(mote_movement_state *s, mote_vec2 position, float facing) {
    s->position = position;
    s->velocity = vec2(0.0f, 0.0f);
    s->acceleration = vec2(0.0f, 0.0f);
    s->immediate_velocity = vec2(0.0f, 0.0f);
    s->rotation = facing;
    s->angular_velocity = 0.0f;
    s->immediate_rotation = facing;
    s->immediate_angular_velocity = 0.0f;
}

void mote_movement_push(mote_movement_state *s, mote_vec2 delta_velocity) {
    s->velocity = add(s->velocity, delta_velocity);
    s->immediate_velocity = add(s->immediate_velocity, delta_velocity);
}
