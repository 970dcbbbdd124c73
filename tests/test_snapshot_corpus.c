/* The restore fuzz target's corpus (tests/fuzz/corpus/fuzz_snapshot_restore/), replayed through
 * the target itself (tests/fuzz/fuzz_snapshot_restore.c, built here without libFuzzer) on every
 * build: each input's invariants hold (a refused blob changes nothing; an accepted one steps
 * STEPS_AFTER times and stays finite), and each input returns. Among the inputs is one that
 * restored an orientation-control pool whose settings asked a step for billions of sub-steps:
 * settings above MOTE_MAX_SUBSTEPS are refused now, so it returns at once. A hang is caught
 * by a watchdog of HANG_SECONDS per input (far above what any input takes: a bound on work
 * gone unbounded, not a speed assertion), which names the input and fails. */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* alarm, sigaction, opendir */
#endif
#include <dirent.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_main.h"

#ifndef MOTE_TEST_CORPUS_DIR
#error "tests/CMakeLists.txt defines MOTE_TEST_CORPUS_DIR"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Seconds one input may take before it counts as a hang. */
#define HANG_SECONDS 120

static char current_input[512];

static void on_hang(int signal_number) {
    (void)signal_number;
    static const char message[] = "test_snapshot_corpus: an input did not return: ";
    (void)!write(2, message, sizeof message - 1);
    (void)!write(2, current_input, strlen(current_input));
    (void)!write(2, "\n", 1);
    _exit(1);
}

/* The whole file at path (NULL when it cannot be read); *size its length. */
static unsigned char *read_all(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    unsigned char *bytes = NULL;
    size_t n = 0, room = 0;
    for (;;) {
        if (n == room) {
            room = room == 0 ? 4096 : 2 * room;
            unsigned char *grown = realloc(bytes, room);
            assert_non_null(grown);
            bytes = grown;
        }
        const size_t got = fread(bytes + n, 1, room - n, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    fclose(f);
    *size = n;
    return bytes;
}

static size_t replay(const char *dir, const char *only) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_hang;
    assert_int_equal(sigaction(SIGALRM, &action, NULL), 0);
    size_t replayed = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        if (e->d_name[0] == '.' || (only != NULL && strcmp(e->d_name, only) != 0)) {
            continue;
        }
        (void)snprintf(current_input, sizeof current_input, "%s/%s", dir, e->d_name);
        size_t size = 0;
        unsigned char *data = read_all(current_input, &size);
        assert_non_null(data);
        alarm(HANG_SECONDS);
        (void)LLVMFuzzerTestOneInput(data, size); /* a broken invariant aborts */
        alarm(0);
        free(data);
        replayed += 1;
    }
    closedir(d);
    return replayed;
}

static void test_the_substeps_blob_returns(void **state) {
    (void)state;
    assert_int_equal(
        replay(MOTE_TEST_CORPUS_DIR "/fuzz_snapshot_restore", "orientation_substeps_hang"), 1);
}

static void test_every_restore_corpus_input_holds(void **state) {
    (void)state;
    assert_true(replay(MOTE_TEST_CORPUS_DIR "/fuzz_snapshot_restore", NULL) >= 10);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_the_substeps_blob_returns),
               cmocka_unit_test(test_every_restore_corpus_input_holds))
