/* Mover pools: the mover kind's record for the shared pool layer (its fields, params and
 * sub-steps, its kernel) and the public mover-pool names. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "kind_record.h"
#include "little_endian.h"
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
    int32_t wall_count;       /* the walls in space (a snapshot's count of its walls section) */
    mover_avoid_space *space; /* local: the grid and the walls (mover_avoid_space.h) */
    /* local: the walls of a staged restore, which its commit swaps with space's */
    mote_segment *staged_walls;
    size_t staged_wall_count, staged_wall_bytes;
} mover_settings;

/* The most walls a pool holds (a snapshot carries them: 16 bytes each). */
#define MOVER_MAX_WALLS (1 << 24)

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

/* One member of the params, its name and its accepted range. */
typedef struct params_range {
    const char *name;
    size_t offset;
    float lo, hi;
} params_range;

#define PARAMS_RANGE(member, lo, hi)                                                               \
    { #member, offsetof(mote_movement_params, member), lo, hi }
static const params_range params_ranges[] = {
    PARAMS_RANGE(acceleration, 0.0f, MOTE_MOVER_MAX_ACCELERATION),
    PARAMS_RANGE(deceleration, 0.0f, MOTE_MOVER_MAX_ACCELERATION),
    PARAMS_RANGE(directional_acceleration, 0.0f, 1.0f),
    PARAMS_RANGE(turn_strength, 0.0f, MOTE_MOVER_MAX_TURN_STRENGTH),
    PARAMS_RANGE(acceleration_halflife, 0.0f, MOTE_MOVER_MAX_HALFLIFE),
    PARAMS_RANGE(deceleration_halflife, 0.0f, MOTE_MOVER_MAX_HALFLIFE),
    PARAMS_RANGE(acceleration_compensation, 0.0f, MOTE_MOVER_MAX_COMPENSATION),
    PARAMS_RANGE(deceleration_compensation, 0.0f, MOTE_MOVER_MAX_COMPENSATION),
    PARAMS_RANGE(rotation_halflife, 0.0f, MOTE_MOVER_MAX_HALFLIFE),
};

/* The first member of p outside its range, or NULL (NaN is outside every range). */
static const params_range *params_outside(const mote_movement_params *p, float *value) {
    for (size_t k = 0; k < sizeof params_ranges / sizeof params_ranges[0]; ++k) {
        const params_range *r = &params_ranges[k];
        memcpy(value, (const char *)p + r->offset, sizeof *value);
        if (!(*value >= r->lo && *value <= r->hi)) {
            return r;
        }
    }
    return NULL;
}

bool mote_movement_params_valid(const mote_movement_params *p) {
    float value;
    return p != NULL && params_outside(p, &value) == NULL;
}

/* MOTE_OK, or the refusal naming the first member of params outside its range. */
static mote_status check_params(const mote_movement_params *params) {
    if (params == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "params must not be NULL");
    }
    float value;
    const params_range *r = params_outside(params, &value);
    return r == NULL ? MOTE_OK
                     : mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                                   "params.%s must be finite and in [%g, %g] (got %g)", r->name,
                                   (double)r->lo, (double)r->hi, (double)value);
}

static mote_status check_substep(float max_substep) {
    return max_substep >= MOTE_MOVER_MIN_SUBSTEP && max_substep <= MOTE_MOVER_MAX_SUBSTEP
               ? MOTE_OK
               : mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                             "max_substep must be in [%g, %g] s (got %g)",
                             (double)MOTE_MOVER_MIN_SUBSTEP, (double)MOTE_MOVER_MAX_SUBSTEP,
                             (double)max_substep);
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
static mote_status before_ranges(mote_pool *pool, const mote_kernel_table *table,
                                 const mote_step_plan *plan) {
    mover_settings *s = settings_of(pool);
    if (!(s->avoidance.neighbor_distance > 0.0f)) {
        if (s->space != NULL) { /* the step moves the bodies away from the grid */
            s->space->grid.pool_count = SIZE_MAX;
        }
        return MOTE_OK;
    }
    mover_avoid_space *space = mover_space(pool, &s->space);
    if (space == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "avoidance: no memory");
    }
    return mover_avoid_before(pool, space, &s->avoidance, table, plan);
}

