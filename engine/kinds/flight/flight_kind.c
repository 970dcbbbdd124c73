/* Flight pools: the flight kind's record for the shared pool layer (its 64 fields, the limits
 * every flyer shares, its kernel), the landed report of its steps, re-targeting, and the
 * public flight-pool names. */
#include <math.h>
#include <string.h>

#include "flight_fields.h"
#include "kind_record.h"
#include "pool_events.h"
#include "refuse.h"

/* What mote_default_flight_pool_def() writes to internal_cookie. */
#define FLIGHT_POOL_COOKIE 0x464c4954 /* "FLIT" */

MOTE_KIND_TYPE_CHECKS(flight, FLIGHT_FIELD_COUNT, mote_flight_constants);

mote_flight_limits mote_default_flight_limits(void) {
    mote_flight_desc d = mote_default_flight_desc();
    mote_flight_limits l = {d.cruise_speed, d.max_acceleration, d.max_deceleration,
                            d.max_bank,     d.gravity,          d.world_up};
    return l;
}

mote_flight_pool_def mote_default_flight_pool_def(void) {
    mote_flight_pool_def def = {
        .limits = mote_default_flight_limits(),
        MOTE_DEFAULT_POOL_DEF_COMMON(FLIGHT_POOL_COOKIE),
    };
    return def;
}

static mote_flight_desc desc_with_limits(const mote_flight_limits *l) {
    mote_flight_desc d = mote_default_flight_desc();
    d.cruise_speed = l->cruise_speed;
    d.max_acceleration = l->max_acceleration;
    d.max_deceleration = l->max_deceleration;
    d.max_bank = l->max_bank;
    d.gravity = l->gravity;
    d.world_up = l->world_up;
    return d;
}

/* The limits as create checks them: what mote_flight_plan accepts. */
static mote_status check_limits(const mote_flight_limits *limits) {
    mote_flight_desc d = desc_with_limits(limits);
    mote_flight_path path;
    return mote_flight_plan(&d, &path);
}

/* The first member of the desc's limits that is not the pool's, or NULL when all are. */
static const char *limit_differing(const mote_flight_desc *d, const mote_flight_limits *l) {
    if (d->cruise_speed != l->cruise_speed) {
        return "cruise_speed";
    }
    if (d->max_acceleration != l->max_acceleration) {
        return "max_acceleration";
    }
    if (d->max_deceleration != l->max_deceleration) {
        return "max_deceleration";
    }
    if (d->max_bank != l->max_bank) {
        return "max_bank";
    }
    if (d->gravity != l->gravity) {
        return "gravity";
    }
    bool same_up = d->world_up.x == l->world_up.x && d->world_up.y == l->world_up.y &&
                   d->world_up.z == l->world_up.z;
    return same_up ? NULL : "world_up";
}

static const mote_flight_limits *limits_of(const mote_pool *pool) {
    return mote_pool_settings_const(pool);
}

/* A new plan's values: the curve, the table and the profile of path, the clock at 0, the pose
 * there (the reference's) and landed 0. */
static void plan_values(const mote_flight_path *path, float *values) {
    flight_path_to_values(path, values);
    mote_flight_pose pose;
    mote_flight_sample(path, 0.0f, &pose); /* a planned path at time 0 cannot fail */
    flight_pose_to_values(&pose, values);
    values[FLIGHT_TIME] = 0.0f;
    values[FLIGHT_LANDED] = 0.0f;
}

/* The desc planned (mote_flight_plan's checks and errors), with the pool's limits only. */
static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    const mote_flight_desc *d = desc;
    mote_flight_path path;
    mote_status status = mote_flight_plan(d, &path);
    if (status != MOTE_OK) {
        return status;
    }
    const char *differing = limit_differing(d, limits_of(pool));
    if (differing != NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.%s: must be the pool's limit exactly (mote_flight_pool_desc "
                           "gives a desc with the pool's limits)",
                           differing);
    }
    plan_values(&path, values);
    return MOTE_OK;
}

typedef struct dvec {
    double x, y, z;
} dvec;

static dvec dvec_at(const float *v, int f) {
    dvec r = {v[f], v[f + 1], v[f + 2]};
    return r;
}

