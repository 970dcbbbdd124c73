/* The launch profile's defaults and validation, its timeline (every event boundary and derived
 * constant, computed here once), and the analytic ascent and coast curves. */
#include <math.h>
#include <string.h>

#include "launch_ref.h"
#include "refuse.h"

mote_launch_profile mote_default_launch_profile(void) {
    mote_launch_profile p = {
        .ignition_hold = 1.2f,
        .slow_duration = 5.0f,
        .accel_duration = 11.0f,
        .decel_duration = 8.0f,
        .slow_distance = 0.00035f,
        .coast_linear = 1.2f,
        .coast_decel = 4.0f,
        .target_altitude = 420.0f,
        .max_ground_arc = 2200.0f,
        .max_crossrange = 26.0f,
        .ground_arc_exponent = 1.22f,
        .turn_factor = 0.9f,
        .planet_radius = 6371.0f,
        .planet_center = {0.0f, -6371.0f, 0.0f},
        .rocket_local_up = {0.0f, 1.0f, 0.0f},
        .coast_rate = 18.0f,
        .ground_track_rate = 140.0f,
        .gravity_turn_start = 0.02f,
        .gravity_turn_end = 0.75f,
        .crossrange_start = 0.1f,
        .crossrange_end = 1.0f,
        .roll_frequency = 2.5f,
        .roll_amplitude = 0.008f,
        .vibration_frequency_a = 52.0f,
        .vibration_frequency_b = 31.0f,
        .vibration_phase_b = 0.7f,
        .vibration_amplitude = 0.0024f,
        .roll_envelope_start = 0.05f,
        .roll_envelope_end = 0.9f,
        .camera_shake_amplitude = 0.012f,
        .camera_shake_rise = 0.3f,
        .camera_shake_fade_start = 3.0f,
        .camera_shake_fade_end = 9.0f,
        .camera_shake_frequency = {17.0f, 23.0f, 29.0f},
        .camera_shake_phase = {0.0f, 1.1f, 2.3f},
    };
    return p;
}

_Static_assert(sizeof(mote_launch_profile) % sizeof(float) == 0, "the profile is floats only");

/* The seed's acceleration, in double: (remaining - slow_speed (A + D / 2)) / (A (A + D) / 2). */
static double solved_acceleration(const mote_launch_profile *p) {
    const double a = p->accel_duration, d = p->decel_duration;
    const double slow_speed = (double)p->slow_distance / p->slow_duration;
    return (1.0 - p->slow_distance - slow_speed * (a + 0.5 * d)) / (0.5 * a * (a + d));
}

/* One member's range: [low, high]; a duration that may be 0 (zero_ok) is 0 or in the range. */
typedef struct launch_range {
    const char *name;
    float value, low, high;
    bool zero_ok;
} launch_range;

#define LAUNCH_DURATION(name, value, zero_ok)                                                      \
    { name, value, MOTE_LAUNCH_DURATION_MIN, MOTE_LAUNCH_DURATION_MAX, zero_ok }
#define LAUNCH_SYMMETRIC(name, value, max)                                                         \
    { name, value, -(max), max, false }

static mote_status check_ranges(const launch_range *ranges, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        const launch_range *r = &ranges[i];
        if (!(r->value >= r->low && r->value <= r->high) && !(r->zero_ok && r->value == 0.0f)) {
            return mote_refuse(
                MOTE_ERROR_INVALID_ARGUMENT, "profile.%s must lie in %s[%g, %g] (got %g)", r->name,
                r->zero_ok ? "0 or " : "", (double)r->low, (double)r->high, (double)r->value);
        }
    }
    return MOTE_OK;
}

/* A schedule [start, end] of normalized distance: |start|, |end| <= MOTE_LAUNCH_SCHEDULE_MAX,
 * end - start >= MOTE_LAUNCH_SCHEDULE_WIDTH_MIN. */
static mote_status check_schedule(const char *name, float start, float end) {
    const float width = end - start;
    if (!(fabsf(start) <= MOTE_LAUNCH_SCHEDULE_MAX && fabsf(end) <= MOTE_LAUNCH_SCHEDULE_MAX &&
          width >= MOTE_LAUNCH_SCHEDULE_WIDTH_MIN)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.%s_start and _end must lie in [-%g, %g], the end at least %g "
                           "past the start (got %g, %g)",
                           name, (double)MOTE_LAUNCH_SCHEDULE_MAX, (double)MOTE_LAUNCH_SCHEDULE_MAX,
                           (double)MOTE_LAUNCH_SCHEDULE_WIDTH_MIN, (double)start, (double)end);
    }
    return MOTE_OK;
}

