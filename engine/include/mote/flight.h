/* mote: approach flights onto perches (seed 001): a cubic Hermite curve from the flyer's
 * position and velocity to a perch, walked by arc length through a 32-sample table, with a
 * speed profile analytic in time (accelerate toward cruise, cruise, one constant deceleration
 * that ends at rest exactly on the perch) and a bank angle from the curvature, capped.
 *
 * This header is the scalar reference, one flight at a time: mote_flight_plan builds a path,
 * mote_flight_sample evaluates it at any elapsed time (frame-rate independent: the pose at
 * time t does not depend on how t was reached).
 *
 * Conventions: right-handed, lengths in the caller's units (call them metres), time in
 * seconds, angles in radians, quaternions {x, y, z, w} (mote/math3d.h).
 *
 * The curve. With the chord C = P1 - P0, its length c = |C| and direction C^ = C / c:
 *   S(u) = h00(u) P0 + h10(u) M0 + h01(u) P1 + h11(u) M1, u in [0, 1], evaluated as
 *   S(u) = P0 + ((h01 C + h10 M0) + h11 M1) per component (h00 + h01 = 1), with the seed's
 *   basis h00 = 2u^3 - 3u^2 + 1, h10 = u^3 - 2u^2 + u, h01 = -2u^3 + 3u^2, h11 = u^3 - u^2.
 * The tangent rule (computed in double, then rounded to float):
 *   start direction d0 = V0 / |V0|; V0 = 0 falls back to d0 = C^. When the perch is straight
 *   behind (d0 . C^ < 0 and |d0 x C^| < 1e-3) d0 is turned to the flyer's left, the unit
 *   vector along C^ x up (or, the chord along up, along C^ x x-axis or C^ x y-axis, whichever
 *   is longer), so the curve is a turn, never a cusp.
 *   end direction d1: the chord with its component along the landing normal removed,
 *   d1 = normalize(C^ - (C^ . N^) N^): the flyer comes in level across the perch's surface.
 *   N = 0, or N within 1e-3 of parallel to the chord (|C^ - (C^ . N^) N^| < 1e-3), gives
 *   d1 = C^.
 *   M0 = d0 c k0 with k0 = clamp(|V0| / cruise_speed, 1/2, 1) (a slow start commits less to
 *   its heading; V0 = 0 gives 1/2), and M1 = d1 c.
 * V0 along the chord at cruise speed and N perpendicular to it give M0 = M1 = C: the curve
 * is then linear in u, S(u) = P0 + u C.
 *
 * The arc-length table: s_k for u_k = k / 31, k = 0..31, with the seed's trapezoid rule
 *   s_0 = 0, s_k = s_(k-1) + (|S'(u_(k-1))| + |S'(u_k)|) / 2 / 31,
 * summed in double from the float control vectors and rounded, so the table is monotone
 * (non-decreasing) and s_31 is the path's length. The trapezoid rule's error on a segment is
 * h^3 |f''| / 12 with f = |S'|, h = 1/31, so on the whole table at most
 * max|f''| / (12 * 31^2), f'' the second derivative of |S'| in u.
 *
 * Arc length to parameter: the k in [0, 30] with s_k <= s < s_(k+1) (binary search, five
 * fixed halvings from k = 0: k += 16, 8, 4, 2, 1 wherever s_(k+step) <= s, then k = min(k,
 * 30); so s >= s_31 gives k = 30), alpha = (s - s_k) / (s_(k+1) - s_k) (0 when the segment
 * has zero length), u = u_k + alpha (u_(k+1) - u_k).
 *
 * The speed profile (v0 = |V0|, vc = cruise_speed, A = max_acceleration,
 * D = max_deceleration, L = s_31), computed in double and stored in float:
 *   1. from v0 toward vc at a constant rate: +A when v0 <= vc, -min(A, D) when v0 > vc;
 *   2. cruise at the peak speed vp;
 *   3. a constant deceleration d from vp to rest, ending exactly at distance L at time T.
 * When the full profile (reaching vc, then d = D) does not fit in L, the phases shrink:
 *   v0 <= vc and v0^2 <= 2 D L: no cruise, vp^2 = (2 A D L + D v0^2) / (A + D) (the peak where
 *     accelerating at A meets braking at D), d = D;
 *   otherwise (the flyer is already at or above the speed it can brake from in L): one
 *     constant deceleration from the start, d = v0^2 / (2 L), which is at most D whenever
 *     v0^2 <= 2 D L. Only a perch closer than the flyer's stopping distance at D
 *     (v0^2 > 2 D L) brakes harder than D: the plan never overshoots the perch.
 * Evaluated (float) at time t: phase 1 (t < t1): s = v0 t + (a1 / 2) t^2, v = v0 + a1 t;
 * cruise (t < t2): s = s1 + vp (t - t1), v = vp; braking (t < T): r = T - t,
 * s = L - (d / 2) r^2, v = d r; t >= T: s = L, v = 0, landed. s is clamped to [0, L].
 *
 * How closely the flyer's real speed follows the profile: the table maps s to u linearly on
 * each segment, so the speed along the curve is v |S'(u)| / ((s_(k+1) - s_k) 31), off the
 * profile by the variation of |S'| inside one segment relative to its mean
 * (mote_flight_speed_error gives that bound per path, sampled at 64 points per segment). It
 * grows with curvature: a gentle approach misses by well under 1% (a bound of 0.02% on a
 * gentle path, before the float positions' noise), a sharp turn by several percent (6.2% on
 * a sharp one); walking the curve at uniform u instead misses by the variation of |S'| over
 * the whole curve (0.13% and 36% on the same two paths).
 *
 * Banking (seed 001, section 3): the curvature kappa = |S' x S''| / |S'|^3 (0 where |S'|^3
 * rounds to 0; the pose reports it). Only the turn's horizontal part needs a bank (the seed
 * balances lift against the turn), so the bank reads the turn about the world up,
 *   turn = ((S' x S'') . up) / |S'|^3  (0 where |S'|^3 rounds to 0),
 * signed: positive for a left turn (counter-clockwise seen from above), negative for a right
 * one. The bank is phi = atan(v^2 |turn| / g) (libm atanf), capped at max_bank, with turn's
 * sign (0 where turn is 0). In a level turn turn = +-kappa, so the bank is
 * atan(v^2 kappa / g), capped; in a curve lying in a vertical plane (a pure climb or dive) turn
 * is 0 (exactly in a plane containing a world axis and up, within the rounding of
 * S' x S'', a few 1e-7 of the level bank, in another), so the bank is 0; a climbing or
 * descending turn of constant pitch gamma (a helix) gets turn = kappa cos(gamma): the bank of
 * its horizontal part, less than the level turn's as the climb steepens. turn is continuous
 * in the curve parameter, so the bank is continuous from sample to sample: a turn that gains
 * or loses its horizontal side, or switches sides, passes through 0.
 *
 * Orientation: the body's +x points along S' (forward), +z up and +y to the left. The level
 * frame takes +x to the tangent T^ (q_a = mote_quat_from_unit_vectors(+x, T^)) and rolls it
 * about T^ until +z lies in the plane of T^ and the world up: with z_a = q_a applied to +z and
 * the level up w = up - (up . T^) T^, roll = atan2f((z_a x w) . T^, z_a . w). Banked:
 * orientation = mote_quat_axis_angle(T^, roll - phi) * q_a, so the body's up leans into the
 * turn by |phi| (toward the left in a left turn). Flying along the up axis (w = 0) the level
 * roll is 0. */
