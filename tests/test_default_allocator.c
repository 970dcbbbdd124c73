/* The default allocator's contract (engine/core/allocator.c): blocks aligned as asked, and
 * blocks of 2 MiB or more on 2 MiB boundaries (huge-page candidates), usable to their last
 * byte; a large pool's field arrays start within the first 16 cache lines (the stagger) of
 * such a boundary. Under AddressSanitizer the first and last bytes written catch a block
 * shorter than asked. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "mote/spring_pool.h"

#define HUGE_PAGE ((uintptr_t)2 << 20)

/* Allocates size bytes aligned to alignment from the default allocator, checks the address
 * is a multiple of want, writes every byte, frees it. */
static void check_block(size_t size, size_t alignment, uintptr_t want) {
    const mote_allocator allocator = mote_get_allocator();
    unsigned char *block = allocator.alloc(size, alignment, allocator.user);
    assert_non_null(block);
    assert_int_equal((uintptr_t)block % want, 0);
    memset(block, 0xa5, size);
    assert_int_equal(block[size - 1], 0xa5);
    allocator.free(block, size, allocator.user);
}

static void small_blocks_take_the_alignment_asked(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    check_block(1, 64, 64);
    check_block(4096, 64, 64);
    check_block(HUGE_PAGE - 1, 64, 64); /* one byte short of the huge-page rule */
    check_block(100, 4096, 4096);
}

static void large_blocks_start_on_2_mib(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    check_block(HUGE_PAGE, 64, HUGE_PAGE);
    check_block(HUGE_PAGE + 4, 64, HUGE_PAGE); /* rounded up to two huge pages inside */
    check_block(5 * HUGE_PAGE + 12345, 4096, HUGE_PAGE);
}

/* A 1M-element critical-spring pool: 4 MiB per field, so every array is a large block. */
static void large_pool_arrays_sit_on_huge_page_boundaries(void **state) {
    (void)state;
    mote_set_allocator(NULL);
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.capacity = (size_t)1 << 20;
    mote_spring_pool *pool = NULL;
    assert_int_equal(mote_spring_pool_create(&def, &pool), MOTE_OK);
    const mote_spring_view view = mote_spring_pool_view(pool);
    const float *arrays[] = {view.x, view.v, view.goal, view.damping};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
        assert_non_null(arrays[i]);
        const uintptr_t offset = (uintptr_t)arrays[i] % HUGE_PAGE;
        assert_int_equal(offset % MOTE_ALIGNMENT, 0);
        assert_true(offset < 16 * MOTE_ALIGNMENT);
    }
    mote_spring_pool_destroy(pool);
}

MOTE_TEST_MAIN(cmocka_unit_test(small_blocks_take_the_alignment_asked),
               cmocka_unit_test(large_blocks_start_on_2_mib),
               cmocka_unit_test(large_pool_arrays_sit_on_huge_page_boundaries))
