/* mote-trace: a small SVG writer for trajectory pictures. A picture holds panels; each panel
 * maps a world rectangle onto a pixel rectangle at one scale for both axes, y up, so paths
 * keep their true shape. Drawing calls take world coordinates of the current panel. */
#ifndef MOTE_TRACE_SVG_H
#define MOTE_TRACE_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A world rectangle; start from trace_bounds_empty() and grow it with trace_bounds_add. */
typedef struct trace_bounds {
    double min_x, min_y, max_x, max_y;
} trace_bounds;

typedef struct trace_svg {
    FILE *file;
    bool failed;
    double scale;            /* pixels per world unit in the current panel */
    double offset_x;         /* pixel x of world x = 0 */
    double offset_y;         /* pixel y of world y = 0 */
    double panel_x, panel_y; /* the current panel's top-left corner, pixels */
    double panel_w, panel_h; /* its size, pixels */
    int notes;               /* caption lines written under the current panel */
    bool in_path;
    bool path_started;
} trace_svg;

/* A rectangle that contains nothing; adding a point makes it that point. */
trace_bounds trace_bounds_empty(void);

/* Grows b to contain (x, y); non-finite points are ignored. */
void trace_bounds_add(trace_bounds *b, double x, double y);

/* Creates path and starts a width x height pixel picture with a white background and a title
 * line at the top. */
bool trace_svg_open(trace_svg *svg, const char *path, int width, int height, const char *title);

/* Starts a panel at pixel rectangle (x, y, w, h) with a title above it, showing world, grown
 * by a 5% margin and centred (an empty or degenerate rectangle shows a unit square). */
void trace_svg_panel(trace_svg *svg, double x, double y, double w, double h, const char *title,
                     trace_bounds world);

/* A polyline in world coordinates: begin, any number of points, end. */
void trace_svg_path_begin(trace_svg *svg, const char *color, double width_px, bool dashed);
void trace_svg_path_point(trace_svg *svg, double x, double y);
void trace_svg_path_end(trace_svg *svg);

/* An arrow from world (x, y) pointing along world direction (dx, dy), length_px long. */
void trace_svg_arrow(trace_svg *svg, double x, double y, double dx, double dy, double length_px,
                     const char *color);

/* A filled circle of radius_px pixels at world (x, y). */
void trace_svg_dot(trace_svg *svg, double x, double y, double radius_px, const char *color);

/* A caption line under the current panel (legend, axis note); text is XML-escaped. */
void trace_svg_note(trace_svg *svg, const char *color, const char *text);

/* Finishes and closes the picture. True when every write succeeded. */
bool trace_svg_close(trace_svg *svg);

/* Colour i of n spread evenly round the hue circle, as an SVG colour: out holds 24 bytes. */
void trace_color(char out[24], size_t i, size_t n);

#endif
