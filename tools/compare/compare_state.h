/* mote-compare's spring states: structure-of-arrays storage shaped like a pool's, and the
 * seeded starting state every variant steps from. */
#ifndef MOTE_COMPARE_STATE_H
#define MOTE_COMPARE_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mote/spring_pool.h"
#include "spring_fields.h"

/* One array per field the kind reads (NULL otherwise), 64-byte aligned and padded to a
 * multiple of MOTE_PAD_ELEMENTS, as a pool stores them. */
typedef struct compare_state {
    size_t count;
    unsigned fields; /* FIELD_BIT mask of the arrays present */
    float *field[SPRING_FIELD_COUNT];
} compare_state;

/* Allocates zeroed arrays for the fields in mask. False (and nothing allocated) on failure. */
bool compare_state_alloc(compare_state *state, size_t count, unsigned fields);

/* Frees the arrays (a zeroed or freed state is fine). */
void compare_state_free(compare_state *state);

/* Copies every array of src into dst (allocated with the same count and fields). */
void compare_state_copy(compare_state *dst, const compare_state *src);

/* A kernel's view of the state. */
mote_spring_view compare_state_view(const compare_state *state);

/* Fills a state for kind from seed: a fixed prefix of edge cases (all zero, half-life 0 and
 * negative, large, tiny, critical bands, angles across pi), then random elements drawing
 * each field from a mix of ordinary, large (1e3..1e7), tiny (1e-30..1e-4) and zero values,
 * and half-lives that are 0, negative, tiny (1e-7..1e-3 s), ordinary or large (to 1e4 s).
 * Stiffness, damping and rate are >= 0, as a pool requires; the semi-implicit kind stays
 * in its documented stable range; the angle kinds' angles stay within +-2e4 rad, where the
 * wide wrap-to-pi is exact. The half-life kinds store mote_spring_damping_for_kind(h). */
void compare_state_seed(compare_state *state, mote_spring_kind kind, uint64_t seed);

/* The state fields that make an element's scale: x, v, goal, xi, vi. */
#define COMPARE_SCALE_FIELDS                                                                       \
    (SPRING_BIT(SPRING_FIELD_X) | SPRING_BIT(SPRING_FIELD_V) | SPRING_BIT(SPRING_FIELD_GOAL) |     \
     SPRING_BIT(SPRING_FIELD_XI) | SPRING_BIT(SPRING_FIELD_VI))

/* scale[i] = max(scale[i], |f[i]|) over the state's scale fields; start scale at zero to
 * get the element's input scale, call after every step to follow a trajectory. */
void compare_state_grow_scale(const compare_state *state, float *scale);

#endif
