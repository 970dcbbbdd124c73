/* Debris pools: the debris kind's record for the shared pool layer (its fields, the ship
 * frame and settings every piece shares, its kernel) and the public debris-pool names; the
 * step reports the pieces it released. */
#include <math.h>
#include <string.h>

#include "debris_fields.h"
#include "mote/debris_pool.h"
#include "kind_record.h"

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

static bool finite3(mote_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static bool finite4(mote_quat q) {
    return isfinite(q.x) && isfinite(q.y) && isfinite(q.z) && isfinite(q.w);
}

static bool zero3(mote_vec3 v) {
    return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f;
}

static bool zero4(mote_quat q) {
    return q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f;
}

static mote_status check_ship(const mote_debris_ship *ship) {
    if (!finite3(ship->position) || !finite4(ship->orientation) || !finite3(ship->axis) ||
        !isfinite(ship->spin_rate)) {
        return MOTE_ERROR_NON_FINITE;
    }
    return zero4(ship->orientation) || zero3(ship->axis) ? MOTE_ERROR_INVALID_ARGUMENT : MOTE_OK;
}

static mote_status check_debris_settings(const mote_debris_settings *s) {
    bool ok = s->speed_cap > 0.0f && finite3(s->gravity) && isfinite(s->linear_damping) &&
              s->linear_damping >= 0.0f;
    return ok ? MOTE_OK : MOTE_ERROR_INVALID_ARGUMENT;
}

static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)pool;
    values[DEBRIS_PHASE] = (float)((const mote_debris_desc *)desc)->phase;
    return MOTE_OK;
}

/* add/set's checks across fields, after each passed its own: detach_time >= peel_start,
 * max_distance >= 0, a known phase, non-zero outward and base, which are then stored
 * normalised (in double: a tiny or huge vector normalises without underflow or overflow). */
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    const float phase = v[DEBRIS_PHASE];
    if (v[DEBRIS_DETACH_TIME] < v[DEBRIS_PEEL_START] || v[DEBRIS_MAX_DISTANCE] < 0.0f ||
        (phase != (float)MOTE_DEBRIS_ATTACHED && phase != (float)MOTE_DEBRIS_RELEASED &&
         phase != (float)MOTE_DEBRIS_FREE)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    const int first[2] = {DEBRIS_OX, DEBRIS_BX}, length[2] = {3, 4};
    float unit[2][4];
    for (int k = 0; k < 2; ++k) {
        double sum = 0.0;
        for (int c = 0; c < length[k]; ++c) {
            sum += (double)v[first[k] + c] * v[first[k] + c];
        }
        double len = sqrt(sum);
        if (len == 0.0) {
            return MOTE_ERROR_INVALID_ARGUMENT;
        }
        for (int c = 0; c < length[k]; ++c) {
            unit[k][c] = (float)(v[first[k] + c] / len);
            if (!isfinite(unit[k][c])) {
                return MOTE_ERROR_INVALID_ARGUMENT;
            }
        }
    }
    for (int k = 0; k < 2; ++k) {
        memcpy(&v[first[k]], unit[k], (size_t)length[k] * sizeof(float));
    }
    return MOTE_OK;
}

/* The phase back as the enum (rounded: values written through the view may be any float). */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)pool;
    const float phase = values[DEBRIS_PHASE];
    ((mote_debris_desc *)desc)->phase = phase > 1.5f   ? MOTE_DEBRIS_FREE
                                        : phase > 0.0f ? MOTE_DEBRIS_RELEASED
                                                       : MOTE_DEBRIS_ATTACHED;
}

/* Free flight is exact for any dt: no limit of the kind's own. */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt;
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

/* The checks create makes of the def's ship and settings. */
static mote_status check_settings(const void *settings) {
    const debris_pool_settings *s = settings;
    return check_debris_settings(&s->settings) == MOTE_OK && check_ship(&s->ship) == MOTE_OK
               ? MOTE_OK
               : MOTE_ERROR_INVALID_ARGUMENT;
}

MOTE_KIND_FIELD_TABLE(debris, DEBRIS_FIELDS, DEBRIS_FIELD_COUNT);

const mote_pool_kind mote_debris_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(debris, DEBRIS_POOL_COOKIE, debris_pool_settings),
    .parallel_min_elements = 1024, /* a piece costs 6-11 ns on avx2/avx512: 1024 are 6-11 us */
    .kernel_id = MOTE_KERNEL_debris,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
};

#define RECORD (&mote_debris_pool_kind_record)

MOTE_KIND_POOL_API(debris, debris_pool_settings, (debris_pool_settings){def->ship, def->settings})

mote_status mote_debris_pool_set_ship(mote_debris_pool *pool, const mote_debris_ship *ship) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || ship == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
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
    if (!mote_pool_is(p, RECORD) || settings == NULL ||
        check_debris_settings(settings) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    settings_of(p)->settings = *settings;
    return MOTE_OK;
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
