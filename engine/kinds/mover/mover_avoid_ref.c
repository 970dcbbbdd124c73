/* The avoidance stages' scalar reference kernels: for each body (a sorted slot of the grid),
 * its candidates run by run and block by block, each pair through avoid_formulas.h, the
 * contributions summed in the blocks' partial sums, then the body's own formulas. */
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
        float sums[8][MOVER_BLOCK] = {{0.0f}}; /* predict, separate, contact (x, y), speed, count */
        size_t run_begin[3], run_end[3];
        const int runs = avoid_runs(g, s, run_begin, run_end);
        size_t found = 0;
        for (int r = 0; r < runs && (float)found < k->max_neighbors; ++r) {
            for (size_t a = run_begin[r]; a < run_end[r] && (float)found < k->max_neighbors;
                 a += MOVER_BLOCK) {
                for (size_t o = 0; o < MOVER_BLOCK && a + o < run_end[r]; ++o) {
                    const avoid_body j = body_at(g, g->x, g->y, a + o);
                    const avoid_pair c = avoid_pair_of(&i, &j, k);
                    if (c.reacts) {
                        sums[0][o] = sums[0][o] + c.predict_x;
                        sums[1][o] = sums[1][o] + c.predict_y;
                        sums[2][o] = sums[2][o] + c.separate_x;
                        sums[3][o] = sums[3][o] + c.separate_y;
                        sums[4][o] = sums[4][o] + c.contact_x;
                        sums[5][o] = sums[5][o] + c.contact_y;
                        sums[6][o] = sums[6][o] + c.contact_speed;
                        sums[7][o] = sums[7][o] + c.contacts;
                        ++found;
                    }
                }
            }
        }
        float vx, vy;
        avoid_finish(&i, i.vx, i.vy, avoid_sum_partials(sums[0]), avoid_sum_partials(sums[1]),
                     avoid_sum_partials(sums[2]), avoid_sum_partials(sums[3]),
                     avoid_sum_partials(sums[4]), avoid_sum_partials(sums[5]),
                     avoid_sum_partials(sums[6]), avoid_sum_partials(sums[7]), k, &vx, &vy);
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
            float sums[2][MOVER_BLOCK] = {{0.0f}};
            size_t run_begin[3], run_end[3];
            const int runs = avoid_runs(g, s, run_begin, run_end);
            size_t found = 0;
            for (int r = 0; r < runs && (float)found < k->max_neighbors; ++r) {
                for (size_t a = run_begin[r]; a < run_end[r] && (float)found < k->max_neighbors;
                     a += MOVER_BLOCK) {
                    for (size_t o = 0; o < MOVER_BLOCK && a + o < run_end[r]; ++o) {
                        const avoid_body j = body_at(g, k->from_x, k->from_y, a + o);
                        float px, py;
                        if (avoid_project_pair(&i, &j, &px, &py)) {
                            sums[0][o] = sums[0][o] + px;
                            sums[1][o] = sums[1][o] + py;
                            ++found;
                        }
                    }
                }
            }
            x = x + avoid_sum_partials(sums[0]);
            y = y + avoid_sum_partials(sums[1]);
            avoid_project_finish(i.radius, k->before_x[s], k->before_y[s], k, &x, &y);
        }
        k->to_x[s] = x;
        k->to_y[s] = y;
    }
}
