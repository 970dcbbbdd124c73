/* The scalar reference backend's kernel table: every kind's reference kernel, and libm
 * behind the math table. */
#include <math.h>

#include "kernel_table.h"
#include "mote/spring.h"
#include "scalar_kernels.h"

#define LIBM_ARRAY(name, fn)                                                                       \
    static void name(const float *in, float *out, size_t n) {                                      \
        for (size_t i = 0; i < n; ++i) {                                                           \
            out[i] = fn(in[i]);                                                                    \
        }                                                                                          \
    }

LIBM_ARRAY(libm_exp, expf)
LIBM_ARRAY(libm_expm1, expm1f)
LIBM_ARRAY(libm_sin, sinf)
LIBM_ARRAY(libm_cos, cosf)
LIBM_ARRAY(ref_wrap_angle, mote_wrap_angle)

static void libm_atan2(const float *a, const float *b, float *out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        out[i] = atan2f(a[i], b[i]);
    }
}

#define SCALAR_ENTRY(name) [MOTE_KERNEL_##name] = mote_kernel_##name##_scalar,
const mote_kernel_table mote_kernel_table_scalar = {
    .name = "scalar",
    .backend = MOTE_BACKEND_SCALAR,
    .emulated = false,
    .requires = MOTE_BACKEND_SCALAR,
    .lanes = 1,
    .kernel = {MOTE_KERNELS(SCALAR_ENTRY)},
    .math = {libm_exp, libm_expm1, libm_sin, libm_cos, ref_wrap_angle, libm_atan2},
};
