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

/* The largest settings struct a kind may have (a staged restore holds one; checked at run
 * time). The launch settings (profile, timeline, clock) take 272. */
#define MOTE_SNAPSHOT_MAX_SETTINGS_BYTES 512

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

/* A restore checked and ready to commit: what the blob gives the pool beside the fields and
 * ids already written into its spare storage. */
typedef struct mote_restore_staged {
    uint32_t count;
    uint32_t tag;
    uint32_t slots_used;
    uint32_t free_head;
    uint32_t max_dt_bits;
    _Alignas(16) unsigned char settings[MOTE_SNAPSHOT_MAX_SETTINGS_BYTES];
} mote_restore_staged;

/* The first half of mote_pool_restore: every check, with the blob's fields and ids written into
 * the pool's spare storage (which the first restore allocates), and *out filled. The pool as its
 * user sees it (count, fields, ids, settings, max_dt) does not change; a later stage or restore
 * of the same pool overwrites the spare, so commit only the last stage of each pool. The
 * statuses and details of mote_pool_restore. */
mote_status mote_pool_restore_stage(mote_pool *pool, const mote_pool_kind *kind, const void *buffer,
                                    size_t size, mote_restore_staged *out);

/* The second half: swaps the staged state in. Cannot fail; the field arrays move. */
void mote_pool_restore_commit(mote_pool *pool, const mote_pool_kind *kind,
                              const mote_restore_staged *staged);

/* A new pool of kind holding the snapshot in buffer (exactly size bytes): made from def's shared
 * part (capacity ignored: the pool gets room for the blob's elements; max_count raised to the
 * blob's slots where below them) and the kind's settings default_settings overwritten by the
 * blob's, then restored. *out is written only on success; a refusal makes no pool and leaks
 * nothing. MOTE_ERROR_INVALID_ARGUMENT for NULL arguments; MOTE_ERROR_CORRUPT_SNAPSHOT for a
 * blob restore refuses (another kind's included), with its detail; create's statuses
 * (MOTE_ERROR_BACKEND_UNAVAILABLE, _OUT_OF_MEMORY). */
mote_status mote_pool_create_from_snapshot(const mote_pool_kind *kind,
                                           const mote_pool_common_def *def,
                                           const void *default_settings, const void *buffer,
                                           size_t size, mote_pool **out);

/* The checksum the format stores: XXH3-64 (seed 0) of bytes [0, size). For tests and the fuzz
 * target, which re-seal mutated blobs. */
uint64_t mote_snapshot_checksum(const void *bytes, size_t size);

#endif
