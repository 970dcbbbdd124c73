/* Internal: a pool's structure-of-arrays storage: one 64-byte aligned float array per field
 * in a mask, padded to a multiple of MOTE_PAD_ELEMENTS and zero past the live count up to
 * `ready`. Shared by every pool kind.
 *
 * Capacity is reserved, not committed: a block comes from the allocator at its full size, but
 * nothing past `ready` (the live count rounded up to MOTE_PAD_ELEMENTS, or more) is ever
 * written or read, so an allocator that maps pages on first touch (the default's, from the
 * system) commits memory only as elements are added. */
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
    size_t ready; /* elements [0, ready) of every array have been written (live values, zero
                   * past the count); past it the memory is as the allocator gave it */
} mote_field_arrays;

/* Grows every array to hold at least capacity elements, keeping the first count (and zeroing
 * up to count rounded up to MOTE_PAD_ELEMENTS, which becomes ready; nothing past it is
 * written); all or nothing (MOTE_ERROR_OUT_OF_MEMORY leaves the arrays as they were). */
mote_status mote_field_arrays_reserve(mote_field_arrays *arrays, const mote_allocator *allocator,
                                      size_t count, size_t capacity);

/* Zeroes every array from ready up to count rounded up to MOTE_PAD_ELEMENTS (count <=
 * capacity), which becomes ready: where the pages of the arrays are first written, as the
 * count grows. */
void mote_field_arrays_zero_to(mote_field_arrays *arrays, size_t count);

/* Makes [0, count) ready: mote_field_arrays_zero_to when count passes ready, else nothing. */
static inline void mote_field_arrays_extend(mote_field_arrays *arrays, size_t count) {
    if (count > arrays->ready) {
        mote_field_arrays_zero_to(arrays, count);
    }
}

/* Frees every array. */
void mote_field_arrays_release(mote_field_arrays *arrays, const mote_allocator *allocator);

/* Moves element `from` into `to` in every field and zeroes `from` (the swap-remove step). */
void mote_field_arrays_move(mote_field_arrays *arrays, size_t to, size_t from);

/* True when every stored field of element i is finite. */
bool mote_field_arrays_finite(const mote_field_arrays *arrays, size_t i);

#endif
