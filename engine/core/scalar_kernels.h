/* Internal: the scalar reference kernel of every entry of MOTE_KERNELS, under the one kernel
 * signature (kernel_list.h); each kind's reference file defines its own. */
#ifndef MOTE_SCALAR_KERNELS_H
#define MOTE_SCALAR_KERNELS_H

#include "kernel_list.h"

#define MOTE_DECLARE_SCALAR_KERNEL_(name)                                                          \
    void mote_kernel_##name##_scalar(float *const *fields, const void *constants, size_t begin,    \
                                     size_t end);
MOTE_KERNELS(MOTE_DECLARE_SCALAR_KERNEL_)
#undef MOTE_DECLARE_SCALAR_KERNEL_

#endif
