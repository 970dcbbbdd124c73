// mote-samples: the window, the frame loop and the controls.
#ifndef MOTE_SAMPLES_APP_H
#define MOTE_SAMPLES_APP_H

#include <string>
#include <utility>
#include <vector>

namespace samples {

// How the program was asked to run (main.cpp parses the command line into it).
struct Options {
    std::string sample;     // the sample to start with
    int frames = -1;        // > 0: headless, run this many frames then exit
    std::string screenshot; // headless: the PNG to write after the last frame
    int width = 1280, height = 720;
    std::string backend = "auto";
    long count = -1;          // elements; -1: the sample's default
    float time_scale = -1.0f; // -1: the sample's default
    unsigned workers = 1;
    bool compare = false;
    bool hide_ui = false;
    std::vector<std::pair<std::string, float>> params; // --param NAME=VALUE, in order
};

// Exit statuses.
enum ExitStatus {
    EXIT_OK = 0,
    EXIT_CHECK_FAILED = 1, // a sample's invariant failed, a step failed, or the PNG
    EXIT_USAGE = 2,        // bad command line (unknown sample, bad number)
    EXIT_NO_DISPLAY = 3,   // no display, or no OpenGL 3.3 core context
};

// Opens the window and runs until it is closed or, headless, for options.frames frames.
int run(const Options &options);

} // namespace samples

#endif
