// The springs sample: one pool per spring model, every element of a pool chasing the same
// goal, the first element of each drawn as a curve against time (the last 4 s, time to the
// left). The goal flips between -1 and +1 every 2 s, or follows the mouse while the left
// button is held over the plot. Invariant: every value stays finite, and at each flip after a
// 2 s hold the models that settle (damper, critical, double, exp_response, timed) are within
// 5% of the jump of their goal.
#include <cmath>
#include <cstdio>
#include <deque>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

struct Model {
    mote_spring_kind kind;
    const char *label;
    bool settles; // within 2 s at the default parameters
};

const Model models[] = {
    {MOTE_SPRING_DAMPER, "damper", true},
    {MOTE_SPRING_CRITICAL, "critical", true},
    {MOTE_SPRING_DOUBLE, "double", true},
    {MOTE_SPRING_DAMPED, "damped (under-damped)", false},
    {MOTE_SPRING_EXP_RESPONSE, "exp_response", true},
    {MOTE_SPRING_TIMED, "timed", true},
    {MOTE_SPRING_VELOCITY, "velocity", false},
};
constexpr int model_count = sizeof models / sizeof models[0];
constexpr float history_seconds = 4.0f;
constexpr float plot_x_per_second = 2.0f;
constexpr float hold_seconds = 2.0f;

struct Settings {
    float halflife = 0.25f; // s
    float frequency = 1.0f; // Hz, damped
    float ratio = 0.3f;     // damped
    float goal_time = 1.0f; // s, timed
    float speed = 2.0f;     // units/s, velocity
    bool auto_goal = true;
    // the mouse's goal, shared by both worlds
    bool dragging = false;
    float drag_goal = 0.0f;
};

