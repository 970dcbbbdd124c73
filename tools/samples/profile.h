// mote-samples: the profile panel's figures. Every pool's step times over the last seconds of
// wall clock: median and worst, and the elements per second the median gives.
#ifndef MOTE_SAMPLES_PROFILE_H
#define MOTE_SAMPLES_PROFILE_H

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "sample.h"

namespace samples {

struct PoolFigures {
    std::string pool;
    mote_backend backend;
    size_t elements;       // in the latest step
    double median_seconds; // of the steps in the window
    double worst_seconds;
    size_t steps; // in the window
};

class Profile {
  public:
    explicit Profile(double window_seconds) : window_(window_seconds) {}
    // Records one frame's steps at wall-clock time now (s).
    void record(double now, const std::vector<PoolStep> &steps);
    void clear() {
        samples_.clear();
    }
    // The figures of every pool seen in the window, in first-seen order.
    std::vector<PoolFigures> figures() const;

  private:
    struct Entry {
        double when;
        PoolStep step;
    };
    double window_;
    std::deque<Entry> samples_;
};

} // namespace samples

#endif
