// The docking sample: chasers docking with their own stations, one sequence each on the
// seed's profile: hold while the station spins, approach down the corridor along the dock
// axis (drawn from the port), settle, spin down together and lock. Stations stand on a grid,
// their axes tilted, starts up to 2 s apart; the default time scale is 7x (a sequence is
// 24.5 s). Chasers are coloured by phase. Invariant: every state finite, every sequence whose
// clock passed the end of spin-down locked, and every locked chaser on its target (exactly on the
// scalar backend); stepped by a world (the world sample), one lock event per locked sequence.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr uint64_t docking_seed = 0x646f636bu; // "dock"
constexpr float spacing = 40.0f;

struct Settings {
    mote_docking_profile profile = mote_default_docking_profile();
};

// The colour of each phase: pending, hold, approach, settle, spin-down, locked.
const float phase_colors[6][4] = {{0.5f, 0.5f, 0.5f, 1},  {0.9f, 0.9f, 0.3f, 1},
                                  {1.0f, 0.55f, 0.2f, 1}, {0.9f, 0.3f, 0.9f, 1},
                                  {0.3f, 0.7f, 1.0f, 1},  {0.3f, 1.0f, 0.4f, 1}};

class DockingWorld : public World {
  public:
    explicit DockingWorld(const Settings &settings) : settings_(settings) {}
    ~DockingWorld() override {
        mote_docking_pool_destroy(pool_);
    }
    mote_status build(size_t count, mote_backend backend) override {
        mote_docking_pool_def def = mote_default_docking_pool_def();
        def.capacity = count;
        def.backend = backend;
        def.profile = settings_.profile;
        mote_status st = mote_docking_pool_create(&def, &pool_);
        const size_t side = static_cast<size_t>(std::ceil(std::sqrt(static_cast<double>(count))));
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            const mote_vec3 station = {spacing * (static_cast<float>(i % side) - 0.5f * side),
                                       spacing * (static_cast<float>(i / side) - 0.5f * side),
                                       0.0f};
            const mote_vec3 axis = {mote_random_range(docking_seed, 8 * i, -0.5f, 0.5f),
                                    mote_random_range(docking_seed, 8 * i + 1, -0.5f, 0.5f), 1.0f};
            const mote_quat base =
                mote_quat_axis_angle(mote_vec3_normalize(axis),
                                     mote_random_range(docking_seed, 8 * i + 2, -3.14f, 3.14f));
            const float a = 6.2831853f * mote_random_unit(docking_seed, 8 * i + 3);
            const float out = mote_random_range(docking_seed, 8 * i + 4, 6.0f, 16.0f);
            const mote_vec3 chaser = mote_vec3_add(
                station, mote_quat_rotate(base, {2.5f * std::cos(a), 2.5f * std::sin(a), out}));
            const float delay = mote_random_range(docking_seed, 8 * i + 5, 0.0f, 2.0f);
            mote_docking_state s;
            st = mote_docking_begin(&def.profile, station, base, chaser, delay, &s);
            if (st == MOTE_OK) {
                st = mote_docking_pool_add(pool_, &s, nullptr);
            }
        }
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_docking_pool_set_backend(pool_, backend);
    }
    mote_status join(mote_world *world) override {
        joined_ = true;
        return mote_world_join_docking_pool(world, pool_);
    }
    void event(const mote_event &event) override {
        locked_events_ += event.code == MOTE_EVENT_DOCKING_LOCKED ? 1u : 0u;
    }
    mote_status before_step(float dt) override {
        (void)dt;
        const mote_docking_profile now = mote_docking_pool_profile(pool_);
        const mote_docking_profile &want = settings_.profile;
        if (now.station_spin_rate != want.station_spin_rate ||
            now.stiffness_start != want.stiffness_start ||
            now.stiffness_end != want.stiffness_end || now.damping_start != want.damping_start ||
            now.damping_end != want.damping_end) {
            const mote_status st = mote_docking_pool_set_profile(pool_, &want);
            if (st != MOTE_OK) {
                return st;
            }
        }
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        return timed_step(steps, "chasers", mote_docking_pool_count(pool_),
                          mote_docking_pool_backend(pool_), [&] {
                              return tasks != nullptr
                                         ? mote_docking_pool_step_parallel(pool_, dt, tasks)
                                         : mote_docking_pool_step(pool_, dt);
                          });
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_docking_view v = mote_docking_pool_view(pool_);
        const mote_docking_profile profile = mote_docking_pool_profile(pool_);
        const mote_docking_timeline t = mote_docking_timeline_of(&profile);
        size_t first = 0;
        write_poses(list, SHAPE_DART_Y, pool_, v.count, mote_docking_pool_write_poses, 2.2f,
                    phase_colors[0], &first);
        for (size_t i = 0; i < v.count; ++i) {
            const float time = v.time[i];
            const int phase = v.locked[i] != 0.0f       ? 5
                              : time < 0.0f             ? 0
                              : time < t.approach_start ? 1
                              : time < t.approach_end   ? 2
                              : time < t.settle_end     ? 3
                                                        : 4;
            std::copy(phase_colors[phase], phase_colors[phase] + 4,
                      list.shapes[SHAPE_DART_Y][first + i].color);
        }
        if (ghost) {
            return;
        }
        const mote_vec3 forward = mote_vec3_normalize(profile.station_local_forward);
        const mote_vec3 axis = mote_vec3_normalize(profile.dock_axis);
        const float station_color[4] = {0.55f, 0.6f, 0.7f, 1.0f};
        const float corridor[4] = {0.9f, 0.9f, 0.9f, 0.35f};
        for (size_t i = 0; i < v.count; ++i) {
            const mote_quat base = {v.station_base[0][i], v.station_base[1][i],
                                    v.station_base[2][i], v.station_base[3][i]};
            const mote_quat q = mote_quat_normalize(
                mote_quat_mul(base, mote_quat_axis_angle(forward, v.station_angle[i])));
            const mote_vec3 center = {v.station_position[0][i], v.station_position[1][i],
                                      v.station_position[2][i]};
            list.shapes[SHAPE_CUBE].push_back(
                {{center.x, center.y, center.z},
                 {q.x, q.y, q.z, q.w},
                 5.0f,
                 {station_color[0], station_color[1], station_color[2], 1.0f}});
            const mote_vec3 port =
                mote_vec3_add(center, mote_quat_rotate(q, profile.dock_port_offset));
            const mote_vec3 end =
                mote_vec3_add(port, mote_vec3_scale(mote_quat_rotate(q, axis), 14.0f));
            list.line(port.x, port.y, port.z, end.x, end.y, end.z, corridor);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_docking_view v = mote_docking_pool_view(pool_);
        append_positions(xyz, v.position, v.count);
    }
    Check check(double elapsed) override {
        (void)elapsed;
        const mote_docking_view v = mote_docking_pool_view(pool_);
        const mote_docking_profile profile = mote_docking_pool_profile(pool_);
        const float end = mote_docking_timeline_of(&profile).spin_down_end;
        size_t locked = 0, due = 0;
        char text[200];
        for (size_t i = 0; i < v.count; ++i) {
            if (!finite3(v.position, i) || !finite3(v.velocity, i)) {
                std::snprintf(text, sizeof text, "sequence %zu went non-finite", i);
                return Check{false, text};
            }
            const bool is_locked = v.locked[i] != 0.0f;
            locked += is_locked ? 1u : 0u;
            due += v.time[i] >= end ? 1u : 0u;
            if (v.time[i] >= end && !is_locked) {
                std::snprintf(text, sizeof text, "sequence %zu at %.2f s past spin-down, unlocked",
                              i, static_cast<double>(v.time[i]));
                return Check{false, text};
            }
            if (is_locked && i < 512) { // the lock is exact: position is the target
                mote_docking_state s;
                mote_docking_pose pose;
                if (mote_docking_pool_get(pool_, mote_docking_pool_id_at(pool_, i), &s) !=
                        MOTE_OK ||
                    mote_docking_pose_of(&profile, &s, &pose) != MOTE_OK) {
                    std::snprintf(text, sizeof text, "sequence %zu: no pose", i);
                    return Check{false, text};
                }
                // the reference's target from the stored state: the same bits on the scalar
                // backend, within the wide kernels' rounding on the others
                const float off = mote_vec3_length(mote_vec3_sub(s.position, pose.target));
                const float scale = std::fmax(1.0f, mote_vec3_length(pose.target));
                worst_ = std::fmax(worst_, off);
                if (!(off <= 1e-5f * scale)) {
                    std::snprintf(text, sizeof text, "locked sequence %zu is %.3g off its target",
                                  i, static_cast<double>(off));
                    return Check{false, text};
                }
            }
        }
        if (joined_ && locked_events_ != locked) {
            std::snprintf(text, sizeof text, "%zu lock events, %zu sequences locked",
                          locked_events_, locked);
            return Check{false, text};
        }
        std::snprintf(text, sizeof text,
                      "%zu of %zu locked (%zu due by now, all locked), on their targets within "
                      "%.3g",
                      locked, v.count, due, static_cast<double>(worst_));
        return Check{true, text};
    }

  private:
    const Settings &settings_;
    mote_docking_pool *pool_ = nullptr;
    float worst_ = 0.0f;  // the largest distance of a locked chaser from its target
    bool joined_ = false; // stepped by a world, which reports each lock as an event
    size_t locked_events_ = 0;
};

