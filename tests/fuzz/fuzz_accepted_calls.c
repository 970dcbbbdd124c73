/* libFuzzer target: the accepted-calls property (tests/pools/accepted_calls.h) from fuzz
 * bytes, for every pool kind: any sequence of accepted calls (add and set with members
 * replaced by arbitrary floats, remove, a settings word restored through a re-sealed snapshot,
 * set_max_dt, steps of any dt), then up to MAX_STEPS steps at four arbitrary dt, must leave
 * validate clean, and every refused call must change nothing. The input:
 *   byte 0: the adapter (its registry index, modulo the adapter count);
 *   byte 1: the backend (modulo MOTE_BACKEND_COUNT + 1, minus 1: 0 is MOTE_BACKEND_AUTO;
 *           one this machine cannot run ends the input);
 *   byte 2: the final steps, byte 2 * MAX_STEPS / 255;
 *   then the four final dt, then calls until the input ends (accepted_run_from_bytes).
 * The sub-stepping adapters run a share of the final steps (accepted_final_steps), as in the
 * property test. Kinds on ACCEPTED_PENDING_KINDS are skipped unless MOTE_ACCEPTED_ALL=1. A broken
 * property prints the run, call by call with each status, and aborts (libFuzzer then saves
 * the input). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accepted_calls.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_STEPS 2000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static accepted_run run;
    if (!accepted_run_from_bytes(&run, data, size, MAX_STEPS)) {
        return 0;
    }
    const char *all = getenv("MOTE_ACCEPTED_ALL");
    if (accepted_kind_pending(run.adapter) && (all == NULL || strcmp(all, "1") != 0)) {
        return 0;
    }
    run.step_count = accepted_final_steps(run.adapter, run.step_count);
    accepted_result result;
    accepted_run_play(&run, &result);
    if (result.failed) {
        fprintf(stderr, "fuzz_accepted_calls: %s: %s\n", run.adapter->name, result.what);
        accepted_run_print(&run, stderr);
        abort();
    }
    return 0;
}
