// mote-samples: what a sample is. A sample owns its settings (count, the kind's parameters)
// and makes worlds from them: the world on the chosen backend, and, for the compare overlay,
// a second one on the scalar reference stepped beside it with the same inputs. A world holds
// the pools of one scene, steps them by elapsed seconds, draws itself into a draw list and
// checks the scene's own invariant (what headless runs assert).
#ifndef MOTE_SAMPLES_SAMPLE_H
#define MOTE_SAMPLES_SAMPLE_H

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <mote/mote.h>

#include "draw_list.h"

namespace samples {

// One pool's step, as the profile panel shows it.
struct PoolStep {
    const char *pool; // the pool's role in the scene ("movers", "stages", ...)
    double seconds;   // wall clock of its step
    size_t elements;  // elements stepped
    mote_backend backend;
};

// What a headless run asserts of a scene after its frames.
struct Check {
    bool ok = true;
    std::string message; // what was checked, or what failed
};

// Steps, draws and checks the pools of one scene.
class World {
  public:
    virtual ~World() = default;
    // Makes the pools: count elements on backend. MOTE_OK or the first failing status.
    virtual mote_status build(size_t count, mote_backend backend) = 0;
    // Advances the scene by dt seconds (every pool on tasks when not NULL), appending each
    // pool's step to steps: before_step, step_pools, after_step.
    mote_status step(float dt, const mote_task_system *tasks, std::vector<PoolStep> &steps) {
        mote_status st = before_step(dt);
        if (st == MOTE_OK) {
            st = step_pools(dt, tasks, steps);
        }
        return st == MOTE_OK ? after_step(dt) : st;
    }
    // A step in three parts, so that a mote_world can step the pools of many scenes at once
    // (the world sample: every scene's before_step, one mote_world_step, every after_step).
    // before_step sets what the pools' step reads (goals, targets, settings); step_pools steps
    // every pool by dt; after_step does what follows a step (stages detached, history kept).
    virtual mote_status before_step(float dt) {
        (void)dt;
        return MOTE_OK;
    }
    virtual mote_status step_pools(float dt, const mote_task_system *tasks,
                                   std::vector<PoolStep> &steps) = 0;
    virtual mote_status after_step(float dt) {
        (void)dt;
        return MOTE_OK;
    }
    // Joins every pool to world, in a fixed order (the world sample steps them there).
    virtual mote_status join(mote_world *world) = 0;
    // One event of a world step of the pools joined (mote_world_events), to the scene whose
    // pool had it; scenes count the ones their invariant checks.
    virtual void event(const mote_event &event) {
        (void)event;
    }
    // Switches every pool's backend (the scene's state is kept).
    virtual mote_status set_backend(mote_backend backend) = 0;
    // Draws the scene; ghost: the reference drawn over the main world (shapes only).
    virtual void draw(DrawList &list, bool ghost) const = 0;
    // Every element's position (x, y, z triples, a fixed order), for the compare overlay.
    virtual void positions(std::vector<float> &xyz) const = 0;
    // The scene's invariant over what has happened so far (elapsed: simulated seconds). Called
    // every frame, so it may follow the scene as it goes.
    virtual Check check(double elapsed) = 0;
};

// One sample of the viewer.
class Sample {
  public:
    virtual ~Sample() = default;
    virtual const char *name() const = 0;    // the --sample name
    virtual const char *summary() const = 0; // one line for --list and the window
    virtual size_t default_count() const = 0;
    virtual size_t max_count() const = 0;
    virtual float default_time_scale() const {
        return 1.0f;
    }
    virtual Camera camera() const = 0;
    // The view of the scene with count elements (the app asks again when the count changes);
    // the same as camera() for a scene whose size does not follow its count.
    virtual Camera camera_for(size_t count) const {
        (void)count;
        return camera();
    }
    virtual std::unique_ptr<World> make_world() = 0;
    // The kind's parameters as ImGui widgets; true when one changed (the worlds read the
    // settings every step, or the app rebuilds them when rebuild is set).
    virtual bool parameters_ui(bool &rebuild) = 0;
    // Sets one of the kind's parameters by name (--param NAME=VALUE); false for a name the
    // sample does not have or a value outside its range (nothing changes then).
    virtual bool set_param(const std::string &param, float value) {
        (void)param;
        (void)value;
        return false;
    }
    // The parameters set_param takes, for the message that refuses one ("" for none).
    virtual const char *params_help() const {
        return "";
    }
    // A line or two shown under the controls (what the scene is, what it lacks).
    virtual const char *note() const {
        return "";
    }
    // The mouse over the scene in world units (x, y on the z = 0 plane), the left button down
    // or not; samples that take the mouse (the springs' goal) use it.
    virtual void mouse(float x, float y, bool down) {
        (void)x;
        (void)y;
        (void)down;
    }
};

// Every sample, in --list order.
std::vector<std::unique_ptr<Sample>> all_samples();
// Every sample of one kind's scene (all but the avoidance scenes and the world sample).
std::vector<std::unique_ptr<Sample>> scene_samples();
// The world sample's scenes: every kind's, and the avoidance through a door.
std::vector<std::unique_ptr<Sample>> world_scene_samples();

std::unique_ptr<Sample> make_springs_sample();
std::unique_ptr<Sample> make_crowd_sample();
std::unique_ptr<Sample> make_debris_sample();
std::unique_ptr<Sample> make_flock_sample();
std::unique_ptr<Sample> make_docking_sample();
std::unique_ptr<Sample> make_launch_sample();
std::unique_ptr<Sample> make_turrets_sample();
std::unique_ptr<Sample> make_world_sample();
// The crowd avoidance scenes (avoid_circle, avoid_corridor, avoid_door, avoid_square).
std::vector<std::unique_ptr<Sample>> make_avoid_samples();

} // namespace samples

#endif
