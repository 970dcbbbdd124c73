/* mote: seeded, counter-based random numbers. A value is a pure function of (seed, counter),
 * so one seed replays the same numbers in any order, on any thread and on every backend. */
#ifndef MOTE_RANDOM_H
#define MOTE_RANDOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 64 random bits for (seed, counter): the SplitMix64 finaliser of seed + counter * golden
 * ratio, after mixing the seed once, so nearby seeds give unrelated streams. */
uint64_t mote_random_u64(uint64_t seed, uint64_t counter);

/* Uniform in [0, 1), 24 random bits (every value a multiple of 2^-24). */
float mote_random_unit(uint64_t seed, uint64_t counter);

/* Uniform in [lo, hi): lo + (hi - lo) * mote_random_unit(seed, counter); lo when hi <= lo. */
float mote_random_range(uint64_t seed, uint64_t counter, float lo, float hi);

#ifdef __cplusplus
}
#endif

#endif
