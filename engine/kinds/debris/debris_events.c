/* Debris events (mote/events.h): a piece released in a step, at its detach_time. */
#include "debris_fields.h"
#include "pool.h"
#include "pool_events.h"

/* 1 for a piece released in the step (phase RELEASED after it), else 0. */
static void debris_states(const mote_pool *pool, size_t begin, size_t end, unsigned char *out) {
    const float *phase = pool->core.fields.field[DEBRIS_PHASE];
    for (size_t i = begin; i < end; ++i) {
        out[i] = phase[i] == (float)MOTE_DEBRIS_RELEASED;
    }
}

/* x clamped to [0, advanced] (a piece added past its detach_time releases at the step's start). */
static float within_step(double x, float advanced) {
    return x < 0.0 ? 0.0f : x > (double)advanced ? advanced : (float)x;
}

/* The release: detach_time on the piece's clock, which stood at time - advanced at the step's
 * start. */
static unsigned debris_emit(const mote_pool *pool, size_t i, unsigned before, unsigned after,
                            float advanced, mote_event *out) {
    (void)before;
    (void)after;
    float *const *p = pool->core.fields.field;
    const double start = (double)p[DEBRIS_TIME][i] - (double)advanced;
    out[0].code = MOTE_EVENT_DEBRIS_RELEASED;
    out[0].time = within_step((double)p[DEBRIS_DETACH_TIME][i] - start, advanced);
    return 1;
}

const mote_kind_events mote_debris_kind_events = {false, debris_states, debris_emit};

mote_status mote_debris_pool_set_events(mote_debris_pool *pool, bool record) {
    return mote_pool_set_events((mote_pool *)(void *)pool, &mote_debris_pool_kind_record, record);
}

mote_status mote_debris_pool_events(const mote_debris_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count) {
    return mote_pool_events((const mote_pool *)(const void *)pool, &mote_debris_pool_kind_record,
                            out, capacity, count);
}
