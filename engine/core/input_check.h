/* Internal: a step's check of the inputs the caller wrote through the view. The fields of role
 * MOTE_ROLE_INPUT (a goal, a desired velocity, a station's position) are written straight into
 * the pool's arrays between steps, where no add or set sees them; before a step moves anything,
 * every such field of the stepped range must lie within the kind's limits for it (the kind
 * record's input_limits, pool_kind.h), or the step refuses and changes nothing. */
#ifndef MOTE_CORE_INPUT_CHECK_H
#define MOTE_CORE_INPUT_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/base.h"

typedef struct mote_pool mote_pool;

/* MOTE_OK when every input field the pool stores holds, for every element of [begin, end)
 * (begin <= end <= count, checked by the caller), a value within its limit. Otherwise the
 * refusal of the lowest such element, through mote_refuse: MOTE_ERROR_NON_FINITE where one of
 * its inputs is NaN or infinite ("view.goal[12]: must be finite (got nan)"), else
 * MOTE_ERROR_INVALID_ARGUMENT, as add refuses the same value ("view.goal[12]: must be within
 * [-1e+15, 1e+15] (got 1e+30)"; a vector: "view.desired_velocity[12]: its length must be within
 * ..."). Reads the arrays only. One pass per limit over the range on the pool's backend (its
 * kernel table's inputs_outside, kernel_table.h); the element is looked for only after a pass
 * found one. */
mote_status mote_input_check(const mote_pool *pool, size_t begin, size_t end);

/* The fast pass on the scalar backend, element by element: the specification every variant's
 * inputs_outside follows (mote_outside_fn, kernel_table.h). */
bool mote_inputs_outside_scalar(const float *const *p, int components, size_t n, float low,
                                float high);

#endif
