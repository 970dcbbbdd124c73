/* The snapshot's wide paths (engine/core/snapshot_wide.h), on every path this CPU runs.
 * - The checked copies: each copies exactly n words, whatever the alignment of either side and
 *   with or without streaming stores, and reports false exactly when some word is bad (a NaN
 *   or an infinity, any sign, any payload; or, with the generations' test, a zero), wherever
 *   it lies: in the scalar head before the first aligned vector, in the vector body or in the
 *   tail.
 * - The slot placing: the same stores and result as the scalar reference
 *   (mote_snapshot_place_slots_scalar) for consecutive runs at every offset and length,
 *   runs that end at slots_used or cross it, shuffled slots, and a slot out of range (0,
 *   slots_used + 1, the largest word) at every position.
 * The save/restore suites (test_snapshot) cover the same paths through the public calls; this
 * one walks the edges those pools never reach. Built on x86 only (tests/CMakeLists.txt), where
 * the paths are; a path the CPU cannot run is not registered (main says which). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mote/backend.h"
#include "snapshot_wide.h"

#include <immintrin.h> /* _mm_sfence */

typedef bool (*copy_fn)(void *dst, const void *src, size_t n, bool stream, uint32_t mask,
                        uint32_t bad_bits);
typedef bool (*place_fn)(uint32_t *dense_of_slot, unsigned char *seen, const void *slots, size_t n,
                         uint32_t first_dense, uint32_t slots_used);

/* Longest copy walked: two 512-bit vectors and a tail past the widest head. */
#define MAX_WORDS 70
/* Word offsets of either side from a 64-byte boundary. */
#define MAX_SHIFT 16

/* Source words: finite floats of every class (zeros, subnormals, the largest finite). */
static uint32_t finite_word(size_t i) {
    static const uint32_t classes[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu,
                                       0x3f800000u, 0xc2c80000u, 0x7f7fffffu, 0xff7fffffu};
    return classes[i % 8] ^ (uint32_t)(i << 8 & 0x7fff00u);
}

/* A word test of the copies: bad when (w & mask) == bad_bits; good_word(i) never is, and each
 * of the bad words is. */
typedef struct word_test {
    uint32_t mask, bad_bits;
    uint32_t (*good_word)(size_t i);
    uint32_t bad_words[5];
} word_test;

/* Generations: anything but 0. */
static uint32_t nonzero_word(size_t i) {
    return (uint32_t)(i * 2654435761u) | 1u << (i % 32);
}

static const word_test finite_test = {
    0x7f800000u,
    0x7f800000u,
    finite_word,
    {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffffffffu, 0x7f800001u}};
static const word_test nonzero_test = {0xffffffffu, 0, nonzero_word, {0, 0, 0, 0, 0}};

/* Walks every length, shift pair and streaming choice for one path and test: exact copies of
 * good data, the words around the copy untouched, and each bad word caught at every
 * position. */
static void check_copy(copy_fn copy, const word_test *test) {
    _Alignas(64) uint32_t src[MAX_WORDS + MAX_SHIFT];
    _Alignas(64) uint32_t dst[MAX_WORDS + MAX_SHIFT + 1];
    for (size_t n = 0; n <= MAX_WORDS; ++n) {
        for (size_t s = 0; s < MAX_SHIFT; s += 5) {
            for (size_t d = 0; d < MAX_SHIFT; ++d) {
                for (int stream = 0; stream < 2; ++stream) {
                    for (size_t i = 0; i < n; ++i) {
                        src[s + i] = test->good_word(i + n);
                    }
                    memset(dst, 0xa5, sizeof dst);
                    assert_true(copy(dst + d, src + s, n, stream != 0, test->mask, test->bad_bits));
                    _mm_sfence();
                    assert_memory_equal(dst + d, src + s, n * sizeof(uint32_t));
                    for (size_t k = 0; k < d; ++k) {
                        assert_int_equal(dst[k], 0xa5a5a5a5u);
                    }
                    assert_int_equal(dst[d + n], 0xa5a5a5a5u);
                    for (size_t at = 0; at < n; ++at) {
                        const uint32_t kept = src[s + at];
                        src[s + at] = test->bad_words[(at + n) % 5];
                        assert_false(
                            copy(dst + d, src + s, n, stream != 0, test->mask, test->bad_bits));
                        _mm_sfence();
                        assert_int_equal(dst[d + at], src[s + at]); /* copied all the same */
                        src[s + at] = kept;
                    }
                }
            }
        }
    }
}

/* Slots of the placing walk: the table's slots_used and the most slots a case names. */
#define SLOTS_USED 100
#define MAX_SLOTS  70

/* Places slots[0, n) with the path and with the scalar reference into tables that start alike
 * (every byte 0xa5) and asserts the same result, the same seen bytes and the same dense index
 * in every slot but slot 0 (where out-of-range words land) and slots named twice (a bad blob,
 * which restore refuses whatever they hold: snapshot_wide.h leaves which index they keep
 * open). */