static double dvec_length(dvec a) {
    return sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

static mote_vec3 vec3_scaled(dvec a, double s) {
    mote_vec3 r = {(float)(a.x * s), (float)(a.y * s), (float)(a.z * s)};
    return r;
}

/* The desc as far as the plan keeps it (mote_flight_pool_get). */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    mote_flight_desc *d = desc;
    *d = desc_with_limits(limits_of(pool));
    d->start_position = (mote_vec3){values[FLIGHT_P0X], values[FLIGHT_P0Y], values[FLIGHT_P0Z]};
    d->perch_position = (mote_vec3){values[FLIGHT_P1X], values[FLIGHT_P1Y], values[FLIGHT_P1Z]};
    dvec m0 = dvec_at(values, FLIGHT_M0X);
    double m0_length = dvec_length(m0);
    d->start_velocity = m0_length > 0.0 ? vec3_scaled(m0, values[FLIGHT_START_SPEED] / m0_length)
                                        : (mote_vec3){0.0f, 0.0f, 0.0f};
    /* N in the plane of the chord and the end tangent d1, perpendicular to d1 */
    dvec c = {(double)values[FLIGHT_P1X] - values[FLIGHT_P0X],
              (double)values[FLIGHT_P1Y] - values[FLIGHT_P0Y],
              (double)values[FLIGHT_P1Z] - values[FLIGHT_P0Z]};
    dvec m1 = dvec_at(values, FLIGHT_M1X);
    double cl = dvec_length(c), ml = dvec_length(m1);
    d->landing_normal = (mote_vec3){0.0f, 0.0f, 0.0f};
    if (cl > 0.0 && ml > 0.0) {
        dvec cu = {c.x / cl, c.y / cl, c.z / cl}, mu = {m1.x / ml, m1.y / ml, m1.z / ml};
        double along = cu.x * mu.x + cu.y * mu.y + cu.z * mu.z;
        dvec n = {cu.x - along * mu.x, cu.y - along * mu.y, cu.z - along * mu.z};
        double nl = dvec_length(n);
        if (nl >= 1e-6) {
            d->landing_normal = vec3_scaled(n, 1.0 / nl);
        }
    }
}

/* The clock is analytic: any dt up to MOTE_FLIGHT_MAX_STEP is exact; a longer step advances
 * that much (the domain, mote/flight.h: the clock then never passes MOTE_FLIGHT_MAX_TIME). */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt < MOTE_FLIGHT_MAX_STEP ? dt : MOTE_FLIGHT_MAX_STEP;
}

/* A stored flyer's values within the domain (mote/flight.h), as a plan within it gives them
 * and steps keep them: what add checks of the plan it made and restore of every flyer of a
 * snapshot, so no blob can hold a flyer whose step overflows. */
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    if (!(v[FLIGHT_TIME] >= 0.0f && v[FLIGHT_TIME] <= MOTE_FLIGHT_MAX_TIME)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "time: must be in [0, %g] s (got %g)",
                           (double)MOTE_FLIGHT_MAX_TIME, (double)v[FLIGHT_TIME]);
    }
    const float reach = 4.0f * MOTE_FLIGHT_MAX_COORDINATE; /* a tangent is at most the chord */
    const struct {
        int first;
        float bound;
        const char *name;
    } vectors[] = {{FLIGHT_P0X, MOTE_FLIGHT_MAX_COORDINATE, "start_position"},
                   {FLIGHT_P1X, MOTE_FLIGHT_MAX_COORDINATE, "perch_position"},
                   {FLIGHT_M0X, reach, "start_tangent"},
                   {FLIGHT_M1X, reach, "end_tangent"}};
    for (size_t k = 0; k < sizeof vectors / sizeof vectors[0]; ++k) {
        for (int c = 0; c < 3; ++c) {
            if (!(fabsf(v[vectors[k].first + c]) <= vectors[k].bound)) {
                return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                                   "%s: every component must lie within +-%g (got %g)",
                                   vectors[k].name, (double)vectors[k].bound,
                                   (double)v[vectors[k].first + c]);
            }
        }
    }
    float previous = 0.0f;
    for (int k = 0; k < MOTE_FLIGHT_TABLE_SAMPLES - 1; ++k) {
        float s = v[FLIGHT_TABLE_FIRST + k];
        if (!(s >= previous && s <= 100.0f * MOTE_FLIGHT_MAX_COORDINATE)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                               "arc_length[%d]: the table must rise from 0 and stay <= %g (got %g "
                               "after %g)",
                               k, 100.0 * MOTE_FLIGHT_MAX_COORDINATE, (double)s, (double)previous);
        }
        previous = s;
    }
    /* the profile: every speed it can give within twice the domain's */
    const double fastest = 2.0 * MOTE_FLIGHT_MAX_SPEED;
    const double v0 = v[FLIGHT_START_SPEED], vp = v[FLIGHT_PEAK_SPEED];
    const double t1 = v[FLIGHT_ACCEL_END], t2 = v[FLIGHT_CRUISE_END], total = v[FLIGHT_DURATION];
    const double accel = v[FLIGHT_ACCEL], dec = v[FLIGHT_DECELERATION];
    const char *bad = !(v0 >= 0.0 && v0 <= fastest)             ? "start_speed"
                      : !(vp >= 0.0 && vp <= fastest)           ? "peak_speed"
                      : !(t1 >= 0.0 && t1 <= t2 && t2 <= total) ? "accel_end, cruise_end, duration"
                      : !(fabs(accel) * t1 <= fastest)          ? "accel"
                      : !(dec >= 0.0 && dec * (total - t2) <= fastest) ? "deceleration"
                                                                       : NULL;
    if (bad != NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "%s: the profile must give speeds <= %g and phases in order", bad,
                           fastest);
    }
    return MOTE_OK;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    mote_flight_constants c = flight_constants_make(limits_of(pool), dt);
    memcpy(constants, &c, sizeof c);
}