static void after_ranges(mote_pool *pool, const mote_kernel_table *table,
                         const mote_step_plan *plan) {
    mover_settings *s = settings_of(pool);
    if (s->avoidance.neighbor_distance > 0.0f && s->space != NULL) {
        mover_avoid_after(pool, s->space, &s->avoidance, table, plan);
    }
}

static void release(mote_pool *pool) {
    mover_settings *s = settings_of(pool);
    mote_release(&pool->core.allocator, s->staged_walls, s->staged_wall_bytes);
    s->staged_walls = NULL;
    s->staged_wall_bytes = 0;
    mover_space_release(&pool->core.allocator, s->space);
    s->space = NULL;
}

/* The walls section of a snapshot: four little-endian words (a.x, a.y, b.x, b.y, f32 bits) per
 * wall, as many as the settings word walls says. */
static void save_walls(const mote_pool *pool, unsigned char *out) {
    const mover_settings *s = settings_of_const(pool);
    for (int32_t w = 0; w < s->wall_count; ++w) {
        const mote_segment *g = &s->space->walls[w];
        const float ends[4] = {g->a.x, g->a.y, g->b.x, g->b.y};
        for (int k = 0; k < 4; ++k) {
            uint32_t bits;
            memcpy(&bits, &ends[k], 4);
            put_u32(out + 16 * (size_t)w + 4 * (size_t)k, bits);
        }
    }
}

/* A blob's walls, checked as mote_mover_pool_set_walls checks them, into staged_walls. */
static mote_status stage_walls(mote_pool *pool, const unsigned char *words, uint32_t items) {
    mover_settings *s = settings_of(pool);
    const mote_allocator *allocator = &pool->core.allocator;
    if (items > 0 && mover_space(pool, &s->space) == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "walls: no memory");
    }
    const size_t bytes = (size_t)items * sizeof(mote_segment);
    if (bytes > s->staged_wall_bytes) {
        mote_segment *room = mote_allocate(allocator, bytes);
        if (room == NULL) {
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "walls: no memory for %u", items);
        }
        mote_release(allocator, s->staged_walls, s->staged_wall_bytes);
        s->staged_walls = room;
        s->staged_wall_bytes = bytes;
    }
    for (uint32_t w = 0; w < items; ++w) {
        float ends[4];
        for (int k = 0; k < 4; ++k) {
            const uint32_t bits = get_u32(words + 16 * (size_t)w + 4 * (size_t)k);
            memcpy(&ends[k], &bits, 4);
        }
        const mote_segment wall = {{ends[0], ends[1]}, {ends[2], ends[3]}};
        const mote_status status = mover_check_wall(&wall, w, true);
        if (status != MOTE_OK) {
            return status;
        }
        s->staged_walls[w] = wall;
    }
    s->staged_wall_count = items;
    return MOTE_OK;
}

/* The staged walls become the pool's (the settings' wall_count, restored, already says how
 * many). */
static void commit_walls(mote_pool *pool) {
    mover_settings *s = settings_of(pool);
    if (s->space == NULL) { /* no walls staged: none held */
        return;
    }
    mote_segment *walls = s->space->walls;
    const size_t bytes = s->space->wall_bytes;
    s->space->walls = s->staged_walls;
    s->space->wall_bytes = s->staged_wall_bytes;
    s->space->wall_count = s->staged_wall_count;
    s->staged_walls = walls;
    s->staged_wall_bytes = bytes;
    s->staged_wall_count = 0;
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
    {"walls", offsetof(mover_settings, wall_count), MOTE_SETTING_I32},
};

enum { MOVER_WALLS_SETTING = sizeof mover_setting_members / sizeof mover_setting_members[0] - 1 };

static const mote_snapshot_tail mover_walls_tail = {MOVER_WALLS_SETTING, 4, save_walls, stage_walls,
                                                    commit_walls};

static mote_status check_settings(const void *settings) {
    const mover_settings *s = settings;
    mote_status status = check_params(&s->params);
    status = status != MOTE_OK ? status : check_substep(s->max_substep);
    status = status != MOTE_OK ? status : mover_check_avoidance(&s->avoidance);
    if (status == MOTE_OK && (s->wall_count < 0 || s->wall_count > MOVER_MAX_WALLS)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "walls: count must be 0 to %d (got %d)",
                           MOVER_MAX_WALLS, (int)s->wall_count);
    }
    return status;
}

