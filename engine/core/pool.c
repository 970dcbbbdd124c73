/* The one pool implementation: create through set_backend for every kind, driven by the
 * kind record. The typed public functions (pool_api.h) and the kinds' own call these.
 *
 * A step goes one way down: its entry here (mote_pool_step_span) checks the pool, the report,
 * dt and the range once and builds a ready plan (mote_step_plan, pool.h); step_cache.c plans
 * the cache into it, task_split.c runs it (the kernel, and pool_core.c's group marks), then
 * pool_core.c's scan writes the report. pool_core.c, step_cache.c and task_split.c never call
 * back into this file, and nothing below the entry checks the step again. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "allocator.h"
#include "input_check.h"
#include "kernel_table.h"
#include "pool.h"
#include "pose_history.h"
#include "pool_events.h"
#include "refuse.h"
#include "step_cache.h"
#include "task_split.h"

#define FIELD_BIT(f) MOTE_FIELD_BIT(f)

/* MOTE_ERROR_INVALID_ARGUMENT for a NULL pool or a pool of another kind. */
static mote_status refuse_pool(const mote_pool_kind *kind) {
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                       "pool must be a live %s pool (got NULL or "
                       "another kind)",
                       kind != NULL ? kind->name : "");
}

/* MOTE_ERROR_STALE_ID or MOTE_ERROR_WRONG_POOL (status, from mote_pool_core_find), naming the
 * id. */
static mote_status refuse_id(mote_status status, const mote_pool *pool, mote_id id) {
    if (status == MOTE_ERROR_WRONG_POOL) {
        return mote_refuse(status,
                           "id {slot %u, generation %u} was issued by pool %#x, not this "
                           "pool (%#x)",
                           (unsigned)id.slot, (unsigned)id.generation, (unsigned)id.pool,
                           (unsigned)pool->core.tag);
    }
    return mote_refuse(status,
                       "id {slot %u, generation %u} names no live element (removed, "
                       "null or never issued)",
                       (unsigned)id.slot, (unsigned)id.generation);
}

/* True for MOTE_BACKEND_AUTO or a backend of the enum. */
static bool mote_backend_valid(mote_backend backend) {
    return backend == MOTE_BACKEND_AUTO || ((int)backend >= 0 && backend < MOTE_BACKEND_COUNT);
}

/* The shared part of a def: the cookie first (MOTE_ERROR_UNINITIALIZED_DEF), then sizes,
 * backend value and max_dt (MOTE_ERROR_INVALID_ARGUMENT). */
static mote_status check_def(const mote_pool_kind *kind, const mote_pool_common_def *def) {
    if (def->cookie != kind->cookie) {
        return mote_refuse(MOTE_ERROR_UNINITIALIZED_DEF,
                           "def must start from mote_default_%s_pool_def() (a zeroed or "
                           "hand-built def)",
                           kind->name);
    }
    if (def->max_count == 0 || def->max_count > MOTE_MAX_COUNT) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "max_count must be in [1, MOTE_MAX_COUNT = %zu] (got %zu)",
                           (size_t)MOTE_MAX_COUNT, def->max_count);
    }
    if (def->capacity > def->max_count) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "capacity must be <= max_count %zu (got %zu)", def->max_count,
                           def->capacity);
    }
    if (!mote_backend_valid(def->backend)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "backend must be a mote_backend value (got %d)", (int)def->backend);
    }
    if (!(def->max_dt > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "max_dt must be > 0 (got %g)",
                           (double)def->max_dt);
    }
    return MOTE_OK;
}

/* The backend a pool of kind runs its range hooks on, its backend resolved from requested: the
 * kind's ranges_backend_cap where AUTO chose the backend, the cap is a wide backend of fewer
 * lanes and this CPU runs it; else the backend itself (a backend asked for by name runs every
 * stage). */
static mote_backend ranges_backend_of(const mote_pool_kind *kind, mote_backend requested,
                                      mote_backend backend) {
    const mote_backend cap = kind->ranges_backend_cap;
    const int cap_lanes = mote_backend_lanes(cap);
    if (requested == MOTE_BACKEND_AUTO && cap_lanes > 1 &&
        cap_lanes < mote_backend_lanes(backend) && mote_backend_available(cap)) {
        return cap;
    }
    return backend;
}