class SpringsWorld : public World {
  public:
    explicit SpringsWorld(const Settings &settings) : settings_(settings) {}
    ~SpringsWorld() override {
        for (mote_spring_pool *p : pools_) {
            mote_spring_pool_destroy(p);
        }
    }
    mote_status build(size_t count, mote_backend backend) override {
        for (int m = 0; m < model_count; ++m) {
            mote_spring_pool_def def = mote_default_spring_pool_def();
            def.kind = models[m].kind;
            def.capacity = count;
            def.backend = backend;
            mote_status st = mote_spring_pool_create(&def, &pools_[m]);
            mote_spring_desc d = mote_default_spring_desc();
            d.x = d.xi = 1.0f;
            d.goal = -1.0f;
            d.halflife = settings_.halflife;
            for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
                st = mote_spring_pool_add(pools_[m], &d, nullptr);
            }
            if (st != MOTE_OK) {
                return st;
            }
        }
        goal_ = -1.0f;
        return MOTE_OK;
    }
    mote_status set_backend(mote_backend backend) override {
        for (mote_spring_pool *p : pools_) {
            const mote_status st = mote_spring_pool_set_backend(p, backend);
            if (st != MOTE_OK) {
                return st;
            }
        }
        return MOTE_OK;
    }
    mote_status before_step(float dt) override {
        time_ += dt;
        float goal = goal_;
        if (settings_.dragging) {
            goal = settings_.drag_goal;
        } else if (settings_.auto_goal && time_ - hold_start_ >= hold_seconds) {
            goal = -goal_;
        }
        if (goal != goal_) {
            if (time_ - hold_start_ >= hold_seconds - 0.05f) {
                judge_settled();
            }
            jump_ = std::fabs(goal - goal_);
            goal_ = goal;
            hold_start_ = time_;
        }
        const bool goal_changed = first_step_ || goal_ != last_written_goal_;
        first_step_ = false;
        last_written_goal_ = goal_;
        float stiffness = 0.0f, damping = 0.0f;
        mote_spring_from_frequency(settings_.frequency, settings_.ratio, &stiffness, &damping);
        for (int m = 0; m < model_count; ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            const mote_spring_kind kind = models[m].kind;
            const float kind_damping = mote_spring_damping_for_kind(kind, settings_.halflife);
            for (size_t i = 0; i < v.count; ++i) {
                v.goal[i] = goal_;
                if (kind == MOTE_SPRING_DAMPED) {
                    v.stiffness[i] = stiffness;
                    v.damping[i] = damping;
                } else if (kind == MOTE_SPRING_EXP_RESPONSE) {
                    v.rate[i] = MOTE_LN2 / settings_.halflife;
                } else if (v.damping != nullptr) {
                    v.damping[i] = kind_damping;
                }
                if (kind == MOTE_SPRING_TIMED && goal_changed) {
                    v.goal_time[i] = settings_.goal_time;
                }
                if (kind == MOTE_SPRING_VELOCITY) {
                    v.speed[i] = settings_.speed;
                }
            }
        }
        return MOTE_OK;
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        for (int m = 0; m < model_count; ++m) {
            const size_t count = mote_spring_pool_count(pools_[m]);
            const mote_status st =
                timed_step(steps, models[m].label, count, mote_spring_pool_backend(pools_[m]), [&] {
                    return tasks != nullptr ? mote_spring_pool_step_parallel(pools_[m], dt, tasks)
                                            : mote_spring_pool_step(pools_[m], dt);
                });
            if (st != MOTE_OK) {
                return st;
            }
        }
        return MOTE_OK;
    }
    mote_status after_step(float dt) override {
        (void)dt;
        record_history();
        return MOTE_OK;
    }
    mote_status join(mote_world *world) override {
        mote_status st = MOTE_OK;
        for (int m = 0; st == MOTE_OK && m < model_count; ++m) {
            st = mote_world_join_spring_pool(world, pools_[m]);
        }
        return st;
    }
    void draw(DrawList &list, bool ghost) const override {
        const float grid[4] = {0.3f, 0.3f, 0.35f, 1.0f}, goal_color[4] = {1, 1, 1, 1};
        if (!ghost) {
            const float x0 = -history_seconds * plot_x_per_second;
            for (float y : {-1.0f, 0.0f, 1.0f}) {
                list.line(x0, y, 0, 0, y, 0, grid);
            }
            for (float s = 0.0f; s <= history_seconds; s += 1.0f) {
                list.line(-s * plot_x_per_second, -1.6f, 0, -s * plot_x_per_second, 1.6f, 0, grid);
            }
        }
        for (size_t k = 1; !ghost && k < history_.size(); ++k) {
            const HistoryPoint &a = history_[k - 1], &b = history_[k];
            const float xa = (a.time - time_) * plot_x_per_second;
            const float xb = (b.time - time_) * plot_x_per_second;
            list.line(xa, a.goal, 0, xb, b.goal, 0, goal_color);
            for (int m = 0; m < model_count; ++m) {
                float color[4];
                hue_color(static_cast<float>(m) / model_count, color);
                list.line(xa, a.x[m], 0, xb, b.x[m], 0, color);
            }
        }
        for (int m = 0; m < model_count; ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            if (v.count == 0) {
                continue;
            }
            float color[4];
            hue_color(static_cast<float>(m) / model_count, color);
            list.shapes[SHAPE_CUBE].push_back(
                {{0.0f, v.x[0], 0.0f}, {0, 0, 0, 1}, 0.09f, {color[0], color[1], color[2], 1}});
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        for (int m = 0; m < model_count; ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            for (size_t i = 0; i < v.count; ++i) {
                xyz.insert(xyz.end(), {static_cast<float>(m), v.x[i], 0.0f});
            }
        }
    }
    Check check(double elapsed) override {
        for (int m = 0; m < model_count && failure_.empty(); ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            for (size_t i = 0; i < v.count; ++i) {
                if (!std::isfinite(v.x[i]) || (v.v != nullptr && !std::isfinite(v.v[i]))) {
                    failure_ = std::string(models[m].label) + " went non-finite";
                    break;
                }
            }
        }
        Check c;
        c.ok = failure_.empty();
        char text[200];
        std::snprintf(text, sizeof text,
                      "finite; %d holds judged: the settling models within 5%% of the jump "
                      "(t = %.1f s)",
                      holds_judged_, elapsed);
        c.message = c.ok ? text : failure_;
        return c;
    }

  private:
    struct HistoryPoint {
        float time, goal, x[model_count];
    };
    // At the end of a hold: the settling models are on their goal within 5% of the jump.
    void judge_settled() {
        const float jump = jump_;
        if (jump < 1e-3f || settings_.halflife > 0.35f || settings_.goal_time > 1.5f) {
            return;
        }
        ++holds_judged_;
        for (int m = 0; m < model_count && failure_.empty(); ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            for (size_t i = 0; models[m].settles && i < v.count; ++i) {
                if (std::fabs(v.x[i] - goal_) > 0.05f * jump) {
                    char text[200];
                    std::snprintf(text, sizeof text,
                                  "%s element %zu at %.4f after a %.1f s hold on goal %.2f",
                                  models[m].label, i, static_cast<double>(v.x[i]),
                                  static_cast<double>(hold_seconds), static_cast<double>(goal_));
                    failure_ = text;
                    break;
                }
            }
        }
    }
    void record_history() {
        HistoryPoint s{time_, goal_, {}};
        for (int m = 0; m < model_count; ++m) {
            const mote_spring_view v = mote_spring_pool_view(pools_[m]);
            s.x[m] = v.count > 0 ? v.x[0] : 0.0f;
        }
        history_.push_back(s);
        while (!history_.empty() && history_.front().time < time_ - history_seconds) {
            history_.pop_front();
        }
    }

    const Settings &settings_;
    mote_spring_pool *pools_[model_count] = {};
    float time_ = 0.0f, goal_ = -1.0f, last_written_goal_ = -1.0f, hold_start_ = 0.0f;
    float jump_ = 2.0f; // the goal's last jump: the elements start at +1, the goal at -1
    bool first_step_ = true;
    int holds_judged_ = 0;
    std::string failure_;
    std::deque<HistoryPoint> history_;
};

