/* The docking profile: its defaults, its validation, the timeline derived from it and the
 * analytic functions of the clock (phase values, spin rates, spin angles). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "docking_model.h"
#include "refuse.h"
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

/* An axis: finite, its length within [MOTE_DOCKING_AXIS_MIN, MOTE_DOCKING_AXIS_MAX]. */
static mote_status check_axis(const char *name, mote_vec3 v) {
    const double length = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
    if (!(length >= MOTE_DOCKING_AXIS_MIN && length <= MOTE_DOCKING_AXIS_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.%s: its length must lie in [%g, %g] (got %g)", name,
                           (double)MOTE_DOCKING_AXIS_MIN, (double)MOTE_DOCKING_AXIS_MAX, length);
    }
    return MOTE_OK;
}

/* One member's range: [low, high], or (low, high] when low_open. */
typedef struct docking_range {
    const char *name;
    float value, low, high;
    bool low_open;
} docking_range;

/* The spring's stability under the sub-step (semi-implicit Euler): k h^2 + 2 c h < 4. */
static mote_status check_spring(const char *end, float k, float c, float h) {
    const double measure = (double)k * h * h + 2.0 * c * h;
    if (!(measure < 4.0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.stiffness_%s and damping_%s: k h^2 + 2 c h must be below 4 at "
                           "h = max_substep %g (got %g)",
                           end, end, (double)h, measure);
    }
    return MOTE_OK;
}

mote_status mote_docking_profile_validate(const mote_docking_profile *p) {
    if (p == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile must not be NULL");
    }
    const float S = MOTE_DOCKING_STATION_MAX, T = MOTE_DOCKING_TIMELINE_MAX;
    const mote_vec3 port = p->dock_port_offset;
    const docking_range ranges[] = {
        {"station_spin_rate", p->station_spin_rate, -FLT_MAX, FLT_MAX, false},
        {"spin_up_duration", p->spin_up_duration, 0.0f, T, true},
        {"approach_start", p->approach_start, 0.0f, T, false},
        {"approach_duration", p->approach_duration, 0.0f, T, true},
        {"settle_duration", p->settle_duration, 0.0f, T, true},
        {"spin_down_duration", p->spin_down_duration, 0.0f, T, true},
        {"dock_clearance", p->dock_clearance, -S, S, false},
        {"dock_radial_offset", p->dock_radial_offset, 0.0f, S, false},
        {"stiffness_start", p->stiffness_start, 0.0f, MOTE_DOCKING_STIFFNESS_MAX, true},
        {"stiffness_end", p->stiffness_end, 0.0f, MOTE_DOCKING_STIFFNESS_MAX, true},
        {"damping_start", p->damping_start, 0.0f, MOTE_DOCKING_DAMPING_MAX, false},
        {"damping_end", p->damping_end, 0.0f, MOTE_DOCKING_DAMPING_MAX, false},
        {"lock_threshold", p->lock_threshold, 0.0f, 1.0f, true},
        {"final_lerp_start", p->final_lerp_start, 0.0f, 1.0f, false},
        {"max_substep", p->max_substep, 0.0f, MOTE_DOCKING_SUBSTEP_MAX, true},
        {"dock_port_offset.x", port.x, -S, S, false},
        {"dock_port_offset.y", port.y, -S, S, false},
        {"dock_port_offset.z", port.z, -S, S, false},
        {"station_local_forward.x", p->station_local_forward.x, -FLT_MAX, FLT_MAX, false},
        {"station_local_forward.y", p->station_local_forward.y, -FLT_MAX, FLT_MAX, false},
        {"station_local_forward.z", p->station_local_forward.z, -FLT_MAX, FLT_MAX, false},
        {"dock_axis.x", p->dock_axis.x, -FLT_MAX, FLT_MAX, false},
        {"dock_axis.y", p->dock_axis.y, -FLT_MAX, FLT_MAX, false},
        {"dock_axis.z", p->dock_axis.z, -FLT_MAX, FLT_MAX, false},
        {"chaser_local_up.x", p->chaser_local_up.x, -FLT_MAX, FLT_MAX, false},
        {"chaser_local_up.y", p->chaser_local_up.y, -FLT_MAX, FLT_MAX, false},
        {"chaser_local_up.z", p->chaser_local_up.z, -FLT_MAX, FLT_MAX, false},
    };
    const size_t n = sizeof ranges / sizeof ranges[0];
    for (size_t i = 0; i < n; ++i) { /* every NaN or infinity before any range */
        if (!isfinite(ranges[i].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "profile.%s must be finite (got %g)",
                               ranges[i].name, (double)ranges[i].value);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        const docking_range *r = &ranges[i];
        const bool above_low = r->low_open ? r->value > r->low : r->value >= r->low;
        if (!above_low || !(r->value <= r->high)) {
            return mote_refuse(
                MOTE_ERROR_INVALID_ARGUMENT, "profile.%s must lie in %c%g, %g] (got %g)", r->name,
                r->low_open ? '(' : '[', (double)r->low, (double)r->high, (double)r->value);
        }
    }
    const struct {
        const char *name;
        mote_vec3 v;
    } axes[] = {{"station_local_forward", p->station_local_forward},
                {"dock_axis", p->dock_axis},
                {"chaser_local_up", p->chaser_local_up}};
    for (size_t i = 0; i < sizeof axes / sizeof axes[0]; ++i) {
        mote_status status = check_axis(axes[i].name, axes[i].v);
        if (status != MOTE_OK) {
            return status;
        }
    }
    mote_docking_timeline t = mote_docking_timeline_of(p);
    if (!(t.approach_end - t.approach_start > 0.0f && t.settle_end - t.approach_end > 0.0f &&
          t.spin_down_end - t.settle_end > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile durations: each phase must stay longer than 0 on the float "
                           "timeline (approach %g, settle %g, spin-down %g)",
                           (double)t.approach_end, (double)t.settle_end, (double)t.spin_down_end);
    }
    if (!(t.spin_down_end <= MOTE_DOCKING_TIMELINE_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile durations: the timeline must end by %g s (got %g)",
                           (double)MOTE_DOCKING_TIMELINE_MAX, (double)t.spin_down_end);
    }
    if (!(t.spin_up_end <= t.settle_end)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.spin_up_duration must end by spin-down start %g (got %g)",
                           (double)t.settle_end, (double)t.spin_up_end);
    }
    const double spin = fabs((double)p->station_spin_rate) * t.spin_down_end;
    if (!(spin <= MOTE_DOCKING_SPIN_ANGLE_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.station_spin_rate times the timeline's end must be at most %g "
                           "rad (got %g)",
                           (double)MOTE_DOCKING_SPIN_ANGLE_MAX, spin);
    }
    if (!(p->final_lerp_start < p->lock_threshold)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.final_lerp_start must be below lock_threshold %g (got %g)",
                           (double)p->lock_threshold, (double)p->final_lerp_start);
    }
    mote_status status =
        check_spring("start", p->stiffness_start, p->damping_start, p->max_substep);
    return status != MOTE_OK
               ? status
               : check_spring("end", p->stiffness_end, p->damping_end, p->max_substep);
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
