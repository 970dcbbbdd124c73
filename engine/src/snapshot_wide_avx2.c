/* The snapshot's AVX2 path: this one file is compiled with -mavx2 (x86 only), and
 * pool_snapshot.c calls it when the CPU has AVX2 (mote_backend_available), else the baseline
 * path (xxHash's SSE2 or NEON, pool_snapshot.c's own copy). Same results either way. */
#define XXH_VECTOR              XXH_AVX2
#define MOTE_SNAPSHOT_HASH_PATH mote_snapshot_hash_update_avx2
#define MOTE_SNAPSHOT_COPY_PATH mote_snapshot_copy_finite_avx2
#include "snapshot_wide_path.h"
