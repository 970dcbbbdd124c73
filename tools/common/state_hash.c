/* FNV-1a 64 over canonical little-endian words. */
#include <math.h>
#include <string.h>

#include "state_hash.h"

#define FNV_PRIME 0x100000001b3ull

static uint64_t mix_word(uint64_t hash, uint32_t word) {
    for (int b = 0; b < 4; ++b) {
        hash ^= (word >> (8 * b)) & 0xffu;
        hash *= FNV_PRIME;
    }
    return hash;
}

uint64_t state_hash_floats(uint64_t hash, const float *values, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        uint32_t word = 0x7fc00000u;
        if (!isnan(values[i])) {
            memcpy(&word, &values[i], sizeof word);
        }
        hash = mix_word(hash, word);
    }
    return hash;
}

uint64_t state_hash_u32(uint64_t hash, const uint32_t *values, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        hash = mix_word(hash, values[i]);
    }
    return hash;
}

uint64_t state_hash_u64(uint64_t hash, uint64_t value) {
    hash = mix_word(hash, (uint32_t)value);
    return mix_word(hash, (uint32_t)(value >> 32));
}