class SpringsSample : public Sample {
  public:
    const char *name() const override {
        return "springs";
    }
    const char *summary() const override {
        return "spring models chasing one goal, drawn against time; drag the goal with the "
               "left mouse button";
    }
    size_t default_count() const override {
        return 1000;
    }
    size_t max_count() const override {
        return 1u << 20;
    }
    Camera camera() const override {
        Camera c;
        c.orthographic = true;
        c.center[0] = -3.6f;
        c.half_height = 2.1f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<SpringsWorld>(settings_);
    }
    bool parameters_ui(bool &rebuild) override {
        (void)rebuild;
        bool changed = ImGui::Checkbox("goal flips every 2 s", &settings_.auto_goal);
        changed |= ImGui::SliderFloat("half-life (s)", &settings_.halflife, 0.02f, 1.0f);
        changed |= ImGui::SliderFloat("damped: frequency (Hz)", &settings_.frequency, 0.1f, 5.0f);
        changed |= ImGui::SliderFloat("damped: ratio", &settings_.ratio, 0.0f, 2.0f);
        changed |= ImGui::SliderFloat("timed: goal time (s)", &settings_.goal_time, 0.1f, 2.0f);
        changed |= ImGui::SliderFloat("velocity: speed (units/s)", &settings_.speed, 0.1f, 10.0f);
        ImGui::TextUnformatted("curves (the first element of each pool):");
        for (int m = 0; m < model_count; ++m) {
            float color[4];
            hue_color(static_cast<float>(m) / model_count, color);
            ImGui::TextColored(ImVec4(color[0], color[1], color[2], 1.0f), "  %s", models[m].label);
        }
        ImGui::TextUnformatted("  goal (white)");
        return changed;
    }
    const char *note() const override {
        return "every element of a model is stepped; the count scales the work, the curve is "
               "element 0";
    }
    void mouse(float x, float y, bool down) override {
        settings_.dragging = down && x > -history_seconds * plot_x_per_second - 0.5f && x < 0.5f;
        if (settings_.dragging) {
            settings_.drag_goal = std::fmax(-1.5f, std::fmin(1.5f, y));
        }
    }

  private:
    Settings settings_;
};

} // namespace

std::unique_ptr<Sample> make_springs_sample() {
    return std::make_unique<SpringsSample>();
}

} // namespace samples
