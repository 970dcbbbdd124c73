/* The docking diagnostics: a sequence's phase and everything the seed's "Expose" list names,
 * from the formulas of the step. */
#include "docking_model.h"
#include "refuse.h"

const char *mote_docking_phase_name(mote_docking_phase phase) {
    switch (phase) {
    case MOTE_DOCKING_PENDING:
        return "pending";
    case MOTE_DOCKING_HOLD:
        return "hold";
    case MOTE_DOCKING_APPROACH:
        return "approach";
    case MOTE_DOCKING_SETTLE:
        return "settle";
    case MOTE_DOCKING_SPIN_DOWN:
        return "spin-down";
    case MOTE_DOCKING_LOCKED:
        return "locked";
    }
    return "unknown";
}

static mote_docking_phase phase_at(const mote_docking_constants *c, float time, bool locked) {
    if (locked) {
        return MOTE_DOCKING_LOCKED;
    }
    if (time < 0.0f) {
        return MOTE_DOCKING_PENDING;
    }
    if (time < c->approach_start) {
        return MOTE_DOCKING_HOLD;
    }
    if (time < c->settle_start) {
        return MOTE_DOCKING_APPROACH;
    }
    return time < c->spin_down_start ? MOTE_DOCKING_SETTLE : MOTE_DOCKING_SPIN_DOWN;
}

mote_status mote_docking_pose_of(const mote_docking_profile *profile,
                                 const mote_docking_state *state, mote_docking_pose *out) {
    mote_status status = docking_check(profile, state);
    if (status != MOTE_OK) {
        return status;
    }
    if (out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must not be NULL");
    }
    const mote_docking_constants c = mote_docking_constants_make(profile, 0.0f);
    const docking_time tm = docking_time_at(&c, state->time);
    const docking_frame f = docking_frame_at(&c, state->station_position, state->station_base,
                                             mote_quat_axis_angle(c.forward, tm.station_angle));
    mote_docking_pose p;
    p.time = state->time;
    p.phase = phase_at(&c, state->time, state->locked);
    p.spin_up_t = tm.spin_up_t;
    p.approach_t = tm.approach_t;
    p.dock_t = tm.dock_t;
    p.spin_down_t = tm.spin_down_t;
    p.station_spin_rate = mote_docking_station_rate(profile, state->time);
    p.chaser_spin_rate = mote_docking_chaser_rate(profile, state->time);
    p.station_angle = tm.station_angle;
    p.chaser_angle = tm.chaser_angle;
    p.station_orientation = f.q;
    p.dock_port = f.port;
    p.dock_axis = f.axis;
    p.target = state->spring_position;
    p.target_parallel = 0.0f;
    p.target_radial = 0.0f;
    if (state->captured) {
        p.target = docking_target(&c, state, &tm, &f, &p.target_parallel, &p.target_radial);
    }
    mote_vec3 offset = mote_vec3_sub(state->position, f.port);
    p.parallel_error = mote_vec3_dot(offset, f.axis);
    p.radial_error =
        mote_vec3_length(mote_vec3_sub(offset, mote_vec3_scale(f.axis, p.parallel_error)));
    p.velocity = state->velocity;
    p.stiffness = c.stiffness_start + (c.stiffness_end - c.stiffness_start) * tm.dock_t;
    p.damping = c.damping_start + (c.damping_end - c.damping_start) * tm.dock_t;
    p.locked = state->locked;
    *out = p;
    return MOTE_OK;
}
