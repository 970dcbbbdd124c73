/* Internal: the snapshot checksum (XXH3-64, seed 0, docs/snapshot-format.md) fed in pieces,
 * on the widest path of xxHash the CPU has. XXH3 gives the same value on every path (scalar,
 * SSE2, AVX2, NEON), so the path is the machine's choice, never the snapshot's. */
#ifndef MOTE_SNAPSHOT_HASH_H
#define MOTE_SNAPSHOT_HASH_H

#include <stddef.h>

/* Feeds n bytes into state, an XXH3_state_t (xxhash.h under XXH_INLINE_ALL, reset by
 * XXH3_64bits_reset) on xxHash's AVX2 path. Built only on x86 (MOTE_SNAPSHOT_HASH_AVX2), from
 * a file compiled with -mavx2: call it only when the CPU has AVX2. */
void mote_snapshot_hash_update_avx2(void *state, const void *bytes, size_t n);

/* The same on xxHash's AVX-512 path (from a file compiled with -mavx512f, built beside the
 * AVX2 one): call it only when the CPU has AVX-512F. */
void mote_snapshot_hash_update_avx512(void *state, const void *bytes, size_t n);

#endif
