/* mote-trace: runs a named scenario (or one of its scenes, --scene) and writes its trajectories as
 * <out>/<name>.csv, then has gnuplot draw its figure as <out>/<name>.svg and <out>/<name>.png
 * (trace_plot.h). Exit 0 on success, 1 on a failed run or drawing (gnuplot missing, too), 2 on a
 * usage error. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace_plot.h"
#include "trace_scenario.h"

#ifndef MOTE_TRACE_PLOT_SCRIPT
#error "MOTE_TRACE_PLOT_SCRIPT: the path of tools/trace/plot_trace.gp (tools/CMakeLists.txt)"
#endif

#define TRACE_MAX_COUNT   ((size_t)1 << 20)
#define TRACE_MAX_SECONDS 3600.0

/* Every scenario, one per line, and under each its scenes. */
static void print_list(FILE *stream, const char *indent) {
    size_t count = 0;
    const trace_scenario *const *all = trace_scenarios(&count);
    for (size_t i = 0; i < count; ++i) {
        fprintf(stream, "%s%-10s %s\n", indent, all[i]->name, all[i]->summary);
        for (size_t s = 0; all[i]->scenes != NULL && all[i]->scenes[s] != NULL; ++s) {
            const trace_scenario *scene = all[i]->scenes[s];
            fprintf(stream, "%s  --scene %-10s %s\n", indent, scene->name, scene->summary);
        }
    }
}

static void print_usage(FILE *stream) {
    fprintf(stream,
            "usage: mote-trace SCENARIO [--out DIR] [--seed X] [--count N] [--seconds S] "
            "[--dt DT] [--no-plot]\n"
            "                  [--scene SCENE]\n"
            "       mote-trace --list\n"
            "\n"
            "Runs SCENARIO and writes DIR/SCENARIO.csv (one row per element per step), then\n"
            "has gnuplot draw it as DIR/SCENARIO.svg and DIR/SCENARIO.png: panels with axes,\n"
            "units, legends and phase markers, from DIR/SCENARIO.plot, the figure's\n"
            "description (`gnuplot SCENARIO.plot` in DIR draws it again). At most %d elements\n"
            "(an even subsample) and %d steps per element are drawn. DIR defaults to '.'.\n"
            "\n"
            "  --seed X     seed for scenarios with random parts (default 1)\n"
            "  --count N    elements (default: the scenario's own; 1..1048576)\n"
            "  --seconds S  simulated time (default: the scenario's own; up to 3600)\n"
            "  --dt DT      step in seconds (default 1/60; 1e-4..0.25)\n"
            "  --no-plot    write the CSV only (no gnuplot needed)\n"
            "  --scene S    run SCENARIO's scene S instead (listed under it below); its files\n"
            "               and log are named SCENARIO-S\n"
            "\n"
            "Drawing needs gnuplot 5.4 or later (Debian: gnuplot-nox; the environment's\n"
            "MOTE_TRACE_GNUPLOT names another) and runs the one plotting script\n"
            "%s.\n"
            "\n"
            "Scenarios:\n",
            TRACE_PLOT_MAX_SERIES, TRACE_PLOT_MAX_STEPS, MOTE_TRACE_PLOT_SCRIPT);
    print_list(stream, "  ");
}

static bool parse_number(const char *text, double lo, double hi, double *out) {
    if (text == NULL || *text == '\0') {
        return false;
    }
    char *end = NULL;
    errno = 0;
    double value = strtod(text, &end);
    if (errno != 0 || *end != '\0' || !(value >= lo && value <= hi)) {
        return false;
    }
    *out = value;
    return true;
}

static bool parse_seed(const char *text, uint64_t *out) {
    if (text == NULL || *text == '\0' || *text == '-') {
        return false;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 0);
    if (errno != 0 || *end != '\0') {
        return false;
    }
    *out = value;
    return true;
}

