// The turrets sample: turrets on a grid, each under orientation control (stiffness, damping
// and a speed cap from a half-life and a damping ratio), tracking one of 8 drones that circle
// overhead; every frame a turret's target is the look rotation toward its drone, and every
// 2 s the turrets hand over to the next drone, so they swing round under their caps.
// Invariant: every orientation finite and of unit length, and at each handover at least 90% of
// the turrets within 10 degrees of their drone.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr uint64_t turret_seed = 0x7475727274u; // "turrt"
constexpr unsigned drones = 8;
constexpr float handover = 2.0f; // s
const mote_vec3 up = {0.0f, 0.0f, 1.0f};

struct Settings {
    float halflife = 0.15f; // s
    float ratio = 0.9f;
    float max_speed = 4.0f; // rad/s
};

mote_vec3 drone_position(unsigned d, float t) {
    const float radius = mote_random_range(turret_seed, 4 * d, 40.0f, 100.0f);
    const float height = mote_random_range(turret_seed, 4 * d + 1, 20.0f, 60.0f);
    float rate = mote_random_range(turret_seed, 4 * d + 2, 0.2f, 0.5f);
    rate = d % 2 == 0 ? rate : -rate;
    const float a = mote_random_range(turret_seed, 4 * d + 3, 0.0f, 6.2831853f) + rate * t;
    return {radius * std::cos(a), radius * std::sin(a), height};
}

