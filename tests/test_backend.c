/* Backends: names, availability against the CPU's own feature bits, detection order, lane
 * counts, and the MOTE_BACKEND override. mote_backend_best() reads the environment once per
 * process, so the override is tested by re-running this executable as a child with
 * MOTE_BACKEND set (argv[1] = CHILD_FLAG); the child reports what it saw in its exit code. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel_table.h"
#include "mote/backend.h"
#include "mote/spring_pool.h"

extern char **environ;

/* argv[1] that turns this executable into the child of the MOTE_BACKEND tests. */
#define CHILD_FLAG "--report-best-backend"
/* Child exit codes: CHILD_BASE + backend for a consistent report, CHILD_MISMATCH otherwise. */
#define CHILD_BASE     10
#define CHILD_MISMATCH 3

static const char *self_path;

static const mote_backend all_backends[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE,
                                            MOTE_BACKEND_AVX2, MOTE_BACKEND_AVX512,
                                            MOTE_BACKEND_NEON};
#define BACKEND_COUNT (sizeof all_backends / sizeof all_backends[0])

static void names_round_trip(void **state) {
    (void)state;
    const char *expected[] = {"scalar", "portable", "avx2", "avx512", "neon"};
    assert_int_equal(BACKEND_COUNT, MOTE_BACKEND_COUNT);
    for (size_t i = 0; i < BACKEND_COUNT; ++i) {
        assert_string_equal(mote_backend_name(all_backends[i]), expected[i]);
        mote_backend parsed = MOTE_BACKEND_COUNT;
        assert_true(mote_backend_parse(expected[i], &parsed));
        assert_int_equal(parsed, all_backends[i]);
    }
    assert_string_equal(mote_backend_name(MOTE_BACKEND_AUTO), "auto");
    mote_backend parsed = MOTE_BACKEND_COUNT;
    assert_true(mote_backend_parse("auto", &parsed));
    assert_int_equal(parsed, MOTE_BACKEND_AUTO);
    /* outside the enum */
    assert_string_equal(mote_backend_name(MOTE_BACKEND_COUNT), "unknown");
    assert_string_equal(mote_backend_name((mote_backend)-2), "unknown");
    assert_string_equal(mote_backend_name((mote_backend)1000), "unknown");
    /* names that are not backends: false, and out untouched */
    const char *bad[] = {"unknown", "", "avx", "avx2 ", " avx2", "avx5120", "sse", "neon\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        mote_backend out = MOTE_BACKEND_NEON;
        assert_false(mote_backend_parse(bad[i], &out));
        assert_int_equal(out, MOTE_BACKEND_NEON);
    }
    mote_backend out = MOTE_BACKEND_NEON;
    assert_false(mote_backend_parse(NULL, &out));
    assert_int_equal(out, MOTE_BACKEND_NEON);
    assert_false(mote_backend_parse("avx2", NULL));
}

static void availability_follows_the_cpu(void **state) {
    (void)state;
    assert_true(mote_backend_available(MOTE_BACKEND_SCALAR));
    assert_true(mote_backend_available(MOTE_BACKEND_PORTABLE));
#if defined(__x86_64__)
    __builtin_cpu_init();
    bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    bool avx512 = __builtin_cpu_supports("avx512f");
    /* NEON runs through SIMDe on x86-64 CPUs with FMA (the variant fuses like aarch64 does) */
    bool fma = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx");
    assert_int_equal(mote_backend_available(MOTE_BACKEND_NEON), fma);
    assert_int_equal(mote_backend_available(MOTE_BACKEND_AVX2), avx2);
    assert_int_equal(mote_backend_available(MOTE_BACKEND_AVX512), avx512);
#elif defined(__aarch64__)
    assert_true(mote_backend_available(MOTE_BACKEND_NEON));
    assert_false(mote_backend_available(MOTE_BACKEND_AVX2));
    assert_false(mote_backend_available(MOTE_BACKEND_AVX512));
#endif
    /* not backends */
    assert_false(mote_backend_available(MOTE_BACKEND_AUTO));
    assert_false(mote_backend_available(MOTE_BACKEND_COUNT));
    assert_false(mote_backend_available((mote_backend)-7));
    /* an available backend has its kernel table, with the same lane count */
    for (size_t i = 0; i < BACKEND_COUNT; ++i) {
        if (mote_backend_available(all_backends[i])) {
            const mote_kernel_table *table = mote_kernel_table_for(all_backends[i]);
            assert_non_null(table);
            assert_int_equal(table->backend, all_backends[i]);
            assert_int_equal(table->lanes, mote_backend_lanes(all_backends[i]));
        }
    }
}

