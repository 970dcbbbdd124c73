/* The snapshot's AVX-512 path: this one file is compiled with -mavx512f (x86 only), and
 * pool_snapshot.c calls it when the CPU has AVX-512 (mote_backend_available), ahead of the
 * AVX2 path. Same results on every path. */
#define XXH_VECTOR               XXH_AVX512
#define MOTE_SNAPSHOT_PATH(name) mote_snapshot_##name##_avx512
#include "snapshot_wide_path.h"