static int usage_error(const char *message, const char *arg) {
    fprintf(stderr, "mote-trace: %s%s\n\n", message, arg != NULL ? arg : "");
    print_usage(stderr);
    return 2;
}

int main(int argc, char **argv) {
    trace_options options = {.seed = 1, .count = 0, .seconds = 0.0, .dt = 1.0 / 60.0};
    const char *out_dir = ".";
    bool plot = true;
    const trace_scenario *scenario = NULL;
    const char *scene_name = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        double number = 0.0;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            print_usage(stdout);
            return 0;
        } else if (strcmp(arg, "--list") == 0) {
            print_list(stdout, "");
            return 0;
        } else if (strcmp(arg, "--scene") == 0) {
            if (value == NULL) {
                return usage_error("--scene needs a scene's name", NULL);
            }
            scene_name = value;
            ++i;
        } else if (strcmp(arg, "--out") == 0) {
            if (value == NULL) {
                return usage_error("--out needs a directory", NULL);
            }
            out_dir = value;
            ++i;
        } else if (strcmp(arg, "--no-plot") == 0) {
            plot = false;
        } else if (strcmp(arg, "--seed") == 0) {
            if (!parse_seed(value, &options.seed)) {
                return usage_error("bad --seed: ", value);
            }
            ++i;
        } else if (strcmp(arg, "--count") == 0) {
            if (!parse_number(value, 1.0, (double)TRACE_MAX_COUNT, &number) ||
                number != (double)(size_t)number) {
                return usage_error("bad --count: ", value);
            }
            options.count = (size_t)number;
            ++i;
        } else if (strcmp(arg, "--seconds") == 0) {
            if (!parse_number(value, 1e-3, TRACE_MAX_SECONDS, &options.seconds)) {
                return usage_error("bad --seconds: ", value);
            }
            ++i;
        } else if (strcmp(arg, "--dt") == 0) {
            if (!parse_number(value, 1e-4, 0.25, &options.dt)) {
                return usage_error("bad --dt: ", value);
            }
            ++i;
        } else if (arg[0] == '-') {
            return usage_error("unknown option: ", arg);
        } else if (scenario != NULL) {
            return usage_error("more than one scenario: ", arg);
        } else if ((scenario = trace_scenario_find(arg)) == NULL) {
            return usage_error("unknown scenario: ", arg);
        }
    }
    if (scenario == NULL) {
        return usage_error("name a scenario", NULL);
    }
    /* a scene: its own scenario, its files and log named SCENARIO-SCENE */
    trace_scenario chosen;
    char stem[128];
    if (scene_name != NULL) {
        const trace_scenario *scene = trace_scene_find(scenario, scene_name);
        if (scene == NULL) {
            fprintf(stderr, "mote-trace: scenario %s has no scene %s\n", scenario->name,
                    scene_name);
            return usage_error("unknown scene: ", scene_name);
        }
        chosen = *scene;
        snprintf(stem, sizeof stem, "%s-%s", scenario->name, scene->name);
        chosen.name = stem;
        scenario = &chosen;
    }

    size_t size = strlen(out_dir) + strlen(scenario->name) + 8;
    char *csv_path = malloc(size);
    if (csv_path == NULL) {
        fprintf(stderr, "mote-trace: out of memory\n");
        return 1;
    }
    snprintf(csv_path, size, "%s/%s.csv", out_dir, scenario->name);
    trace_written written;
    memset(&written, 0, sizeof written);
    bool ok = trace_scenario_run(scenario, &options, csv_path, &written, stdout, stderr);
    free(csv_path);
    if (!ok) {
        fprintf(stderr, "mote-trace: scenario %s failed\n", scenario->name);
        return 1;
    }
    /* The log line is out before gnuplot's messages. */
    fflush(stdout);
    if (plot &&
        !(trace_plot_describe(scenario, out_dir, &written, MOTE_TRACE_PLOT_SCRIPT, stderr) &&
          trace_plot_draw(scenario, out_dir, stdout, stderr))) {
        return 1;
    }
    return 0;
}
