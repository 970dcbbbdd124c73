/* Internal: the stage kernel's bounds against the scalar reference, for its tests and
 * mote-compare (reasoning in engine/kinds/stage/stage_kernels.c). */
#ifndef MOTE_STAGE_BOUNDS_H
#define MOTE_STAGE_BOUNDS_H

/* The step count the long-run bound is stated for. */
#define STAGE_BOUND_STEPS 1000

/* time, position: bit-identical after one step and after STAGE_BOUND_STEPS steps. */
#define STAGE_EXACT_ULP 0
/* orientation, absolute per component (2 ULP of 1), one step and STAGE_BOUND_STEPS steps. */
#define STAGE_ORIENTATION_ABS 2.4e-7

#endif
