/* The allocator hooks: the default is C11 aligned_alloc, with large blocks on huge pages where
 * the system offers them. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise under -std=c11 */
#endif
#include <stdlib.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "allocator.h"

/* Blocks of at least this many bytes (a pool's field array of 512k elements or more) start on
 * a 2 MiB boundary, span whole 2 MiB pages and, on Linux, are advised to the kernel as huge-page
 * candidates (MADV_HUGEPAGE; transparent huge pages in "madvise" mode, the Debian default,
 * give them to no block that does not ask). A kernel streaming arrays far larger than the
 * caches then takes a TLB miss per 2 MiB instead of per 4 KiB, and the hardware prefetchers,
 * which stop at page boundaries, run on (bench/README.md, "Huge pages": 8M critical springs
 * about 25% faster on Zen 5). The cost: up to 2 MiB of padding per such block. */
#define HUGE_PAGE_BYTES ((size_t)2 << 20)

static void advise_huge_pages(void *block, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(block, bytes, MADV_HUGEPAGE); /* a hint: refused, the block is as good */
#else
    (void)block;
    (void)bytes;
#endif
}

static void *default_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    if (size >= HUGE_PAGE_BYTES && alignment <= HUGE_PAGE_BYTES) {
        alignment = HUGE_PAGE_BYTES;
    }
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    if (rounded < size) {
        return NULL;
    }
    void *block = aligned_alloc(alignment, rounded);
    if (block != NULL && alignment == HUGE_PAGE_BYTES) {
        advise_huge_pages(block, rounded);
    }
    return block;
}

static void default_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

static mote_allocator current = {default_alloc, default_free, NULL};

void mote_set_allocator(const mote_allocator *allocator) {
    if (allocator == NULL || allocator->alloc == NULL || allocator->free == NULL) {
        current.alloc = default_alloc;
        current.free = default_free;
        current.user = NULL;
        return;
    }
    current = *allocator;
}

mote_allocator mote_get_allocator(void) {
    return current;
}

void *mote_allocate(const mote_allocator *allocator, size_t size) {
    if (size == 0) {
        size = 1;
    }
    return allocator->alloc(size, MOTE_ALIGNMENT, allocator->user);
}

void mote_release(const mote_allocator *allocator, void *ptr, size_t size) {
    if (ptr != NULL) {
        allocator->free(ptr, size == 0 ? 1 : size, allocator->user);
    }
}
