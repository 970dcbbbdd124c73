/* Test-side: the adapter calls that are the same for every pool kind, written once over the
 * kind record and the generic pool (engine/core/pool.h), so a kind's adapter holds only what
 * is its own: how to create its pools, its descs as values and its random elements (and a
 * step of its own where its step reports more, as the debris step does). */
#ifndef MOTE_POOL_ADAPTER_GENERIC_H
#define MOTE_POOL_ADAPTER_GENERIC_H

#include "pool_adapter.h"

void pool_generic_destroy(void *pool);
mote_status pool_generic_remove(void *pool, mote_id id);
bool pool_generic_contains(const void *pool, mote_id id);
mote_id pool_generic_id_at(const void *pool, size_t index);
size_t pool_generic_count(const void *pool);
size_t pool_generic_capacity(const void *pool);
mote_status pool_generic_reserve(void *pool, size_t capacity);
/* Every stored array, in field-list order, named as the kind's field list names them. */
size_t pool_generic_fields(void *pool, pool_field out[POOL_MAX_FIELDS]);
mote_status pool_generic_step(void *pool, float dt);
mote_status pool_generic_step_range(void *pool, size_t begin, size_t end, float dt);
mote_status pool_generic_validate(const void *pool, mote_validation *out);
mote_status pool_generic_set_backend(void *pool, mote_backend backend);
mote_backend pool_generic_backend(const void *pool);
/* What the pool's step does, with one kernel table's kernel: the time the pool's step policy
 * advances, the kind's constants prepared for it, the kernel over [0, count). */
void pool_generic_step_table(const pool_adapter *self, void *pool, const mote_kernel_table *table,
                             float dt);

size_t pool_generic_snapshot_size(const void *pool);
mote_status pool_generic_save(const void *pool, void *buffer, size_t size, size_t *out_written);
mote_status pool_generic_restore(void *pool, const void *buffer, size_t size);

/* The members of a pool_adapter initialiser that every kind shares, but the two steps and
 * step_table (for a kind whose steps are its own, as the launch adapter's). */
#define POOL_GENERIC_CALLS_BUT_TABLE                                                               \
    .destroy = pool_generic_destroy, .remove = pool_generic_remove,                                \
    .contains = pool_generic_contains, .id_at = pool_generic_id_at, .count = pool_generic_count,   \
    .capacity = pool_generic_capacity, .reserve = pool_generic_reserve,                            \
    .fields = pool_generic_fields, .validate = pool_generic_validate,                              \
    .set_backend = pool_generic_set_backend, .backend = pool_generic_backend,                      \
    .snapshot_size = pool_generic_snapshot_size, .save = pool_generic_save,                        \
    .restore = pool_generic_restore
/* The members of a pool_adapter initialiser that every kind shares, but the two steps. */
#define POOL_GENERIC_CALLS POOL_GENERIC_CALLS_BUT_TABLE, .step_table = pool_generic_step_table
/* The two steps, for a kind whose step takes nothing but dt. */
#define POOL_GENERIC_STEPS .step = pool_generic_step, .step_range = pool_generic_step_range

#endif
