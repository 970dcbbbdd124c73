/* Internal: the snapshot's bulk work on the widest instruction set the CPU has: the checksum
 * (XXH3-64, seed 0, docs/snapshot-format.md) fed in pieces, and the checked copy of a piece of
 * 32-bit words. Each path gives the same result as the baseline one (XXH3 has the same value
 * on every path; a copy is a copy), so the path is the machine's choice, never the
 * snapshot's. Built only on x86 (MOTE_SNAPSHOT_WIDE), from snapshot_wide_path.h. */
#ifndef MOTE_SNAPSHOT_WIDE_H
#define MOTE_SNAPSHOT_WIDE_H

#include <stdbool.h>
#include <stddef.h>

/* Feeds n bytes into state, an XXH3_state_t (xxhash.h under XXH_INLINE_ALL, reset by
 * XXH3_64bits_reset) on xxHash's AVX2 path. From a file compiled with -mavx2: call it only
 * when the CPU has AVX2. */
void mote_snapshot_hash_update_avx2(void *state, const void *bytes, size_t n);

/* The same on xxHash's AVX-512 path (from a file compiled with -mavx512f, built beside the
 * AVX2 one): call it only when the CPU has AVX-512F. */
void mote_snapshot_hash_update_avx512(void *state, const void *bytes, size_t n);

/* Copies n 32-bit words from src to dst (x86: host order is the snapshot's little-endian) and
 * says whether every word is finite as a float (its exponent bits not all ones), in one pass.
 * With stream set the stores are non-temporal (the caller's _mm_sfence must follow before the
 * copy is read elsewhere). src and dst are 4-byte aligned; 256 bits at a time, AVX2 only. */
bool mote_snapshot_copy_finite_avx2(void *dst, const void *src, size_t n, bool stream);

/* The same 512 bits at a time: AVX-512F only. */
bool mote_snapshot_copy_finite_avx512(void *dst, const void *src, size_t n, bool stream);

#endif
