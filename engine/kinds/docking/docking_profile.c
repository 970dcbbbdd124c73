/* The docking profile: its defaults, its validation, the timeline derived from it and the
 * analytic functions of the clock (phase values, spin rates, spin angles). */
#include <math.h>
#include <string.h>

#include "docking_model.h"
#include "spin_angle.h"

mote_docking_profile mote_default_docking_profile(void) {
    mote_docking_profile p = {
        .station_spin_rate = 3.15f,
        .spin_up_duration = 6.5f,
        .approach_start = 4.0f,
        .approach_duration = 14.5f,
        .settle_duration = 3.0f,
        .spin_down_duration = 3.0f,
        .dock_clearance = 4.1f,
        .dock_radial_offset = 0.35f,
        .stiffness_start = 5.0f,
        .stiffness_end = 9.8f,
        .damping_start = 4.6f,
        .damping_end = 7.4f,
        .lock_threshold = 0.995f,
        .final_lerp_start = 0.6f,
        .max_substep = 1.0f / 30.0f,
        .station_local_forward = {0.0f, 0.0f, 1.0f},
        .dock_port_offset = {0.0f, 0.0f, 3.0f},
        .dock_axis = {0.0f, 0.0f, 1.0f},
        .chaser_local_up = {0.0f, 1.0f, 0.0f},
    };
    return p;
}

mote_docking_timeline mote_docking_timeline_of(const mote_docking_profile *p) {
    mote_docking_timeline t;
    t.spin_up_end = p->spin_up_duration;
    t.approach_start = p->approach_start;
    t.approach_end = t.approach_start + p->approach_duration;
    t.settle_end = t.approach_end + p->settle_duration;
    t.spin_down_end = t.settle_end + p->spin_down_duration;
    return t;
}

