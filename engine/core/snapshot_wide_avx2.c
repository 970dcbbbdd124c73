/* The snapshot's AVX2 path: this one file is compiled with -mavx2 (x86 only), and
 * pool_snapshot.c calls it when the CPU has AVX2 (mote_backend_available), else the baseline
 * path (xxHash's SSE2 or NEON, pool_snapshot.c's own copy and placing). Same results either
 * way. */
#define XXH_VECTOR               XXH_AVX2
#define MOTE_SNAPSHOT_PATH(name) mote_snapshot_##name##_avx2
#include "snapshot_wide_path.h"