/* The backends (the pool's, and its range hooks') and kernel a request resolves to for this
 * pool on this CPU, or false. */
static bool resolve_backend(const mote_pool *pool, mote_backend requested, mote_backend *backend,
                            mote_backend *ranges_backend, mote_kernel_fn *kernel) {
    mote_backend b = requested == MOTE_BACKEND_AUTO ? mote_backend_best() : requested;
    if (!mote_backend_available(b)) {
        return false;
    }
    *backend = b;
    *ranges_backend = ranges_backend_of(pool->kind, requested, b);
    *kernel = mote_kernel_table_for(b)->kernel[mote_kind_kernel(pool->kind, pool)];
    return true;
}

/* MOTE_ERROR_BACKEND_UNAVAILABLE, naming the backend. */
static mote_status refuse_backend(mote_backend requested) {
    const mote_backend b = requested == MOTE_BACKEND_AUTO ? mote_backend_best() : requested;
    return mote_refuse(MOTE_ERROR_BACKEND_UNAVAILABLE, "backend %s cannot run on this build or CPU",
                       mote_backend_name(b));
}

mote_status mote_pool_create(const mote_pool_kind *kind, const mote_pool_common_def *def,
                             const void *settings, mote_pool **out) {
    mote_status status = check_def(kind, def);
    if (status != MOTE_OK) {
        return status;
    }
    const unsigned serial = mote_refusal_serial();
    status = kind->check_settings != NULL ? kind->check_settings(settings) : MOTE_OK;
    if (status != MOTE_OK) {
        return mote_refusal_serial() != serial
                   ? status
                   : mote_refuse(status, "the %s kind's settings refused the def", kind->name);
    }
    mote_allocator allocator = mote_get_allocator();
    size_t bytes = sizeof(mote_pool) + kind->settings_size;
    mote_pool *pool = mote_allocate(&allocator, bytes);
    if (pool == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "the allocator refused the pool (%zu bytes)",
                           bytes);
    }
    memset(pool, 0, sizeof *pool);
    pool->kind = kind;
    pool->max_dt = def->max_dt;
    pool->allocation_bytes = bytes;
    memcpy(pool->settings, settings, kind->settings_size);
    mote_step_cache_forget(pool);
    if (!resolve_backend(pool, def->backend, &pool->backend, &pool->ranges_backend,
                         &pool->kernel)) {
        mote_release(&allocator, pool, bytes);
        return refuse_backend(def->backend);
    }
    if (mote_pool_core_init(&pool->core, &allocator, mote_kind_stored_fields(kind, pool),
                            def->capacity, def->max_count,
                            mote_pool_core_new_tag(kind->number)) != MOTE_OK) {
        mote_pool_core_release(&pool->core);
        mote_release(&allocator, pool, bytes);
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                           "the allocator refused storage for capacity %zu", def->capacity);
    }
    *out = pool;
    return MOTE_OK;
}

void mote_pool_destroy(mote_pool *pool, const mote_pool_kind *kind) {
    if (!mote_pool_is(pool, kind)) {
        return;
    }
    mote_world_forget_pool(pool);
    mote_allocator allocator = pool->core.allocator;
    if (kind->release != NULL) {
        kind->release(pool);
    }
    mote_step_cache_release(pool);
    mote_pose_history_release(pool);
    mote_pool_events_release(pool);
    mote_release(&allocator, pool->report_marks, pool->report_marks_bytes);
    mote_pool_core_release(&pool->core);
    mote_release(&allocator, pool, pool->allocation_bytes);
}

mote_status mote_pool_reserve(mote_pool *pool, const mote_pool_kind *kind, size_t capacity) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    const mote_status status = mote_pool_core_reserve(&pool->core, capacity);
    if (status == MOTE_ERROR_FULL) {
        return mote_refuse(status, "capacity must be <= max_count %zu (got %zu)",
                           pool->core.max_count, capacity);
    }
    if (status != MOTE_OK) {
        return mote_refuse(status, "the allocator refused storage for capacity %zu", capacity);
    }
    return MOTE_OK;
}

