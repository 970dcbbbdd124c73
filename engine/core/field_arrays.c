/* Structure-of-arrays storage shared by the pools. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "field_arrays.h"

static size_t padded(size_t n) {
    return (n + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS * MOTE_PAD_ELEMENTS;
}

/* Field f's array starts this many floats into its block. Large blocks come from the system
 * page-aligned, so without it every array of a pool would start at the same offset in a
 * page: a kernel streaming many fields would map them all to one L1 set (8 ways) and see
 * 4K aliasing between its stores and loads. Staggering by cache lines spreads 16 fields over
 * 16 sets (measured: the 31-field debris kernel at 64k pieces ran at half speed without). */
#define STAGGER_FIELDS 16
static size_t stagger(int f) {
    return (size_t)(f % STAGGER_FIELDS) * (MOTE_ALIGNMENT / sizeof(float));
}

/* Bytes allocated for field f's block of cap floats. */
static size_t block_bytes(int f, size_t cap) {
    return (cap + stagger(f)) * sizeof(float);
}

mote_status mote_field_arrays_reserve(mote_field_arrays *arrays, const mote_allocator *allocator,
                                      size_t count, size_t capacity) {
    size_t cap = padded(capacity == 0 ? 1 : capacity);
    if (cap <= arrays->capacity) {
        return MOTE_OK;
    }
    if (cap > SIZE_MAX / sizeof(float) - STAGGER_FIELDS * MOTE_ALIGNMENT) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    float *fresh[MOTE_MAX_FIELDS] = {0};
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (!(arrays->mask & MOTE_FIELD_BIT(f))) {
            continue;
        }
        float *block = mote_allocate(allocator, block_bytes(f, cap));
        if (block == NULL) {
            for (int g = 0; g < f; ++g) {
                if (fresh[g] != NULL) {
                    mote_release(allocator, fresh[g] - stagger(g), block_bytes(g, cap));
                }
            }
            return MOTE_ERROR_OUT_OF_MEMORY;
        }
        fresh[f] = block + stagger(f);
        if (count > 0) {
            memcpy(fresh[f], arrays->field[f], count * sizeof(float));
        }
        /* the padding of the live count; the rest is written as the count reaches it */
        memset(fresh[f] + count, 0, (padded(count) - count) * sizeof(float));
    }
    mote_field_arrays_release(arrays, allocator);
    memcpy(arrays->field, fresh, sizeof fresh);
    arrays->capacity = cap;
    arrays->ready = padded(count);
    return MOTE_OK;
}

void mote_field_arrays_zero_to(mote_field_arrays *arrays, size_t count) {
    const size_t to = padded(count);
    for (int f = 0; f < MOTE_MAX_FIELDS && to > arrays->ready; ++f) {
        if (arrays->field[f] != NULL) {
            memset(arrays->field[f] + arrays->ready, 0, (to - arrays->ready) * sizeof(float));
        }
    }
    if (to > arrays->ready) {
        arrays->ready = to;
    }
}

void mote_field_arrays_release(mote_field_arrays *arrays, const mote_allocator *allocator) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (arrays->field[f] != NULL) {
            mote_release(allocator, arrays->field[f] - stagger(f),
                         block_bytes(f, arrays->capacity));
        }
        arrays->field[f] = NULL;
    }
    arrays->capacity = 0;
    arrays->ready = 0;
}

void mote_field_arrays_move(mote_field_arrays *arrays, size_t to, size_t from) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (arrays->field[f] != NULL) {
            arrays->field[f][to] = arrays->field[f][from];
            arrays->field[f][from] = 0.0f;
        }
    }
}

bool mote_field_arrays_finite(const mote_field_arrays *arrays, size_t i) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (arrays->field[f] != NULL && !isfinite(arrays->field[f][i])) {
            return false;
        }
    }
    return true;
}
