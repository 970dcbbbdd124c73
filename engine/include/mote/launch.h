/* mote: procedural rocket launches (seeds 000 and 002, "Piecewise launch kinematics",
 * "Planet-relative gravity turn", "Camera-independent shake and roll").
 *
 * A launch is analytic in time: the pose at a sequence time is a function of that time alone,
 * so any frame schedule gives the same pose at the same time. The sequence, in the rocket's own
 * time t (the sequence time minus its launch_time):
 *
 *   hold    t < ignition_hold: on the pad, distance 0, speed 0
 *   slow    slow_duration s at the constant slow speed slow_distance / slow_duration
 *   accel   accel_duration s at a constant acceleration
 *   decel   decel_duration s at a constant deceleration to rest: normalized distance 1
 *   coast   coast_linear s of linearly rising coast speed, then coast_decel s of linearly
 *           falling coast speed: a coast distance from 0 to 1 with its speed 0 at both ends
 *   rest    the coast distance stays 1
 *
 * The ascent's acceleration is solved (as the seed does) so the distance reaches 1 after the
 * acceleration and deceleration phases; every phase is integrated analytically. Position is
 * continuous at every boundary, speed at every boundary but ignition (the slow phase starts at
 * its constant speed: the one step the seed authors).
 *
 * The normalized distances map onto a planet (the seed's gravity turn), in the scene's units:
 *   altitude   = distance target_altitude + coast_distance coast_rate
 *   ground_arc = distance^ground_arc_exponent max_ground_arc turn_blend
 *                + coast_distance ground_track_rate
 *   angle      = ground_arc / planet_radius
 *   radial     = {0, cos angle, -sin angle}, tangent = {0, -sin angle, -cos angle}
 *   position   = planet_center + radial (planet_radius + altitude), and position.x gets the
 *                crossrange: rocket.crossrange max_crossrange smoothstep(crossrange_start,
 *                crossrange_end, distance)
 *   flight_direction = normalize(lerp(radial, tangent, gravity_turn turn_factor)), with the
 *                gravity-turn schedule gravity_turn = smoothstep(gravity_turn_start,
 *                gravity_turn_end, distance)
 * radial and tangent are unit by construction (not normalised again); tangent is d radial /
 * d angle, so the velocity, the analytic derivative of the position, is
 *   tangent (d angle/dt) (planet_radius + altitude) + radial (d altitude/dt)
 *   + {d crossrange/dt, 0, 0}.
 *
 * Orientation from frame, then roll (rule of 002): base = the shortest rotation taking
 * rocket_local_up onto flight_direction. The seed writes orientation = base * roll with roll a
 * rotation about flightDirection; mote reads that roll as a rotation about the rocket's own long
 * axis, given in the rocket's frame: orientation = base * rotation(rocket_local_up, roll), which
 * is rotation(flight_direction, roll) * base. So the nose stays exactly on the flight direction
 * whatever the roll (orientation * rocket_local_up == flight_direction within 1e-6).
 *
 * Roll and vibration (rad), with envelope = 1 - smoothstep(roll_envelope_start,
 * roll_envelope_end, distance):
 *   vibration = (sin(t vibration_frequency_a) + sin(t vibration_frequency_b +
 *               vibration_phase_b)) vibration_amplitude envelope
 *   roll      = sin(t roll_frequency) roll_amplitude envelope + vibration
 * so |roll| <= (roll_amplitude + 2 vibration_amplitude) envelope, exactly 0 once the envelope
 * is. The camera shake (mote_launch_camera_shake) has its own envelope in time and never
 * touches the rocket's pose, nor the rocket's vibration the camera.
 *
 * Conventions: mote/math3d.h's (right-handed, {x, y, z, w}, a * b applies b first). Time in
 * seconds; lengths in the scene's units (the seed's km at scene scale). The scalar reference
 * uses libm (sinf, cosf, powf); the pool (mote/launch_pool.h) evaluates many rockets with one
 * SIMD kernel held to it. */
#ifndef MOTE_LAUNCH_H
#define MOTE_LAUNCH_H

#include <stdbool.h>

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The launch's domain. Within it every rocket evaluates to a finite pose at every clock, on
 * every backend, within the reference's bounds (the launch page, engine/kinds/launch/README.md);
 * mote_launch_profile_validate, the pool's add, set, create, set_profile, evaluate and restore
 * refuse what lies outside, naming the member in mote_error_detail(). A rocket's own time (the
 * sequence time minus its launch_time) is clamped to [-MOTE_LAUNCH_OWN_TIME_MAX,
 * MOTE_LAUNCH_OWN_TIME_MAX]: past that the pose holds (the ascent and coast end well before). */
