/* Internal: snapshots of any pool kind, written once for every kind from its record
 * (pool_kind.h): the whole state as bytes and back, in the versioned little-endian format of
 * docs/snapshot-format.md. The typed public names (mote_spring_pool_save, ...) are the
 * MOTE_POOL_API wrappers (pool_api.h). */
#ifndef MOTE_POOL_SNAPSHOT_H
#define MOTE_POOL_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include "pool.h"

/* The format's constants (docs/snapshot-format.md). */
#define MOTE_SNAPSHOT_MAGIC          "MOTESNAP" /* 8 bytes, no terminator */
#define MOTE_SNAPSHOT_VERSION        1u
#define MOTE_SNAPSHOT_HEADER_BYTES   64u
#define MOTE_SNAPSHOT_CHECKSUM_BYTES 8u /* XXH3-64 of every byte before it, little-endian */

/* Snapshots at least this big copy their float sections with non-temporal stores (x86-64):
 * the destination (the blob on save, the pool's spare storage on restore) is then too big to
 * stay in cache anyway, and streaming stores neither read it in first nor evict the pieces
 * being checked and hashed (docs/snapshot-format.md, "Speed"). */
#define MOTE_SNAPSHOT_STREAM_BYTES ((size_t)16 << 20)

/* Bytes a snapshot of the pool takes now (it changes with count and the slots used); 0 for a
 * NULL or foreign pool. */
size_t mote_pool_snapshot_size(const mote_pool *pool, const mote_pool_kind *kind);

/* Writes the pool's whole state into buffer (size bytes) and its length to *out_written (may
 * be NULL). MOTE_ERROR_BUFFER_TOO_SMALL when size is below mote_pool_snapshot_size (then
 * *out_written gets that size, and nothing is written: buffer may be NULL with size 0, to ask);
 * MOTE_ERROR_NON_FINITE when a stored field holds NaN or infinity (written through the view;
 * mote_xxx_pool_validate finds it), the buffer's contents then unspecified;
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL or foreign pool, or a NULL buffer with size > 0. The
 * pool never changes. */
mote_status mote_pool_save(const mote_pool *pool, const mote_pool_kind *kind, void *buffer,
                           size_t size, size_t *out_written);

/* Replaces the pool's whole state with a snapshot's (exactly size bytes, as save wrote them):
 * count, every stored field, the id table, the pool tag (ids issued before the save address
 * the same elements after), the kind's settings and max_dt. The pool keeps its allocator,
 * backend, max_count and (when larger than needed) capacity. All or nothing:
 * MOTE_ERROR_CORRUPT_SNAPSHOT for a blob that is not one (see docs/snapshot-format.md:
 * truncated, wrong magic, newer version, another kind, another kernel or field set, a bad
 * checksum, count or slots above the pool's max_count, an inconsistent id table, non-finite
 * fields, settings create would refuse); MOTE_ERROR_OUT_OF_MEMORY when growing failed;
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL or foreign pool or a NULL buffer. The blob is read
 * once, into spare field storage the first restore allocates and the pool keeps until destroy
 * (its field memory twice), which a good blob swaps in: the field arrays move. */
mote_status mote_pool_restore(mote_pool *pool, const mote_pool_kind *kind, const void *buffer,
                              size_t size);

/* The checksum the format stores: XXH3-64 (seed 0) of bytes [0, size). For tests and the fuzz
 * target, which re-seal mutated blobs. */
uint64_t mote_snapshot_checksum(const void *bytes, size_t size);

#endif
