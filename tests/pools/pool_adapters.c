/* The pool adapters, made from the kinds' probes, and what the gates share: the state hash
 * and id checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool_adapter.h"
#include "pool_adapter_generic.h"
#include "state_hash.h"

#define MAX_ADAPTERS 128
#define MAX_NAME     64

/* One adapter, every call the generic one (pool_adapter_generic.h) over its probe. */
static pool_adapter adapter_of(const mote_probe *probe, const probe_variant *variant,
                               const char *name) {
    return (pool_adapter){
        .name = name,
        .probe = probe,
        .variant = variant,
        .create = pool_generic_create,
        .destroy = pool_generic_destroy,
        .add_random = pool_generic_add_random,
        .add_values = pool_generic_add_values,
        .set_values = pool_generic_set_values,
        .remove = pool_generic_remove,
        .contains = pool_generic_contains,
        .id_at = pool_generic_id_at,
        .count = pool_generic_count,
        .capacity = pool_generic_capacity,
        .reserve = pool_generic_reserve,
        .fields = pool_generic_fields,
        .step = pool_generic_step,
        .step_range = pool_generic_step_range,
        .validate = pool_generic_validate,
        .set_backend = pool_generic_set_backend,
        .backend = pool_generic_backend,
        .step_table = pool_generic_step_table,
        .snapshot_size = pool_generic_snapshot_size,
        .save = pool_generic_save,
        .restore = pool_generic_restore,
    };
}

/* Appends the variants [first, last) of probe. */
static void append(const mote_probe *probe, size_t first, size_t last, pool_adapter *adapters,
                   char (*names)[MAX_NAME], size_t *n) {
    for (size_t v = first; v < last && *n < MAX_ADAPTERS; ++v) {
        snprintf(names[*n], MAX_NAME, "%s/%s", probe->gate, probe->variants[v].name);
        adapters[*n] = adapter_of(probe, &probe->variants[v], names[*n]);
        ++*n;
    }
}

/* Each probe's variants in registry order, then every probe's later variants: an adapter's
 * index is a fuzz seed's first byte, so indices only ever grow. */
const pool_adapter *const *pool_adapters_all(size_t *count) {
    static pool_adapter adapters[MAX_ADAPTERS];
    static char names[MAX_ADAPTERS][MAX_NAME];
    static const pool_adapter *all[MAX_ADAPTERS];
    static size_t n = 0;
    if (n == 0) {
        size_t probe_count = 0;
        const mote_probe *const *probes = mote_probes(&probe_count);
        for (size_t p = 0; p < probe_count; ++p) {
            append(probes[p], 0, probes[p]->variant_count - probes[p]->later_variants, adapters,
                   names, &n);
        }
        for (size_t p = 0; p < probe_count; ++p) {
            append(probes[p], probes[p]->variant_count - probes[p]->later_variants,
                   probes[p]->variant_count, adapters, names, &n);
        }
        for (size_t i = 0; i < n; ++i) {
            all[i] = &adapters[i];
        }
    }
    *count = n;
    return all;
}

bool pool_adapter_follows_its_family(const pool_adapter *const *all, size_t p) {
    const size_t family = strcspn(all[p]->name, "/");
    return p > 0 && strncmp(all[p - 1]->name, all[p]->name, family + 1) == 0;
}

const pool_adapter *pool_adapter_find(const char *name) {
    size_t n;
    const pool_adapter *const *all = pool_adapters_all(&n);
    for (size_t i = 0; i < n; ++i) {
        if (strcmp(all[i]->name, name) == 0) {
            return all[i];
        }
    }
    return NULL;
}

uint64_t pool_adapter_hash(const pool_adapter *a, void *pool) {
    size_t count = a->count(pool);
    uint64_t hash = state_hash_u64(STATE_HASH_SEED, count);
    for (size_t i = 0; i < count; ++i) {
        mote_id id = a->id_at(pool, i);
        const uint32_t words[2] = {id.slot, id.generation};
        hash = state_hash_u32(hash, words, 2);
    }
    pool_field fields[POOL_MAX_FIELDS];
    size_t field_count = a->fields(pool, fields);
    for (size_t f = 0; f < field_count; ++f) {
        hash = fields[f].is_float ? state_hash_floats(hash, fields[f].data, count)
                                  : state_hash_u32(hash, fields[f].data, count);
    }
    return hash;
}

static int compare_ids(const void *l, const void *r) {
    const mote_id *a = l, *b = r;
    if (a->slot != b->slot) {
        return a->slot < b->slot ? -1 : 1;
    }
    return a->generation < b->generation ? -1 : a->generation > b->generation;
}

bool pool_adapter_ids_consistent(const pool_adapter *a, void *pool) {
    size_t count = a->count(pool);
    if (!mote_id_equal(a->id_at(pool, count), mote_null_id())) {
        return false;
    }
    mote_id *ids = malloc((count ? count : 1) * sizeof *ids);
    if (ids == NULL) {
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < count && ok; ++i) {
        ids[i] = a->id_at(pool, i);
        ok = a->contains(pool, ids[i]);
    }
    if (ok) {
        qsort(ids, count, sizeof *ids, compare_ids);
        for (size_t i = 1; i < count && ok; ++i) {
            ok = ids[i].slot != ids[i - 1].slot;
        }
    }
    free(ids);
    return ok;
}
