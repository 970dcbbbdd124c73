/* Internal: the typed public functions every pool kind has, each one line over the generic
 * pool (pool.h). A kind's file says MOTE_POOL_API(spring, &mote_spring_pool_kind_record)
 * after defining its kind record, and gets mote_spring_pool_destroy through
 * mote_spring_pool_backend with the types of mote/spring_pool.h: a spring pool cannot be
 * passed where a mover pool is expected. */
#ifndef MOTE_POOL_API_H
#define MOTE_POOL_API_H

#include "pool.h"
#include "pool_snapshot.h"

/* The public pool types are the generic pool under a name of their own. */
#define MOTE_AS_POOL(p)       ((mote_pool *)(void *)(p))
#define MOTE_AS_CONST_POOL(p) ((const mote_pool *)(const void *)(p))

/* mote_<k>_pool_create: the def's shared part and the kind's settings, built by the kind's
 * `static settings_type settings_of_def(const mote_<k>_pool_def *def)`, to mote_pool_create
 * (which checks both). mote_<k>_pool_create_from_snapshot: the kind's default def's, under the
 * blob's settings, to mote_pool_create_from_snapshot. */
#define MOTE_POOL_CREATE_API(k, record, settings_type)                                             \
    mote_status mote_##k##_pool_create(const mote_##k##_pool_def *def, mote_##k##_pool **out) {    \
        if (def == NULL || out == NULL) {                                                          \
            return MOTE_ERROR_INVALID_ARGUMENT;                                                    \
        }                                                                                          \
        const mote_pool_common_def common = {def->capacity, def->max_count, def->backend,          \
                                             def->max_dt, def->internal_cookie};                   \
        const settings_type settings = settings_of_def(def);                                       \
        return mote_pool_create(record, &common, &settings, (mote_pool **)(void *)out);            \
    }                                                                                              \
    mote_status mote_##k##_pool_create_from_snapshot(const void *buffer, size_t size,              \
                                                     mote_##k##_pool **out) {                      \
        const mote_##k##_pool_def def = mote_default_##k##_pool_def();                             \
        const mote_pool_common_def common = {def.capacity, def.max_count, def.backend, def.max_dt, \
                                             def.internal_cookie};                                 \
        const settings_type settings = settings_of_def(&def);                                      \
        return mote_pool_create_from_snapshot(record, &common, &settings, buffer, size,            \
                                              (mote_pool **)(void *)out);                          \
    }

