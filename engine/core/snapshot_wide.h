/* Internal: the snapshot's bulk work on the widest instruction set the CPU has: the checksum
 * (XXH3-64, seed 0, docs/snapshot-format.md) fed in pieces, the checked copy of a piece of
 * 32-bit words and the placing of a piece of element slots into an id table. Each path gives
 * the same result as the baseline one (XXH3 has the same value on every path; a copy is a
 * copy; slots land where the scalar loop puts them), so the path is the machine's choice, never
 * the snapshot's. The wide paths are built only on x86 (MOTE_SNAPSHOT_WIDE), from
 * snapshot_wide_path.h; the scalar placing below is every path's reference and tail. */
#ifndef MOTE_SNAPSHOT_WIDE_H
#define MOTE_SNAPSHOT_WIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Feeds n bytes into state, an XXH3_state_t (xxhash.h under XXH_INLINE_ALL, reset by
 * XXH3_64bits_reset) on xxHash's AVX2 path. From a file compiled with -mavx2: call it only
 * when the CPU has AVX2. */
void mote_snapshot_hash_update_avx2(void *state, const void *bytes, size_t n);

/* The same on xxHash's AVX-512 path (from a file compiled with -mavx512f, built beside the
 * AVX2 one): call it only when the CPU has AVX-512F. */
void mote_snapshot_hash_update_avx512(void *state, const void *bytes, size_t n);

/* Copies n 32-bit words from src to dst (x86: host order is the snapshot's little-endian) and
 * says whether none is bad, a word w being bad when (w & mask) == bad_bits (mask and bad_bits
 * 0x7f800000: a NaN or an infinity as a float; mask 0xffffffff and bad_bits 0: a zero), in one
 * pass. With stream set the stores are non-temporal (the caller's _mm_sfence must follow
 * before the copy is read elsewhere). src and dst are 4-byte aligned; 256 bits at a time, AVX2
 * only. */
bool mote_snapshot_copy_checked_avx2(void *dst, const void *src, size_t n, bool stream,
                                     uint32_t mask, uint32_t bad_bits);

/* The same 512 bits at a time: AVX-512F only. */
bool mote_snapshot_copy_checked_avx512(void *dst, const void *src, size_t n, bool stream,
                                       uint32_t mask, uint32_t bad_bits);

/* The slot a word names, or 0 when it is out of 1..slots_used (slot 0's entries are never
 * read: writing them is harmless), setting *out_of_range then. */
static inline uint32_t mote_snapshot_slot_in_range(uint32_t word, uint32_t slots_used,
                                                   uint32_t *out_of_range) {
    const uint32_t out = word - 1u >= slots_used; /* slot 0 wraps round */
    *out_of_range |= out;
    return out ? 0u : word;
}

/* One element slot of a restore's id table: the slot named by word (1..slots_used) is marked
 * seen and given dense index `dense`; a word out of that range is placed at slot 0 instead
 * (whose entries are never read) and sets *out_of_range. Plain stores, no test of what is
 * there: no chain through memory from one slot to the next. */
static inline void mote_snapshot_place_slot(uint32_t *dense_of_slot, unsigned char *seen,
                                            uint32_t word, uint32_t dense, uint32_t slots_used,
                                            uint32_t *out_of_range) {
    const uint32_t slot = mote_snapshot_slot_in_range(word, slots_used, out_of_range);
    seen[slot] = 1;
    dense_of_slot[slot] = dense;
}

/* Places n slots, the 32-bit host words at slots (4-byte aligned), the i-th with dense index
 * first_dense + i; true when every one was in 1..slots_used. seen has a byte per slot
 * 0..slots_used, dense_of_slot a word per slot. The reference every wide path matches. */
static inline bool mote_snapshot_place_slots_scalar(uint32_t *dense_of_slot, unsigned char *seen,
                                                    const void *slots, size_t n,
                                                    uint32_t first_dense, uint32_t slots_used) {
    uint32_t out_of_range = 0;
    for (size_t i = 0; i < n; ++i) {
        uint32_t word;
        memcpy(&word, (const unsigned char *)slots + 4 * i, 4);
        mote_snapshot_place_slot(dense_of_slot, seen, word, first_dense + (uint32_t)i, slots_used,
                                 &out_of_range);
    }
    return out_of_range == 0;
}

/* mote_snapshot_place_slots_scalar's result and stores, a vector at a time: the lanes of a
 * vector that continue a run of consecutive slots in range (a pool that removals have not
 * shuffled is one long run; one with removals, runs broken by the elements moved into holes)
 * take one masked store of their dense indices and one blend of their seen bytes, the others
 * are placed one by one. For a slot named twice (a bad blob: the restore's check that every
 * slot is named once refuses it) which dense index it keeps is left open. AVX2 only. */
bool mote_snapshot_place_slots_avx2(uint32_t *dense_of_slot, unsigned char *seen, const void *slots,
                                    size_t n, uint32_t first_dense, uint32_t slots_used);

/* The same 16 slots at a time: AVX-512F only. */
bool mote_snapshot_place_slots_avx512(uint32_t *dense_of_slot, unsigned char *seen,
                                      const void *slots, size_t n, uint32_t first_dense,
                                      uint32_t slots_used);

#endif
