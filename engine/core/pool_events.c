/* A pool's record of its last step's events (pool_events.h, mote/events.h): the state bytes a
 * recording step's ranges read around their kernels, and the pass after the step that turns
 * the changed ones into the kind's events, sorted. */
#include "pool_events.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "allocator.h"
#include "pool.h"
#include "refuse.h"

/* One event and the element's index at the step (the sort's second key). */
typedef struct event_entry {
    mote_event event;
    size_t index;
} event_entry;

struct mote_pool_events {
    bool recording;        /* the step under way records */
    bool incomplete;       /* the last step's record lacks events: its memory was refused */
    bool continuing;       /* the next step appends, its times offset */
    float offset;          /* s: the appended times' offset */
    unsigned char *before; /* a byte per element: the states before the step (kind->before) */
    unsigned char *after;  /* ... and after it */
    size_t state_bytes;    /* each array's room */
    event_entry *entries;  /* the record, sorted */
    size_t count, room;    /* entries held, and their room */
    mote_event *events;    /* the record's events alone, for the world (room entries) */
    size_t events_room;
};

/* The kind's events, or NULL. */
static const mote_kind_events *kind_events(const mote_pool *pool) {
    return pool->kind->events;
}

static mote_status refuse_pool(const mote_pool_kind *kind) {
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                       "pool must be a live %s pool (got NULL or "
                       "another kind)",
                       kind != NULL ? kind->name : "");
}

static void release_arrays(mote_pool *pool) {
    struct mote_pool_events *e = pool->events;
    mote_allocator *a = &pool->core.allocator;
    mote_release(a, e->before, e->state_bytes);
    mote_release(a, e->after, e->state_bytes);
    mote_release(a, e->entries, e->room * sizeof(event_entry));
    mote_release(a, e->events, e->events_room * sizeof(mote_event));
    e->before = e->after = NULL;
    e->entries = NULL;
    e->events = NULL;
    e->state_bytes = e->room = e->events_room = e->count = 0;
}

void mote_pool_events_release(mote_pool *pool) {
    if (pool == NULL || pool->events == NULL) {
        return;
    }
    release_arrays(pool);
    mote_release(&pool->core.allocator, pool->events, sizeof *pool->events);
    pool->events = NULL;
}

mote_status mote_pool_set_events(mote_pool *pool, const mote_pool_kind *kind, bool record) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (!record) {
        mote_pool_events_release(pool);
        return MOTE_OK;
    }
    if (pool->events == NULL) {
        pool->events = mote_allocate(&pool->core.allocator, sizeof *pool->events);
        if (pool->events == NULL) {
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                               "the allocator refused the event record "
                               "(%zu bytes)",
                               sizeof *pool->events);
        }
        memset(pool->events, 0, sizeof *pool->events);
    }
    return MOTE_OK;
}

bool mote_pool_records_events(const mote_pool *pool) {
    return pool != NULL && pool->events != NULL;
}

bool mote_pool_events_recording(const mote_pool *pool) {
    return pool->events != NULL && pool->events->recording;
}

void mote_pool_events_continue(mote_pool *pool, float offset) {
    if (pool != NULL && pool->events != NULL) {
        pool->events->continuing = true;
        pool->events->offset = offset;
    }
}

/* Room for the state bytes of n elements (kept from step to step); false when refused. */
static bool ensure_states(mote_pool *pool, size_t n) {
    struct mote_pool_events *e = pool->events;
    if (e->state_bytes >= n) {
        return true;
    }
    size_t want = e->state_bytes > 0 ? e->state_bytes : 64;
    while (want < n) {
        want *= 2;
    }
    mote_allocator *a = &pool->core.allocator;
    unsigned char *before = mote_allocate(a, want);
    unsigned char *after = mote_allocate(a, want);
    if (before == NULL || after == NULL) {
        mote_release(a, before, want);
        mote_release(a, after, want);
        return false;
    }
    mote_release(a, e->before, e->state_bytes);
    mote_release(a, e->after, e->state_bytes);
    e->before = before;
    e->after = after;
    e->state_bytes = want;
    return true;
}

bool mote_pool_events_begin(mote_pool *pool, bool whole, size_t begin, size_t end) {
    struct mote_pool_events *e = pool->events;
    if (e == NULL || !whole) {
        return false;
    }
    if (!e->continuing) {
        e->count = 0;
        e->incomplete = false;
        e->offset = 0.0f;
    }
    e->continuing = false;
    e->recording = false;
    if (kind_events(pool) == NULL || begin == end) {
        return false;
    }
    if (!ensure_states(pool, end)) {
        e->incomplete = true;
        return false;
    }
    e->recording = true;
    return true;
}

void mote_pool_events_range_before(const mote_pool *pool, size_t begin, size_t end) {
    const mote_kind_events *k = kind_events(pool);
    if (k->before) {
        k->states(pool, begin, end, pool->events->before);
    }
}

void mote_pool_events_range_after(const mote_pool *pool, size_t begin, size_t end) {
    kind_events(pool)->states(pool, begin, end, pool->events->after);
}

