// mote-samples: what a world draws. Shapes are instanced meshes, one instance a pose
// (position, quaternion, uniform scale) and a colour; the pools' pose writer (mote/pose.h)
// fills the pose part (write_poses below). Lines are world-space segments.
#ifndef MOTE_SAMPLES_DRAW_LIST_H
#define MOTE_SAMPLES_DRAW_LIST_H

#include <cstddef>
#include <vector>

#include <mote/mote.h>
#include <mote/pose.h>

namespace samples {

// The meshes, each about one unit across; a dart points along its named local axis.
enum Shape {
    SHAPE_CUBE,
    SHAPE_PLATE,  // a flat tile (debris)
    SHAPE_DART_X, // nose +x (movers, flyers)
    SHAPE_DART_Y, // nose +y (rockets, chasers)
    SHAPE_DART_Z, // nose +z (turrets)
    SHAPE_DISC,   // a flat disc of diameter 1 in the local x, y plane (bodies)
    SHAPE_COUNT
};

// One instance, 48 bytes: the pose as mote/pose.h's MOTE_POSE_POSITION_QUAT_SCALE writes it
// (px py pz qx qy qz qw s), then the colour; a pose writer fills it at a stride of 48 bytes.
struct Instance {
    float position[3];
    float orientation[4]; // x, y, z, w
    float scale;
    float color[4]; // rgba
};

struct LineVertex {
    float position[3];
    float color[4];
};

struct DrawList {
    std::vector<Instance> shapes[SHAPE_COUNT];
    std::vector<LineVertex> lines; // pairs: one segment per two vertices

    void clear() {
        for (auto &s : shapes) {
            s.clear();
        }
        lines.clear();
    }
    void line(const float a[3], const float b[3], const float color[4]) {
        lines.push_back({{a[0], a[1], a[2]}, {color[0], color[1], color[2], color[3]}});
        lines.push_back({{b[0], b[1], b[2]}, {color[0], color[1], color[2], color[3]}});
    }
    void line(float ax, float ay, float az, float bx, float by, float bz, const float color[4]) {
        const float a[3] = {ax, ay, az}, b[3] = {bx, by, bz};
        line(a, b, color);
    }
};

// Appends a pool's every pose to shape's instances through its pose writer (write is
// mote_<kind>_pool_write_poses: MOTE_POSE_POSITION_QUAT_SCALE at the instance's stride of 48
// bytes, the colour left to fill), all with one scale and colour; *first gets the index of the
// first appended. The writer's status (MOTE_OK).
template <class Pool, class Write>
mote_status write_poses(DrawList &list, Shape shape, const Pool *pool, size_t n, Write write,
                        float scale, const float color[4], size_t *first) {
    std::vector<Instance> &out = list.shapes[shape];
    *first = out.size();
    out.resize(*first + n);
    mote_pose_write how = mote_default_pose_write();
    how.layout = MOTE_POSE_POSITION_QUAT_SCALE;
    how.stride = sizeof(Instance);
    how.scale = scale;
    const mote_status st = write(pool, &how, n > 0 ? &out[*first] : nullptr, n * sizeof(Instance));
    for (size_t i = *first; i < out.size(); ++i) {
        for (int c = 0; c < 4; ++c) {
            out[i].color[c] = color[c];
        }
    }
    return st;
}

// The view of a world: an orbit camera round center (perspective), or an orthographic view
// of the z = 0 plane (x right, y up) half_height units tall each way from center.
struct Camera {
    bool orthographic = false;
    float center[3] = {0.0f, 0.0f, 0.0f};
    float distance = 100.0f;   // perspective: from center
    float yaw = 0.6f;          // rad about +z (the up axis of every 3D scene here)
    float pitch = 0.5f;        // rad above the horizon
    float half_height = 10.0f; // orthographic
    float up[3] = {0.0f, 0.0f, 1.0f};
};

} // namespace samples

#endif
