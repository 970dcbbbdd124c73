/* See bench_buffers.h. */
#include "bench_buffers.h"

#include "mote/base.h"

/* bytes rounded up to whole cache lines, at least one. */
static size_t whole_lines(size_t bytes) {
    const size_t rounded = (bytes + 63u) & ~(size_t)63u;
    return rounded == 0 ? 64 : rounded;
}

void *bench_buffer_alloc(size_t bytes) {
    const mote_allocator allocator = mote_get_allocator();
    return allocator.alloc(whole_lines(bytes), 64, allocator.user);
}

void bench_buffer_free(void *block, size_t bytes) {
    if (block != NULL) {
        const mote_allocator allocator = mote_get_allocator();
        allocator.free(block, whole_lines(bytes), allocator.user);
    }
}
