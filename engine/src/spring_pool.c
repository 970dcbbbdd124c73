/* Spring pools: one kind per pool, dense structure-of-arrays storage, stable ids, and a step
 * that runs the kind's kernel on the pool's backend. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "allocator.h"
#include "kernel_table.h"
#include "mote/spring.h"
#include "mote/spring_pool.h"
#include "pool_core.h"
#include "spring_fields.h"
#include "task_split.h"

struct mote_spring_pool {
    mote_pool_core core;
    mote_spring_kind kind;
    mote_backend backend; /* resolved: never MOTE_BACKEND_AUTO */
    mote_spring_kernel_fn kernel;
};

static const char *const kind_names[MOTE_SPRING_KIND_COUNT] = {
    [MOTE_SPRING_DAMPER] = "damper",
    [MOTE_SPRING_CRITICAL] = "critical",
    [MOTE_SPRING_ANGLE] = "angle",
    [MOTE_SPRING_DOUBLE_ANGLE] = "double_angle",
    [MOTE_SPRING_DECAY] = "decay",
    [MOTE_SPRING_SEMI_IMPLICIT] = "semi_implicit",
    [MOTE_SPRING_EXP_RESPONSE] = "exp_response",
    [MOTE_SPRING_DAMPED] = "damped",
    [MOTE_SPRING_DOUBLE] = "double",
};

const char *mote_spring_kind_name(mote_spring_kind kind) {
    if ((int)kind < 0 || kind >= MOTE_SPRING_KIND_COUNT) {
        return "unknown";
    }
    return kind_names[kind];
}

bool mote_spring_kind_parse(const char *name, mote_spring_kind *out) {
    if (name == NULL || out == NULL) {
        return false;
    }
    for (int k = 0; k < MOTE_SPRING_KIND_COUNT; ++k) {
        if (strcmp(name, kind_names[k]) == 0) {
            *out = (mote_spring_kind)k;
            return true;
        }
    }
    return false;
}

mote_spring_pool_def mote_default_spring_pool_def(void) {
    mote_spring_pool_def def = {
        .kind = MOTE_SPRING_CRITICAL,
        .capacity = 1024,
        .max_count = (size_t)1 << 26,
        .backend = MOTE_BACKEND_AUTO,
    };
    return def;
}

mote_spring_desc mote_default_spring_desc(void) {
    mote_spring_desc desc = {
        .halflife = 0.1f,
        .stiffness = 5.0f,
        .damping = 4.6f,
        .rate = 10.0f,
    };
    return desc;
}

/* The backend and kernel a request resolves to on this CPU, or false. */
static bool resolve_backend(mote_spring_kind kind, mote_backend requested, mote_backend *backend,
                            mote_spring_kernel_fn *kernel) {
    mote_backend b = requested == MOTE_BACKEND_AUTO ? mote_backend_best() : requested;
    if (!mote_backend_available(b)) {
        return false;
    }
    *backend = b;
    *kernel = mote_kernel_table_for(b)->spring[kind];
    return true;
}

