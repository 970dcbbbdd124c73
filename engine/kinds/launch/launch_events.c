/* Launch events (mote/events.h): a rocket entering each phase of its timeline, and its stage
 * separating at the end of the acceleration phase, each at its boundary of the rocket's own
 * time. */
#include "launch_fields.h"
#include "pool.h"
#include "pool_events.h"

/* Each rocket's phase as the view shows it (mote_launch_view_phase's rule). */
static void launch_states(const mote_pool *pool, size_t begin, size_t end, unsigned char *out) {
    const float *phase = pool->core.fields.field[LAUNCH_PHASE];
    for (size_t i = begin; i < end; ++i) {
        const float p = phase[i];
        out[i] = p >= 5.0f ? 5u : p >= 1.0f ? (unsigned char)p : 0u;
    }
}

/* Every phase entered after before, up to after, at its boundary, and the stage's separation
 * just after DECEL: times on the rocket's own time, the pool's clock minus its launch_time,
 * which stood at (clock - advanced) - launch_time at the step's start (in double). None when
 * the phase went back (a phase or launch_time written through the view). */
static unsigned launch_emit(const mote_pool *pool, size_t i, unsigned before, unsigned after,
                            float advanced, mote_event *out) {
    const mote_launch_pool *launch = (const mote_launch_pool *)(const void *)pool;
    const mote_launch_profile profile = mote_launch_pool_profile(launch);
    const mote_launch_timeline tl = mote_launch_timeline_of(&profile);
    const double boundary[MOTE_LAUNCH_REST + 1] = {0.0,          tl.ascent_start, tl.slow_end,
                                                   tl.accel_end, tl.ascent_end,   tl.rest_start};
    const double start = (mote_launch_pool_clock(launch) - (double)advanced) -
                         (double)pool->core.fields.field[LAUNCH_LAUNCH_TIME][i];
    unsigned n = 0;
    for (unsigned phase = before + 1; phase <= after && phase <= MOTE_LAUNCH_REST; ++phase) {
        const double at = boundary[phase] - start;
        const float time = at < 0.0 ? 0.0f : at > (double)advanced ? advanced : (float)at;
        out[n++] =
            (mote_event){{0, 0, 0}, (mote_event_code)(MOTE_EVENT_LAUNCH_SLOW - 1 + phase), time};
        if (phase == MOTE_LAUNCH_DECEL) {
            out[n++] = (mote_event){{0, 0, 0}, MOTE_EVENT_LAUNCH_STAGE_SEPARATED, time};
        }
    }
    return n;
}

const mote_kind_events mote_launch_kind_events = {true, launch_states, launch_emit};

mote_status mote_launch_pool_set_events(mote_launch_pool *pool, bool record) {
    return mote_pool_set_events((mote_pool *)(void *)pool, &mote_launch_pool_kind_record, record);
}

mote_status mote_launch_pool_events(const mote_launch_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count) {
    return mote_pool_events((const mote_pool *)(const void *)pool, &mote_launch_pool_kind_record,
                            out, capacity, count);
}
