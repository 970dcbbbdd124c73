/* mote-compare's command line: parsing and the usage text. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compare_kinds.h"
#include "compare_options.h"

/* "name (kind, kind, ...)" for a family of more than one kind, after a comma unless first is
 * set; returns whether it printed (a family of one kind: its kind's name says it already). */
static bool print_family(FILE *stream, size_t family, bool first) {
    size_t count = 0;
    const compare_kind *const *kinds = compare_family_kinds(family, &count);
    if (count < 2) {
        return false;
    }
    fprintf(stream, "%s%s (", first ? "" : ", ", compare_family_name(family));
    for (size_t k = 0; k < count; ++k) {
        fprintf(stream, "%s%s", k ? ", " : "", kinds[k]->name);
    }
    fprintf(stream, ")");
    return true;
}

/* "unknown kind: name", then every name --kind takes. */
static void print_unknown_kind(FILE *err, const char *name) {
    fprintf(err,
            "mote-compare: unknown kind: %s (--kind takes a kind, or a family for all of "
            "its kinds)\n  kinds:",
            name);
    size_t kind_count = 0, family_count = 0;
    const compare_kind *const *kinds = compare_kinds(&kind_count);
    (void)compare_families(&family_count);
    for (size_t k = 0; k < kind_count; ++k) {
        fprintf(err, "%s %s", k ? "," : "", kinds[k]->name);
    }
    fprintf(err, "\n  families:");
    for (size_t f = 0; f < family_count; ++f) {
        fprintf(err, "%s %s", f ? "," : "", compare_family_name(f));
    }
    fprintf(err, "\n");
}

void compare_print_usage(FILE *stream) {
    fprintf(stream,
            "usage: mote-compare [--kind K] [--count N] [--steps S] [--seed X] [--json]\n"
            "\n"
            "Runs every kind (or kind K, or every kind of family K) on every kernel variant\n"
            "this CPU can run, emulated ones included (e.g. avx512-emu: the AVX-512 source\n"
            "through SIMDe), from one seeded state, and compares each written field with the\n"
            "scalar reference.\n"
            "\n"
            "  --kind K    one of: ");
    size_t kind_count = 0, family_count = 0;
    const compare_kind *const *kinds = compare_kinds(&kind_count);
    const compare_family *const *families = compare_families(&family_count);
    for (size_t k = 0; k < kind_count; ++k) {
        fprintf(stream, "%s%s", k ? ", " : "", kinds[k]->name);
        if (kinds[k]->help != NULL) {
            fprintf(stream, " (%s)", kinds[k]->help);
        }
    }
    fprintf(stream, "\n");
    fprintf(stream, "              or a family's name, for every kind of the family: ");
    bool first = true;
    for (size_t f = 0; f < family_count; ++f) {
        first = !print_family(stream, f, first) && first;
    }
    fprintf(stream, "\n");
    for (size_t f = 0; f < family_count; ++f) {
        if (families[f]->print_note != NULL) {
            families[f]->print_note(stream);
        }
    }
    fprintf(stream,
            "  --count N   springs per kind (default %u; 1..%zu)\n"
            "  --steps S   also compare after S steps (1..%ld); default: one step only\n"
            "  --seed X    seed of the starting state, decimal or 0x-hex (default 0x%x)\n"
            "  --json      print one JSON document (with \"pass\") instead of the table\n"
            "\n"
            "Every step is dt = 1/60 s. Starting states mix ordinary, large (1e3..1e7), tiny\n"
            "(1e-30..1e-4) and zero values; half-lives include 0, negative, tiny and large;\n"
            "angles stay within +-2e4 rad, where the wide wrap-to-pi is exact.\n"
            "\n"
            "Metric: scaled ULP = |wide - ref| / ulp(scale), scale = the largest magnitude\n"
            "among the element's reference x, v, goal, xi, vi before and after the step (over\n"
            "the whole reference trajectory for S steps). Relative difference =\n"
            "|wide - ref| / scale. Angles (x, xi of the angle kinds) differ by their distance\n"
            "on the circle.\n"
            "\n"
            "Bounds (FAIL past any of them):\n",
            COMPARE_DEFAULT_COUNT, COMPARE_MAX_COUNT, COMPARE_MAX_STEPS, COMPARE_DEFAULT_SEED);
    for (size_t f = 0; f < family_count; ++f) {
        if (families[f]->print_bounds != NULL) {
            families[f]->print_bounds(stream);
        }
    }
    fprintf(stream,
            "  and every wide variant gives the same bits as every other.\n"
            "\n"
            "The last line is \"mote-compare: PASS\" or \"mote-compare: FAIL\" (exit 0 or 1);\n"
            "with --json only the JSON document is printed. Usage errors exit 2.\n");
}

static bool parse_unsigned(const char *text, unsigned long long max, unsigned long long *out) {
    if (text == NULL || *text == '\0' || *text == '-' || *text == '+') {
        return false;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 0);
    if (errno != 0 || *end != '\0' || value > max) {
        return false;
    }
    *out = value;
    return true;
}

/* The usage lines after a usage error. */
static compare_parse_result usage_lines(FILE *err) {
    fprintf(err, "usage: mote-compare [--kind K] [--count N] [--steps S] [--seed X] [--json]\n"
                 "       mote-compare --help\n");
    return COMPARE_PARSE_USAGE;
}

static compare_parse_result usage_error(FILE *err, const char *what, const char *arg) {
    fprintf(err, "mote-compare: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    return usage_lines(err);
}

compare_parse_result compare_parse_options(int argc, char **argv, compare_options *options,
                                           FILE *out, FILE *err) {
    options->kinds = NULL;
    options->kind_count = 0;
    options->count = COMPARE_DEFAULT_COUNT;
    options->steps = 0;
    options->seed = COMPARE_DEFAULT_SEED;
    options->json = false;

    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            compare_print_usage(out);
            return COMPARE_PARSE_HELP;
        }
        if (strcmp(arg, "--json") == 0) {
            options->json = true;
            continue;
        }
        bool takes_value = strcmp(arg, "--kind") == 0 || strcmp(arg, "--count") == 0 ||
                           strcmp(arg, "--steps") == 0 || strcmp(arg, "--seed") == 0;
        if (!takes_value) {
            return usage_error(err, "unknown argument", arg);
        }
        if (i + 1 >= argc) {
            return usage_error(err, "missing value after", arg);
        }
        const char *value = argv[++i];
        unsigned long long number = 0;
        if (strcmp(arg, "--kind") == 0) {
            options->kinds = compare_kinds_named(value, &options->kind_count);
            if (options->kinds == NULL) {
                print_unknown_kind(err, value);
                return usage_lines(err);
            }
        } else if (strcmp(arg, "--count") == 0) {
            if (!parse_unsigned(value, COMPARE_MAX_COUNT, &number) || number == 0) {
                return usage_error(err, "--count needs an integer in 1..67108864", value);
            }
            options->count = (size_t)number;
        } else if (strcmp(arg, "--steps") == 0) {
            if (!parse_unsigned(value, (unsigned long long)COMPARE_MAX_STEPS, &number) ||
                number == 0) {
                return usage_error(err, "--steps needs an integer in 1..1000000", value);
            }
            options->steps = (long)number;
        } else {
            if (!parse_unsigned(value, UINT64_MAX, &number)) {
                return usage_error(err, "--seed needs a non-negative integer", value);
            }
            options->seed = (uint64_t)number;
        }
    }
    return COMPARE_PARSE_OK;
}
