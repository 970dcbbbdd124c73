/* Memory for the benchmarks' baselines (plain loops, the memory-only kernel, the peers,
 * memcpy's buffers): from mote's default allocator, the same kind of memory as the pools'
 * arrays (huge pages for blocks of 2 MiB or more, engine/core/allocator.c), so a row against
 * its baseline compares the work, not the pages it runs on. */
#ifndef MOTE_BENCH_BUFFERS_H
#define MOTE_BENCH_BUFFERS_H

#include <stddef.h>

/* bytes bytes, 64-byte aligned (rounded up to whole cache lines); NULL on failure. */
void *bench_buffer_alloc(size_t bytes);

/* Frees a block from bench_buffer_alloc of that many bytes (NULL is ignored). */
void bench_buffer_free(void *block, size_t bytes);

#endif