static mote_status check_settings(const void *settings) {
    return check_limits(settings);
}

MOTE_KIND_FIELD_TABLE(flight, FLIGHT_FIELDS, FLIGHT_FIELD_COUNT);

/* The limits member by member, as a snapshot stores them. */
#define FLIGHT_SETTING(member)                                                                     \
    { #member, offsetof(mote_flight_limits, member), MOTE_SETTING_F32 }
static const mote_setting_info flight_setting_members[] = {
    FLIGHT_SETTING(cruise_speed),     FLIGHT_SETTING(max_acceleration),
    FLIGHT_SETTING(max_deceleration), FLIGHT_SETTING(max_bank),
    FLIGHT_SETTING(gravity),          FLIGHT_SETTING(world_up.x),
    FLIGHT_SETTING(world_up.y),       FLIGHT_SETTING(world_up.z),
};

extern const mote_kind_events mote_flight_kind_events; /* flight_events.c */

const mote_pool_kind mote_flight_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(flight, FLIGHT_POOL_COOKIE, mote_flight_limits),
    .parallel_min_elements = 512, /* a flyer is 64 streams and two arctangents: a mover's cost */
    .kernel_id = MOTE_KERNEL_flight,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_RIGID(FLIGHT_P, FLIGHT_Q),
    .events = &mote_flight_kind_events,
};

#define RECORD (&mote_flight_pool_kind_record)

MOTE_KIND_POOL_API(flight, mote_flight_limits, def->limits)

mote_flight_limits mote_flight_pool_limits(const mote_flight_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? *limits_of(p) : mote_default_flight_limits();
}

mote_flight_desc mote_flight_pool_desc(const mote_flight_pool *pool) {
    mote_flight_limits l = mote_flight_pool_limits(pool);
    return desc_with_limits(&l);
}

/* Flyer i's stored values. */
static void values_at(const mote_pool *p, size_t i, float *v) {
    for (int f = 0; f < FLIGHT_FIELD_COUNT; ++f) {
        v[f] = p->core.fields.field[f][i];
    }
}

mote_status mote_flight_pool_path(const mote_flight_pool *pool, mote_id id, mote_flight_path *out) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    size_t i;
    if (out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out: must not be NULL");
    }
    mote_status status = mote_pool_index(p, RECORD, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    float v[FLIGHT_FIELD_COUNT];
    values_at(p, i, v);
    mote_flight_constants c = flight_constants_make(limits_of(p), 0.0f);
    mote_flight_path path;
    flight_values_to_path(v, &c, &path);
    values_to_desc(p, v, &path.desc);
    *out = path;
    return MOTE_OK;
}

mote_status mote_flight_pool_retarget(mote_flight_pool *pool, mote_id id, mote_vec3 perch_position,
                                      mote_vec3 landing_normal) {
    mote_pool *p = MOTE_AS_POOL(pool);
    size_t i;
    mote_status status = mote_pool_index(p, RECORD, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    float v[FLIGHT_FIELD_COUNT];
    values_at(p, i, v);
    mote_flight_desc d = desc_with_limits(limits_of(p));
    d.start_position = (mote_vec3){v[FLIGHT_PX], v[FLIGHT_PY], v[FLIGHT_PZ]};
    d.start_velocity = (mote_vec3){v[FLIGHT_VX], v[FLIGHT_VY], v[FLIGHT_VZ]};
    d.perch_position = perch_position;
    d.landing_normal = landing_normal;
    mote_flight_path path;
    status = mote_flight_plan(&d, &path);
    if (status != MOTE_OK) {
        return status;
    }
    /* the new plan and clock; the pose arrays keep the current pose until the next step */
    flight_path_to_values(&path, v);
    v[FLIGHT_TIME] = 0.0f;
    v[FLIGHT_LANDED] = 0.0f;
    for (int f = 0; f < FLIGHT_PX; ++f) {
        p->core.fields.field[f][i] = v[f];
    }
    p->core.fields.field[FLIGHT_LANDED][i] = 0.0f;
    return MOTE_OK;
}

/* Every flight step: the generic step, then the report of the flyers landed (FLIGHT_LANDED
 * became 1.0f). */
MOTE_KIND_REPORTING_STEP_API(flight, mote_flight_landed, FLIGHT_LANDED, 1.0f)
