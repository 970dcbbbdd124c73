/* Internal: aligned allocation through the user's allocator hooks. */
#ifndef MOTE_ALLOCATOR_INTERNAL_H
#define MOTE_ALLOCATOR_INTERNAL_H

#include "mote/base.h"

/* size bytes aligned to MOTE_ALIGNMENT from allocator; NULL on failure or size overflow. */
void *mote_allocate(const mote_allocator *allocator, size_t size);

/* Frees a block from mote_allocate (NULL is ignored). */
void mote_release(const mote_allocator *allocator, void *ptr, size_t size);

#endif
