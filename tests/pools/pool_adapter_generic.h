/* Test-side: the adapter calls, written once over the kind record, the generic pool
 * (engine/core/pool.h) and the kind's probe (engine/kinds/probe.h): a kind's own parts (its
 * def variants, its descs as values, its random elements, a step of its own where its step
 * reports more) are its probe's. */
#ifndef MOTE_POOL_ADAPTER_GENERIC_H
#define MOTE_POOL_ADAPTER_GENERIC_H

#include "pool_adapter.h"

mote_status pool_generic_create(const pool_adapter *self, const pool_adapter_def *def, void **out);
mote_status pool_generic_add_random(const pool_adapter *self, void *pool, test_rng *rng,
                                    mote_id *id);
mote_status pool_generic_add_values(const pool_adapter *self, void *pool, const float *values,
                                    size_t n, mote_id *id);
mote_status pool_generic_set_values(const pool_adapter *self, void *pool, mote_id id,
                                    const float *values, size_t n);
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

#endif
