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

/* Applies one 3D-math function element-wise over component arrays: in[k][i] is input
 * component k of element i (the operands' components in order, a.x a.y a.z b.x ...), and the
 * result's component k goes to out[k][i], for i < n. */
typedef void (*mote_soa_fn)(const float *const *in, float *const *out, size_t n);

/* The 3D math of mote/math3d.h (scalar) and simd/wide/wide_math3d.h (lanes), one entry per
 * function: X(ID, name, inputs, outputs) with its operands in the scalar function's order. */
#define MOTE_MATH3D_FUNCTIONS(X)                                                                   \
    X(VEC3_ADD, vec3_add, 6, 3)                                                                    \
    X(VEC3_SUB, vec3_sub, 6, 3)                                                                    \
    X(VEC3_SCALE, vec3_scale, 4, 3)                                                                \
    X(VEC3_DOT, vec3_dot, 6, 1)                                                                    \
    X(VEC3_CROSS, vec3_cross, 6, 3)                                                                \
    X(VEC3_LENGTH, vec3_length, 3, 1)                                                              \
    X(VEC3_NORMALIZE, vec3_normalize, 3, 3)                                                        \
    X(VEC3_LERP, vec3_lerp, 7, 3)                                                                  \
    X(MAT3_MUL_VEC3, mat3_mul_vec3, 12, 3)                                                         \
    X(QUAT_MUL, quat_mul, 8, 4)                                                                    \
    X(QUAT_CONJUGATE, quat_conjugate, 4, 4)                                                        \
    X(QUAT_DOT, quat_dot, 8, 1)                                                                    \
    X(QUAT_NORMALIZE, quat_normalize, 4, 4)                                                        \
    X(QUAT_AXIS_ANGLE, quat_axis_angle, 4, 4)                                                      \
    X(QUAT_TO_MAT3, quat_to_mat3, 4, 9)                                                            \
    X(QUAT_ROTATE, quat_rotate, 7, 3)                                                              \
    X(QUAT_FROM_UNIT_VECTORS, quat_from_unit_vectors, 6, 4)                                        \
    X(QUAT_FROM_ROTATION_VECTOR, quat_from_rotation_vector, 3, 4)                                  \
    X(QUAT_TO_ROTATION_VECTOR, quat_to_rotation_vector, 4, 3)                                      \
    X(QUAT_NLERP, quat_nlerp, 9, 4)

/* MOTE_MATH3D_VEC3_ADD, ...: the index of each function in mote_math_table.math3d. */
typedef enum mote_math3d_id {
#define MOTE_MATH3D_ID(id, name, inputs, outputs) MOTE_MATH3D_##id,
    MOTE_MATH3D_FUNCTIONS(MOTE_MATH3D_ID)
#undef MOTE_MATH3D_ID
    /* how many there are */
    MOTE_MATH3D_COUNT
} mote_math3d_id;

#define MOTE_MATH3D_MAX_INPUTS  12
#define MOTE_MATH3D_MAX_OUTPUTS 9

/* The wide math functions, exposed element-wise so tests can measure them. */
typedef struct mote_math_table {
    mote_array_fn exp;        /* e^x */
    mote_array_fn expm1;      /* e^x - 1 */
    mote_array_fn sin;        /* sin x */
    mote_array_fn cos;        /* cos x */
    mote_array_fn wrap_angle; /* x into (-pi, pi] */
    mote_array2_fn atan2;     /* atan2(a, b): a is y, b is x */
    mote_array_fn log;        /* ln x */
    mote_array2_fn pow;       /* a^b */
    /* the 3D math, indexed by mote_math3d_id */
    mote_soa_fn math3d[MOTE_MATH3D_COUNT];
} mote_math_table;

/* Whether any of elements [0, n) of the component arrays p[0 .. components) (1 to 4) lies
 * outside [low, high]: the value itself for one component, else its squared length (summed in
 * component order, each product rounded) against the squared bounds low and high. A NaN or an
 * infinity is outside. The fast pass of a step's input check (input_check.h); every variant
 * gives the scalar pass's answer. */
typedef bool (*mote_outside_fn)(const float *const *p, int components, size_t n, float low,
                                float high);

/* One compiled variant of the kernel sources. */
typedef struct mote_kernel_table {
    const char *name;      /* "scalar", "portable", "avx2", "avx512", "neon", "avx512-emu", ... */
    mote_backend backend;  /* the public backend whose kernel source this is */
    bool emulated;         /* another ISA's kernel source through SIMDe, for tests only */
    mote_backend requires; /* the backend whose CPU features this variant's flags need */
    int lanes;
    mote_kernel_fn kernel[MOTE_KERNEL_COUNT]; /* indexed by mote_kernel_id (kernel_list.h) */
    mote_math_table math;
    mote_outside_fn inputs_outside; /* the input check's fast pass */
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
