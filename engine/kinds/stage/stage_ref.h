/* Internal: the stage reference's unchecked core, shared by mote_stage_evaluate and the stage
 * pool's scalar kernel. */
#ifndef MOTE_STAGE_REF_H
#define MOTE_STAGE_REF_H

#include "mote/stage.h"

/* The pose at tau s since detachment, desc valid and tau >= 0. */
void mote_stage_pose_at(const mote_stage_desc *desc, float tau, mote_stage_pose *out);

#endif
