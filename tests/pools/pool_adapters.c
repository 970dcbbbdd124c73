/* The registry of pool adapters, and what the gates share: the state hash and id checks. */
#include <stdlib.h>
#include <string.h>

#include "kinds.h"
#include "pool_adapter.h"
#include "state_hash.h"

/* One family per kind of the registry (kinds.h), in its order: each kind's folder defines
 * `const pool_family pool_family_<kind>` in engine/kinds/<kind>/<kind>_adapter.c; then
 * spring_later, the spring models added after the registry's kinds (spring_adapter.c). A
 * family's place is its adapters' indices (a fuzz seed's first byte): append, never insert. */
#define DECLARE_FAMILY(name, number, kernels) extern const pool_family pool_family_##name;
MOTE_KINDS(DECLARE_FAMILY, MOTE_KIND_NO_KERNEL)
#undef DECLARE_FAMILY
extern const pool_family pool_family_spring_later;

#define FAMILY_ADDRESS(name, number, kernels) &pool_family_##name,
static const pool_family *const families[] = {MOTE_KINDS(FAMILY_ADDRESS, MOTE_KIND_NO_KERNEL) &
                                              pool_family_spring_later};
#undef FAMILY_ADDRESS

#define MAX_ADAPTERS 128

const pool_adapter *const *pool_adapters_all(size_t *count) {
    static const pool_adapter *all[MAX_ADAPTERS];
    static size_t n = 0;
    if (n == 0) {
        for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) {
            for (size_t a = 0; a < families[f]->count && n < MAX_ADAPTERS; ++a) {
                all[n++] = &families[f]->adapters[a];
            }
        }
    }
    *count = n;
    return all;
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
