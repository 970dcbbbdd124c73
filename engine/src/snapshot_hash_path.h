/* Internal: one xxHash XXH3 update path, compiled by a file that sets XXH_VECTOR (xxHash's
 * choice of instruction set) and MOTE_SNAPSHOT_HASH_PATH (the function's name) and builds
 * with that instruction set's flags: snapshot_hash_avx2.c, snapshot_hash_avx512.c. */
#include "snapshot_hash.h"

#define XXH_INLINE_ALL
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds" /* as in pool_snapshot.c */
#endif
#include <xxhash.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void MOTE_SNAPSHOT_HASH_PATH(void *state, const void *bytes, size_t n) {
    (void)XXH3_64bits_update((XXH3_state_t *)state, bytes, n);
}
