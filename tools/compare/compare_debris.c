/* mote-compare for debris pools (ULP: exact ULP distance; for the orientation, a unit
 * quaternion, the difference in ULPs of 1, 2^-23): seeded pieces of every kind (attached before,
 * during and at the end of the peel, degenerate peel windows, free with and without tumble,
 * capped), the ship frame of a spinning station that also moves, and per field group the largest
 * ULP and absolute difference of each variant against the scalar reference. */
#include "compare_debris.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "debris_bounds.h"
#include "debris_fields.h"
#include "mote/debris.h"
#include "tool_rng.h"

#define DT (1.0f / 60.0f)

enum { GROUP_TIME, GROUP_PHASE, GROUP_POSITION, GROUP_ORIENTATION, GROUP_VELOCITY, GROUP_COUNT };

static const char *const group_names[GROUP_COUNT] = {"time", "phase", "position", "orientation",
                                                     "velocity"};

static int group_of(int field) {
    if (field == DEBRIS_TIME) {
        return GROUP_TIME;
    }
    if (field == DEBRIS_PHASE) {
        return GROUP_PHASE;
    }
    if (field >= DEBRIS_PX && field <= DEBRIS_PZ) {
        return GROUP_POSITION;
    }
    return field >= DEBRIS_QX && field <= DEBRIS_QW ? GROUP_ORIENTATION : GROUP_VELOCITY;
}

/* The orientation bound after steps steps (absolute, per component): grows linearly past
 * DEBRIS_BOUND_STEPS. Every other group must be identical. */
static double orientation_bound(long steps) {
    if (steps <= 1) {
        return DEBRIS_ORIENTATION_ONE_STEP;
    }
    double ratio = steps > DEBRIS_BOUND_STEPS ? (double)steps / DEBRIS_BOUND_STEPS : 1.0;
    return DEBRIS_ORIENTATION_LONG_RUN * ratio;
}

typedef struct pieces {
    size_t count;
    float *f[DEBRIS_FIELD_COUNT];
} pieces;

static void pieces_free(pieces *p) {
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        free(p->f[f]);
        p->f[f] = NULL;
    }
}

static bool pieces_alloc(pieces *p, size_t count) {
    memset(p, 0, sizeof *p);
    p->count = count;
    size_t bytes = (count * sizeof(float) + 63u) & ~(size_t)63u;
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        p->f[f] = aligned_alloc(64, bytes);
        if (p->f[f] == NULL) {
            pieces_free(p);
            return false;
        }
    }
    return true;
}

static void pieces_copy(pieces *to, const pieces *from) {
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        memcpy(to->f[f], from->f[f], from->count * sizeof(float));
    }
}

static mote_vec3 rvec(tool_rng *rng, float r) {
    mote_vec3 v = {tool_rng_range(rng, -r, r), tool_rng_range(rng, -r, r),
                   tool_rng_range(rng, -r, r)};
    return v;
}

static mote_quat rquat(tool_rng *rng) {
    mote_quat q = {tool_rng_range(rng, -1, 1), tool_rng_range(rng, -1, 1),
                   tool_rng_range(rng, -1, 1), tool_rng_range(rng, -1, 1)};
    return mote_quat_normalize(q);
}

static void seed_pieces(pieces *p, uint64_t seed) {
    tool_rng rng = {seed};
    mote_debris_ranges ranges = {0.0f, 15.0f, 0.0f, 40.0f, -10.0f, 10.0f};
    for (size_t i = 0; i < p->count; ++i) {
        mote_debris_desc d = mote_default_debris_desc();
        d.anchor = rvec(&rng, 40.0f);
        mote_vec3 o = rvec(&rng, 1.0f);
        float len = sqrtf(o.x * o.x + o.y * o.y + o.z * o.z);
        d.outward = len > 1e-3f ? (mote_vec3){o.x / len, o.y / len, o.z / len}
                                : (mote_vec3){1.0f, 0.0f, 0.0f};
        d.base = rquat(&rng);
        d.max_distance = tool_rng_range(&rng, 0.0f, 6.0f);
        d.twist = tool_rng_range(&rng, -10.0f, 10.0f);
        mote_debris_draw(&d, &ranges, seed, i);
        d.peel_start = tool_rng_range(&rng, 0.0f, 2.0f);
        d.detach_time = d.peel_start + tool_rng_range(&rng, 0.0f, 3.0f);
        d.time = tool_rng_range(&rng, -1.0f, 4.0f);
        switch (i % 6) {
        case 0: /* free */
            d.phase = MOTE_DEBRIS_FREE;
            d.position = rvec(&rng, 1000.0f);
            d.orientation = rquat(&rng);
            d.velocity = rvec(&rng, 60.0f);
            break;
        case 1: /* free, far too fast: capped */
            d.phase = MOTE_DEBRIS_RELEASED;
            d.position = rvec(&rng, 100.0f);
            d.orientation = rquat(&rng);
            d.velocity = rvec(&rng, 1000.0f);
            break;
        case 2: /* degenerate window */
            d.detach_time = d.peel_start;
            break;
        default: /* attached */
            break;
        }
        debris_desc_store(p->f, i, &d);
    }
}

