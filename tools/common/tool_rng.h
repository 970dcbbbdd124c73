/* Seeded random numbers for the tools: splitmix64, so one seed gives one state everywhere. */
#ifndef MOTE_TOOL_RNG_H
#define MOTE_TOOL_RNG_H

#include <stdint.h>

typedef struct tool_rng {
    uint64_t state;
} tool_rng;

/* Next 64 random bits. */
static inline uint64_t tool_rng_next(tool_rng *rng) {
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static inline double tool_rng_unit(tool_rng *rng) {
    return (double)(tool_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Uniform in [lo, hi). */
static inline float tool_rng_range(tool_rng *rng, float lo, float hi) {
    return (float)(lo + (hi - lo) * tool_rng_unit(rng));
}

/* Log-uniform magnitude in [lo, hi) (both > 0), so every decade is equally likely. */
float tool_rng_log_range(tool_rng *rng, float lo, float hi);

/* +1 or -1 with equal odds. */
static inline float tool_rng_sign(tool_rng *rng) {
    return (tool_rng_next(rng) & 1u) ? -1.0f : 1.0f;
}

#endif