/* A value's own check (the field list's check column). */
static mote_status check_value(mote_field_check check, float value) {
    if (!isfinite(value)) {
        return MOTE_ERROR_NON_FINITE;
    }
    return check == MOTE_CHECK_NONNEGATIVE && value < 0.0f ? MOTE_ERROR_INVALID_ARGUMENT : MOTE_OK;
}

/* "what" or "what[index]" (index MOTE_UNINDEXED: none) into label. */
static void value_label(char *label, size_t size, const char *what, size_t index) {
    if (index == MOTE_UNINDEXED) {
        (void)snprintf(label, size, "%s", what);
    } else {
        (void)snprintf(label, size, "%s[%zu]", what, index);
    }
}

/* The refusal of a value its own check refused: the field named. */
static mote_status refuse_value(const mote_pool_kind *kind, int field, float value,
                                const char *what, size_t index) {
    char label[64];
    value_label(label, sizeof label, what, index);
    const char *name = kind->fields[field].name;
    if (!isfinite(value)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "%s.%s must be finite (got %g)", label, name,
                           (double)value);
    }
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s.%s must be >= 0 (got %g)", label, name,
                       (double)value);
}

/* The first stored field whose own check refuses its value (every NaN or infinity before any
 * negative value), refused. */
static mote_status refuse_first_value(const mote_pool_kind *kind, mote_field_mask stored,
                                      const float *values, const char *what, size_t index) {
    for (int pass = 0; pass < 2; ++pass) {
        for (mote_field_mask m = stored; m != 0; m &= m - 1) {
            const int f = __builtin_ctzll(m);
            const mote_status status = check_value(kind->fields[f].check, values[f]);
            if (status == (pass == 0 ? MOTE_ERROR_NON_FINITE : MOTE_ERROR_INVALID_ARGUMENT)) {
                return refuse_value(kind, f, values[f], what, index);
            }
        }
    }
    return MOTE_OK;
}

/* The refusal of the kind's checks across fields: its own detail (prefixed with the label when
 * indexed) where it gave one, else a general one. */
static mote_status refuse_across(mote_status status, unsigned serial_before, const char *what,
                                 size_t index) {
    if (mote_refusal_serial() == serial_before) { /* a hook without a detail of its own */
        char label[64];
        value_label(label, sizeof label, what, index);
        return mote_refuse(status, "%s: the kind's checks across fields refused it", label);
    }
    if (index == MOTE_UNINDEXED) {
        return status;
    }
    char detail[MOTE_ERROR_DETAIL_CAPACITY];
    const char *after_status = strstr(mote_error_detail(), ": ");
    (void)snprintf(detail, sizeof detail, "%s",
                   after_status != NULL ? after_status + 2 : mote_error_detail());
    return mote_refuse(status, "%s[%zu]: %s", what, index, detail);
}

mote_status mote_pool_check_values(const mote_pool *pool, float *values, const char *what,
                                   size_t index) {
    const mote_pool_kind *kind = pool->kind;
    const mote_field_mask stored = pool->core.fields.mask;
    bool refused = false;
    for (mote_field_mask m = stored; m != 0; m &= m - 1) {
        const int f = __builtin_ctzll(m);
        refused = refused || !isfinite(values[f]) ||
                  (kind->fields[f].check == MOTE_CHECK_NONNEGATIVE && values[f] < 0.0f);
    }
    if (refused) {
        return refuse_first_value(kind, stored, values, what, index);
    }
    if (kind->check_values == NULL) {
        return MOTE_OK;
    }
    const unsigned serial = mote_refusal_serial();
    const mote_status status = kind->check_values(pool, values);
    return status == MOTE_OK ? MOTE_OK : refuse_across(status, serial, what, index);
}

/* A desc's stored values, checked: the desc members, the kind's conversions, then
 * mote_pool_check_values (each stored field's own check, every NaN or infinity before any
 * negative value, then the kind's checks across fields). what and index name the desc in a
 * refusal's detail. */
