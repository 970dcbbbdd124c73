// mote-samples: small things every sample uses: timing a pool's step for the profile, colours.
#ifndef MOTE_SAMPLES_SAMPLE_UTIL_H
#define MOTE_SAMPLES_SAMPLE_UTIL_H

#include <chrono>
#include <cmath>
#include <vector>

#include "sample.h"

namespace samples {

// Runs step (a callable returning mote_status) and appends its wall-clock time to steps.
template <class Step>
mote_status timed_step(std::vector<PoolStep> &steps, const char *pool, size_t elements,
                       mote_backend backend, Step &&step) {
    const auto start = std::chrono::steady_clock::now();
    const mote_status st = step();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    steps.push_back({pool, took.count(), elements, backend});
    return st;
}

// A colour from a hue in [0, 1) (full saturation, bright), alpha 1.
inline void hue_color(float hue, float out[4]) {
    const float h = (hue - std::floor(hue)) * 6.0f;
    const float x = 1.0f - std::fabs(std::fmod(h, 2.0f) - 1.0f);
    const float table[6][3] = {{1, x, 0}, {x, 1, 0}, {0, 1, x}, {0, x, 1}, {x, 0, 1}, {1, 0, x}};
    const int k = static_cast<int>(h) % 6;
    for (int c = 0; c < 3; ++c) {
        out[c] = 0.25f + 0.7f * table[k][c];
    }
    out[3] = 1.0f;
}

// Appends position triples from a pool's per-component arrays.
inline void append_positions(std::vector<float> &xyz, const float *const position[3], size_t n) {
    for (size_t i = 0; i < n; ++i) {
        xyz.push_back(position[0][i]);
        xyz.push_back(position[1][i]);
        xyz.push_back(position[2] != nullptr ? position[2][i] : 0.0f);
    }
}

inline bool finite3(const float *const v[3], size_t i) {
    return std::isfinite(v[0][i]) && std::isfinite(v[1][i]) && std::isfinite(v[2][i]);
}

} // namespace samples

#endif
