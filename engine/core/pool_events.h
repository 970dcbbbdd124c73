/* Internal: a pool's record of its last step's events (mote/events.h), for every kind from one
 * description per kind (mote_kind_events, the kind record's `events`).
 *
 * A kind's events are changes of a small per-element state (a byte: a debris piece's "released
 * in this step", a docking sequence's phase): the kind says how to read that state from its
 * fields over a range, and which events a change from one state to another is, with their
 * times. A recording step reads the states of each range right after its kernel (and, for a
 * kind whose events need it, right before), while the range's fields are in its core's cache;
 * after the step one pass compares the bytes in index order, asks the kind for the events of
 * the elements that changed, and sorts them by (time, index, code). Nothing of this runs for a
 * pool that does not record. */
#ifndef MOTE_POOL_EVENTS_H
#define MOTE_POOL_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/events.h"

typedef struct mote_pool mote_pool;
struct mote_pool_kind;

/* The most events one element has in one step. */
#define MOTE_ELEMENT_EVENTS_MAX 8

/* A kind's events. */
typedef struct mote_kind_events {
    /* true: the events are changes from the state before the step, which the layer reads
     * before each range's kernel; false: the state after the step says it alone (an element
     * whose state is not 0 had its events in the step; before reads as 0). */
    bool before;
    /* Writes each element's state of [begin, end) to out[i] (out is indexed as the fields). */
    void (*states)(const mote_pool *pool, size_t begin, size_t end, unsigned char *out);
    /* The events of element i, whose state went from before to after (they differ) in a step
     * that advanced `advanced` s: codes and times (s from the step's start, within [0,
     * advanced]) into out, at most MOTE_ELEMENT_EVENTS_MAX; returns how many. */
    unsigned (*emit)(const mote_pool *pool, size_t i, unsigned before, unsigned after,
                     float advanced, mote_event *out);
} mote_kind_events;

/* Starts or stops recording (mote_<kind>_pool_set_events): MOTE_ERROR_INVALID_ARGUMENT for a
 * NULL or foreign pool; MOTE_ERROR_OUT_OF_MEMORY if the record's head cannot be allocated. A
 * kind without events records an empty record. */
mote_status mote_pool_set_events(mote_pool *pool, const struct mote_pool_kind *kind, bool record);

/* Whether the pool records. */
bool mote_pool_records_events(const mote_pool *pool);

/* Reads the record (mote_<kind>_pool_events' contract). */
mote_status mote_pool_events(const mote_pool *pool, const struct mote_pool_kind *kind,
                             mote_event *out, size_t capacity, size_t *count);

/* The record's events, for the world: *events and *count (NULL, 0 for a pool that does not
 * record); false when the record is incomplete (its memory was refused). */
bool mote_pool_events_held(const mote_pool *pool, const mote_event **events, size_t *count);

/* The next step of the pool continues its record: its events are appended, their times offset
 * by offset s (a world's sub-step after the first). Without it, a step starts a new record. */
void mote_pool_events_continue(mote_pool *pool, float offset);

/* Frees the record (mote_pool_destroy). */
void mote_pool_events_release(mote_pool *pool);

/* The hooks of a step of [begin, end) (pool.c's entry, the launch pool's own step):
 * begin before the kernel runs (whole: a whole-pool step, which alone records), true when this
 * step records; range_before / range_after around each range's kernel; finish after every
 * range has run, with the seconds advanced (0: nothing stepped, an empty record). */
bool mote_pool_events_begin(mote_pool *pool, bool whole, size_t begin, size_t end);
void mote_pool_events_range_before(const mote_pool *pool, size_t begin, size_t end);
void mote_pool_events_range_after(const mote_pool *pool, size_t begin, size_t end);
void mote_pool_events_finish(mote_pool *pool, size_t begin, size_t end, float advanced);

/* Whether the step under way records (read by each range). */
bool mote_pool_events_recording(const mote_pool *pool);

#endif