static void detect_picks_the_best_available(void **state) {
    (void)state;
    mote_backend detected = mote_backend_detect();
    assert_true(mote_backend_available(detected));
#if defined(__x86_64__)
    mote_backend expected = mote_backend_available(MOTE_BACKEND_AVX512) ? MOTE_BACKEND_AVX512
                            : mote_backend_available(MOTE_BACKEND_AVX2) ? MOTE_BACKEND_AVX2
                                                                        : MOTE_BACKEND_PORTABLE;
    assert_int_equal(detected, expected);
#elif defined(__aarch64__)
    assert_int_equal(detected, MOTE_BACKEND_NEON);
#endif
    /* stable across calls */
    assert_int_equal(mote_backend_detect(), detected);
}

static void lanes_per_backend(void **state) {
    (void)state;
    assert_int_equal(mote_backend_lanes(MOTE_BACKEND_SCALAR), 1);
    assert_int_equal(mote_backend_lanes(MOTE_BACKEND_PORTABLE), 1);
    assert_int_equal(mote_backend_lanes(MOTE_BACKEND_AVX2), 8);
    assert_int_equal(mote_backend_lanes(MOTE_BACKEND_AVX512), 16);
    assert_int_equal(mote_backend_lanes(MOTE_BACKEND_NEON), 4);
}

/* What mote_backend_best() must return for this MOTE_BACKEND value (NULL: unset). */
static mote_backend expected_best(const char *env) {
    mote_backend b;
    if (env != NULL && mote_backend_parse(env, &b) && b != MOTE_BACKEND_AUTO &&
        mote_backend_available(b)) {
        return b;
    }
    return mote_backend_detect();
}

static void best_in_this_process(void **state) {
    (void)state;
    mote_backend best = mote_backend_best();
    assert_int_equal(best, expected_best(getenv("MOTE_BACKEND")));
    assert_int_equal(mote_backend_best(), best);
}

/* Runs this executable as a child with MOTE_BACKEND = value (NULL: removed from the
 * environment) and returns its exit status. */
static int run_child(const char *value) {
    size_t n = 0;
    while (environ[n] != NULL) {
        ++n;
    }
    char **env = calloc(n + 2, sizeof *env);
    assert_non_null(env);
    size_t k = 0;
    for (size_t i = 0; i < n; ++i) {
        if (strncmp(environ[i], "MOTE_BACKEND=", 13) != 0) {
            env[k++] = environ[i];
        }
    }
    char assignment[64];
    if (value != NULL) {
        snprintf(assignment, sizeof assignment, "MOTE_BACKEND=%s", value);
        env[k++] = assignment;
    }
    env[k] = NULL;
    /* Under an emulator (qemu-aarch64, qemu-x86_64 -cpu ..., valgrind) the child runs under
     * the same one: MOTE_TEST_EMULATOR holds its words, space-separated (tests/CMakeLists.txt
     * sets it from CMAKE_CROSSCOMPILING_EMULATOR). */
    char emulator[512] = "";
    const char *words = getenv("MOTE_TEST_EMULATOR");
    if (words != NULL) {
        snprintf(emulator, sizeof emulator, "%s", words);
    }
    char *argv[40];
    size_t argc = 0;
    for (char *save = NULL, *w = strtok_r(emulator, " ", &save); w != NULL && argc < 37;
         w = strtok_r(NULL, " ", &save)) {
        argv[argc++] = w;
    }
    argv[argc++] = (char *)self_path;
    argv[argc++] = (char *)CHILD_FLAG;
    argv[argc] = NULL;
    pid_t pid;
    int spawned = posix_spawnp(&pid, argv[0], NULL, NULL, argv, env);
    free(env);
    assert_int_equal(spawned, 0);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* The child: reports mote_backend_best() through its exit code, after checking that it is
 * read once (changing the variable afterwards changes nothing) and that a pool created with
 * MOTE_BACKEND_AUTO runs on it. */
static int child_main(void) {
    mote_backend best = mote_backend_best();
    setenv("MOTE_BACKEND", best == MOTE_BACKEND_SCALAR ? "portable" : "scalar", 1);
    if (mote_backend_best() != best) {
        return CHILD_MISMATCH;
    }
    mote_spring_pool_def def = mote_default_spring_pool_def();
    mote_spring_pool *pool = NULL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        return CHILD_MISMATCH;
    }
    mote_backend used = mote_spring_pool_backend(pool);
    mote_spring_pool_destroy(pool);
    if (used != best) {
        return CHILD_MISMATCH;
    }
    return CHILD_BASE + (int)best;
}