#define MOTE_POOL_API(k, record)                                                                   \
    void mote_##k##_pool_destroy(mote_##k##_pool *pool) {                                          \
        mote_pool_destroy(MOTE_AS_POOL(pool), record);                                             \
    }                                                                                              \
    mote_status mote_##k##_pool_reserve(mote_##k##_pool *pool, size_t capacity) {                  \
        return mote_pool_reserve(MOTE_AS_POOL(pool), record, capacity);                            \
    }                                                                                              \
    mote_status mote_##k##_pool_add(mote_##k##_pool *pool, const mote_##k##_desc *desc,            \
                                    mote_id *out_id) {                                             \
        return mote_pool_add(MOTE_AS_POOL(pool), record, desc, 1, out_id);                         \
    }                                                                                              \
    mote_status mote_##k##_pool_add_many(mote_##k##_pool *pool, const mote_##k##_desc *descs,      \
                                         size_t n, mote_id *out_ids) {                             \
        return mote_pool_add(MOTE_AS_POOL(pool), record, descs, n, out_ids);                       \
    }                                                                                              \
    mote_status mote_##k##_pool_remove(mote_##k##_pool *pool, mote_id id) {                        \
        return mote_pool_remove(MOTE_AS_POOL(pool), record, id);                                   \
    }                                                                                              \
    bool mote_##k##_pool_contains(const mote_##k##_pool *pool, mote_id id) {                       \
        return mote_pool_contains(MOTE_AS_CONST_POOL(pool), record, id);                           \
    }                                                                                              \
    mote_status mote_##k##_pool_index(const mote_##k##_pool *pool, mote_id id,                     \
                                      size_t *out_index) {                                         \
        return mote_pool_index(MOTE_AS_CONST_POOL(pool), record, id, out_index);                   \
    }                                                                                              \
    mote_id mote_##k##_pool_id_at(const mote_##k##_pool *pool, size_t index) {                     \
        return mote_pool_id_at(MOTE_AS_CONST_POOL(pool), record, index);                           \
    }                                                                                              \
    mote_status mote_##k##_pool_get(const mote_##k##_pool *pool, mote_id id,                       \
                                    mote_##k##_desc *out) {                                        \
        return mote_pool_get(MOTE_AS_CONST_POOL(pool), record, id, out);                           \
    }                                                                                              \
    mote_status mote_##k##_pool_set(mote_##k##_pool *pool, mote_id id,                             \
                                    const mote_##k##_desc *desc) {                                 \
        return mote_pool_set(MOTE_AS_POOL(pool), record, id, desc);                                \
    }                                                                                              \
    size_t mote_##k##_pool_count(const mote_##k##_pool *pool) {                                    \
        return mote_pool_count(MOTE_AS_CONST_POOL(pool), record);                                  \
    }                                                                                              \
    size_t mote_##k##_pool_capacity(const mote_##k##_pool *pool) {                                 \
        return mote_pool_capacity(MOTE_AS_CONST_POOL(pool), record);                               \
    }                                                                                              \
    mote_##k##_view mote_##k##_pool_view(mote_##k##_pool *pool) {                                  \
        mote_##k##_view view;                                                                      \
        mote_pool_view(MOTE_AS_POOL(pool), record, &view);                                         \
        return view;                                                                               \
    }                                                                                              \
    mote_status mote_##k##_pool_validate(const mote_##k##_pool *pool, mote_validation *out) {      \
        return mote_pool_validate(MOTE_AS_CONST_POOL(pool), record, out);                          \
    }                                                                                              \
    mote_status mote_##k##_pool_set_backend(mote_##k##_pool *pool, mote_backend backend) {         \
        return mote_pool_set_backend(MOTE_AS_POOL(pool), record, backend);                         \
    }                                                                                              \
    mote_backend mote_##k##_pool_backend(const mote_##k##_pool *pool) {                            \
        return mote_pool_backend(MOTE_AS_CONST_POOL(pool), record);                                \
    }                                                                                              \
    float mote_##k##_pool_max_dt(const mote_##k##_pool *pool) {                                    \
        return mote_pool_max_dt(MOTE_AS_CONST_POOL(pool), record);                                 \
    }                                                                                              \
    mote_status mote_##k##_pool_set_max_dt(mote_##k##_pool *pool, float max_dt) {                  \
        return mote_pool_set_max_dt(MOTE_AS_POOL(pool), record, max_dt);                           \
    }                                                                                              \
    mote_status mote_##k##_pool_advance_of(const mote_##k##_pool *pool, float dt,                  \
                                           float *out_advanced) {                                  \
        return mote_pool_advance_of(MOTE_AS_CONST_POOL(pool), record, dt, out_advanced);           \
    }                                                                                              \
    size_t mote_##k##_pool_snapshot_size(const mote_##k##_pool *pool) {                            \
        return mote_pool_snapshot_size(MOTE_AS_CONST_POOL(pool), record);                          \
    }                                                                                              \
    mote_status mote_##k##_pool_save(const mote_##k##_pool *pool, void *buffer, size_t size,       \
                                     size_t *out_written) {                                        \
        return mote_pool_save(MOTE_AS_CONST_POOL(pool), record, buffer, size, out_written);        \
    }                                                                                              \
    mote_status mote_##k##_pool_restore(mote_##k##_pool *pool, const void *buffer, size_t size) {  \
        return mote_pool_restore(MOTE_AS_POOL(pool), record, buffer, size);                        \
    }

/* The step functions of a kind whose step takes nothing but dt: each one call of the step's
 * entry (mote_pool_step_span), which checks the pool, dt and the range once; a whole-pool
 * step reads the pool's count only after that check. */
#define MOTE_POOL_STEP_API(k, record)                                                              \
    mote_status mote_##k##_pool_step(mote_##k##_pool *pool, float dt) {                            \
        return mote_pool_step_span(MOTE_AS_POOL(pool), record, mote_step_whole(), dt, NULL, NULL,  \
                                   NULL);                                                          \
    }                                                                                              \
    mote_status mote_##k##_pool_advance(mote_##k##_pool *pool, float dt, float *out_advanced) {    \
        return mote_pool_step_span(MOTE_AS_POOL(pool), record, mote_step_whole(), dt, NULL, NULL,  \
                                   out_advanced);                                                  \
    }                                                                                              \
    mote_status mote_##k##_pool_step_range(mote_##k##_pool *pool, size_t begin, size_t end,        \
                                           float dt) {                                             \
        return mote_pool_step_span(MOTE_AS_POOL(pool), record, mote_step_range(begin, end), dt,    \
                                   NULL, NULL, NULL);                                              \
    }                                                                                              \
    mote_status mote_##k##_pool_step_parallel(mote_##k##_pool *pool, float dt,                     \
                                              const mote_task_system *tasks) {                     \
        return mote_pool_step_span(MOTE_AS_POOL(pool), record, mote_step_whole(), dt, tasks, NULL, \
                                   NULL);                                                          \
    }

#endif
