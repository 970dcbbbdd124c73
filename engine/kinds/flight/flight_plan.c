/* Planning one approach flight (mote/flight.h): the tangent rule, the arc-length table and the
 * speed profile, computed in double from the desc and stored in float. */
#include <math.h>
#include <string.h>

#include "mote/flight.h"
#include "refuse.h"

typedef struct dvec {
    double x, y, z;
} dvec;

static dvec dv(mote_vec3 v) {
    dvec r = {v.x, v.y, v.z};
    return r;
}

static dvec dv_add(dvec a, dvec b) {
    dvec r = {a.x + b.x, a.y + b.y, a.z + b.z};
    return r;
}

static dvec dv_scale(dvec a, double s) {
    dvec r = {a.x * s, a.y * s, a.z * s};
    return r;
}

static double dv_dot(dvec a, dvec b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static dvec dv_cross(dvec a, dvec b) {
    dvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}

static double dv_length(dvec a) {
    return sqrt(dv_dot(a, a));
}

static mote_vec3 to_float(dvec a) {
    mote_vec3 r = {(float)a.x, (float)a.y, (float)a.z};
    return r;
}

static bool finite3(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

mote_flight_desc mote_default_flight_desc(void) {
    mote_flight_desc d = {
        .start_position = {0.0f, 0.0f, 0.0f},
        .start_velocity = {0.0f, 0.0f, 0.0f},
        .perch_position = {10.0f, 0.0f, 0.0f},
        .landing_normal = {0.0f, 0.0f, 1.0f},
        .cruise_speed = 6.0f,
        .max_acceleration = 4.0f,
        .max_deceleration = 3.0f,
        .max_bank = 0.785398163f,
        .gravity = 9.81f,
        .world_up = {0.0f, 0.0f, 1.0f},
    };
    return d;
}

/* The first of a desc's vectors that holds a NaN or infinity, or NULL. */
static const char *non_finite_vector(const mote_flight_desc *d) {
    const struct {
        mote_vec3 v;
        const char *name;
    } vectors[] = {{d->start_position, "start_position"},
                   {d->start_velocity, "start_velocity"},
                   {d->perch_position, "perch_position"},
                   {d->landing_normal, "landing_normal"},
                   {d->world_up, "world_up"}};
    for (size_t k = 0; k < sizeof vectors / sizeof vectors[0]; ++k) {
        if (!finite3(vectors[k].v)) {
            return vectors[k].name;
        }
    }
    return NULL;
}

static bool within(mote_vec3 v, float bound) {
    return fabsf(v.x) <= bound && fabsf(v.y) <= bound && fabsf(v.z) <= bound;
}

/* The desc's checks (mote/flight.h: the limits, then the domain), each refusal named. */
static mote_status check_desc(const mote_flight_desc *d) {
    const char *vector = non_finite_vector(d);
    if (vector != NULL) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desc.%s: must be finite", vector);
    }
    const struct {
        float value;
        const char *name;
    } positive[] = {{d->cruise_speed, "cruise_speed"},
                    {d->max_acceleration, "max_acceleration"},
                    {d->max_deceleration, "max_deceleration"},
                    {d->gravity, "gravity"},
                    {d->max_bank, "max_bank"}};
    for (size_t k = 0; k < sizeof positive / sizeof positive[0]; ++k) {
        if (!isfinite(positive[k].value)) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "desc.%s: must be finite (got %g)",
                               positive[k].name, (double)positive[k].value);
        }
        /* max_bank may be 0; the others must be > 0 */
        bool ok = k == 4 ? positive[k].value >= 0.0f : positive[k].value > 0.0f;
        if (!ok) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc.%s: must be %s 0 (got %g)",
                               positive[k].name, k == 4 ? ">=" : ">", (double)positive[k].value);
        }
    }
    if (!((double)d->max_bank < 1.5707963267948966)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.max_bank: must be below pi/2 (got %g)", (double)d->max_bank);
    }
    if (dv_length(dv(d->world_up)) == 0.0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc.world_up: must not be zero");
    }
    if (!within(d->start_position, MOTE_FLIGHT_MAX_COORDINATE) ||
        !within(d->perch_position, MOTE_FLIGHT_MAX_COORDINATE)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.%s: every component must lie within +-%g",
                           within(d->start_position, MOTE_FLIGHT_MAX_COORDINATE) ? "perch_position"
                                                                                 : "start_position",
                           (double)MOTE_FLIGHT_MAX_COORDINATE);
    }
    double speed = dv_length(dv(d->start_velocity));
    if (!(speed <= MOTE_FLIGHT_MAX_SPEED)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.start_velocity: its length must be <= %g (got %g)",
                           (double)MOTE_FLIGHT_MAX_SPEED, speed);
    }
    if (!(d->cruise_speed <= MOTE_FLIGHT_MAX_SPEED)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc.cruise_speed: must be <= %g (got %g)",
                           (double)MOTE_FLIGHT_MAX_SPEED, (double)d->cruise_speed);
    }
    return MOTE_OK;
}

