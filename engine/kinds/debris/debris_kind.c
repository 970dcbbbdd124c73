/* Debris pools: the debris kind's record for the shared pool layer (its fields, the ship
 * frame and settings every piece shares, its kernel) and the public debris-pool names; the
 * step reports the pieces it released. */
#include <math.h>
#include <string.h>

#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "kind_record.h"
#include "pool_events.h"
#include "refuse.h"

/* What mote_default_debris_pool_def() writes to internal_cookie. */
#define DEBRIS_POOL_COOKIE 0x44425253 /* "DBRS" */

MOTE_KIND_TYPE_CHECKS(debris, DEBRIS_FIELD_COUNT, mote_debris_frame);

typedef struct debris_pool_settings {
    mote_debris_ship ship;
    mote_debris_settings settings;
} debris_pool_settings;

MOTE_KIND_SETTINGS_ACCESS(debris_pool_settings)

mote_debris_pool_def mote_default_debris_pool_def(void) {
    mote_debris_pool_def def = {
        .settings = mote_default_debris_settings(),
        .ship = mote_default_debris_ship(),
        MOTE_DEFAULT_POOL_DEF_COMMON(DEBRIS_POOL_COOKIE),
    };
    return def;
}

/* The desc's name of each field, for the refusals: "desc.position.x". */
#define DEBRIS_DESC_NAME(e, view_member, desc_member, role, check, how) [e] = "desc." #desc_member,
static const char *const desc_names[DEBRIS_FIELD_COUNT] = {DEBRIS_FIELDS(DEBRIS_DESC_NAME)};
#undef DEBRIS_DESC_NAME

/* x within [-bound, bound]: MOTE_OK, else the refusal naming it (NaN and infinities are
 * MOTE_ERROR_NON_FINITE). */
static mote_status check_within(const char *name, float x, float bound) {
    if (!isfinite(x)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "%s must be finite (got %.9g)", name, (double)x);
    }
    if (!(fabsf(x) <= bound)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must lie within +-%g (got %.9g)", name,
                           (double)bound, (double)x);
    }
    return MOTE_OK;
}

/* The sum of squares of n floats, in double (no overflow or underflow for any float). */
static double squares(const float *x, int n) {
    double sum = 0.0;
    for (int c = 0; c < n; ++c) {
        sum += (double)x[c] * x[c];
    }
    return sum;
}

/* The ship (mote/debris.h's domain): position within +-MOTE_DEBRIS_MAX_DISTANCE, orientation
 * and axis finite and non-zero, spin rate within +-MOTE_DEBRIS_MAX_ANGULAR_SPEED. */
static mote_status check_ship(const mote_debris_ship *ship) {
    const float position[3] = {ship->position.x, ship->position.y, ship->position.z};
    const float orientation[4] = {ship->orientation.x, ship->orientation.y, ship->orientation.z,
                                  ship->orientation.w};
    const float axis[3] = {ship->axis.x, ship->axis.y, ship->axis.z};
    static const char *const position_names[3] = {"ship.position.x", "ship.position.y",
                                                  "ship.position.z"};
    for (int c = 0; c < 3; ++c) {
        mote_status status = check_within(position_names[c], position[c], MOTE_DEBRIS_MAX_DISTANCE);
        if (status != MOTE_OK) {
            return status;
        }
    }
    if (!isfinite(squares(orientation, 4)) || !isfinite(squares(axis, 3))) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "ship.%s must be finite",
                           isfinite(squares(orientation, 4)) ? "axis" : "orientation");
    }
    if (squares(orientation, 4) == 0.0 || squares(axis, 3) == 0.0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "ship.%s must be non-zero",
                           squares(orientation, 4) == 0.0 ? "orientation" : "axis");
    }
    return check_within("ship.spin_rate", ship->spin_rate, MOTE_DEBRIS_MAX_ANGULAR_SPEED);
}

/* The settings (mote/debris.h's domain): all refused with MOTE_ERROR_INVALID_ARGUMENT. */
static mote_status check_debris_settings(const mote_debris_settings *s) {
    if (!(s->speed_cap > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "settings.speed_cap must be > 0 (+inf: no cap) (got %.9g)",
                           (double)s->speed_cap);
    }
    const float gravity[3] = {s->gravity.x, s->gravity.y, s->gravity.z};
    static const char *const gravity_names[3] = {"settings.gravity.x", "settings.gravity.y",
                                                 "settings.gravity.z"};
    for (int c = 0; c < 3; ++c) {
        if (!(fabsf(gravity[c]) <= MOTE_DEBRIS_MAX_GRAVITY)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must lie within +-%g (got %.9g)",
                               gravity_names[c], (double)MOTE_DEBRIS_MAX_GRAVITY,
                               (double)gravity[c]);
        }
    }
    if (!(s->linear_damping >= 0.0f) || !isfinite(s->linear_damping)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "settings.linear_damping must be finite and >= 0 (got %.9g)",
                           (double)s->linear_damping);
    }
    return MOTE_OK;
}