#define MOTE_LAUNCH_OWN_TIME_MAX   65536.0f /* s, about 18 hours either side of launch */
#define MOTE_LAUNCH_CLOCK_MAX      1e15     /* s: |the pool's clock|; a step stops there */
#define MOTE_LAUNCH_TIME_MAX       1e15f    /* s: |launch_time| */
#define MOTE_LAUNCH_TURN_BLEND_MAX 2.0f     /* |turn_blend| */
#define MOTE_LAUNCH_CROSSRANGE_MAX 2.0f     /* |crossrange| */
#define MOTE_LAUNCH_DURATION_MIN   1e-3f    /* s: each ascent duration, camera_shake_rise; the */
#define MOTE_LAUNCH_DURATION_MAX   1e4f     /* coast durations 0 or in range; ignition_hold in */
                                            /* [0, MOTE_LAUNCH_DURATION_MAX] */
#define MOTE_LAUNCH_LENGTH_MAX 1e9f         /* scene units: planet_radius, |planet_center| per */
                                            /* component, |target_altitude|, |max_ground_arc|, */
/* |max_crossrange|, |coast_rate|, |ground_track_rate| */
#define MOTE_LAUNCH_PLANET_RADIUS_MIN 1e-3f /* scene units */
#define MOTE_LAUNCH_GROUND_ANGLE_MAX  1.0f  /* rad: (|max_ground_arc| MOTE_LAUNCH_TURN_BLEND_MAX */
                                            /* + |ground_track_rate|) / planet_radius */
#define MOTE_LAUNCH_FREQUENCY_MAX 64.0f     /* rad/s: |roll_frequency|, |vibration_frequency_*|; */
                                            /* rad: |vibration_phase_b| */
#define MOTE_LAUNCH_ROLL_MAX           0.5f /* rad: |roll_amplitude| + 2 |vibration_amplitude| */
#define MOTE_LAUNCH_SCHEDULE_MAX       1e3f /* |start|, |end| of the three distance schedules */
#define MOTE_LAUNCH_SCHEDULE_WIDTH_MIN 9.765625e-4f /* end - start of each schedule (2^-10) */

/* Every constant of the launch. Start from mote_default_launch_profile(). */
typedef struct mote_launch_profile {
    /* timeline, s (the seed's values) */
    float ignition_hold;  /* 1.2: on the pad before the ascent starts; >= 0 */
    float slow_duration;  /* 5: > 0 */
    float accel_duration; /* 11: > 0 */
    float decel_duration; /* 8: > 0 */
    float slow_distance;  /* 0.00035: normalized distance covered by the slow phase, [0, 1) */
    float coast_linear;   /* 1.2: s of rising coast speed after the ascent; >= 0 */
    float coast_decel;    /* 4: s of falling coast speed, the terminal deceleration; >= 0 */
    /* gravity turn, scene units (the seed's km) */
    float target_altitude;     /* 420: altitude at the end of the ascent */
    float max_ground_arc;      /* 2200: ground arc at the end of the ascent (turn_blend 1) */
    float max_crossrange;      /* 26: x offset at the end of the ascent (crossrange 1) */
    float ground_arc_exponent; /* 1.22: >= 1 (so the ground arc's speed is finite at 0) */
    float turn_factor;         /* 0.9: the 0.9 of lerp(radial, tangent, gravityTurn * 0.9) */
    float planet_radius;       /* 6371: > 0 */
    mote_vec3 planet_center;   /* {0, -6371, 0}: the pad at the origin */
    mote_vec3 rocket_local_up; /* {0, 1, 0}: the nose in the rocket's frame, unit */
    /* schedules the seed names without numbers (mote's choices) */
    float coast_rate;         /* 18: altitude gained over the whole coast */
    float ground_track_rate;  /* 140: ground arc gained over the whole coast */
    float gravity_turn_start; /* 0.02: the turn starts at this normalized distance */
    float gravity_turn_end;   /* 0.75: and is complete here (> start) */
    float crossrange_start;   /* 0.1: the crossrange drift starts here */
    float crossrange_end;     /* 1: and is complete here (> start) */
    /* roll and vibration, rad and rad/s (the seed's values) */
    float roll_frequency;        /* 2.5 */
    float roll_amplitude;        /* 0.008 */
    float vibration_frequency_a; /* 52 */
    float vibration_frequency_b; /* 31 */
    float vibration_phase_b;     /* 0.7 */
    float vibration_amplitude;   /* 0.0024 */
    float roll_envelope_start;   /* 0.05: normalized distance where the envelope starts to fall */
    float roll_envelope_end;     /* 0.9: and is 0 (> start) */
    /* camera shake, scene units and s of the rocket's time (mote's choices) */
    float camera_shake_amplitude;     /* 0.012 */
    float camera_shake_rise;          /* 0.3: rises over the last 0.3 s before ignition ends, > 0 */
    float camera_shake_fade_start;    /* 3: starts to fade */
    float camera_shake_fade_end;      /* 9: gone (> fade start) */
    mote_vec3 camera_shake_frequency; /* {17, 23, 29} rad/s per axis */
    mote_vec3 camera_shake_phase;     /* {0, 1.1, 2.3} rad per axis */
} mote_launch_profile;

