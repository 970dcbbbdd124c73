/* The launch reference: one rocket's pose at a sequence time, straight from the seed's
 * formulas (mote/launch.h), libm sinf, cosf and powf. engine/kinds/launch/launch_kernels.c repeats
 * it operation for operation. */
#include <math.h>

#include "launch_ref.h"
#include "refuse.h"

mote_launch_rocket mote_default_launch_rocket(void) {
    mote_launch_rocket r = {0.0f, 1.0f, 1.0f, false, false, false};
    return r;
}

float mote_launch_flags_encode(const mote_launch_rocket *r) {
    return (r->no_roll ? 1.0f : 0.0f) + (r->no_vibration ? 2.0f : 0.0f) +
           (r->no_camera_shake ? 4.0f : 0.0f);
}

void mote_launch_flags_decode(float flags, mote_launch_rocket *r) {
    const bool shake = flags >= 4.0f;
    const float f2 = shake ? flags - 4.0f : flags;
    const bool vibration = f2 >= 2.0f;
    const float f1 = vibration ? f2 - 2.0f : f2;
    r->no_camera_shake = shake;
    r->no_vibration = vibration;
    r->no_roll = f1 >= 1.0f;
}

float mote_launch_roll_envelope(const mote_launch_profile *p, float distance) {
    return 1.0f - mote_launch_smooth(p->roll_envelope_start,
                                     p->roll_envelope_end - p->roll_envelope_start, distance);
}

/* The roll angle (rad) at the rocket's time t and ascent distance d. */
static float roll_at(const mote_launch_profile *p, const mote_launch_rocket *r, float t, float d) {
    const float envelope = mote_launch_roll_envelope(p, d);
    const float shake = sinf(t * p->vibration_frequency_a) +
                        sinf(t * p->vibration_frequency_b + p->vibration_phase_b);
    const float vibration = r->no_vibration ? 0.0f : shake * p->vibration_amplitude * envelope;
    const float roll = sinf(t * p->roll_frequency) * p->roll_amplitude * envelope + vibration;
    return r->no_roll ? 0.0f : roll;
}

void mote_launch_pose_at(const mote_launch_profile *p, const mote_launch_timeline *tl,
                         const mote_launch_rocket *r, float own_time, mote_launch_pose *out) {
    const float t = mote_launch_own_time_clamp(own_time);
    float d, v, cd, cv;
    mote_launch_ascent_at(tl, t, &d, &v);
    mote_launch_coast_at(tl, t, &cd, &cv);

    /* altitude and ground arc, and their rates */
    const float altitude = d * p->target_altitude + cd * p->coast_rate;
    const float altitude_rate = v * p->target_altitude + cv * p->coast_rate;
    const float arc_power = powf(d, p->ground_arc_exponent);
    const float arc_power_rate = d > 0.0f ? p->ground_arc_exponent * (arc_power / d) * v : 0.0f;
    const float ground_arc =
        arc_power * p->max_ground_arc * r->turn_blend + cd * p->ground_track_rate;
    const float ground_arc_rate =
        arc_power_rate * p->max_ground_arc * r->turn_blend + cv * p->ground_track_rate;
    const float angle = ground_arc / p->planet_radius;
    const float angle_rate = ground_arc_rate / p->planet_radius;

    /* the planet frame */
    const float s = sinf(angle), c = cosf(angle);
    const mote_vec3 radial = {0.0f, c, -s};
    const mote_vec3 tangent = {0.0f, -s, -c};
    const float gravity_turn =
        mote_launch_smooth(p->gravity_turn_start, p->gravity_turn_end - p->gravity_turn_start, d);
    const mote_vec3 flight =
        mote_vec3_normalize(mote_vec3_lerp(radial, tangent, gravity_turn * p->turn_factor));

    /* position and velocity, crossrange on x */
    const float cross_width = p->crossrange_end - p->crossrange_start;
    const float cross_x = (d - p->crossrange_start) / cross_width;
    const float cross_clamped = cross_x < 0.0f ? 0.0f : cross_x > 1.0f ? 1.0f : cross_x;
    const float cross_reach = r->crossrange * p->max_crossrange;
    const float cross_offset =
        cross_reach * (cross_clamped * cross_clamped * (3.0f - 2.0f * cross_clamped));
    const float cross_rate =
        cross_reach * ((6.0f * cross_clamped * (1.0f - cross_clamped)) / cross_width * v);
    const float radius = p->planet_radius + altitude;
    mote_vec3 position = mote_vec3_add(p->planet_center, mote_vec3_scale(radial, radius));
    position.x = position.x + cross_offset;
    mote_vec3 velocity = mote_vec3_add(mote_vec3_scale(tangent, angle_rate * radius),
                                       mote_vec3_scale(radial, altitude_rate));
    velocity.x = velocity.x + cross_rate;

    /* orientation from the frame, then the roll about the rocket's own axis */
    const mote_quat base = mote_quat_from_unit_vectors(p->rocket_local_up, flight);
    const float roll = roll_at(p, r, t, d);
    const mote_quat orientation =
        mote_quat_mul(base, mote_quat_axis_angle(p->rocket_local_up, roll));

    out->phase = mote_launch_phase_at(tl, t);
    out->distance = d;
    out->speed = v;
    out->altitude = altitude;
    out->ground_arc = ground_arc;
    out->radial = radial;
    out->tangent = tangent;
    out->flight_direction = flight;
    out->base_orientation = base;
    out->roll = roll;
    out->orientation = orientation;
    out->position = position;
    out->velocity = velocity;
}

