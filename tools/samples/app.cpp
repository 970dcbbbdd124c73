// mote-samples: the frame loop (app.h). Each frame: poll input, step the scene by the elapsed
// seconds times the time scale (headless: a fixed 1/60 s a frame), step the reference beside
// it when comparing, check the scene's invariant, draw, then the controls and the profile.
#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include <epoxy/gl.h>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "png_write.h"
#include "profile.h"
#include "render.h"
#include "sample.h"

namespace samples {

namespace {

std::string glfw_error;

void on_glfw_error(int code, const char *description) {
    (void)code;
    glfw_error = description != nullptr ? description : "";
}

double now_seconds() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

const mote_backend every_backend[] = {MOTE_BACKEND_SCALAR, MOTE_BACKEND_PORTABLE, MOTE_BACKEND_AVX2,
                                      MOTE_BACKEND_AVX512, MOTE_BACKEND_NEON};

// The largest distance between the same element of two position lists.
double largest_difference(const std::vector<float> &a, const std::vector<float> &b) {
    double worst = 0.0;
    const size_t n = std::min(a.size(), b.size());
    for (size_t i = 0; i + 2 < n; i += 3) {
        const double dx = a[i] - b[i], dy = a[i + 1] - b[i + 1], dz = a[i + 2] - b[i + 2];
        const double d = std::sqrt(dx * dx + dy * dy + dz * dz);
        worst = d > worst || d != d ? d : worst;
    }
    return worst;
}

class App {
  public:
    App(const Options &options, GLFWwindow *window)
        : options_(options), window_(window), profile_(2.0), reference_profile_(2.0) {}
    ~App() {
        world_.reset();
        reference_.reset();
        mote_workers_destroy(workers_);
        if (renderer_ready_) {
            renderer_.shutdown();
        }
    }
    int run();

  private:
    bool start(size_t sample_index);
    bool rebuild();
    void step_frame(float dt);
    void draw_frame(int width, int height);
    void controls();
    void profile_panel();
    void camera_input(int width, int height);
    mote_status set_workers(unsigned count);

