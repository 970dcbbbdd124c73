/* mote-compare's crowd section (compare_movers.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_movers.h"
#include "compare_report.h"
#include "mover_step.h"
#include "scaled_ulp.h"
#include "tool_rng.h"

static const float movers_dt = 1.0f / 60.0f;

static const char *const mover_field_names[MOVER_STATE_COUNT] = {
    "position_x",     "position_y",       "velocity_x",         "velocity_y",
    "acceleration_x", "acceleration_y",   "immediate_vx",       "immediate_vy",
    "rotation",       "angular_velocity", "immediate_rotation", "immediate_angular_v",
};

typedef struct crowd {
    float *f[MOVER_FIELD_COUNT];
    size_t count;
} crowd;

static void crowd_free(crowd *c) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        free(c->f[f]);
        c->f[f] = NULL;
    }
}

static bool crowd_alloc(crowd *c, size_t count) {
    memset(c, 0, sizeof *c);
    c->count = count;
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        c->f[f] = calloc(count, sizeof(float));
        if (c->f[f] == NULL) {
            crowd_free(c);
            return false;
        }
    }
    return true;
}

static void crowd_copy(crowd *to, const crowd *from) {
    for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
        memcpy(to->f[f], from->f[f], from->count * sizeof(float));
    }
}

/* One kind of character per index mod 7: stopped, walking, turning, reversing, at the
 * accelerate/decelerate threshold, fast, explicitly facing. */
static void seed_crowd(crowd *c, uint64_t seed) {
    tool_rng rng = {seed};
    for (size_t i = 0; i < c->count; ++i) {
        float v[MOVER_FIELD_COUNT] = {0};
        float speed = tool_rng_log_range(&rng, 1.0f, 1000.0f);
        float a = tool_rng_range(&rng, -3.14159f, 3.14159f);
        float b = a;
        float ds = speed;
        v[MOVER_POSITION_X] = tool_rng_range(&rng, -1000.0f, 1000.0f);
        v[MOVER_POSITION_Y] = tool_rng_range(&rng, -1000.0f, 1000.0f);
        v[MOVER_ROTATION] = tool_rng_range(&rng, -10.0f, 10.0f);
        v[MOVER_IMMEDIATE_ROTATION] = v[MOVER_ROTATION] + tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_ANGULAR_VELOCITY] = tool_rng_range(&rng, -3.0f, 3.0f);
        v[MOVER_IMMEDIATE_ANGULAR_VELOCITY] = tool_rng_range(&rng, -3.0f, 3.0f);
        switch (i % 7) {
        case 0:
            speed = ds = 0.0f;
            break;
        case 2:
            b = a + tool_rng_range(&rng, -2.5f, 2.5f);
            break;
        case 3:
            b = a + 3.14159265f;
            break;
        case 4:
            ds = speed * (1.0f + (float)((int)(tool_rng_next(&rng) % 9) - 4) * 1.2e-7f);
            b = a + tool_rng_range(&rng, -1e-3f, 1e-3f);
            break;
        case 5:
            speed *= 1000.0f, ds = speed;
            b = a + 0.3f;
            break;
        case 6:
            v[MOVER_EXPLICIT_FACING] = 1.0f;
            v[MOVER_DESIRED_FACING] = tool_rng_range(&rng, -3.14159f, 3.14159f);
            b = a + tool_rng_range(&rng, -3.0f, 3.0f);
            break;
        default:
            break;
        }
        v[MOVER_IMMEDIATE_VELOCITY_X] = speed * cosf(a);
        v[MOVER_IMMEDIATE_VELOCITY_Y] = speed * sinf(a);
        v[MOVER_VELOCITY_X] = v[MOVER_IMMEDIATE_VELOCITY_X] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_VELOCITY_Y] = v[MOVER_IMMEDIATE_VELOCITY_Y] * tool_rng_range(&rng, 0.9f, 1.1f);
        v[MOVER_ACCELERATION_X] = speed * tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_ACCELERATION_Y] = speed * tool_rng_range(&rng, -1.0f, 1.0f);
        v[MOVER_DESIRED_VELOCITY_X] = ds * cosf(b);
        v[MOVER_DESIRED_VELOCITY_Y] = ds * sinf(b);
        for (int f = 0; f < MOVER_FIELD_COUNT; ++f) {
            c->f[f][i] = v[f];
        }
    }
}

