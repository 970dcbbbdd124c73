/* mote-trace: the scenarios it can run. A scenario steps a scene through mote's public API
 * and writes its trajectories as CSV and as an SVG picture.
 *
 * Adding a scenario: write tools/trace/scenario_<name>.c defining one function with the
 * trace_scenario_fn signature, declare it below, add one line to the table in
 * trace_scenarios.c and the file to tools/CMakeLists.txt. */
#ifndef MOTE_TRACE_SCENARIO_H
#define MOTE_TRACE_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct trace_options {
    uint64_t seed;  /* --seed: for scenarios with random parts */
    size_t count;   /* --count: elements; 0 means the scenario's default */
    double seconds; /* --seconds: simulated time; 0 means the scenario's default */
    double dt;      /* --dt: step, s (default 1/60) */
} trace_options;

/* Runs the scenario and writes csv_path and svg_path. Prints one line saying what it wrote
 * (rows, elements) to log; errors go to err. True on success. */
typedef bool (*trace_scenario_fn)(const trace_options *options, const char *csv_path,
                                  const char *svg_path, FILE *log, FILE *err);

typedef struct trace_scenario {
    const char *name;    /* the command-line name, also the output file stem */
    const char *summary; /* one line for --list */
    trace_scenario_fn run;
} trace_scenario;

/* Every scenario, in the order --list prints them. */
const trace_scenario *trace_scenarios(size_t *count);

/* The scenario called name, or NULL. */
const trace_scenario *trace_scenario_find(const char *name);

bool trace_scenario_springs(const trace_options *options, const char *csv_path,
                            const char *svg_path, FILE *log, FILE *err);
bool trace_scenario_debris(const trace_options *options, const char *csv_path, const char *svg_path,
                           FILE *log, FILE *err);

bool trace_scenario_crowd(const trace_options *options, const char *csv_path, const char *svg_path,
                          FILE *log, FILE *err);

#endif
