/* A world's events (mote/events.h): each joined pool's record of the last world step, read in
 * join order. A world step steps each pool through its own step entry, which records as the
 * pool's setting says (a pool stepped in sub-steps appends each sub-step's events, offset by
 * its start: mote_pool_events_continue), so the world keeps nothing of its own. */
#include "pool_events.h"
#include "refuse.h"
#include "world_internal.h"

mote_status mote_world_set_events(mote_world *world, bool record) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    for (size_t i = 0; i < world->count; ++i) {
        const mote_world_member *m = &world->members[i];
        if (m->kind->events == NULL) {
            continue;
        }
        const mote_status status = mote_pool_set_events(m->pool, m->kind, record);
        if (status != MOTE_OK) {
            return status; /* only when starting: the pools before it record */
        }
    }
    return MOTE_OK;
}

mote_status mote_world_events(const mote_world *world, mote_world_event *out, size_t capacity,
                              size_t *count) {
    if (world == NULL || count == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must not be NULL",
                           world == NULL ? "world" : "count");
    }
    if (out == NULL && capacity > 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must not be NULL with room for %zu",
                           capacity);
    }
    for (size_t i = 0; i < world->count; ++i) {
        const mote_event *events;
        size_t n;
        if (!mote_pool_events_held(world->members[i].pool, &events, &n)) {
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                               "pool %zu's event record is incomplete: the allocator refused "
                               "its memory",
                               i);
        }
    }
    size_t total = 0;
    for (size_t i = 0; i < world->count; ++i) {
        const mote_event *events;
        size_t n;
        (void)mote_pool_events_held(world->members[i].pool, &events, &n);
        for (size_t j = 0; j < n; ++j, ++total) {
            if (total < capacity) {
                out[total] = (mote_world_event){events[j], i};
            }
        }
    }
    *count = total;
    return MOTE_OK;
}
