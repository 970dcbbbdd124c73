/* Docking pools: the docking kind's record for the shared pool layer (its fields, the profile
 * every sequence shares, its kernel) and the public docking-pool names. */
#include <math.h>
#include <string.h>

#include "docking_fields.h"
#include "docking_model.h"
#include "pool_api.h"

/* What mote_default_docking_pool_def() writes to internal_cookie. */
#define DOCKING_POOL_COOKIE 0x444f434b /* "DOCK" */

_Static_assert(sizeof(mote_docking_view) == sizeof(size_t) + DOCKING_FIELD_COUNT * sizeof(float *),
               "the field list names every pointer of mote_docking_view");
_Static_assert(sizeof(mote_docking_desc) <= MOTE_MAX_DESC_BYTES, "desc fits the generic buffer");
_Static_assert(sizeof(mote_docking_constants) <= MOTE_MAX_CONSTANTS_BYTES,
               "constants fit the generic buffer");
_Static_assert(DOCKING_FIELD_COUNT <= 32, "field masks are 32 bits");

mote_docking_pool_def mote_default_docking_pool_def(void) {
    mote_docking_pool_def def = {
        .capacity = 1024,
        .max_count = (size_t)1 << 26,
        .backend = MOTE_BACKEND_AUTO,
        .profile = mote_default_docking_profile(),
        .max_dt = INFINITY,
        .internal_cookie = DOCKING_POOL_COOKIE,
    };
    return def;
}

static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)pool;
    const mote_docking_desc *d = desc;
    values[DOCKING_CAPTURED] = d->captured ? 1.0f : 0.0f;
    values[DOCKING_LOCKED] = d->locked ? 1.0f : 0.0f;
    return MOTE_OK;
}

/* add/set's check across fields: a non-zero station_base, stored normalised (in double: a
 * tiny or huge quaternion normalises without underflow or overflow). */
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    double sum = 0.0;
    for (int c = 0; c < 4; ++c) {
        sum += (double)v[DOCKING_SBX + c] * v[DOCKING_SBX + c];
    }
    double len = sqrt(sum);
    if (len == 0.0) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    float unit[4];
    for (int c = 0; c < 4; ++c) {
        unit[c] = (float)(v[DOCKING_SBX + c] / len);
    }
    memcpy(&v[DOCKING_SBX], unit, sizeof unit);
    return MOTE_OK;
}

static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)pool;
    mote_docking_desc *d = desc;
    d->captured = values[DOCKING_CAPTURED] > 0.0f;
    d->locked = values[DOCKING_LOCKED] > 0.0f;
}

/* The kernels split a long step into the profile's sub-steps: no limit of the kind's own. */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    const mote_docking_profile *profile = mote_pool_settings_const(pool);
    mote_docking_constants c = mote_docking_constants_make(profile, dt);
    memcpy(constants, &c, sizeof c);
}

#define DOCKING_FIELD_ROW(e, view_member, desc_member, role, check, how)                           \
    MOTE_FIELD_ROW(mote_docking_view, mote_docking_desc, e, view_member, desc_member, role, check, \
                   how)
static const mote_field_info docking_fields[DOCKING_FIELD_COUNT] = {
    DOCKING_FIELDS(DOCKING_FIELD_ROW)};

/* The profile member by member, as a snapshot stores it. */
#define DOCKING_SETTING(member)                                                                    \
    { #member, offsetof(mote_docking_profile, member), MOTE_SETTING_F32 }
static const mote_setting_info docking_setting_members[] = {
    DOCKING_SETTING(station_spin_rate),
    DOCKING_SETTING(spin_up_duration),
    DOCKING_SETTING(approach_start),
    DOCKING_SETTING(approach_duration),
    DOCKING_SETTING(settle_duration),
    DOCKING_SETTING(spin_down_duration),
    DOCKING_SETTING(dock_clearance),
    DOCKING_SETTING(dock_radial_offset),
    DOCKING_SETTING(stiffness_start),
    DOCKING_SETTING(stiffness_end),
    DOCKING_SETTING(damping_start),
    DOCKING_SETTING(damping_end),
    DOCKING_SETTING(lock_threshold),
    DOCKING_SETTING(final_lerp_start),
    DOCKING_SETTING(max_substep),
    DOCKING_SETTING(station_local_forward.x),
    DOCKING_SETTING(station_local_forward.y),
    DOCKING_SETTING(station_local_forward.z),
    DOCKING_SETTING(dock_port_offset.x),
    DOCKING_SETTING(dock_port_offset.y),
    DOCKING_SETTING(dock_port_offset.z),
    DOCKING_SETTING(dock_axis.x),
    DOCKING_SETTING(dock_axis.y),
    DOCKING_SETTING(dock_axis.z),
    DOCKING_SETTING(chaser_local_up.x),
    DOCKING_SETTING(chaser_local_up.y),
    DOCKING_SETTING(chaser_local_up.z),
};

static mote_status check_settings(const void *settings) {
    return mote_docking_profile_validate(settings);
}

const mote_pool_kind mote_docking_pool_kind_record = {
    .name = "docking",
    .number = MOTE_KIND_docking, /* its registry row (kinds.h) */
    .cookie = DOCKING_POOL_COOKIE,
    .field_count = DOCKING_FIELD_COUNT,
    .fields = docking_fields,
    .view_size = sizeof(mote_docking_view),
    .desc_size = sizeof(mote_docking_desc),
    .settings_size = sizeof(mote_docking_profile),
    .parallel_min_elements = 1024, /* a sequence costs about as much as a debris piece */
    .setting_count = sizeof docking_setting_members / sizeof docking_setting_members[0],
    .setting_members = docking_setting_members,
    .check_settings = check_settings,
    .kernel_id = MOTE_KERNEL_docking,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .advance = advance,
    .prepare = prepare,
};

#define RECORD (&mote_docking_pool_kind_record)

static mote_docking_profile settings_of_def(const mote_docking_pool_def *def) {
    return def->profile;
}

MOTE_POOL_CREATE_API(docking, RECORD, mote_docking_profile)

MOTE_POOL_API(docking, RECORD)
MOTE_POOL_STEP_API(docking, RECORD)

mote_status mote_docking_pool_set_profile(mote_docking_pool *pool,
                                          const mote_docking_profile *profile) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || mote_docking_profile_validate(profile) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    *(mote_docking_profile *)mote_pool_settings(p) = *profile;
    return MOTE_OK;
}

mote_docking_profile mote_docking_pool_profile(const mote_docking_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? *(const mote_docking_profile *)mote_pool_settings_const(p)
                                   : mote_default_docking_profile();
}
