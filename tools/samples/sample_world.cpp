// The world sample: every kind's scene and the avoidance through a door at once, each in its
// own cell of a 4 x 2 grid
// on the ground, the pools of all of them joined to one world (mote/world.h) and stepped by
// one mote_world_step on the app's workers: every scene sets what its pools read
// (before_step), the world steps every pool under one clock, every scene does what follows
// (after_step: the launch's stages dropped, the springs' curves kept). Each scene draws itself
// through its pools' pose writer as in its own sample; the world places that draw list in its
// cell (scaled, and the y-up launch scene turned z-up). The world records every pool's events
// (mote_world_set_events) and hands each to the scene whose pool had it. Invariant: every
// scene's own (which counts from those events: the debris releases, the flock's landings, the
// docking locks, the stage separations, each matched against its pool's state), and every
// pool finite (the world's snapshot saves; a non-finite field is refused, naming the pool).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "sample_util.h"

namespace samples {

namespace {

constexpr float cell_size = 120.0f; // world units from one cell's centre to the next
constexpr int columns = 4;

// Where a scene is drawn: p -> scale * rotation(p - center) + cell.
struct Placement {
    float scale = 1.0f;
    mote_quat rotation = {0.0f, 0.0f, 0.0f, 1.0f};
    mote_vec3 center = {0.0f, 0.0f, 0.0f}, cell = {0.0f, 0.0f, 0.0f};

