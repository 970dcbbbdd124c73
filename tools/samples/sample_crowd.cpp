// The crowd sample: movers walking to waypoints on a square, each asking for a velocity
// toward its waypoint that slows over the last stretch, and given a new one (200 to 500 units
// away) on arrival. The inputs are written through the pool's view every frame, as a game's AI
// would. No avoidance: movers walk through each other. Invariant: every state finite and
// inside the square's margin, and from 4 s on every mover has reached at least one waypoint.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr float extent = 1200.0f;      // units: the square is [-extent, extent]^2
constexpr float arrive_radius = 25.0f; // units
constexpr uint64_t crowd_seed = 0x63726f77u;

struct Settings {
    mote_movement_params params = mote_default_movement_params();
    float speed = 300.0f;  // units/s walking pace
    float slowdown = 2.0f; // 1/s: desired speed = distance * this near the waypoint
};

class CrowdWorld : public World {
  public:
    explicit CrowdWorld(const Settings &settings) : settings_(settings) {}
    ~CrowdWorld() override {
        mote_mover_pool_destroy(pool_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        mote_mover_pool_def def = mote_default_mover_pool_def();
        def.capacity = count;
        def.backend = backend;
        def.params = settings_.params;
        mote_status st = mote_mover_pool_create(&def, &pool_);
        goal_x_.resize(count);
        goal_y_.resize(count);
        arrivals_.assign(count, 0);
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            mote_mover_desc d = mote_default_mover_desc();
            d.state.position.x = mote_random_range(crowd_seed, 4 * i, -extent, extent);
            d.state.position.y = mote_random_range(crowd_seed, 4 * i + 1, -extent, extent);
            d.state.rotation = d.state.immediate_rotation =
                mote_random_range(crowd_seed, 4 * i + 2, -3.14f, 3.14f);
            new_waypoint(i, d.state.position.x, d.state.position.y);
            st = mote_mover_pool_add(pool_, &d, nullptr);
        }
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_mover_pool_set_backend(pool_, backend);
    }
    mote_status join(mote_world *world) override {
        return mote_world_join_mover_pool(world, pool_);
    }
    mote_status before_step(float dt) override {
        (void)dt;
        const mote_movement_params current = mote_mover_pool_params(pool_);
        if (params_differ(current)) {
            const mote_status st = mote_mover_pool_set_params(pool_, &settings_.params);
            if (st != MOTE_OK) {
                return st;
            }
        }
        steer();
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        return timed_step(
            steps, "movers", mote_mover_pool_count(pool_), mote_mover_pool_backend(pool_), [&] {
                return tasks != nullptr ? mote_mover_pool_step_parallel(pool_, dt, tasks)
                                        : mote_mover_pool_step(pool_, dt);
            });
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_mover_view v = mote_mover_pool_view(pool_);
        const float color[4] = {0.45f, 0.75f, 1.0f, 1.0f};
        size_t first = 0; // the pose writer lifts the movers onto the z = 0 plane, z up
        write_poses(list, SHAPE_DART_X, pool_, v.count, mote_mover_pool_write_poses, 22.0f, color,
                    &first);
        for (size_t i = 0; i < v.count; ++i) { // slower movers paler
            const float speed =
                std::fmin(std::hypot(v.velocity_x[i], v.velocity_y[i]) / 300.0f, 1.0f);
            float *c = list.shapes[SHAPE_DART_X][first + i].color;
            c[0] = color[0] + 0.5f * (1.0f - speed);
            c[2] = color[2] * std::fmin(speed + 0.3f, 1.0f);
        }
        if (ghost) {
            return;
        }
        const float border[4] = {0.5f, 0.5f, 0.55f, 1.0f}, goal[4] = {1.0f, 0.8f, 0.3f, 0.6f};
        const float corners[5][2] = {{-extent, -extent},
                                     {extent, -extent},
                                     {extent, extent},
                                     {-extent, extent},
                                     {-extent, -extent}};
        for (int k = 0; k < 4; ++k) {
            list.line(corners[k][0], corners[k][1], 0, corners[k + 1][0], corners[k + 1][1], 0,
                      border);
        }
        for (size_t i = 0; i < v.count && i < 64; ++i) { // a few movers' waypoints
            list.line(v.position_x[i], v.position_y[i], 0, goal_x_[i], goal_y_[i], 0, goal);
            list.line(goal_x_[i] - 10, goal_y_[i], 0, goal_x_[i] + 10, goal_y_[i], 0, goal);
            list.line(goal_x_[i], goal_y_[i] - 10, 0, goal_x_[i], goal_y_[i] + 10, 0, goal);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_mover_view v = mote_mover_pool_view(pool_);
        const float *const position[3] = {v.position_x, v.position_y, nullptr};
        append_positions(xyz, position, v.count);
    }
    Check check(double elapsed) override {
        const mote_mover_view v = mote_mover_pool_view(pool_);
        size_t never = 0;
        const float margin = extent + 200.0f;
        for (size_t i = 0; i < v.count; ++i) {
            if (!std::isfinite(v.position_x[i]) || !std::isfinite(v.position_y[i]) ||
                !std::isfinite(v.rotation[i]) || std::fabs(v.position_x[i]) > margin ||
                std::fabs(v.position_y[i]) > margin) {
                return fail("mover %zu left the square or went non-finite", i);
            }
            never += arrivals_[i] == 0 ? 1u : 0u;
        }
        if (elapsed >= 4.0 && never > 0) {
            return fail("%zu movers have not reached a waypoint in 4 s", never);
        }
        size_t total = 0;
        for (unsigned a : arrivals_) {
            total += a;
        }
        char text[160];
        std::snprintf(text, sizeof text,
                      "finite, inside the square; %zu arrivals, %zu movers yet to arrive%s", total,
                      never, elapsed >= 4.0 ? "" : " (all must by 4 s)");
        return Check{true, text};
    }

  private:
    Check fail(const char *format, size_t n) const {
        char text[160];
        std::snprintf(text, sizeof text, format, n);
        return Check{false, text};
    }
    bool params_differ(const mote_movement_params &p) const {
        const mote_movement_params &s = settings_.params;
        return p.acceleration != s.acceleration || p.deceleration != s.deceleration ||
               p.turn_strength != s.turn_strength ||
               p.acceleration_halflife != s.acceleration_halflife ||
               p.deceleration_halflife != s.deceleration_halflife ||
               p.rotation_halflife != s.rotation_halflife ||
               p.directional_acceleration != s.directional_acceleration ||
               p.rotation_double_spring != s.rotation_double_spring;
    }
    // A waypoint 200 to 500 units from (x, y), inside the square.
    void new_waypoint(size_t i, float x, float y) {
        const uint64_t k = static_cast<uint64_t>(i) * 4096u + arrivals_[i];
        const float a = mote_random_range(crowd_seed ^ 1u, 2 * k, 0.0f, 6.2831853f);
        const float r = mote_random_range(crowd_seed ^ 1u, 2 * k + 1, 200.0f, 500.0f);
        float gx = x + r * std::cos(a), gy = y + r * std::sin(a);
        if (std::fabs(gx) > extent) {
            gx = x - r * std::cos(a);
        }
        if (std::fabs(gy) > extent) {
            gy = y - r * std::sin(a);
        }
        goal_x_[i] = gx;
        goal_y_[i] = gy;
    }
    // The AI: toward the waypoint at walking pace, slowing over the last stretch; a new
    // waypoint on arrival.
    void steer() {
        const mote_mover_view v = mote_mover_pool_view(pool_);
        for (size_t i = 0; i < v.count; ++i) {
            float dx = goal_x_[i] - v.position_x[i], dy = goal_y_[i] - v.position_y[i];
            float distance = std::sqrt(dx * dx + dy * dy);
            if (distance < arrive_radius) {
                ++arrivals_[i];
                new_waypoint(i, v.position_x[i], v.position_y[i]);
                dx = goal_x_[i] - v.position_x[i];
                dy = goal_y_[i] - v.position_y[i];
                distance = std::sqrt(dx * dx + dy * dy);
            }
            const float speed = std::fmin(settings_.speed, distance * settings_.slowdown);
            const float k = distance > 1e-3f ? speed / distance : 0.0f;
            v.desired_velocity_x[i] = dx * k;
            v.desired_velocity_y[i] = dy * k;
        }
    }

    const Settings &settings_;
    mote_mover_pool *pool_ = nullptr;
    std::vector<float> goal_x_, goal_y_;
    std::vector<unsigned> arrivals_;
};

class CrowdSample : public Sample {
  public:
    const char *name() const override {
        return "crowd";
    }
    const char *summary() const override {
        return "movers walking to waypoints (the movement model), new waypoint on arrival";
    }
    size_t default_count() const override {
        return 5000;
    }
    size_t max_count() const override {
        return 1u << 20;
    }
    Camera camera() const override {
        Camera c;
        c.orthographic = true;
        c.half_height = extent * 1.08f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<CrowdWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        (void)rebuild;
        mote_movement_params &p = settings_.params;
        bool changed = ImGui::SliderFloat("walking speed", &settings_.speed, 10.0f, 800.0f);
        changed |= ImGui::SliderFloat("acceleration", &p.acceleration, 10.0f, 5000.0f);
        changed |= ImGui::SliderFloat("deceleration", &p.deceleration, 10.0f, 5000.0f);
        changed |= ImGui::SliderFloat("turn strength (1/s)", &p.turn_strength, 0.0f, 20.0f);
        changed |=
            ImGui::SliderFloat("acceleration half-life (s)", &p.acceleration_halflife, 0.0f, 1.0f);
        changed |=
            ImGui::SliderFloat("deceleration half-life (s)", &p.deceleration_halflife, 0.0f, 1.0f);
        changed |= ImGui::SliderFloat("rotation half-life (s)", &p.rotation_halflife, 0.0f, 1.0f);
        changed |= ImGui::Checkbox("double facing spring", &p.rotation_double_spring);
        return changed;
    }
    const char *note() const override {
        return "No avoidance here: movers walk through each other (the avoid_* samples show the "
               "crowd avoidance).";
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_crowd_sample() {
    return std::make_unique<CrowdSample>();
}

} // namespace samples
