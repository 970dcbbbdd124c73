/* A kind's probe: everything the test gates, mote-compare and mote-bench need to know of a
 * kind to drive it, said once in engine/kinds/<kind>/<kind>_probe.c as
 * `const mote_probe mote_probe_<kind>` (one per row of the registry, kinds.h). Not part of the
 * library: the probes are built into mote_probes, which the tests, tools and benchmarks link.
 *
 * - Its pools: the def variants every gate runs (a spring model each, a second limits set, a
 *   tilted up ...), made from a probe_def.
 * - Its elements: one seeded generator of ordinary descs with the kind's degenerate cases
 *   among them (random_desc), the desc from arbitrary floats (desc_from_values, for the
 *   fuzzers and the hostile-input gates), and a seeded state written straight into the field
 *   arrays (seed_state, for mote-compare and the kernel tests).
 * - Its steps where they are not the generic pool step (a report to check, a clock to move),
 *   and what changes between the frames of a benchmark.
 * - Its benchmark names and the bytes a step moves per element.
 * What mote-compare prints of a kind and the bounds it holds it to stay in <kind>_compare.c. */
#ifndef MOTE_PROBE_H
#define MOTE_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel_table.h"
#include "kinds.h"
#include "mote/backend.h"
#include "mote/base.h"
#include "mote/tasks.h"
#include "pool.h"
#include "tool_rng.h"

/* How to make a pool: the part every kind's def shares. */
typedef struct probe_def {
    size_t capacity;
    size_t max_count;
    mote_backend backend;
} probe_def;

/* The model of a variant that is the kind's default def (what mote-compare runs). */
#define PROBE_DEFAULT_DEF (-1)

/* Copies a probe_def's capacity, max_count and backend into a kind's pool def d. */
#define PROBE_DEF_COMMON(d, def)                                                                   \
    ((d).capacity = (def)->capacity, (d).max_count = (def)->max_count, (d).backend = (def)->backend)

/* One def variant. */
typedef struct probe_variant {
    const char *name;   /* "default", "banked", "critical": the gates' "<gate>/<name>" */
    int model;          /* the kind's own parameter: a spring model, a limits set, ... */
    size_t bench_bytes; /* bytes a step moves per element where they differ by variant (else 0:
                           the probe's bench_bytes) */
} probe_variant;

typedef struct mote_probe mote_probe;

/* Pools are passed as void *: each is the kind's public pool (mote_<kind>_pool *), which is
 * the generic pool (engine/core/pool.h) under its own name. */
struct mote_probe {
    const char *gate; /* the gates' first word; with the variant's name it seeds every golden
                         hash, so it never changes ("movers", "flights", "stages") */
    const mote_pool_kind *record;
    size_t variant_count;
    const probe_variant *variants;
    /* The last later_variants variants are gated as a family of their own after every kind's
     * (variants added after the gates had grown past the kind: a fuzz seed's first byte is an
     * adapter's index, so indices only ever grow). */
    size_t later_variants;
    /* The variant the benchmarks run when they run one (bench_each_variant false) and the
     * snapshot benchmarks run: the kind's default def's. */
    size_t main_variant;

    /* A new, empty pool of the variant. */
    mote_status (*create)(const probe_variant *variant, const probe_def *def, void **out);
    /* An ordinary element of the variant drawn from rng (the same number of draws for every
     * element, the same values on every platform), the kind's degenerate cases among them.
     * desc is the kind's public desc (record->desc_size bytes); pool is the pool it goes to.
     * MOTE_OK, or the status the kind's own helpers gave when the draws made no element (the
     * gates then add nothing). */
    mote_status (*random_desc)(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc);
    /* The desc with its float members, in declaration order, from values[0 .. n) (arbitrary
     * floats: the pool refuses what it does not accept); members past n keep the defaults. */
    void (*desc_from_values)(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc);

    /* A starting state of count elements written straight into the stored arrays
     * (zeroed; fields[f] is NULL where the variant's pools do not store f), as add would have
     * left them: ordinary elements, states in mid-run (a clock anywhere in a flight) and the
     * kind's degenerate cases. What mote-compare and the kernel tests step through every
     * kernel table; the same values on every platform. */
    void (*seed_state)(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed);

    /* Optional (NULL: the generic pool step): steps [begin, end) by dt as the kind's public
     * step does, checking what the step reports (a wrong report aborts). */
    mote_status (*step_range)(void *pool, size_t begin, size_t end, float dt);
    /* Optional (NULL: the generic one): what the kind's step does, with one kernel table's
     * kernel over [0, count) (dt is valid). */
    void (*step_table)(void *pool, const mote_kernel_table *table, float dt);
    /* Optional (NULL: every field in field-list order): the order the gates see the stored
     * arrays in, as indices into the field list; returns how many. */
    size_t (*field_order)(const void *pool, int order[MOTE_MAX_FIELDS]);