    mote_vec3 apply(const float p[3]) const {
        const mote_vec3 r =
            mote_quat_rotate(rotation, {p[0] - center.x, p[1] - center.y, p[2] - center.z});
        return {cell.x + scale * r.x, cell.y + scale * r.y, cell.z + scale * r.z};
    }
};

// A scene's cell k, sized from its own sample's camera (how much of the scene it shows)
// times zoom.
Placement place(const Camera &camera, int k, float zoom) {
    Placement p;
    const float extent =
        camera.orthographic ? 2.0f * 1.78f * camera.half_height : 0.6f * camera.distance;
    p.scale = zoom * 0.8f * cell_size / extent;
    if (camera.up[1] > 0.5f) { // y up: its +y turned to the world's +z, its +z to +x
        p.rotation = mote_quat_mul(mote_quat_axis_angle({0.0f, 0.0f, 1.0f}, 1.5707963f),
                                   mote_quat_axis_angle({1.0f, 0.0f, 0.0f}, 1.5707963f));
    }
    p.center = {camera.center[0], camera.center[1], camera.center[2]};
    p.cell = {cell_size * (static_cast<float>(k % columns) - 0.5f * (columns - 1)),
              cell_size * (0.5f - static_cast<float>(k / columns)), 0.0f};
    return p;
}

// Appends from, placed, to to.
void append_placed(const DrawList &from, const Placement &p, DrawList &to) {
    for (int s = 0; s < SHAPE_COUNT; ++s) {
        for (Instance i : from.shapes[s]) {
            const mote_vec3 at = p.apply(i.position);
            i.position[0] = at.x, i.position[1] = at.y, i.position[2] = at.z;
            const mote_quat q = mote_quat_mul(p.rotation, {i.orientation[0], i.orientation[1],
                                                           i.orientation[2], i.orientation[3]});
            i.orientation[0] = q.x, i.orientation[1] = q.y, i.orientation[2] = q.z;
            i.orientation[3] = q.w;
            i.scale *= p.scale;
            to.shapes[s].push_back(i);
        }
    }
    for (LineVertex v : from.lines) {
        const mote_vec3 at = p.apply(v.position);
        v.position[0] = at.x, v.position[1] = at.y, v.position[2] = at.z;
        to.lines.push_back(v);
    }
}

bool same_tasks(const mote_task_system *a, const mote_task_system *b) {
    if (a == nullptr || b == nullptr) {
        return a == b;
    }
    return a->enqueue == b->enqueue && a->finish == b->finish &&
           a->worker_count == b->worker_count && a->user_context == b->user_context;
}

// One scene of the world: its sample's world and the pools it joined (join order).
struct Scene {
    const Sample *sample;
    std::unique_ptr<World> world;
    Placement placement;
    size_t count = 0;                    // elements it was built with
    size_t first_pool = 0, end_pool = 0; // its pools' indices in the mote_world
};

class WorldWorld : public World {
  public:
    explicit WorldWorld(const std::vector<std::unique_ptr<Sample>> &samples) {
        int k = 0;
        for (const auto &s : samples) {
            // the debris flies far from its station: drawn smaller, so it crosses fewer cells
            const float zoom = std::string(s->name()) == "debris" ? 0.4f : 1.0f;
            scenes_.push_back(Scene{s.get(), s->make_world(), place(s->camera(), k++, zoom)});
        }
    }
    ~WorldWorld() override {
        mote_world_destroy(world_); // first: the scenes' pools are freed after it
    }
    // The count shared out by each sample's default count.
    mote_status build(size_t count, mote_backend backend) override {
        backend_ = backend;
        double total = 0.0;
        for (const Scene &s : scenes_) {
            total += static_cast<double>(s.sample->default_count());
        }
        mote_status st = MOTE_OK;
        elements_ = 0;
        for (Scene &s : scenes_) {
            const double share =
                static_cast<double>(count) * static_cast<double>(s.sample->default_count()) / total;
            s.count = std::max<size_t>(1, static_cast<size_t>(std::lround(share)));
            elements_ += s.count;
            if (st == MOTE_OK) {
                st = s.world->build(s.count, backend);
            }
        }
        return st == MOTE_OK ? make_world(nullptr) : st;
    }
    mote_status set_backend(mote_backend backend) override {
        backend_ = backend;
        return every_scene([backend](World &w) { return w.set_backend(backend); });
    }
    mote_status before_step(float dt) override {
        return every_scene([dt](World &w) { return w.before_step(dt); });
    }
    mote_status step_pools(float dt, const mote_task_system *tasks,
                           std::vector<PoolStep> &steps) override {
        mote_status st =
            same_tasks(tasks, have_tasks_ ? &tasks_ : nullptr) ? MOTE_OK : make_world(tasks);
        if (st != MOTE_OK) {
            return st;
        }
        const mote_backend shown = backend_ == MOTE_BACKEND_AUTO ? mote_backend_best() : backend_;
        st = timed_step(steps, "world (every pool)", elements_, shown,
                        [&] { return mote_world_step(world_, dt); });
        size_t count = 0;
        if (st == MOTE_OK) {
            st = mote_world_events(world_, events_.data(), events_.size(), &count);
        }
        if (st == MOTE_OK && count > events_.size()) {
            events_.resize(count);
            st = mote_world_events(world_, events_.data(), events_.size(), &count);
        }
        for (size_t i = 0; st == MOTE_OK && i < count; ++i) {
            const mote_world_event &e = events_[i];
            for (Scene &s : scenes_) {
                if (e.pool >= s.first_pool && e.pool < s.end_pool) {
                    s.world->event(e.event);
                }
            }
            ++events_seen_;
        }
        return st;
    }
    mote_status after_step(float dt) override {
        return every_scene([dt](World &w) { return w.after_step(dt); });
    }
    mote_status join(mote_world *world) override {
        return every_scene([world](World &w) { return w.join(world); });
    }
    void draw(DrawList &list, bool ghost) const override {
        for (const Scene &s : scenes_) {
            scratch_.clear();
            s.world->draw(scratch_, ghost);
            append_placed(scratch_, s.placement, list);
        }
    }
    void positions(std::vector<float> &xyz) const override {
        xyz.clear();
        std::vector<float> one;
        for (const Scene &s : scenes_) {
            s.world->positions(one);
            xyz.insert(xyz.end(), one.begin(), one.end());
        }
    }
    Check check(double elapsed) override {
        std::string seen;
        for (Scene &s : scenes_) {
            const Check c = s.world->check(elapsed);
            if (!c.ok) {
                return Check{false, std::string(s.sample->name()) + ": " + c.message};
            }
        }
        size_t size = mote_world_snapshot_size(world_);
        snapshot_.resize(size);
        const mote_status st = mote_world_save(world_, snapshot_.data(), size, &size);
        if (st != MOTE_OK) {
            return Check{false, std::string("the world's save refused: ") + mote_status_name(st) +
                                    " (" + mote_error_detail() + ")"};
        }
        char text[240];
        std::snprintf(text, sizeof text,
                      "%zu scenes, %zu pools in one world, each scene's invariant held; %zu "
                      "events, each matching its pool's state; every pool finite (saved, %zu "
                      "bytes)",
                      scenes_.size(), mote_world_pool_count(world_), events_seen_, size);
        return Check{true, text};
    }

