/* The probes' registry and their generic parts (probe.h). */
#include "probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE_ADDRESS(name, number, kernels) &mote_probe_##name,
static const mote_probe *const probes[] = {MOTE_KINDS(PROBE_ADDRESS, MOTE_KIND_NO_KERNEL)};
#undef PROBE_ADDRESS

const mote_probe *const *mote_probes(size_t *count) {
    *count = sizeof probes / sizeof probes[0];
    return probes;
}

mote_status probe_create(const mote_probe *probe, const probe_variant *variant,
                         const probe_def *def, mote_pool **out) {
    *out = NULL;
    void *pool = NULL;
    mote_status status = probe->create(variant, def, &pool);
    *out = pool;
    return status;
}

/* A desc of the probe's kind on the stack, big enough for any kind's. */
typedef struct probe_desc {
    _Alignas(16) unsigned char bytes[MOTE_MAX_DESC_BYTES];
} probe_desc;

mote_status probe_add_random(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             tool_rng *rng, mote_id *out_id) {
    probe_desc desc;
    memset(&desc, 0, sizeof desc);
    mote_status status = probe->random_desc(variant, pool, rng, desc.bytes);
    return status == MOTE_OK ? mote_pool_add(pool, probe->record, desc.bytes, 1, out_id) : status;
}

mote_status probe_add_values(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             const float *values, size_t n, mote_id *out_id) {
    probe_desc desc;
    memset(&desc, 0, sizeof desc);
    probe->desc_from_values(variant, pool, values, n, desc.bytes);
    return mote_pool_add(pool, probe->record, desc.bytes, 1, out_id);
}

mote_status probe_set_values(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             mote_id id, const float *values, size_t n) {
    probe_desc desc;
    memset(&desc, 0, sizeof desc);
    probe->desc_from_values(variant, pool, values, n, desc.bytes);
    return mote_pool_set(pool, probe->record, id, desc.bytes);
}

mote_status probe_step_range(const mote_probe *probe, mote_pool *pool, size_t begin, size_t end,
                             float dt) {
    if (probe->step_range != NULL) {
        return probe->step_range(pool, begin, end, dt);
    }
    return mote_pool_step(pool, probe->record, begin, end, dt, NULL, NULL);
}

mote_status probe_fill(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                       size_t count, uint64_t seed) {
    tool_rng rng = {seed};
    /* a draw the kind's own helpers turn down adds nothing: it is drawn again, a bounded
     * number of times */
    size_t added = 0;
    for (size_t tries = 0; added < count && tries < 2 * count + 16; ++tries) {
        const mote_status status = probe_add_random(probe, variant, pool, &rng, NULL);
        if (status == MOTE_ERROR_OUT_OF_MEMORY || status == MOTE_ERROR_FULL) {
            return status;
        }
        added += status == MOTE_OK;
    }
    return added == count ? MOTE_OK : MOTE_ERROR_INVALID_ARGUMENT;
}

mote_status probe_filled_pool(const mote_probe *probe, const probe_variant *variant,
                              mote_backend backend, size_t count, uint64_t seed, mote_pool **out) {
    const probe_def def = {count, count, backend};
    mote_status status = probe_create(probe, variant, &def, out);
    if (status == MOTE_OK) {
        status = probe_fill(probe, variant, *out, count, seed);
    }
    if (status != MOTE_OK) {
        mote_pool_destroy(*out, probe->record);
        *out = NULL;
    }
    return status;
}

mote_status probe_seeded_pool(const mote_probe *probe, const probe_variant *variant,
                              mote_backend backend, size_t count, uint64_t seed, mote_pool **out) {
    const mote_status status = probe_filled_pool(probe, variant, backend, count, seed, out);
    if (status == MOTE_OK) {
        probe->seed_state(variant, (*out)->core.fields.field, count, seed);
    }
    return status;
}

void probe_check_report(const mote_pool *pool, int field, float value, size_t begin, size_t end,
                        float dt, const mote_id *ids, size_t capacity, size_t count) {
    const float *stored = pool->core.fields.field[field];
    size_t n = 0;
    bool ok = true;
    for (size_t i = begin; i < end && dt != 0.0f; ++i) {
        if (stored[i] == value) {
            ok = ok &&
                 (n >= capacity || mote_id_equal(ids[n], mote_pool_id_at(pool, pool->kind, i)));
            ++n;
        }
    }
    if (!ok || n != count) {
        fprintf(stderr, "%s probe: step of [%zu, %zu) reported %zu (%s), %zu by %s\n",
                pool->kind->name, begin, end, count, ok ? "ids right" : "ids wrong", n,
                pool->kind->fields[field].name);
        abort();
    }
}

mote_status probe_bench_step(const mote_probe *probe, mote_pool *pool, float dt,
                             const mote_task_system *tasks) {
    if (probe->bench_step != NULL) {
        return probe->bench_step(pool, dt, tasks);
    }
    return mote_pool_step_span(pool, probe->record, mote_step_whole(), dt, tasks, NULL, NULL);
}
