/* mote-compare's compare kinds: what one section of mote-compare is to the generic engine
 * (compare_engine.h). A compare kind says how to make its settings pool (whose kind record
 * gives the stored fields, the kernel and the per-step constants), how to seed the starting
 * state, what changes before each step, which fields it compares under which printed names,
 * and each field's scale and bound. The engine does the rest for every kind alike: one state
 * per variant, the stepping through each kernel table, the measurement, bit identity, the
 * state hashes, and the text and JSON output in the kind's style (compare_style.h).
 *
 * A kind joins mote-compare with one file, engine/kinds/<kind>/<kind>_compare.c, defining
 * `const compare_family compare_family_<kind>`, one word in COMPARE_FAMILIES
 * (compare_kinds.c) and its source in add_executable(mote-compare) (tools/CMakeLists.txt);
 * docs/adding-a-pool-kind.md ("How a kind joins mote-compare") shows the lines. */
#ifndef MOTE_COMPARE_KIND_H
#define MOTE_COMPARE_KIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "field_arrays.h"
#include "pool.h"
#include "probe.h"

/* The fields first .. last (inclusive) as a mask. */
#define COMPARE_FIELD_RANGE(first, last) MOTE_FIELD_BITS(first, (last) - (first) + 1)

/* Most rows one kind prints, and the bytes of scratch a run gives the kind's step hook. */
#define COMPARE_MAX_ROWS      MOTE_MAX_FIELDS
#define COMPARE_SCRATCH_BYTES 256

/* What a bound limits: the scaled ULP, the relative or the absolute difference. */
typedef enum compare_unit { COMPARE_ULP, COMPARE_RELATIVE, COMPARE_ABSOLUTE } compare_unit;

/* A field's bound at one checkpoint: FAIL past value (in unit). {0, COMPARE_ULP}: identical. */
typedef struct compare_bound {
    double value;
    compare_unit unit;
} compare_bound;

/* One printed row: one field, or several judged together (the components of a position). */
typedef struct compare_row {
    const char *name;       /* as printed: "x", "position_x", "orientation" */
    mote_field_mask fields; /* bit mask over the pool kind's field list */
} compare_row;

/* One variant's run, as the kind's step hook sees it. */
typedef struct compare_step {
    mote_pool *pool;      /* the settings pool: its kind record's prepare makes the constants */
    float *const *fields; /* this variant's arrays, by field (NULL where not stored) */
    float *const *start;  /* the seeded starting state, the same for every variant */
    size_t count;
    long step;     /* the step about to run: 0 .. steps - 1 */
    long steps;    /* the run's length: 1, or --steps S (every checkpoint runs from the start) */
    void *scratch; /* COMPARE_SCRATCH_BYTES, zeroed before step 0: the kind's own */
} compare_step;

/* The reference after a run, as the kind's scale hook sees it. */
typedef struct compare_sample {
    float *const *start;     /* the seeded starting state */
    float *const *reference; /* the reference's state after the run */
    /* per element: the largest magnitude of the kind's trajectory_fields over the reference's
     * states from the start to the end of the run; NULL when the kind names none */
    const float *trajectory;
} compare_sample;

typedef struct compare_style compare_style;
typedef struct compare_kind compare_kind;

struct compare_kind {
    const char *name;        /* --kind NAME, its section's title, "kind" in the JSON */
    const char *help;        /* NULL, or what --help says of it, in parentheses after the name */
    const char *about;       /* NULL, or the section title's words in parentheses (the style's) */
    const char *noun;        /* NULL, or its elements, plural: "out of memory for N <noun>" */
    const char *json_member; /* NULL: an entry of the JSON "kinds" array; else its own member */
    const compare_style *style; /* &compare_style_scaled or &compare_style_exact */
    bool hashes;                /* print every variant's state hash */
    int model; /* the probe variant's model: a spring model, or PROBE_DEFAULT_DEF */
    mote_field_mask angle_fields;      /* fields that differ by their distance on the circle */
    mote_field_mask trajectory_fields; /* the fields compare_sample.trajectory follows */
    mote_field_mask unit_scale_fields; /* with no scale hook: fields judged at magnitude 1 */
    /* The rows, in order; row_count 0: one row per stored field whose role is
     * MOTE_ROLE_STATE, named as the field list names it. */
    size_t row_count;
    const compare_row *rows;

    /* The kind's probe (engine/kinds/probe.h): the settings pool is a pool of the variant of
     * model `model` (PROBE_DEFAULT_DEF: the kind's default def), the starting state its
     * seed_state. */
    const mote_probe *probe;
    /* Optional: changes the inputs (the arrays, the pool's settings) before each step; false
     * when the pool refused them (the checkpoint then fails). */
    bool (*before_step)(const compare_kind *kind, const compare_step *step);
    /* Optional: the magnitude element i of field is judged at; the style says what 0 means
     * (compare_style.h). NULL: 1 for the fields of unit_scale_fields, 0 for the others. */
    float (*scale)(const compare_kind *kind, const compare_sample *sample, int field, size_t i);
    /* The bound of field after steps steps (1, or --steps S > 1). */
    compare_bound (*bound)(const compare_kind *kind, int field, long steps);

    /* The kind's step has stages around its kernel that read the whole pool (the mover's
     * avoidance: a grid of the bodies, the avoid velocities before the movement kernel, the
     * projection after it): each variant steps through mote_pool_run_table (pool.h) on the
     * settings pool, which then holds count elements (the probe's random ones), the variant's
     * state copied in before the step and out after it. false: the record's kernel alone,
     * straight over the state. */
    bool stages;
    /* 0, or the most elements and steps the kind runs whatever --count and --steps say (a
     * step that costs a neighbourhood per element); its section then says how many. */
    size_t max_count;
    long max_steps;
};

/* The members of a compare_kind initialiser a single-kind family names the same way: its rows
 * array, its kind's probe at the default def, and its static bound. */
#define COMPARE_STANDARD_MEMBERS(kind)                                                             \
    .row_count = sizeof rows / sizeof rows[0], .rows = rows, .probe = &mote_probe_##kind,          \
    .model = PROBE_DEFAULT_DEF, .bound = bound

/* The words a family's kind prints, in a compare_kind initialiser: its --kind name, what
 * --help says of it, its section title's words and its elements, plural. */
#define COMPARE_WORDS(name_, help_, about_, noun_)                                                 \
    .name = (name_), .help = (help_), .about = (about_), .noun = (noun_)

/* What one word of the registry (COMPARE_FAMILIES in compare_kinds.c) stands for: one
 * compare kind, or several (the spring kinds), and what --help says of them. */
typedef struct compare_family {
    /* The one kind of the family; or NULL and: */
    const compare_kind *kind;
    /* its kinds, in the order they run. */
    const compare_kind *(*kinds)(size_t *count);
    /* Optional: --help's lines under --kind (each line ends in a newline). */
    void (*print_note)(FILE *out);
    /* Optional: --help's lines under "Bounds". */
    void (*print_bounds)(FILE *out);
} compare_family;

#endif
