/* Internal: a pool's structure-of-arrays storage: one 64-byte aligned float array per field
 * in a mask, padded to a multiple of MOTE_PAD_ELEMENTS and zero past the live count. Shared
 * by every pool kind. */
#ifndef MOTE_FIELD_ARRAYS_H
#define MOTE_FIELD_ARRAYS_H

#include "mote/base.h"

/* At most this many fields per kind (the flight kind stores 63: its 31-entry arc-length table
 * beside the curve, the profile and the pose), and the field masks that fit them. */
#define MOTE_MAX_FIELDS 64
typedef uint64_t mote_field_mask;
#define MOTE_FIELD_BIT(f) ((mote_field_mask)1 << (f))
/* n fields from field `first` on (n < 64): the components of a vector member. */
#define MOTE_FIELD_BITS(first, n) ((((mote_field_mask)1 << (n)) - 1u) << (first))

typedef struct mote_field_arrays {
    float *field[MOTE_MAX_FIELDS]; /* NULL for fields outside mask */
    mote_field_mask mask;          /* bit f set: field f is stored */
    size_t capacity;               /* elements per array, a multiple of MOTE_PAD_ELEMENTS */
} mote_field_arrays;

/* Grows every array to hold at least capacity elements, keeping the first count; all or
 * nothing (MOTE_ERROR_OUT_OF_MEMORY leaves the arrays as they were). */
mote_status mote_field_arrays_reserve(mote_field_arrays *arrays, const mote_allocator *allocator,
                                      size_t count, size_t capacity);

/* Frees every array. */
void mote_field_arrays_release(mote_field_arrays *arrays, const mote_allocator *allocator);

/* Moves element `from` into `to` in every field and zeroes `from` (the swap-remove step). */
void mote_field_arrays_move(mote_field_arrays *arrays, size_t to, size_t from);

/* True when every stored field of element i is finite. */
bool mote_field_arrays_finite(const mote_field_arrays *arrays, size_t i);

#endif
