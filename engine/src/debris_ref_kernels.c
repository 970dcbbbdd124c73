/* The scalar reference backend for debris pools: mote_debris_step on each piece in turn. */
#include "debris_fields.h"
#include "kernel_table.h"

void mote_debris_kernel_scalar(const mote_debris_view *v, const mote_debris_frame *frame,
                               size_t begin, size_t end);

void mote_debris_kernel_scalar(const mote_debris_view *v, const mote_debris_frame *frame,
                               size_t begin, size_t end) {
    float *p[DEBRIS_FIELD_COUNT];
    debris_view_pointers(v, p);
    for (size_t i = begin; i < end; ++i) {
        mote_debris_desc d = debris_desc_at(p, i);
        mote_debris_step(&d, frame);
        debris_desc_store_state(p, i, &d);
    }
}
