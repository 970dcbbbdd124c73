/* Test-side adapter: one def variant of one pool kind behind one interface, so the gates that
 * must cover every pool kind (golden hashes, allocation failure, fuzzing) are written once
 * and walk every variant of every kind. The adapters are made from the kinds' probes
 * (engine/kinds/probe.h), in registry order: a kind joins every gate with its probe. */
#ifndef MOTE_POOL_ADAPTER_H
#define MOTE_POOL_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel_table.h"
#include "mote/backend.h"
#include "mote/base.h"
#include "probe.h"
#include "test_support.h"

/* Most stored arrays one pool kind has, and most desc values an add takes. */
#define POOL_MAX_FIELDS 64

/* One stored per-element array, as the pool's view exposes it. */
typedef struct pool_field {
    const char *name;
    void *data;    /* count elements, 4 bytes each */
    bool is_float; /* float: hashed with NaNs canonicalised, and fuzzed with arbitrary floats */
} pool_field;

/* How to create a pool (the common part of every pool def). */
typedef struct pool_adapter_def {
    size_t capacity;
    size_t max_count;
    mote_backend backend;
} pool_adapter_def;

typedef struct pool_adapter pool_adapter;

/* Every call maps to the pool's API through the probe; `self` carries the probe and the
 * variant. Pools are passed as void *. */
struct pool_adapter {
    const char *name; /* "<gate>/<variant>", e.g. "spring/critical": keys the golden hashes */
    const mote_probe *probe;
    const probe_variant *variant;

    mote_status (*create)(const pool_adapter *self, const pool_adapter_def *def, void **out);
    void (*destroy)(void *pool);
    /* Adds an element with valid, ordinary parameters drawn from rng (same draws on every
     * platform). */
    mote_status (*add_random)(const pool_adapter *self, void *pool, test_rng *rng, mote_id *id);
    /* Adds an element whose desc fields are values[0..n) in the desc's declaration order
     * (arbitrary floats: the pool must reject what it does not accept). */
    mote_status (*add_values)(const pool_adapter *self, void *pool, const float *values, size_t n,
                              mote_id *id);
    /* Overwrites a live element's desc the same way (set/update in the pool's API). */
    mote_status (*set_values)(const pool_adapter *self, void *pool, mote_id id, const float *values,
                              size_t n);
    mote_status (*remove)(void *pool, mote_id id);
    bool (*contains)(const void *pool, mote_id id);
    mote_id (*id_at)(const void *pool, size_t index);
    size_t (*count)(const void *pool);
    size_t (*capacity)(const void *pool);
    mote_status (*reserve)(void *pool, size_t capacity);
    /* Every stored per-element array (the view), in a fixed order; returns how many. */
    size_t (*fields)(void *pool, pool_field out[POOL_MAX_FIELDS]);
    mote_status (*step)(void *pool, float dt);
    mote_status (*step_range)(void *pool, size_t begin, size_t end, float dt);
    mote_status (*validate)(const void *pool, mote_validation *out);
    mote_status (*set_backend)(void *pool, mote_backend backend);
    mote_backend (*backend)(const void *pool);
    /* Optional (NULL when the pool has no kernel per variant): steps [0, count) with one
     * kernel table's kernel directly, so emulated variants (the AVX-512 source through SIMDe
     * on an AVX2 CPU) are held to the golden hashes too. dt is already valid. */
    void (*step_table)(const pool_adapter *self, void *pool, const mote_kernel_table *table,
                       float dt);
    /* The pool's snapshots: mote_<kind>_pool_snapshot_size, _save and _restore. */
    size_t (*snapshot_size)(const void *pool);
    mote_status (*save)(const void *pool, void *buffer, size_t size, size_t *out_written);
    mote_status (*restore)(void *pool, const void *buffer, size_t size);
};

/* Every adapter: each probe's variants in registry order, then the probes' later variants. */
const pool_adapter *const *pool_adapters_all(size_t *count);

/* True when all[p] has the family ("spring/...") of the adapter before it: a gate scaled down
 * (test_scaled_down) walks the adapters for which this is false, the first variant of every
 * kind and the probes' later variants. */
bool pool_adapter_follows_its_family(const pool_adapter *const *all, size_t p);

/* The adapter with this name, or NULL. */
const pool_adapter *pool_adapter_find(const char *name);

/* Hash of every stored bit of the pool: count, the id at each dense index, then each field's
 * [0, count) (floats with NaNs canonicalised). Equal hashes = unchanged state. */
uint64_t pool_adapter_hash(const pool_adapter *a, void *pool);

/* True when the ids at [0, count) are all live (contains) and distinct, and id_at(count) is
 * the null id. Plain bool, so fuzz targets (no cmocka) use it too. */
bool pool_adapter_ids_consistent(const pool_adapter *a, void *pool);

#endif