static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)pool;
    values[DEBRIS_PHASE] = (float)((const mote_debris_desc *)desc)->phase;
    return MOTE_OK;
}

/* The members bounded alone: fields [first, first + count) within [-bound, bound] (or
 * [0, bound] where nonnegative). */
static const struct debris_range {
    int first, count;
    float bound;
    bool nonnegative;
} debris_ranges[] = {
    {DEBRIS_TIME, 1, MOTE_DEBRIS_MAX_TIME, false},
    {DEBRIS_PX, 3, MOTE_DEBRIS_MAX_POSITION, false},
    {DEBRIS_VX, 3, MOTE_DEBRIS_MAX_VELOCITY, false},
    {DEBRIS_AX, 3, MOTE_DEBRIS_MAX_DISTANCE, false},
    {DEBRIS_PEEL_START, 2, MOTE_DEBRIS_MAX_TIME, false}, /* peel_start, detach_time */
    {DEBRIS_MAX_DISTANCE, 1, MOTE_DEBRIS_MAX_DISTANCE, true},
    {DEBRIS_TWIST, 1, MOTE_DEBRIS_MAX_TWIST, false},
    {DEBRIS_OUTWARD_SPEED, 2, MOTE_DEBRIS_MAX_SPEED, false}, /* outward_speed, axial_speed */
};

/* outward (3) or base (4) at v, normalised in double (a tiny or huge vector normalises
 * without underflow or overflow); one already unit to within 2^-22 is kept as it is, so a
 * stored value checked again (set after get, a restore) keeps its bits. */
static mote_status normalise(float *v, int n, const char *name) {
    const double sum = squares(v, n);
    if (sum == 0.0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must be non-zero", name);
    }
    if (fabs(sum - 1.0) > 0x1p-21) {
        const double length = sqrt(sum);
        for (int c = 0; c < n; ++c) {
            v[c] = (float)(v[c] / length);
        }
    }
    return MOTE_OK;
}

/* add/set's checks across fields, after each passed its own (finite): the domain of
 * mote/debris.h (a known phase, every member within its range, detach_time >= peel_start),
 * then outward and base non-zero, stored normalised. Nothing is rewritten unless all pass. */
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    const float phase = v[DEBRIS_PHASE];
    if (phase != (float)MOTE_DEBRIS_ATTACHED && phase != (float)MOTE_DEBRIS_RELEASED &&
        phase != (float)MOTE_DEBRIS_FREE) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.phase must be 0 (attached), 1 (released) or 2 (free) (got %.9g)",
                           (double)phase);
    }
    for (size_t r = 0; r < sizeof debris_ranges / sizeof debris_ranges[0]; ++r) {
        const struct debris_range *range = &debris_ranges[r];
        for (int f = range->first; f < range->first + range->count; ++f) {
            mote_status status = check_within(desc_names[f], v[f], range->bound);
            if (status == MOTE_OK && range->nonnegative && v[f] < 0.0f) {
                status = mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must be >= 0 (got %.9g)",
                                     desc_names[f], (double)v[f]);
            }
            if (status != MOTE_OK) {
                return status;
            }
        }
    }
    if (!(v[DEBRIS_DETACH_TIME] >= v[DEBRIS_PEEL_START])) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.detach_time must be >= desc.peel_start (got %.9g < %.9g)",
                           (double)v[DEBRIS_DETACH_TIME], (double)v[DEBRIS_PEEL_START]);
    }
    const double q_length = sqrt(squares(&v[DEBRIS_QX], 4));
    if (!(q_length >= 1.0 / MOTE_DEBRIS_MAX_QUAT_SCALE && q_length <= MOTE_DEBRIS_MAX_QUAT_SCALE)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.orientation must have a length within [2^-20, 2^20] (got %.9g)",
                           q_length);
    }
    const double w_length = sqrt(squares(&v[DEBRIS_WX], 3));
    if (!(w_length <= MOTE_DEBRIS_MAX_ANGULAR_SPEED)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "desc.angular_velocity must have a length <= %g rad/s (got %.9g)",
                           (double)MOTE_DEBRIS_MAX_ANGULAR_SPEED, w_length);
    }
    float outward[3], base[4];
    memcpy(outward, &v[DEBRIS_OX], sizeof outward);
    memcpy(base, &v[DEBRIS_BX], sizeof base);
    mote_status status = normalise(outward, 3, "desc.outward");
    if (status == MOTE_OK) {
        status = normalise(base, 4, "desc.base");
    }
    if (status == MOTE_OK) {
        memcpy(&v[DEBRIS_OX], outward, sizeof outward);
        memcpy(&v[DEBRIS_BX], base, sizeof base);
    }
    return status;
}