mote_status mote_launch_rocket_check(const mote_launch_rocket *r) {
    const struct {
        const char *name;
        float value, max;
    } members[] = {{"launch_time", r->launch_time, MOTE_LAUNCH_TIME_MAX},
                   {"turn_blend", r->turn_blend, MOTE_LAUNCH_TURN_BLEND_MAX},
                   {"crossrange", r->crossrange, MOTE_LAUNCH_CROSSRANGE_MAX}};
    for (size_t i = 0; i < sizeof members / sizeof members[0]; ++i) {
        if (!isfinite(members[i].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "rocket.%s must be finite (got %g)",
                               members[i].name, (double)members[i].value);
        }
    }
    for (size_t i = 0; i < sizeof members / sizeof members[0]; ++i) {
        if (!(fabsf(members[i].value) <= members[i].max)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                               "rocket.%s must lie in [-%g, %g] (got %g)", members[i].name,
                               (double)members[i].max, (double)members[i].max,
                               (double)members[i].value);
        }
    }
    return MOTE_OK;
}

mote_status mote_launch_evaluate(const mote_launch_profile *profile,
                                 const mote_launch_rocket *rocket, float time,
                                 mote_launch_pose *out) {
    if (profile == NULL || rocket == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile, rocket and out must not be NULL");
    }
    const mote_launch_timeline tl = mote_launch_timeline_of(profile);
    if (tl.status != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    if (!isfinite(time)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "time must be finite (got %g)", (double)time);
    }
    mote_status status = mote_launch_rocket_check(rocket);
    if (status != MOTE_OK) {
        return status;
    }
    mote_launch_pose_at(profile, &tl, rocket, time - rocket->launch_time, out);
    return MOTE_OK;
}

mote_status mote_launch_camera_shake(const mote_launch_profile *p, float t, mote_vec3 *offset) {
    if (p == NULL || offset == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile and offset must not be NULL");
    }
    if (mote_launch_profile_validate(p) != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    if (!isfinite(t)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "time must be finite (got %g)", (double)t);
    }
    const float rise =
        mote_launch_smooth(p->ignition_hold - p->camera_shake_rise, p->camera_shake_rise, t);
    const float fade =
        1.0f - mote_launch_smooth(p->camera_shake_fade_start,
                                  p->camera_shake_fade_end - p->camera_shake_fade_start, t);
    const float a = p->camera_shake_amplitude * (rise * fade);
    const mote_vec3 f = p->camera_shake_frequency, ph = p->camera_shake_phase;
    offset->x = a * sinf(t * f.x + ph.x);
    offset->y = a * sinf(t * f.y + ph.y);
    offset->z = a * sinf(t * f.z + ph.z);
    return MOTE_OK;
}

mote_status mote_launch_rocket_camera_shake(const mote_launch_profile *p,
                                            const mote_launch_rocket *r, float time,
                                            mote_vec3 *offset) {
    if (r == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "rocket must not be NULL");
    }
    mote_status check = mote_launch_rocket_check(r);
    if (check != MOTE_OK) {
        return check;
    }
    mote_vec3 shake;
    mote_status status = mote_launch_camera_shake(p, time - r->launch_time, &shake);
    if (status == MOTE_OK) {
        *offset = r->no_camera_shake ? (mote_vec3){0.0f, 0.0f, 0.0f} : shake;
    }
    return status;
}
