/* The allocator hooks: the default is C11 aligned_alloc. */
#include <stdlib.h>

#include "allocator.h"

static void *default_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    if (rounded < size) {
        return NULL;
    }
    return aligned_alloc(alignment, rounded);
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
