// The flock sample: flyers wheel in from a cloud round a set of wires, each onto its own perch,
// at the pool's cruise speed, banking into their turns (coloured by bank: blue level, red at
// the cap) and braking to rest on the perch; at 2 s every tenth is re-targeted to the next
// wire. The curves of the first flyers are drawn. Invariant: every flyer finite with its bank
// within the cap, every flyer whose clock reached its flight's duration landed (reported by a
// step) and resting on its perch.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr uint64_t flock_seed = 0x666c6f6bu; // "flok"
constexpr unsigned wires = 10;
constexpr size_t drawn_curves = 40;

struct Settings {
    float cruise = 10.0f;       // units/s
    float acceleration = 6.0f;  // units/s^2
    float deceleration = 4.0f;  // units/s^2
    float max_bank_deg = 45.0f; // degrees
    bool retarget = true;
};

class FlockWorld : public World {
  public:
    explicit FlockWorld(const Settings &settings) : settings_(settings) {}
    ~FlockWorld() override {
        mote_flight_pool_destroy(pool_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        count_ = count;
        mote_flight_pool_def def = mote_default_flight_pool_def();
        def.limits.cruise_speed = settings_.cruise;
        def.limits.max_acceleration = settings_.acceleration;
        def.limits.max_deceleration = settings_.deceleration;
        def.limits.max_bank = settings_.max_bank_deg * 0.017453293f;
        def.capacity = count;
        def.backend = backend;
        mote_status st = mote_flight_pool_create(&def, &pool_);
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            mote_flight_desc d = mote_flight_pool_desc(pool_);
            const float a = 6.2831853f * mote_random_unit(flock_seed, 8 * i);
            const float r = mote_random_range(flock_seed, 8 * i + 1, 25.0f, 60.0f);
            d.start_position = {r * std::cos(a), r * std::sin(a),
                                mote_random_range(flock_seed, 8 * i + 2, 10.0f, 30.0f)};
            const float speed = mote_random_range(flock_seed, 8 * i + 3, 3.0f, 8.0f);
            d.start_velocity = {-speed * std::sin(a) - 0.3f * std::cos(a),
                                speed * std::cos(a) - 0.3f * std::sin(a),
                                mote_random_range(flock_seed, 8 * i + 4, -1.0f, 0.5f)};
            d.perch_position = perch(i);
            d.landing_normal = {0.0f, 0.0f, 1.0f};
            st = mote_flight_pool_add(pool_, &d, nullptr);
        }
        ids_.resize(count);
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_flight_pool_set_backend(pool_, backend);
    }
    mote_status join(mote_world *world) override {
        return mote_world_join_flight_pool(world, pool_);
    }
    mote_status before_step(float dt) override {
        if (settings_.retarget && !retargeted_ && time_ + dt >= 2.0f) {
            retargeted_ = true;
            for (size_t i = 0; i < mote_flight_pool_count(pool_); i += 10) {
                const mote_status st = mote_flight_pool_retarget(
                    pool_, mote_flight_pool_id_at(pool_, i), perch(i + 1), {0.0f, 0.0f, 1.0f});
                if (st != MOTE_OK) {
                    return st;
                }
            }
        }
        time_ += dt;
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        mote_flight_landed landed = {ids_.data(), ids_.size(), 0};
        const mote_status st = timed_step(
            steps, "flyers", mote_flight_pool_count(pool_), mote_flight_pool_backend(pool_), [&] {
                return tasks != nullptr ? mote_flight_pool_step_parallel(pool_, dt, tasks, &landed)
                                        : mote_flight_pool_step(pool_, dt, &landed);
            });
        landed_ += landed.count;
        return st;
    }
    void event(const mote_event &event) override {
        landed_ += event.code == MOTE_EVENT_FLIGHT_LANDED ? 1u : 0u;
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_flight_view v = mote_flight_pool_view(pool_);
        const float base[4] = {0.4f, 0.6f, 1.0f, 1.0f};
        size_t first = 0;
        write_poses(list, SHAPE_DART_X, pool_, v.count, mote_flight_pool_write_poses, 1.4f, base,
                    &first);
        const float cap = mote_flight_pool_limits(pool_).max_bank;
        for (size_t i = 0; i < v.count; ++i) {
            const float b = cap > 0.0f ? std::fmin(std::fabs(v.bank[i]) / cap, 1.0f) : 0.0f;
            float *c = list.shapes[SHAPE_DART_X][first + i].color;
            c[0] = 0.35f + 0.65f * b, c[1] = 0.6f - 0.3f * b, c[2] = 1.0f - 0.7f * b;
            if (v.landed[i] != 0.0f) {
                c[0] = 0.4f, c[1] = 0.9f, c[2] = 0.4f;
            }
        }
        if (ghost) {
            return;
        }
        const float wire[4] = {0.55f, 0.55f, 0.6f, 1.0f}, curve[4] = {1.0f, 0.85f, 0.3f, 0.7f};
        const size_t per_wire = count_ / wires + 1;
        for (unsigned w = 0; w < wires; ++w) {
            const mote_vec3 a = perch(w), b = perch(w + wires * (per_wire - 1));
            list.line(a.x - 1, a.y, a.z - 0.05f, b.x + 1, b.y, b.z - 0.05f, wire);
        }
        for (size_t i = 0; i < v.count && i < drawn_curves; ++i) {
            mote_vec3 previous = {};
            for (int k = 0; k <= 24; ++k) {
                const float u = k / 24.0f, u2 = u * u, u3 = u2 * u;
                const float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u;
                const float h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
                float p[3];
                for (int c = 0; c < 3; ++c) {
                    p[c] = h00 * v.start_position[c][i] + h10 * v.start_tangent[c][i] +
                           h01 * v.perch_position[c][i] + h11 * v.end_tangent[c][i];
                }
                const mote_vec3 here = {p[0], p[1], p[2]};
                if (k > 0) {
                    list.line(previous.x, previous.y, previous.z, here.x, here.y, here.z, curve);
                }
                previous = here;
            }
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_flight_view v = mote_flight_pool_view(pool_);
        append_positions(xyz, v.position, v.count);
    }
    Check check(double elapsed) override {
        (void)elapsed;
        const mote_flight_view v = mote_flight_pool_view(pool_);
        const float cap = mote_flight_pool_limits(pool_).max_bank;
        size_t done = 0, landed = 0;
        char text[200];
        for (size_t i = 0; i < v.count; ++i) {
            if (!finite3(v.position, i) || !std::isfinite(v.bank[i]) ||
                std::fabs(v.bank[i]) > cap + 1e-5f) {
                std::snprintf(text, sizeof text, "flyer %zu non-finite or banked past the cap", i);
                return Check{false, text};
            }
            landed += v.landed[i] != 0.0f ? 1u : 0u;
            if (v.time[i] < v.duration[i]) {
                continue;
            }
            ++done;
            float off = 0.0f;
            for (int c = 0; c < 3; ++c) {
                off = std::fmax(off, std::fabs(v.position[c][i] - v.perch_position[c][i]));
            }
            if (v.landed[i] == 0.0f || off > 1e-3f) {
                std::snprintf(text, sizeof text,
                              "flyer %zu past its duration but not landed on its perch (%.3g off)",
                              i, static_cast<double>(off));
                return Check{false, text};
            }
        }
        if (landed_ != landed) {
            std::snprintf(text, sizeof text, "the steps reported %zu landings, %zu flyers landed",
                          landed_, landed);
            return Check{false, text};
        }
        std::snprintf(text, sizeof text,
                      "banks within the cap; %zu of %zu landed on their perches (every one due)",
                      landed, v.count);
        return Check{true, text};
    }

  private:
    // Perch k: wire k % wires (3 units apart in y, rising a little a wire), half a unit apart
    // along x.
    mote_vec3 perch(size_t k) const {
        const size_t per_wire = count_ / wires + 1;
        const float wire = static_cast<float>(k % wires);
        const float along = static_cast<float>(k / wires % per_wire);
        return {0.5f * along - 0.25f * static_cast<float>(per_wire), 3.0f * wire - 13.5f,
                4.0f + 0.3f * wire};
    }

    const Settings &settings_;
    mote_flight_pool *pool_ = nullptr;
    size_t count_ = 0, landed_ = 0;
    std::vector<mote_id> ids_;
    float time_ = 0.0f;
    bool retargeted_ = false;
};

class FlockSample : public Sample {
  public:
    const char *name() const override {
        return "flock";
    }
    const char *summary() const override {
        return "a flock of flights landing on perches along wires: curves and banks drawn";
    }
    size_t default_count() const override {
        return 2000;
    }
    size_t max_count() const override {
        return 1u << 20;
    }
    Camera camera() const override {
        Camera c;
        c.distance = 95.0f;
        c.pitch = 0.6f;
        c.yaw = -1.2f;
        c.center[2] = 6.0f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<FlockWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        // the limits are the pool's, fixed when it is made: a change restarts the flock
        rebuild |= ImGui::SliderFloat("cruise speed", &settings_.cruise, 1.0f, 30.0f);
        rebuild |= ImGui::SliderFloat("max acceleration", &settings_.acceleration, 0.5f, 20.0f);
        rebuild |= ImGui::SliderFloat("max deceleration", &settings_.deceleration, 0.5f, 20.0f);
        rebuild |= ImGui::SliderFloat("max bank (deg)", &settings_.max_bank_deg, 0.0f, 80.0f);
        ImGui::Checkbox("re-target every tenth at 2 s", &settings_.retarget);
        return rebuild;
    }
    const char *note() const override {
        return "blue level to red at the bank cap; green landed. Changing a limit restarts";
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_flock_sample() {
    return std::make_unique<FlockSample>();
}

} // namespace samples
