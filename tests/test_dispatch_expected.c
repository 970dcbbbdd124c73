/* Which backend dispatch picks on the CPU this runs on, checked against an expectation that
 * does not come from mote's own detection:
 *   - MOTE_EXPECT_BACKEND when set (CI sets it for each emulated CPU: qemu-x86_64 -cpu Haswell
 *     -> avx2, -cpu Nehalem -> portable, valgrind -> avx2 since valgrind has no AVX-512,
 *     aarch64 -> neon);
 *   - else, on x86-64 Linux, the flags the kernel lists in /proc/cpuinfo (avx512f -> avx512,
 *     avx2 and fma -> avx2, else portable); on aarch64, neon.
 * Under qemu-user /proc/cpuinfo describes the host, not the emulated CPU: set
 * MOTE_EXPECT_BACKEND there. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/backend.h"
#include "mote/spring_pool.h"

#if defined(__x86_64__)
/* True when the "flags" line of /proc/cpuinfo lists flag. */
static bool cpuinfo_has(const char *flag) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) {
        return false;
    }
    char line[8192];
    bool found = false;
    while (!found && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "flags", 5) != 0) {
            continue;
        }
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\n", &save); w != NULL;
             w = strtok_r(NULL, " \t\n", &save)) {
            if (strcmp(w, flag) == 0) {
                found = true;
                break;
            }
        }
        break; /* the first CPU is enough */
    }
    fclose(f);
    return found;
}
#endif

static mote_backend expected_backend(void) {
    const char *text = getenv("MOTE_EXPECT_BACKEND");
    if (text != NULL && text[0] != '\0') {
        mote_backend b;
        if (!mote_backend_parse(text, &b) || b == MOTE_BACKEND_AUTO) {
            fail_msg("MOTE_EXPECT_BACKEND=%s names no backend", text);
        }
        return b;
    }
#if defined(__x86_64__)
    if (cpuinfo_has("avx512f")) {
        return MOTE_BACKEND_AVX512;
    }
    return cpuinfo_has("avx2") && cpuinfo_has("fma") ? MOTE_BACKEND_AVX2 : MOTE_BACKEND_PORTABLE;
#elif defined(__aarch64__)
    return MOTE_BACKEND_NEON;
#else
    return MOTE_BACKEND_PORTABLE;
#endif
}

static void dispatch_picks_the_expected_backend(void **state) {
    (void)state;
    mote_backend expected = expected_backend();
    mote_backend detected = mote_backend_detect();
    printf("dispatch: detected %s, expected %s\n", mote_backend_name(detected),
           mote_backend_name(expected));
    assert_string_equal(mote_backend_name(detected), mote_backend_name(expected));
    /* nothing better than the expectation is claimed available */
    if (expected != MOTE_BACKEND_AVX512) {
        assert_false(mote_backend_available(MOTE_BACKEND_AVX512));
    }
    if (expected == MOTE_BACKEND_PORTABLE) {
        assert_false(mote_backend_available(MOTE_BACKEND_AVX2));
    }
    /* and a pool left to dispatch runs on it (unless MOTE_BACKEND overrides) */
    const char *override = getenv("MOTE_BACKEND");
    if (override == NULL || override[0] == '\0') {
        mote_spring_pool_def def = mote_default_spring_pool_def();
        mote_spring_pool *pool = NULL;
        assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
        assert_int_equal(mote_spring_pool_backend(pool), expected);
        /* it steps there */
        mote_spring_desc d = mote_default_spring_desc();
        d.x = 1.0f;
        assert_int_equal(mote_spring_pool_add(pool, &d, NULL), MOTE_OK);
        assert_int_equal(mote_spring_pool_step(pool, 1.0f / 60.0f), MOTE_OK);
        mote_spring_view v = mote_spring_pool_view(pool);
        assert_true(v.x[0] < 1.0f && v.x[0] > 0.0f);
        mote_spring_pool_destroy(pool);
    }
}

MOTE_TEST_MAIN(cmocka_unit_test(dispatch_picks_the_expected_backend))