#ifndef MOTE_FLIGHT_H
#define MOTE_FLIGHT_H

#include <stdbool.h>

#include "mote/base.h"
#include "mote/math3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The domain: within it every accepted plan samples finite poses at every time, and a pool's
 * flyers step finite forever at any dt (mote_flight_plan and the pool refuse anything outside
 * it, naming the field in mote_error_detail()):
 * - start_position and perch_position: every component within +-MOTE_FLIGHT_MAX_COORDINATE,
 *   so |S'| < 2e8 and |S''| < 1e9, and nothing in the curve, its cross product or |S'|^3
 *   overflows;
 * - |start_velocity| and cruise_speed at most MOTE_FLIGHT_MAX_SPEED (so v^2 is finite);
 * - max_acceleration, max_deceleration and gravity: finite and > 0 (a bank whose
 *   v^2 |turn| / g overflows is capped at max_bank); max_bank in [0, pi/2); world_up
 *   finite and non-zero; landing_normal finite;
 * - time: mote_flight_sample takes any finite time >= 0; a pool step clamps dt to
 *   MOTE_FLIGHT_MAX_STEP, so a flyer's clock, which stops growing once its spacing exceeds
 *   twice that, never passes MOTE_FLIGHT_MAX_TIME. */
#define MOTE_FLIGHT_MAX_COORDINATE 1e7f              /* units */
#define MOTE_FLIGHT_MAX_SPEED      1e6f              /* units/s */
#define MOTE_FLIGHT_MAX_STEP       1048576.0f        /* s, 2^20 */
#define MOTE_FLIGHT_MAX_TIME       70368744177664.0f /* s, 2^46 */

/* Samples in the arc-length table (u_k = k / 31). */
#define MOTE_FLIGHT_TABLE_SAMPLES 32

/* One approach: where the flyer is, where it lands, and its limits. */
typedef struct mote_flight_desc {
    mote_vec3 start_position; /* P0, world */
    mote_vec3 start_velocity; /* V0, world, units/s */
    mote_vec3 perch_position; /* P1, world: where the flyer comes to rest */
    mote_vec3 landing_normal; /* N: the perch surface's normal, any length (0: no preference) */
    float cruise_speed;       /* units/s, > 0 */
    float max_acceleration;   /* units/s^2, > 0 */
    float max_deceleration;   /* units/s^2, > 0 */
    float max_bank;           /* rad, in [0, pi/2); default 45 degrees */
    float gravity;            /* units/s^2, > 0; default 9.81 */
    mote_vec3 world_up;       /* any non-zero length; default +z */
} mote_flight_desc;

