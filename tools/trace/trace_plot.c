/* mote-trace: writes a figure out for plot_trace.gp and runs gnuplot on it. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "trace_plot.h"

#define HEADER_MAX 1024

/* "DIR/NAME.EXT", or NULL when out of memory; the caller frees it. */
static char *output_path(const char *out_dir, const char *name, const char *ext) {
    size_t size = strlen(out_dir) + strlen(name) + strlen(ext) + 3;
    char *path = malloc(size);
    if (path != NULL) {
        snprintf(path, size, "%s/%s.%s", out_dir, name, ext);
    }
    return path;
}

/* Writes value as a gnuplot single-quoted string: a quote inside is doubled. A member a
 * figure left out (NULL) is written as '', which plot_trace.gp reports where it matters. */
static void put_quoted(FILE *f, const char *value) {
    fputc('\'', f);
    for (const char *c = value != NULL ? value : ""; *c != '\0'; ++c) {
        if (*c == '\'') {
            fputc('\'', f);
        }
        fputc(*c, f);
    }
    fputc('\'', f);
}

/* Writes `KEY = 'value'`, the key printf-formatted. */
static void put_string(FILE *f, const char *value, const char *key_format, ...) {
    va_list args;
    va_start(args, key_format);
    vfprintf(f, key_format, args);
    va_end(args);
    fputs(" = ", f);
    put_quoted(f, value);
    fputc('\n', f);
}

static const char *or_default(const char *value, const char *fallback) {
    return value != NULL ? value : fallback;
}

/* The ids drawn when a curve names no series: 0, stride, 2 stride, ... below elements. */
static void put_ids(FILE *f, size_t elements, size_t stride, int panel, int curve) {
    fprintf(f, "p%d_c%d_series = '", panel, curve);
    for (size_t id = 0; id < elements; id += stride) {
        fprintf(f, id == 0 ? "%zu" : " %zu", id);
    }
    fputs("'\n", f);
}

/* A panel's x axis unless it names another. */
static const trace_axis time_axis = {"t", "t (s)"};

static void put_panel(FILE *f, const trace_panel *panel, int p, size_t elements, size_t stride,
                      size_t walls) {
    trace_axis x = panel->x.value != NULL ? panel->x : time_axis;
    trace_axis y = panel->y;
    bool equal_scale = panel->equal_scale;
    char x_label[HEADER_MAX], y_label[HEADER_MAX];
    if (panel->plane[0] != NULL) {
        snprintf(x_label, sizeof x_label, "%s (units)", panel->plane[0]);
        snprintf(y_label, sizeof y_label, "%s (units)", panel->plane[1]);
        x = (trace_axis){panel->plane[0], x_label};
        y = (trace_axis){panel->plane[1], y_label};
        equal_scale = true;
    }
    put_string(f, panel->title, "p%d_title", p);
    put_string(f, x.value, "p%d_x", p);
    put_string(f, x.label, "p%d_xlabel", p);
    put_string(f, y.value, "p%d_y", p);
    put_string(f, y.label, "p%d_ylabel", p);
    fprintf(f, "p%d_equal = %d\n", p, equal_scale ? 1 : 0);
    if (panel->walls != NULL && walls > 0) {
        put_string(f, panel->walls, "p%d_walls", p);
    }
    int curves = 0;
    while (curves < TRACE_MAX_CURVES && panel->curves[curves].legend != NULL) {
        const trace_curve *curve = &panel->curves[curves++];
        put_string(f, curve->legend, "p%d_c%d_legend", p, curves);
        put_string(f, or_default(curve->y, y.value), "p%d_c%d_y", p, curves);
        if (curve->series != NULL) {
            put_string(f, curve->series, "p%d_c%d_series", p, curves);
        } else {
            put_ids(f, elements, stride, p, curves);
        }
        fprintf(f, "p%d_c%d_dashed = %d\n", p, curves, curve->dashed ? 1 : 0);
        fprintf(f, "p%d_c%d_color = %d\n", p, curves, curve->color);
    }
    fprintf(f, "p%d_curves = %d\n", p, curves);
    int markers = 0;
    while (markers < TRACE_MAX_MARKERS && panel->markers[markers].legend != NULL) {
        const trace_marker *marker = &panel->markers[markers++];
        put_string(f, marker->legend, "p%d_m%d_legend", p, markers);
        put_string(f, or_default(marker->at, ""), "p%d_m%d_at", p, markers);
        put_string(f, or_default(marker->when, ""), "p%d_m%d_when", p, markers);
        put_string(f, or_default(marker->x, x.value), "p%d_m%d_x", p, markers);
        put_string(f, or_default(marker->y, y.value), "p%d_m%d_y", p, markers);
    }
    fprintf(f, "p%d_markers = %d\n", p, markers);
}

