// mote-samples: the OpenGL 3.3 core renderer (through libepoxy): instanced meshes from the
// draw list's instance buffers, lines, and the pixels of the frame for a screenshot.
#ifndef MOTE_SAMPLES_RENDER_H
#define MOTE_SAMPLES_RENDER_H

#include <cstdint>
#include <vector>

#include "draw_list.h"

namespace samples {

class Renderer {
  public:
    // Compiles the shaders and makes the meshes; false (with a message on stderr) when the
    // context cannot.
    bool init();
    void shutdown();
    // The view-projection of camera for a framebuffer of width x height pixels.
    void set_camera(const Camera &camera, int width, int height);
    // Clears to the background, then draws list; ghost draws its shapes translucent and pale
    // over what is there (the compare overlay).
    void begin_frame(int width, int height);
    void draw(const DrawList &list, bool ghost);
    // The frame's pixels, RGB, top row first.
    std::vector<uint8_t> read_pixels(int width, int height) const;
    // Where a window pixel (x right, y down) lands on the z = 0 plane of an orthographic
    // camera (world x, y); false for a perspective one.
    bool unproject_plane(double px, double py, int width, int height, float &x, float &y) const;

  private:
    unsigned mesh_program_ = 0, line_program_ = 0;
    int mesh_view_proj_ = -1, mesh_ghost_ = -1, line_view_proj_ = -1;
    unsigned vao_[SHAPE_COUNT] = {}, mesh_vbo_[SHAPE_COUNT] = {}, instance_vbo_[SHAPE_COUNT] = {};
    int vertex_count_[SHAPE_COUNT] = {};
    unsigned line_vao_ = 0, line_vbo_ = 0;
    float view_proj_[16] = {};
    Camera camera_;
};

} // namespace samples

#endif