static bool finite3(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static bool nonzero3(mote_vec3 v) {
    return mote_vec3_length(v) > 0.0f;
}

mote_status mote_docking_profile_validate(const mote_docking_profile *p) {
    if (p == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    const float scalars[] = {p->station_spin_rate, p->spin_up_duration,   p->approach_start,
                             p->approach_duration, p->settle_duration,    p->spin_down_duration,
                             p->dock_clearance,    p->dock_radial_offset, p->stiffness_start,
                             p->stiffness_end,     p->damping_start,      p->damping_end,
                             p->lock_threshold,    p->final_lerp_start,   p->max_substep};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; ++i) {
        if (!isfinite(scalars[i])) {
            return MOTE_ERROR_NON_FINITE;
        }
    }
    if (!finite3(p->station_local_forward) || !finite3(p->dock_port_offset) ||
        !finite3(p->dock_axis) || !finite3(p->chaser_local_up)) {
        return MOTE_ERROR_NON_FINITE;
    }
    mote_docking_timeline t = mote_docking_timeline_of(p);
    bool ok = p->spin_up_duration > 0.0f && p->approach_start >= 0.0f &&
              p->approach_duration > 0.0f && p->settle_duration > 0.0f &&
              p->spin_down_duration > 0.0f && isfinite(t.spin_down_end) &&
              t.approach_end - t.approach_start > 0.0f && t.settle_end - t.approach_end > 0.0f &&
              t.spin_down_end - t.settle_end > 0.0f && t.spin_up_end <= t.settle_end &&
              p->dock_radial_offset >= 0.0f && p->stiffness_start > 0.0f &&
              p->stiffness_end > 0.0f && p->damping_start >= 0.0f && p->damping_end >= 0.0f &&
              p->lock_threshold > 0.0f && p->lock_threshold <= 1.0f &&
              p->final_lerp_start >= 0.0f && p->final_lerp_start < p->lock_threshold &&
              p->max_substep > 0.0f && nonzero3(p->station_local_forward) &&
              nonzero3(p->dock_axis) && nonzero3(p->chaser_local_up);
    return ok ? MOTE_OK : MOTE_ERROR_INVALID_ARGUMENT;
}

/* The sub-steps of dt: ceil(dt / max_substep), at least 1, at most MOTE_DOCKING_MAX_SUBSTEPS
 * (0 for dt == 0). */
static int substeps_of(float dt, float max_substep) {
    if (!(dt > 0.0f)) {
        return 0;
    }
    float n = ceilf(dt / max_substep);
    return n < 1.0f ? 1 : n > (float)MOTE_DOCKING_MAX_SUBSTEPS ? MOTE_DOCKING_MAX_SUBSTEPS : (int)n;
}

mote_docking_constants mote_docking_constants_make(const mote_docking_profile *p, float dt) {
    mote_docking_timeline t = mote_docking_timeline_of(p);
    mote_docking_constants c;
    memset(&c, 0, sizeof c); /* every member is set below; capture_spin after a first use of c */
    c.substeps = substeps_of(dt, p->max_substep);
    c.h = c.substeps > 0 ? dt / (float)c.substeps : 0.0f;
    c.spring_h = c.h < p->max_substep ? c.h : p->max_substep;
    c.rate = p->station_spin_rate;
    c.spin_up_end = t.spin_up_end;
    c.approach_start = t.approach_start;
    c.approach_span = t.approach_end - t.approach_start;
    c.settle_start = t.approach_end;
    c.settle_span = t.settle_end - t.approach_end;
    c.spin_down_start = t.settle_end;
    c.spin_down_span = t.spin_down_end - t.settle_end;
    c.spin_down_end = t.spin_down_end;
    c.clearance = p->dock_clearance;
    c.radial_offset = p->dock_radial_offset;
    c.stiffness_start = p->stiffness_start;
    c.stiffness_end = p->stiffness_end;
    c.damping_start = p->damping_start;
    c.damping_end = p->damping_end;
    c.lock_threshold = p->lock_threshold;
    c.lerp_start = p->final_lerp_start;
    c.lerp_span = p->lock_threshold - p->final_lerp_start;
    c.forward = mote_vec3_normalize(p->station_local_forward);
    c.port = p->dock_port_offset;
    c.axis = mote_vec3_normalize(p->dock_axis);
    c.up = mote_vec3_normalize(p->chaser_local_up);
    docking_time at_capture = docking_time_at(&c, t.approach_start);
    c.capture_spin = mote_quat_axis_angle(c.forward, at_capture.station_angle);
    return c;
}

docking_time docking_time_at(const mote_docking_constants *c, float t) {
    docking_time r;
    r.te = t > 0.0f ? t : 0.0f;
    float xu = docking_ramp_x(r.te, 0.0f, c->spin_up_end);
    float xd = docking_ramp_x(r.te, c->spin_down_start, c->spin_down_span);
    r.spin_up_t = docking_smooth(xu);
    r.approach_t = docking_smooth(docking_ramp_x(r.te, c->approach_start, c->approach_span));
    r.dock_t = docking_smooth(docking_ramp_x(r.te, c->settle_start, c->settle_span));
    r.spin_down_t = docking_smooth(xd);
    /* the exact integrals of the rates over [0, te] (mote_docking_station_angle) */
    float tc = r.te < c->spin_down_end ? r.te : c->spin_down_end;
    float past_up = tc - c->spin_up_end;
    float up = c->spin_up_end * docking_smooth_integral(xu) + (past_up > 0.0f ? past_up : 0.0f);
    float down = c->spin_down_span * docking_smooth_integral(xd);
    r.station_angle = spin_down_angle(c->rate, r.te, c->spin_down_end, c->spin_down_span, xd);
    r.chaser_angle = c->rate * (up - down);
    return r;
}

static docking_time time_of(const mote_docking_profile *p, float time) {
    mote_docking_constants c = mote_docking_constants_make(p, 0.0f);
    return docking_time_at(&c, time);
}

float mote_docking_spin_up_t(const mote_docking_profile *p, float time) {
    return time_of(p, time).spin_up_t;
}

float mote_docking_approach_t(const mote_docking_profile *p, float time) {
    return time_of(p, time).approach_t;
}

float mote_docking_dock_t(const mote_docking_profile *p, float time) {
    return time_of(p, time).dock_t;
}

float mote_docking_spin_down_t(const mote_docking_profile *p, float time) {
    return time_of(p, time).spin_down_t;
}

float mote_docking_station_rate(const mote_docking_profile *p, float time) {
    float r = p->station_spin_rate;
    return r + (0.0f - r) * time_of(p, time).spin_down_t;
}

float mote_docking_chaser_rate(const mote_docking_profile *p, float time) {
    docking_time t = time_of(p, time);
    float up = 0.0f + (p->station_spin_rate - 0.0f) * t.spin_up_t;
    return up + (0.0f - up) * t.spin_down_t;
}

float mote_docking_station_angle(const mote_docking_profile *p, float time) {
    return time_of(p, time).station_angle;
}

float mote_docking_chaser_angle(const mote_docking_profile *p, float time) {
    return time_of(p, time).chaser_angle;
}
