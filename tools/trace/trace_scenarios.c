/* The table of mote-trace scenarios, one per kind, read from the registry; and how every one of
 * them runs (trace_scenario_run). */
#include <math.h>
#include <string.h>

#include "kinds.h"
#include "trace_scenario.h"

/* One scenario per kind of the registry (kinds.h), in its order: each kind's folder defines
 * `const trace_scenario trace_scenario_<kind>` in engine/kinds/<kind>/<kind>_trace.c. */
#define DECLARE_SCENARIO(name, number, kernels) extern const trace_scenario trace_scenario_##name;
MOTE_KINDS(DECLARE_SCENARIO, MOTE_KIND_NO_KERNEL)
#undef DECLARE_SCENARIO

#define SCENARIO_ADDRESS(name, number, kernels) &trace_scenario_##name,
static const trace_scenario *const scenarios[] = {
    MOTE_KINDS(SCENARIO_ADDRESS, MOTE_KIND_NO_KERNEL)};
#undef SCENARIO_ADDRESS

const trace_scenario *const *trace_scenarios(size_t *count) {
    *count = sizeof scenarios / sizeof scenarios[0];
    return scenarios;
}

const trace_scenario *trace_scenario_find(const char *name) {
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; ++i) {
        if (strcmp(scenarios[i]->name, name) == 0) {
            return scenarios[i];
        }
    }
    return NULL;
}

const trace_scenario *trace_scene_find(const trace_scenario *scenario, const char *name) {
    for (size_t i = 0; scenario->scenes != NULL && scenario->scenes[i] != NULL; ++i) {
        if (strcmp(scenario->scenes[i]->name, name) == 0) {
            return scenario->scenes[i];
        }
    }
    return NULL;
}

static void print_log(const trace_scenario *scenario, const trace_run *run, size_t rows,
                      const char *csv_path, FILE *log) {
    const trace_log *line = &scenario->log;
    if (line->steps) {
        fprintf(log, "mote-trace %s: %zu %s, %zu steps of %g s: wrote %s (%zu rows)\n",
                scenario->name, run->count, line->elements, run->steps, run->options->dt, csv_path,
                rows);
        return;
    }
    fprintf(log, "mote-trace %s: %zu rows, %zu %s", scenario->name, rows, run->count,
            line->elements);
    if (line->tallied != NULL) {
        fprintf(log, ", %zu %s", run->tally, line->tallied);
    }
    fprintf(log, ", %g s -> %s\n", run->seconds, csv_path);
}

bool trace_check(const trace_run *run, bool ok, const char *what) {
    if (!ok) {
        fprintf(run->err, "mote-trace: %s\n", what);
    }
    return ok;
}

bool trace_scenario_run(const trace_scenario *scenario, const trace_options *options,
                        const char *csv_path, trace_written *written, FILE *log, FILE *err) {
    const trace_defaults *defaults = &scenario->defaults;
    const trace_scene *scene = &scenario->scene;
    trace_run run = {.options = options, .err = err, .dt = (float)options->dt};
    run.seconds = options->seconds > 0.0 ? options->seconds : defaults->seconds;
    run.count = options->count > 0 && !defaults->count_fixed ? options->count : defaults->count;
    run.steps = (size_t)ceil(run.seconds / options->dt);
    bool ok = scene->start(&run);
    if (run.elements == 0) {
        run.elements = run.count;
    }
    written->segment_count = 0;
    for (size_t w = 0; ok && w < run.segment_count && w < TRACE_MAX_SEGMENTS; ++w) {
        written->segments[written->segment_count++] = run.segments[w];
    }

    trace_csv csv = {0};
    ok = ok && trace_csv_open(&csv, csv_path, scenario->columns, err);
    for (size_t step = 0; ok && step <= run.steps; ++step) {
        run.step = step;
        if (step > 0 && scene->advance != NULL) {
            ok = scene->advance(&run);
        }
        if (ok && (step > 0 || !scenario->first_row_after_step)) {
            ok = scene->rows(&run, &csv, (double)step * options->dt);
        }
    }
    ok = trace_csv_close(&csv) && ok;
    if (ok) {
        written->rows = csv.rows;
        written->elements = run.elements;
        print_log(scenario, &run, csv.rows, csv_path, log);
    }
    if (scene->finish != NULL) {
        scene->finish();
    }
    return ok;
}
