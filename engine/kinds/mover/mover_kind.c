/* Mover pools: the mover kind's record for the shared pool layer (its fields, params and
 * sub-steps, its kernel) and the public mover-pool names. */
#include <math.h>
#include <string.h>

#include "kind_record.h"
#include "mote/mover_pool.h"
#include "mover_avoid_space.h"
#include "mover_fields.h"
#include "mover_step.h"
#include "refuse.h"

/* What mote_default_mover_pool_def() writes to internal_cookie. */
#define MOVER_POOL_COOKIE 0x4d4f5652 /* "MOVR" */

MOTE_KIND_TYPE_CHECKS(mover, MOVER_FIELD_COUNT, mote_mover_step);

typedef struct mover_settings {
    mote_movement_params params;
    float max_substep;
    mote_avoidance_settings avoidance;
    mover_avoid_space *space; /* local: the grid and the walls (mover_avoid_space.h) */
} mover_settings;

MOTE_KIND_SETTINGS_ACCESS(mover_settings)

mote_mover_pool_def mote_default_mover_pool_def(void) {
    mote_mover_pool_def def = {
        .params = mote_default_movement_params(),
        .max_substep = 1.0f / 60.0f,
        .avoidance = mote_default_avoidance_settings(),
        MOTE_DEFAULT_POOL_DEF_COMMON(MOVER_POOL_COOKIE),
    };
    return def;
}

mote_mover_desc mote_default_mover_desc(void) {
    mote_mover_desc desc;
    memset(&desc, 0, sizeof desc);
    return desc;
}

static bool nonnegative(float x) {
    return isfinite(x) && x >= 0.0f;
}

bool mote_movement_params_valid(const mote_movement_params *p) {
    return p != NULL && nonnegative(p->acceleration) && nonnegative(p->deceleration) &&
           nonnegative(p->directional_acceleration) && p->directional_acceleration <= 1.0f &&
           nonnegative(p->turn_strength) && nonnegative(p->acceleration_halflife) &&
           nonnegative(p->deceleration_halflife) && nonnegative(p->acceleration_compensation) &&
           nonnegative(p->deceleration_compensation) && nonnegative(p->rotation_halflife);
}

static bool valid_substep(float max_substep) {
    return isfinite(max_substep) && max_substep > 0.0f;
}

/* The split of a dt (already clamped) into sub-steps: the fewest equal sub-steps no longer
 * than max_substep, within 1e-3, at most MOTE_MOVER_MAX_SUBSTEPS. */
static void split(float max_substep, float dt, int *out_count, float *out_substep) {
    const float longest = max_substep * (float)MOTE_MOVER_MAX_SUBSTEPS;
    float clamped = dt > longest ? longest : dt;
    float parts = ceilf(clamped / max_substep * 0.999f);
    int n = parts < 1.0f ? 1 : (int)parts;
    n = n > MOTE_MOVER_MAX_SUBSTEPS ? MOTE_MOVER_MAX_SUBSTEPS : n;
    *out_count = clamped == 0.0f ? 0 : n;
    *out_substep = clamped == 0.0f ? 0.0f : clamped / (float)n;
}

static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)pool;
    const mote_mover_desc *d = desc;
    values[MOVER_EXPLICIT_FACING] = d->explicit_facing ? 1.0f : 0.0f;
    values[MOVER_AVOID_VELOCITY_X] = d->desired_velocity.x; /* until a step avoids */
    values[MOVER_AVOID_VELOCITY_Y] = d->desired_velocity.y;
    return MOTE_OK;
}

static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)pool;
    ((mote_mover_desc *)desc)->explicit_facing = values[MOVER_EXPLICIT_FACING] != 0.0f;
}

/* A step advances at most max_substep * MOTE_MOVER_MAX_SUBSTEPS. */
static float advance(const mote_pool *pool, float dt) {
    const float longest = settings_of_const(pool)->max_substep * (float)MOTE_MOVER_MAX_SUBSTEPS;
    return dt > longest ? longest : dt;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    const mover_settings *s = settings_of_const(pool);
    int substeps = 0;
    float substep = 0.0f;
    split(s->max_substep, dt, &substeps, &substep);
    mote_mover_step_prepare(&s->params, substep, substeps, constants);
    ((mote_mover_step *)constants)->avoid = s->avoidance.neighbor_distance > 0.0f;
}

