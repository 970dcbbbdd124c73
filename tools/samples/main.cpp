// mote-samples: an interactive viewer of every mote pool kind, one sample per kind and scene,
// with live controls, a profile panel and a compare overlay against the scalar reference; or,
// headless, a run of N frames that checks the sample's invariant and writes a screenshot.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app.h"
#include "sample.h"

namespace {

void usage(FILE *out) {
    std::fprintf(out,
                 "usage: mote-samples [--sample NAME] [options]\n"
                 "       mote-samples --sample NAME --frames N [--screenshot FILE.png] [options]\n"
                 "       mote-samples --list\n"
                 "options:\n"
                 "  --list             the samples, one a line, and exit\n"
                 "  --sample NAME      the sample to show (default: the first)\n"
                 "  --frames N         headless: run N frames of 1/60 s (times the time scale),\n"
                 "                     check the sample's invariant, exit 0 when it holds\n"
                 "  --screenshot FILE  headless: write the last frame as a PNG\n"
                 "  --size WxH         window size in pixels (default 1280x720)\n"
                 "  --backend NAME     auto, scalar, portable, avx2, avx512 (as the CPU allows)\n"
                 "  --count N          elements (default: the sample's)\n"
                 "  --time-scale X     simulated seconds per second (default: the sample's)\n"
                 "  --workers N        step on N worker threads (default 1)\n"
                 "  --compare          step the scalar reference beside it, drawn as a ghost\n"
                 "  --hide-ui          no control panels (screenshots)\n"
                 "  --param NAME=X     sets one of the sample's parameters (repeatable; the\n"
                 "                     avoidance samples: neighbor_distance, max_neighbors,\n"
                 "                     time_horizon, obstacle_time_horizon)\n"
                 "exit status: 0 ok, 1 the invariant or a step failed, 2 bad usage, 3 no display "
                 "or no OpenGL 3.3\n");
}

// A whole positive number in [1, most]; false otherwise.
bool parse_count(const char *text, long most, long &out) {
    char *end = nullptr;
    errno = 0;
    const long value = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < 1 || value > most) {
        return false;
    }
    out = value;
    return true;
}

} // namespace

int main(int argc, char **argv) {
    samples::Options options;
    bool list = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        auto bad = [&](const char *what) {
            std::fprintf(stderr, "mote-samples: %s: %s\n", arg.c_str(), what);
            usage(stderr);
            return samples::EXIT_USAGE;
        };
        long value = 0;
        if (arg == "--list") {
            list = true;
        } else if (arg == "--help" || arg == "-h") {
            usage(stdout);
            return samples::EXIT_OK;
        } else if (arg == "--compare") {
            options.compare = true;
        } else if (arg == "--hide-ui") {
            options.hide_ui = true;
        } else if (!has_value &&
                   (arg == "--sample" || arg == "--frames" || arg == "--screenshot" ||
                    arg == "--size" || arg == "--backend" || arg == "--count" ||
                    arg == "--time-scale" || arg == "--workers" || arg == "--param")) {
            return bad("needs a value");
        } else if (arg == "--sample") {
            options.sample = argv[++i];
        } else if (arg == "--frames") {
            if (!parse_count(argv[++i], 10000000, value)) {
                return bad("not a frame count (1 .. 10000000)");
            }
            options.frames = static_cast<int>(value);
        } else if (arg == "--screenshot") {
            options.screenshot = argv[++i];
        } else if (arg == "--size") {
            int w = 0, h = 0;
            char tail = 0;
            if (std::sscanf(argv[++i], "%dx%d%c", &w, &h, &tail) != 2 || w < 64 || h < 64 ||
                w > 8192 || h > 8192) {
                return bad("not a size WxH (64 .. 8192 each)");
            }
            options.width = w;
            options.height = h;
        } else if (arg == "--backend") {
            options.backend = argv[++i];
            mote_backend backend;
            if (!mote_backend_parse(options.backend.c_str(), &backend)) {
                return bad("unknown backend (auto, scalar, portable, avx2, avx512, neon)");
            }
            if (backend != MOTE_BACKEND_AUTO && !mote_backend_available(backend)) {
                return bad("this backend is not available on this CPU or build");
            }
        } else if (arg == "--count") {
            if (!parse_count(argv[++i], 1L << 24, value)) {
                return bad("not an element count (1 .. 16777216)");
            }
            options.count = value;
        } else if (arg == "--time-scale") {
            char *end = nullptr;
            const char *text = argv[++i];
            const float scale = std::strtof(text, &end);
            if (end == text || *end != '\0' || !(scale >= 0.01f && scale <= 100.0f)) {
                return bad("not a time scale (0.01 .. 100)");
            }
            options.time_scale = scale;
        } else if (arg == "--workers") {
            if (!parse_count(argv[++i], 256, value)) {
                return bad("not a worker count (1 .. 256)");
            }
            options.workers = static_cast<unsigned>(value);
        } else if (arg == "--param") {
            const std::string text = argv[++i];
            const size_t equals = text.find('=');
            char *end = nullptr;
            const char *number = equals != std::string::npos ? text.c_str() + equals + 1 : "";
            const float param_value = std::strtof(number, &end);
            if (equals == 0 || equals == std::string::npos || end == number || *end != '\0' ||
                !std::isfinite(param_value)) {
                return bad("not NAME=VALUE (a number)");
            }
            options.params.emplace_back(text.substr(0, equals), param_value);
        } else {
            return bad("unknown option");
        }
    }
    const auto all = samples::all_samples();
    if (list) {
        for (const auto &s : all) {
            std::printf("%-14s %s\n", s->name(), s->summary());
        }
        return samples::EXIT_OK;
    }
    if (options.sample.empty()) {
        options.sample = all.front()->name();
    }
    bool known = false;
    std::string names;
    for (const auto &s : all) {
        known = known || options.sample == s->name();
        names += names.empty() ? "" : ", ";
        names += s->name();
    }
    if (!known) {
        std::fprintf(stderr, "mote-samples: unknown sample '%s'; the samples: %s\n",
                     options.sample.c_str(), names.c_str());
        return samples::EXIT_USAGE;
    }
    if (!options.screenshot.empty() && options.frames <= 0) {
        std::fprintf(stderr, "mote-samples: --screenshot needs --frames N (a headless run)\n");
        return samples::EXIT_USAGE;
    }
    for (const auto &s : all) { // each --param on a copy of the sample: known, in range
        for (const auto &[param, param_value] : options.params) {
            if (options.sample == s->name() && !s->set_param(param, param_value)) {
                std::fprintf(stderr,
                             "mote-samples: --param %s=%g: the %s sample has no such parameter "
                             "or the value is out of its range (its parameters: %s)\n",
                             param.c_str(), static_cast<double>(param_value), s->name(),
                             s->params_help()[0] != '\0' ? s->params_help() : "none");
                return samples::EXIT_USAGE;
            }
        }
    }
    if (options.count > 0) {
        for (const auto &s : all) {
            if (options.sample == s->name() &&
                static_cast<size_t>(options.count) > s->max_count()) {
                std::fprintf(stderr, "mote-samples: --count %ld: the %s sample takes at most %zu\n",
                             options.count, s->name(), s->max_count());
                return samples::EXIT_USAGE;
            }
        }
    }
    return samples::run(options);
}
