/* The docking scalar reference: one sequence at a time, straight from the seed's formulas
 * (mote/docking.h). This file is the specification engine/kinds/docking/docking_kernels.c is
 * measured against. */
#include <float.h>
#include <math.h>

#include "docking_model.h"
#include "refuse.h"

docking_frame docking_frame_at(const mote_docking_constants *c, mote_vec3 station, mote_quat base,
                               mote_quat spin) {
    docking_frame f;
    f.q = mote_quat_normalize(mote_quat_mul(base, spin));
    f.port = mote_vec3_add(station, mote_quat_rotate(f.q, c->port));
    f.axis = mote_vec3_normalize(mote_quat_rotate(f.q, c->axis));
    return f;
}

mote_vec3 docking_target(const mote_docking_constants *c, const mote_docking_state *s,
                         const docking_time *tm, const docking_frame *f, float *parallel,
                         float *radial) {
    float clr = c->clearance;
    float pa = s->start_parallel + (clr - s->start_parallel) * tm->approach_t;
    float par = pa + (clr - pa) * tm->dock_t;
    float sr = s->start_radial;
    float offset = sr < c->radial_offset ? sr : c->radial_offset; /* the corridor never widens */
    float ra = sr + (offset - sr) * tm->approach_t;
    float rad = ra + (0.0f - ra) * tm->dock_t;
    rad = rad + (0.0f - rad) * tm->spin_down_t;
    mote_vec3 direction = mote_quat_rotate(f->q, s->radial_direction);
    *parallel = par;
    *radial = rad;
    return mote_vec3_add(mote_vec3_add(f->port, mote_vec3_scale(f->axis, par)),
                         mote_vec3_scale(direction, rad));
}

/* The capture: the chaser's offset from the port of the frame at approach_start, decomposed
 * (parallel, radial distance, radial direction in station coordinates). */
static void capture(const mote_docking_constants *c, mote_docking_state *s) {
    docking_frame f = docking_frame_at(c, s->station_position, s->station_base, c->capture_spin);
    mote_vec3 offset = mote_vec3_sub(s->position, f.port);
    float parallel = mote_vec3_dot(offset, f.axis);
    mote_vec3 radial = mote_vec3_sub(offset, mote_vec3_scale(f.axis, parallel));
    s->start_parallel = parallel;
    s->start_radial = mote_vec3_length(radial);
    s->radial_direction = mote_quat_rotate(mote_quat_conjugate(f.q), mote_vec3_normalize(radial));
    s->captured = true;
}

void docking_substep(const mote_docking_constants *c, mote_docking_state *s) {
    const float t = docking_clock_after(s->time, c->h);
    const docking_time tm = docking_time_at(c, t);
    const docking_frame f = docking_frame_at(c, s->station_position, s->station_base,
                                             mote_quat_axis_angle(c->forward, tm.station_angle));
    if (!s->captured && t >= c->approach_start) {
        capture(c, s);
    }
    mote_vec3 target = s->spring_position;
    if (s->captured) {
        float parallel, radial;
        target = docking_target(c, s, &tm, &f, &parallel, &radial);
    }

    /* the seed's vector spring, stiffness and damping ramped by dock_t */
    float k = c->stiffness_start + (c->stiffness_end - c->stiffness_start) * tm.dock_t;
    float d = c->damping_start + (c->damping_end - c->damping_start) * tm.dock_t;
    mote_vec3 a = mote_vec3_sub(mote_vec3_scale(mote_vec3_sub(target, s->spring_position), k),
                                mote_vec3_scale(s->velocity, d));
    mote_vec3 v = mote_vec3_add(s->velocity, mote_vec3_scale(a, c->spring_h));
    mote_vec3 sp = mote_vec3_add(s->spring_position, mote_vec3_scale(v, c->spring_h));

    /* the final lerp toward the target, then the terminal lock */
    float w = docking_smooth(docking_ramp_x(tm.spin_down_t, c->lerp_start, c->lerp_span));
    mote_vec3 p = mote_vec3_lerp(sp, target, w);
    s->locked = s->locked || tm.spin_down_t >= c->lock_threshold;
    if (s->locked) {
        p = target;
        sp = target;
        v = (mote_vec3){0.0f, 0.0f, 0.0f};
    }
    /* the domain: the chaser within MOTE_DOCKING_CHASER_MAX, its speed within
     * MOTE_DOCKING_VELOCITY_MAX, per component */
    p = docking_hold3(p, MOTE_DOCKING_CHASER_MAX);
    sp = docking_hold3(sp, MOTE_DOCKING_CHASER_MAX);
    v = docking_hold3(v, MOTE_DOCKING_VELOCITY_MAX);

    /* orientation: align local up onto -axis, then spin about the axis */
    mote_vec3 down = {-f.axis.x, -f.axis.y, -f.axis.z};
    mote_quat alignment = mote_quat_from_unit_vectors(c->up, down);
    mote_quat spin = mote_quat_axis_angle(f.axis, tm.chaser_angle);
    s->orientation = mote_quat_normalize(mote_quat_mul(spin, alignment));
    s->position = p;
    s->spring_position = sp;
    s->velocity = v;
    s->station_angle = tm.station_angle;
    s->chaser_angle = tm.chaser_angle;
    s->time = t;
}