class TurretsWorld : public World {
  public:
    explicit TurretsWorld(const Settings &settings) : settings_(settings) {}
    ~TurretsWorld() override {
        mote_orientation_pool_destroy(pool_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        mote_orientation_pool_def def = mote_default_orientation_pool_def();
        def.capacity = count;
        def.backend = backend;
        mote_status st = mote_orientation_pool_create(&def, &pool_);
        side_ = static_cast<size_t>(std::ceil(std::sqrt(static_cast<double>(count))));
        ids_.resize(count);
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            mote_orientation_desc d = mote_default_orientation_desc();
            const float heading = mote_random_range(turret_seed ^ 2u, i, 0.0f, 6.2831853f);
            d.orientation = mote_quat_mul(mote_quat_axis_angle(up, heading),
                                          mote_quat_look_rotation({1.0f, 0.0f, 0.0f}, up));
            d.target = d.orientation;
            st = mote_orientation_pool_add(pool_, &d, &ids_[i]);
        }
        applied_ = Settings{-1.0f, -1.0f, -1.0f};
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_orientation_pool_set_backend(pool_, backend);
    }
    mote_status join(mote_world *world) override {
        return mote_world_join_orientation_pool(world, pool_);
    }
    mote_status before_step(float dt) override {
        apply_gains();
        const unsigned before = static_cast<unsigned>(time_ / handover);
        time_ += dt;
        const unsigned now = static_cast<unsigned>(time_ / handover);
        if (now != before) {
            judge_handover(); // the turrets' aim at the drones they had
        }
        aim(now);
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        return timed_step(steps, "turrets", mote_orientation_pool_count(pool_),
                          mote_orientation_pool_backend(pool_), [&] {
                              return tasks != nullptr
                                         ? mote_orientation_pool_step_parallel(pool_, dt, tasks)
                                         : mote_orientation_pool_step(pool_, dt);
                          });
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_orientation_view v = mote_orientation_pool_view(pool_);
        std::vector<Instance> &out = list.shapes[SHAPE_DART_Z];
        const size_t first = out.size();
        out.resize(first + v.count);
        const unsigned k = static_cast<unsigned>(time_ / handover);
        for (size_t i = 0; i < v.count; ++i) {
            Instance &d = out[first + i];
            const mote_vec3 p = turret_position(i);
            d.position[0] = p.x, d.position[1] = p.y, d.position[2] = p.z;
            d.scale = 3.0f;
            for (int c = 0; c < 4; ++c) {
                d.orientation[c] = v.orientation[c][i];
            }
            hue_color(static_cast<float>(drone_of(i, k)) / drones, d.color);
        }
        for (unsigned dr = 0; dr < drones; ++dr) {
            const mote_vec3 p = drone_position(dr, time_);
            float c[4];
            hue_color(static_cast<float>(dr) / drones, c);
            list.shapes[SHAPE_CUBE].push_back(
                {{p.x, p.y, p.z}, {0, 0, 0, 1}, 4.0f, {c[0], c[1], c[2], 1}});
        }
        if (ghost) {
            return;
        }
        const float aim_color[4] = {1.0f, 1.0f, 1.0f, 0.25f};
        for (size_t i = 0; i < v.count; i += std::max<size_t>(1, v.count / 48)) {
            const mote_vec3 from = turret_position(i);
            const mote_quat q = {v.orientation[0][i], v.orientation[1][i], v.orientation[2][i],
                                 v.orientation[3][i]};
            const mote_vec3 f = mote_quat_rotate(q, {0.0f, 0.0f, 30.0f});
            list.line(from.x, from.y, from.z, from.x + f.x, from.y + f.y, from.z + f.z, aim_color);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        // the aim: a point 10 units along each turret's forward
        xyz.clear();
        const mote_orientation_view v = mote_orientation_pool_view(pool_);
        for (size_t i = 0; i < v.count; ++i) {
            const mote_quat q = {v.orientation[0][i], v.orientation[1][i], v.orientation[2][i],
                                 v.orientation[3][i]};
            const mote_vec3 f = mote_quat_rotate(q, {0.0f, 0.0f, 10.0f});
            xyz.insert(xyz.end(), {f.x, f.y, f.z});
        }
    }
    Check check(double elapsed) override {
        (void)elapsed;
        const mote_orientation_view v = mote_orientation_pool_view(pool_);
        char text[200];
        for (size_t i = 0; i < v.count; ++i) {
            float n = 0.0f;
            for (int c = 0; c < 4; ++c) {
                n += v.orientation[c][i] * v.orientation[c][i];
            }
            if (!(std::fabs(n - 1.0f) < 1e-3f)) {
                std::snprintf(text, sizeof text, "turret %zu's orientation is not unit (%g)", i,
                              static_cast<double>(n));
                return Check{false, text};
            }
        }
        if (!failure_.empty()) {
            return Check{false, failure_};
        }
        std::snprintf(text, sizeof text,
                      "unit orientations; %u handovers judged, the worst %.1f%% within 10 degrees",
                      handovers_, worst_share_ * 100.0);
        return Check{true, text};
    }

  private:
    mote_vec3 turret_position(size_t i) const {
        const float s = 6.0f, h = 0.5f * static_cast<float>(side_);
        return {s * (static_cast<float>(i % side_) - h), s * (static_cast<float>(i / side_) - h),
                0.0f};
    }
    unsigned drone_of(size_t i, unsigned k) const {
        return static_cast<unsigned>((i + k) % drones);
    }
    void apply_gains() {
        if (applied_.halflife == settings_.halflife && applied_.ratio == settings_.ratio &&
            applied_.max_speed == settings_.max_speed) {
            return;
        }
        applied_ = settings_;
        const mote_orientation_view v = mote_orientation_pool_view(pool_);
        for (size_t i = 0; i < v.count; ++i) {
            const float jitter = mote_random_range(turret_seed ^ 3u, i, 0.8f, 1.25f);
            const mote_orientation_control_params g = mote_orientation_control_gains(
                settings_.halflife * jitter, settings_.ratio, settings_.max_speed);
            v.stiffness[i] = g.stiffness;
            v.damping[i] = g.damping;
            v.max_speed[i] = g.max_speed;
        }
    }
    void aim(unsigned k) {
        mote_vec3 at[drones];
        for (unsigned d = 0; d < drones; ++d) {
            at[d] = drone_position(d, time_);
        }
        for (size_t i = 0; i < ids_.size(); ++i) {
            const mote_vec3 forward = mote_vec3_sub(at[drone_of(i, k)], turret_position(i));
            mote_orientation_pool_set_target_look(pool_, ids_[i], forward, up);
        }
    }
    void judge_handover() {
        const mote_orientation_view v = mote_orientation_pool_view(pool_);
        size_t on = 0;
        for (size_t i = 0; i < v.count; ++i) {
            float dot = 0.0f;
            for (int c = 0; c < 4; ++c) {
                dot += v.orientation[c][i] * v.target[c][i];
            }
            const float angle = 2.0f * std::acos(std::fmin(std::fabs(dot), 1.0f));
            on += angle < 10.0f * 0.017453293f ? 1u : 0u;
        }
        const double share = v.count > 0 ? static_cast<double>(on) / v.count : 1.0;
        ++handovers_;
        worst_share_ = std::fmin(worst_share_, share);
        if (share < 0.9 && failure_.empty() && settings_.halflife <= 0.3f &&
            settings_.max_speed >= 2.0f) {
            char text[200];
            std::snprintf(text, sizeof text,
                          "at the handover at %.1f s only %.1f%% of the turrets were within 10 "
                          "degrees of their drone",
                          static_cast<double>(time_), share * 100.0);
            failure_ = text;
        }
    }

    const Settings &settings_;
    Settings applied_;
    mote_orientation_pool *pool_ = nullptr;
    std::vector<mote_id> ids_;
    size_t side_ = 1;
    float time_ = 0.0f;
    unsigned handovers_ = 0;
    double worst_share_ = 1.0;
    std::string failure_;
};

class TurretsSample : public Sample {
  public:
    const char *name() const override {
        return "turrets";
    }
    const char *summary() const override {
        return "turrets under orientation control tracking drones, handing over every 2 s";
    }
    size_t default_count() const override {
        return 1024;
    }
    size_t max_count() const override {
        return 1u << 20;
    }
    Camera camera() const override {
        Camera c;
        c.distance = 330.0f;
        c.pitch = 0.55f;
        c.center[2] = 20.0f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<TurretsWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        (void)rebuild;
        bool changed = ImGui::SliderFloat("half-life (s)", &settings_.halflife, 0.03f, 1.0f);
        changed |= ImGui::SliderFloat("damping ratio", &settings_.ratio, 0.2f, 1.5f);
        changed |= ImGui::SliderFloat("speed cap (rad/s)", &settings_.max_speed, 0.2f, 20.0f);
        return changed;
    }
    const char *note() const override {
        return "turrets coloured by the drone they track; white: where some of them aim";
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_turrets_sample() {
    return std::make_unique<TurretsSample>();
}

} // namespace samples
