/* The per-pool coefficients of one mover step, computed once with the reference's own
 * expressions so the wide kernel's broadcast constants are the reference's bits. */
#include <math.h>

#include "mote/movement.h"
#include "mote/spring.h"
#include "mover_step.h"

/* mote_ref_spring's coefficients for a half-life (via the damping mote_spring derives). */
static mote_spring_coeffs spring_coeffs(float halflife, float dt) {
    mote_spring_coeffs c;
    float damping = mote_halflife_to_damping(halflife);
    c.y = damping / 2.0f;
    c.ydt = c.y * dt;
    c.eydt = expf(-c.ydt);
    return c;
}

static mote_mover_side side(float lateral_rate, float directional_rate, float halflife,
                            float compensation, float dt) {
    mote_mover_side s;
    s.lateral_rate = lateral_rate;
    s.lateral_rate_dt = lateral_rate * dt;
    s.directional_rate = directional_rate;
    s.lookahead = dt + compensation * mote_halflife_to_lag(halflife);
    s.spring = spring_coeffs(halflife, dt);
    return s;
}

void mote_mover_step_prepare(const mote_movement_params *p, float dt, int substeps,
                             mote_mover_step *step) {
    step->params = *p;
    step->avoid = false;
    step->dt = dt;
    step->substeps = substeps;
    step->inv_dt = 1.0f / dt;
    const bool turns = p->turn_strength > MOTE_MOVEMENT_TURN_EPS;
    step->turn_min_speed = turns ? MOTE_MOVEMENT_DIRECTION_EPS : INFINITY;
    step->turn_blend = turns ? mote_movement_turn_blend(p->turn_strength, dt) : 0.0f;
    step->accelerating = side((1.0f - p->directional_acceleration) * p->acceleration,
                              p->directional_acceleration * p->acceleration,
                              p->acceleration_halflife, p->acceleration_compensation, dt);
    step->decelerating =
        side(p->deceleration, 0.0f, p->deceleration_halflife, p->deceleration_compensation, dt);
    step->facing = spring_coeffs(
        p->rotation_double_spring ? 0.5f * p->rotation_halflife : p->rotation_halflife, dt);
}