mote_status mote_launch_profile_validate(const mote_launch_profile *p) {
    if (p == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "profile must not be NULL");
    }
    float values[sizeof(mote_launch_profile) / sizeof(float)];
    memcpy(values, p, sizeof values);
    for (size_t i = 0; i < sizeof values / sizeof values[0]; ++i) {
        if (!isfinite(values[i])) {
            return mote_refuse(MOTE_ERROR_NON_FINITE,
                               "profile member %zu (of its floats, in declaration order) must be "
                               "finite (got %g)",
                               i, (double)values[i]);
        }
    }
    const mote_vec3 c = p->planet_center;
    const float L = MOTE_LAUNCH_LENGTH_MAX, F = MOTE_LAUNCH_FREQUENCY_MAX;
    const launch_range ranges[] = {
        {"ignition_hold", p->ignition_hold, 0.0f, MOTE_LAUNCH_DURATION_MAX, false},
        LAUNCH_DURATION("slow_duration", p->slow_duration, false),
        LAUNCH_DURATION("accel_duration", p->accel_duration, false),
        LAUNCH_DURATION("decel_duration", p->decel_duration, false),
        {"slow_distance", p->slow_distance, 0.0f, 0.99999994f, false},
        LAUNCH_DURATION("coast_linear", p->coast_linear, true),
        LAUNCH_DURATION("coast_decel", p->coast_decel, true),
        LAUNCH_SYMMETRIC("target_altitude", p->target_altitude, L),
        LAUNCH_SYMMETRIC("max_ground_arc", p->max_ground_arc, L),
        LAUNCH_SYMMETRIC("max_crossrange", p->max_crossrange, L),
        {"ground_arc_exponent", p->ground_arc_exponent, 1.0f, 2.0f, false},
        {"turn_factor", p->turn_factor, 0.0f, 1.0f, false},
        {"planet_radius", p->planet_radius, MOTE_LAUNCH_PLANET_RADIUS_MIN, L, false},
        LAUNCH_SYMMETRIC("planet_center.x", c.x, L),
        LAUNCH_SYMMETRIC("planet_center.y", c.y, L),
        LAUNCH_SYMMETRIC("planet_center.z", c.z, L),
        LAUNCH_SYMMETRIC("coast_rate", p->coast_rate, L),
        LAUNCH_SYMMETRIC("ground_track_rate", p->ground_track_rate, L),
        LAUNCH_SYMMETRIC("roll_frequency", p->roll_frequency, F),
        LAUNCH_SYMMETRIC("vibration_frequency_a", p->vibration_frequency_a, F),
        LAUNCH_SYMMETRIC("vibration_frequency_b", p->vibration_frequency_b, F),
        LAUNCH_SYMMETRIC("vibration_phase_b", p->vibration_phase_b, F),
        {"camera_shake_rise", p->camera_shake_rise, MOTE_LAUNCH_DURATION_MIN,
         MOTE_LAUNCH_DURATION_MAX, false},
    };
    mote_status status = check_ranges(ranges, sizeof ranges / sizeof ranges[0]);
    if (status != MOTE_OK) {
        return status;
    }
    const float roll = fabsf(p->roll_amplitude) + 2.0f * fabsf(p->vibration_amplitude);
    if (!(roll <= MOTE_LAUNCH_ROLL_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.roll_amplitude + 2 vibration_amplitude must be at most %g rad "
                           "(got %g)",
                           (double)MOTE_LAUNCH_ROLL_MAX, (double)roll);
    }
    const double angle = ((double)fabsf(p->max_ground_arc) * MOTE_LAUNCH_TURN_BLEND_MAX +
                          fabsf(p->ground_track_rate)) /
                         p->planet_radius;
    if (!(angle <= MOTE_LAUNCH_GROUND_ANGLE_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.max_ground_arc and ground_track_rate: (|max_ground_arc| %g + "
                           "|ground_track_rate|) / planet_radius must be at most %g rad (got %g)",
                           (double)MOTE_LAUNCH_TURN_BLEND_MAX, (double)MOTE_LAUNCH_GROUND_ANGLE_MAX,
                           angle);
    }
    const double reach = (double)fabsf(p->max_crossrange) * MOTE_LAUNCH_CROSSRANGE_MAX;
    if (!(reach <= p->planet_radius)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.max_crossrange: %g |max_crossrange| must be at most "
                           "planet_radius (got %g against %g)",
                           (double)MOTE_LAUNCH_CROSSRANGE_MAX, reach, (double)p->planet_radius);
    }
    const struct {
        const char *name;
        float start, end;
    } schedules[] = {{"gravity_turn", p->gravity_turn_start, p->gravity_turn_end},
                     {"crossrange", p->crossrange_start, p->crossrange_end},
                     {"roll_envelope", p->roll_envelope_start, p->roll_envelope_end}};
    for (size_t i = 0; i < sizeof schedules / sizeof schedules[0]; ++i) {
        status = check_schedule(schedules[i].name, schedules[i].start, schedules[i].end);
        if (status != MOTE_OK) {
            return status;
        }
    }
    if (!(p->camera_shake_fade_end > p->camera_shake_fade_start)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.camera_shake_fade_end must be past camera_shake_fade_start "
                           "(got %g, %g)",
                           (double)p->camera_shake_fade_end, (double)p->camera_shake_fade_start);
    }
    const float up_length = mote_vec3_length(p->rocket_local_up);
    if (!(fabsf(up_length - 1.0f) <= 1e-6f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.rocket_local_up must be unit within 1e-6 (length %g)",
                           (double)up_length);
    }
    if (!(solved_acceleration(p) >= 0.0)) { /* the slow phase alone would overshoot */
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "profile.slow_distance %g is more than the ascent can reach 1 from "
                           "with a non-negative acceleration",
                           (double)p->slow_distance);
    }
    return MOTE_OK;
}