/* The avoidance stages, with avoidance on. */
static mote_status before_step(mote_pool *pool, const mote_kernel_table *table,
                               const mote_step_plan *plan) {
    mover_settings *s = settings_of(pool);
    if (!(s->avoidance.neighbor_distance > 0.0f)) {
        return MOTE_OK;
    }
    mover_avoid_space *space = mover_space(pool, &s->space);
    if (space == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "avoidance: no memory");
    }
    return mover_avoid_before(pool, space, &s->avoidance, table, plan);
}

static void after_step(mote_pool *pool, const mote_kernel_table *table,
                       const mote_step_plan *plan) {
    mover_settings *s = settings_of(pool);
    if (s->avoidance.neighbor_distance > 0.0f && s->space != NULL) {
        mover_avoid_after(pool, s->space, &s->avoidance, table, plan);
    }
}

static void release(mote_pool *pool) {
    mover_space_release(&pool->core.allocator, settings_of(pool)->space);
    settings_of(pool)->space = NULL;
}

#define MOVER_SETTING(member, type)                                                                \
    { #member, offsetof(mover_settings, member), MOTE_SETTING_##type }
static const mote_setting_info mover_setting_members[] = {
    MOVER_SETTING(params.acceleration, F32),
    MOVER_SETTING(params.deceleration, F32),
    MOVER_SETTING(params.directional_acceleration, F32),
    MOVER_SETTING(params.turn_strength, F32),
    MOVER_SETTING(params.acceleration_halflife, F32),
    MOVER_SETTING(params.deceleration_halflife, F32),
    MOVER_SETTING(params.acceleration_compensation, F32),
    MOVER_SETTING(params.deceleration_compensation, F32),
    MOVER_SETTING(params.rotation_halflife, F32),
    MOVER_SETTING(params.rotation_double_spring, BOOL),
    MOVER_SETTING(max_substep, F32),
    MOVER_SETTING(avoidance.neighbor_distance, F32),
    MOVER_SETTING(avoidance.max_neighbors, I32),
    MOVER_SETTING(avoidance.time_horizon, F32),
    MOVER_SETTING(avoidance.obstacle_time_horizon, F32),
};

static mote_status check_settings(const void *settings) {
    const mover_settings *s = settings;
    if (!mote_movement_params_valid(&s->params) || !valid_substep(s->max_substep)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mover_check_avoidance(&s->avoidance);
}

MOTE_KIND_FIELD_TABLE(mover, MOVER_FIELDS, MOVER_FIELD_COUNT);

const mote_pool_kind mote_mover_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(mover, MOVER_POOL_COOKIE, mover_settings),
    .parallel_min_elements =
        512, /* a mover costs 8-15 ns on avx2/avx512 (20-30x a spring): 512 are 4-8 us */
    .kernel_id = MOTE_KERNEL_mover,
    .local_settings_bytes = sizeof(mover_settings) - offsetof(mover_settings, avoidance) -
                            sizeof(mote_avoidance_settings), /* the padding, then space */
    .desc_to_values = desc_to_values,
    .values_to_desc = values_to_desc,
    .before_step = before_step,
    .after_step = after_step,
    .release = release,
};

#define RECORD (&mote_mover_pool_kind_record)

MOTE_KIND_POOL_API(mover, mover_settings,
                   (mover_settings){def->params, def->max_substep, def->avoidance, NULL})
MOTE_POOL_STEP_API(mover, RECORD)

/* Edits one live element through its desc: get, change, set (which checks it again). */
#define EDIT_ELEMENT(pool, id, d, change)                                                          \
    do {                                                                                           \
        mote_mover_desc d;                                                                         \
        mote_status status_ = mote_mover_pool_get(pool, id, &d);                                   \
        if (status_ != MOTE_OK) {                                                                  \
            return status_;                                                                        \
        }                                                                                          \
        change;                                                                                    \
        return mote_mover_pool_set(pool, id, &d);                                                  \
    } while (0)

mote_status mote_mover_pool_set_desired_velocity(mote_mover_pool *pool, mote_id id,
                                                 mote_vec2 desired_velocity) {
    EDIT_ELEMENT(pool, id, d, d.desired_velocity = desired_velocity);
}

mote_status mote_mover_pool_set_desired_facing(mote_mover_pool *pool, mote_id id,
                                               bool explicit_facing, float facing) {
    EDIT_ELEMENT(pool, id, d, (d.explicit_facing = explicit_facing, d.desired_facing = facing));
}

mote_status mote_mover_pool_push(mote_mover_pool *pool, mote_id id, mote_vec2 delta_velocity) {
    EDIT_ELEMENT(pool, id, d, mote_movement_push(&d.state, delta_velocity));
}

mote_status mote_mover_pool_place_at(mote_mover_pool *pool, mote_id id, mote_vec2 position,
                                     float facing) {
    EDIT_ELEMENT(pool, id, d, mote_movement_place_at(&d.state, position, facing));
}

mote_movement_params mote_mover_pool_params(const mote_mover_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->params : mote_default_movement_params();
}

mote_status mote_mover_pool_set_params(mote_mover_pool *pool, const mote_movement_params *params) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || !mote_movement_params_valid(params)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    settings_of(p)->params = *params;
    return MOTE_OK;
}

