// mote-samples: the profile's window of step times (profile.h).
#include "profile.h"

#include <algorithm>

namespace samples {

void Profile::record(double now, const std::vector<PoolStep> &steps) {
    for (const PoolStep &s : steps) {
        samples_.push_back({now, s});
    }
    while (!samples_.empty() && samples_.front().when < now - window_) {
        samples_.pop_front();
    }
}

std::vector<PoolFigures> Profile::figures() const {
    std::vector<PoolFigures> out;
    std::vector<std::vector<double>> times;
    for (const Entry &e : samples_) {
        size_t k = 0;
        while (k < out.size() && out[k].pool != e.step.pool) {
            ++k;
        }
        if (k == out.size()) {
            out.push_back({e.step.pool, e.step.backend, 0, 0.0, 0.0, 0});
            times.emplace_back();
        }
        out[k].backend = e.step.backend;
        out[k].elements = e.step.elements;
        times[k].push_back(e.step.seconds);
    }
    for (size_t k = 0; k < out.size(); ++k) {
        std::vector<double> &t = times[k];
        std::sort(t.begin(), t.end());
        out[k].median_seconds = t[t.size() / 2];
        out[k].worst_seconds = t.back();
        out[k].steps = t.size();
    }
    return out;
}

} // namespace samples