/* The length of the vector in fields x and x + 1 within bound, else the refusal naming it. */
static mote_status check_length(const float *values, int x, const char *name, float bound,
                                const char *unit) {
    const double length = hypot((double)values[x], (double)values[x + 1]);
    return length <= (double)bound
               ? MOTE_OK
               : mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: length must be <= %g %s (got %g)",
                             name, (double)bound, unit, length);
}

/* *value within +-bound, else the refusal naming it. */
static mote_status check_within(const float *value, const char *name, float bound,
                                const char *unit) {
    return fabsf(*value) <= bound
               ? MOTE_OK
               : mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must be within +-%g %s (got %g)",
                             name, (double)bound, unit, (double)*value);
}

/* The domain of mote/mover_pool.h, after every field passed its finite check. */
static mote_status check_values(const mote_pool *pool, float *values) {
    (void)pool;
    const struct {
        int field;
        float bound;
        const char *unit;
    } within[] = {
        {MOVER_POSITION_X, MOTE_MOVER_MAX_POSITION, "units"},
        {MOVER_POSITION_Y, MOTE_MOVER_MAX_POSITION, "units"},
        {MOVER_RADIUS, MOTE_MOVER_MAX_RADIUS, "units"},
        {MOVER_ROTATION, MOTE_MOVER_MAX_ROTATION, "rad"},
        {MOVER_IMMEDIATE_ROTATION, MOTE_MOVER_MAX_ROTATION, "rad"},
        {MOVER_DESIRED_FACING, MOTE_MOVER_MAX_ROTATION, "rad"},
        {MOVER_ANGULAR_VELOCITY, MOTE_MOVER_MAX_ANGULAR_SPEED, "rad/s"},
        {MOVER_IMMEDIATE_ANGULAR_VELOCITY, MOTE_MOVER_MAX_ANGULAR_SPEED, "rad/s"},
    };
    for (size_t k = 0; k < sizeof within / sizeof within[0]; ++k) {
        const int f = within[k].field;
        mote_status status = check_within(&values[f], mote_mover_pool_kind_record.fields[f].name,
                                          within[k].bound, within[k].unit);
        if (status != MOTE_OK) {
            return status;
        }
    }
    const struct {
        int x;
        const char *name;
        float bound;
        const char *unit;
    } lengths[] = {
        {MOVER_VELOCITY_X, "velocity", MOTE_MOVER_MAX_SPEED, "units/s"},
        {MOVER_IMMEDIATE_VELOCITY_X, "immediate_velocity", MOTE_MOVER_MAX_SPEED, "units/s"},
        {MOVER_DESIRED_VELOCITY_X, "desired_velocity", MOTE_MOVER_MAX_SPEED, "units/s"},
        {MOVER_ACCELERATION_X, "acceleration", MOTE_MOVER_MAX_ACCELERATION, "units/s^2"},
    };
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; ++k) {
        mote_status status =
            check_length(values, lengths[k].x, lengths[k].name, lengths[k].bound, lengths[k].unit);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}

/* What a step accepts in the inputs written through the view (pool_kind.h): the domain's
 * bounds (the desired velocity's length, as check_values judges it); the facing flag finite (the
 * kernels read any value but 0 as set, and restore keeps any finite one). */
static const mote_input_limit mover_input_limits[] = {
    {MOVER_DESIRED_VELOCITY_X, 2, 0.0f, MOTE_MOVER_MAX_SPEED, "desired_velocity"},
    {MOVER_DESIRED_FACING, 1, -MOTE_MOVER_MAX_ROTATION, MOTE_MOVER_MAX_ROTATION, NULL},
    {MOVER_EXPLICIT_FACING, 1, -FLT_MAX, FLT_MAX, NULL},
};

MOTE_KIND_FIELD_TABLE(mover, MOVER_FIELDS, MOVER_FIELD_COUNT);