static mote_status desc_values(const mote_pool *pool, const void *desc, float *values,
                               const char *what, size_t index) {
    const mote_pool_kind *kind = pool->kind;
    const mote_field_mask stored = pool->core.fields.mask;
    memset(values, 0, (size_t)kind->field_count * sizeof(float));
    for (mote_field_mask m = stored; m != 0; m &= m - 1) {
        const int f = __builtin_ctzll(m);
        const size_t offset = kind->fields[f].desc_offset;
        if (offset != MOTE_NO_DESC) {
            memcpy(&values[f], (const char *)desc + offset, sizeof(float));
        }
    }
    mote_status status = kind->desc_to_values ? kind->desc_to_values(pool, desc, values) : MOTE_OK;
    if (status != MOTE_OK) {
        return status;
    }
    return mote_pool_check_values(pool, values, what, index);
}

static void write_values(mote_pool *pool, size_t i, const float *values) {
    for (int f = 0; f < pool->kind->field_count; ++f) {
        if (pool->core.fields.field[f] != NULL) {
            pool->core.fields.field[f][i] = values[f];
        }
    }
}

mote_status mote_pool_add(mote_pool *pool, const mote_pool_kind *kind, const void *descs, size_t n,
                          mote_id *out_ids) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (descs == NULL && n > 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc must not be NULL (n %zu)", n);
    }
    /* room first: a wrong n is answered without reading past the caller's array */
    if (n > pool->core.max_count - pool->core.count) {
        return mote_refuse(MOTE_ERROR_FULL,
                           "n %zu more elements do not fit: count %zu, max_count %zu", n,
                           pool->core.count, pool->core.max_count);
    }
    const char *what = n == 1 ? "desc" : "descs";
    const size_t unindexed = n == 1 ? MOTE_UNINDEXED : 0;
    float values[MOTE_MAX_FIELDS]; /* after the loop: the last desc's values */
    for (size_t k = 0; k < n; ++k) {
        mote_status status = desc_values(pool, (const char *)descs + k * kind->desc_size, values,
                                         what, unindexed == 0 ? k : unindexed);
        if (status != MOTE_OK) {
            return status;
        }
    }
    if (n > 1) { /* room for all first, so the adds below cannot fail halfway */
        mote_status status = mote_pool_core_reserve(&pool->core, pool->core.count + n);
        if (status != MOTE_OK) {
            return mote_refuse(status, "the allocator refused storage for %zu elements",
                               pool->core.count + n);
        }
    }
    for (size_t k = 0; k < n; ++k) {
        mote_id id;
        size_t i;
        mote_status status = mote_pool_core_push(&pool->core, &id, &i);
        if (status != MOTE_OK) { /* only for n == 1, before anything changed */
            return mote_refuse(status, "the allocator refused storage for %zu elements",
                               pool->core.count + 1);
        }
        if (n > 1) { /* checked above; converted again rather than kept for all n */
            desc_values(pool, (const char *)descs + k * kind->desc_size, values, what, k);
        }
        write_values(pool, i, values);
        if (out_ids != NULL) {
            out_ids[k] = id;
        }
    }
    if (kind->written != NULL) {
        kind->written(pool, pool->core.count - n, pool->core.count);
    }
    return MOTE_OK;
}

mote_status mote_pool_remove(mote_pool *pool, const mote_pool_kind *kind, mote_id id) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    size_t index;
    if (pool->pose_history != NULL && mote_pool_core_find(&pool->core, id, &index) == MOTE_OK) {
        mote_pose_history_before_remove(pool, index);
    }
    const mote_status status = mote_pool_core_remove(&pool->core, id);
    return status == MOTE_OK ? MOTE_OK : refuse_id(status, pool, id);
}

bool mote_pool_contains(const mote_pool *pool, const mote_pool_kind *kind, mote_id id) {
    return mote_pool_is(pool, kind) && mote_pool_core_find(&pool->core, id, NULL) == MOTE_OK;
}

