/* Debris pools: dense structure-of-arrays storage in a shared pool core, the ship frame and
 * settings every piece shares, and a step that runs the debris kernel on the pool's backend
 * and reports the pieces it released. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "debris_fields.h"
#include "kernel_table.h"
#include "mote/debris_pool.h"
#include "pool_core.h"
#include "task_split.h"

struct mote_debris_pool {
    mote_pool_core core;
    mote_debris_ship ship;
    mote_debris_settings settings;
    mote_backend backend; /* resolved: never MOTE_BACKEND_AUTO */
    mote_debris_kernel_fn kernel;
};

mote_debris_pool_def mote_default_debris_pool_def(void) {
    mote_debris_pool_def def = {
        .capacity = 1024,
        .max_count = (size_t)1 << 26,
        .backend = MOTE_BACKEND_AUTO,
        .settings = mote_default_debris_settings(),
        .ship = mote_default_debris_ship(),
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

/* The backend and kernel a request resolves to on this CPU, or false. */
static bool resolve_backend(mote_backend requested, mote_backend *backend,
                            mote_debris_kernel_fn *kernel) {
    mote_backend b = requested == MOTE_BACKEND_AUTO ? mote_backend_best() : requested;
    if (!mote_backend_available(b)) {
        return false;
    }
    *backend = b;
    *kernel = mote_kernel_table_for(b)->debris;
    return true;
}

static bool valid_backend_value(mote_backend b) {
    return b == MOTE_BACKEND_AUTO || ((int)b >= 0 && b < MOTE_BACKEND_COUNT);
}

mote_status mote_debris_pool_create(const mote_debris_pool_def *def, mote_debris_pool **out) {
    if (def == NULL || out == NULL || def->max_count == 0 || def->max_count >= UINT32_MAX - 1 ||
        def->capacity > def->max_count || !valid_backend_value(def->backend) ||
        check_settings(&def->settings) != MOTE_OK || check_ship(&def->ship) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend backend;
    mote_debris_kernel_fn kernel;
    if (!resolve_backend(def->backend, &backend, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    mote_allocator allocator = mote_get_allocator();
    mote_debris_pool *pool = mote_allocate(&allocator, sizeof *pool);
    if (pool == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    pool->ship = def->ship;
    pool->settings = def->settings;
    pool->backend = backend;
    pool->kernel = kernel;
    if (mote_pool_core_init(&pool->core, DEBRIS_ALL_FIELDS, def->capacity, def->max_count) !=
        MOTE_OK) {
        mote_debris_pool_destroy(pool);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    *out = pool;
    return MOTE_OK;
}

void mote_debris_pool_destroy(mote_debris_pool *pool) {
    if (pool == NULL) {
        return;
    }
    mote_allocator allocator = pool->core.allocator;
    mote_pool_core_release(&pool->core);
    mote_release(&allocator, pool, sizeof *pool);
}

mote_status mote_debris_pool_reserve(mote_debris_pool *pool, size_t capacity) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT
                        : mote_pool_core_reserve(&pool->core, capacity);
}

/* add/set's checks; on MOTE_OK, *stored is the desc as the pool keeps it (outward and base
 * normalised). */
static mote_status check_desc(const mote_debris_desc *d, mote_debris_desc *stored) {
    const float scalars[] = {d->time,  d->peel_start,    d->detach_time, d->max_distance,
                             d->twist, d->outward_speed, d->axial_speed};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; ++i) {
        if (!isfinite(scalars[i])) {
            return MOTE_ERROR_NON_FINITE;
        }
    }
    if (!finite3(d->position) || !finite4(d->orientation) || !finite3(d->velocity) ||
        !finite3(d->angular_velocity) || !finite3(d->anchor) || !finite3(d->outward) ||
        !finite4(d->base)) {
        return MOTE_ERROR_NON_FINITE;
    }
    if (d->detach_time < d->peel_start || d->max_distance < 0.0f || zero3(d->outward) ||
        zero4(d->base) ||
        (d->phase != MOTE_DEBRIS_ATTACHED && d->phase != MOTE_DEBRIS_RELEASED &&
         d->phase != MOTE_DEBRIS_FREE)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    *stored = *d;
    mote_vec3 o = d->outward;
    /* in double: a tiny or huge vector normalises without underflow or overflow */
    double len = sqrt((double)o.x * o.x + (double)o.y * o.y + (double)o.z * o.z);
    stored->outward = (mote_vec3){(float)(o.x / len), (float)(o.y / len), (float)(o.z / len)};
    mote_quat b = d->base;
    double blen =
        sqrt((double)b.x * b.x + (double)b.y * b.y + (double)b.z * b.z + (double)b.w * b.w);
    stored->base = (mote_quat){(float)(b.x / blen), (float)(b.y / blen), (float)(b.z / blen),
                               (float)(b.w / blen)};
    if (!finite3(stored->outward) || !finite4(stored->base)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return MOTE_OK;
}

mote_status mote_debris_pool_add(mote_debris_pool *pool, const mote_debris_desc *desc,
                                 mote_id *out_id) {
    if (pool == NULL || desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_debris_desc stored;
    mote_status status = check_desc(desc, &stored);
    if (status != MOTE_OK) {
        return status;
    }
    mote_id id;
    size_t i;
    status = mote_pool_core_push(&pool->core, &id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    debris_desc_store(pool->core.fields.field, i, &stored);
    if (out_id != NULL) {
        *out_id = id;
    }
    return MOTE_OK;
}

mote_status mote_debris_pool_remove(mote_debris_pool *pool, mote_id id) {
    return pool == NULL ? MOTE_ERROR_INVALID_ARGUMENT : mote_pool_core_remove(&pool->core, id);
}

bool mote_debris_pool_contains(const mote_debris_pool *pool, mote_id id) {
    return pool != NULL && mote_pool_core_lookup(&pool->core, id, NULL);
}

mote_status mote_debris_pool_index(const mote_debris_pool *pool, mote_id id, size_t *out_index) {
    if (pool == NULL || out_index == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_lookup(&pool->core, id, out_index) ? MOTE_OK : MOTE_ERROR_STALE_ID;
}

mote_id mote_debris_pool_id_at(const mote_debris_pool *pool, size_t index) {
    return pool == NULL ? mote_null_id() : mote_pool_core_id_at(&pool->core, index);
}

mote_status mote_debris_pool_get(const mote_debris_pool *pool, mote_id id, mote_debris_desc *out) {
    size_t i;
    if (pool == NULL || out == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    if (!mote_pool_core_lookup(&pool->core, id, &i)) {
        return MOTE_ERROR_STALE_ID;
    }
    *out = debris_desc_at(pool->core.fields.field, i);
    return MOTE_OK;
}

mote_status mote_debris_pool_set(mote_debris_pool *pool, mote_id id, const mote_debris_desc *desc) {
    size_t i;
    if (pool == NULL || desc == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    if (!mote_pool_core_lookup(&pool->core, id, &i)) {
        return MOTE_ERROR_STALE_ID;
    }
    mote_debris_desc stored;
    mote_status status = check_desc(desc, &stored);
    if (status != MOTE_OK) {
        return status;
    }
    debris_desc_store(pool->core.fields.field, i, &stored);
    return MOTE_OK;
}

size_t mote_debris_pool_count(const mote_debris_pool *pool) {
    return pool == NULL ? 0 : pool->core.count;
}

size_t mote_debris_pool_capacity(const mote_debris_pool *pool) {
    return pool == NULL ? 0 : mote_pool_core_room(&pool->core);
}

mote_debris_view mote_debris_pool_view(mote_debris_pool *pool) {
    mote_debris_view view;
    memset(&view, 0, sizeof view);
    if (pool == NULL) {
        return view;
    }
    debris_view_from_pointers(&view, pool->core.fields.field);
    view.count = pool->core.count;
    return view;
}

mote_status mote_debris_pool_set_ship(mote_debris_pool *pool, const mote_debris_ship *ship) {
    if (pool == NULL || ship == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_status status = check_ship(ship);
    if (status == MOTE_OK) {
        pool->ship = *ship;
    }
    return status;
}

mote_debris_ship mote_debris_pool_ship(const mote_debris_pool *pool) {
    return pool == NULL ? mote_default_debris_ship() : pool->ship;
}

mote_status mote_debris_pool_set_settings(mote_debris_pool *pool,
                                          const mote_debris_settings *settings) {
    if (pool == NULL || settings == NULL || check_settings(settings) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    pool->settings = *settings;
    return MOTE_OK;
}

mote_debris_settings mote_debris_pool_settings(const mote_debris_pool *pool) {
    return pool == NULL ? mote_default_debris_settings() : pool->settings;
}

mote_status mote_debris_pool_step(mote_debris_pool *pool, float dt,
                                  mote_debris_released *released) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_debris_pool_step_range(pool, 0, pool->core.count, dt, released);
}

/* Lists the pieces of [begin, end) whose phase says they were released in this step. */
static void report_released(const mote_debris_pool *pool, size_t begin, size_t end,
                            mote_debris_released *released) {
    const float *phase = pool->core.fields.field[DEBRIS_PHASE];
    size_t n = 0;
    for (size_t i = begin; i < end; ++i) {
        if (phase[i] == (float)MOTE_DEBRIS_RELEASED) {
            if (n < released->capacity) {
                released->ids[n] = mote_pool_core_id_at(&pool->core, i);
            }
            ++n;
        }
    }
    released->count = n;
}

mote_status mote_debris_pool_step_range(mote_debris_pool *pool, size_t begin, size_t end, float dt,
                                        mote_debris_released *released) {
    if (pool == NULL || (released != NULL && released->ids == NULL && released->capacity > 0)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, begin, end, dt, &idle);
    if (status != MOTE_OK) {
        return status;
    }
    if (idle) {
        if (released != NULL) {
            released->count = 0;
        }
        return MOTE_OK;
    }
    mote_debris_frame frame = mote_debris_frame_make(&pool->ship, &pool->settings, dt);
    mote_debris_view view = mote_debris_pool_view(pool);
    pool->kernel(&view, &frame, begin, end);
    if (released != NULL) {
        report_released(pool, begin, end, released);
    }
    return MOTE_OK;
}

/* One parallel step: the view, the kernel and the frame every range shares. */
typedef struct debris_step_job {
    mote_debris_view view;
    mote_debris_kernel_fn kernel;
    mote_debris_frame frame;
} debris_step_job;

static void step_debris_range(size_t begin, size_t end, void *context) {
    const debris_step_job *job = context;
    job->kernel(&job->view, &job->frame, begin, end);
}

mote_status mote_debris_pool_step_parallel(mote_debris_pool *pool, float dt,
                                           const mote_task_system *tasks,
                                           mote_debris_released *released) {
    if (pool == NULL || (released != NULL && released->ids == NULL && released->capacity > 0)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    bool idle;
    mote_status status = mote_pool_core_check_step(&pool->core, 0, pool->core.count, dt, &idle);
    if (status != MOTE_OK) {
        return status;
    }
    if (idle) {
        if (released != NULL) {
            released->count = 0;
        }
        return MOTE_OK;
    }
    debris_step_job job = {mote_debris_pool_view(pool), pool->kernel,
                           mote_debris_frame_make(&pool->ship, &pool->settings, dt)};
    mote_run_range_tasks(tasks, 0, pool->core.count, step_debris_range, &job);
    if (released != NULL) {
        report_released(pool, 0, pool->core.count, released);
    }
    return MOTE_OK;
}

mote_status mote_debris_pool_validate(const mote_debris_pool *pool, mote_validation *out) {
    if (pool == NULL) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_pool_core_validate(&pool->core, out);
}

mote_status mote_debris_pool_set_backend(mote_debris_pool *pool, mote_backend backend) {
    if (pool == NULL || !valid_backend_value(backend)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_backend resolved;
    mote_debris_kernel_fn kernel;
    if (!resolve_backend(backend, &resolved, &kernel)) {
        return MOTE_ERROR_BACKEND_UNAVAILABLE;
    }
    pool->backend = resolved;
    pool->kernel = kernel;
    return MOTE_OK;
}

mote_backend mote_debris_pool_backend(const mote_debris_pool *pool) {
    return pool == NULL ? MOTE_BACKEND_SCALAR : pool->backend;
}