/* The phase back as the enum (rounded: values written through the view may be any float). */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)pool;
    const float phase = values[DEBRIS_PHASE];
    ((mote_debris_desc *)desc)->phase = phase > 1.5f   ? MOTE_DEBRIS_FREE
                                        : phase > 0.0f ? MOTE_DEBRIS_RELEASED
                                                       : MOTE_DEBRIS_ATTACHED;
}

/* The kind's own limit: MOTE_DEBRIS_MAX_STEP, which keeps every step inside the proven
 * domain (mote/debris.h). */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt < MOTE_DEBRIS_MAX_STEP ? dt : MOTE_DEBRIS_MAX_STEP;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    const debris_pool_settings *s = settings_of_const(pool);
    mote_debris_frame frame = mote_debris_frame_make(&s->ship, &s->settings, dt);
    memcpy(constants, &frame, sizeof frame);
}

#define DEBRIS_SETTING(member)                                                                     \
    { #member, offsetof(debris_pool_settings, member), MOTE_SETTING_F32 }
static const mote_setting_info debris_setting_members[] = {
    DEBRIS_SETTING(ship.position.x),    DEBRIS_SETTING(ship.position.y),
    DEBRIS_SETTING(ship.position.z),    DEBRIS_SETTING(ship.orientation.x),
    DEBRIS_SETTING(ship.orientation.y), DEBRIS_SETTING(ship.orientation.z),
    DEBRIS_SETTING(ship.orientation.w), DEBRIS_SETTING(ship.axis.x),
    DEBRIS_SETTING(ship.axis.y),        DEBRIS_SETTING(ship.axis.z),
    DEBRIS_SETTING(ship.spin_rate),     DEBRIS_SETTING(settings.speed_cap),
    DEBRIS_SETTING(settings.gravity.x), DEBRIS_SETTING(settings.gravity.y),
    DEBRIS_SETTING(settings.gravity.z), DEBRIS_SETTING(settings.linear_damping),
};

/* The checks create (and restore) make of the ship and settings: set_ship's and
 * set_settings'. */
static mote_status check_settings(const void *settings) {
    const debris_pool_settings *s = settings;
    mote_status status = check_debris_settings(&s->settings);
    return status == MOTE_OK ? check_ship(&s->ship) : status;
}

MOTE_KIND_FIELD_TABLE(debris, DEBRIS_FIELDS, DEBRIS_FIELD_COUNT);

extern const mote_kind_events mote_debris_kind_events; /* debris_events.c */

const mote_pool_kind mote_debris_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(debris, DEBRIS_POOL_COOKIE, debris_pool_settings),
    .parallel_min_elements = 1024, /* a piece costs 6-11 ns on avx2/avx512: 1024 are 6-11 us */
    .kernel_id = MOTE_KERNEL_debris,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_RIGID(DEBRIS_P, DEBRIS_Q),
    .events = &mote_debris_kind_events,
};

#define RECORD (&mote_debris_pool_kind_record)

MOTE_KIND_POOL_API(debris, debris_pool_settings, (debris_pool_settings){def->ship, def->settings})

mote_status mote_debris_pool_set_ship(mote_debris_pool *pool, const mote_debris_ship *ship) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || ship == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s",
                           ship == NULL ? "ship must not be NULL" : "pool must be a debris pool");
    }
    mote_status status = check_ship(ship);
    if (status == MOTE_OK) {
        settings_of(p)->ship = *ship;
    }
    return status;
}

mote_debris_ship mote_debris_pool_ship(const mote_debris_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->ship : mote_default_debris_ship();
}

mote_status mote_debris_pool_set_settings(mote_debris_pool *pool,
                                          const mote_debris_settings *settings) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || settings == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s",
                           settings == NULL ? "settings must not be NULL"
                                            : "pool must be a debris pool");
    }
    mote_status status = check_debris_settings(settings);
    if (status == MOTE_OK) {
        settings_of(p)->settings = *settings;
    }
    return status;
}

mote_debris_settings mote_debris_pool_settings(const mote_debris_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->settings
                                   : mote_default_debris_settings();
}

/* Every debris step: the generic step, then the report of the pieces released (DEBRIS_PHASE became
 * MOTE_DEBRIS_RELEASED). */
MOTE_KIND_REPORTING_STEP_API(debris, mote_debris_released, DEBRIS_PHASE,
                             (float)MOTE_DEBRIS_RELEASED)

void mote_debris_run_table(const mote_kernel_table *table, const mote_debris_view *view,
                           const mote_debris_frame *frame, size_t begin, size_t end) {
    float *p[DEBRIS_FIELD_COUNT];
    debris_view_pointers(view, p);
    table->kernel[MOTE_KERNEL_debris](p, frame, begin, end);
}
