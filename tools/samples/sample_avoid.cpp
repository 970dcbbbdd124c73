// The avoidance samples: the mover's crowd avoidance scenes (square, circle, corridor, door),
// one sample each, all four from the one class here. Each scene is the one the tests and
// mote-bench run (engine/kinds/mover/avoid_scenes.h, linked from mote_probes): built, steered
// every step and measured there; this file adds the drawing, the live avoidance
// settings and the invariant. The scenes are defined at steps of 1/60 s, so a longer frame (a
// time scale above 1) is stepped in equal parts of at most 1/60 s, the scene steered before
// each. Drawn: every body as a disc of its radius through the pose writer (instanced), with a
// dart for its facing, the walls as lines, each body's avoid velocity (where the step sends
// it, 1 s ahead); holding the left button shows the bodies mote_mover_pool_query_radius
// finds within the neighbour distance of the cursor. Invariant, over every part of every
// frame: the smallest distance between two bodies stays at least 0.95 of their radii sum, and
// where there are walls no body's centre crosses one and no disc reaches more than 5% of its
// radius into one.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

extern "C" {
#include "avoid_scenes.h"
}

#include "sample_util.h"

namespace samples {

namespace {

constexpr float least_pair = 0.95f; // of the radii sum
constexpr float least_wall = 0.95f; // of the radius, from the centre to a wall

// One scene's sample: what --list says, the counts and the time scale.
struct SceneInfo {
    avoid_scene_kind kind;
    const char *summary;
    size_t default_count;
    size_t max_count; // the most the scene places inside its walls
    float time_scale;
};

const SceneInfo scene_infos[] = {
    {AVOID_CIRCLE, "crowd avoidance: bodies on a ring, each walking to the opposite point", 500,
     1u << 20, 4.0f},
    // two rows each way, 1 m apart along a 40 m corridor: 156 fill it
    {AVOID_CORRIDOR, "crowd avoidance: a 4 m corridor, two rows each way passing each other", 80,
     156, 4.0f},
    // a grid of 9 x 19 places in the left room
    {AVOID_DOOR, "crowd avoidance: two rooms, every body through one 2 m door to the other", 120,
     171, 4.0f},
    {AVOID_SQUARE, "crowd avoidance: the dense square, random goals, a new one on arrival", 2000,
     1u << 20, 2.0f},
};

struct Settings {
    mote_avoidance_settings avoidance = mote_default_avoidance_settings();
    mote_avoidance_settings scene_avoidance = mote_default_avoidance_settings();
    bool taken = false; // avoidance read from the first scene built: the scene's own settings
    bool draw_avoid = true;
    bool probe = false; // the left button held over the scene, at probe_x, probe_y
    float probe_x = 0.0f, probe_y = 0.0f;
};

bool same_avoidance(const mote_avoidance_settings &a, const mote_avoidance_settings &b) {
    return a.neighbor_distance == b.neighbor_distance && a.max_neighbors == b.max_neighbors &&
           a.time_horizon == b.time_horizon && a.obstacle_time_horizon == b.obstacle_time_horizon;
}

// The distance from p to the segment w.
float wall_distance(float px, float py, const mote_segment &w) {
    const float ex = w.b.x - w.a.x, ey = w.b.y - w.a.y;
    const float length2 = ex * ex + ey * ey;
    float t = length2 > 0.0f ? ((px - w.a.x) * ex + (py - w.a.y) * ey) / length2 : 0.0f;
    t = std::clamp(t, 0.0f, 1.0f);
    return std::hypot(px - (w.a.x + t * ex), py - (w.a.y + t * ey));
}

// Twice the signed area of o, a, b: which side of the line o -> a the point b is on.
float side(float ox, float oy, float ax, float ay, float bx, float by) {
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

// Whether the path p -> q crosses the wall w (each one's ends strictly on either side of the
// other's line).
bool crosses(float px, float py, float qx, float qy, const mote_segment &w) {
    const float s1 = side(w.a.x, w.a.y, w.b.x, w.b.y, px, py);
    const float s2 = side(w.a.x, w.a.y, w.b.x, w.b.y, qx, qy);
    const float s3 = side(px, py, qx, qy, w.a.x, w.a.y);
    const float s4 = side(px, py, qx, qy, w.b.x, w.b.y);
    return ((s1 > 0.0f && s2 < 0.0f) || (s1 < 0.0f && s2 > 0.0f)) &&
           ((s3 > 0.0f && s4 < 0.0f) || (s3 < 0.0f && s4 > 0.0f));
}

class AvoidWorld : public World {
  public:
    AvoidWorld(avoid_scene_kind kind, Settings &settings) : kind_(kind), settings_(settings) {}
    ~AvoidWorld() override {
        avoid_scene_destroy(&scene_); // safe on a scene never built (zeroed)
    }
    mote_status build(size_t count, mote_backend backend) override {
        mote_status st = avoid_scene_create(&scene_, kind_, count, backend);
        if (st != MOTE_OK) {
            return st;
        }
        if (!settings_.taken) {
            settings_.avoidance = settings_.scene_avoidance =
                mote_mover_pool_avoidance(scene_.pool);
            settings_.taken = true;
        }
        st = mote_mover_pool_set_avoidance(scene_.pool, &settings_.avoidance);
        const mote_mover_view v = mote_mover_pool_view(scene_.pool);
        previous_x_.assign(v.position_x, v.position_x + v.count);
        previous_y_.assign(v.position_y, v.position_y + v.count);
        colour_by_start(v);
        return st;
    }
    mote_status set_backend(mote_backend backend) override {
        return mote_mover_pool_set_backend(scene_.pool, backend);
    }
    mote_status join(mote_world *world) override {
        return mote_world_join_mover_pool(world, scene_.pool);
    }
    mote_status before_step(float dt) override {
        (void)dt;
        if (!same_avoidance(mote_mover_pool_avoidance(scene_.pool), settings_.avoidance)) {
            const mote_status st = mote_mover_pool_set_avoidance(scene_.pool, &settings_.avoidance);
            if (st != MOTE_OK) {
                return st;
            }
        }
        avoid_scene_steer(&scene_);
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        const int parts = std::max(1, static_cast<int>(std::ceil(dt / AVOID_DT - 1e-3f)));
        const float part = dt / static_cast<float>(parts);
        mote_status st = MOTE_OK;
        for (int k = 0; k < parts && st == MOTE_OK; ++k) {
            if (k > 0) { // the first part was steered in before_step
                measure(part);
                avoid_scene_steer(&scene_);
            }
            st = timed_step(steps, "bodies", scene_.n, mote_mover_pool_backend(scene_.pool), [&] {
                return tasks != nullptr ? mote_mover_pool_step_parallel(scene_.pool, part, tasks)
                                        : mote_mover_pool_step(scene_.pool, part);
            });
        }
        last_part_ = part;
        return st;
    }
    mote_status after_step(float dt) override {
        measure(last_part_ > 0.0f ? last_part_ : dt);
        return MOTE_OK;
    }
    void draw(DrawList &list, bool ghost) const override {
        const mote_mover_view v = mote_mover_pool_view(scene_.pool);
        const float white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
        size_t discs = 0, darts = 0;
        write_poses(list, SHAPE_DISC, scene_.pool, v.count, mote_mover_pool_write_poses, 1.0f,
                    white, &discs);
        write_poses(list, SHAPE_DART_X, scene_.pool, v.count, mote_mover_pool_write_poses, 1.0f,
                    white, &darts);
        for (size_t i = 0; i < v.count; ++i) {
            Instance &disc = list.shapes[SHAPE_DISC][discs + i];
            Instance &dart = list.shapes[SHAPE_DART_X][darts + i];
            disc.scale = 2.0f * v.radius[i];
            dart.scale = 1.5f * v.radius[i];
            dart.position[2] += 0.01f; // over its disc
            hue_color(hues_[i], disc.color);
            for (int c = 0; c < 3; ++c) {
                dart.color[c] = 0.45f * disc.color[c];
            }
        }
        if (ghost) {
            return;
        }
        const float wall[4] = {0.85f, 0.85f, 0.9f, 1.0f}, avoid[4] = {1.0f, 0.9f, 0.4f, 0.8f};
        for (size_t w = 0; w < scene_.wall_count; ++w) {
            const mote_segment &s = scene_.walls[w];
            list.line(s.a.x, s.a.y, 0.0f, s.b.x, s.b.y, 0.0f, wall);
        }
        if (kind_ == AVOID_SQUARE) { // where the goals are drawn from
            const float edge[4] = {0.4f, 0.4f, 0.45f, 1.0f}, d = scene_.side;
            const float corners[5][2] = {{0, 0}, {d, 0}, {d, d}, {0, d}, {0, 0}};
            for (int k = 0; k < 4; ++k) {
                list.line(corners[k][0], corners[k][1], 0, corners[k + 1][0], corners[k + 1][1], 0,
                          edge);
            }
        }
        if (settings_.draw_avoid && v.count <= 20000) {
            for (size_t i = 0; i < v.count; ++i) {
                list.line(v.position_x[i], v.position_y[i], 0.02f,
                          v.position_x[i] + v.avoid_velocity_x[i],
                          v.position_y[i] + v.avoid_velocity_y[i], 0.02f, avoid);
            }
        }
        if (settings_.probe) {
            probe(list, discs);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        const mote_mover_view v = mote_mover_pool_view(scene_.pool);
        const float *const position[3] = {v.position_x, v.position_y, nullptr};
        append_positions(xyz, position, v.count);
    }
    Check check(double elapsed) override {
        char text[320];
        if (non_finite_ != none) {
            std::snprintf(text, sizeof text, "body %zu went non-finite at %.2f s", non_finite_,
                          non_finite_at_);
            return Check{false, text};
        }
        if (!(worst_pair_ >= least_pair)) { // NaN too
            std::snprintf(text, sizeof text,
                          "two bodies came to %.3f of their radii sum at %.2f s (at least %.2f)",
                          worst_pair_, worst_pair_at_, least_pair);
            return Check{false, text};
        }
        if (crossed_ != none) {
            std::snprintf(text, sizeof text, "body %zu's centre crossed a wall at %.2f s", crossed_,
                          crossed_at_);
            return Check{false, text};
        }
        if (worst_wall_ < least_wall) {
            std::snprintf(text, sizeof text,
                          "body %zu's disc reached %.0f%% of its radius into a wall at %.2f s "
                          "(at most %.0f%%)",
                          worst_wall_body_, 100.0 * (1.0 - worst_wall_), worst_wall_at_,
                          100.0 * (1.0 - least_wall));
            return Check{false, text};
        }
        int used = std::snprintf(text, sizeof text,
                                 "closest pair %.3f of the radii sum over %.1f s (at least %.2f)",
                                 worst_pair_, elapsed, least_pair);
        if (scene_.wall_count > 0 && used > 0) {
            used += std::snprintf(text + used, sizeof text - static_cast<size_t>(used),
                                  "; nearest wall %.3f of a radius (at least %.2f), no centre "
                                  "crossed one",
                                  worst_wall_, least_wall);
        }
        if (used > 0 && static_cast<size_t>(used) < sizeof text) {
            std::snprintf(text + used, sizeof text - static_cast<size_t>(used),
                          "; %zu of %zu within %.1f m of their goals", avoid_scene_arrived(&scene_),
                          scene_.n, static_cast<double>(AVOID_ARRIVED));
        }
        return Check{true, text};
    }

  private:
    static constexpr size_t none = static_cast<size_t>(-1);

    // Every body's hue from where it starts: its place on the ring or in the square (its
    // index), its way along the corridor, its height in the door's left room.
    void colour_by_start(const mote_mover_view &v) {
        hues_.resize(v.count);
        float low = INFINITY, high = -INFINITY;
        for (size_t i = 0; i < v.count; ++i) {
            low = std::min(low, v.position_y[i]);
            high = std::max(high, v.position_y[i]);
        }
        for (size_t i = 0; i < v.count; ++i) {
            if (kind_ == AVOID_CORRIDOR) {
                hues_[i] = scene_.goal_x[i] > v.position_x[i] ? 0.58f : 0.08f;
            } else if (kind_ == AVOID_DOOR) {
                hues_[i] = high > low ? 0.8f * (v.position_y[i] - low) / (high - low) : 0.0f;
            } else {
                hues_[i] = static_cast<float>(i) / static_cast<float>(v.count);
            }
        }
    }
    // The bodies within the neighbour distance (3 m when off) of the cursor, as
    // mote_mover_pool_query_radius finds them, drawn white, and the circle it searched.
    void probe(DrawList &list, size_t discs) const {
        const float r = settings_.avoidance.neighbor_distance > 0.0f
                            ? settings_.avoidance.neighbor_distance
                            : 3.0f;
        mote_id ids[256];
        size_t found = 0;
        if (mote_mover_pool_query_radius(scene_.pool, {settings_.probe_x, settings_.probe_y}, r,
                                         ids, 256, &found) != MOTE_OK) {
            return;
        }
        for (size_t k = 0; k < std::min<size_t>(found, 256); ++k) {
            size_t index = 0;
            if (mote_mover_pool_index(scene_.pool, ids[k], &index) == MOTE_OK) {
                float *c = list.shapes[SHAPE_DISC][discs + index].color;
                c[0] = c[1] = c[2] = 1.0f;
            }
        }
        const float ring[4] = {1.0f, 1.0f, 1.0f, 0.7f};
        for (int k = 0; k < 48; ++k) {
            const float a0 = 6.2831853f * static_cast<float>(k) / 48.0f;
            const float a1 = 6.2831853f * static_cast<float>(k + 1) / 48.0f;
            list.line(settings_.probe_x + r * std::cos(a0), settings_.probe_y + r * std::sin(a0),
                      0.03f, settings_.probe_x + r * std::cos(a1),
                      settings_.probe_y + r * std::sin(a1), 0.03f, ring);
        }
    }
    // After a step of dt: the closest pair, every body against every wall (its distance, and
    // whether its path since the last measure crossed it), every position finite.
    void measure(float dt) {
        clock_ += static_cast<double>(dt);
        const float pair = avoid_scene_closest_pair(&scene_);
        if (!(pair >= worst_pair_)) { // NaN too
            worst_pair_ = pair;
            worst_pair_at_ = clock_;
        }
        const mote_mover_view v = mote_mover_pool_view(scene_.pool);
        for (size_t i = 0; i < v.count; ++i) {
            const float x = v.position_x[i], y = v.position_y[i];
            if ((!std::isfinite(x) || !std::isfinite(y)) && non_finite_ == none) {
                non_finite_ = i;
                non_finite_at_ = clock_;
            }
            for (size_t w = 0; w < scene_.wall_count && v.radius[i] > 0.0f; ++w) {
                const float d = wall_distance(x, y, scene_.walls[w]) / v.radius[i];
                if (d < worst_wall_) {
                    worst_wall_ = d;
                    worst_wall_body_ = i;
                    worst_wall_at_ = clock_;
                }
                if (crossed_ == none &&
                    crosses(previous_x_[i], previous_y_[i], x, y, scene_.walls[w])) {
                    crossed_ = i;
                    crossed_at_ = clock_;
                }
            }
            previous_x_[i] = x;
            previous_y_[i] = y;
        }
    }

    avoid_scene_kind kind_;
    Settings &settings_;
    avoid_scene scene_{};
    std::vector<float> previous_x_, previous_y_, hues_;
    float last_part_ = 0.0f;
    double clock_ = 0.0;
    float worst_pair_ = INFINITY, worst_wall_ = INFINITY;
    double worst_pair_at_ = 0.0, worst_wall_at_ = 0.0, crossed_at_ = 0.0, non_finite_at_ = 0.0;
    size_t worst_wall_body_ = none, crossed_ = none, non_finite_ = none;
};

class AvoidSample : public Sample {
  public:
    explicit AvoidSample(const SceneInfo &info)
        : info_(info), name_(std::string("avoid_") + avoid_scene_name(info.kind)) {}
    const char *name() const override {
        return name_.c_str();
    }
    const char *summary() const override {
        return info_.summary;
    }
    size_t default_count() const override {
        return info_.default_count;
    }
    size_t max_count() const override {
        return info_.max_count;
    }
    float default_time_scale() const override {
        return info_.time_scale;
    }
    Camera camera() const override {
        return camera_for(info_.default_count);
    }
    // The scene of count bodies framed: every start, goal and wall in view (a 16:9 window).
    Camera camera_for(size_t count) const override {
        Camera c;
        c.orthographic = true;
        avoid_scene s{};
        if (avoid_scene_create(&s, info_.kind, count, MOTE_BACKEND_SCALAR) != MOTE_OK) {
            c.half_height = 20.0f;
            return c;
        }
        const mote_mover_view v = mote_mover_pool_view(s.pool);
        float lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        auto grow = [&](float x, float y) {
            lo[0] = std::min(lo[0], x), lo[1] = std::min(lo[1], y);
            hi[0] = std::max(hi[0], x), hi[1] = std::max(hi[1], y);
        };
        for (size_t i = 0; i < v.count; ++i) {
            grow(v.position_x[i], v.position_y[i]);
            grow(s.goal_x[i], s.goal_y[i]);
        }
        for (size_t w = 0; w < s.wall_count; ++w) {
            grow(s.walls[w].a.x, s.walls[w].a.y);
            grow(s.walls[w].b.x, s.walls[w].b.y);
        }
        avoid_scene_destroy(&s);
        c.center[0] = 0.5f * (lo[0] + hi[0]);
        c.center[1] = 0.5f * (lo[1] + hi[1]);
        c.half_height =
            1.1f * std::max(0.5f * (hi[1] - lo[1]) + 1.0f, (0.5f * (hi[0] - lo[0]) + 1.0f) / 1.78f);
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<AvoidWorld>(info_.kind, settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        (void)rebuild;
        mote_avoidance_settings &a = settings_.avoidance;
        const ImGuiSliderFlags clamp = ImGuiSliderFlags_AlwaysClamp;
        bool changed = ImGui::SliderFloat("neighbour distance (m)", &a.neighbor_distance, 0.0f,
                                          10.0f, "%.2f", clamp);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("0 turns avoidance off: bodies walk through each other and the "
                              "walls (and the invariant fails)");
        }
        changed |= ImGui::SliderInt("max neighbours", &a.max_neighbors, 1, 64, "%d", clamp);
        changed |= ImGui::SliderFloat("time horizon (s)", &a.time_horizon, 0.05f, 10.0f, "%.2f",
                                      clamp | ImGuiSliderFlags_Logarithmic);
        changed |= ImGui::SliderFloat("wall time horizon (s)", &a.obstacle_time_horizon, 0.05f,
                                      10.0f, "%.2f", clamp | ImGuiSliderFlags_Logarithmic);
        if (ImGui::Button("the scene's settings")) {
            a = settings_.scene_avoidance;
            changed = true;
        }
        ImGui::Checkbox("avoid velocities (1 s ahead)", &settings_.draw_avoid);
        return changed;
    }
    bool set_param(const std::string &param, float value) override {
        mote_avoidance_settings &a = settings_.avoidance;
        if (param == "neighbor_distance" && value >= 0.0f && value <= 1e6f) {
            a.neighbor_distance = value;
        } else if (param == "max_neighbors" && value >= 1.0f && value <= 1e6f &&
                   value == std::floor(value)) {
            a.max_neighbors = static_cast<int>(value);
        } else if (param == "time_horizon" && value > 0.0f && value <= 1e6f) {
            a.time_horizon = value;
        } else if (param == "obstacle_time_horizon" && value > 0.0f && value <= 1e6f) {
            a.obstacle_time_horizon = value;
        } else {
            return false;
        }
        return true;
    }
    const char *params_help() const override {
        return "neighbor_distance (m, >= 0; 0: off), max_neighbors (>= 1), time_horizon (s, > "
               "0), obstacle_time_horizon (s, > 0)";
    }
    const char *note() const override {
        return "Hold the left button over the scene: the bodies mote_mover_pool_query_radius "
               "finds within the neighbour distance of the cursor turn white.";
    }
    void mouse(float x, float y, bool down) override {
        settings_.probe = down;
        settings_.probe_x = x;
        settings_.probe_y = y;
    }

  private:
    SceneInfo info_;
    std::string name_;
    Settings settings_;
};

} // namespace

std::vector<std::unique_ptr<Sample>> make_avoid_samples() {
    std::vector<std::unique_ptr<Sample>> all;
    for (const SceneInfo &info : scene_infos) {
        all.push_back(std::make_unique<AvoidSample>(info));
    }
    return all;
}

} // namespace samples