mote_status mote_pool_index(const mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                            size_t *out_index) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (out_index == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out_index must not be NULL");
    }
    const mote_status status = mote_pool_core_find(&pool->core, id, out_index);
    return status == MOTE_OK ? MOTE_OK : refuse_id(status, pool, id);
}

mote_id mote_pool_id_at(const mote_pool *pool, const mote_pool_kind *kind, size_t index) {
    return mote_pool_is(pool, kind) ? mote_pool_core_id_at(&pool->core, index) : mote_null_id();
}

mote_status mote_pool_get(const mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                          void *out_desc) {
    size_t i;
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (out_desc == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must not be NULL");
    }
    mote_status status = mote_pool_core_find(&pool->core, id, &i);
    if (status != MOTE_OK) {
        return refuse_id(status, pool, id);
    }
    float values[MOTE_MAX_FIELDS];
    for (int f = 0; f < kind->field_count; ++f) {
        values[f] = pool->core.fields.field[f] != NULL ? pool->core.fields.field[f][i] : 0.0f;
    }
    unsigned char desc[MOTE_MAX_DESC_BYTES];
    memset(desc, 0, kind->desc_size);
    for (int f = 0; f < kind->field_count; ++f) {
        size_t offset = kind->fields[f].desc_offset;
        if (offset != MOTE_NO_DESC && pool->core.fields.field[f] != NULL) {
            memcpy(desc + offset, &values[f], sizeof(float));
        }
    }
    if (kind->values_to_desc != NULL) {
        kind->values_to_desc(pool, values, desc);
    }
    memcpy(out_desc, desc, kind->desc_size);
    return MOTE_OK;
}

mote_status mote_pool_set(mote_pool *pool, const mote_pool_kind *kind, mote_id id,
                          const void *desc) {
    size_t i;
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (desc == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "desc must not be NULL");
    }
    mote_status status = mote_pool_core_find(&pool->core, id, &i);
    if (status != MOTE_OK) {
        return refuse_id(status, pool, id);
    }
    float values[MOTE_MAX_FIELDS];
    status = desc_values(pool, desc, values, "desc", MOTE_UNINDEXED);
    if (status == MOTE_OK) {
        write_values(pool, i, values);
        if (kind->written != NULL) {
            kind->written(pool, i, i + 1);
        }
        mote_pose_history_reset(pool, i); /* a set is a teleport: not blended */
    }
    return status;
}

mote_status mote_pool_set_field(mote_pool *pool, const mote_pool_kind *kind, mote_id id, int field,
                                float value) {
    size_t i;
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (field < 0 || field >= kind->field_count) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "field %d is not one of the %s kind's",
                           field, kind->name);
    }
    mote_status status = mote_pool_core_find(&pool->core, id, &i);
    if (status != MOTE_OK) {
        return refuse_id(status, pool, id);
    }
    if (pool->core.fields.field[field] == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: this pool does not store it",
                           kind->fields[field].name);
    }
    status = check_value(kind->fields[field].check, value);
    if (status != MOTE_OK) {
        return refuse_value(kind, field, value, "value", MOTE_UNINDEXED);
    }
    pool->core.fields.field[field][i] = value;
    return MOTE_OK;
}

size_t mote_pool_count(const mote_pool *pool, const mote_pool_kind *kind) {
    return mote_pool_is(pool, kind) ? pool->core.count : 0;
}

size_t mote_pool_capacity(const mote_pool *pool, const mote_pool_kind *kind) {
    return mote_pool_is(pool, kind) ? mote_pool_core_room(&pool->core) : 0;
}

void mote_pool_view_fields(const mote_pool_kind *kind, const void *view, float **fields) {
    for (int f = 0; f < kind->field_count; ++f) {
        memcpy(&fields[f], (const char *)view + kind->fields[f].view_offset, sizeof(float *));
    }
}

void mote_pool_view_set_fields(const mote_pool_kind *kind, float *const *fields, void *view) {
    for (int f = 0; f < kind->field_count; ++f) {
        memcpy((char *)view + kind->fields[f].view_offset, &fields[f], sizeof(float *));
    }
}