    Options options_;
    GLFWwindow *window_;
    Renderer renderer_;
    bool renderer_ready_ = false;
    std::vector<std::unique_ptr<Sample>> samples_;
    size_t current_ = 0;
    Sample *sample_ = nullptr;
    std::unique_ptr<World> world_, reference_;
    Camera camera_;
    DrawList list_, ghost_list_;
    Profile profile_, reference_profile_;
    std::vector<PoolStep> steps_, reference_steps_;
    std::vector<float> positions_, reference_positions_;
    mote_backend backend_ = MOTE_BACKEND_AUTO;
    size_t count_ = 0;
    size_t camera_count_ = 0; // the count camera_ was framed for (0: none yet)
    float time_scale_ = 1.0f;
    unsigned worker_count_ = 1;
    mote_workers *workers_ = nullptr;
    bool paused_ = false, step_once_ = false, compare_ = false;
    double elapsed_ = 0.0, difference_ = 0.0, frame_seconds_ = 0.0;
    long frames_ = 0;
    Check check_;
    bool failed_ = false;
    std::string failure_;
    std::string status_; // a step or build error shown in the panel
};

bool App::start(size_t sample_index) {
    current_ = sample_index;
    sample_ = samples_[current_].get();
    count_ = sample_->default_count();
    camera_count_ = 0;
    time_scale_ = sample_->default_time_scale();
    return rebuild();
}

// Makes the scene's worlds anew (the reference too when comparing) at time 0.
bool App::rebuild() {
    if (count_ != camera_count_) { // a scene whose size follows the count is framed anew
        camera_ = sample_->camera_for(count_);
        camera_count_ = count_;
    }
    world_ = sample_->make_world();
    reference_.reset();
    elapsed_ = 0.0;
    difference_ = 0.0;
    profile_.clear();
    reference_profile_.clear();
    failed_ = false;
    failure_.clear();
    check_ = Check{};
    mote_status st = world_->build(count_, backend_);
    if (st == MOTE_OK && compare_) {
        reference_ = sample_->make_world();
        st = reference_->build(count_, MOTE_BACKEND_SCALAR);
    }
    status_ = st == MOTE_OK ? ""
                            : std::string("building the scene failed: ") + mote_status_name(st) +
                                  " (" + mote_error_detail() + ")";
    return st == MOTE_OK;
}

mote_status App::set_workers(unsigned count) {
    mote_workers_destroy(workers_);
    workers_ = nullptr;
    worker_count_ = 1;
    if (count <= 1) {
        return MOTE_OK;
    }
    mote_status st = mote_workers_create(count, &workers_);
    if (st == MOTE_OK) {
        worker_count_ = mote_workers_count(workers_);
    }
    return st;
}

void App::step_frame(float dt) {
    if (!status_.empty()) {
        return;
    }
    // A frame longer than max_frame_step (a high time scale) is stepped in equal parts, so no
    // pool's own max_dt clamps a step and the scene's clock and the pools' stay together.
    const float max_frame_step = 0.2f;
    const int parts = static_cast<int>(std::ceil(dt / max_frame_step));
    const float part = parts > 1 ? dt / static_cast<float>(parts) : dt;
    const mote_task_system tasks = mote_workers_task_system(workers_);
    for (int k = 0; k < std::max(parts, 1); ++k) {
        steps_.clear();
        mote_status st = world_->step(part, workers_ != nullptr ? &tasks : nullptr, steps_);
        if (st == MOTE_OK && reference_) {
            reference_steps_.clear();
            st = reference_->step(part, nullptr, reference_steps_);
            reference_profile_.record(now_seconds(), reference_steps_);
        }
        if (st != MOTE_OK) {
            status_ = std::string("a step failed: ") + mote_status_name(st) + " (" +
                      mote_error_detail() + ")";
            return;
        }
        profile_.record(now_seconds(), steps_);
    }
    elapsed_ += dt;
    check_ = world_->check(elapsed_);
    if (!check_.ok && !failed_) {
        failed_ = true;
        failure_ = check_.message;
    }
    if (reference_) {
        world_->positions(positions_);
        reference_->positions(reference_positions_);
        difference_ = largest_difference(positions_, reference_positions_);
    }
}

void App::camera_input(int width, int height) {
    ImGuiIO &io = ImGui::GetIO();
    double px = 0.0, py = 0.0;
    glfwGetCursorPos(window_, &px, &py);
    int window_width = 0, window_height = 0;
    glfwGetWindowSize(window_, &window_width, &window_height);
    if (window_width > 0 && window_height > 0) { // framebuffer pixels
        px *= static_cast<double>(width) / window_width;
        py *= static_cast<double>(height) / window_height;
    }
    float x = 0.0f, y = 0.0f;
    const bool over_scene = !io.WantCaptureMouse;
    if (renderer_.unproject_plane(px, py, width, height, x, y)) {
        sample_->mouse(x, y, over_scene && ImGui::IsMouseDown(ImGuiMouseButton_Left));
    }
    if (!over_scene) {
        return;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
        (!camera_.orthographic && ImGui::IsMouseDragging(ImGuiMouseButton_Left))) {
        const ImVec2 d = io.MouseDelta;
        if (camera_.orthographic) {
            camera_.center[0] -= d.x * 2.0f * camera_.half_height / static_cast<float>(height);
            camera_.center[1] += d.y * 2.0f * camera_.half_height / static_cast<float>(height);
        } else {
            camera_.yaw -= d.x * 0.01f;
            camera_.pitch = std::clamp(camera_.pitch + d.y * 0.01f, -1.5f, 1.5f);
        }
    }
    if (io.MouseWheel != 0.0f) {
        const float zoom = std::pow(0.9f, io.MouseWheel);
        camera_.distance *= zoom;
        camera_.half_height *= zoom;
    }
}

void App::draw_frame(int width, int height) {
    renderer_.set_camera(camera_, width, height);
    renderer_.begin_frame(width, height);
    list_.clear();
    world_->draw(list_, false);
    renderer_.draw(list_, false);
    if (reference_) {
        ghost_list_.clear();
        reference_->draw(ghost_list_, true);
        renderer_.draw(ghost_list_, true);
    }
}

void App::controls() {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(340, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("mote-samples");
    if (ImGui::BeginCombo("sample", sample_->name())) {
        for (size_t k = 0; k < samples_.size(); ++k) {
            if (ImGui::Selectable(samples_[k]->name(), k == current_) && k != current_) {
                start(k);
            }
        }
        ImGui::EndCombo();
    }
    ImGui::TextWrapped("%s", sample_->summary());
    if (sample_->note()[0] != '\0') {
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "%s", sample_->note());
    }
    ImGui::Separator();
    ImGui::Checkbox("pause", &paused_);
    ImGui::SameLine();
    if (ImGui::Button("step")) {
        step_once_ = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("restart")) {
        rebuild();
    }
    ImGui::SliderFloat("time scale", &time_scale_, 0.05f, 16.0f, "%.2fx",
                       ImGuiSliderFlags_Logarithmic);
    int count = static_cast<int>(count_);
    ImGui::SliderInt("elements", &count, 1, static_cast<int>(sample_->max_count()), "%d",
                     ImGuiSliderFlags_Logarithmic);
    if (ImGui::IsItemDeactivatedAfterEdit() && static_cast<size_t>(count) != count_) {
        count_ = static_cast<size_t>(count);
        rebuild();
    }
    if (ImGui::BeginCombo("backend", mote_backend_name(backend_))) {
        if (ImGui::Selectable("auto", backend_ == MOTE_BACKEND_AUTO)) {
            backend_ = MOTE_BACKEND_AUTO;
            world_->set_backend(backend_);
        }
        for (mote_backend b : every_backend) {
            if (!mote_backend_available(b)) {
                continue;
            }
            if (ImGui::Selectable(mote_backend_name(b), backend_ == b)) {
                backend_ = b;
                const mote_status st = world_->set_backend(b);
                if (st != MOTE_OK) {
                    status_ = std::string("set_backend failed: ") + mote_status_name(st);
                }
            }
        }
        ImGui::EndCombo();
    }
    int workers = static_cast<int>(worker_count_);
    const int most = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (ImGui::SliderInt("workers", &workers, 1, most) &&
        static_cast<unsigned>(workers) != worker_count_) {
        set_workers(static_cast<unsigned>(workers));
    }
    if (ImGui::Checkbox("compare with the scalar reference", &compare_)) {
        rebuild();
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Restarts the scene with the scalar reference stepped beside it, "
                          "drawn as a pale ghost");
    }
    if (reference_) {
        ImGui::Text("largest position difference: %.3g", difference_);
    }
    ImGui::Separator();
    bool rebuild_needed = false;
    if (ImGui::CollapsingHeader("parameters", ImGuiTreeNodeFlags_DefaultOpen)) {
        sample_->parameters_ui(rebuild_needed);
    }
    if (rebuild_needed) {
        rebuild();
    }
    ImGui::Separator();
    ImGui::Text("t = %.2f s simulated", elapsed_);
    if (failed_) {
        ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "invariant failed: %s",
                           failure_.c_str());
    } else {
        ImGui::TextWrapped("invariant: %s", check_.message.c_str());
    }
    if (!status_.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%s", status_.c_str());
    }
    ImGui::End();
}