/* New inputs every 30 steps, the same for every variant: turn, stop, restart, re-aim. */
static void change_inputs(crowd *c, const crowd *start, long k) {
    for (size_t i = 0; i < c->count; ++i) {
        float phase = 0.7f * (float)(k / 30) + 0.37f * (float)(i % 13);
        float sx = start->f[MOVER_DESIRED_VELOCITY_X][i];
        float sy = start->f[MOVER_DESIRED_VELOCITY_Y][i];
        float base = fminf(sqrtf(sx * sx + sy * sy), 3000.0f) + 50.0f;
        bool stop = (k / 30 + (long)i) % 7 == 0;
        c->f[MOVER_DESIRED_VELOCITY_X][i] = stop ? 0.0f : base * cosf(phase);
        c->f[MOVER_DESIRED_VELOCITY_Y][i] = stop ? 0.0f : base * sinf(phase);
        c->f[MOVER_EXPLICIT_FACING][i] = (k / 30 + (long)i) % 5 == 0 ? 1.0f : 0.0f;
        c->f[MOVER_DESIRED_FACING][i] = 2.0f * phase - 5.0f;
    }
}

/* Steps c from step `from` to step `to` on one variant. */
static void advance(const mote_kernel_table *t, crowd *c, const crowd *start, long from, long to) {
    mote_movement_params params = mote_default_movement_params();
    mote_mover_step step;
    mote_mover_step_prepare(&params, movers_dt, 1, &step);
    mote_mover_view view;
    mover_view_from_pointers(&view, c->f);
    view.count = c->count;
    for (long k = from; k < to; ++k) {
        if (k > 0 && k % 30 == 0) {
            change_inputs(c, start, k);
        }
        mote_mover_run_table(t, &view, 0, c->count, &step);
    }
}

static void measure(const compare_variants *variants, const crowd *start, const crowd *ref,
                    crowd *const wide[], compare_movers_checkpoint *cp) {
    cp->bit_identical = true;
    cp->pass = true;
    for (size_t w = 0; w < variants->wide_count; ++w) {
        for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
            compare_field_error *e = &cp->error[w][f];
            memset(e, 0, sizeof *e);
            for (size_t i = 0; i < ref->count; ++i) {
                float r = ref->f[f][i], x = wide[w]->f[f][i];
                double d = scaled_ulp_difference(x, r, false);
                float scale = fabsf(r);
                if (mover_is_facing_field(f)) {
                    float before[MOVER_STATE_COUNT], after[MOVER_STATE_COUNT];
                    for (int g = 0; g < MOVER_STATE_COUNT; ++g) {
                        before[g] = start->f[g][i];
                        after[g] = ref->f[g][i];
                    }
                    scale = (float)mover_facing_scale(before, after);
                }
                double ulp = scaled_ulp_from_difference(d, r, scale);
                double rel = scaled_ulp_relative_from_difference(d, r, scale);
                if (ulp > e->max_ulp) {
                    e->max_ulp = ulp;
                    e->worst_index = i;
                }
                e->max_abs = fmax(e->max_abs, d);
                e->max_rel = fmax(e->max_rel, rel);
            }
            double measured = cp->relative ? e->max_rel : e->max_ulp;
            cp->pass = cp->pass && measured <= cp->bound[f];
            if (w > 0 && memcmp(wide[0]->f[f], wide[w]->f[f], ref->count * sizeof(float)) != 0) {
                cp->bit_identical = false;
            }
        }
    }
    cp->pass = cp->pass && cp->bit_identical;
}

