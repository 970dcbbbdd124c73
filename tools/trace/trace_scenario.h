/* mote-trace: the scenarios it can run. A scenario steps a scene through mote's public API and
 * writes its trajectories as CSV; its figure, a table of what to plot from which columns, is
 * drawn by gnuplot through the one shared script, tools/trace/plot_trace.gp (trace_plot.h).
 *
 * A kind's scenario: engine/kinds/<kind>/<kind>_trace.c defines
 *   - one function with the trace_scenario_fn signature, which writes the CSV (one row per
 *     element per step, elements in the same order every step) and fills a trace_written;
 *   - one trace_figure naming its CSV columns: panels, each with its x and y values and their
 *     axis labels with units, its curves (how rows group into series) and phase markers;
 *   - `const trace_scenario trace_scenario_<kind>` with its command-line name and summary;
 * the table (trace_scenarios.c) reads the registry (kinds.h), and tools/CMakeLists.txt has a
 * mote_trace_test line per scenario. No plotting code: the figure is data,
 * for example one panel of a debris-like scenario:
 *
 *   const trace_figure trace_figure_name = {
 *       .title = "mote-trace name: what it shows",
 *       .group = "piece", (one line per value of this column)
 *       .panels = {{.title = "distance from the axis against time",
 *                   .x = "t", .x_label = "t (s)",
 *                   .y = "norm(x,y)", .y_label = "distance from the axis (units)",
 *                   .curves = {{.legend = "each piece"}},
 *                   .markers = {{.legend = "release", .when = "released > 0"}}}}};
 *
 * mote-trace writes the CSV, then the figure as NAME.plot, and runs gnuplot on it. */
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

/* What a run wrote: the figure's plotting picks elements and steps from these. */
typedef struct trace_written {
    size_t rows;     /* data rows in the CSV */
    size_t elements; /* rows per step: one per element */
} trace_written;

/* Runs the scenario and writes csv_path. Prints one line saying what it wrote (rows,
 * elements) to log; errors go to err. True on success. */
typedef bool (*trace_scenario_fn)(const trace_options *options, const char *csv_path,
                                  trace_written *written, FILE *log, FILE *err);

/* A figure is a table. Every value it plots is a CSV column name or one of norm(a,b) (the
 * length of (a,b), e.g. a speed), dist(a,b,c,d) (from (a,b) to (c,d)) and wrap(a) (an angle
 * wrapped to (-pi, pi], the line broken where it wraps), of column names. mote-trace checks
 * nothing here; plot_trace.gp stops with a message naming whatever the CSV lacks. Lists end
 * at the first entry whose first member is NULL. */
#define TRACE_MAX_PANELS  4
#define TRACE_MAX_CURVES  4
#define TRACE_MAX_MARKERS 4

/* Lines of a panel: one per series, a series being the rows of one value of the figure's
 * group column, in CSV order. */
typedef struct trace_curve {
    const char *legend; /* its legend entry; a "%s" in it stands for the group value, making
                           one entry per series (else one entry for them all) */
    const char *y;      /* the value on the y axis; NULL: the panel's y */
    const char *series; /* the group values drawn, separated by spaces; NULL: every element,
                           or an even subsample of them when there are many */
    bool dashed;        /* a grey dashed reference line (a goal), not a colour per series */
    int color;          /* 0: a colour per series; 1..10: this colour of the palette for
                           every series (several quantities of one element told apart) */
} trace_curve;

/* A phase marker: vertical lines at given x values, or a point on each series where an
 * event happens. */
typedef struct trace_marker {
    const char *legend; /* its legend entry, also the label of its vertical lines */
    const char *at;     /* x values separated by spaces: a vertical line at each; or NULL: */
    const char *when;   /* a point at the first row where "VALUE OP NUMBER" holds (spaces
                           between, OP: < <= > >= == !=) of each series of the panel's first
                           curve; NULL: at each such series' first row */
    const char *x;      /* where the point goes; NULL: the panel's x */
    const char *y;      /* NULL: the panel's y */
} trace_marker;

typedef struct trace_panel {
    const char *title;
    const char *x, *x_label; /* the value on the x axis, and its label with unit: "t (s)" */
    const char *y, *y_label;
    bool equal_scale; /* one scale on both axes: positions keep their true shape */
    trace_curve curves[TRACE_MAX_CURVES];
    trace_marker markers[TRACE_MAX_MARKERS];
} trace_panel;

typedef struct trace_figure {
    const char *title;
    const char *group; /* the column naming each row's element: ids 0..n-1, or text names
                          when every curve lists its series */
    trace_panel panels[TRACE_MAX_PANELS]; /* drawn one under the other */
} trace_figure;

typedef struct trace_scenario {
    const char *name;    /* the command-line name, also the output file stem */
    const char *summary; /* one line for --list */
    trace_scenario_fn run;
    const trace_figure *figure;
} trace_scenario;

/* Every scenario, in the order --list prints them (the registry's, kinds.h). */
const trace_scenario *const *trace_scenarios(size_t *count);

/* The scenario called name, or NULL. */
const trace_scenario *trace_scenario_find(const char *name);

#endif
