/* Internal: the kernels and wide-math arrays one variant defines, under its suffixed names. */
#ifndef MOTE_VARIANT_KERNELS_H
#define MOTE_VARIANT_KERNELS_H

#include "kernel_table.h"
#include "variant.h"

#define MOTE_DECLARE_SPRING_KERNEL(name)                                                           \
    void MOTE_VARIANT_FN(mote_spring_kernel_##name)(const mote_spring_view *f, size_t begin,       \
                                                    size_t end, float dt);
#define MOTE_DECLARE_MATH_ARRAY(name)                                                              \
    void MOTE_VARIANT_FN(mote_math_##name)(const float *in, float *out, size_t n);

MOTE_DECLARE_SPRING_KERNEL(damper)
MOTE_DECLARE_SPRING_KERNEL(critical)
MOTE_DECLARE_SPRING_KERNEL(angle)
MOTE_DECLARE_SPRING_KERNEL(double_angle)
MOTE_DECLARE_SPRING_KERNEL(decay)
MOTE_DECLARE_SPRING_KERNEL(semi_implicit)
MOTE_DECLARE_SPRING_KERNEL(exp_response)
MOTE_DECLARE_SPRING_KERNEL(damped)
MOTE_DECLARE_SPRING_KERNEL(double)

MOTE_DECLARE_MATH_ARRAY(exp)
MOTE_DECLARE_MATH_ARRAY(expm1)
MOTE_DECLARE_MATH_ARRAY(sin)
MOTE_DECLARE_MATH_ARRAY(cos)
MOTE_DECLARE_MATH_ARRAY(wrap_angle)
void MOTE_VARIANT_FN(mote_math_atan2)(const float *a, const float *b, float *out, size_t n);
#define MOTE_DECLARE_MATH3D_ARRAY(id, name, inputs, outputs)                                       \
    void MOTE_VARIANT_FN(mote_math3d_##name)(const float *const *in, float *const *out, size_t n);
MOTE_MATH3D_FUNCTIONS(MOTE_DECLARE_MATH3D_ARRAY)

void MOTE_VARIANT_FN(mote_mover_kernel)(const mote_mover_view *v, size_t begin, size_t end,
                                        const mote_mover_step *step);

void MOTE_VARIANT_FN(mote_debris_kernel)(const mote_debris_view *v, const mote_debris_frame *frame,
                                         size_t begin, size_t end);

extern const mote_kernel_table MOTE_VARIANT_FN(mote_kernel_table);

#endif
