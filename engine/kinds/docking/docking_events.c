/* Docking events (mote/events.h): a sequence entering each phase of its timeline, the lock
 * last, each at its moment on the sequence clock. */
#include <math.h>

#include "docking_fields.h"
#include "pool.h"
#include "pool_events.h"

/* The phase at a clock and a lock (mote_docking_pose's). */
static unsigned phase_at(const mote_docking_timeline *tl, float time, bool locked) {
    if (locked) {
        return MOTE_DOCKING_LOCKED;
    }
    return time < 0.0f                 ? MOTE_DOCKING_PENDING
           : time < tl->approach_start ? MOTE_DOCKING_HOLD
           : time < tl->approach_end   ? MOTE_DOCKING_APPROACH
           : time < tl->settle_end     ? MOTE_DOCKING_SETTLE
                                       : MOTE_DOCKING_SPIN_DOWN;
}

static const mote_docking_profile *profile_of(const mote_pool *pool) {
    return mote_pool_settings_const(pool);
}

/* Each sequence's phase (mote_docking_phase). */
static void docking_states(const mote_pool *pool, size_t begin, size_t end, unsigned char *out) {
    const mote_docking_timeline tl = mote_docking_timeline_of(profile_of(pool));
    const float *time = pool->core.fields.field[DOCKING_TIME];
    const float *locked = pool->core.fields.field[DOCKING_LOCKED];
    for (size_t i = begin; i < end; ++i) {
        out[i] = (unsigned char)phase_at(&tl, time[i], locked[i] > 0.0f);
    }
}

/* The clock at which spin_down_t = smoothstep(x) reaches the lock threshold: smoothstep's
 * inverse, x = 1/2 - sin(asin(1 - 2 threshold) / 3), on the spin-down range. */
static double lock_time(const mote_docking_profile *profile, const mote_docking_timeline *tl) {
    const double x = 0.5 - sin(asin(1.0 - 2.0 * (double)profile->lock_threshold) / 3.0);
    return (double)tl->settle_end + ((double)tl->spin_down_end - (double)tl->settle_end) * x;
}

/* Every phase entered after before, up to after, at its boundary on the clock, which stood at
 * time - advanced at the step's start; none when the state went back (a clock or lock written
 * through the view). */
static unsigned docking_emit(const mote_pool *pool, size_t i, unsigned before, unsigned after,
                             float advanced, mote_event *out) {
    const mote_docking_profile *profile = profile_of(pool);
    const mote_docking_timeline tl = mote_docking_timeline_of(profile);
    const double boundary[MOTE_DOCKING_LOCKED + 1] = {
        0.0, 0.0, tl.approach_start, tl.approach_end, tl.settle_end, lock_time(profile, &tl)};
    const double start = (double)pool->core.fields.field[DOCKING_TIME][i] - (double)advanced;
    unsigned n = 0;
    for (unsigned phase = before + 1; phase <= after && phase <= MOTE_DOCKING_LOCKED; ++phase) {
        const double at = boundary[phase] - start;
        out[n].code = (mote_event_code)(MOTE_EVENT_DOCKING_HOLD - 1 + phase);
        out[n].time = at < 0.0 ? 0.0f : at > (double)advanced ? advanced : (float)at;
        ++n;
    }
    return n;
}

const mote_kind_events mote_docking_kind_events = {true, docking_states, docking_emit};

mote_status mote_docking_pool_set_events(mote_docking_pool *pool, bool record) {
    return mote_pool_set_events((mote_pool *)(void *)pool, &mote_docking_pool_kind_record, record);
}

mote_status mote_docking_pool_events(const mote_docking_pool *pool, mote_event *out,
                                     size_t capacity, size_t *count) {
    return mote_pool_events((const mote_pool *)(const void *)pool, &mote_docking_pool_kind_record,
                            out, capacity, count);
}

mote_docking_phase mote_docking_pool_phase(const mote_docking_pool *pool, size_t i) {
    const mote_pool *p = (const mote_pool *)(const void *)pool;
    if (!mote_pool_is(p, &mote_docking_pool_kind_record) || i >= p->core.count) {
        return MOTE_DOCKING_PENDING;
    }
    const mote_docking_timeline tl = mote_docking_timeline_of(profile_of(p));
    return (mote_docking_phase)phase_at(&tl, p->core.fields.field[DOCKING_TIME][i],
                                        p->core.fields.field[DOCKING_LOCKED][i] > 0.0f);
}