/* From the origin at rest to a perch at {10, 0, 0} facing up (+z), cruise 6 units/s,
 * acceleration 4, deceleration 3 units/s^2, bank cap 45 degrees (0.785398163 rad), gravity
 * 9.81, world up +z. */
mote_flight_desc mote_default_flight_desc(void);

/* A planned flight: the curve, its arc-length table and its speed profile. Fill it with
 * mote_flight_plan; the members are read-only for callers. */
typedef struct mote_flight_path {
    mote_vec3 p0, p1;                       /* start and perch */
    mote_vec3 chord;                        /* C = P1 - P0 */
    mote_vec3 m0, m1;                       /* Hermite tangents (see the tangent rule above) */
    mote_vec3 up;                           /* world up, unit */
    float table[MOTE_FLIGHT_TABLE_SAMPLES]; /* s_k, units; table[31] = length */
    float length;                           /* total arc length L, units */
    float start_speed;                      /* v0, units/s */
    float accel;           /* a1, units/s^2 (signed; 0 when there is no first phase) */
    float accel_end;       /* t1, s */
    float accel_distance;  /* s1, units */
    float peak_speed;      /* vp, units/s */
    float cruise_end;      /* t2, s */
    float deceleration;    /* d, units/s^2 (> 0 unless the flight has length 0) */
    float duration;        /* T, s: at rest on the perch from here on */
    float max_bank;        /* rad */
    float gravity;         /* units/s^2 */
    mote_flight_desc desc; /* what was planned, for re-targeting */
} mote_flight_path;

/* Where a flight is at one time. */
typedef struct mote_flight_pose {
    mote_vec3 position;    /* S(u), world; exactly P1 once landed */
    mote_vec3 velocity;    /* speed * tangent, units/s; 0 once landed */
    float speed;           /* the profile's v(t), units/s */
    float acceleration;    /* the profile's dv/dt, units/s^2 (negative while braking) */
    float distance;        /* s(t) along the path, units */
    float u;               /* curve parameter in [0, 1] */
    mote_vec3 tangent;     /* S'(u) / |S'(u)|; the chord's direction where |S'|^3 rounds to 0,
                            * +x for a flight of length 0 */
    float curvature;       /* kappa = |S' x S''| / |S'|^3, 1/units */
    float bank;            /* rad, from the turn's horizontal part (above), |bank| <= max_bank */
    mote_quat orientation; /* body +x forward, +z up, banked (see above) */
    bool landed;           /* time >= duration */
} mote_flight_pose;

/* Plans the flight of desc (the rules above). MOTE_ERROR_INVALID_ARGUMENT for a NULL
 * pointer, a cruise_speed, max_acceleration, max_deceleration or gravity <= 0, a max_bank
 * outside [0, pi/2), a zero world_up, or a position or speed outside the domain above;
 * MOTE_ERROR_NON_FINITE for any NaN or infinity, or a profile too large for float (a
 * deceleration or duration overflowing). mote_error_detail() names the field. On error *out
 * is unchanged. P0 == P1 is a flight of length 0 that has landed at time 0. */
mote_status mote_flight_plan(const mote_flight_desc *desc, mote_flight_path *out);

/* The arc length s (units, clamped to [0, length]) as the curve parameter u in [0, 1], through
 * the table (binary search, then the seed's lerp). */
float mote_flight_parameter_at(const mote_flight_path *path, float s);

/* The pose at time seconds after the flight began (time >= 0). MOTE_ERROR_INVALID_ARGUMENT
 * for a NULL pointer or a negative time, MOTE_ERROR_NON_FINITE for a NaN or infinite time;
 * *out unchanged on error. */
mote_status mote_flight_sample(const mote_flight_path *path, float time, mote_flight_pose *out);

/* A new flight from where path is at time (its position and velocity) to another perch,
 * with the same speeds, limits, bank cap, gravity and up: position is continuous exactly,
 * velocity within rounding. The new flight's clock starts at 0. Errors as mote_flight_sample
 * and mote_flight_plan; *out unchanged on error (out may be path itself). */
mote_status mote_flight_retarget(const mote_flight_path *path, float time, mote_vec3 perch_position,
                                 mote_vec3 landing_normal, mote_flight_path *out);

/* The bound on how far the speed along the curve strays from the profile, relative: the
 * largest |S'(u)| / segment mean - 1 over the table's segments (either sign), sampled at 64
 * points per segment in double. 0 for a curve linear in u or of length 0. */
float mote_flight_speed_error(const mote_flight_path *path);

#ifdef __cplusplus
}
#endif

#endif