/* The seed's launch, with mote's documented choices where the seed gives no number. */
mote_launch_profile mote_default_launch_profile(void);

/* MOTE_OK for a profile inside the domain; MOTE_ERROR_NON_FINITE for a NaN or infinite member;
 * MOTE_ERROR_INVALID_ARGUMENT for NULL, a duration outside its range (MOTE_LAUNCH_DURATION_*),
 * a slow_distance outside [0, 1) or one the remaining phases cannot reach 1 from with a
 * non-negative acceleration, a length past MOTE_LAUNCH_LENGTH_MAX, planet_radius below
 * MOTE_LAUNCH_PLANET_RADIUS_MIN, a ground arc past MOTE_LAUNCH_GROUND_ANGLE_MAX, a crossrange
 * reach (MOTE_LAUNCH_CROSSRANGE_MAX |max_crossrange|) past planet_radius, ground_arc_exponent
 * outside [1, 2], turn_factor outside [0, 1], a frequency or phase past
 * MOTE_LAUNCH_FREQUENCY_MAX, a roll past MOTE_LAUNCH_ROLL_MAX, a schedule outside
 * MOTE_LAUNCH_SCHEDULE_* or whose end is not past its start, camera_shake_rise outside the
 * durations' range, or a rocket_local_up not unit within 1e-6. mote_error_detail() names the
 * member. */
mote_status mote_launch_profile_validate(const mote_launch_profile *profile);

/* Every event boundary (s of the rocket's time) and derived constant, computed in this one place
 * from the profile's durations (in double, then rounded), so changing one duration moves every
 * later boundary with it. */
typedef struct mote_launch_timeline {
    mote_status status;       /* mote_launch_profile_validate's; an invalid profile is all zeros */
    float ascent_start;       /* = ignition_hold */
    float slow_end;           /* + slow_duration */
    float accel_end;          /* + accel_duration */
    float ascent_end;         /* + decel_duration: normalized distance 1 */
    float coast_linear_end;   /* + coast_linear: the coast speed peaks */
    float rest_start;         /* + coast_decel: the coast distance is 1 */
    float slow_speed;         /* slow_distance / slow_duration, 1/s */
    float acceleration;       /* the seed's accel, 1/s^2 */
    float peak_speed;         /* slow_speed + acceleration accel_duration, 1/s */
    float deceleration;       /* peak_speed / decel_duration, 1/s^2 */
    float half_acceleration;  /* acceleration / 2 */
    float half_deceleration;  /* deceleration / 2 */
    float slow_distance;      /* distance at slow_end */
    float accel_distance;     /* distance at accel_end */
    float coast_acceleration; /* 1/s^2 while the coast speed rises (0 when coast_linear is 0) */
    float coast_peak_speed;   /* 2 / (coast_linear + coast_decel), 1/s (0 without a coast) */
    float coast_deceleration; /* 1/s^2 while it falls (0 when coast_decel is 0) */
    float coast_half_acceleration;
    float coast_half_deceleration;
    float coast_linear_distance; /* coast distance at coast_linear_end */
    float coast_full;            /* coast distance at rest: 1, or 0 without a coast */
} mote_launch_timeline;

/* The timeline of a profile (status says whether the profile is valid). */
mote_launch_timeline mote_launch_timeline_of(const mote_launch_profile *profile);

/* The normalized ascent distance (0 .. 1) and its speed (1/s) at t s of the rocket's time, the
 * seed's curve integrated per phase: 0 before ignition ends, slow_speed u in the slow phase,
 * slow_distance + u (slow_speed + half_acceleration u) accelerating, accel_distance +
 * u (peak_speed - half_deceleration u) decelerating (u the time into the phase), 1 after.
 * MOTE_ERROR_INVALID_ARGUMENT (timeline NULL or invalid, an output NULL) or MOTE_ERROR_NON_FINITE
 * (t NaN or infinite) and nothing written. */
mote_status mote_launch_ascent(const mote_launch_timeline *timeline, float time, float *distance,
                               float *speed);

/* The coast distance (0 .. 1) and its speed (1/s) at t s of the rocket's time: 0 up to
 * ascent_end, then u (coast_half_acceleration u) while the speed rises, coast_linear_distance +
 * w (coast_peak_speed - coast_half_deceleration w) while it falls, coast_full at rest. Errors as
 * mote_launch_ascent. */
