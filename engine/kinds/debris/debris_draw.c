/* Per-piece speeds and tumble drawn from ranges with the counter-based generator. Only
 * correctly rounded arithmetic, so a (seed, index) pair gives the same bits everywhere. */
#include <math.h>

#include "mote/debris.h"
#include "mote/random.h"

/* Counters per piece: 0..2 the three speeds, then three per try of the axis. */
#define COUNTERS_PER_PIECE 128u
#define AXIS_TRIES         40u

/* A direction uniform on the sphere: a point uniform in the cube [-1, 1)^3, kept when it lies
 * in the unit ball (and not too near the centre), then normalised. The chance that 40 tries
 * all miss is below 1e-12; then the axis is +z. */
static mote_vec3 draw_axis(uint64_t seed, uint64_t base) {
    for (uint64_t k = 0; k < AXIS_TRIES; ++k) {
        uint64_t c = base + 3u + 3u * k;
        float x = mote_random_range(seed, c, -1.0f, 1.0f);
        float y = mote_random_range(seed, c + 1u, -1.0f, 1.0f);
        float z = mote_random_range(seed, c + 2u, -1.0f, 1.0f);
        float r2 = x * x + y * y + z * z;
        if (r2 <= 1.0f && r2 > 1e-4f) {
            float inv = 1.0f / sqrtf(r2);
            mote_vec3 a = {x * inv, y * inv, z * inv};
            return a;
        }
    }
    mote_vec3 up = {0.0f, 0.0f, 1.0f};
    return up;
}

void mote_debris_draw(mote_debris_desc *piece, const mote_debris_ranges *ranges, uint64_t seed,
                      uint64_t index) {
    const uint64_t base = index * COUNTERS_PER_PIECE;
    float w = mote_random_range(seed, base, ranges->angular_speed_min, ranges->angular_speed_max);
    mote_vec3 axis = draw_axis(seed, base);
    piece->angular_velocity = (mote_vec3){axis.x * w, axis.y * w, axis.z * w};
    piece->outward_speed =
        mote_random_range(seed, base + 1u, ranges->outward_speed_min, ranges->outward_speed_max);
    piece->axial_speed =
        mote_random_range(seed, base + 2u, ranges->axial_speed_min, ranges->axial_speed_max);
}