/* The frame of step k: a station spinning up to 6 rad/s that spins down over the run,
 * drifting and turning its base, with gravity and damping switched on halfway. */
static mote_debris_frame frame_at(mote_station_spin *spin, long k, long steps) {
    mote_station_spin_step(spin, DT);
    mote_vec3 at = {30.0f * sinf(0.01f * (float)k), 0.2f * (float)k * DT, 5.0f};
    spin->base_orientation = mote_quat_axis_angle((mote_vec3){0.6f, 0.8f, 0.0f}, 0.002f * (float)k);
    mote_debris_ship ship = mote_station_spin_ship(spin, at);
    mote_debris_settings settings = mote_default_debris_settings();
    if (k * 2 > steps) {
        settings.gravity = (mote_vec3){0.0f, -9.81f, 0.0f};
        settings.linear_damping = 0.1f;
    }
    return mote_debris_frame_make(&ship, &settings, DT);
}

static void run(const mote_kernel_table *t, pieces *p, long steps) {
    mote_debris_view view;
    debris_view_from_pointers(&view, p->f);
    view.count = p->count;
    mote_station_spin spin = mote_default_station_spin();
    spin.spin_rate = 6.0f;
    spin.rate = 6.0f;
    spin.spin_down_start = 0.5f * (float)steps * DT;
    spin.spin_down_end = 0.8f * (float)steps * DT;
    for (long k = 0; k < steps; ++k) {
        mote_debris_frame frame = frame_at(&spin, k, steps);
        mote_debris_run_table(t, &view, &frame, 0, p->count);
    }
}

