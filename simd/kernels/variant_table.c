/* The kernel table of one compiled variant: what dispatch, tests and tools look up. */
#include "variant_kernels.h"
#include "wide/wide.h"

#ifndef MOTE_VARIANT_EMULATED
#define MOTE_VARIANT_EMULATED 0
#endif
#ifndef MOTE_VARIANT_BACKEND
#error "MOTE_VARIANT_BACKEND must name the public backend whose source this variant compiles"
#endif

#define KERNEL_ENTRY(name) [MOTE_KERNEL_##name] = MOTE_VARIANT_FN(mote_kernel_##name),
const mote_kernel_table MOTE_VARIANT_FN(mote_kernel_table) = {
    .name = MOTE_VARIANT_NAME,
    .backend = MOTE_VARIANT_BACKEND,
    .emulated = MOTE_VARIANT_EMULATED,
    .requires = MOTE_VARIANT_REQUIRES,
    .lanes = MOTE_W_LANES,
    .kernel = {MOTE_KERNELS(KERNEL_ENTRY)},
    .math =
        {
            .exp = MOTE_VARIANT_FN(mote_math_exp),
            .expm1 = MOTE_VARIANT_FN(mote_math_expm1),
            .sin = MOTE_VARIANT_FN(mote_math_sin),
            .cos = MOTE_VARIANT_FN(mote_math_cos),
            .wrap_angle = MOTE_VARIANT_FN(mote_math_wrap_angle),
            .atan2 = MOTE_VARIANT_FN(mote_math_atan2),
            .log = MOTE_VARIANT_FN(mote_math_log),
            .pow = MOTE_VARIANT_FN(mote_math_pow),
            .math3d =
                {
#define MATH3D_ENTRY(id, name, inputs, outputs)                                                    \
    [MOTE_MATH3D_##id] = MOTE_VARIANT_FN(mote_math3d_##name),
                    MOTE_MATH3D_FUNCTIONS(MATH3D_ENTRY)
#undef MATH3D_ENTRY
                },
        },
    .inputs_outside = MOTE_VARIANT_FN(mote_inputs_outside),
};