/* The flyer's left when the perch is straight behind (so it heads along -chord): along
 * chord x up, or (the chord along up) the longer of chord x x-axis and chord x y-axis. */
static dvec left_of(dvec up, dvec chord_dir) {
    dvec l = dv_cross(chord_dir, up);
    if (dv_length(l) < 1e-3) {
        dvec a = dv_cross(chord_dir, (dvec){1.0, 0.0, 0.0});
        dvec b = dv_cross(chord_dir, (dvec){0.0, 1.0, 0.0});
        l = dv_length(a) >= dv_length(b) ? a : b;
    }
    return dv_scale(l, 1.0 / dv_length(l));
}

/* |S'(u)| in double from the float control vectors: S' = h01' C + h10' M0 + h11' M1. */
static double speed_in_u(const mote_flight_path *p, double u) {
    double h01 = -6.0 * u * u + 6.0 * u;
    double h10 = 3.0 * u * u - 4.0 * u + 1.0;
    double h11 = 3.0 * u * u - 2.0 * u;
    dvec d = dv_add(dv_add(dv_scale(dv(p->chord), h01), dv_scale(dv(p->m0), h10)),
                    dv_scale(dv(p->m1), h11));
    return dv_length(d);
}

/* The speed profile of mote/flight.h for a path of length L. */
static void plan_profile(mote_flight_path *p, double v0, double vc, double a, double d,
                         double length) {
    double a1 = 0.0, t1 = 0.0, s1 = 0.0, vp = v0, dec = d, cruise = 0.0;
    if (length <= 0.0) {
        vp = 0.0;
        dec = 0.0;
    } else {
        double rate = v0 <= vc ? a : fmin(a, d);
        double full = fabs(vc * vc - v0 * v0) / (2.0 * rate) + vc * vc / (2.0 * d);
        if (full <= length) {
            a1 = v0 <= vc ? a : -rate;
            vp = vc;
            t1 = fabs(vc - v0) / rate;
            s1 = (v0 + vc) * 0.5 * t1;
            cruise = (length - full) / vc;
        } else if (v0 <= vc && v0 * v0 <= 2.0 * d * length) {
            vp = sqrt((2.0 * a * d * length + d * v0 * v0) / (a + d));
            a1 = a;
            t1 = (vp - v0) / a;
            s1 = (v0 + vp) * 0.5 * t1;
        } else {
            dec = v0 * v0 / (2.0 * length);
        }
    }
    double t2 = t1 + cruise;
    double total = vp > 0.0 ? t2 + vp / dec : 0.0;
    p->start_speed = (float)v0;
    p->accel = (float)a1;
    p->accel_end = (float)t1;
    p->accel_distance = (float)s1;
    p->peak_speed = (float)vp;
    p->cruise_end = (float)t2;
    p->deceleration = (float)dec;
    p->duration = (float)total;
}