void App::profile_panel() {
    const ImGuiIO &io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 470, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(460, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("profile");
    ImGui::Text("frame %.2f ms (%.0f fps), workers %u, best backend %s", frame_seconds_ * 1e3,
                frame_seconds_ > 0.0 ? 1.0 / frame_seconds_ : 0.0, worker_count_,
                mote_backend_name(mote_backend_best()));
    ImGui::TextDisabled("step times over the last 2 s of wall clock");
    if (ImGui::BeginTable("pools", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const char *h : {"pool", "backend", "median ms", "worst ms", "M elements/s"}) {
            ImGui::TableSetupColumn(h);
        }
        ImGui::TableHeadersRow();
        auto rows = [](const std::vector<PoolFigures> &figures, const char *prefix) {
            for (const PoolFigures &f : figures) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%s%s (%zu)", prefix, f.pool.c_str(), f.elements);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(mote_backend_name(f.backend));
                ImGui::TableNextColumn();
                ImGui::Text("%.3f", f.median_seconds * 1e3);
                ImGui::TableNextColumn();
                ImGui::Text("%.3f", f.worst_seconds * 1e3);
                ImGui::TableNextColumn();
                ImGui::Text("%.1f", f.median_seconds > 0.0
                                        ? static_cast<double>(f.elements) / f.median_seconds * 1e-6
                                        : 0.0);
            }
        };
        rows(profile_.figures(), "");
        if (reference_) {
            rows(reference_profile_.figures(), "ref ");
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

int App::run() {
    samples_ = all_samples();
    size_t index = 0;
    while (index < samples_.size() && options_.sample != samples_[index]->name()) {
        ++index;
    }
    renderer_ready_ = renderer_.init();
    if (!renderer_ready_) {
        return EXIT_NO_DISPLAY;
    }
    if (!mote_backend_parse(options_.backend.c_str(), &backend_) ||
        (backend_ != MOTE_BACKEND_AUTO && !mote_backend_available(backend_))) {
        std::fprintf(stderr, "mote-samples: backend %s is not available on this CPU or build\n",
                     options_.backend.c_str());
        return EXIT_USAGE;
    }
    compare_ = options_.compare;
    set_workers(options_.workers);
    start(index);
    for (const auto &[param, value] : options_.params) { // main.cpp checked each
        sample_->set_param(param, value);
    }
    if (options_.count > 0 || options_.time_scale > 0.0f || !options_.params.empty()) {
        count_ = options_.count > 0 ? static_cast<size_t>(options_.count) : count_;
        time_scale_ = options_.time_scale > 0.0f ? options_.time_scale : time_scale_;
        rebuild();
    }
    const bool headless = options_.frames > 0;
    double last = now_seconds();
    const double first_frame = last;
    int width = 0, height = 0;
    while (!glfwWindowShouldClose(window_)) {
        glfwPollEvents();
        const double now = now_seconds();
        frame_seconds_ = now - last;
        last = now;
        glfwGetFramebufferSize(window_, &width, &height);
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        if (!headless) {
            camera_input(width, height);
        }
        if (!paused_ || step_once_) {
            const float wall = headless || paused_
                                   ? 1.0f / 60.0f
                                   : static_cast<float>(std::min(frame_seconds_, 0.1));
            step_frame(wall * time_scale_);
            step_once_ = false;
        }
        if (!options_.hide_ui) {
            controls();
            profile_panel();
        }
        ImGui::Render();
        draw_frame(width, height);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        ++frames_;
        if (headless && frames_ >= options_.frames) {
            break;
        }
        glfwSwapBuffers(window_);
    }
    if (!headless) {
        return EXIT_OK;
    }
    int status = EXIT_OK;
    if (!options_.screenshot.empty() &&
        !write_png(options_.screenshot, width, height, renderer_.read_pixels(width, height))) {
        status = EXIT_CHECK_FAILED;
    }
    if (!status_.empty()) {
        std::fprintf(stderr, "mote-samples: %s: %s\n", sample_->name(), status_.c_str());
        return EXIT_CHECK_FAILED;
    }
    if (failed_) {
        std::fprintf(stderr, "mote-samples: %s: invariant failed after %.2f s: %s\n",
                     sample_->name(), elapsed_, failure_.c_str());
        return EXIT_CHECK_FAILED;
    }
    const double wall = now_seconds() - first_frame;
    std::printf("mote-samples: %s: %ld frames, %.2f s simulated, %zu elements on %s: %s\n",
                sample_->name(), frames_, elapsed_, count_, mote_backend_name(backend_),
                check_.message.c_str());
    const GLubyte *renderer = glGetString(GL_RENDERER);
    std::printf("mote-samples: %s: %dx%d, %.1f frames/s (wall clock, drawing included) on %s\n",
                sample_->name(), width, height, wall > 0.0 ? frames_ / wall : 0.0,
                renderer != nullptr ? reinterpret_cast<const char *>(renderer) : "?");
    if (reference_) {
        std::printf("mote-samples: %s: largest position difference from the scalar reference "
                    "%.3g\n",
                    sample_->name(), difference_);
    }
    for (const PoolFigures &f : profile_.figures()) {
        std::printf("mote-samples: %s: %s on %s, %zu elements: median step %.3f ms, worst %.3f "
                    "ms\n",
                    sample_->name(), f.pool.c_str(), mote_backend_name(f.backend), f.elements,
                    f.median_seconds * 1e3, f.worst_seconds * 1e3);
    }
    if (!options_.screenshot.empty() && status == EXIT_OK) {
        std::printf("mote-samples: %s: wrote %s (%dx%d)\n", sample_->name(),
                    options_.screenshot.c_str(), width, height);
    }
    return status;
}

} // namespace

int run(const Options &options) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        std::fprintf(stderr,
                     "mote-samples: cannot open a window: no display (%s). Run it on a desktop, "
                     "or headless under a virtual X server: xvfb-run -s '-screen 0 %dx%dx24' "
                     "mote-samples ...\n",
                     glfw_error.c_str(), options.width, options.height);
        return EXIT_NO_DISPLAY;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_RESIZABLE, options.frames > 0 ? GLFW_FALSE : GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, options.frames > 0 ? 0 : 4);
    GLFWwindow *window =
        glfwCreateWindow(options.width, options.height, "mote-samples", nullptr, nullptr);
    if (window == nullptr) {
        std::fprintf(stderr,
                     "mote-samples: no OpenGL 3.3 core context here (%s). mote-samples needs "
                     "OpenGL 3.3; Mesa's software renderer has it (LIBGL_ALWAYS_SOFTWARE=1)\n",
                     glfw_error.c_str());
        glfwTerminate();
        return EXIT_NO_DISPLAY;
    }
    glfwMakeContextCurrent(window);
    if (epoxy_gl_version() < 33) {
        std::fprintf(stderr, "mote-samples: the context is OpenGL %d.%d; mote-samples needs 3.3\n",
                     epoxy_gl_version() / 10, epoxy_gl_version() % 10);
        glfwDestroyWindow(window);
        glfwTerminate();
        return EXIT_NO_DISPLAY;
    }
    glfwSwapInterval(options.frames > 0 ? 0 : 1);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    int status = EXIT_OK;
    {
        App app(options, window);
        status = app.run();
    }
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

} // namespace samples