float mote_mover_pool_max_substep(const mote_mover_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->max_substep : 0.0f;
}

mote_status mote_mover_pool_set_max_substep(mote_mover_pool *pool, float max_substep) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || !valid_substep(max_substep)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    settings_of(p)->max_substep = max_substep;
    return MOTE_OK;
}

mote_status mote_mover_pool_substeps(const mote_mover_pool *pool, float dt, int *out_count,
                                     float *out_substep) {
    if (!mote_pool_is(MOTE_AS_CONST_POOL(pool), RECORD) || out_count == NULL ||
        out_substep == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    float advanced;
    mote_status status = mote_pool_advance_of(MOTE_AS_CONST_POOL(pool), RECORD, dt, &advanced);
    if (status == MOTE_OK) {
        split(settings_of_const(MOTE_AS_CONST_POOL(pool))->max_substep, advanced, out_count,
              out_substep);
    }
    return status;
}

void mote_mover_run_table(const mote_kernel_table *table, const mote_mover_view *view, size_t begin,
                          size_t end, const mote_mover_step *step) {
    float *p[MOVER_FIELD_COUNT];
    mover_view_pointers(view, p);
    table->kernel[MOTE_KERNEL_mover](p, step, begin, end);
}

mote_avoidance_settings mote_mover_pool_avoidance(const mote_mover_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->avoidance
                                   : mote_default_avoidance_settings();
}

mote_status mote_mover_pool_set_avoidance(mote_mover_pool *pool,
                                          const mote_avoidance_settings *avoidance) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || avoidance == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool and avoidance must not be NULL");
    }
    mote_status status = mover_check_avoidance(avoidance);
    if (status == MOTE_OK) {
        settings_of(p)->avoidance = *avoidance;
    }
    return status;
}

mote_status mote_mover_pool_set_walls(mote_mover_pool *pool, const mote_segment *walls,
                                      size_t count) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a mover pool");
    }
    return mover_set_walls(p, &settings_of(p)->space, walls, count);
}

const mote_segment *mote_mover_pool_walls(const mote_mover_pool *pool, size_t *out_count) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    const mover_avoid_space *space = mote_pool_is(p, RECORD) ? settings_of_const(p)->space : NULL;
    const size_t count = space != NULL ? space->wall_count : 0;
    if (out_count != NULL) {
        *out_count = count;
    }
    return count > 0 ? space->walls : NULL;
}

mote_status mote_mover_pool_query_radius(mote_mover_pool *pool, mote_vec2 center, float radius,
                                         mote_id *out_ids, size_t max_ids, size_t *out_count) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a mover pool");
    }
    mover_settings *s = settings_of(p);
    return mover_query(p, &s->space, s->avoidance.neighbor_distance, center, radius, out_ids,
                       max_ids, out_count);
}