mote_status mote_launch_coast(const mote_launch_timeline *timeline, float time, float *distance,
                              float *speed);

/* The phase of the sequence. */
typedef enum mote_launch_phase {
    MOTE_LAUNCH_HOLD = 0,
    MOTE_LAUNCH_SLOW = 1,
    MOTE_LAUNCH_ACCEL = 2,
    MOTE_LAUNCH_DECEL = 3,
    MOTE_LAUNCH_COAST = 4,
    MOTE_LAUNCH_REST = 5
} mote_launch_phase;

/* "hold", "slow", "accel", "decel", "coast", "rest"; "unknown" for another value. */
const char *mote_launch_phase_name(mote_launch_phase phase);

/* The phase at t s of the rocket's time (each phase starts at its boundary); HOLD for NULL. */
mote_launch_phase mote_launch_phase_at(const mote_launch_timeline *timeline, float time);

/* One rocket of a launch schedule. */
typedef struct mote_launch_rocket {
    float launch_time;    /* s: its time is the sequence time minus this; default 0;
                           * |launch_time| <= MOTE_LAUNCH_TIME_MAX */
    float turn_blend;     /* the seed's turnBlend, scales the ground arc; default 1;
                           * |turn_blend| <= MOTE_LAUNCH_TURN_BLEND_MAX */
    float crossrange;     /* signed multiple of max_crossrange; default 1;
                           * |crossrange| <= MOTE_LAUNCH_CROSSRANGE_MAX */
    bool no_roll;         /* diagnostics: no roll at all (orientation == base_orientation) */
    bool no_vibration;    /* diagnostics: the slow roll without the vibration */
    bool no_camera_shake; /* diagnostics: mote_launch_rocket_camera_shake gives 0 */
} mote_launch_rocket;

/* launch_time 0, turn_blend 1, crossrange 1, every flag off. */
mote_launch_rocket mote_default_launch_rocket(void);

/* Everything the seed's "Expose" list names for a launch, at one sequence time. */
typedef struct mote_launch_pose {
    mote_launch_phase phase;
    float distance;             /* normalized ascent distance, 0 .. 1 */
    float speed;                /* its rate, 1/s */
    float altitude;             /* scene units above the surface */
    float ground_arc;           /* scene units along the surface */
    mote_vec3 radial;           /* unit, up from the planet centre */
    mote_vec3 tangent;          /* unit, downrange: always {0, radial.z, -radial.y} */
    mote_vec3 flight_direction; /* unit */
    mote_quat base_orientation; /* rocket_local_up onto flight_direction */
    float roll;                 /* rad about the rocket's long axis, vibration included */
    mote_quat orientation;      /* base_orientation * rotation(rocket_local_up, roll) */
    mote_vec3 position;         /* scene units */
    mote_vec3 velocity;         /* scene units/s: d position / dt */
} mote_launch_pose;

/* The pose of a rocket at a sequence time (s): analytic, so any frame schedule gives the same
 * pose at the same time (its own time clamped to +-MOTE_LAUNCH_OWN_TIME_MAX).
 * MOTE_ERROR_INVALID_ARGUMENT (a NULL pointer, an invalid profile, a rocket outside its
 * domain), MOTE_ERROR_NON_FINITE (time, or the rocket's launch_time, turn_blend or crossrange,
 * NaN or infinite) and *out unchanged. */
mote_status mote_launch_evaluate(const mote_launch_profile *profile,
                                 const mote_launch_rocket *rocket, float time,
                                 mote_launch_pose *out);

/* The roll envelope at a normalized distance: 1 - smoothstep(roll_envelope_start,
 * roll_envelope_end, distance). */
float mote_launch_roll_envelope(const mote_launch_profile *profile, float distance);

/* The camera's early-launch shake at t s of the rocket's time, scene units: per axis
 * camera_shake_amplitude envelope sin(t frequency + phase), envelope = smoothstep(ignition_hold -
 * camera_shake_rise, ignition_hold, t) (1 - smoothstep(camera_shake_fade_start,
 * camera_shake_fade_end, t)). Independent of every rocket. Errors as mote_launch_evaluate. */
mote_status mote_launch_camera_shake(const mote_launch_profile *profile, float time,
                                     mote_vec3 *offset);

/* The camera shake of one rocket at a sequence time: mote_launch_camera_shake at its own time,
 * or {0, 0, 0} when its no_camera_shake flag is set. Errors as mote_launch_evaluate. */
mote_status mote_launch_rocket_camera_shake(const mote_launch_profile *profile,
                                            const mote_launch_rocket *rocket, float time,
                                            mote_vec3 *offset);

#ifdef __cplusplus
}
#endif

#endif
