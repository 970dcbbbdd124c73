/* The adapter calls, for every pool kind alike: over the kind record each pool carries and
 * the kind's probe (engine/kinds/probe.h). */
#include "pool.h"
#include "pool_adapter_generic.h"
#include "pool_snapshot.h"
#include "probe.h"

static mote_pool *pool_of(void *pool) {
    return pool;
}

static const mote_pool *const_pool_of(const void *pool) {
    return pool;
}

/* The kind a pool was created as (NULL for a NULL pool: every call then reports it). */
static const mote_pool_kind *kind_of(const void *pool) {
    return pool != NULL ? const_pool_of(pool)->kind : NULL;
}

/* The probe of the pool's kind. */
static const mote_probe *probe_of(const void *pool) {
    size_t count = 0;
    const mote_probe *const *probes = mote_probes(&count);
    for (size_t i = 0; i < count; ++i) {
        if (probes[i]->record == kind_of(pool)) {
            return probes[i];
        }
    }
    return NULL;
}

mote_status pool_generic_create(const pool_adapter *self, const pool_adapter_def *def, void **out) {
    const probe_def d = {def->capacity, def->max_count, def->backend};
    mote_pool *pool = NULL;
    mote_status status = probe_create(self->probe, self->variant, &d, &pool);
    *out = pool;
    return status;
}

mote_status pool_generic_add_random(const pool_adapter *self, void *pool, test_rng *rng,
                                    mote_id *id) {
    return probe_add_random(self->probe, self->variant, pool_of(pool), rng, id);
}

mote_status pool_generic_add_values(const pool_adapter *self, void *pool, const float *values,
                                    size_t n, mote_id *id) {
    return probe_add_values(self->probe, self->variant, pool_of(pool), values, n, id);
}

mote_status pool_generic_set_values(const pool_adapter *self, void *pool, mote_id id,
                                    const float *values, size_t n) {
    return probe_set_values(self->probe, self->variant, pool_of(pool), id, values, n);
}

void pool_generic_destroy(void *pool) {
    mote_pool_destroy(pool_of(pool), kind_of(pool));
}

mote_status pool_generic_remove(void *pool, mote_id id) {
    return mote_pool_remove(pool_of(pool), kind_of(pool), id);
}

bool pool_generic_contains(const void *pool, mote_id id) {
    return mote_pool_contains(const_pool_of(pool), kind_of(pool), id);
}

mote_id pool_generic_id_at(const void *pool, size_t index) {
    return mote_pool_id_at(const_pool_of(pool), kind_of(pool), index);
}

size_t pool_generic_count(const void *pool) {
    return mote_pool_count(const_pool_of(pool), kind_of(pool));
}

size_t pool_generic_capacity(const void *pool) {
    return mote_pool_capacity(const_pool_of(pool), kind_of(pool));
}

mote_status pool_generic_reserve(void *pool, size_t capacity) {
    return mote_pool_reserve(pool_of(pool), kind_of(pool), capacity);
}

size_t pool_generic_fields(void *pool, pool_field out[POOL_MAX_FIELDS]) {
    const mote_pool_kind *kind = kind_of(pool);
    _Static_assert(MOTE_MAX_FIELDS <= POOL_MAX_FIELDS, "raise POOL_MAX_FIELDS");
    int order[MOTE_MAX_FIELDS];
    const mote_probe *probe = probe_of(pool);
    size_t fields = 0;
    if (probe != NULL && probe->field_order != NULL) {
        fields = probe->field_order(const_pool_of(pool), order);
    } else {
        for (int f = 0; f < kind->field_count; ++f) {
            order[fields++] = f;
        }
    }
    /* a pool created with capacity 0 has no storage until its first add: no arrays, so the
     * gates never pass a NULL array on, even with count 0 */
    size_t n = 0;
    for (size_t i = 0; i < fields; ++i) {
        float *data = pool_of(pool)->core.fields.field[order[i]];
        if (data != NULL) {
            out[n++] = (pool_field){kind->fields[order[i]].name, data, true};
        }
    }
    return n;
}

mote_status pool_generic_step(void *pool, float dt) {
    return pool_generic_step_range(pool, 0, pool_generic_count(pool), dt);
}

mote_status pool_generic_step_range(void *pool, size_t begin, size_t end, float dt) {
    const mote_probe *probe = probe_of(pool);
    if (probe == NULL) { /* a NULL pool: the generic step reports it */
        return mote_pool_step(pool_of(pool), kind_of(pool), begin, end, dt, NULL, NULL);
    }
    return probe_step_range(probe, pool_of(pool), begin, end, dt);
}

mote_status pool_generic_validate(const void *pool, mote_validation *out) {
    return mote_pool_validate(const_pool_of(pool), kind_of(pool), out);
}

mote_status pool_generic_set_backend(void *pool, mote_backend backend) {
    return mote_pool_set_backend(pool_of(pool), kind_of(pool), backend);
}

mote_backend pool_generic_backend(const void *pool) {
    return mote_pool_backend(const_pool_of(pool), kind_of(pool));
}

void pool_generic_step_table(const pool_adapter *self, void *pool, const mote_kernel_table *table,
                             float dt) {
    if (self->probe->step_table != NULL) {
        self->probe->step_table(pool_of(pool), table, dt);
        return;
    }
    float advanced = 0.0f;
    size_t count = pool_generic_count(pool);
    if (mote_pool_advance_of(const_pool_of(pool), kind_of(pool), dt, &advanced) != MOTE_OK ||
        advanced == 0.0f || count == 0) {
        return;
    }
    mote_pool_run_table(pool_of(pool), table, 0, count, advanced);
}

size_t pool_generic_snapshot_size(const void *pool) {
    return mote_pool_snapshot_size(const_pool_of(pool), kind_of(pool));
}

mote_status pool_generic_save(const void *pool, void *buffer, size_t size, size_t *out_written) {
    return mote_pool_save(const_pool_of(pool), kind_of(pool), buffer, size, out_written);
}

mote_status pool_generic_restore(void *pool, const void *buffer, size_t size) {
    return mote_pool_restore(pool_of(pool), kind_of(pool), buffer, size);
}
