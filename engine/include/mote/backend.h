/* mote: SIMD backends and how one is chosen. */
#ifndef MOTE_BACKEND_H
#define MOTE_BACKEND_H

#include "mote/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The code paths a pool can be stepped with. scalar is the reference implementation,
 * one element at a time through libm; every other backend is the same wide kernel source
 * compiled for one lane width, and they agree with each other bit for bit. */
typedef enum mote_backend {
    MOTE_BACKEND_AUTO = -1,  /* let dispatch choose (mote_backend_best) */
    MOTE_BACKEND_SCALAR = 0, /* reference: plain C and libm, one element at a time */
    MOTE_BACKEND_PORTABLE,   /* wide kernels, 1 lane, plain C: runs anywhere */
    MOTE_BACKEND_AVX2,       /* wide kernels, 8 lanes, x86 AVX2 + FMA */
    MOTE_BACKEND_AVX512,     /* wide kernels, 16 lanes, x86 AVX-512F */
    MOTE_BACKEND_NEON,       /* wide kernels, 4 lanes: native on aarch64; on x86 SIMDe lowers it
                              * to SSE and FMA, so it needs an x86 CPU with FMA */
    MOTE_BACKEND_COUNT
} mote_backend;

/* Lower-case name: "scalar", "portable", "avx2", "avx512", "neon" (or "auto"); "unknown"
 * for a value outside the enum. */
const char *mote_backend_name(mote_backend backend);

/* Parses a name as printed by mote_backend_name ("auto" included). False if unknown. */
bool mote_backend_parse(const char *name, mote_backend *out);

/* True when this build has the backend and this CPU can run it. */
bool mote_backend_available(mote_backend backend);

/* Lanes per wide operation: 1 for scalar and portable, 8 avx2, 16 avx512, 4 neon. */
int mote_backend_lanes(mote_backend backend);

/* The fastest backend this CPU runs, ignoring the environment. */
mote_backend mote_backend_detect(void);

/* The backend dispatch uses for MOTE_BACKEND_AUTO: the MOTE_BACKEND environment variable
 * when it names an available backend (read once, at first use), else mote_backend_detect(). */
mote_backend mote_backend_best(void);

#ifdef __cplusplus
}
#endif

#endif
