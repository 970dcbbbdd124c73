/* Structure-of-arrays storage shared by the pools. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "field_arrays.h"

static size_t padded(size_t n) {
    return (n + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS * MOTE_PAD_ELEMENTS;
}

mote_status mote_field_arrays_reserve(mote_field_arrays *arrays, const mote_allocator *allocator,
                                      size_t count, size_t capacity) {
    size_t cap = padded(capacity == 0 ? 1 : capacity);
    if (cap <= arrays->capacity) {
        return MOTE_OK;
    }
    if (cap > SIZE_MAX / sizeof(float)) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    float *fresh[MOTE_MAX_FIELDS] = {0};
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        if (!(arrays->mask & (1u << f))) {
            continue;
        }
        fresh[f] = mote_allocate(allocator, cap * sizeof(float));
        if (fresh[f] == NULL) {
            for (int g = 0; g < f; ++g) {
                mote_release(allocator, fresh[g], cap * sizeof(float));
            }
            return MOTE_ERROR_OUT_OF_MEMORY;
        }
        if (count > 0) {
            memcpy(fresh[f], arrays->field[f], count * sizeof(float));
        }
        memset(fresh[f] + count, 0, (cap - count) * sizeof(float));
    }
    mote_field_arrays_release(arrays, allocator);
    memcpy(arrays->field, fresh, sizeof fresh);
    arrays->capacity = cap;
    return MOTE_OK;
}

void mote_field_arrays_release(mote_field_arrays *arrays, const mote_allocator *allocator) {
    for (int f = 0; f < MOTE_MAX_FIELDS; ++f) {
        mote_release(allocator, arrays->field[f], arrays->capacity * sizeof(float));
        arrays->field[f] = NULL;
    }
    arrays->capacity = 0;
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
