/* Counter-based random numbers: SplitMix64's finaliser applied to a counter. */
#include "mote/random.h"

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t mote_random_u64(uint64_t seed, uint64_t counter) {
    return mix(mix(seed) + (counter + 1u) * 0x9e3779b97f4a7c15ull);
}

float mote_random_unit(uint64_t seed, uint64_t counter) {
    return (float)(mote_random_u64(seed, counter) >> 40) * (1.0f / 16777216.0f);
}

float mote_random_range(uint64_t seed, uint64_t counter, float lo, float hi) {
    if (!(hi > lo)) {
        return lo;
    }
    float r = lo + (hi - lo) * mote_random_unit(seed, counter);
    return r < hi ? r : lo; /* rounding can reach hi: keep the interval half-open */
}
