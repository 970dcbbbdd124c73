// mote-samples: the renderer (render.h). One shader draws every mesh instanced: the instance
// buffer holds the pose and colour (draw_list.h's Instance), the vertex shader rotates the
// mesh by the quaternion; another draws coloured lines.
#include "render.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include <epoxy/gl.h>

namespace samples {

namespace {

const char *mesh_vertex_source = R"(#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 i_position;
layout(location = 3) in vec4 i_orientation;
layout(location = 4) in float i_scale;
layout(location = 5) in vec4 i_color;
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec4 v_color;
vec3 rotate(vec4 q, vec3 v) {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}
void main() {
    vec4 q = normalize(i_orientation);
    vec3 p = rotate(q, a_position * i_scale) + i_position;
    gl_Position = u_view_proj * vec4(p, 1.0);
    v_normal = rotate(q, a_normal);
    v_color = i_color;
}
)";

const char *mesh_fragment_source = R"(#version 330 core
in vec3 v_normal;
in vec4 v_color;
uniform int u_ghost;
out vec4 o_color;
void main() {
    vec3 light = normalize(vec3(0.4, 0.3, 0.85));
    float diffuse = abs(dot(normalize(v_normal), light));
    vec3 lit = v_color.rgb * (0.35 + 0.65 * diffuse);
    o_color = u_ghost != 0 ? vec4(mix(lit, vec3(1.0), 0.6), 0.35) : vec4(lit, v_color.a);
}
)";

const char *line_vertex_source = R"(#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;
uniform mat4 u_view_proj;
out vec4 v_color;
void main() {
    gl_Position = u_view_proj * vec4(a_position, 1.0);
    v_color = a_color;
}
)";

const char *line_fragment_source = R"(#version 330 core
in vec4 v_color;
out vec4 o_color;
void main() {
    o_color = v_color;
}
)";

// Whether a shader or program (object) reached status (GL_COMPILE_STATUS, GL_LINK_STATUS),
// read through get_iv and get_log; when not, its log on stderr after what, and it deleted.
template <class GetIv, class GetLog, class Delete>
bool succeeded(GLuint object, GLenum status, GetIv get_iv, GetLog get_log, Delete remove,
               const char *what) {
    GLint ok = 0;
    get_iv(object, status, &ok);
    if (!ok) {
        char log[1024] = "";
        get_log(object, sizeof log, nullptr, log);
        std::fprintf(stderr, "mote-samples: %s: %s\n", what, log);
        remove(object);
    }
    return ok != 0;
}

unsigned compile(GLenum type, const char *source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    return succeeded(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, glDeleteShader,
                     "a shader did not compile")
               ? shader
               : 0;
}

unsigned link(const char *vertex, const char *fragment) {
    GLuint vs = compile(GL_VERTEX_SHADER, vertex), fs = compile(GL_FRAGMENT_SHADER, fragment);
    if (vs == 0 || fs == 0) {
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    return succeeded(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, glDeleteProgram,
                     "a shader program did not link")
               ? program
               : 0;
}

struct Vertex {
    float position[3];
    float normal[3];
};

// Appends triangle a, b, c with its face normal.
void triangle(std::vector<Vertex> &out, const float a[3], const float b[3], const float c[3]) {
    const float u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    const float v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    float n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    const float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (float &x : n) {
        x = length > 0.0f ? x / length : 0.0f;
    }
    for (const float *p : {a, b, c}) {
        out.push_back({{p[0], p[1], p[2]}, {n[0], n[1], n[2]}});
    }
}

// A box of half-sizes h.
std::vector<Vertex> box(const float h[3]) {
    std::vector<Vertex> out;
    for (int axis = 0; axis < 3; ++axis) {
        for (float side : {-1.0f, 1.0f}) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            float corner[4][3];
            const float su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
            for (int k = 0; k < 4; ++k) {
                corner[k][axis] = side * h[axis];
                corner[k][u] = su[k] * h[u];
                corner[k][v] = sv[k] * h[v];
            }
            triangle(out, corner[0], corner[1], corner[2]);
            triangle(out, corner[0], corner[2], corner[3]);
        }
    }
    return out;
}

// An arrowhead whose nose points along forward, its wings along side, its fin along up.
std::vector<Vertex> dart(int forward, int side, int up) {
    auto point = [&](float f, float s, float u, float *out) {
        out[forward] = f;
        out[side] = s;
        out[up] = u;
    };
    float nose[3], left[3], right[3], top[3], bottom[3], back[3];
    point(0.6f, 0.0f, 0.0f, nose);
    point(-0.4f, 0.4f, 0.0f, left);
    point(-0.4f, -0.4f, 0.0f, right);
    point(-0.3f, 0.0f, 0.18f, top);
    point(-0.3f, 0.0f, -0.12f, bottom);
    point(-0.25f, 0.0f, 0.0f, back);
    std::vector<Vertex> out;
    triangle(out, nose, left, top);
    triangle(out, nose, top, right);
    triangle(out, nose, right, bottom);
    triangle(out, nose, bottom, left);
    triangle(out, back, top, left);
    triangle(out, back, right, top);
    triangle(out, back, bottom, right);
    triangle(out, back, left, bottom);
    return out;
}