/* Reads a line of under HEADER_MAX characters into line, without its line end. */
static bool read_line(FILE *csv, char *line) {
    if (fgets(line, HEADER_MAX, csv) == NULL || strchr(line, '\n') == NULL) {
        return false;
    }
    line[strcspn(line, "\r\n")] = '\0';
    return true;
}

/* From the CSV's header and first row: its column names, separated by spaces, into
 * columns, and the names of those whose first value is not a number into text (each holds
 * HEADER_MAX characters). */
static bool read_columns(const char *csv_path, char *columns, char *text, FILE *err) {
    FILE *csv = fopen(csv_path, "r");
    if (csv == NULL) {
        fprintf(err, "mote-trace: cannot read %s\n", csv_path);
        return false;
    }
    char row[HEADER_MAX];
    bool ok = read_line(csv, columns) && read_line(csv, row);
    fclose(csv);
    if (!ok) {
        fprintf(err, "mote-trace: %s has no header and first row (of under %d characters)\n",
                csv_path, HEADER_MAX);
        return false;
    }
    text[0] = '\0';
    char *name = columns;
    char *value = row;
    while (name != NULL) {
        char *next_name = strchr(name, ',');
        char *next_value = value != NULL ? strchr(value, ',') : NULL;
        if (next_name != NULL) {
            *next_name++ = ' ';
        }
        if (next_value != NULL) {
            *next_value++ = '\0';
        }
        char *end = value;
        if (value != NULL) {
            (void)strtod(value, &end);
        }
        if (value == NULL || end == value || *end != '\0') {
            size_t length = next_name != NULL ? (size_t)(next_name - 1 - name) : strlen(name);
            size_t used = strlen(text);
            snprintf(text + used, HEADER_MAX - used, "%s%.*s", used > 0 ? " " : "", (int)length,
                     name);
        }
        name = next_name;
        value = next_value;
    }
    return true;
}

/* The group, the column naming each row's element: the CSV's second (trace_scenario.h). columns
 * holds the names separated by spaces. */
static void put_group(FILE *f, const char *columns) {
    const char *second = strchr(columns, ' ');
    second = second != NULL ? second + 1 : "";
    char group[HEADER_MAX];
    snprintf(group, sizeof group, "%.*s", (int)strcspn(second, " "), second);
    put_string(f, group, "group");
}

static size_t ceil_div(size_t a, size_t b) {
    return a / b + (a % b != 0);
}

