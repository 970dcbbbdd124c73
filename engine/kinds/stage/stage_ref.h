/* Internal: the stage reference's unchecked core, shared by mote_stage_evaluate and the stage
 * pool's scalar kernel. */
#ifndef MOTE_STAGE_REF_H
#define MOTE_STAGE_REF_H

#include "mote/stage.h"

/* A stage's time after a step of dt from time (both >= 0): time + dt, stopping at
 * MOTE_STAGE_TIME_MAX (the wide kernel selects the same way). */
static inline float stage_time_after(float time, float dt) {
    const float tau = time + dt;
    return tau > MOTE_STAGE_TIME_MAX ? MOTE_STAGE_TIME_MAX : tau; /* a NaN stays NaN */
}

/* The pose at tau s since detachment, desc valid and tau in [0, MOTE_STAGE_TIME_MAX]. */
void mote_stage_pose_at(const mote_stage_desc *desc, float tau, mote_stage_pose *out);

#endif