// A flat disc of radius 0.5 in the x, y plane, facing +z: a fan of segments triangles.
std::vector<Vertex> disc(int segments) {
    std::vector<Vertex> out;
    const float center[3] = {0.0f, 0.0f, 0.0f};
    for (int k = 0; k < segments; ++k) {
        const float a0 = 6.2831853f * static_cast<float>(k) / static_cast<float>(segments);
        const float a1 = 6.2831853f * static_cast<float>(k + 1) / static_cast<float>(segments);
        const float p0[3] = {0.5f * std::cos(a0), 0.5f * std::sin(a0), 0.0f};
        const float p1[3] = {0.5f * std::cos(a1), 0.5f * std::sin(a1), 0.0f};
        triangle(out, center, p0, p1);
    }
    return out;
}

void multiply(const float a[16], const float b[16], float out[16]) {
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            float s = 0.0f;
            for (int k = 0; k < 4; ++k) {
                s += a[k * 4 + r] * b[c * 4 + k];
            }
            out[c * 4 + r] = s;
        }
    }
}

} // namespace

bool Renderer::init() {
    mesh_program_ = link(mesh_vertex_source, mesh_fragment_source);
    line_program_ = link(line_vertex_source, line_fragment_source);
    if (mesh_program_ == 0 || line_program_ == 0) {
        return false;
    }
    mesh_view_proj_ = glGetUniformLocation(mesh_program_, "u_view_proj");
    mesh_ghost_ = glGetUniformLocation(mesh_program_, "u_ghost");
    line_view_proj_ = glGetUniformLocation(line_program_, "u_view_proj");
    const float cube[3] = {0.5f, 0.5f, 0.5f}, plate[3] = {0.08f, 0.5f, 0.5f};
    const std::vector<Vertex> meshes[SHAPE_COUNT] = {box(cube),     box(plate),    dart(0, 1, 2),
                                                     dart(1, 0, 2), dart(2, 0, 1), disc(24)};
    glGenVertexArrays(SHAPE_COUNT, vao_);
    glGenBuffers(SHAPE_COUNT, mesh_vbo_);
    glGenBuffers(SHAPE_COUNT, instance_vbo_);
    for (int s = 0; s < SHAPE_COUNT; ++s) {
        vertex_count_[s] = static_cast<int>(meshes[s].size());
        glBindVertexArray(vao_[s]);
        glBindBuffer(GL_ARRAY_BUFFER, mesh_vbo_[s]);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(meshes[s].size() * sizeof(Vertex)),
                     meshes[s].data(), GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                              reinterpret_cast<void *>(offsetof(Vertex, normal)));
        glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_[s]);
        const struct {
            int size;
            size_t offset;
        } attributes[4] = {{3, offsetof(Instance, position)},
                           {4, offsetof(Instance, orientation)},
                           {1, offsetof(Instance, scale)},
                           {4, offsetof(Instance, color)}};
        for (int a = 0; a < 4; ++a) {
            glEnableVertexAttribArray(2 + a);
            glVertexAttribPointer(2 + a, attributes[a].size, GL_FLOAT, GL_FALSE, sizeof(Instance),
                                  reinterpret_cast<void *>(attributes[a].offset));
            glVertexAttribDivisor(2 + a, 1);
        }
    }
    glGenVertexArrays(1, &line_vao_);
    glGenBuffers(1, &line_vbo_);
    glBindVertexArray(line_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                          reinterpret_cast<void *>(offsetof(LineVertex, color)));
    glBindVertexArray(0);
    return true;
}

void Renderer::shutdown() {
    glDeleteVertexArrays(SHAPE_COUNT, vao_);
    glDeleteBuffers(SHAPE_COUNT, mesh_vbo_);
    glDeleteBuffers(SHAPE_COUNT, instance_vbo_);
    glDeleteVertexArrays(1, &line_vao_);
    glDeleteBuffers(1, &line_vbo_);
    glDeleteProgram(mesh_program_);
    glDeleteProgram(line_program_);
}