  private:
    // Calls what on every scene's world in turn, until one fails: MOTE_OK or its status.
    template <class What> mote_status every_scene(What what) {
        mote_status st = MOTE_OK;
        for (size_t k = 0; st == MOTE_OK && k < scenes_.size(); ++k) {
            st = what(*scenes_[k].world);
        }
        return st;
    }
    // The world anew on tasks (NULL: the calling thread), every scene's pools joined in scene
    // order, every pool's events recorded.
    mote_status make_world(const mote_task_system *tasks) {
        mote_world_destroy(world_);
        world_ = nullptr;
        have_tasks_ = tasks != nullptr;
        if (have_tasks_) {
            tasks_ = *tasks;
        }
        mote_world_def def = mote_default_world_def();
        def.tasks = have_tasks_ ? &tasks_ : nullptr;
        mote_status st = mote_world_create(&def, &world_);
        for (Scene &s : scenes_) {
            s.first_pool = mote_world_pool_count(world_);
            st = st == MOTE_OK ? s.world->join(world_) : st;
            s.end_pool = mote_world_pool_count(world_);
        }
        return st == MOTE_OK ? mote_world_set_events(world_, true) : st;
    }

    std::vector<Scene> scenes_;
    mote_world *world_ = nullptr;
    mote_task_system tasks_ = {};
    bool have_tasks_ = false;
    mote_backend backend_ = MOTE_BACKEND_AUTO;
    size_t elements_ = 0, events_seen_ = 0;
    std::vector<mote_world_event> events_ = std::vector<mote_world_event>(256);
    std::vector<unsigned char> snapshot_;
    mutable DrawList scratch_;
};

class WorldSample : public Sample {
  public:
    WorldSample() : scenes_(world_scene_samples()) {}
    const char *name() const override {
        return "world";
    }
    const char *summary() const override {
        return "every scene at once, all their pools in one world stepped by one call";
    }
    size_t default_count() const override {
        return 8192;
    }
    size_t max_count() const override {
        return 1u << 21;
    }
    float default_time_scale() const override {
        return 2.0f;
    }
    Camera camera() const override {
        Camera c;
        c.distance = 400.0f;
        c.yaw = -1.5707963f; // from -y: the grid's rows across the view
        c.pitch = 0.9f;
        c.center[1] = -5.0f;
        return c;
    }
    std::unique_ptr<World> make_world() override {
        return std::make_unique<WorldWorld>(scenes_);
    }
    bool parameters_ui(bool &rebuild) override {
        bool changed = false;
        for (size_t k = 0; k < scenes_.size(); ++k) {
            ImGui::PushID(static_cast<int>(k));
            if (ImGui::TreeNode(scenes_[k]->name())) {
                changed |= scenes_[k]->parameters_ui(rebuild);
                ImGui::TreePop();
            }
            ImGui::PopID();
        }
        return changed;
    }
    const char *note() const override {
        return "the count is shared out as the samples' own defaults are; the profile times "
               "the world's one step (every pool's on the workers)";
    }

  private:
    std::vector<std::unique_ptr<Sample>> scenes_;
};

} // namespace

std::unique_ptr<Sample> make_world_sample() {
    return std::make_unique<WorldSample>();
}

} // namespace samples
