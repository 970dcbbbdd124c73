/* mote-trace's SVG writer. */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "trace_svg.h"

#define NOTE_LINE_PX 14.0

__attribute__((format(printf, 2, 3))) static void put(trace_svg *svg, const char *format, ...) {
    va_list args;
    va_start(args, format);
    if (vfprintf(svg->file, format, args) < 0) {
        svg->failed = true;
    }
    va_end(args);
}

static void put_escaped(trace_svg *svg, const char *text) {
    for (const char *c = text; *c != '\0'; ++c) {
        switch (*c) {
        case '&':
            put(svg, "&amp;");
            break;
        case '<':
            put(svg, "&lt;");
            break;
        case '>':
            put(svg, "&gt;");
            break;
        default:
            put(svg, "%c", *c);
        }
    }
}

static double pixel_x(const trace_svg *svg, double x) {
    return svg->offset_x + x * svg->scale;
}

static double pixel_y(const trace_svg *svg, double y) {
    return svg->offset_y - y * svg->scale;
}

trace_bounds trace_bounds_empty(void) {
    return (trace_bounds){INFINITY, INFINITY, -INFINITY, -INFINITY};
}

void trace_bounds_add(trace_bounds *b, double x, double y) {
    if (!isfinite(x) || !isfinite(y)) {
        return;
    }
    b->min_x = fmin(b->min_x, x);
    b->min_y = fmin(b->min_y, y);
    b->max_x = fmax(b->max_x, x);
    b->max_y = fmax(b->max_y, y);
}

bool trace_svg_open(trace_svg *svg, const char *path, int width, int height, const char *title) {
    memset(svg, 0, sizeof *svg);
    svg->file = fopen(path, "w");
    if (svg->file == NULL) {
        return false;
    }
    put(svg,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
        "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
        "<text x=\"12\" y=\"22\" font-size=\"16\">",
        width, height, width, height);
    put_escaped(svg, title);
    put(svg, "</text>\n");
    return true;
}

void trace_svg_panel(trace_svg *svg, double x, double y, double w, double h, const char *title,
                     trace_bounds world) {
    if (!(world.max_x >= world.min_x && world.max_y >= world.min_y)) {
        world = (trace_bounds){-0.5, -0.5, 0.5, 0.5};
    }
    double span_x = world.max_x - world.min_x;
    double span_y = world.max_y - world.min_y;
    double span = fmax(fmax(span_x, span_y), 1e-9);
    span_x = fmax(span_x, span * 1e-3) * 1.1;
    span_y = fmax(span_y, span * 1e-3) * 1.1;
    svg->scale = fmin(w / span_x, h / span_y);
    double centre_x = 0.5 * (world.min_x + world.max_x);
    double centre_y = 0.5 * (world.min_y + world.max_y);
    svg->offset_x = x + 0.5 * w - centre_x * svg->scale;
    svg->offset_y = y + 0.5 * h + centre_y * svg->scale;
    svg->panel_x = x;
    svg->panel_y = y;
    svg->panel_w = w;
    svg->panel_h = h;
    svg->notes = 0;
    put(svg,
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
        "stroke=\"#bbb\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">",
        x, y, w, h, x, y - 6.0);
    put_escaped(svg, title);
    put(svg, "</text>\n");
}

void trace_svg_path_begin(trace_svg *svg, const char *color, double width_px, bool dashed) {
    put(svg, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\"%s points=\"", color,
        width_px, dashed ? " stroke-dasharray=\"4 3\"" : "");
    svg->in_path = true;
    svg->path_started = false;
}

void trace_svg_path_point(trace_svg *svg, double x, double y) {
    if (!svg->in_path || !isfinite(x) || !isfinite(y)) {
        return;
    }
    put(svg, "%s%.2f,%.2f", svg->path_started ? " " : "", pixel_x(svg, x), pixel_y(svg, y));
    svg->path_started = true;
}

void trace_svg_path_end(trace_svg *svg) {
    if (svg->in_path) {
        put(svg, "\"/>\n");
    }
    svg->in_path = false;
}

void trace_svg_arrow(trace_svg *svg, double x, double y, double dx, double dy, double length_px,
                     const char *color) {
    double norm = hypot(dx, dy);
    if (!(norm > 0.0) || !isfinite(norm) || !isfinite(x) || !isfinite(y)) {
        return;
    }
    /* Pixel space has y down. */
    double ux = dx / norm;
    double uy = -dy / norm;
    double x0 = pixel_x(svg, x);
    double y0 = pixel_y(svg, y);
    double x1 = x0 + ux * length_px;
    double y1 = y0 + uy * length_px;
    double head = 0.35 * length_px;
    put(svg,
        "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" "
        "d=\"M%.2f,%.2f L%.2f,%.2f M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f\"/>\n",
        color, x0, y0, x1, y1, x1 - head * (ux - 0.5 * uy), y1 - head * (uy + 0.5 * ux), x1, y1,
        x1 - head * (ux + 0.5 * uy), y1 - head * (uy - 0.5 * ux));
}

void trace_svg_dot(trace_svg *svg, double x, double y, double radius_px, const char *color) {
    if (!isfinite(x) || !isfinite(y)) {
        return;
    }
    put(svg, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>\n", pixel_x(svg, x),
        pixel_y(svg, y), radius_px, color);
}

void trace_svg_note(trace_svg *svg, const char *color, const char *text) {
    ++svg->notes;
    put(svg, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", svg->panel_x,
        svg->panel_y + svg->panel_h + NOTE_LINE_PX * svg->notes, color);
    put_escaped(svg, text);
    put(svg, "</text>\n");
}

bool trace_svg_close(trace_svg *svg) {
    trace_svg_path_end(svg);
    put(svg, "</svg>\n");
    bool ok = !svg->failed;
    if (fclose(svg->file) != 0) {
        ok = false;
    }
    svg->file = NULL;
    return ok;
}

void trace_color(char out[24], size_t i, size_t n) {
    double hue = n == 0 ? 0.0 : 360.0 * (double)i / (double)n;
    snprintf(out, 24, "hsl(%.0f,70%%,42%%)", hue);
}
