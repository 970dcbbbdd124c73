/* The snapshot checksum's AVX-512 path: this one file is compiled with -mavx512f (x86 only),
 * and pool_snapshot.c calls it when the CPU has AVX-512 (mote_backend_available), ahead of
 * the AVX2 path. Same value on every path. */
#include "snapshot_hash.h"

#define XXH_INLINE_ALL
#define XXH_VECTOR XXH_AVX512
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds" /* as in pool_snapshot.c */
#endif
#include <xxhash.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void mote_snapshot_hash_update_avx512(void *state, const void *bytes, size_t n) {
    (void)XXH3_64bits_update((XXH3_state_t *)state, bytes, n);
}