void mote_pool_view_from_fields(const mote_pool_kind *kind, float *const *fields, size_t count,
                                void *view) {
    memset(view, 0, kind->view_size);
    memcpy(view, &count, sizeof count); /* every view starts with its count */
    mote_pool_view_set_fields(kind, fields, view);
}

void mote_pool_view(mote_pool *pool, const mote_pool_kind *kind, void *out_view) {
    if (!mote_pool_is(pool, kind)) {
        memset(out_view, 0, kind->view_size);
        return;
    }
    mote_pool_view_from_fields(kind, pool->core.fields.field, pool->core.count, out_view);
}

/* A dt a step or advance_of accepts: finite and >= 0. */
static bool dt_valid(float dt) {
    return dt >= 0.0f && isfinite(dt);
}

/* MOTE_ERROR_INVALID_DT, with the rule. */
static mote_status refuse_dt(float dt) {
    return mote_refuse(MOTE_ERROR_INVALID_DT, "dt must be finite and >= 0 (got %g)", (double)dt);
}

/* The seconds a valid dt advances the pool: clamped to max_dt and MOTE_MAX_STEP_DT, then to
 * the kind's own limit. */
static float advance_within(const mote_pool *pool, float dt, float max_dt) {
    const float limit = max_dt < MOTE_MAX_STEP_DT ? max_dt : MOTE_MAX_STEP_DT;
    const float clamped = dt > limit ? limit : dt;
    return clamped > 0.0f ? pool->kind->advance(pool, clamped) : 0.0f;
}

static float advance_valid(const mote_pool *pool, float dt) {
    return advance_within(pool, dt, pool->max_dt);
}

float mote_pool_kind_limit(const mote_pool *pool) {
    return pool->kind->advance(pool, MOTE_MAX_STEP_DT);
}

mote_status mote_pool_advance_of(const mote_pool *pool, const mote_pool_kind *kind, float dt,
                                 float *out_advanced) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (out_advanced == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out_advanced must not be NULL");
    }
    if (!dt_valid(dt)) {
        return refuse_dt(dt);
    }
    *out_advanced = advance_valid(pool, dt);
    return MOTE_OK;
}

/* The pool's group marks, room for a scan of every element it can hold, every one uncounted
 * over a scan of n; NULL when they cannot be allocated (the scan then counts every group
 * itself: the same report). Kept from step to step, as the step cache's arrays are. */
static unsigned char *uncounted_marks(mote_pool *pool, size_t n) {
    const size_t want = mote_group_marks_bytes(pool->core.fields.capacity);
    if (pool->report_marks_bytes < want) {
        mote_release(&pool->core.allocator, pool->report_marks, pool->report_marks_bytes);
        pool->report_marks = mote_allocate(&pool->core.allocator, want);
        pool->report_marks_bytes = pool->report_marks != NULL ? want : 0;
    }
    if (pool->report_marks != NULL) {
        memset(pool->report_marks, MOTE_GROUP_UNCOUNTED, mote_group_marks_bytes(n));
    }
    return pool->report_marks;
}

/* Fills plan for a step of the checked, non-empty [begin, end) by the checked dt (> 0): the
 * advanced seconds, the kind's constants for them, the step cache's plan in them, and, for a
 * report on tasks, the ranges' group marks (each range counts its own groups while they are
 * in its core's cache, so the scan after the step only walks the groups with a match). First
 * the range's inputs written through the view (input_check.h): their refusal, before the plan
 * touches anything. */
static mote_status plan_step(mote_pool *pool, size_t begin, size_t end, float dt, float max_dt,
                             const mote_task_system *tasks, const mote_step_report *report,
                             mote_step_plan *plan) {
    const mote_pool_kind *kind = pool->kind;
    plan->pool = pool;
    plan->kernel = pool->kernel;
    plan->begin = begin;
    plan->end = end;
    plan->advanced = advance_within(pool, dt, max_dt);
    plan->tasks = tasks;
    plan->min_elements = kind->parallel_min_elements;
    plan->ranges_table = mote_kernel_table_for(pool->ranges_backend);
    plan->cached = kind->step_cache != NULL;
    plan->cache = (mote_cache_args){MOTE_CACHE_UNUSED, NULL, NULL};
    plan->marking = (mote_group_marking){0, 0.0f, begin, NULL};
    if (report != NULL && tasks != NULL) {
        plan->marking = (mote_group_marking){report->field, report->value, begin,
                                             uncounted_marks(pool, end - begin)};
    }
    if (kind->before_step != NULL) {
        kind->before_step(pool, plan->advanced);
    }
    kind->prepare(pool, plan->advanced, plan->constants);
    if (plan->cached) {
        mote_step_cache_plan(pool, plan->advanced, &plan->cache);
        memcpy(plan->constants + kind->cache_args_offset, &plan->cache, sizeof plan->cache);
    }
    return MOTE_OK;
}

