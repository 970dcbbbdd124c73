/* The property every pool kind keeps: any sequence of accepted calls, then thousands of steps
 * at any accepted dt, leaves validate clean on every backend (tests/pools/accepted_calls.h).
 * For every adapter of the registry and every backend this machine runs, seeded random runs
 * of add, set, remove, settings (a re-sealed snapshot), max_dt and steps, with values from 0
 * and the denormals to 1e30, FLT_MAX, NaN and the infinities and dt from a denormal to
 * FLT_MAX: every refused call must change nothing and everything accepted must stay finite.
 *
 * The kinds on ACCEPTED_PENDING_KINDS (accepted_calls.h: their proven domain has not landed;
 * none today) are skipped; MOTE_ACCEPTED_PENDING=1 runs them too and
 * prints what still fails as "pending" without failing, and a pending kind that passes every
 * run as ready to take off the list; MOTE_ACCEPTED_ALL=1 fails on them as on the others;
 * MOTE_ACCEPTED_MINIMISE=1 prints their failures minimised (an enabled kind's always are);
 * MOTE_ACCEPTED_ONLY=<adapter or gate> runs one; MOTE_ACCEPTED_SEEDS=<n> runs n seeds a backend.
 * The sub-stepping adapters (ACCEPTED_SUBSTEPPING_KINDS) run a share of the final steps. Under
 * emulation or valgrind (MOTE_TEST_SCALE) the
 * runs are fewer and shorter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "test_main.h"

#include "accepted_calls.h"
#include "test_support.h"

#define SEEDS 6
#define CALLS 40
#define STEPS 2000

/* MOTE_ACCEPTED_<name>=1 */
static bool env_on(const char *name) {
    const char *value = getenv(name);
    return value != NULL && strcmp(value, "1") == 0;
}

static void every_kind_keeps_what_it_accepts_finite(void **unused) {
    (void)unused;
    setvbuf(stdout, NULL, _IOLBF, 0);
    const bool all = env_on("MOTE_ACCEPTED_ALL"), minimise = env_on("MOTE_ACCEPTED_MINIMISE");
    const bool run_pending = all || env_on("MOTE_ACCEPTED_PENDING");
    const char *seeds_env = getenv("MOTE_ACCEPTED_SEEDS"); /* more seeds a backend */
    const size_t seeds =
        seeds_env != NULL ? (size_t)strtoul(seeds_env, NULL, 10) : test_scaled_at_least(SEEDS, 1);
    const size_t steps = test_scaled_at_least(STEPS, 200);
    size_t adapter_count;
    const pool_adapter *const *adapters = pool_adapters_all(&adapter_count);
    int failures = 0;
    size_t enabled = 0;
    for (size_t k = 0; k < adapter_count; ++k) {
        const pool_adapter *a = adapters[k];
        const char *only = getenv("MOTE_ACCEPTED_ONLY"); /* one adapter or gate, by name */
        if (only != NULL && strncmp(a->name, only, strlen(only)) != 0) {
            continue;
        }
        const clock_t start = clock();
        const bool pending = accepted_kind_pending(a) && !all;
        if (pending && !run_pending) {
            printf("# %-24s pending: not run (MOTE_ACCEPTED_PENDING=1 runs it)\n", a->name);
            continue;
        }
        size_t runs = 0, failed = 0, accepted = 0, refused = 0;
        for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
            if (!mote_backend_available((mote_backend)b)) {
                continue;
            }
            for (size_t seed = 0; seed < seeds; ++seed) {
                static accepted_run run;
                accepted_run_random(&run, a, (mote_backend)b, 1000 * k + seed, CALLS,
                                    accepted_final_steps(a, steps));
                accepted_result result;
                accepted_run_play(&run, &result);
                runs++;
                accepted += result.accepted;
                refused += result.refused;
                if (!result.failed) {
                    continue;
                }
                if (failed++ > 0) {
                    continue;
                }
                /* the adapter's first failure: minimised and printed where it fails the test
                 * (or when asked: MOTE_ACCEPTED_MINIMISE=1), else named */
                printf("%s: %s on %s, seed %zu: %s\n", pending ? "pending" : "FAILS", a->name,
                       mote_backend_name((mote_backend)b), seed, result.what);
                if (!pending || minimise) {
                    accepted_run_minimise(&run);
                    accepted_run_print(&run, stdout);
                }
            }
        }
        printf("# %-24s %s: %zu of %zu runs failed (%zu calls accepted, %zu refused; %.2f s)\n",
               a->name, pending ? "pending" : "enabled", failed, runs, accepted, refused,
               (double)(clock() - start) / CLOCKS_PER_SEC);
        if (pending && failed == 0) {
            printf("# %s passes every run: take it off ACCEPTED_PENDING_KINDS\n", a->name);
        }
        assert_true(accepted > 0); /* the runs called something that was accepted */
        enabled += !pending;
        if (!pending && failed > 0) {
            ++failures;
        }
    }
    fflush(stdout);
    assert_true(enabled > 0 || getenv("MOTE_ACCEPTED_ONLY") != NULL);
    assert_int_equal(failures, 0);
}

MOTE_TEST_MAIN(cmocka_unit_test(every_kind_keeps_what_it_accepts_finite))
