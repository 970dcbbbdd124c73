/* The scalar reference kernel for docking pools: the reference's sub-steps on each sequence in
 * turn (mote_docking_step without its checks: the pool checked dt and the stored values). */
#include "docking_fields.h"
#include "docking_model.h"
#include "scalar_kernels.h"

void mote_kernel_docking_scalar(float *const *p, const void *constants, size_t begin, size_t end) {
    const mote_docking_constants *c = constants;
    for (size_t i = begin; i < end; ++i) {
        mote_docking_state s = docking_state_at(p, i);
        for (int k = 0; k < c->substeps; ++k) {
            docking_substep(c, &s);
        }
        docking_state_store(p, i, &s);
    }
}