mote_status docking_state_check(const mote_docking_state *s) {
    const float C = MOTE_DOCKING_CHASER_MAX, S = MOTE_DOCKING_STATION_MAX;
    const float D = MOTE_DOCKING_START_MAX, V = MOTE_DOCKING_VELOCITY_MAX;
    const struct {
        const char *name;
        float value, low, high;
    } members[] = {
        {"time", s->time, -MOTE_DOCKING_TIME_MAX, MOTE_DOCKING_TIME_MAX},
        {"station_position.x", s->station_position.x, -S, S},
        {"station_position.y", s->station_position.y, -S, S},
        {"station_position.z", s->station_position.z, -S, S},
        {"station_base.x", s->station_base.x, -FLT_MAX, FLT_MAX},
        {"station_base.y", s->station_base.y, -FLT_MAX, FLT_MAX},
        {"station_base.z", s->station_base.z, -FLT_MAX, FLT_MAX},
        {"station_base.w", s->station_base.w, -FLT_MAX, FLT_MAX},
        {"position.x", s->position.x, -C, C},
        {"position.y", s->position.y, -C, C},
        {"position.z", s->position.z, -C, C},
        {"spring_position.x", s->spring_position.x, -C, C},
        {"spring_position.y", s->spring_position.y, -C, C},
        {"spring_position.z", s->spring_position.z, -C, C},
        {"velocity.x", s->velocity.x, -V, V},
        {"velocity.y", s->velocity.y, -V, V},
        {"velocity.z", s->velocity.z, -V, V},
        {"orientation.x", s->orientation.x, -FLT_MAX, FLT_MAX},
        {"orientation.y", s->orientation.y, -FLT_MAX, FLT_MAX},
        {"orientation.z", s->orientation.z, -FLT_MAX, FLT_MAX},
        {"orientation.w", s->orientation.w, -FLT_MAX, FLT_MAX},
        {"start_parallel", s->start_parallel, -D, D},
        {"start_radial", s->start_radial, 0.0f, D},
        {"radial_direction.x", s->radial_direction.x, -2.0f, 2.0f},
        {"radial_direction.y", s->radial_direction.y, -2.0f, 2.0f},
        {"radial_direction.z", s->radial_direction.z, -2.0f, 2.0f},
        {"station_angle", s->station_angle, -FLT_MAX, FLT_MAX},
        {"chaser_angle", s->chaser_angle, -FLT_MAX, FLT_MAX},
    };
    const size_t n = sizeof members / sizeof members[0];
    for (size_t i = 0; i < n; ++i) { /* every NaN or infinity before any range */
        if (!isfinite(members[i].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "%s must be finite (got %g)", members[i].name,
                               (double)members[i].value);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (!(members[i].value >= members[i].low && members[i].value <= members[i].high)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must lie in [%g, %g] (got %g)",
                               members[i].name, (double)members[i].low, (double)members[i].high,
                               (double)members[i].value);
        }
    }
    if (!(mote_quat_dot(s->station_base, s->station_base) > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "station_base must not be zero");
    }
    return MOTE_OK;
}

mote_status docking_check(const mote_docking_profile *profile, const mote_docking_state *s) {
    if (profile == NULL || s == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile and state must not be NULL");
    }
    mote_status status = mote_docking_profile_validate(profile);
    if (status != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    return docking_state_check(s);
}

mote_status mote_docking_begin(const mote_docking_profile *profile, mote_vec3 station_position,
                               mote_quat station_base, mote_vec3 chaser_position, float start_delay,
                               mote_docking_state *out) {
    if (profile == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile and out must not be NULL");
    }
    if (mote_docking_profile_validate(profile) != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    if (!isfinite(start_delay)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "start_delay must be finite (got %g)",
                           (double)start_delay);
    }
    if (!(start_delay >= 0.0f && start_delay <= MOTE_DOCKING_TIME_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "start_delay must lie in [0, %g] (got %g)",
                           (double)MOTE_DOCKING_TIME_MAX, (double)start_delay);
    }
    const mote_docking_state given = {.time = 0.0f - start_delay,
                                      .station_position = station_position,
                                      .station_base = station_base,
                                      .position = chaser_position,
                                      .spring_position = chaser_position,
                                      .orientation = {0.0f, 0.0f, 0.0f, 1.0f}};
    mote_status status = docking_state_check(&given);
    if (status != MOTE_OK) {
        return status;
    }
    mote_docking_state s = {
        .time = 0.0f - start_delay,
        .station_position = station_position,
        .station_base = mote_quat_normalize(station_base),
        .position = chaser_position,
        .spring_position = chaser_position,
        .velocity = {0.0f, 0.0f, 0.0f},
        .orientation = {0.0f, 0.0f, 0.0f, 1.0f},
        .radial_direction = {0.0f, 0.0f, 0.0f},
    };
    /* the orientation at the clock: a sub-step of 0 s (nothing else moves at rest) */
    mote_docking_constants c = mote_docking_constants_make(profile, 0.0f);
    docking_substep(&c, &s);
    *out = s;
    return MOTE_OK;
}

mote_status mote_docking_step(const mote_docking_profile *profile, mote_docking_state *state,
                              float dt) {
    mote_status status = docking_check(profile, state);
    if (status != MOTE_OK) {
        return status;
    }
    if (!(dt >= 0.0f) || !isfinite(dt)) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    mote_docking_constants c = mote_docking_constants_make(profile, dt);
    for (int i = 0; i < c.substeps; ++i) {
        docking_substep(&c, state);
    }
    return MOTE_OK;
}