/* Room for n more entries; false when refused. */
static bool ensure_entries(mote_pool *pool, size_t n) {
    struct mote_pool_events *e = pool->events;
    if (e->room - e->count >= n) {
        return true;
    }
    size_t want = e->room > 0 ? e->room : 16;
    while (want - e->count < n) {
        want *= 2;
    }
    mote_allocator *a = &pool->core.allocator;
    event_entry *grown = mote_allocate(a, want * sizeof(event_entry));
    mote_event *events = mote_allocate(a, want * sizeof(mote_event));
    if (grown == NULL || events == NULL) {
        mote_release(a, grown, want * sizeof(event_entry));
        mote_release(a, events, want * sizeof(mote_event));
        return false;
    }
    if (e->count > 0) {
        memcpy(grown, e->entries, e->count * sizeof(event_entry));
    }
    mote_release(a, e->entries, e->room * sizeof(event_entry));
    mote_release(a, e->events, e->events_room * sizeof(mote_event));
    e->entries = grown;
    e->events = events;
    e->room = e->events_room = want;
    return true;
}

/* (time, index, code): a total order on a step's events. */
static int entry_order(const void *a, const void *b) {
    const event_entry *x = a, *y = b;
    if (x->event.time != y->event.time) {
        return x->event.time < y->event.time ? -1 : 1;
    }
    if (x->index != y->index) {
        return x->index < y->index ? -1 : 1;
    }
    return (x->event.code > y->event.code) - (x->event.code < y->event.code);
}

/* The first index in [i, end) whose state changed, or end: eight bytes at a time where they
 * all agree. */
static size_t next_change(const unsigned char *before, const unsigned char *after, size_t i,
                          size_t end) {
    for (; i + 8 <= end; i += 8) {
        uint64_t b = 0, a;
        if (before != NULL) {
            memcpy(&b, before + i, 8);
        }
        memcpy(&a, after + i, 8);
        if (a != b) {
            break;
        }
    }
    for (; i < end; ++i) {
        if (after[i] != (before != NULL ? before[i] : 0)) {
            return i;
        }
    }
    return end;
}

void mote_pool_events_finish(mote_pool *pool, size_t begin, size_t end, float advanced) {
    struct mote_pool_events *e = pool->events;
    if (e == NULL || !e->recording) {
        return;
    }
    e->recording = false;
    const mote_kind_events *k = kind_events(pool);
    const unsigned char *before = k->before ? e->before : NULL;
    const size_t first = e->count;
    for (size_t i = next_change(before, e->after, begin, end); i < end;
         i = next_change(before, e->after, i + 1, end)) {
        mote_event found[MOTE_ELEMENT_EVENTS_MAX];
        const unsigned n =
            k->emit(pool, i, before != NULL ? before[i] : 0u, e->after[i], advanced, found);
        if (n == 0) {
            continue;
        }
        if (!ensure_entries(pool, n)) {
            e->incomplete = true;
            e->count = 0;
            return;
        }
        const mote_id id = mote_pool_core_id_at(&pool->core, i);
        for (unsigned j = 0; j < n; ++j) {
            event_entry *entry = &e->entries[e->count++];
            entry->event = found[j];
            entry->event.id = id;
            entry->event.time += e->offset;
            entry->index = i;
        }
    }
    if (e->count - first > 1) {
        qsort(e->entries + first, e->count - first, sizeof(event_entry), entry_order);
    }
    for (size_t j = first; j < e->count; ++j) {
        e->events[j] = e->entries[j].event;
    }
}

mote_status mote_pool_events(const mote_pool *pool, const mote_pool_kind *kind, mote_event *out,
                             size_t capacity, size_t *count) {
    if (!mote_pool_is(pool, kind)) {
        return refuse_pool(kind);
    }
    if (count == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "count must not be NULL");
    }
    if (out == NULL && capacity > 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "out must not be NULL with room for %zu",
                           capacity);
    }
    const struct mote_pool_events *e = pool->events;
    if (e == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "the %s pool does not record events: "
                           "mote_%s_pool_set_events(pool, true) first",
                           kind->name, kind->name);
    }
    if (e->incomplete) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                           "the last step's event record is incomplete: the allocator refused "
                           "its memory");
    }
    const size_t n = e->count < capacity ? e->count : capacity;
    if (n > 0) {
        memcpy(out, e->events, n * sizeof(mote_event));
    }
    *count = e->count;
    return MOTE_OK;
}

bool mote_pool_events_held(const mote_pool *pool, const mote_event **events, size_t *count) {
    const struct mote_pool_events *e = pool->events;
    *events = e != NULL ? e->events : NULL;
    *count = e != NULL && !e->incomplete ? e->count : 0;
    return e == NULL || !e->incomplete;
}

const char *mote_event_code_name(mote_event_code code) {
    switch (code) {
    case MOTE_EVENT_NONE:
        return "none";
    case MOTE_EVENT_DEBRIS_RELEASED:
        return "debris released";
    case MOTE_EVENT_DOCKING_HOLD:
        return "docking hold";
    case MOTE_EVENT_DOCKING_APPROACH:
        return "docking approach";
    case MOTE_EVENT_DOCKING_SETTLE:
        return "docking settle";
    case MOTE_EVENT_DOCKING_SPIN_DOWN:
        return "docking spin-down";
    case MOTE_EVENT_DOCKING_LOCKED:
        return "docking locked";
    case MOTE_EVENT_LAUNCH_SLOW:
        return "launch slow";
    case MOTE_EVENT_LAUNCH_ACCEL:
        return "launch accel";
    case MOTE_EVENT_LAUNCH_DECEL:
        return "launch decel";
    case MOTE_EVENT_LAUNCH_COAST:
        return "launch coast";
    case MOTE_EVENT_LAUNCH_REST:
        return "launch rest";
    case MOTE_EVENT_LAUNCH_STAGE_SEPARATED:
        return "launch stage separated";
    case MOTE_EVENT_FLIGHT_LANDED:
        return "flight landed";
    }
    return "unknown";
}
