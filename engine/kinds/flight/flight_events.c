/* Flight events (mote/events.h): a flyer landed in a step, at its duration. */
#include "flight_fields.h"
#include "pool.h"
#include "pool_events.h"

/* 1 for a flyer that landed in the step (landed 1 after it), else 0. */
static void flight_states(const mote_pool *pool, size_t begin, size_t end, unsigned char *out) {
    const float *landed = pool->core.fields.field[FLIGHT_LANDED];
    for (size_t i = begin; i < end; ++i) {
        out[i] = landed[i] == 1.0f;
    }
}

/* The landing: the flyer's duration on its clock, which stood at time - advanced at the step's
 * start (clamped into the step: a flyer retargeted past its duration lands at the start). */
static unsigned flight_emit(const mote_pool *pool, size_t i, unsigned before, unsigned after,
                            float advanced, mote_event *out) {
    (void)before;
    (void)after;
    float *const *p = pool->core.fields.field;
    const double at = (double)p[FLIGHT_DURATION][i] - ((double)p[FLIGHT_TIME][i] - advanced);
    out[0].code = MOTE_EVENT_FLIGHT_LANDED;
    out[0].time = at < 0.0 ? 0.0f : at > (double)advanced ? advanced : (float)at;
    return 1;
}

const mote_kind_events mote_flight_kind_events = {false, flight_states, flight_emit};

mote_status mote_flight_pool_set_events(mote_flight_pool *pool, bool record) {
    return mote_pool_set_events((mote_pool *)(void *)pool, &mote_flight_pool_kind_record, record);
}

mote_status mote_flight_pool_events(const mote_flight_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count) {
    return mote_pool_events((const mote_pool *)(const void *)pool, &mote_flight_pool_kind_record,
                            out, capacity, count);
}
