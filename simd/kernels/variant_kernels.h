/* Internal: the kernels and wide-math arrays one variant defines, under its suffixed names. */
#ifndef MOTE_VARIANT_KERNELS_H
#define MOTE_VARIANT_KERNELS_H

#include "kernel_table.h"
#include "variant.h"

#define MOTE_DECLARE_KERNEL(name)                                                                  \
    void MOTE_VARIANT_FN(mote_kernel_##name)(float *const *fields, const void *constants,          \
                                             size_t begin, size_t end);
MOTE_KERNELS(MOTE_DECLARE_KERNEL)
#undef MOTE_DECLARE_KERNEL

#define MOTE_DECLARE_MATH_ARRAY(name)                                                              \
    void MOTE_VARIANT_FN(mote_math_##name)(const float *in, float *out, size_t n);
MOTE_DECLARE_MATH_ARRAY(exp)
MOTE_DECLARE_MATH_ARRAY(expm1)
MOTE_DECLARE_MATH_ARRAY(sin)
MOTE_DECLARE_MATH_ARRAY(cos)
MOTE_DECLARE_MATH_ARRAY(wrap_angle)
MOTE_DECLARE_MATH_ARRAY(log)
#undef MOTE_DECLARE_MATH_ARRAY
void MOTE_VARIANT_FN(mote_math_atan2)(const float *a, const float *b, float *out, size_t n);
void MOTE_VARIANT_FN(mote_math_pow)(const float *a, const float *b, float *out, size_t n);
#define MOTE_DECLARE_MATH3D_ARRAY(id, name, inputs, outputs)                                       \
    void MOTE_VARIANT_FN(mote_math3d_##name)(const float *const *in, float *const *out, size_t n);
MOTE_MATH3D_FUNCTIONS(MOTE_DECLARE_MATH3D_ARRAY)

bool MOTE_VARIANT_FN(mote_inputs_outside)(const float *const *p, int components, size_t n,
                                          float low, float high);

extern const mote_kernel_table MOTE_VARIANT_FN(mote_kernel_table);

#endif