    /* The benchmarks: names <bench>/<backend>/<count>, or <bench>/<variant>/... for every
     * variant when bench_each_variant (else main_variant alone); NULL: none (the springs,
     * whose benchmarks and baselines are bench/bench_cases.c's). */
    const char *bench;
    bool bench_each_variant;
    /* Bytes one step reads and writes per element (the bytes a benchmark reports). */
    size_t bench_bytes;
    /* Optional (NULL: the generic step): one whole step of the kind's public API, on tasks
     * (NULL: this thread). */
    mote_status (*bench_step)(void *pool, float dt, const mote_task_system *tasks);
    /* Optional: the inputs of frame `frame` (a goal that moves), set before its step. */
    void (*bench_frame)(void *pool, unsigned frame);
    /* Optional: puts per-run inputs back when the benchmark restores its starting state. */
    void (*bench_reset)(void *pool);
    /* Optional (NULL: never): true for a variant whose elements see each other (mover
     * avoidance), so a step split into ranges is not the whole step; the gates that compare
     * the two step it whole. */
    bool (*ranges_differ)(const probe_variant *variant);
};

/* Every kind's probe, mote_probe_<kind>, in registry order. */
#define MOTE_DECLARE_PROBE_(name, number, kernels) extern const mote_probe mote_probe_##name;
MOTE_KINDS(MOTE_DECLARE_PROBE_, MOTE_KIND_NO_KERNEL)
#undef MOTE_DECLARE_PROBE_

/* The probes in registry order; count gets how many. */
const mote_probe *const *mote_probes(size_t *count);

/* The generic parts: a pool of the variant, an element added from the generator or from
 * values, and a step through the probe's hook or the generic pool step. */
mote_status probe_create(const mote_probe *probe, const probe_variant *variant,
                         const probe_def *def, mote_pool **out);
mote_status probe_add_random(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             tool_rng *rng, mote_id *out_id);
mote_status probe_add_values(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             const float *values, size_t n, mote_id *out_id);
mote_status probe_set_values(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                             mote_id id, const float *values, size_t n);
mote_status probe_step_range(const mote_probe *probe, mote_pool *pool, size_t begin, size_t end,
                             float dt);
/* Adds count elements drawn from the probe's generator (a stream seeded with seed; a draw the
 * kind's helpers turn down is drawn again): MOTE_OK, or the pool's MOTE_ERROR_FULL or
 * _OUT_OF_MEMORY, or MOTE_ERROR_INVALID_ARGUMENT when the draws kept being turned down. */
mote_status probe_fill(const mote_probe *probe, const probe_variant *variant, mote_pool *pool,
                       size_t count, uint64_t seed);
/* A pool of the variant on backend with room for count elements, holding count elements
 * from probe_fill(seed): the benchmarks' pools. MOTE_OK or the first refusal (*out NULL). */
mote_status probe_filled_pool(const mote_probe *probe, const probe_variant *variant,
                              mote_backend backend, size_t count, uint64_t seed, mote_pool **out);
/* probe_filled_pool, then its stored arrays overwritten by the probe's seed_state(seed): the
 * kernel tests' starting pools. MOTE_OK or the first refusal. */
mote_status probe_seeded_pool(const mote_probe *probe, const probe_variant *variant,
                              mote_backend backend, size_t count, uint64_t seed, mote_pool **out);
/* Aborts, naming the kind and the range, unless a successful step of [begin, end) by dt
 * reported (ids[0 .. min(count, capacity)) and count) exactly the elements whose stored field
 * now equals value, in dense order: a step of dt 0 reports nothing. For a probe's
 * step_range over a step that reports (debris released, flyers landed). */
void probe_check_report(const mote_pool *pool, int field, float value, size_t begin, size_t end,
                        float dt, const mote_id *ids, size_t capacity, size_t count);
/* The members of a mote_probe initialiser that every probe file names the same way: its
 * variants array and its static create, random_desc, desc_from_values and seed_state. */
#define PROBE_STANDARD_HOOKS                                                                       \
    .variant_count = sizeof variants / sizeof variants[0], .variants = variants, .create = create, \
    .random_desc = random_desc, .desc_from_values = desc_from_values, .seed_state = seed_state
/* A whole step for a benchmark: the probe's bench_step, or the generic pool step on tasks. */
mote_status probe_bench_step(const mote_probe *probe, mote_pool *pool, float dt,
                             const mote_task_system *tasks);

#endif
