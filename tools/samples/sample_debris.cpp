// The debris sample: a station (a hull of radius 20 and length 60 about +z) spinning at the
// seed's 3.15 rad/s sheds its pieces: each peels off over half a second and is released
// between 0.5 s and 3.5 s with its rotating-frame velocity plus a drawn outward and axial kick
// and a tumble. Invariant: every piece finite and under the speed cap, every release reported
// once (the step's report, or the world's events in the world sample), and every released piece
// at least the hull's radius from the axis and never nearer to it than a frame before (free
// pieces fly straight, outward).
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr uint64_t debris_seed = 0x68756c6cu; // "hull"
constexpr float hull_radius = 20.0f, hull_half_length = 30.0f;

struct Settings {
    float spin_rate = 3.15f;  // rad/s
    float speed_cap = 95.0f;  // units/s
    float damping = 0.0f;     // 1/s
    float outward_max = 8.0f; // units/s, the largest drawn outward kick
};

class DebrisWorld : public World {
  public:
    explicit DebrisWorld(const Settings &settings) : settings_(settings) {}
    ~DebrisWorld() override {
        mote_debris_pool_destroy(pool_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        mote_debris_pool_def def = mote_default_debris_pool_def();
        def.capacity = count;
        def.backend = backend;
        mote_status st = mote_debris_pool_create(&def, &pool_);
        const mote_debris_ranges ranges = {0.5f, 8.0f, 1.0f, settings_.outward_max, -1.5f, 1.5f};
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            mote_debris_desc d = mote_default_debris_desc();
            const float a = 6.2831853f * mote_random_unit(debris_seed, 4 * i);
            const float z =
                mote_random_range(debris_seed, 4 * i + 1, -hull_half_length, hull_half_length);
            d.anchor = {hull_radius * std::cos(a), hull_radius * std::sin(a), z};
            d.outward = {std::cos(a), std::sin(a), 0.0f};
            d.base = mote_quat_axis_angle({0.0f, 0.0f, 1.0f}, a);
            d.max_distance = 1.5f;
            d.twist = mote_random_range(debris_seed, 4 * i + 2, -2.0f, 2.0f);
            d.detach_time = mote_random_range(debris_seed, 4 * i + 3, 0.5f, 3.5f);
            d.peel_start = d.detach_time - 0.5f;
            mote_debris_draw(&d, &ranges, debris_seed, i);
            st = mote_debris_pool_add(pool_, &d, nullptr);
        }
        spin_ = mote_default_station_spin();
        spin_.spin_down_start = spin_.spin_down_end = 1e9f; // spins on
        last_radial_.assign(count, 0.0f);
        ids_.resize(count);
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_debris_pool_set_backend(pool_, backend);
    }
    mote_status join(mote_world *world) override {
        return mote_world_join_debris_pool(world, pool_);
    }
    mote_status before_step(float dt) override {
        spin_.spin_rate = settings_.spin_rate;
        mote_debris_settings s = mote_debris_pool_settings(pool_);
        s.speed_cap = settings_.speed_cap;
        s.linear_damping = settings_.damping;
        mote_status st = mote_debris_pool_set_settings(pool_, &s);
        if (st == MOTE_OK) {
            st = mote_station_spin_step(&spin_, dt);
        }
        const mote_debris_ship ship = mote_station_spin_ship(&spin_, {0.0f, 0.0f, 0.0f});
        return st == MOTE_OK ? mote_debris_pool_set_ship(pool_, &ship) : st;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        mote_debris_released released = {ids_.data(), ids_.size(), 0};
        const mote_status st = timed_step(
            steps, "debris", mote_debris_pool_count(pool_), mote_debris_pool_backend(pool_), [&] {
                return tasks != nullptr
                           ? mote_debris_pool_step_parallel(pool_, dt, tasks, &released)
                           : mote_debris_pool_step(pool_, dt, &released);
            });
        released_ += released.count;
        return st;
    }
    void event(const mote_event &event) override {
        released_ += event.code == MOTE_EVENT_DEBRIS_RELEASED ? 1u : 0u;
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_debris_view v = mote_debris_pool_view(pool_);
        const float attached[4] = {0.75f, 0.75f, 0.8f, 1.0f};
        size_t first = 0;
        write_poses(list, SHAPE_PLATE, pool_, v.count, mote_debris_pool_write_poses, 2.2f, attached,
                    &first);
        for (size_t i = 0; i < v.count; ++i) {
            if (v.phase[i] != static_cast<float>(MOTE_DEBRIS_ATTACHED)) {
                float *c = list.shapes[SHAPE_PLATE][first + i].color;
                c[0] = 1.0f, c[1] = 0.55f, c[2] = 0.2f;
            }
        }
        if (ghost) {
            return;
        }
        // the hull: rings and struts turning with the station
        const mote_quat q = mote_station_spin_orientation(&spin_);
        const float hull[4] = {0.35f, 0.6f, 0.9f, 1.0f};
        const int sides = 24;
        for (int k = 0; k < sides; ++k) {
            const float a0 = 6.2831853f * k / sides, a1 = 6.2831853f * (k + 1) / sides;
            for (float z : {-hull_half_length, 0.0f, hull_half_length}) {
                const mote_vec3 p0 = mote_quat_rotate(
                    q, {hull_radius * std::cos(a0), hull_radius * std::sin(a0), z});
                const mote_vec3 p1 = mote_quat_rotate(
                    q, {hull_radius * std::cos(a1), hull_radius * std::sin(a1), z});
                list.line(p0.x, p0.y, p0.z, p1.x, p1.y, p1.z, hull);
            }
            if (k % 3 == 0) {
                const mote_vec3 p0 = mote_quat_rotate(
                    q, {hull_radius * std::cos(a0), hull_radius * std::sin(a0), -hull_half_length});
                const mote_vec3 p1 = mote_quat_rotate(
                    q, {hull_radius * std::cos(a0), hull_radius * std::sin(a0), hull_half_length});
                list.line(p0.x, p0.y, p0.z, p1.x, p1.y, p1.z, hull);
            }
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_debris_view v = mote_debris_pool_view(pool_);
        append_positions(xyz, v.position, v.count);
    }
    Check check(double elapsed) override {
        const mote_debris_view v = mote_debris_pool_view(pool_);
        const float cap = mote_debris_pool_settings(pool_).speed_cap;
        size_t free_pieces = 0, detached = 0;
        char text[200];
        for (size_t i = 0; i < v.count; ++i) {
            const float radial = std::hypot(v.position[0][i], v.position[1][i]);
            const float speed = std::sqrt(v.velocity[0][i] * v.velocity[0][i] +
                                          v.velocity[1][i] * v.velocity[1][i] +
                                          v.velocity[2][i] * v.velocity[2][i]);
            if (!finite3(v.position, i) || !finite3(v.velocity, i) || !(speed <= cap)) {
                std::snprintf(text, sizeof text, "piece %zu non-finite or over the speed cap", i);
                return Check{false, text};
            }
            detached += mote_debris_view_phase(&v, i) != MOTE_DEBRIS_ATTACHED ? 1u : 0u;
            if (v.phase[i] == static_cast<float>(MOTE_DEBRIS_FREE)) {
                ++free_pieces;
                if (radial < hull_radius ||
                    radial < last_radial_[i] - 1e-4f * std::fmax(1.0f, radial)) {
                    std::snprintf(
                        text, sizeof text, "free piece %zu moved toward the axis: %.4f after %.4f",
                        i, static_cast<double>(radial), static_cast<double>(last_radial_[i]));
                    return Check{false, text};
                }
            }
            last_radial_[i] = radial;
        }
        if (elapsed > 3.6 && free_pieces != v.count) {
            std::snprintf(text, sizeof text, "%zu of %zu pieces still attached at %.1f s",
                          v.count - free_pieces, v.count, elapsed);
            return Check{false, text};
        }
        if (released_ != detached) {
            std::snprintf(text, sizeof text, "%zu releases reported, %zu pieces detached",
                          released_, detached);
            return Check{false, text};
        }
        std::snprintf(text, sizeof text,
                      "%zu released (each reported once); every free piece moving away from the "
                      "hull",
                      detached);
        return Check{true, text};
    }

  private:
    const Settings &settings_;
    mote_debris_pool *pool_ = nullptr;
    mote_station_spin spin_ = mote_default_station_spin();
    std::vector<float> last_radial_;
    std::vector<mote_id> ids_;
    size_t released_ = 0;
};

class DebrisSample : public Sample {
  public:
    const char *name() const override {
        return "debris";
    }
    const char *summary() const override {
        return "debris peeling off a spinning station's hull and flying free";
    }
    size_t default_count() const override {
        return 20000;
    }
    size_t max_count() const override {
        return 1u << 21;
    }
    Camera camera() const override {
        Camera c;
        c.distance = 260.0f;
        c.pitch = 0.45f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<DebrisWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        bool changed = ImGui::SliderFloat("spin rate (rad/s)", &settings_.spin_rate, 0.0f, 8.0f);
        changed |= ImGui::SliderFloat("speed cap (units/s)", &settings_.speed_cap, 1.0f, 200.0f);
        changed |= ImGui::SliderFloat("damping (1/s)", &settings_.damping, 0.0f, 2.0f);
        if (ImGui::SliderFloat("outward kick, max (units/s)", &settings_.outward_max, 1.0f,
                               30.0f)) {
            rebuild = true; // drawn when the pieces are made
        }
        return changed;
    }
    const char *note() const override {
        return "attached pieces grey, released ones orange; restart to shed the hull again";
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_debris_sample() {
    return std::make_unique<DebrisSample>();
}

} // namespace samples
