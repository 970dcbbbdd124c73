// The launch sample: a fleet of rockets launching one after another (a schedule: each its own
// launch time, turn blend and crossrange), evaluated at the pool's clock every frame; when a
// rocket's own time reaches the end of its acceleration its first stage detaches (its world
// transform captured at that exact time) and the stage pool carries it: it falls behind,
// drifts and tilts. Scene units are the seed's km, +y up; the default time scale is 8x (an
// ascent is 25 s). Invariant: every pose finite, no rocket's altitude ever falls, and every
// stage only ever falls farther behind its rocket.
#include <cmath>
#include <cstdio>

#include <imgui.h>

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
        mote_launch_pool_def ldef = mote_default_launch_pool_def();
        ldef.capacity = count;
        ldef.backend = backend;
        mote_stage_pool_def sdef = mote_default_stage_pool_def();
        sdef.capacity = count;
        sdef.backend = backend;
        mote_status st = mote_launch_pool_create(&ldef, &rockets_);
        if (st == MOTE_OK) {
            st = mote_stage_pool_create(&sdef, &stages_);
        }
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            mote_launch_desc d = mote_default_launch_desc();
            d.rocket = rocket(i);
            st = mote_launch_pool_add(rockets_, &d, nullptr);
        }
        const mote_launch_profile profile = mote_launch_pool_profile(rockets_);
        detach_time_ = mote_launch_timeline_of(&profile).accel_end;
        altitude_.assign(count, 0.0f);
        separation_.assign(count, 0.0f);
        stage_of_.clear();
        if (st == MOTE_OK) {
            st = mote_launch_pool_step(rockets_, 0.0f); // poses at the clock's start
        }
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        const mote_status st = mote_launch_pool_set_backend(rockets_, backend);
        return st == MOTE_OK ? mote_stage_pool_set_backend(stages_, backend) : st;
    }
    mote_status step(float dt, const mote_task_system *tasks,
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
        const double clock = mote_launch_pool_clock(rockets_);
        const mote_launch_profile profile = mote_launch_pool_profile(rockets_);
        while (st == MOTE_OK && stage_of_.size() < count_) {
            const size_t i = stage_of_.size();
            const float own = static_cast<float>(clock - rocket(i).launch_time);
            if (own < detach_time_) {
                break;
            }
            st = detach(profile, i, own - detach_time_);
        }
        return st;
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
            const size_t i = stage_of_[k];
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
        std::snprintf(text, sizeof text,
                      "%zu rockets rising, %zu stages dropped, each falling behind its rocket",
                      r.count, s.count);
        return Check{true, text};
    }

  private:
    mote_launch_rocket rocket(size_t i) const {
        mote_launch_rocket r = mote_default_launch_rocket();
        r.launch_time = settings_.schedule * static_cast<float>(i) / static_cast<float>(count_);
        r.turn_blend = mote_random_range(launch_seed, 2 * i, 1.0f - settings_.turn_spread,
                                         1.0f + settings_.turn_spread);
        r.crossrange =
            mote_random_range(launch_seed, 2 * i + 1, -settings_.crossrange, settings_.crossrange);
        return r;
    }
    // Rocket i's stage, detached at detach_time_ of its own time and now tau s since.
    mote_status detach(const mote_launch_profile &profile, size_t i, float tau) {
        const mote_launch_rocket r = rocket(i);
        mote_launch_pose pose;
        mote_status st = mote_launch_evaluate(&profile, &r, r.launch_time + detach_time_, &pose);
        const mote_transform world = {pose.position, pose.orientation, {1.0f, 1.0f, 1.0f}};
        const mote_transform local = {{0.0f, -1.0f, 0.0f}, mote_quat_identity(), {1, 1, 1}};
        mote_stage_desc d = mote_default_stage_desc();
        if (st == MOTE_OK) {
            st = mote_stage_capture(&d, &world, &local);
        }
        if (st == MOTE_OK) {
            st = mote_stage_set_frame(&d, pose.flight_direction, pose.radial, {1.0f, 0.0f, 0.0f});
        }
        if (st == MOTE_OK) {
            st = mote_stage_draw(&d, launch_seed, i);
        }
        d.time = tau;
        // the pose at tau now: the pool writes a stage's pose only when it steps it
        mote_stage_pose now = {};
        if (st == MOTE_OK) {
            st = mote_stage_evaluate(&d, tau, &now);
        }
        d.position = now.position;
        d.orientation = now.orientation;
        if (st == MOTE_OK) {
            st = mote_stage_pool_add(stages_, &d, nullptr);
        }
        stage_of_.push_back(i);
        return st;
    }

    const Settings &settings_;
    mote_launch_pool *rockets_ = nullptr;
    mote_stage_pool *stages_ = nullptr;
    size_t count_ = 0;
    float detach_time_ = 0.0f;
    std::vector<float> altitude_, separation_;
    std::vector<size_t> stage_of_; // the rocket of each stage (stages are added in order)
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
