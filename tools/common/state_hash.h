/* A 64-bit hash of pool state that is the same on every platform: FNV-1a over the bytes of
 * each value in little-endian order, with every NaN replaced by one canonical pattern first
 * (x86 and ARM produce NaNs with different sign and payload bits; which NaN a lane holds is
 * not part of mote's contract, that it holds a NaN is). Used by the golden-hash test and
 * mote-compare. */
#ifndef MOTE_STATE_HASH_H
#define MOTE_STATE_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The hash of nothing (FNV-1a's offset basis); start every hash from it. */
#define STATE_HASH_SEED 0xcbf29ce484222325ull

/* Mixes n floats into hash, NaNs canonicalised to 0x7fc00000. */
uint64_t state_hash_floats(uint64_t hash, const float *values, size_t n);

/* Mixes n 32-bit words into hash as they are. */
uint64_t state_hash_u32(uint64_t hash, const uint32_t *values, size_t n);

/* Mixes one 64-bit word into hash. */
uint64_t state_hash_u64(uint64_t hash, uint64_t value);

#endif
