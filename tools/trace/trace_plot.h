/* mote-trace: a scenario's figure drawn by gnuplot. trace_plot_describe writes DIR/NAME.plot:
 * the figure as gnuplot variables, with the elements and steps to draw picked for this run,
 * ending in a load of the one shared script, tools/trace/plot_trace.gp; trace_plot_draw runs
 * gnuplot on it in DIR, which writes DIR/NAME.svg and DIR/NAME.png. */
#ifndef MOTE_TRACE_PLOT_H
#define MOTE_TRACE_PLOT_H

#include <stdbool.h>
#include <stdio.h>

#include "trace_scenario.h"

#define TRACE_PLOT_MAX_SERIES 24   /* elements drawn at most: beyond, an even subsample */
#define TRACE_PLOT_MAX_STEPS  1000 /* steps drawn at most: beyond, every k-th and the last */

/* Writes out_dir/NAME.plot for the CSV the scenario just wrote there (its header names the
 * columns). script is the path of plot_trace.gp. Errors go to err. True on success. */
bool trace_plot_describe(const trace_scenario *scenario, const char *out_dir,
                         const trace_written *written, const char *script, FILE *err);

/* Runs gnuplot (the environment's MOTE_TRACE_GNUPLOT, else gnuplot from PATH) on
 * out_dir/NAME.plot in out_dir. False, with a message to err, when gnuplot is missing or
 * fails. */
bool trace_plot_draw(const trace_scenario *scenario, const char *out_dir, FILE *log, FILE *err);

#endif