mote_launch_timeline mote_launch_timeline_of(const mote_launch_profile *p) {
    mote_launch_timeline t;
    memset(&t, 0, sizeof t);
    t.status = mote_launch_profile_validate(p);
    if (t.status != MOTE_OK) {
        return t;
    }
    /* event boundaries: each one the previous plus its duration */
    const double ascent_start = p->ignition_hold;
    const double slow_end = ascent_start + p->slow_duration;
    const double accel_end = slow_end + p->accel_duration;
    const double ascent_end = accel_end + p->decel_duration;
    const double coast_linear_end = ascent_end + p->coast_linear;
    const double rest_start = coast_linear_end + p->coast_decel;
    /* the ascent's constants (the seed's computeAscentKinematics) */
    const double slow_speed = (double)p->slow_distance / p->slow_duration;
    const double accel = solved_acceleration(p);
    const double peak = slow_speed + accel * p->accel_duration;
    const double decel = peak / p->decel_duration;
    const double accel_distance = p->slow_distance + slow_speed * p->accel_duration +
                                  0.5 * accel * p->accel_duration * p->accel_duration;
    /* the coast: speed rising linearly for coast_linear, falling for coast_decel, area 1 */
    const double coast_total = (double)p->coast_linear + p->coast_decel;
    const double coast_peak = coast_total > 0.0 ? 2.0 / coast_total : 0.0;
    const double coast_accel = p->coast_linear > 0.0f ? coast_peak / p->coast_linear : 0.0;
    const double coast_decel = p->coast_decel > 0.0f ? coast_peak / p->coast_decel : 0.0;

    t.ascent_start = (float)ascent_start;
    t.slow_end = (float)slow_end;
    t.accel_end = (float)accel_end;
    t.ascent_end = (float)ascent_end;
    t.coast_linear_end = (float)coast_linear_end;
    t.rest_start = (float)rest_start;
    t.slow_speed = (float)slow_speed;
    t.acceleration = (float)accel;
    t.peak_speed = (float)peak;
    t.deceleration = (float)decel;
    t.half_acceleration = (float)(0.5 * accel);
    t.half_deceleration = (float)(0.5 * decel);
    t.slow_distance = p->slow_distance;
    t.accel_distance = (float)accel_distance;
    t.coast_acceleration = (float)coast_accel;
    t.coast_peak_speed = (float)coast_peak;
    t.coast_deceleration = (float)coast_decel;
    t.coast_half_acceleration = (float)(0.5 * coast_accel);
    t.coast_half_deceleration = (float)(0.5 * coast_decel);
    t.coast_linear_distance = (float)(0.5 * coast_peak * p->coast_linear);
    t.coast_full = coast_total > 0.0 ? 1.0f : 0.0f;
    return t;
}

