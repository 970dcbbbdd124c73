/* The snapshot's wide checked copies (engine/src/snapshot_wide.h), on every path this CPU runs:
 * each copies exactly n words, whatever the alignment of either side and with or without
 * streaming stores, and reports false exactly when some word is a NaN or an infinity (any
 * sign, any payload), wherever it lies: in the scalar head before the first aligned vector,
 * in the vector body or in the tail. The save/restore suites (test_snapshot) cover the same
 * paths through the public calls; this one walks the edges those pools never reach. Built on
 * x86 only (tests/CMakeLists.txt), where the paths are; a path the CPU cannot run is skipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mote/backend.h"
#include "snapshot_wide.h"

#include <immintrin.h> /* _mm_sfence */

typedef bool (*copy_fn)(void *dst, const void *src, size_t n, bool stream);

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

/* Walks every length, shift pair and streaming choice for one path: exact copies of finite
 * data, the words around the copy untouched, and each non-finite class caught at every
 * position. */
static void check_path(copy_fn copy) {
    _Alignas(64) uint32_t src[MAX_WORDS + MAX_SHIFT];
    _Alignas(64) uint32_t dst[MAX_WORDS + MAX_SHIFT + 1];
    static const uint32_t non_finite[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffffffffu,
                                          0x7f800001u};
    for (size_t n = 0; n <= MAX_WORDS; ++n) {
        for (size_t s = 0; s < MAX_SHIFT; s += 5) {
            for (size_t d = 0; d < MAX_SHIFT; ++d) {
                for (int stream = 0; stream < 2; ++stream) {
                    for (size_t i = 0; i < n; ++i) {
                        src[s + i] = finite_word(i + n);
                    }
                    memset(dst, 0xa5, sizeof dst);
                    assert_true(copy(dst + d, src + s, n, stream != 0));
                    _mm_sfence();
                    assert_memory_equal(dst + d, src + s, n * sizeof(uint32_t));
                    for (size_t k = 0; k < d; ++k) {
                        assert_int_equal(dst[k], 0xa5a5a5a5u);
                    }
                    assert_int_equal(dst[d + n], 0xa5a5a5a5u);
                    for (size_t at = 0; at < n; ++at) {
                        const uint32_t kept = src[s + at];
                        src[s + at] = non_finite[(at + n) % 5];
                        assert_false(copy(dst + d, src + s, n, stream != 0));
                        _mm_sfence();
                        assert_int_equal(dst[d + at], src[s + at]); /* copied all the same */
                        src[s + at] = kept;
                    }
                }
            }
        }
    }
}

static void avx2_copy_is_exact_and_checks_every_word(void **state) {
    (void)state;
    if (!mote_backend_available(MOTE_BACKEND_AVX2)) {
        skip();
    }
    check_path(mote_snapshot_copy_finite_avx2);
}

static void avx512_copy_is_exact_and_checks_every_word(void **state) {
    (void)state;
    if (!mote_backend_available(MOTE_BACKEND_AVX512)) {
        skip();
    }
    check_path(mote_snapshot_copy_finite_avx512);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(avx2_copy_is_exact_and_checks_every_word),
        cmocka_unit_test(avx512_copy_is_exact_and_checks_every_word),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
