/* Debris pools: the debris kind's record for the shared pool layer (its fields, the ship
 * frame and settings every piece shares, its kernel) and the public debris-pool names; the
 * step reports the pieces it released. */
#include <math.h>
#include <string.h>

#include "debris_fields.h"
#include "kernel_table.h"
#include "mote/debris_pool.h"
#include "pool_api.h"

/* What mote_default_debris_pool_def() writes to internal_cookie. */
#define DEBRIS_POOL_COOKIE 0x44425253 /* "DBRS" */

_Static_assert(sizeof(mote_debris_view) == sizeof(size_t) + DEBRIS_FIELD_COUNT * sizeof(float *),
               "the field list names every pointer of mote_debris_view");
_Static_assert(sizeof(mote_debris_desc) <= MOTE_MAX_DESC_BYTES, "desc fits the generic buffer");
_Static_assert(sizeof(mote_debris_frame) <= MOTE_MAX_CONSTANTS_BYTES, "frame fits the constants");

typedef struct debris_pool_settings {
    mote_debris_ship ship;
    mote_debris_settings settings;
} debris_pool_settings;

static debris_pool_settings *settings_of(mote_pool *pool) {
    return mote_pool_settings(pool);
}

static const debris_pool_settings *settings_of_const(const mote_pool *pool) {
    return mote_pool_settings_const(pool);
}

mote_debris_pool_def mote_default_debris_pool_def(void) {
    mote_debris_pool_def def = {
        .capacity = 1024,
        .max_count = (size_t)1 << 26,
        .backend = MOTE_BACKEND_AUTO,
        .settings = mote_default_debris_settings(),
        .ship = mote_default_debris_ship(),
        .max_dt = INFINITY,
        .internal_cookie = DEBRIS_POOL_COOKIE,
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

static mote_status check_settings(const mote_debris_settings *s) {
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
static mote_status check_pool_settings(const void *settings) {
    const debris_pool_settings *s = settings;
    return check_settings(&s->settings) == MOTE_OK && check_ship(&s->ship) == MOTE_OK
               ? MOTE_OK
               : MOTE_ERROR_INVALID_ARGUMENT;
}

#define DEBRIS_FIELD_ROW(e, view_member, desc_member, role, check, how)                            \
    MOTE_FIELD_ROW(mote_debris_view, mote_debris_desc, e, view_member, desc_member, role, check,   \
                   how)
static const mote_field_info debris_fields[DEBRIS_FIELD_COUNT] = {DEBRIS_FIELDS(DEBRIS_FIELD_ROW)};

const mote_pool_kind mote_debris_pool_kind_record = {
    .name = "debris",
    .number = MOTE_KIND_debris, /* its registry row (kinds.h) */
    .cookie = DEBRIS_POOL_COOKIE,
    .field_count = DEBRIS_FIELD_COUNT,
    .fields = debris_fields,
    .view_size = sizeof(mote_debris_view),
    .desc_size = sizeof(mote_debris_desc),
    .settings_size = sizeof(debris_pool_settings),
    .parallel_min_elements = 1024, /* a piece costs 6-11 ns on avx2/avx512: 1024 are 6-11 us */
    .setting_count = sizeof debris_setting_members / sizeof debris_setting_members[0],
    .setting_members = debris_setting_members,
    .kernel_id = MOTE_KERNEL_debris,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .advance = advance,
    .prepare = prepare,
    .check_settings = check_pool_settings,
};

#define RECORD (&mote_debris_pool_kind_record)

static debris_pool_settings settings_of_def(const mote_debris_pool_def *def) {
    debris_pool_settings settings = {def->ship, def->settings};
    return settings;
}

MOTE_POOL_CREATE_API(debris, RECORD, debris_pool_settings)

MOTE_POOL_API(debris, RECORD)

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
    if (!mote_pool_is(p, RECORD) || settings == NULL || check_settings(settings) != MOTE_OK) {
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

/* Every debris step: the generic step, then the report of the pieces released (count 0
 * when nothing stepped). */
static mote_status step_and_report(mote_debris_pool *pool, size_t begin, size_t end, float dt,
                                   const mote_task_system *tasks, mote_debris_released *released,
                                   float *out_advanced) {
    const mote_step_report report = {
        DEBRIS_PHASE, (float)MOTE_DEBRIS_RELEASED, released != NULL ? released->ids : NULL,
        released != NULL ? released->capacity : 0, released != NULL ? &released->count : NULL};
    return mote_pool_step_reporting(MOTE_AS_POOL(pool), RECORD, begin, end, dt, tasks, &report,
                                    out_advanced);
}

mote_status mote_debris_pool_step(mote_debris_pool *pool, float dt,
                                  mote_debris_released *released) {
    return step_and_report(pool, 0, mote_debris_pool_count(pool), dt, NULL, released, NULL);
}

mote_status mote_debris_pool_advance(mote_debris_pool *pool, float dt,
                                     mote_debris_released *released, float *out_advanced) {
    return step_and_report(pool, 0, mote_debris_pool_count(pool), dt, NULL, released, out_advanced);
}

mote_status mote_debris_pool_step_range(mote_debris_pool *pool, size_t begin, size_t end, float dt,
                                        mote_debris_released *released) {
    return step_and_report(pool, begin, end, dt, NULL, released, NULL);
}

mote_status mote_debris_pool_step_parallel(mote_debris_pool *pool, float dt,
                                           const mote_task_system *tasks,
                                           mote_debris_released *released) {
    return step_and_report(pool, 0, mote_debris_pool_count(pool), dt, tasks, released, NULL);
}

void mote_debris_run_table(const mote_kernel_table *table, const mote_debris_view *view,
                           const mote_debris_frame *frame, size_t begin, size_t end) {
    float *p[DEBRIS_FIELD_COUNT];
    debris_view_pointers(view, p);
    table->kernel[MOTE_KERNEL_debris](p, frame, begin, end);
}
