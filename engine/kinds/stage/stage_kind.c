/* Stage pools: the stage kind's record for the shared pool layer (its fields, the separation
 * constants every stage shares, its kernel) and the public stage-pool names. */
#include <math.h>
#include <string.h>

#include "kind_record.h"
#include "refuse.h"
#include "stage_fields.h"

#define STAGE_POOL_COOKIE 0x53544745 /* "STGE" */

MOTE_KIND_TYPE_CHECKS(stage, STAGE_FIELD_COUNT, mote_stage_constants);

static const mote_stage_desc *separation_of(const mote_pool *pool) {
    return mote_pool_settings_const(pool);
}

mote_stage_pool_def mote_default_stage_pool_def(void) {
    mote_stage_pool_def def = {
        .separation = mote_default_stage_desc(),
        MOTE_DEFAULT_POOL_DEF_COMMON(STAGE_POOL_COOKIE),
    };
    return def;
}

/* The separation constants of a desc, in declaration order, and their names. */
#define STAGE_SEPARATION_COUNT 11
static const char *const separation_names[STAGE_SEPARATION_COUNT] = {
    "along_offset", "side_offset",     "earthward_offset", "along_speed",
    "side_speed",   "earthward_speed", "kick_duration",    "along_lag",
    "side_lag",     "earthward_lag",   "tilt_duration"};

static void separation_constants(const mote_stage_desc *d, float out[STAGE_SEPARATION_COUNT]) {
    const float c[STAGE_SEPARATION_COUNT] = {d->along_offset,  d->side_offset,  d->earthward_offset,
                                             d->along_speed,   d->side_speed,   d->earthward_speed,
                                             d->kick_duration, d->along_lag,    d->side_lag,
                                             d->earthward_lag, d->tilt_duration};
    memcpy(out, c, sizeof c);
}

/* A desc must carry the pool's separation constants, bit for bit. */
static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)values;
    float a[STAGE_SEPARATION_COUNT], b[STAGE_SEPARATION_COUNT];
    separation_constants(desc, a);
    separation_constants(separation_of(pool), b);
    for (int k = 0; k < STAGE_SEPARATION_COUNT; ++k) {
        if (memcmp(&a[k], &b[k], sizeof a[k]) != 0) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                               "desc.%s must equal the pool's separation (got %g, pool %g)",
                               separation_names[k], (double)a[k], (double)b[k]);
        }
    }
    return MOTE_OK;
}

/* The stage's domain (mote_stage_validate) on the values, which restore checks too. */
static mote_status check_values(const mote_pool *pool, float *values) {
    float *p[STAGE_FIELD_COUNT];
    for (int f = 0; f < STAGE_FIELD_COUNT; ++f) {
        p[f] = &values[f];
    }
    mote_stage_desc d = stage_desc_at(p, 0, separation_of(pool));
    return mote_stage_validate(&d);
}

/* The separation constants back from the pool. */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)values;
    const mote_stage_desc *s = separation_of(pool);
    mote_stage_desc *d = desc;
    d->along_offset = s->along_offset;
    d->side_offset = s->side_offset;
    d->earthward_offset = s->earthward_offset;
    d->along_speed = s->along_speed;
    d->side_speed = s->side_speed;
    d->earthward_speed = s->earthward_speed;
    d->kick_duration = s->kick_duration;
    d->along_lag = s->along_lag;
    d->side_lag = s->side_lag;
    d->earthward_lag = s->earthward_lag;
    d->tilt_duration = s->tilt_duration;
}

/* The separation is closed-form in time, and a stage's time stops at MOTE_STAGE_TIME_MAX in the
 * kernels: no limit of the kind's own. */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    mote_stage_constants c;
    c.dt = dt;
    c.separation = *separation_of(pool);
    memcpy(constants, &c, sizeof c);
}

MOTE_KIND_FIELD_TABLE(stage, STAGE_FIELDS, STAGE_FIELD_COUNT);

/* The separation template member by member, as a snapshot stores it (check_settings: the
 * template create accepts). */
#define STAGE_SETTING(member)                                                                      \
    { #member, offsetof(mote_stage_desc, member), MOTE_SETTING_F32 }
static const mote_setting_info stage_setting_members[] = {
    STAGE_SETTING(world.position.x),
    STAGE_SETTING(world.position.y),
    STAGE_SETTING(world.position.z),
    STAGE_SETTING(world.orientation.x),
    STAGE_SETTING(world.orientation.y),
    STAGE_SETTING(world.orientation.z),
    STAGE_SETTING(world.orientation.w),
    STAGE_SETTING(world.scale.x),
    STAGE_SETTING(world.scale.y),
    STAGE_SETTING(world.scale.z),
    STAGE_SETTING(along.x),
    STAGE_SETTING(along.y),
    STAGE_SETTING(along.z),
    STAGE_SETTING(side.x),
    STAGE_SETTING(side.y),
    STAGE_SETTING(side.z),
    STAGE_SETTING(earthward.x),
    STAGE_SETTING(earthward.y),
    STAGE_SETTING(earthward.z),
    STAGE_SETTING(along_offset),
    STAGE_SETTING(side_offset),
    STAGE_SETTING(earthward_offset),
    STAGE_SETTING(along_speed),
    STAGE_SETTING(side_speed),
    STAGE_SETTING(earthward_speed),
    STAGE_SETTING(kick_duration),
    STAGE_SETTING(along_lag),
    STAGE_SETTING(side_lag),
    STAGE_SETTING(earthward_lag),
    STAGE_SETTING(tilt_duration),
    STAGE_SETTING(tilt_angle),
    STAGE_SETTING(tilt_axis.x),
    STAGE_SETTING(tilt_axis.y),
    STAGE_SETTING(tilt_axis.z),
    STAGE_SETTING(spin_rate),
    STAGE_SETTING(time),
    STAGE_SETTING(position.x),
    STAGE_SETTING(position.y),
    STAGE_SETTING(position.z),
    STAGE_SETTING(orientation.x),
    STAGE_SETTING(orientation.y),
    STAGE_SETTING(orientation.z),
    STAGE_SETTING(orientation.w),
};

_Static_assert(sizeof stage_setting_members / sizeof stage_setting_members[0] ==
                   sizeof(mote_stage_desc) / 4,
               "every word of the stage template is listed");

/* The template create accepts: mote_stage_validate's domain (its status and detail). */
static mote_status check_settings(const void *settings) {
    return mote_stage_validate(settings);
}

const mote_pool_kind mote_stage_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(stage, STAGE_POOL_COOKIE, mote_stage_desc),
    .parallel_min_elements = 1024, /* a stage costs a slerp, a sincos and a quaternion product */
    .kernel_id = MOTE_KERNEL_stage,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_RIGID(STAGE_P, STAGE_Q),
};

#define RECORD (&mote_stage_pool_kind_record)

MOTE_KIND_POOL_API(stage, mote_stage_desc, def->separation)
MOTE_POOL_STEP_API(stage, RECORD)
