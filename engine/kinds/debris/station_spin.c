/* The seed's station spin state: spin-down blend, exact spin angle, orientation. */
#include <math.h>

#include "refuse.h"
#include "spin_angle.h"

#include "mote/debris.h"
#include "mote/spring.h"

mote_station_spin mote_default_station_spin(void) {
    mote_station_spin s = {
        .spin_rate = 3.15f,
        .spin_down_start = 21.5f,
        .spin_down_end = 24.5f,
        .base_orientation = {0.0f, 0.0f, 0.0f, 1.0f},
        .local_forward = {0.0f, 0.0f, 1.0f},
        .time = 0.0f,
        .rate = 3.15f,
        .angle = 0.0f,
    };
    return s;
}

mote_status mote_station_spin_step(mote_station_spin *spin, float dt) {
    if (spin == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "spin must not be NULL");
    }
    if (!(dt >= 0.0f) || !isfinite(dt)) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    spin->time += dt;
    float down = mote_smoothstep(spin->spin_down_start, spin->spin_down_end, spin->time);
    spin->rate = spin->spin_rate + (0.0f - spin->spin_rate) * down;
    spin->angle = mote_wrap_angle(mote_station_spin_angle_at(spin, spin->time));
    return MOTE_OK;
}

float mote_station_spin_angle_at(const mote_station_spin *spin, float time) {
    const float te = time > 0.0f ? time : 0.0f;
    const float span = spin->spin_down_end - spin->spin_down_start;
    if (!(span > 0.0f)) { /* mote_smoothstep's step: the rate drops to 0 at spin_down_end */
        return spin_down_angle(spin->spin_rate, te, spin->spin_down_end, 0.0f, 0.0f);
    }
    float x = (te - spin->spin_down_start) / span; /* docking_ramp_x's clamp */
    x = x < 0.0f ? 0.0f : x;
    x = x > 1.0f ? 1.0f : x;
    return spin_down_angle(spin->spin_rate, te, spin->spin_down_end, span, x);
}

mote_quat mote_station_spin_orientation(const mote_station_spin *spin) {
    return mote_quat_mul(spin->base_orientation,
                         mote_quat_axis_angle(spin->local_forward, spin->angle));
}

mote_debris_ship mote_station_spin_ship(const mote_station_spin *spin, mote_vec3 position) {
    mote_debris_ship ship = {
        .position = position,
        .orientation = mote_station_spin_orientation(spin),
        .axis = mote_quat_rotate(mote_quat_normalize(spin->base_orientation), spin->local_forward),
        .spin_rate = spin->rate,
    };
    return ship;
}
