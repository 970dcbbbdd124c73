/* Docking pools: the docking kind's record for the shared pool layer (its fields, the profile
 * every sequence shares, its kernel) and the public docking-pool names. */
#include <math.h>
#include <string.h>

#include "docking_fields.h"
#include "docking_model.h"
#include "kind_record.h"
#include "pool_events.h"
#include "refuse.h"

/* What mote_default_docking_pool_def() writes to internal_cookie. */
#define DOCKING_POOL_COOKIE 0x444f434b /* "DOCK" */

MOTE_KIND_TYPE_CHECKS(docking, DOCKING_FIELD_COUNT, mote_docking_constants);
_Static_assert(DOCKING_FIELD_COUNT <= 32, "field masks are 32 bits");

mote_docking_pool_def mote_default_docking_pool_def(void) {
    mote_docking_pool_def def = {
        .profile = mote_default_docking_profile(),
        MOTE_DEFAULT_POOL_DEF_COMMON(DOCKING_POOL_COOKIE),
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

/* add, set and restore's check across fields: the state inside the domain
 * (docking_state_check, mote/docking.h), and a non-zero station_base, stored normalised (in
 * double: a tiny or huge quaternion normalises without underflow or overflow). */
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    float *p[DOCKING_FIELD_COUNT];
    for (int f = 0; f < DOCKING_FIELD_COUNT; ++f) {
        p[f] = &v[f];
    }
    const mote_docking_state state = docking_state_at(p, 0);
    mote_status status = docking_state_check(&state);
    if (status != MOTE_OK) {
        return status;
    }
    double sum = 0.0;
    for (int c = 0; c < 4; ++c) {
        sum += (double)v[DOCKING_SBX + c] * v[DOCKING_SBX + c];
    }
    double len = sqrt(sum);
    if (len == 0.0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "station_base must not be zero");
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

/* The kernels split a long step into the profile's sub-steps, and a sub-step keeps the state
 * inside the domain (the clock stops at MOTE_DOCKING_TIME_MAX): no limit of the kind's own. */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    const mote_docking_profile *profile = mote_pool_settings_const(pool);
    mote_docking_constants c = mote_docking_constants_make(profile, dt);
    memcpy(constants, &c, sizeof c);
}

/* What a step accepts in the inputs written through the view (pool_kind.h): the station's
 * position within the domain per component, as docking_state_check judges it. */
static const mote_input_limit docking_input_limits[] = {
    {DOCKING_STX, 1, -MOTE_DOCKING_STATION_MAX, MOTE_DOCKING_STATION_MAX, NULL},
    {DOCKING_STY, 1, -MOTE_DOCKING_STATION_MAX, MOTE_DOCKING_STATION_MAX, NULL},
    {DOCKING_STZ, 1, -MOTE_DOCKING_STATION_MAX, MOTE_DOCKING_STATION_MAX, NULL},
};

MOTE_KIND_FIELD_TABLE(docking, DOCKING_FIELDS, DOCKING_FIELD_COUNT);

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

/* The profile inside the domain (mote_docking_profile_validate: its status and detail). */
static mote_status check_settings(const void *settings) {
    return mote_docking_profile_validate(settings);
}

extern const mote_kind_events mote_docking_kind_events; /* docking_events.c */

const mote_pool_kind mote_docking_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(docking, DOCKING_POOL_COOKIE, mote_docking_profile),
    MOTE_INPUT_LIMITS(docking_input_limits),
    .parallel_min_elements = 1024, /* a sequence costs about as much as a debris piece */
    .kernel_id = MOTE_KERNEL_docking,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_RIGID(DOCKING_P, DOCKING_Q),
    .events = &mote_docking_kind_events,
};

#define RECORD (&mote_docking_pool_kind_record)

MOTE_KIND_POOL_API(docking, mote_docking_profile, def->profile)
MOTE_POOL_STEP_API(docking, RECORD)

mote_status mote_docking_pool_set_profile(mote_docking_pool *pool,
                                          const mote_docking_profile *profile) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a docking pool");
    }
    if (mote_docking_profile_validate(profile) != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    *(mote_docking_profile *)mote_pool_settings(p) = *profile;
    return MOTE_OK;
}

mote_docking_profile mote_docking_pool_profile(const mote_docking_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? *(const mote_docking_profile *)mote_pool_settings_const(p)
                                   : mote_default_docking_profile();
}
