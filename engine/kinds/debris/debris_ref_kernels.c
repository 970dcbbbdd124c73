/* The scalar reference kernel for debris pools: mote_debris_step on each piece in turn. */
#include "debris_fields.h"
#include "scalar_kernels.h"

void mote_kernel_debris_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_debris_frame *frame = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_debris_desc d = debris_desc_at(p, i);
        mote_debris_step(&d, frame);
        debris_desc_store_state(p, i, &d);
    }
}