void Renderer::set_camera(const Camera &camera, int width, int height) {
    camera_ = camera;
    const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
    float view[16] = {}, proj[16] = {};
    if (camera.orthographic) {
        // x, y of the plane onto the screen, z through
        const float h = camera.half_height, w = h * aspect;
        proj[0] = 1.0f / w;
        proj[5] = 1.0f / h;
        proj[10] = -1e-4f;
        proj[15] = 1.0f;
        proj[12] = -camera.center[0] / w;
        proj[13] = -camera.center[1] / h;
        std::memcpy(view_proj_, proj, sizeof proj);
        return;
    }
    const bool y_up = camera.up[1] > 0.5f;
    const float cp = std::cos(camera.pitch), sp = std::sin(camera.pitch);
    const float cy = std::cos(camera.yaw), sy = std::sin(camera.yaw);
    float dir[3]; // from center toward the eye
    if (y_up) {
        dir[0] = cp * sy, dir[1] = sp, dir[2] = cp * cy;
    } else {
        dir[0] = cp * cy, dir[1] = cp * sy, dir[2] = sp;
    }
    const float eye[3] = {camera.center[0] + camera.distance * dir[0],
                          camera.center[1] + camera.distance * dir[1],
                          camera.center[2] + camera.distance * dir[2]};
    // look-at: f toward the center, r = f x up, u = r x f
    const float f[3] = {-dir[0], -dir[1], -dir[2]};
    const float *up = camera.up;
    float r[3] = {f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2],
                  f[0] * up[1] - f[1] * up[0]};
    const float rl = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    for (float &x : r) {
        x /= rl > 0.0f ? rl : 1.0f;
    }
    const float u[3] = {r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2],
                        r[0] * f[1] - r[1] * f[0]};
    for (int k = 0; k < 3; ++k) {
        view[k * 4 + 0] = r[k];
        view[k * 4 + 1] = u[k];
        view[k * 4 + 2] = -f[k];
    }
    view[12] = -(r[0] * eye[0] + r[1] * eye[1] + r[2] * eye[2]);
    view[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
    view[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
    view[15] = 1.0f;
    const float fov = 0.8f, t = 1.0f / std::tan(fov / 2.0f);
    const float near_plane = camera.distance * 0.01f, far_plane = camera.distance * 20.0f;
    proj[0] = t / aspect;
    proj[5] = t;
    proj[10] = (far_plane + near_plane) / (near_plane - far_plane);
    proj[11] = -1.0f;
    proj[14] = 2.0f * far_plane * near_plane / (near_plane - far_plane);
    multiply(proj, view, view_proj_);
}

void Renderer::begin_frame(int width, int height) {
    glViewport(0, 0, width, height);
    glClearColor(0.09f, 0.10f, 0.13f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void Renderer::draw(const DrawList &list, bool ghost) {
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(ghost ? GL_FALSE : GL_TRUE);
    glUseProgram(mesh_program_);
    glUniformMatrix4fv(mesh_view_proj_, 1, GL_FALSE, view_proj_);
    glUniform1i(mesh_ghost_, ghost ? 1 : 0);
    for (int s = 0; s < SHAPE_COUNT; ++s) {
        const std::vector<Instance> &instances = list.shapes[s];
        if (instances.empty()) {
            continue;
        }
        glBindVertexArray(vao_[s]);
        glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_[s]);
        const auto bytes = static_cast<GLsizeiptr>(instances.size() * sizeof(Instance));
        glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW); // orphan the old one
        glBufferData(GL_ARRAY_BUFFER, bytes, instances.data(), GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLES, 0, vertex_count_[s],
                              static_cast<GLsizei>(instances.size()));
    }
    if (!ghost && !list.lines.empty()) {
        glUseProgram(line_program_);
        glUniformMatrix4fv(line_view_proj_, 1, GL_FALSE, view_proj_);
        glBindVertexArray(line_vao_);
        glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
        const auto bytes = static_cast<GLsizeiptr>(list.lines.size() * sizeof(LineVertex));
        glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
        glBufferData(GL_ARRAY_BUFFER, bytes, list.lines.data(), GL_STREAM_DRAW);
        glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(list.lines.size()));
    }
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
}

std::vector<uint8_t> Renderer::read_pixels(int width, int height) const {
    std::vector<uint8_t> bottom_up(static_cast<size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, bottom_up.data());
    std::vector<uint8_t> top_down(bottom_up.size());
    const size_t row = static_cast<size_t>(width) * 3;
    for (int y = 0; y < height; ++y) {
        std::memcpy(&top_down[y * row], &bottom_up[(height - 1 - y) * row], row);
    }
    return top_down;
}

bool Renderer::unproject_plane(double px, double py, int width, int height, float &x,
                               float &y) const {
    if (!camera_.orthographic || width <= 0 || height <= 0) {
        return false;
    }
    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const float nx = static_cast<float>(px / width * 2.0 - 1.0);
    const float ny = static_cast<float>(1.0 - py / height * 2.0);
    x = camera_.center[0] + nx * camera_.half_height * aspect;
    y = camera_.center[1] + ny * camera_.half_height;
    return true;
}

} // namespace samples