static void place_alike(place_fn place, const uint32_t *slots, size_t n, uint32_t first_dense,
                        uint32_t slots_used) {
    uint32_t dense_path[SLOTS_USED + 1], dense_ref[SLOTS_USED + 1];
    unsigned char seen_path[SLOTS_USED + 1], seen_ref[SLOTS_USED + 1];
    unsigned char named[SLOTS_USED + 1] = {0};
    memset(dense_path, 0xa5, sizeof dense_path);
    memset(dense_ref, 0xa5, sizeof dense_ref);
    memset(seen_path, 0xa5, sizeof seen_path);
    memset(seen_ref, 0xa5, sizeof seen_ref);
    const bool got = place(dense_path, seen_path, slots, n, first_dense, slots_used);
    const bool want =
        mote_snapshot_place_slots_scalar(dense_ref, seen_ref, slots, n, first_dense, slots_used);
    assert_int_equal(got, want);
    assert_memory_equal(seen_path, seen_ref, sizeof seen_ref);
    for (size_t i = 0; i < n; ++i) {
        if (slots[i] <= slots_used && named[slots[i]] < 2) {
            ++named[slots[i]];
        }
    }
    for (uint32_t slot = 1; slot <= slots_used; ++slot) {
        if (named[slot] < 2) {
            assert_int_equal(dense_path[slot], dense_ref[slot]);
        }
    }
}

/* Every run of consecutive slots (each start and length, up to and across slots_used), the
 * same with one slot replaced by a bad word at every position, and shuffled slots; over
 * tables of slots_used from 1 (below a vector) to SLOTS_USED. */
static void check_place(place_fn place) {
    static const uint32_t used_cases[] = {1, 7, 16, 17, SLOTS_USED};
    for (size_t u = 0; u < sizeof used_cases / sizeof used_cases[0]; ++u) {
        const uint32_t used = used_cases[u];
        const uint32_t bad_words[] = {0, used + 1, UINT32_MAX};
        uint32_t slots[MAX_SLOTS];
        for (uint32_t start = 0; start <= used + 1; ++start) {
            for (size_t n = 0; n <= MAX_SLOTS; n += 1 + n / 8) {
                for (size_t i = 0; i < n; ++i) {
                    slots[i] = start + (uint32_t)i;
                }
                place_alike(place, slots, n, 7u * start, used);
                for (size_t at = 0; at < n; at += 1 + n / 20) {
                    const uint32_t kept = slots[at];
                    slots[at] = bad_words[at % 3];
                    place_alike(place, slots, n, start, used);
                    slots[at] = used - (uint32_t)(at % used); /* in range, out of the run */
                    place_alike(place, slots, n, start, used);
                    slots[at] = kept;
                }
                for (size_t at = 0; at + 1 < n; at += 3) { /* two displaced: a swapped pair */
                    const uint32_t kept = slots[at];
                    slots[at] = slots[n - 1];
                    slots[n - 1] = kept;
                    place_alike(place, slots, n, start, used);
                    slots[n - 1] = slots[at];
                    slots[at] = kept;
                }
            }
        }
        uint32_t shuffled[MAX_SLOTS];
        for (size_t i = 0; i < MAX_SLOTS; ++i) {
            shuffled[i] = 1 + (uint32_t)(i * 37 % MAX_SLOTS) % used;
        }
        place_alike(place, shuffled, MAX_SLOTS, 0, used);
    }
}

/* One wide path: its name, the backend whose CPU support it needs, and its functions. */
typedef struct wide_path {
    const char *name;
    mote_backend needs;
    copy_fn copy;
    place_fn place;
} wide_path;

static const wide_path paths[] = {
    {"avx2", MOTE_BACKEND_AVX2, mote_snapshot_copy_checked_avx2, mote_snapshot_place_slots_avx2},
    {"avx512", MOTE_BACKEND_AVX512, mote_snapshot_copy_checked_avx512,
     mote_snapshot_place_slots_avx512},
};

static void copy_is_exact_and_checks_every_word(void **state) {
    const wide_path *path = *state;
    check_copy(path->copy, &finite_test);
    check_copy(path->copy, &nonzero_test);
}

static void placing_matches_the_scalar_reference(void **state) {
    const wide_path *path = *state;
    check_place(path->place);
}

/* Both cases for every path this CPU runs; a path it cannot run is not registered (and said
 * so), rather than registered as a test that skips. */
int main(void) {
    static char names[2 * sizeof paths / sizeof paths[0]][80];
    struct CMUnitTest tests[2 * sizeof paths / sizeof paths[0]];
    size_t count = 0;
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; ++p) {
        if (!mote_backend_available(paths[p].needs)) {
            printf("test_snapshot_wide: this CPU has no %s: its path is not tested here\n",
                   paths[p].name);
            continue;
        }
        const struct {
            const char *what;
            CMUnitTestFunction run;
        } cases[2] = {
            {"copy_is_exact_and_checks_every_word", copy_is_exact_and_checks_every_word},
            {"placing_matches_the_scalar_reference", placing_matches_the_scalar_reference}};
        for (size_t c = 0; c < 2; ++c, ++count) {
            snprintf(names[count], sizeof names[count], "%s_%s", paths[p].name, cases[c].what);
            tests[count] = (struct CMUnitTest){names[count], cases[c].run, NULL, NULL,
                                               (void *)(uintptr_t)&paths[p]};
        }
    }
    return _cmocka_run_group_tests("test_snapshot_wide", tests, count, NULL, NULL);
}