mote_status mote_pool_step_plan(mote_pool *pool, const mote_pool_kind *kind, mote_step_span span,
                                float dt, float max_dt, const mote_task_system *tasks,
                                const mote_step_report *report, mote_step_plan *plan) {
    if (report != NULL && report->count == NULL) {
        report = NULL; /* no report asked for */
    }
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (report != NULL && report->ids == NULL && report->capacity > 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "report ids must not be NULL with room for %zu", report->capacity);
    }
    if (!dt_valid(dt)) {
        return refuse_dt(dt);
    }
    const size_t begin = span.whole ? 0 : span.begin;
    const size_t end = span.whole ? pool->core.count : span.end;
    if (begin > end || end > pool->core.count) {
        return mote_refuse(MOTE_ERROR_RANGE, "range [%zu, %zu) must lie within [0, %zu]", begin,
                           end, pool->core.count);
    }
    max_dt = isnan(max_dt) ? pool->max_dt : max_dt;
    plan->pool = pool;
    plan->begin = begin;
    plan->end = end;
    plan->advanced = 0.0f;
    plan->runs = false;
    plan->cached = false;
    plan->report = report;
    plan->marking = (mote_group_marking){0, 0.0f, begin, NULL};
    const bool runs = dt != 0.0f && begin != end;
    if (runs) {
        /* every refusal before anything is touched: the inputs written through the view (unless
         * the caller checked them), then the previous pose's room; only then the event record
         * and the plan */
        const mote_status inputs =
            span.inputs_checked ? MOTE_OK : mote_input_check(pool, begin, end);
        if (inputs != MOTE_OK) {
            return inputs;
        }
        const mote_status kept = mote_pose_history_before_step(pool, begin, end);
        if (kept != MOTE_OK) {
            return kept;
        }
    }
    plan->events = mote_pool_events_begin(pool, span.whole, begin, runs ? end : begin);
    if (runs) {
        const mote_status planned = plan_step(pool, begin, end, dt, max_dt, tasks, report, plan);
        if (planned != MOTE_OK) {
            return planned;
        }
        if (kind->before_ranges != NULL) { /* the whole-pool stage before any range's kernel */
            const mote_status before = kind->before_ranges(pool, plan->ranges_table, plan);
            if (before != MOTE_OK) {
                return before;
            }
        }
        plan->runs = true;
    } else if (dt != 0.0f && span.whole && kind->before_step != NULL) {
        kind->before_step(pool, advance_within(pool, dt, max_dt)); /* an empty pool's clock */
    }
    return MOTE_OK;
}

float mote_pool_step_finish(mote_step_plan *plan) {
    mote_pool *pool = plan->pool;
    const mote_step_report *report = plan->report;
    size_t reported = 0;
    if (plan->runs) {
        if (pool->kind->after_ranges != NULL) { /* the whole-pool stage after every range */
            pool->kind->after_ranges(pool, plan->ranges_table, plan);
        }
        mote_pose_history_after_step(pool, plan->end);
        if (plan->events) {
            mote_pool_events_finish(pool, plan->begin, plan->end, plan->advanced);
        }
        if (plan->cached) {
            mote_step_cache_finish(pool, plan->end - plan->begin);
        }
        if (report != NULL && plan->advanced > 0.0f) {
            reported = mote_pool_core_ids_where(&pool->core, report->field, report->value,
                                                plan->begin, plan->end, plan->marking.marks,
                                                report->ids, report->capacity);
        }
    }
    if (report != NULL) {
        *report->count = reported;
    }
    return plan->runs ? plan->advanced : 0.0f;
}

