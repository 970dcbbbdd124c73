/* Stable ids over a dense array: slot table with generations and a free list. */
#include <string.h>

#include "allocator.h"
#include "id_table.h"

mote_status mote_id_table_reserve(mote_id_table *table, const mote_allocator *allocator,
                                  size_t capacity) {
    if (capacity <= table->capacity) {
        return MOTE_OK;
    }
    if (capacity >= UINT32_MAX - 1) {
        return MOTE_ERROR_FULL;
    }
    size_t slots = capacity + 1; /* slot 0 unused */
    uint32_t *dense = mote_allocate(allocator, capacity * sizeof(uint32_t));
    uint32_t *slot = mote_allocate(allocator, slots * sizeof(uint32_t));
    uint32_t *gen = mote_allocate(allocator, slots * sizeof(uint32_t));
    uint32_t *next = mote_allocate(allocator, slots * sizeof(uint32_t));
    if (dense == NULL || slot == NULL || gen == NULL || next == NULL) {
        mote_release(allocator, dense, capacity * sizeof(uint32_t));
        mote_release(allocator, slot, slots * sizeof(uint32_t));
        mote_release(allocator, gen, slots * sizeof(uint32_t));
        mote_release(allocator, next, slots * sizeof(uint32_t));
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    /* Slot 0 and the slots handed out so far are kept; the rest is written when its slot is
     * first issued, so the pages of a large capacity are touched only as ids are. A live
     * element's slot is one of those, so at most slots_used dense entries are live. */
    const size_t used = (size_t)table->slots_used + 1;
    slot[0] = MOTE_ID_FREE_SLOT;
    gen[0] = 1;
    next[0] = 0;
    if (table->capacity > 0) {
        const size_t live =
            table->slots_used < table->capacity ? table->slots_used : table->capacity;
        memcpy(dense, table->slot_of_dense, live * sizeof(uint32_t));
        memcpy(slot, table->dense_of_slot, used * sizeof(uint32_t));
        memcpy(gen, table->generation, used * sizeof(uint32_t));
        memcpy(next, table->next_free, used * sizeof(uint32_t));
    }
    mote_id_table_release(table, allocator);
    table->slot_of_dense = dense;
    table->dense_of_slot = slot;
    table->generation = gen;
    table->next_free = next;
    table->capacity = capacity;
    return MOTE_OK;
}

void mote_id_table_release(mote_id_table *table, const mote_allocator *allocator) {
    if (table->capacity == 0) {
        return;
    }
    size_t slots = table->capacity + 1;
    mote_release(allocator, table->slot_of_dense, table->capacity * sizeof(uint32_t));
    mote_release(allocator, table->dense_of_slot, slots * sizeof(uint32_t));
    mote_release(allocator, table->generation, slots * sizeof(uint32_t));
    mote_release(allocator, table->next_free, slots * sizeof(uint32_t));
    table->slot_of_dense = NULL;
    table->dense_of_slot = NULL;
    table->generation = NULL;
    table->next_free = NULL;
    table->capacity = 0;
}

mote_id mote_id_table_issue(mote_id_table *table, size_t dense) {
    uint32_t slot = table->free_head;
    if (slot != 0) {
        table->free_head = table->next_free[slot];
        table->next_free[slot] = 0;
    } else { /* a slot never used: its words are written for the first time */
        slot = ++table->slots_used;
        table->generation[slot] = 1;
        table->next_free[slot] = 0;
    }
    table->dense_of_slot[slot] = (uint32_t)dense;
    table->slot_of_dense[dense] = slot;
    mote_id id = {slot, table->generation[slot], 0u};
    return id;
}

bool mote_id_table_lookup(const mote_id_table *table, size_t count, mote_id id, size_t *dense) {
    if (id.slot == 0 || id.slot > table->slots_used || id.generation == 0) {
        return false;
    }
    uint32_t d = table->dense_of_slot[id.slot];
    if (d == MOTE_ID_FREE_SLOT || d >= count || table->generation[id.slot] != id.generation) {
        return false;
    }
    if (dense != NULL) {
        *dense = d;
    }
    return true;
}

void mote_id_table_retire(mote_id_table *table, size_t dense, size_t last) {
    uint32_t slot = table->slot_of_dense[dense];
    uint32_t moved = table->slot_of_dense[last];
    table->slot_of_dense[dense] = moved;
    table->dense_of_slot[moved] = (uint32_t)dense;
    table->dense_of_slot[slot] = MOTE_ID_FREE_SLOT;
    uint32_t g = table->generation[slot];
    table->generation[slot] = g == UINT32_MAX ? 1 : g + 1; /* never 0: {slot, 0} is never live */
    table->next_free[slot] = table->free_head;
    table->free_head = slot;
}

mote_id mote_id_table_at(const mote_id_table *table, size_t dense) {
    uint32_t slot = table->slot_of_dense[dense];
    mote_id id = {slot, table->generation[slot], 0u};
    return id;
}
