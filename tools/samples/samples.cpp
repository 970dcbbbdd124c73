// mote-samples: the list of samples.
#include "sample.h"

#include <string>
#include <utility>

namespace samples {

std::vector<std::unique_ptr<Sample>> scene_samples() {
    std::vector<std::unique_ptr<Sample>> all;
    all.push_back(make_springs_sample());
    all.push_back(make_crowd_sample());
    all.push_back(make_debris_sample());
    all.push_back(make_flock_sample());
    all.push_back(make_docking_sample());
    all.push_back(make_launch_sample());
    all.push_back(make_turrets_sample());
    return all;
}

std::vector<std::unique_ptr<Sample>> world_scene_samples() {
    std::vector<std::unique_ptr<Sample>> all = scene_samples();
    for (auto &avoid : make_avoid_samples()) {
        if (std::string(avoid->name()) == "avoid_door") {
            all.push_back(std::move(avoid));
        }
    }
    return all;
}

std::vector<std::unique_ptr<Sample>> all_samples() {
    std::vector<std::unique_ptr<Sample>> all = scene_samples();
    for (auto &avoid : make_avoid_samples()) {
        all.push_back(std::move(avoid));
    }
    all.push_back(make_world_sample());
    return all;
}

} // namespace samples