bool compare_movers_run(const compare_variants *variants, const compare_options *options,
                        compare_movers_result *result) {
    memset(result, 0, sizeof *result);
    crowd start, ref, wide_states[COMPARE_MAX_VARIANTS];
    crowd *wide[COMPARE_MAX_VARIANTS];
    size_t made = 0;
    bool ok = crowd_alloc(&start, options->count);
    ok = ok && crowd_alloc(&ref, options->count);
    for (; ok && made < variants->wide_count; ++made) {
        ok = crowd_alloc(&wide_states[made], options->count);
        wide[made] = &wide_states[made];
    }
    if (ok) {
        seed_crowd(&start, options->seed);
        const long checkpoints[COMPARE_MAX_CHECKPOINTS] = {1, options->steps};
        result->checkpoint_count = options->steps > 1 ? 2 : 1;
        crowd_copy(&ref, &start);
        for (size_t w = 0; w < variants->wide_count; ++w) {
            crowd_copy(wide[w], &start);
        }
        long done = 0;
        result->pass = true;
        for (size_t c = 0; c < result->checkpoint_count; ++c) {
            compare_movers_checkpoint *cp = &result->checkpoint[c];
            cp->steps = checkpoints[c];
            cp->relative = c > 0;
            for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
                cp->bound[f] =
                    cp->relative ? mover_bounds[f].relative : mover_one_step_bound(f, movers_dt, 1);
            }
            advance(variants->reference, &ref, &start, done, cp->steps);
            for (size_t w = 0; w < variants->wide_count; ++w) {
                advance(variants->wide[w], wide[w], &start, done, cp->steps);
            }
            done = cp->steps;
            measure(variants, &start, &ref, wide, cp);
            result->pass = result->pass && cp->pass;
        }
    }
    crowd_free(&start);
    crowd_free(&ref);
    for (size_t w = 0; w < made; ++w) {
        crowd_free(&wide_states[w]);
    }
    return ok;
}

void compare_movers_report(FILE *out, const compare_variants *variants,
                           const compare_movers_result *result) {
    fprintf(out,
            "\nmovers (default params; facing fields scaled at max(|facing fields|, pi))\n"
            "  %6s %-19s %-11s %10s %10s %10s %9s %13s  %s\n",
            "steps", "field", "backend", "max ULP", "max abs", "max rel", "worst i", "bound",
            "result");
    for (size_t c = 0; c < result->checkpoint_count; ++c) {
        const compare_movers_checkpoint *cp = &result->checkpoint[c];
        for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
            for (size_t w = 0; w < variants->wide_count; ++w) {
                const compare_field_error *e = &cp->error[w][f];
                double measured = cp->relative ? e->max_rel : e->max_ulp;
                fprintf(out, "  %6ld %-19s %-11s %10.3g %10.3g %10.3g %9zu %8g %-4s %s\n",
                        cp->steps, mover_field_names[f], variants->wide[w]->name, e->max_ulp,
                        e->max_abs, e->max_rel, e->worst_index, cp->bound[f],
                        cp->relative ? "rel" : "ULP",
                        measured <= cp->bound[f] ? "ok" : "OVER BOUND");
            }
        }
    }
    fprintf(out, "  wide backends bit-identical:");
    for (size_t c = 0; c < result->checkpoint_count; ++c) {
        const compare_movers_checkpoint *cp = &result->checkpoint[c];
        fprintf(out, "%s %s after %ld step%s", c ? "," : "", cp->bit_identical ? "yes" : "NO",
                cp->steps, cp->steps == 1 ? "" : "s");
    }
    fprintf(out, "\n");
}

void compare_movers_json(FILE *out, const compare_variants *variants,
                         const compare_movers_result *result) {
    fprintf(out, "\"movers\": {\"pass\": %s, \"checkpoints\": [", result->pass ? "true" : "false");
    for (size_t c = 0; c < result->checkpoint_count; ++c) {
        const compare_movers_checkpoint *cp = &result->checkpoint[c];
        fprintf(out,
                "%s\n      {\"steps\": %ld, \"bit_identical\": %s, \"pass\": %s, \"fields\": [",
                c ? "," : "", cp->steps, cp->bit_identical ? "true" : "false",
                cp->pass ? "true" : "false");
        bool first = true;
        for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
            for (size_t w = 0; w < variants->wide_count; ++w) {
                const compare_field_error *e = &cp->error[w][f];
                double measured = cp->relative ? e->max_rel : e->max_ulp;
                fprintf(out, "%s\n        {\"field\": \"%s\", \"backend\": \"%s\", \"max_ulp\": ",
                        first ? "" : ",", mover_field_names[f], variants->wide[w]->name);
                compare_json_number(out, e->max_ulp);
                fprintf(out, ", \"max_abs\": ");
                compare_json_number(out, e->max_abs);
                fprintf(out, ", \"max_rel\": ");
                compare_json_number(out, e->max_rel);
                fprintf(out, ", \"worst_index\": %zu, \"%s\": ", e->worst_index,
                        cp->relative ? "relative_bound" : "ulp_bound");
                compare_json_number(out, cp->bound[f]);
                fprintf(out, ", \"within\": %s}", measured <= cp->bound[f] ? "true" : "false");
                first = false;
            }
        }
        fprintf(out, "]}");
    }
    fprintf(out, "]}");
}