static void environment_override(void **state) {
    (void)state;
    mote_backend detected = mote_backend_detect();
    /* each backend by name: taken when available, else detection */
    for (size_t i = 0; i < BACKEND_COUNT; ++i) {
        const char *name = mote_backend_name(all_backends[i]);
        mote_backend expected =
            mote_backend_available(all_backends[i]) ? all_backends[i] : detected;
        int code = run_child(name);
        if (code != CHILD_BASE + (int)expected) {
            print_error("MOTE_BACKEND=%s: child exit %d, expected %d (%s)\n", name, code,
                        CHILD_BASE + (int)expected, mote_backend_name(expected));
            fail();
        }
    }
    /* unset, "auto", empty, unknown names: detection */
    const char *fallbacks[] = {"auto", "", "bogus", "avx1024", "AVX2x"};
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; ++i) {
        int code = run_child(fallbacks[i]);
        if (code != CHILD_BASE + (int)detected) {
            print_error("MOTE_BACKEND='%s': child exit %d, expected %d (%s)\n", fallbacks[i], code,
                        CHILD_BASE + (int)detected, mote_backend_name(detected));
            fail();
        }
    }
    assert_int_equal(run_child(NULL), CHILD_BASE + (int)detected);
    /* the always-available ones, explicitly */
    assert_int_equal(run_child("portable"), CHILD_BASE + MOTE_BACKEND_PORTABLE);
    assert_int_equal(run_child("scalar"), CHILD_BASE + MOTE_BACKEND_SCALAR);
}

static void unavailable_backend_in_override_falls_back(void **state) {
    (void)state;
    /* On a CPU lacking some backend, naming it gives detection; on one that has them all,
     * there is nothing unavailable to name and the loop checks only availability itself. */
    for (size_t i = 0; i < BACKEND_COUNT; ++i) {
        if (!mote_backend_available(all_backends[i])) {
            int code = run_child(mote_backend_name(all_backends[i]));
            assert_int_equal(code, CHILD_BASE + (int)mote_backend_detect());
        }
    }
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f")) {
        /* this machine: avx512 named but not runnable */
        assert_false(mote_backend_available(MOTE_BACKEND_AVX512));
        assert_int_equal(run_child("avx512"), CHILD_BASE + (int)mote_backend_detect());
    }
#endif
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], CHILD_FLAG) == 0) {
        return child_main();
    }
    /* argv[0], not /proc/self/exe: under valgrind that names valgrind itself. */
    self_path = argv[0];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_round_trip),
        cmocka_unit_test(availability_follows_the_cpu),
        cmocka_unit_test(detect_picks_the_best_available),
        cmocka_unit_test(lanes_per_backend),
        cmocka_unit_test(best_in_this_process),
        cmocka_unit_test(environment_override),
        cmocka_unit_test(unavailable_backend_in_override_falls_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
