// The launch sample: a fleet of rockets launching one after another (a schedule: each its own
// launch time, turn blend and crossrange), evaluated at the pool's clock every frame; when a
// rocket's own time reaches the end of its acceleration its first stage detaches (its world
// transform captured at that exact time) and the stage pool carries it: it falls behind,
// drifts and tilts. Scene units are the seed's km, +y up; the default time scale is 8x (an
// ascent is 25 s). The fleet and its stages are mote-demo's (tools/common/launch_fleet.c).
// Invariant: every pose finite, no rocket's altitude ever falls, and every stage only ever falls
// farther behind its rocket; stepped by a world (the world sample), one separation event per
// stage dropped.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "launch_fleet.h"
#include "sample_util.h"

namespace samples {

namespace {

constexpr uint64_t launch_seed = 0x666c6565u; // "flee"

struct Settings {
    float schedule = 10.0f; // s over which the launches are spread
    float turn_spread = 0.2f;
    float crossrange = 1.0f;
};

class LaunchWorld : public World {
  public:
    explicit LaunchWorld(const Settings &settings) : settings_(settings) {}
    ~LaunchWorld() override {
        mote_launch_pool_destroy(rockets_);
        mote_stage_pool_destroy(stages_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        count_ = count;
        const launch_fleet f = fleet();
        mote_status st = launch_fleet_create(&f, backend, &rockets_, &stages_);
        const mote_launch_profile profile = mote_launch_pool_profile(rockets_);
        detach_time_ = mote_launch_timeline_of(&profile).accel_end;
        altitude_.assign(count, 0.0f);
        separation_.assign(count, 0.0f);
        detached_ = 0;
        if (st == MOTE_OK) {
            st = mote_launch_pool_step(rockets_, 0.0f); // poses at the clock's start
        }
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        const mote_status st = mote_launch_pool_set_backend(rockets_, backend);
        return st == MOTE_OK ? mote_stage_pool_set_backend(stages_, backend) : st;
    }
    mote_status join(mote_world *world) override {
        joined_ = true;
        const mote_status st = mote_world_join_stage_pool(world, stages_);
        return st == MOTE_OK ? mote_world_join_launch_pool(world, rockets_) : st;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        mote_status st = timed_step(
            steps, "stages", mote_stage_pool_count(stages_), mote_stage_pool_backend(stages_), [&] {
                return tasks != nullptr ? mote_stage_pool_step_parallel(stages_, dt, tasks)
                                        : mote_stage_pool_step(stages_, dt);
            });
        if (st == MOTE_OK) {
            st = timed_step(steps, "rockets", mote_launch_pool_count(rockets_),
                            mote_launch_pool_backend(rockets_), [&] {
                                return tasks != nullptr
                                           ? mote_launch_pool_step_parallel(rockets_, dt, tasks)
                                           : mote_launch_pool_step(rockets_, dt);
                            });
        }
        return st;
    }
    void event(const mote_event &event) override {
        separated_ += event.code == MOTE_EVENT_LAUNCH_STAGE_SEPARATED ? 1u : 0u;
    }
    // Drops the stage of every rocket whose own time has passed the end of its acceleration.
    mote_status after_step(float dt) override {
        (void)dt;
        const launch_fleet f = fleet();
        const mote_launch_profile profile = mote_launch_pool_profile(rockets_);
        return launch_fleet_detach_due(&f, &profile, detach_time_, mote_launch_pool_clock(rockets_),
                                       stages_, &detached_);
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_launch_view r = mote_launch_pool_view(rockets_);
        const float rocket_color[4] = {0.95f, 0.95f, 1.0f, 1.0f};
        size_t first = 0;
        write_poses(list, SHAPE_DART_Y, rockets_, r.count, mote_launch_pool_write_poses, 14.0f,
                    rocket_color, &first);
        for (size_t i = 0; i < r.count; ++i) {
            float c[4];
            hue_color(0.08f + 0.12f * r.phase[i], c);
            std::copy(c, c + 4, list.shapes[SHAPE_DART_Y][first + i].color);
        }
        const mote_stage_view s = mote_stage_pool_view(stages_);
        const float stage_color[4] = {0.8f, 0.5f, 0.3f, 1.0f};
        size_t stage_first = 0;
        write_poses(list, SHAPE_CUBE, stages_, s.count, mote_stage_pool_write_poses, 7.0f,
                    stage_color, &stage_first);
        if (ghost) {
            return;
        }
        // the ground: the planet's surface round the pads, and each rocket's trail so far
        const mote_launch_profile profile = mote_launch_pool_profile(rockets_);
        const float ground[4] = {0.3f, 0.55f, 0.35f, 1.0f}, trail[4] = {1.0f, 0.8f, 0.5f, 0.25f};
        const mote_vec3 c = profile.planet_center;
        const float radius = profile.planet_radius;
        for (int k = -40; k < 40; ++k) {
            const float a0 = k * 0.0125f, a1 = (k + 1) * 0.0125f;
            list.line(c.x, c.y + radius * std::cos(a0), c.z - radius * std::sin(a0), c.x,
                      c.y + radius * std::cos(a1), c.z - radius * std::sin(a1), ground);
        }
        for (size_t i = 0; i < r.count && i < 64; ++i) {
            list.line(0.0f, 0.0f, 0.0f, r.position[0][i], r.position[1][i], r.position[2][i],
                      trail);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_launch_view r = mote_launch_pool_view(rockets_);
        append_positions(xyz, r.position, r.count);
        const mote_stage_view s = mote_stage_pool_view(stages_);
        append_positions(xyz, s.position, s.count);
    }
    Check check(double elapsed) override {
        (void)elapsed;
        const mote_launch_view r = mote_launch_pool_view(rockets_);
        const mote_stage_view s = mote_stage_pool_view(stages_);
        char text[200];
        for (size_t i = 0; i < r.count; ++i) {
            if (!finite3(r.position, i) || !std::isfinite(r.altitude[i])) {
                std::snprintf(text, sizeof text, "rocket %zu went non-finite", i);
                return Check{false, text};
            }
            if (r.altitude[i] < altitude_[i] - 1e-4f * std::fmax(1.0f, altitude_[i])) {
                std::snprintf(text, sizeof text, "rocket %zu fell: altitude %.4f after %.4f", i,
                              static_cast<double>(r.altitude[i]),
                              static_cast<double>(altitude_[i]));
                return Check{false, text};
            }
            altitude_[i] = r.altitude[i];
        }
        for (size_t k = 0; k < s.count; ++k) {
            const size_t i = k;
            if (!finite3(s.position, k)) {
                std::snprintf(text, sizeof text, "stage %zu went non-finite", k);
                return Check{false, text};
            }
            float d2 = 0.0f;
            for (int c = 0; c < 3; ++c) {
                const float d = s.position[c][k] - r.position[c][i];
                d2 += d * d;
            }
            const float d = std::sqrt(d2);
            if (d < separation_[i] - 1e-3f * std::fmax(1.0f, separation_[i])) {
                std::snprintf(text, sizeof text,
                              "stage of rocket %zu closed on it: %.4f after %.4f", i,
                              static_cast<double>(d), static_cast<double>(separation_[i]));
                return Check{false, text};
            }
            separation_[i] = d;
        }
        if (joined_ && separated_ != s.count) {
            std::snprintf(text, sizeof text, "%zu separation events, %zu stages dropped",
                          separated_, s.count);
            return Check{false, text};
        }
        std::snprintf(text, sizeof text,
                      "%zu rockets rising, %zu stages dropped, each falling behind its rocket",
                      r.count, s.count);
        return Check{true, text};
    }

  private:
    launch_fleet fleet() const {
        return {launch_seed, count_, settings_.schedule, settings_.turn_spread,
                settings_.crossrange};
    }

    const Settings &settings_;
    mote_launch_pool *rockets_ = nullptr;
    mote_stage_pool *stages_ = nullptr;
    size_t count_ = 0;
    float detach_time_ = 0.0f;
    std::vector<float> altitude_, separation_;
    size_t detached_ = 0; // stages dropped: stage k is rocket k's (they launch in order)
    bool joined_ = false; // stepped by a world, which reports each separation
    size_t separated_ = 0;
};

class LaunchSample : public Sample {
  public:
    const char *name() const override {
        return "launch";
    }
    const char *summary() const override {
        return "a launch fleet rising through its phases, each rocket dropping its first stage";
    }
    size_t default_count() const override {
        return 256;
    }
    size_t max_count() const override {
        return 1u << 20;
    }
    float default_time_scale() const override {
        return 8.0f;
    }
    Camera camera() const override {
        Camera c;
        c.up[1] = 1.0f, c.up[2] = 0.0f;
        c.center[1] = 200.0f, c.center[2] = -700.0f;
        c.distance = 2300.0f;
        c.yaw = 1.25f;
        c.pitch = 0.25f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<LaunchWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        // the schedule is each rocket's own: a change restarts the fleet
        rebuild |= ImGui::SliderFloat("launches over (s)", &settings_.schedule, 0.0f, 60.0f);
        rebuild |= ImGui::SliderFloat("turn blend spread", &settings_.turn_spread, 0.0f, 0.5f);
        rebuild |= ImGui::SliderFloat("crossrange spread", &settings_.crossrange, 0.0f, 3.0f);
        return rebuild;
    }
    const char *note() const override {
        return "rockets coloured by phase (hold .. rest), stages brown; a change restarts";
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_launch_sample() {
    return std::make_unique<LaunchSample>();
}

} // namespace samples
