/* Internal: stable ids (slot + generation) over a dense, swap-removed array. Shared by every
 * pool kind. Slot 0 is never used, so the null id {0, 0} is never live. */
#ifndef MOTE_ID_TABLE_H
#define MOTE_ID_TABLE_H

#include "mote/base.h"

/* dense_of_slot's value for a free slot. */
#define MOTE_ID_FREE_SLOT UINT32_MAX

typedef struct mote_id_table {
    uint32_t *slot_of_dense; /* dense index -> slot */
    uint32_t *dense_of_slot; /* slot -> dense index, or MOTE_ID_FREE_SLOT when the slot is free */
    uint32_t *generation;    /* slot -> current generation (never 0) */
    uint32_t *next_free;     /* free slot -> next free slot (free list), 0 ends it; unread for a
                              * live slot */
    uint32_t free_head;      /* first free slot, 0 when none */
    uint32_t slots_used;     /* slots handed out so far: 1 .. slots_used */
    size_t capacity;         /* dense entries; slots go up to capacity */
} mote_id_table;

/* Grows the table to capacity entries (all or nothing), keeping the slots used so far; a slot
 * past them is written when first issued (a large capacity's pages are touched as ids are). */
mote_status mote_id_table_reserve(mote_id_table *table, const mote_allocator *allocator,
                                  size_t capacity);

/* Frees the table's arrays. */
void mote_id_table_release(mote_id_table *table, const mote_allocator *allocator);

/* Issues an id for the element at dense index `dense` (== the current count); the table must
 * have room (capacity > dense). */
mote_id mote_id_table_issue(mote_id_table *table, size_t dense);

/* Dense index of a live id, or false. count is the pool's current count. */
bool mote_id_table_lookup(const mote_id_table *table, size_t count, mote_id id, size_t *dense);

/* Retires a live id whose element sits at `dense`, and records that the element at `last`
 * (count - 1) moves into `dense`. */
void mote_id_table_retire(mote_id_table *table, size_t dense, size_t last);

/* Id of the element at a dense index below count. */
mote_id mote_id_table_at(const mote_id_table *table, size_t dense);

#endif
