/* Internal: the kernels one wide-layer variant provides, and the list of compiled variants.
 * Shared by the engine (dispatch), the tests and the tools; not installed. */
#ifndef MOTE_KERNEL_TABLE_H
#define MOTE_KERNEL_TABLE_H

#include <stdbool.h>

#include "kernel_list.h"
#include "mote/backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Applies one wide-math function element-wise: out[i] = fn(in[i]) for i < n. */
typedef void (*mote_array_fn)(const float *in, float *out, size_t n);

/* Applies one two-input wide-math function element-wise: out[i] = fn(a[i], b[i]) for i < n. */
typedef void (*mote_array2_fn)(const float *a, const float *b, float *out, size_t n);

/* The wide math functions, exposed element-wise so tests can measure them. */
typedef struct mote_math_table {
    mote_array_fn exp;        /* e^x */
    mote_array_fn expm1;      /* e^x - 1 */
    mote_array_fn sin;        /* sin x */
    mote_array_fn cos;        /* cos x */
    mote_array_fn wrap_angle; /* x into (-pi, pi] */
    mote_array2_fn atan2;     /* atan2(a, b): a is y, b is x */
} mote_math_table;

/* One compiled variant of the kernel sources. */
typedef struct mote_kernel_table {
    const char *name;      /* "scalar", "portable", "avx2", "avx512", "neon", "avx512-emu", ... */
    mote_backend backend;  /* the public backend whose kernel source this is */
    bool emulated;         /* another ISA's kernel source through SIMDe, for tests only */
    mote_backend requires; /* the backend whose CPU features this variant's flags need */
    int lanes;
    mote_kernel_fn kernel[MOTE_KERNEL_COUNT]; /* indexed by mote_kernel_id (kernel_list.h) */
    mote_math_table math;
} mote_kernel_table;

/* Every variant this build compiled: the public backends, then emulated variants that run
 * another ISA's kernel source through SIMDe on this host (for the bit-identity tests). */
const mote_kernel_table *const *mote_kernel_tables(size_t *count);

/* True when this CPU can run the variant. */
bool mote_kernel_table_runnable(const mote_kernel_table *table);

/* The variant behind a public backend; NULL if this build has none. */
const mote_kernel_table *mote_kernel_table_for(mote_backend backend);

#ifdef __cplusplus
}
#endif

#endif