const mote_pool_kind mote_mover_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(mover, MOVER_POOL_COOKIE, mover_settings),
    MOTE_INPUT_LIMITS(mover_input_limits),
    .parallel_min_elements =
        512, /* a mover costs 8-15 ns on avx2/avx512 (20-30x a spring): 512 are 4-8 us */
    .kernel_id = MOTE_KERNEL_mover,
    .local_settings_bytes = sizeof(mover_settings) - offsetof(mover_settings, wall_count) -
                            sizeof(int32_t), /* the padding, space and the staged walls */
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_PLANAR(MOVER_POSITION_X, MOVER_POSITION_Y, MOVER_ROTATION),
    .before_ranges = before_ranges,
    .after_ranges = after_ranges,
    /* the avoidance: 16 lanes wait for the longest candidate list of the 16, and a 512-bit
     * division costs per lane what a 256-bit one does (mote-bench's movers/avoid rows) */
    .ranges_backend_cap = MOTE_BACKEND_AVX2,
    .release = release,
    .snapshot_tail = &mover_walls_tail,
};

#define RECORD (&mote_mover_pool_kind_record)

static mote_status not_a_mover_pool(void) {
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a mover pool (got NULL or "
                                                    "another kind's)");
}

MOTE_KIND_POOL_API(mover, mover_settings,
                   (mover_settings){def->params, def->max_substep, def->avoidance, 0, NULL, NULL, 0,
                                    0})
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

/* The inputs' setters check only the inputs and write them in place: an element whose state
 * the step has carried past the domain's bounds (mote/mover_pool.h) can still be steered. */
mote_status mote_mover_pool_set_desired_velocity(mote_mover_pool *pool, mote_id id,
                                                 mote_vec2 desired_velocity) {
    size_t i;
    mote_status status = mote_mover_pool_index(pool, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    if (!isfinite(desired_velocity.x) || !isfinite(desired_velocity.y)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desired_velocity must be finite (got %g, %g)",
                           (double)desired_velocity.x, (double)desired_velocity.y);
    }
    const float values[2] = {desired_velocity.x, desired_velocity.y};
    status = check_length(values, 0, "desired_velocity", MOTE_MOVER_MAX_SPEED, "units/s");
    if (status != MOTE_OK) {
        return status;
    }
    const mote_mover_view v = mote_mover_pool_view(pool);
    float *const desired_x = v.desired_velocity_x;
    float *const desired_y = v.desired_velocity_y;
    desired_x[i] = desired_velocity.x;
    desired_y[i] = desired_velocity.y;
    return MOTE_OK;
}

mote_status mote_mover_pool_set_desired_facing(mote_mover_pool *pool, mote_id id,
                                               bool explicit_facing, float facing) {
    size_t i;
    mote_status status = mote_mover_pool_index(pool, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    if (!isfinite(facing)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "desired_facing must be finite (got %g)",
                           (double)facing);
    }
    status = check_within(&facing, "desired_facing", MOTE_MOVER_MAX_ROTATION, "rad");
    if (status != MOTE_OK) {
        return status;
    }
    const mote_mover_view v = mote_mover_pool_view(pool);
    float *const desired = v.desired_facing;
    float *const explicit_flag = v.explicit_facing;
    desired[i] = facing;
    explicit_flag[i] = explicit_facing ? 1.0f : 0.0f;
    return MOTE_OK;
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
    mote_status status = mote_pool_is(p, RECORD) ? check_params(params) : not_a_mover_pool();
    if (status != MOTE_OK) {
        return status;
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
    mote_status status = mote_pool_is(p, RECORD) ? check_substep(max_substep) : not_a_mover_pool();
    if (status != MOTE_OK) {
        return status;
    }
    settings_of(p)->max_substep = max_substep;
    return MOTE_OK;
}

mote_status mote_mover_pool_substeps(const mote_mover_pool *pool, float dt, int *out_count,
                                     float *out_substep) {
    if (!mote_pool_is(MOTE_AS_CONST_POOL(pool), RECORD)) {
        return not_a_mover_pool();
    }
    if (out_count == NULL || out_substep == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out_count and out_substep must not be "
                                                        "NULL");
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
    if (count > MOVER_MAX_WALLS) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "walls: count must be at most %d (got %zu)",
                           MOVER_MAX_WALLS, count);
    }
    const mote_status status = mover_set_walls(p, &settings_of(p)->space, walls, count);
    if (status == MOTE_OK) {
        settings_of(p)->wall_count = (int32_t)count;
    }
    return status;
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
