/* The snapshot checksum's AVX2 path: this one file is compiled with -mavx2 (x86 only), and
 * pool_snapshot.c calls it when the CPU has AVX2 (mote_backend_available), else xxHash's
 * baseline path (SSE2 on x86-64, NEON on aarch64). Same value either way. */
#define XXH_VECTOR              XXH_AVX2
#define MOTE_SNAPSHOT_HASH_PATH mote_snapshot_hash_update_avx2
#include "snapshot_hash_path.h"