static uint32_t ulp_distance(float a, float b) {
    if (isnan(a) || isnan(b)) {
        return isnan(a) && isnan(b) ? 0u : UINT32_MAX;
    }
    int32_t ia, ib;
    memcpy(&ia, &a, sizeof ia);
    memcpy(&ib, &b, sizeof ib);
    int64_t oa = ia < 0 ? (int64_t)INT32_MIN - ia : ia;
    int64_t ob = ib < 0 ? (int64_t)INT32_MIN - ib : ib;
    int64_t d = oa > ob ? oa - ob : ob - oa;
    return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

typedef struct group_error {
    double max_ulp;
    double max_abs;
    size_t worst;
} group_error;

static void append(char **buf, size_t *len, size_t *cap, const char *text) {
    size_t n = strlen(text);
    if (*buf == NULL || *len + n + 1 > *cap) {
        size_t grown = (*cap + n + 1) * 2;
        char *b = realloc(*buf, grown);
        if (b == NULL) {
            return;
        }
        *buf = b;
        *cap = grown;
    }
    memcpy(*buf + *len, text, n + 1);
    *len += n;
}

bool compare_debris(const compare_variants *variants, const compare_options *options, FILE *out,
                    char **json, bool *out_of_memory) {
    *out_of_memory = false;
    pieces start, ref, wide, first;
    if (!pieces_alloc(&start, options->count)) {
        *out_of_memory = true;
        return false;
    }
    if (!pieces_alloc(&ref, options->count) || !pieces_alloc(&wide, options->count) ||
        !pieces_alloc(&first, options->count)) {
        pieces_free(&start);
        pieces_free(&ref);
        pieces_free(&wide);
        *out_of_memory = true;
        return false;
    }
    seed_pieces(&start, options->seed);
    long checkpoints[2] = {1, options->steps};
    int checkpoint_count = options->steps > 1 ? 2 : 1;
    bool pass = true;
    char *js = NULL;
    size_t js_len = 0, js_cap = 0;
    char line[512];
    if (!options->json) {
        fprintf(out, "\ndebris (%zu pieces under a spinning, moving station)\n", options->count);
        fprintf(out, "   steps field        backend        max ULP    max abs   worst i"
                     "          bound  result\n");
    }
    append(&js, &js_len, &js_cap, "{\"kind\": \"debris\", \"checkpoints\": [");
    for (int c = 0; c < checkpoint_count; ++c) {
        long steps = checkpoints[c];
        pieces_copy(&ref, &start);
        run(variants->reference, &ref, steps);
        bool identical = true;
        snprintf(line, sizeof line, "%s{\"steps\": %ld, \"fields\": [", c ? ", " : "", steps);
        append(&js, &js_len, &js_cap, line);
        for (size_t v = 0; v < variants->wide_count; ++v) {
            pieces_copy(&wide, &start);
            run(variants->wide[v], &wide, steps);
            group_error e[GROUP_COUNT];
            memset(e, 0, sizeof e);
            for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
                if (!(DEBRIS_WRITES & DEBRIS_BIT(f))) {
                    continue;
                }
                group_error *g = &e[group_of(f)];
                for (size_t i = 0; i < options->count; ++i) {
                    double u = ulp_distance(wide.f[f][i], ref.f[f][i]);
                    double a = fabs((double)wide.f[f][i] - (double)ref.f[f][i]);
                    if (isnan(a)) {
                        a = u == 0 ? 0.0 : INFINITY;
                    }
                    if (group_of(f) == GROUP_ORIENTATION) {
                        u = a / 0x1p-23; /* a unit quaternion: ULPs of 1 (scaled ULP) */
                    }
                    if (a > g->max_abs || (g->max_abs == 0.0 && u > g->max_ulp)) {
                        g->worst = i;
                    }
                    g->max_ulp = fmax(g->max_ulp, u);
                    g->max_abs = fmax(g->max_abs, a);
                }
                if (v == 0) {
                    memcpy(first.f[f], wide.f[f], options->count * sizeof(float));
                } else if (memcmp(first.f[f], wide.f[f], options->count * sizeof(float)) != 0) {
                    identical = false;
                }
            }
            for (int g = 0; g < GROUP_COUNT; ++g) {
                bool orientation = g == GROUP_ORIENTATION;
                double bound = orientation ? orientation_bound(steps) : 0.0;
                bool ok = orientation ? e[g].max_abs <= bound : e[g].max_ulp == 0.0;
                pass = pass && ok;
                char bound_text[32];
                if (orientation) {
                    snprintf(bound_text, sizeof bound_text, "%.2g abs", bound);
                } else {
                    snprintf(bound_text, sizeof bound_text, "identical");
                }
                if (!options->json) {
                    fprintf(out, "%8ld %-12s %-12s %9.0f %10.3g %9zu %14s  %s\n", steps,
                            group_names[g], variants->wide[v]->name, e[g].max_ulp, e[g].max_abs,
                            e[g].worst, bound_text, ok ? "ok" : "FAIL");
                }
                snprintf(line, sizeof line,
                         "%s{\"field\": \"%s\", \"backend\": \"%s\", \"max_ulp\": %.17g, "
                         "\"max_abs\": %.17g, \"worst_index\": %zu, \"bound_abs\": %.17g, "
                         "\"pass\": %s}",
                         (v || g) ? ", " : "", group_names[g], variants->wide[v]->name,
                         e[g].max_ulp, e[g].max_abs, e[g].worst, bound, ok ? "true" : "false");
                append(&js, &js_len, &js_cap, line);
            }
        }
        pass = pass && identical;
        if (!options->json) {
            fprintf(out, "  wide backends bit-identical: %s after %ld step%s\n",
                    identical ? "yes" : "NO", steps, steps == 1 ? "" : "s");
        }
        snprintf(line, sizeof line, "], \"bit_identical\": %s}", identical ? "true" : "false");
        append(&js, &js_len, &js_cap, line);
    }
    snprintf(line, sizeof line, "], \"pass\": %s}", pass ? "true" : "false");
    append(&js, &js_len, &js_cap, line);
    if (json != NULL) {
        *json = js;
    } else {
        free(js);
    }
    pieces_free(&start);
    pieces_free(&ref);
    pieces_free(&wide);
    pieces_free(&first);
    return pass;
}