mote_status mote_pool_step_span(mote_pool *pool, const mote_pool_kind *kind, mote_step_span span,
                                float dt, const mote_task_system *tasks,
                                const mote_step_report *report, float *out_advanced) {
    mote_step_plan plan;
    const mote_status status = mote_pool_step_plan(pool, kind, span, dt, NAN, tasks, report, &plan);
    if (status != MOTE_OK) {
        return status;
    }
    if (plan.runs) {
        mote_step_plan_run(&plan);
    }
    const float advanced = mote_pool_step_finish(&plan);
    if (out_advanced != NULL) {
        *out_advanced = advanced;
    }
    return MOTE_OK;
}

mote_status mote_pool_step(mote_pool *pool, const mote_pool_kind *kind, size_t begin, size_t end,
                           float dt, const mote_task_system *tasks, float *out_advanced) {
    return mote_pool_step_span(pool, kind, mote_step_range(begin, end), dt, tasks, NULL,
                               out_advanced);
}

void mote_pool_run_table(mote_pool *pool, const mote_kernel_table *table, size_t begin, size_t end,
                         float dt) {
    mote_step_plan plan;
    memset(&plan, 0, offsetof(mote_step_plan, constants));
    plan.pool = pool;
    plan.kernel = table->kernel[mote_kind_kernel(pool->kind, pool)];
    plan.ranges_table = table;
    plan.begin = begin;
    plan.end = end;
    plan.advanced = dt;
    pool->kind->prepare(pool, dt, plan.constants);
    if (pool->kind->step_cache != NULL) { /* the general path: these tables are compared */
        const mote_cache_args unused = {MOTE_CACHE_UNUSED, NULL, NULL};
        memcpy(plan.constants + pool->kind->cache_args_offset, &unused, sizeof unused);
    }
    if (pool->kind->before_ranges != NULL &&
        pool->kind->before_ranges(pool, table, &plan) != MOTE_OK) {
        return;
    }
    plan.kernel(pool->core.fields.field, plan.constants, begin, end);
    if (pool->kind->after_ranges != NULL) {
        pool->kind->after_ranges(pool, table, &plan);
    }
}

mote_status mote_pool_validate(const mote_pool *pool, const mote_pool_kind *kind,
                               mote_validation *out) {
    return mote_pool_is(pool, kind) ? mote_pool_core_validate(&pool->core, out) : refuse_pool(kind);
}

mote_status mote_pool_set_backend(mote_pool *pool, const mote_pool_kind *kind,
                                  mote_backend backend) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (!mote_backend_valid(backend)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "backend must be a mote_backend value (got %d)", (int)backend);
    }
    mote_backend resolved;
    mote_backend ranges_backend;
    mote_kernel_fn kernel;
    if (!resolve_backend(pool, backend, &resolved, &ranges_backend, &kernel)) {
        return refuse_backend(backend);
    }
    if (resolved != pool->backend) { /* the scalar backend's factors are libm's */
        mote_step_cache_forget(pool);
    }
    pool->backend = resolved;
    pool->ranges_backend = ranges_backend;
    pool->kernel = kernel;
    return MOTE_OK;
}

mote_backend mote_pool_backend(const mote_pool *pool, const mote_pool_kind *kind) {
    return mote_pool_is(pool, kind) ? pool->backend : MOTE_BACKEND_COUNT;
}

mote_backend mote_pool_ranges_backend(const mote_pool *pool) {
    return pool->ranges_backend;
}

float mote_pool_max_dt(const mote_pool *pool, const mote_pool_kind *kind) {
    return mote_pool_is(pool, kind) ? pool->max_dt : 0.0f;
}

mote_status mote_pool_set_max_dt(mote_pool *pool, const mote_pool_kind *kind, float max_dt) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (!(max_dt > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "max_dt must be > 0 (got %g)",
                           (double)max_dt);
    }
    pool->max_dt = max_dt;
    return MOTE_OK;
}