class DockingSample : public Sample {
  public:
    const char *name() const override {
        return "docking";
    }
    const char *summary() const override {
        return "chasers docking with spinning stations: hold, approach, settle, spin-down, lock";
    }
    size_t default_count() const override {
        return 64;
    }
    size_t max_count() const override {
        return 1u << 18;
    }
    float default_time_scale() const override {
        return 7.0f;
    }
    Camera camera() const override {
        Camera c;
        c.distance = 420.0f;
        c.pitch = 0.75f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<DockingWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        (void)rebuild;
        mote_docking_profile &p = settings_.profile;
        mote_docking_profile edit = p;
        bool changed =
            ImGui::SliderFloat("station spin (rad/s)", &edit.station_spin_rate, 0.0f, 6.0f);
        changed |=
            ImGui::SliderFloat("stiffness, approach (1/s^2)", &edit.stiffness_start, 0.5f, 20.0f);
        changed |=
            ImGui::SliderFloat("stiffness, settled (1/s^2)", &edit.stiffness_end, 0.5f, 20.0f);
        changed |= ImGui::SliderFloat("damping, approach (1/s)", &edit.damping_start, 0.0f, 12.0f);
        changed |= ImGui::SliderFloat("damping, settled (1/s)", &edit.damping_end, 0.0f, 12.0f);
        // only a profile the pool accepts is taken (the spring must stay stable per sub-step)
        if (changed && mote_docking_profile_validate(&edit) == MOTE_OK) {
            p = edit;
        } else if (changed) {
            changed = false;
        }
        for (int k = 0; k < 6; ++k) {
            const float *c = phase_colors[k];
            ImGui::TextColored(ImVec4(c[0], c[1], c[2], 1.0f), "%s%s",
                               mote_docking_phase_name(static_cast<mote_docking_phase>(k)),
                               k < 5 ? "" : " (stations grey cubes, corridors white)");
        }
        return changed;
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_docking_sample() {
    return std::make_unique<DockingSample>();
}

} // namespace samples