mote_status mote_flight_plan(const mote_flight_desc *desc, mote_flight_path *out) {
    if (desc == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc, out: must not be NULL");
    }
    mote_status status = check_desc(desc);
    if (status != MOTE_OK) {
        return status;
    }
    mote_flight_path p;
    memset(&p, 0, sizeof p);
    p.desc = *desc;
    p.p0 = desc->start_position;
    p.p1 = desc->perch_position;
    p.max_bank = desc->max_bank;
    p.gravity = desc->gravity;
    dvec up = dv(desc->world_up);
    p.up = to_float(dv_scale(up, 1.0 / dv_length(up)));
    p.chord = (mote_vec3){p.p1.x - p.p0.x, p.p1.y - p.p0.y, p.p1.z - p.p0.z};
    if (!finite3(p.chord)) { /* cannot happen within the domain; kept as a guard */
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desc: the chord overflows");
    }
    dvec chord = dv(p.chord);
    double c = dv_length(chord);
    dvec v0 = dv(desc->start_velocity);
    double speed0 = dv_length(v0);
    if (c > 0.0) {
        dvec cd = dv_scale(chord, 1.0 / c);
        dvec d0 = speed0 > 0.0 ? dv_scale(v0, 1.0 / speed0) : cd;
        if (dv_dot(d0, cd) < 0.0 && dv_length(dv_cross(d0, cd)) < 1e-3) {
            d0 = left_of(dv(p.up), cd);
        }
        dvec d1 = cd;
        double nl = dv_length(dv(desc->landing_normal));
        if (nl > 0.0) {
            dvec n = dv_scale(dv(desc->landing_normal), 1.0 / nl);
            dvec across = dv_add(cd, dv_scale(n, -dv_dot(cd, n)));
            double al = dv_length(across);
            if (al >= 1e-3) {
                d1 = dv_scale(across, 1.0 / al);
            }
        }
        double k0 = fmin(fmax(speed0 / desc->cruise_speed, 0.5), 1.0);
        p.m0 = to_float(dv_scale(d0, c * k0));
        p.m1 = to_float(dv_scale(d1, c));
    }
    /* the seed's trapezoid rule on |S'|, in double */
    const int last = MOTE_FLIGHT_TABLE_SAMPLES - 1;
    double s = 0.0, prev = speed_in_u(&p, 0.0);
    p.table[0] = 0.0f;
    for (int k = 1; k <= last; ++k) {
        double f = speed_in_u(&p, (double)k / last);
        s += 0.5 * (prev + f) / last;
        prev = f;
        p.table[k] = (float)s;
    }
    if (!isfinite(p.table[last]) || !finite3(p.m0) || !finite3(p.m1)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desc: the curve overflows");
    }
    p.length = p.table[last];
    plan_profile(&p, speed0, desc->cruise_speed, desc->max_acceleration, desc->max_deceleration,
                 p.length);
    if (!isfinite(p.duration) || !isfinite(p.deceleration)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE,
                           "desc: the profile overflows float (deceleration %g, duration %g s: a "
                           "perch too close for the start speed, or a cruise_speed too slow)",
                           (double)p.deceleration, (double)p.duration);
    }
    *out = p;
    return MOTE_OK;
}

float mote_flight_speed_error(const mote_flight_path *path) {
    const int last = MOTE_FLIGHT_TABLE_SAMPLES - 1;
    double worst = 0.0;
    for (int k = 0; k < last; ++k) {
        double mean = ((double)path->table[k + 1] - path->table[k]) * last;
        if (mean <= 0.0) {
            continue;
        }
        for (int j = 0; j <= 64; ++j) {
            double u = (k + j / 64.0) / last;
            worst = fmax(worst, fabs(speed_in_u(path, u) / mean - 1.0));
        }
    }
    return (float)worst;
}
