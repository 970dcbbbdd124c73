/* mote-trace: the scenarios it can run. A scenario steps a scene through mote's public API and
 * writes its trajectories as CSV; its figure, a table of what to plot from which columns, is
 * drawn by gnuplot through the one shared script, tools/trace/plot_trace.gp (trace_plot.h).
 *
 * A kind's scenario: engine/kinds/<kind>/<kind>_trace.c defines
 *   - its scene: a start that builds it (pools, elements), an advance that steps it by dt, a
 *     rows that writes one CSV row per element at a time t (elements in the same order every
 *     time) and a finish that frees it; the run (trace_scenario_run, trace_scenarios.c) does the
 *     rest: option defaults, the CSV, the loop over the steps, the log line, the failures;
 *   - one trace_figure naming its CSV columns: panels, each with its x and y values and their
 *     axis labels with units, its curves (how rows group into series) and phase markers;
 *   - `const trace_scenario trace_scenario_<kind>` with its command-line name, summary, CSV
 *     columns (the first the time, the second naming each row's element: the figure draws a
 *     line per element), defaults, scene and figure;
 * the table (trace_scenarios.c) reads the registry (kinds.h), and tools/CMakeLists.txt has a
 * mote_trace_test line per scenario. A kind may offer further named scenes (.scenes, picked by
 * --scene), each a whole scenario of its own. No plotting code: the figure is data,
 * for example one panel of a debris-like scenario:
 *
 *   const trace_figure trace_figure_name = {
 *       .title = "mote-trace name: what it shows",
 *       .panels = {{.title = "distance from the axis against time",
 *                   (.x: time, "t (s)", unless it names another axis)
 *                   .y = {"norm(x,y)", "distance from the axis (units)"},
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

#include "trace_csv.h"

typedef struct trace_options {
    uint64_t seed;  /* --seed: for scenarios with random parts */
    size_t count;   /* --count: elements; 0 means the scenario's default */
    double seconds; /* --seconds: simulated time; 0 means the scenario's default */
    double dt;      /* --dt: step, s (default 1/60) */
} trace_options;

/* A fixed straight line of the scene, a wall: from (ax, ay) to (bx, by), in the units of the
 * panels' planes. */
typedef struct trace_segment {
    double ax, ay, bx, by;
} trace_segment;

/* Most segments a scene draws. */
#define TRACE_MAX_SEGMENTS 16

/* What a run wrote: the figure's plotting picks elements and steps from these. */
typedef struct trace_written {
    size_t rows;                                /* data rows in the CSV */
    size_t elements;                            /* rows per step: one per element */
    trace_segment segments[TRACE_MAX_SEGMENTS]; /* the scene's walls (trace_run.segments) */
    size_t segment_count;
} trace_written;

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

/* An axis: the value on it and its label with unit, {"t", "t (s)"}. */
typedef struct trace_axis {
    const char *value;
    const char *label;
} trace_axis;

typedef struct trace_panel {
    const char *title;
    trace_axis x; /* left out: time, {"t", "t (s)"} */
    trace_axis y;
    bool equal_scale;     /* one scale on both axes: positions keep their true shape */
    const char *plane[2]; /* instead of x, y and equal_scale, paths in a plane: these two
                             position columns, labelled "x (units)", on one scale */
    const char *walls;    /* in a plane panel: the legend of the scene's segments
                             (trace_run.segments), drawn as thick dark lines; NULL: none */
    trace_curve curves[TRACE_MAX_CURVES];
    trace_marker markers[TRACE_MAX_MARKERS];
} trace_panel;

/* The figure's group, the column naming each row's element, is the CSV's second: ids
 * 0..n-1, or text names when every curve lists its series. */
typedef struct trace_figure {
    const char *title;
    trace_panel panels[TRACE_MAX_PANELS]; /* drawn one under the other */
} trace_figure;

/* A run of a scenario, as its scene's functions see it. */
typedef struct trace_run {
    const trace_options *options;
    double seconds;  /* simulated time: --seconds, else the scenario's */
    size_t count;    /* elements: --count (unless the scenario's is fixed), else the scenario's;
                        start may lower it */
    size_t elements; /* rows per time written: count, unless start says otherwise */
    size_t steps;    /* times written: step 0 .. steps, t = step * --dt */
    size_t step;     /* the step being advanced to or written */
    float dt;        /* --dt, the step advance takes */
    size_t tally;    /* what the log line counts beside the elements (trace_log.tallied) */
    FILE *err;       /* where the scene says why it failed */
    /* the scene's fixed segments (its walls), set by start and valid until finish; the panels
     * naming walls draw them (at most TRACE_MAX_SEGMENTS) */
    const trace_segment *segments;
    size_t segment_count;
} trace_run;

/* A scene: its state is the scenario file's own (mote-trace runs one scenario). */
typedef struct trace_scene {
    /* Builds the scene; false after saying why on run->err. */
    bool (*start)(trace_run *run);
    /* Steps the scene by run->dt to step run->step; false when it failed. NULL: nothing steps
     * (the scene is evaluated at each time by rows). */
    bool (*advance)(trace_run *run);
    /* Writes the rows of time t (run->elements rows); false when the scene failed. */
    bool (*rows)(trace_run *run, trace_csv *csv, double t);
    /* Frees what start made, whether it succeeded or not; NULL: nothing to free. */
    void (*finish)(void);
} trace_scene;

/* What a run does unless the options say otherwise. */
typedef struct trace_defaults {
    size_t count;     /* elements */
    bool count_fixed; /* --count changes nothing */
    double seconds;   /* simulated time */
} trace_defaults;

/* The line printed to stdout after a run that succeeded: by default
 *   mote-trace NAME: ROWS rows, COUNT ELEMENTS[, TALLY TALLIED], SECONDS s -> CSV
 * and with steps
 *   mote-trace NAME: COUNT ELEMENTS, STEPS steps of DT s: wrote CSV (ROWS rows) */
typedef struct trace_log {
    const char *elements; /* what an element is, plural: "pieces" */
    const char *tallied;  /* NULL, or what run->tally counts: "released" */
    bool steps;
} trace_log;

typedef struct trace_scenario {
    const char *name;    /* the command-line name, also the output file stem and the log's */
    const char *summary; /* one line for --list */
    const char *columns; /* the CSV header: column names separated by commas */
    trace_log log;
    trace_defaults defaults;
    trace_scene scene;
    bool first_row_after_step; /* no rows at t = 0: the first are written after one advance */
    const trace_figure *figure;
    /* NULL, or the kind's further scenes, a NULL-terminated list of whole scenarios each named
     * by its scene name: `mote-trace NAME --scene SCENE` runs the one called SCENE, its files
     * and log line named NAME-SCENE. */
    const struct trace_scenario *const *scenes;
} trace_scenario;

/* ok; when it is false, says "mote-trace: WHAT" on run->err first. */
bool trace_check(const trace_run *run, bool ok, const char *what);

/* Runs the scenario and writes csv_path. Prints one line saying what it wrote (rows,
 * elements) to log; errors go to err. True on success. */
bool trace_scenario_run(const trace_scenario *scenario, const trace_options *options,
                        const char *csv_path, trace_written *written, FILE *log, FILE *err);

/* Every scenario, in the order --list prints them (the registry's, kinds.h). */
const trace_scenario *const *trace_scenarios(size_t *count);

/* The scenario called name, or NULL. */
const trace_scenario *trace_scenario_find(const char *name);

/* The scene of scenario called name (trace_scenario.scenes), or NULL. */
const trace_scenario *trace_scene_find(const trace_scenario *scenario, const char *name);

#endif
