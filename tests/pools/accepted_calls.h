/* Test-side: the property every pool kind must keep, "any sequence of accepted calls, then
 * thousands of steps at any accepted dt, leaves validate clean on every backend", as one
 * replayable run over the adapter registry (pool_adapter.h), shared by the cmocka property
 * test (tests/test_accepted_stays_finite.c) and the libFuzzer target
 * (tests/fuzz/fuzz_accepted_calls.c).
 *
 * A run is a pool of one adapter on one backend and a list of calls, each with values drawn
 * from wide ranges (0, denormals, 1e30, FLT_MAX, NaN, infinities, huge and tiny dt):
 *   add      a probe's ordinary desc with up to three float members replaced;
 *   set      a live element's desc (get) with up to three float members replaced;
 *   remove   a live element;
 *   setting  one settings word of the pool's snapshot replaced, the blob re-sealed and
 *            restored (restore checks settings as create does: what it accepts is a setting
 *            the kind accepts);
 *   max_dt   set_max_dt;
 *   step     a step of any dt;
 * then step_count steps whose dt runs through four values. Every call may be refused; a
 * refused call must leave the pool as it was, and whatever was accepted must stay finite:
 * validate is checked after every call and every few final steps. */
#ifndef MOTE_ACCEPTED_CALLS_H
#define MOTE_ACCEPTED_CALLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pool_adapter.h"

/* The kinds whose proven domain has not landed yet: the property test skips them (or runs them
 * without failing on them) and the fuzz target skips them. An entry names an adapter
 * ("spring/critical") or every adapter of a gate ("launch"), each followed by a comma. Empty:
 * every kind's domain has landed; the list stays for a kind added before its domain. */
#define ACCEPTED_PENDING_KINDS

/* The adapters whose long steps split into fine sub-steps, each costing up to that many times a
 * plain step (docking/tilted: 1/60 s sub-steps, up to MOTE_DOCKING_MAX_SUBSTEPS = 1024 a step),
 * and the share of the final steps they run: an eighth keeps their runs as long as the others'. */
#define ACCEPTED_SUBSTEPPING_KINDS "docking/tilted",
#define ACCEPTED_SUBSTEPPING_SHARE 8

/* The final steps the adapter runs of steps: steps, or ACCEPTED_SUBSTEPPING_SHARE fewer times
 * for the adapters on ACCEPTED_SUBSTEPPING_KINDS (at least 64). */
size_t accepted_final_steps(const pool_adapter *a, size_t steps);

/* True when the adapter is on ACCEPTED_PENDING_KINDS. */
bool accepted_kind_pending(const pool_adapter *a);

#define ACCEPTED_MAX_OPS     96
#define ACCEPTED_MAX_CHANGES 3

typedef enum accepted_op_kind {
    ACCEPTED_ADD,
    ACCEPTED_SET,
    ACCEPTED_REMOVE,
    ACCEPTED_SETTING,
    ACCEPTED_MAX_DT,
    ACCEPTED_STEP,
    ACCEPTED_OP_KINDS
} accepted_op_kind;

/* One call, everything it needs to replay. */
typedef struct accepted_op {
    uint8_t kind;    /* accepted_op_kind */
    uint8_t changes; /* add, set: how many members are replaced (<= ACCEPTED_MAX_CHANGES) */
    uint16_t target; /* set, remove: a live element (modulo the count); setting: the word */
    uint64_t seed;   /* add: the probe's generator's stream */
    uint8_t member[ACCEPTED_MAX_CHANGES]; /* the desc's float members (modulo their count) */
    float value[ACCEPTED_MAX_CHANGES];
    uint32_t bits; /* setting: the word; max_dt, step: the float's bits */
} accepted_op;

typedef struct accepted_run {
    const pool_adapter *adapter;
    mote_backend backend;
    size_t op_count;
    accepted_op ops[ACCEPTED_MAX_OPS];
    size_t step_count; /* final steps: a quarter at each of dts */
    float dts[4];
} accepted_run;

typedef struct accepted_result {
    bool failed;
    char what[512]; /* why, when failed: which call or step, what broke */
    size_t accepted, refused;
} accepted_result;

/* A random run of op_count calls and step_count final steps from seed. */
void accepted_run_random(accepted_run *run, const pool_adapter *a, mote_backend backend,
                         uint64_t seed, size_t op_count, size_t step_count);

/* A run read from bytes (the fuzz input): adapter, backend, calls, final steps. False when the
 * bytes name a backend this machine cannot run. */
bool accepted_run_from_bytes(accepted_run *run, const uint8_t *data, size_t size, size_t max_steps);

/* Plays the run on a fresh pool: result->failed when a refused call changed the pool or
 * validate found a non-finite value, with what it was. */
void accepted_run_play(const accepted_run *run, accepted_result *result);

/* Shortens a failing run (calls dropped one at a time, fewer final steps) while it still fails. */
void accepted_run_minimise(accepted_run *run);

/* The run as readable lines (each call, the final steps), for a failure's report. */
void accepted_run_print(const accepted_run *run, FILE *out);

#endif