bool trace_plot_describe(const trace_scenario *scenario, const char *out_dir,
                         const trace_written *written, const char *script, FILE *err) {
    const trace_figure *figure = scenario->figure;
    char columns[HEADER_MAX];
    char text_columns[HEADER_MAX];
    char *csv_path = output_path(out_dir, scenario->name, "csv");
    char *plot_path = output_path(out_dir, scenario->name, "plot");
    bool ok = csv_path != NULL && plot_path != NULL;
    if (!ok) {
        fprintf(err, "mote-trace: out of memory\n");
    }
    ok = ok && read_columns(csv_path, columns, text_columns, err);
    FILE *f = ok ? fopen(plot_path, "w") : NULL;
    if (ok && f == NULL) {
        fprintf(err, "mote-trace: cannot write %s\n", plot_path);
        ok = false;
    }
    if (ok) {
        size_t elements = written->elements > 0 ? written->elements : 1;
        size_t steps = written->rows / elements;
        size_t element_stride = ceil_div(elements, TRACE_PLOT_MAX_SERIES);
        size_t step_stride =
            steps > TRACE_PLOT_MAX_STEPS ? ceil_div(steps, TRACE_PLOT_MAX_STEPS) : 1;
        fprintf(f,
                "# mote-trace %s: its figure, for gnuplot. mote-trace ran gnuplot on this\n"
                "# file in this directory; `gnuplot %s.plot` here draws %s.svg and %s.png "
                "again.\n",
                scenario->name, scenario->name, scenario->name, scenario->name);
        put_string(f, scenario->name, "name");
        fprintf(f, "csv = '%s.csv'\nsvg = '%s.svg'\npng = '%s.png'\n", scenario->name,
                scenario->name, scenario->name);
        put_string(f, columns, "columns");
        put_string(f, text_columns, "text_columns");
        put_string(f, figure->title, "title");
        put_group(f, columns);
        fprintf(f, "elements = %zu\nsteps = %zu\nelement_stride = %zu\nstep_stride = %zu\n",
                elements, steps, element_stride, step_stride);
        int panels = 0;
        while (panels < TRACE_MAX_PANELS && figure->panels[panels].title != NULL) {
            ++panels;
            put_panel(f, &figure->panels[panels - 1], panels, elements, element_stride,
                      written->segment_count);
        }
        /* the walls: one line of two points per segment, a blank line between */
        if (written->segment_count > 0) {
            fputs("$walls << EOD\n", f);
            for (size_t w = 0; w < written->segment_count; ++w) {
                const trace_segment *g = &written->segments[w];
                fprintf(f, "%.9g %.9g\n%.9g %.9g\n\n", g->ax, g->ay, g->bx, g->by);
            }
            fputs("EOD\n", f);
        }
        fprintf(f, "panels = %d\n", panels);
        fputs("load ", f);
        put_quoted(f, script);
        fputc('\n', f);
        if (fclose(f) != 0) {
            fprintf(err, "mote-trace: writing %s failed\n", plot_path);
            ok = false;
        }
    }
    free(csv_path);
    free(plot_path);
    return ok;
}

/* Appends text to the shell command at out + n as one single-quoted word, a quote inside as
 * '\'' (4 bytes for each byte of text, and 2 more, must fit). Returns the new length. */
static size_t put_shell_word(char *out, size_t n, const char *text) {
    out[n++] = '\'';
    for (const char *c = text; *c != '\0'; ++c) {
        if (*c == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *c;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
    return n;
}

static size_t put_text(char *out, size_t n, const char *text) {
    size_t length = strlen(text);
    memcpy(out + n, text, length + 1);
    return n + length;
}

bool trace_plot_draw(const trace_scenario *scenario, const char *out_dir, FILE *log, FILE *err) {
    const char *gnuplot = getenv("MOTE_TRACE_GNUPLOT");
    if (gnuplot == NULL || *gnuplot == '\0') {
        gnuplot = "gnuplot";
    }
    size_t size = 4 * (strlen(gnuplot) + strlen(out_dir) + strlen(scenario->name)) + 64;
    char *command = malloc(size);
    if (command == NULL) {
        fprintf(err, "mote-trace: out of memory\n");
        return false;
    }
    /* GNUPLOT --version >/dev/null 2>&1 */
    size_t n = put_shell_word(command, 0, gnuplot);
    put_text(command, n, " --version >/dev/null 2>&1");
    if (system(NULL) == 0 || system(command) != 0) {
        fprintf(err,
                "mote-trace: gnuplot not found (%s), so no pictures: install it (Debian: "
                "gnuplot-nox, which tools/install-deps.sh installs), or pass --no-plot for the "
                "CSV alone\n",
                gnuplot);
        free(command);
        return false;
    }
    /* cd -- DIR && GNUPLOT NAME.plot */
    n = put_text(command, 0, "cd -- ");
    n = put_shell_word(command, n, out_dir);
    n = put_text(command, n, " && ");
    n = put_shell_word(command, n, gnuplot);
    n = put_text(command, n, " ");
    n = put_shell_word(command, n, scenario->name);
    put_text(command, n, ".plot");
    bool ok = system(command) == 0;
    free(command);
    if (!ok) {
        fprintf(err, "mote-trace: gnuplot failed on %s/%s.plot (its message is above)\n", out_dir,
                scenario->name);
        return false;
    }
    fprintf(log, "mote-trace %s: gnuplot drew %s/%s.svg and %s/%s.png (from %s/%s.plot)\n",
            scenario->name, out_dir, scenario->name, out_dir, scenario->name, out_dir,
            scenario->name);
    return true;
}