void mote_launch_ascent_at(const mote_launch_timeline *tl, float t, float *distance, float *speed) {
    if (t < tl->ascent_start) {
        *distance = 0.0f;
        *speed = 0.0f;
    } else if (t < tl->slow_end) {
        const float u = t - tl->ascent_start;
        *distance = tl->slow_speed * u;
        *speed = tl->slow_speed;
    } else if (t < tl->accel_end) {
        const float u = t - tl->slow_end;
        *distance = tl->slow_distance + u * (tl->slow_speed + tl->half_acceleration * u);
        *speed = tl->slow_speed + tl->acceleration * u;
    } else if (t < tl->ascent_end) {
        const float u = t - tl->accel_end;
        *distance = tl->accel_distance + u * (tl->peak_speed - tl->half_deceleration * u);
        *speed = tl->peak_speed - tl->deceleration * u;
    } else {
        *distance = 1.0f;
        *speed = 0.0f;
    }
}

void mote_launch_coast_at(const mote_launch_timeline *tl, float t, float *distance, float *speed) {
    if (t < tl->ascent_end) {
        *distance = 0.0f;
        *speed = 0.0f;
    } else if (t < tl->coast_linear_end) {
        const float u = t - tl->ascent_end;
        *distance = u * (tl->coast_half_acceleration * u);
        *speed = tl->coast_acceleration * u;
    } else if (t < tl->rest_start) {
        const float w = t - tl->coast_linear_end;
        *distance = tl->coast_linear_distance +
                    w * (tl->coast_peak_speed - tl->coast_half_deceleration * w);
        *speed = tl->coast_peak_speed - tl->coast_deceleration * w;
    } else {
        *distance = tl->coast_full;
        *speed = 0.0f;
    }
}

static mote_status check_call(const mote_launch_timeline *tl, float t, const float *a,
                              const float *b) {
    if (tl == NULL || a == NULL || b == NULL || tl->status != MOTE_OK) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "timeline must be a valid profile's and the outputs not NULL");
    }
    return isfinite(t)
               ? MOTE_OK
               : mote_refuse(MOTE_ERROR_NON_FINITE, "time must be finite (got %g)", (double)t);
}

mote_status mote_launch_ascent(const mote_launch_timeline *tl, float time, float *distance,
                               float *speed) {
    mote_status status = check_call(tl, time, distance, speed);
    if (status == MOTE_OK) {
        mote_launch_ascent_at(tl, time, distance, speed);
    }
    return status;
}

mote_status mote_launch_coast(const mote_launch_timeline *tl, float time, float *distance,
                              float *speed) {
    mote_status status = check_call(tl, time, distance, speed);
    if (status == MOTE_OK) {
        mote_launch_coast_at(tl, time, distance, speed);
    }
    return status;
}

mote_launch_phase mote_launch_phase_at(const mote_launch_timeline *tl, float t) {
    if (tl == NULL) {
        return MOTE_LAUNCH_HOLD;
    }
    return t < tl->ascent_start ? MOTE_LAUNCH_HOLD
           : t < tl->slow_end   ? MOTE_LAUNCH_SLOW
           : t < tl->accel_end  ? MOTE_LAUNCH_ACCEL
           : t < tl->ascent_end ? MOTE_LAUNCH_DECEL
           : t < tl->rest_start ? MOTE_LAUNCH_COAST
                                : MOTE_LAUNCH_REST;
}

const char *mote_launch_phase_name(mote_launch_phase phase) {
    switch (phase) {
    case MOTE_LAUNCH_HOLD:
        return "hold";
    case MOTE_LAUNCH_SLOW:
        return "slow";
    case MOTE_LAUNCH_ACCEL:
        return "accel";
    case MOTE_LAUNCH_DECEL:
        return "decel";
    case MOTE_LAUNCH_COAST:
        return "coast";
    case MOTE_LAUNCH_REST:
        return "rest";
    }
    return "unknown";
}
