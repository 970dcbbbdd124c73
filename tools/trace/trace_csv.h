/* mote-trace: a small CSV writer. One header line of column names, then rows of numbers
 * printed with enough digits to read back the same float. */
#ifndef MOTE_TRACE_CSV_H
#define MOTE_TRACE_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A CSV being written; zero-initialize it ({0}) so that closing one never opened is a no-op. */
typedef struct trace_csv {
    FILE *file;
    const char *path; /* for the messages */
    FILE *err;        /* where open and close report a failure */
    size_t columns;   /* values per row, from the header */
    size_t column;    /* values written in the current row */
    size_t rows;      /* rows ended */
    bool failed;      /* a write failed or a row had the wrong width */
} trace_csv;

/* Creates path and writes the header: columns is a comma-separated list of names. When path
 * cannot be created, says so on err and returns false. */
bool trace_csv_open(trace_csv *csv, const char *path, const char *columns, FILE *err);

/* Appends one value to the current row (%.9g: a float reads back exactly). */
void trace_csv_value(trace_csv *csv, double value);

/* Appends one text value to the current row, quoted when it holds a comma or a quote. */
void trace_csv_text(trace_csv *csv, const char *text);

/* Ends the current row; marks the file failed when the row's width differs from the header. */
void trace_csv_end_row(trace_csv *csv);

/* Appends count values and ends the row. */
void trace_csv_row(trace_csv *csv, const double *values, size_t count);

/* One row of the values listed: TRACE_CSV_ROW(csv, t, (double)i, x[i], y[i]). */
#define TRACE_CSV_ROW(csv, ...)                                                                    \
    trace_csv_row((csv), (const double[]){__VA_ARGS__},                                            \
                  sizeof((const double[]){__VA_ARGS__}) / sizeof(double))

/* Closes the file. True when every write succeeded and every row had the header's width;
 * otherwise says so on open's err. True for a csv never opened. */
bool trace_csv_close(trace_csv *csv);

#endif
