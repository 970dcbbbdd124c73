/* A world's step (mote/world.h): every joined pool by the same seconds, on one task system. */
#include <math.h>

#include "refuse.h"
#include "world_internal.h"

mote_status mote_world_advance(mote_world *world, float dt, float *out_advanced) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    if (!(dt >= 0.0f) || !isfinite(dt)) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    const float limit = world->max_dt < MOTE_MAX_STEP_DT ? world->max_dt : MOTE_MAX_STEP_DT;
    const float advanced = dt < limit ? dt : limit;
    for (size_t i = 0; i < world->count && advanced > 0.0f; ++i) {
        const mote_world_member *m = &world->members[i];
        (void)mote_pool_step_span(m->pool, m->kind, mote_step_whole(), advanced,
                                  mote_world_tasks(world), m->report, NULL);
    }
    if (out_advanced != NULL) {
        *out_advanced = advanced;
    }
    return MOTE_OK;
}

mote_status mote_world_step(mote_world *world, float dt) {
    return mote_world_advance(world, dt, NULL);
}
