/* Mover pools: one movement params set per pool, dense structure-of-arrays storage through
 * pool_core, stable ids, and a step that splits dt into sub-steps and runs the mover kernel
 * on the pool's backend. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "kernel_table.h"
#include "mote/mover_pool.h"
#include "mover_fields.h"
#include "pool_core.h"
#include "task_split.h"

struct mote_mover_pool {
    mote_pool_core core;
    mote_movement_params params;
    float max_substep;
    mote_backend backend; /* resolved: never MOTE_BACKEND_AUTO */
    mote_mover_kernel_fn kernel;
};

mote_mover_pool_def mote_default_mover_pool_def(void) {
    mote_mover_pool_def def = {
        .params = mote_default_movement_params(),
        .max_substep = 1.0f / 60.0f,
        .capacity = 1024,
        .max_count = (size_t)1 << 26,
        .backend = MOTE_BACKEND_AUTO,
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

static bool resolve_backend(mote_backend requested, mote_backend *backend,
                            mote_mover_kernel_fn *kernel) {
    mote_backend b = requested == MOTE_BACKEND_AUTO ? mote_backend_best() : requested;
    if (!mote_backend_available(b)) {
        return false;
    }
    *backend = b;
    *kernel = mote_kernel_table_for(b)->mover;
    return true;
}

static bool valid_backend(mote_backend backend) {
    return backend == MOTE_BACKEND_AUTO || ((int)backend >= 0 && backend < MOTE_BACKEND_COUNT);
}

mote_status mote_mover_pool_create(const mote_mover_pool_def *def, mote_mover_pool **out) {
    if (def == NULL || out == NULL || !mote_movement_params_valid(&def->params) ||
        !valid_substep(def->max_substep) || def->max_count == 0 ||
        def->max_count >= UINT32_MAX - 1 || def->capacity > def->max_count ||
        !valid_backend(def->backend)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend backend;
    mote_mover_kernel_fn kernel;
    if (!resolve_backend(def->backend, &backend, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    mote_allocator allocator = mote_get_allocator();
    mote_mover_pool *pool = mote_allocate(&allocator, sizeof *pool);
    if (pool == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    pool->params = def->params;
    pool->max_substep = def->max_substep;
    pool->backend = backend;
    pool->kernel = kernel;
    if (mote_pool_core_init(&pool->core, MOVER_ALL_FIELDS, def->capacity, def->max_count) !=
        MOTE_OK) {
        mote_mover_pool_destroy(pool);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    *out = pool;
    return MOTE_OK;
}

void mote_mover_pool_destroy(mote_mover_pool *pool) {
    if (pool == NULL) {
        return;
    }
    mote_allocator allocator = pool->core.allocator;
    mote_pool_core_release(&pool->core);
    mote_release(&allocator, pool, sizeof *pool);
}

mote_status mote_mover_pool_reserve(mote_mover_pool *pool, size_t capacity) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT
                        : mote_pool_core_reserve(&pool->core, capacity);
}

/* A desc's values in field order: the one mapping between the two, read by add/set and
 * written by get. */
static void desc_values(const mote_mover_desc *d, float v[MOVER_FIELD_COUNT]) {
    const mote_movement_state *s = &d->state;
    v[MOVER_POSITION_X] = s->position.x;
    v[MOVER_POSITION_Y] = s->position.y;
    v[MOVER_VELOCITY_X] = s->velocity.x;
    v[MOVER_VELOCITY_Y] = s->velocity.y;
    v[MOVER_ACCELERATION_X] = s->acceleration.x;
    v[MOVER_ACCELERATION_Y] = s->acceleration.y;
    v[MOVER_IMMEDIATE_VELOCITY_X] = s->immediate_velocity.x;
    v[MOVER_IMMEDIATE_VELOCITY_Y] = s->immediate_velocity.y;
    v[MOVER_ROTATION] = s->rotation;
    v[MOVER_ANGULAR_VELOCITY] = s->angular_velocity;
    v[MOVER_IMMEDIATE_ROTATION] = s->immediate_rotation;
    v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = s->immediate_angular_velocity;
    v[MOVER_DESIRED_VELOCITY_X] = d->desired_velocity.x;
    v[MOVER_DESIRED_VELOCITY_Y] = d->desired_velocity.y;
    v[MOVER_DESIRED_FACING] = d->desired_facing;
    v[MOVER_EXPLICIT_FACING] = d->explicit_facing ? 1.0f : 0.0f;
}

static mote_mover_desc values_desc(const float v[MOVER_FIELD_COUNT]) {
    mote_mover_desc d;
    memset(&d, 0, sizeof d);
    mote_movement_state *s = &d.state;
    s->position.x = v[MOVER_POSITION_X];
    s->position.y = v[MOVER_POSITION_Y];
    s->velocity.x = v[MOVER_VELOCITY_X];
    s->velocity.y = v[MOVER_VELOCITY_Y];
    s->acceleration.x = v[MOVER_ACCELERATION_X];
    s->acceleration.y = v[MOVER_ACCELERATION_Y];
    s->immediate_velocity.x = v[MOVER_IMMEDIATE_VELOCITY_X];
    s->immediate_velocity.y = v[MOVER_IMMEDIATE_VELOCITY_Y];
    s->rotation = v[MOVER_ROTATION];
    s->angular_velocity = v[MOVER_ANGULAR_VELOCITY];
    s->immediate_rotation = v[MOVER_IMMEDIATE_ROTATION];
    s->immediate_angular_velocity = v[MOVER_IMMEDIATE_ANGULAR_VELOCITY];
    d.desired_velocity.x = v[MOVER_DESIRED_VELOCITY_X];
    d.desired_velocity.y = v[MOVER_DESIRED_VELOCITY_Y];
    d.desired_facing = v[MOVER_DESIRED_FACING];
    d.explicit_facing = v[MOVER_EXPLICIT_FACING] != 0.0f;
    return d;
}

static bool all_finite(const float *v, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (!isfinite(v[i])) {
            return false;
        }
    }
    return true;
}

static void read_element(const mote_mover_pool *pool, size_t i, float v[MOVER_FIELD_COUNT]) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        v[f] = pool->core.fields.field[f][i];
    }
}

static void write_element(mote_mover_pool *pool, size_t i, const float v[MOVER_FIELD_COUNT]) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        pool->core.fields.field[f][i] = v[f];
    }
}

mote_status mote_mover_pool_add(mote_mover_pool *pool, const mote_mover_desc *desc,
                                mote_id *out_id) {
    if (pool == NULL || desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    float v[MOVER_FIELD_COUNT];
    desc_values(desc, v);
    if (!all_finite(v, MOVER_FIELD_COUNT)) {
        return MOTE_ERROR_NON_FINITE;
    }
    mote_id id;
    size_t i;
    mote_status status = mote_pool_core_push(&pool->core, &id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    write_element(pool, i, v);
    if (out_id != NULL) {
        *out_id = id;
    }
    return MOTE_OK;
}

mote_status mote_mover_pool_remove(mote_mover_pool *pool, mote_id id) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT : mote_pool_core_remove(&pool->core, id);
}

bool mote_mover_pool_contains(const mote_mover_pool *pool, mote_id id) {
    return pool != NULL && mote_pool_core_lookup(&pool->core, id, NULL);
}

mote_status mote_mover_pool_index(const mote_mover_pool *pool, mote_id id, size_t *out_index) {
    if (pool == NULL || out_index == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_lookup(&pool->core, id, out_index) ? MOTE_OK : MOTE_ERROR_STALE_ID;
}

mote_id mote_mover_pool_id_at(const mote_mover_pool *pool, size_t index) {
    return pool == NULL ? mote_null_id() : mote_pool_core_id_at(&pool->core, index);
}

/* The dense index of a live id, after the NULL checks every per-element call makes. */
static mote_status lookup(const mote_mover_pool *pool, mote_id id, size_t *i) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_lookup(&pool->core, id, i) ? MOTE_OK : MOTE_ERROR_STALE_ID;
}

mote_status mote_mover_pool_get(const mote_mover_pool *pool, mote_id id, mote_mover_desc *out) {
    size_t i;
    if (out == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_status status = lookup(pool, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    float v[MOVER_FIELD_COUNT];
    read_element(pool, i, v);
    *out = values_desc(v);
    return MOTE_OK;
}

mote_status mote_mover_pool_set(mote_mover_pool *pool, mote_id id, const mote_mover_desc *desc) {
    size_t i;
    if (desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_status status = lookup(pool, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    float v[MOVER_FIELD_COUNT];
    desc_values(desc, v);
    if (!all_finite(v, MOVER_FIELD_COUNT)) {
        return MOTE_ERROR_NON_FINITE;
    }
    write_element(pool, i, v);
    return MOTE_OK;
}

/* Reads a live element into a desc, for the one-field setters (which then commit it). */
static mote_status edit_element(mote_mover_pool *pool, mote_id id, mote_mover_desc *d,
                                size_t *index) {
    mote_status status = lookup(pool, id, index);
    if (status != MOTE_OK) {
        return status;
    }
    float v[MOVER_FIELD_COUNT];
    read_element(pool, *index, v);
    *d = values_desc(v);
    return MOTE_OK;
}

/* Writes an edited desc back unless it holds NaN or infinity (then nothing changes). */
static mote_status commit_element(mote_mover_pool *pool, size_t i, const mote_mover_desc *d) {
    float v[MOVER_FIELD_COUNT];
    desc_values(d, v);
    if (!all_finite(v, MOVER_FIELD_COUNT)) {
        return MOTE_ERROR_NON_FINITE;
    }
    write_element(pool, i, v);
    return MOTE_OK;
}

mote_status mote_mover_pool_set_desired_velocity(mote_mover_pool *pool, mote_id id,
                                                 mote_vec2 desired_velocity) {
    mote_mover_desc d;
    size_t i;
    mote_status status = edit_element(pool, id, &d, &i);
    if (status != MOTE_OK) {
        return status;
    }
    d.desired_velocity = desired_velocity;
    return commit_element(pool, i, &d);
}

mote_status mote_mover_pool_set_desired_facing(mote_mover_pool *pool, mote_id id,
                                               bool explicit_facing, float facing) {
    mote_mover_desc d;
    size_t i;
    mote_status status = edit_element(pool, id, &d, &i);
    if (status != MOTE_OK) {
        return status;
    }
    d.explicit_facing = explicit_facing;
    d.desired_facing = facing;
    return commit_element(pool, i, &d);
}

mote_status mote_mover_pool_push(mote_mover_pool *pool, mote_id id, mote_vec2 delta_velocity) {
    mote_mover_desc d;
    size_t i;
    mote_status status = edit_element(pool, id, &d, &i);
    if (status != MOTE_OK) {
        return status;
    }
    mote_movement_push(&d.state, delta_velocity);
    return commit_element(pool, i, &d);
}

mote_status mote_mover_pool_place_at(mote_mover_pool *pool, mote_id id, mote_vec2 position,
                                     float facing) {
    mote_mover_desc d;
    size_t i;
    mote_status status = edit_element(pool, id, &d, &i);
    if (status != MOTE_OK) {
        return status;
    }
    mote_movement_place_at(&d.state, position, facing);
    return commit_element(pool, i, &d);
}

size_t mote_mover_pool_count(const mote_mover_pool *pool) {
    return pool == NULL ? 0 : pool->core.count;
}

size_t mote_mover_pool_capacity(const mote_mover_pool *pool) {
    return pool == NULL ? 0 : mote_pool_core_room(&pool->core);
}

mote_mover_view mote_mover_pool_view(mote_mover_pool *pool) {
    mote_mover_view view;
    memset(&view, 0, sizeof view);
    if (pool == NULL) {
        return view;
    }
    mover_view_from_pointers(&view, pool->core.fields.field);
    view.count = pool->core.count;
    return view;
}

mote_movement_params mote_mover_pool_params(const mote_mover_pool *pool) {
    return pool == NULL ? mote_default_movement_params() : pool->params;
}

mote_status mote_mover_pool_set_params(mote_mover_pool *pool, const mote_movement_params *params) {
    if (pool == NULL || !mote_movement_params_valid(params)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    pool->params = *params;
    return MOTE_OK;
}

float mote_mover_pool_max_substep(const mote_mover_pool *pool) {
    return pool == NULL ? 0.0f : pool->max_substep;
}

mote_status mote_mover_pool_set_max_substep(mote_mover_pool *pool, float max_substep) {
    if (pool == NULL || !valid_substep(max_substep)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    pool->max_substep = max_substep;
    return MOTE_OK;
}

mote_status mote_mover_pool_substeps(const mote_mover_pool *pool, float dt, int *out_count,
                                     float *out_substep) {
    if (pool == NULL || out_count == NULL || out_substep == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    if (!(dt >= 0.0f) || !isfinite(dt)) {
        return MOTE_ERROR_INVALID_DT;
    }
    const float longest = pool->max_substep * (float)MOTE_MOVER_MAX_SUBSTEPS;
    float clamped = dt > longest ? longest : dt;
    /* the fewest equal sub-steps no longer than max_substep, within 1e-3 */
    float parts = ceilf(clamped / pool->max_substep * 0.999f);
    int n = parts < 1.0f ? 1 : (int)parts;
    n = n > MOTE_MOVER_MAX_SUBSTEPS ? MOTE_MOVER_MAX_SUBSTEPS : n;
    *out_count = clamped == 0.0f ? 0 : n;
    *out_substep = clamped == 0.0f ? 0.0f : clamped / (float)n;
    return MOTE_OK;
}

/* The split of a checked dt into sub-steps, and their coefficients. */
static void prepare_step(const mote_mover_pool *pool, float dt, mote_mover_step *step) {
    int substeps = 0;
    float substep = 0.0f;
    mote_mover_pool_substeps(pool, dt, &substeps, &substep);
    mote_mover_step_prepare(&pool->params, substep, substeps, step);
}

mote_status mote_mover_pool_step(mote_mover_pool *pool, float dt) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_mover_pool_step_range(pool, 0, pool->core.count, dt);
}

mote_status mote_mover_pool_step_range(mote_mover_pool *pool, size_t begin, size_t end, float dt) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, begin, end, dt, &idle);
    if (status != MOTE_OK || idle) {
        return status;
    }
    mote_mover_step step;
    prepare_step(pool, dt, &step);
    mote_mover_view view = mote_mover_pool_view(pool);
    pool->kernel(&view, begin, end, &step);
    return MOTE_OK;
}

typedef struct mover_step_job {
    mote_mover_view view;
    mote_mover_kernel_fn kernel;
    mote_mover_step step;
} mover_step_job;

static void step_mover_range(size_t begin, size_t end, void *context) {
    const mover_step_job *job = context;
    job->kernel(&job->view, begin, end, &job->step);
}

mote_status mote_mover_pool_step_parallel(mote_mover_pool *pool, float dt,
                                          const mote_task_system *tasks) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, 0, pool->core.count, dt, &idle);
    if (status != MOTE_OK || idle) {
        return status;
    }
    mover_step_job job;
    job.view = mote_mover_pool_view(pool);
    job.kernel = pool->kernel;
    prepare_step(pool, dt, &job.step);
    mote_run_range_tasks(tasks, 0, pool->core.count, step_mover_range, &job);
    return MOTE_OK;
}

mote_status mote_mover_pool_validate(const mote_mover_pool *pool, mote_validation *out) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_validate(&pool->core, out);
}

mote_status mote_mover_pool_set_backend(mote_mover_pool *pool, mote_backend backend) {
    if (pool == NULL || !valid_backend(backend)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend resolved;
    mote_mover_kernel_fn kernel;
    if (!resolve_backend(backend, &resolved, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    pool->backend = resolved;
    pool->kernel = kernel;
    return MOTE_OK;
}

mote_backend mote_mover_pool_backend(const mote_mover_pool *pool) {
    return pool == NULL ? MOTE_BACKEND_SCALAR : pool->backend;
}
