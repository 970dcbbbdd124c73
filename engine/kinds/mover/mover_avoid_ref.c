/* The avoidance stages' scalar reference kernels: for each body (a sorted slot of the grid),
 * its candidates (the bodies of the 3 x 3 cells around its own) in sorted-slot order, each
 * pair through avoid_formulas.h, each contribution added in that order until the body has
 * reacted to max_neighbors, then the body's own formulas. */
#include <string.h>

#include "avoid_formulas.h"
#include "mover_avoid.h"
#include "mover_fields.h"
#include "scalar_kernels.h"

static avoid_body body_at(const mover_grid *g, const float *x, const float *y, size_t s) {
    avoid_body b = {x[s],         y[s],         g->vx[s],     g->vy[s],
                    g->want_x[s], g->want_y[s], g->radius[s], g->ordinal[s]};
    return b;
}

static bool in_range(const mover_avoid_step *k, size_t element) {
    return element >= k->range_begin && element < k->range_end;
}

/* The runs of body s's candidates. */
static int candidate_runs(const mover_grid *g, size_t s, size_t begin[3], size_t end[3]) {
    return mover_grid_runs(g, g->cell_y[s], g->cell_x[s], g->cell_x[s], begin, end);
}

void mote_kernel_mover_avoid_scalar(float *const *p, const void *constants, size_t begin,
                                    size_t end) {
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    for (size_t s = begin; s < end; ++s) {
        const size_t e = g->element[s];
        if (!in_range(k, e)) {
            continue;
        }
        avoid_body i = body_at(g, g->x, g->y, s); /* moving as it asks to */
        i.vx = p[MOVER_DESIRED_VELOCITY_X][e];
        i.vy = p[MOVER_DESIRED_VELOCITY_Y][e];
        avoid_pair sum = {false, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
        size_t run_begin[3], run_end[3];
        const int runs = candidate_runs(g, s, run_begin, run_end);
        size_t found = 0;
        for (int r = 0; r < runs; ++r) {
            for (size_t a = run_begin[r]; a < run_end[r] && (float)found < k->max_neighbors; ++a) {
                const avoid_body j = body_at(g, g->x, g->y, a);
                const avoid_pair c = avoid_pair_of(&i, &j, k);
                if (c.reacts) {
                    sum.predict_x = sum.predict_x + c.predict_x;
                    sum.predict_y = sum.predict_y + c.predict_y;
                    sum.separate_x = sum.separate_x + c.separate_x;
                    sum.separate_y = sum.separate_y + c.separate_y;
                    sum.contact_x = sum.contact_x + c.contact_x;
                    sum.contact_y = sum.contact_y + c.contact_y;
                    sum.contact_speed = sum.contact_speed + c.contact_speed;
                    sum.contacts = sum.contacts + c.contacts;
                    ++found;
                }
            }
        }
        float vx, vy;
        avoid_finish(&i, i.vx, i.vy, sum.predict_x, sum.predict_y, sum.separate_x, sum.separate_y,
                     sum.contact_x, sum.contact_y, sum.contact_speed, sum.contacts, k, &vx, &vy);
        p[MOVER_AVOID_VELOCITY_X][e] = vx;
        p[MOVER_AVOID_VELOCITY_Y][e] = vy;
    }
}

void mote_kernel_mover_project_scalar(float *const *p, const void *constants, size_t begin,
                                      size_t end) {
    (void)p;
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    for (size_t s = begin; s < end; ++s) {
        float x = k->from_x[s], y = k->from_y[s];
        if (in_range(k, g->element[s])) {
            const avoid_body i = body_at(g, k->from_x, k->from_y, s);
            float sum_x = 0.0f, sum_y = 0.0f;
            size_t run_begin[3], run_end[3];
            const int runs = candidate_runs(g, s, run_begin, run_end);
            size_t found = 0;
            for (int r = 0; r < runs; ++r) {
                for (size_t a = run_begin[r]; a < run_end[r] && (float)found < k->max_neighbors;
                     ++a) {
                    const avoid_body j = body_at(g, k->from_x, k->from_y, a);
                    float px, py;
                    if (avoid_project_pair(&i, &j, &px, &py)) {
                        sum_x = sum_x + px;
                        sum_y = sum_y + py;
                        ++found;
                    }
                }
            }
            x = x + sum_x;
            y = y + sum_y;
            avoid_project_finish(i.radius, k->before_x[s], k->before_y[s], k, &x, &y);
        }
        k->to_x[s] = x;
        k->to_y[s] = y;
    }
}