mote_status mote_spring_pool_create(const mote_spring_pool_def *def, mote_spring_pool **out) {
    if (def == NULL || out == NULL || (int)def->kind < 0 || def->kind >= MOTE_SPRING_KIND_COUNT ||
        def->max_count == 0 || def->max_count >= UINT32_MAX - 1 || def->capacity > def->max_count ||
        (def->backend != MOTE_BACKEND_AUTO &&
         ((int)def->backend < 0 || def->backend >= MOTE_BACKEND_COUNT))) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend backend;
    mote_spring_kernel_fn kernel;
    if (!resolve_backend(def->kind, def->backend, &backend, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    mote_allocator allocator = mote_get_allocator();
    mote_spring_pool *pool = mote_allocate(&allocator, sizeof *pool);
    if (pool == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    pool->kind = def->kind;
    pool->backend = backend;
    pool->kernel = kernel;
    if (mote_pool_core_init(&pool->core, spring_kind_reads[def->kind], def->capacity,
                            def->max_count) != MOTE_OK) {
        mote_spring_pool_destroy(pool);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    *out = pool;
    return MOTE_OK;
}

void mote_spring_pool_destroy(mote_spring_pool *pool) {
    if (pool == NULL) {
        return;
    }
    mote_allocator allocator = pool->core.allocator;
    mote_pool_core_release(&pool->core);
    mote_release(&allocator, pool, sizeof *pool);
}

mote_status mote_spring_pool_reserve(mote_spring_pool *pool, size_t capacity) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT
                        : mote_pool_core_reserve(&pool->core, capacity);
}

/* Kinds whose desc gives a half-life, stored as the damping it implies. */
static bool has_halflife(mote_spring_kind kind) {
    return kind == MOTE_SPRING_DAMPER || kind == MOTE_SPRING_CRITICAL ||
           kind == MOTE_SPRING_ANGLE || kind == MOTE_SPRING_DOUBLE_ANGLE ||
           kind == MOTE_SPRING_DECAY || kind == MOTE_SPRING_DOUBLE;
}

/* The double kinds run two springs in series, each on half the half-life. */
static bool runs_two_springs(mote_spring_kind kind) {
    return kind == MOTE_SPRING_DOUBLE_ANGLE || kind == MOTE_SPRING_DOUBLE;
}

float mote_spring_damping_for_kind(mote_spring_kind kind, float halflife) {
    if (!has_halflife(kind)) {
        return 0.0f;
    }
    return mote_halflife_to_damping(runs_two_springs(kind) ? 0.5f * halflife : halflife);
}

/* The half-life a stored damping implies (the inverse of mote_spring_damping_for_kind). */
static float halflife_for_damping(mote_spring_kind kind, float damping) {
    float h = (4.0f * MOTE_LN2) / damping - MOTE_SPRING_EPS;
    return runs_two_springs(kind) ? 2.0f * h : h;
}

/* Where each stored field lives in a desc: the one mapping between the two, read by add/set
 * and written by get. */
static const size_t desc_offset[FIELD_COUNT] = {
    [FIELD_X] = offsetof(mote_spring_desc, x),
    [FIELD_V] = offsetof(mote_spring_desc, v),
    [FIELD_GOAL] = offsetof(mote_spring_desc, goal),
    [FIELD_XI] = offsetof(mote_spring_desc, xi),
    [FIELD_VI] = offsetof(mote_spring_desc, vi),
    [FIELD_STIFFNESS] = offsetof(mote_spring_desc, stiffness),
    [FIELD_DAMPING] = offsetof(mote_spring_desc, damping),
    [FIELD_RATE] = offsetof(mote_spring_desc, rate),
};

/* The values a desc puts in each stored field, indexed by FIELD_*: its members, but the
 * half-life kinds' damping comes from the desc's half-life. */
static void desc_values(mote_spring_kind kind, const mote_spring_desc *d,
                        float values[FIELD_COUNT]) {
    for (int f = 0; f < FIELD_COUNT; ++f) {
        memcpy(&values[f], (const char *)d + desc_offset[f], sizeof(float));
    }
    if (has_halflife(kind)) {
        values[FIELD_DAMPING] = mote_spring_damping_for_kind(kind, d->halflife);
    }
}

/* add/set's checks on the fields the kind uses. */
static mote_status check_desc(const mote_spring_pool *pool, const mote_spring_desc *desc) {
    unsigned mask = pool->core.fields.mask;
    float values[FIELD_COUNT];
    desc_values(pool->kind, desc, values);
    if (has_halflife(pool->kind) && !isfinite(desc->halflife)) {
        return MOTE_ERROR_NON_FINITE;
    }
    for (int f = 0; f < FIELD_COUNT; ++f) {
        if ((mask & FIELD_BIT(f)) && !isfinite(values[f])) {
            return MOTE_ERROR_NON_FINITE;
        }
    }
    const int nonnegative[] = {FIELD_STIFFNESS, FIELD_DAMPING, FIELD_RATE};
    for (size_t i = 0; i < sizeof nonnegative / sizeof nonnegative[0]; ++i) {
        int f = nonnegative[i];
        if ((mask & FIELD_BIT(f)) && values[f] < 0.0f) {
            return MOTE_ERROR_INVALID_ARGUMENT;
        }
    }
    return MOTE_OK;
}

static void write_desc(mote_spring_pool *pool, size_t i, const mote_spring_desc *desc) {
    float values[FIELD_COUNT];
    desc_values(pool->kind, desc, values);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        if (pool->core.fields.field[f] != NULL) {
            pool->core.fields.field[f][i] = values[f];
        }
    }
}

mote_status mote_spring_pool_add(mote_spring_pool *pool, const mote_spring_desc *desc,
                                 mote_id *out_id) {
    if (pool == NULL || desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_status status = check_desc(pool, desc);
    if (status != MOTE_OK) {
        return status;
    }
    mote_id id;
    size_t i;
    status = mote_pool_core_push(&pool->core, &id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    write_desc(pool, i, desc);
    if (out_id != NULL) {
        *out_id = id;
    }
    return MOTE_OK;
}

mote_status mote_spring_pool_remove(mote_spring_pool *pool, mote_id id) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT : mote_pool_core_remove(&pool->core, id);
}

bool mote_spring_pool_contains(const mote_spring_pool *pool, mote_id id) {
    return pool != NULL && mote_pool_core_lookup(&pool->core, id, NULL);
}

mote_status mote_spring_pool_index(const mote_spring_pool *pool, mote_id id, size_t *out_index) {
    if (pool == NULL || out_index == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_lookup(&pool->core, id, out_index) ? MOTE_OK : MOTE_ERROR_STALE_ID;
}

mote_id mote_spring_pool_id_at(const mote_spring_pool *pool, size_t index) {
    return pool == NULL ? mote_null_id() : mote_pool_core_id_at(&pool->core, index);
}

mote_status mote_spring_pool_get(const mote_spring_pool *pool, mote_id id, mote_spring_desc *out) {
    size_t i;
    if (pool == NULL || out == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    if (!mote_pool_core_lookup(&pool->core, id, &i)) {
        return MOTE_ERROR_STALE_ID;
    }
    mote_spring_desc d;
    memset(&d, 0, sizeof d);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        if (pool->core.fields.field[f] != NULL) {
            memcpy((char *)&d + desc_offset[f], &pool->core.fields.field[f][i], sizeof(float));
        }
    }
    if (has_halflife(pool->kind)) {
        d.halflife = halflife_for_damping(pool->kind, d.damping);
        d.damping = 0.0f;
    }
    *out = d;
    return MOTE_OK;
}

mote_status mote_spring_pool_set(mote_spring_pool *pool, mote_id id, const mote_spring_desc *desc) {
    size_t i;
    if (pool == NULL || desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    if (!mote_pool_core_lookup(&pool->core, id, &i)) {
        return MOTE_ERROR_STALE_ID;
    }
    mote_status status = check_desc(pool, desc);
    if (status != MOTE_OK) {
        return status;
    }
    write_desc(pool, i, desc);
    return MOTE_OK;
}

size_t mote_spring_pool_count(const mote_spring_pool *pool) {
    return pool == NULL ? 0 : pool->core.count;
}

size_t mote_spring_pool_capacity(const mote_spring_pool *pool) {
    return pool == NULL ? 0 : mote_pool_core_room(&pool->core);
}

mote_spring_kind mote_spring_pool_kind(const mote_spring_pool *pool) {
    return pool == NULL ? MOTE_SPRING_KIND_COUNT : pool->kind;
}

mote_spring_view mote_spring_pool_view(mote_spring_pool *pool) {
    mote_spring_view view;
    memset(&view, 0, sizeof view);
    if (pool == NULL) {
        return view;
    }
    spring_view_from_pointers(&view, pool->core.fields.field);
    view.count = pool->core.count;
    return view;
}

mote_status mote_spring_pool_step(mote_spring_pool *pool, float dt) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_spring_pool_step_range(pool, 0, pool->core.count, dt);
}

mote_status mote_spring_pool_step_range(mote_spring_pool *pool, size_t begin, size_t end,
                                        float dt) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, begin, end, dt, &idle);
    if (status != MOTE_OK || idle) {
        return status;
    }
    mote_spring_view view = mote_spring_pool_view(pool);
    pool->kernel(&view, begin, end, dt);
    return MOTE_OK;
}

typedef struct spring_step_job {
    mote_spring_view view;
    mote_spring_kernel_fn kernel;
    float dt;
} spring_step_job;

static void step_spring_range(size_t begin, size_t end, void *context) {
    const spring_step_job *job = context;
    job->kernel(&job->view, begin, end, job->dt);
}

mote_status mote_spring_pool_step_parallel(mote_spring_pool *pool, float dt,
                                           const mote_task_system *tasks) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, 0, pool->core.count, dt, &idle);
    if (status != MOTE_OK || idle) {
        return status;
    }
    spring_step_job job = {mote_spring_pool_view(pool), pool->kernel, dt};
    mote_run_range_tasks(tasks, 0, pool->core.count, step_spring_range, &job);
    return MOTE_OK;
}

mote_status mote_spring_pool_validate(const mote_spring_pool *pool, mote_validation *out) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_validate(&pool->core, out);
}

mote_status mote_spring_pool_set_backend(mote_spring_pool *pool, mote_backend backend) {
    if (pool == NULL ||
        (backend != MOTE_BACKEND_AUTO && ((int)backend < 0 || backend >= MOTE_BACKEND_COUNT))) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend resolved;
    mote_spring_kernel_fn kernel;
    if (!resolve_backend(pool->kind, backend, &resolved, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    pool->backend = resolved;
    pool->kernel = kernel;
    return MOTE_OK;
}

mote_backend mote_spring_pool_backend(const mote_spring_pool *pool) {
    return pool == NULL ? MOTE_BACKEND_SCALAR : pool->backend;
}
