/* mote-trace's CSV writer. */
#include <string.h>

#include "trace_csv.h"

bool trace_csv_open(trace_csv *csv, const char *path, const char *columns, FILE *err) {
    memset(csv, 0, sizeof *csv);
    csv->file = fopen(path, "w");
    if (csv->file == NULL) {
        fprintf(err, "mote-trace: cannot write %s\n", path);
        return false;
    }
    csv->path = path;
    csv->err = err;
    csv->columns = 1;
    for (const char *c = columns; *c != '\0'; ++c) {
        csv->columns += *c == ',';
    }
    csv->failed = fprintf(csv->file, "%s\n", columns) < 0;
    return true;
}

void trace_csv_value(trace_csv *csv, double value) {
    if (fprintf(csv->file, csv->column == 0 ? "%.9g" : ",%.9g", value) < 0) {
        csv->failed = true;
    }
    ++csv->column;
}

void trace_csv_text(trace_csv *csv, const char *text) {
    bool quote = strpbrk(text, ",\"\n") != NULL;
    bool ok = csv->column == 0 || fputc(',', csv->file) != EOF;
    if (quote) {
        ok = ok && fputc('"', csv->file) != EOF;
        for (const char *c = text; *c != '\0' && ok; ++c) {
            ok = (*c != '"' || fputc('"', csv->file) != EOF) && fputc(*c, csv->file) != EOF;
        }
        ok = ok && fputc('"', csv->file) != EOF;
    } else {
        ok = ok && fputs(text, csv->file) >= 0;
    }
    csv->failed = csv->failed || !ok;
    ++csv->column;
}

void trace_csv_end_row(trace_csv *csv) {
    if (csv->column != csv->columns || fputc('\n', csv->file) == EOF) {
        csv->failed = true;
    }
    csv->column = 0;
    ++csv->rows;
}

void trace_csv_row(trace_csv *csv, const double *values, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        trace_csv_value(csv, values[i]);
    }
    trace_csv_end_row(csv);
}

bool trace_csv_close(trace_csv *csv) {
    bool ok = !csv->failed && csv->column == 0;
    if (csv->file == NULL) {
        return ok;
    }
    if (fclose(csv->file) != 0) {
        ok = false;
    }
    if (!ok) {
        fprintf(csv->err, "mote-trace: writing %s failed\n", csv->path);
    }
    csv->file = NULL;
    return ok;
}
