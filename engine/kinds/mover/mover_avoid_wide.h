/* The avoidance stages' wide kernels, included once by mover_kernels.c (so compiled once per
 * variant with it). Lanes run over a body's candidates: a block of MOVER_BLOCK consecutive
 * sorted slots is MOVER_BLOCK / MOTE_W_LANES vectors loaded straight from the grid's arrays
 * (no gathers), every lane computes the pair formulas of avoid_formulas.h operation for
 * operation, branch-free, and adds into its block offset's partial sum where the reference
 * adds. The partial sums, the block counts and the per-body formulas (speed limit, walls)
 * are the reference's own scalar code, so every variant gives the reference's bits. */

#include "avoid_formulas.h"
#include "mover_avoid.h"

#define AVOID_VECTORS (MOVER_BLOCK / MOTE_W_LANES)

/* Lane offsets within a block, per vector. */
static const float avoid_lane_offsets[MOVER_BLOCK] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                      8, 9, 10, 11, 12, 13, 14, 15};

/* One body, broadcast. */
typedef struct wide_body {
    mote_wf x, y, vx, vy, radius, ordinal;
} wide_body;

static inline wide_body broadcast_body(float x, float y, float vx, float vy, float radius,
                                       float ordinal) {
    wide_body b = {mote_w_set1(x),  mote_w_set1(y),      mote_w_set1(vx),
                   mote_w_set1(vy), mote_w_set1(radius), mote_w_set1(ordinal)};
    return b;
}

/* a != b (neither NaN). */
static inline mote_wm not_equal(mote_wf a, mote_wf b) {
    return mote_w_or(mote_w_lt(a, b), mote_w_gt(a, b));
}

/* avoid_direction, lane by lane. */
static inline void wide_direction(mote_wf xx, mote_wf xy, mote_wf dist, mote_wf sum, mote_wf oi,
                                  mote_wf oj, mote_wf *nx, mote_wf *ny) {
    const mote_wf dx = mote_w_sub(oj, oi);
    const mote_wf s = mote_w_add(oi, oj);
    const mote_wf m = mote_w_sub(
        s, mote_w_mul(mote_w_set1(8.0f), mote_w_round(mote_w_mul(s, mote_w_set1(0.125f)))));
    const mote_wf dy = mote_w_mul(mote_w_mul(dx, m), mote_w_set1(0.5f));
    const mote_wf length = mote_w_sqrt(mote_w_add(mote_w_mul(dx, dx), mote_w_mul(dy, dy)));
    const mote_wm apart = mote_w_gt(dist, mote_w_mul(sum, mote_w_set1(MOVER_AVOID_COINCIDENT)));
    *nx = mote_w_select(apart, mote_w_div(xx, dist), mote_w_div(dx, length));
    *ny = mote_w_select(apart, mote_w_div(xy, dist), mote_w_div(dy, length));
}

/* The partial sums and the neighbour count of one body. */
typedef struct avoid_sums {
    mote_wf sum[8][AVOID_VECTORS];
    mote_wf found[AVOID_VECTORS];
} avoid_sums;

/* found, summed over its lanes (small whole numbers: exact). */
static inline float found_count(const avoid_sums *a) {
    float lanes[MOVER_BLOCK];
    for (int v = 0; v < AVOID_VECTORS; ++v) {
        mote_w_store(lanes + v * MOTE_W_LANES, a->found[v]);
    }
    float n = 0.0f;
    for (int l = 0; l < MOVER_BLOCK; ++l) {
        n += lanes[l];
    }
    return n;
}

static inline float sum_of(const mote_wf *v) {
    float lanes[MOVER_BLOCK];
    for (int k = 0; k < AVOID_VECTORS; ++k) {
        mote_w_store(lanes + k * MOTE_W_LANES, v[k]);
    }
    return avoid_sum_partials(lanes);
}

/* avoid_pair_of over one vector of candidates at slot a (valid: the lanes inside the run). */
static inline void avoid_vector(const wide_body *i, const mover_grid *g, size_t a, mote_wm valid,
                                const mover_avoid_step *k, avoid_sums *acc, int v) {
    const mote_wf zero = mote_w_set1(0.0f);
    const mote_wf jx = mote_w_load(g->x + a), jy = mote_w_load(g->y + a);
    const mote_wf jr = mote_w_load(g->radius + a), jo = mote_w_load(g->ordinal + a);
    const mote_wf xx = mote_w_sub(jx, i->x), xy = mote_w_sub(jy, i->y);
    const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
    mote_wm neighbour = mote_w_and(valid, mote_w_gt(jr, zero));
    neighbour = mote_w_and(neighbour, not_equal(jo, i->ordinal));
    neighbour = mote_w_and(neighbour, mote_w_lt(dist_sq, mote_w_set1(k->neighbor_distance_sq)));
    if (!mote_w_any(neighbour)) {
        return;
    }
    const mote_wf sum = mote_w_add(i->radius, jr);
    const mote_wm overlap = mote_w_lt(dist_sq, mote_w_mul(sum, sum));
    const mote_wf wide = mote_w_mul(sum, mote_w_set1(MOVER_AVOID_MARGIN));
    const mote_wf wide_sq = mote_w_mul(wide, wide);
    const mote_wf dist = mote_w_sqrt(dist_sq);
    mote_wf nx, ny;
    wide_direction(xx, xy, dist, sum, i->ordinal, jo, &nx, &ny);
    /* contact */
    const mote_wm touching = mote_w_lt(dist_sq, wide_sq);
    const mote_wf ask = mote_w_add(mote_w_mul(i->vx, nx), mote_w_mul(i->vy, ny));
    const mote_wm into = mote_w_and(touching, mote_w_gt(ask, zero));
    const mote_wf contact_x = mote_w_select(into, nx, zero);
    const mote_wf contact_y = mote_w_select(into, ny, zero);
    const mote_wf jvx = mote_w_load(g->vx + a), jvy = mote_w_load(g->vy + a);
    const mote_wf away = mote_w_add(mote_w_mul(jvx, nx), mote_w_mul(jvy, ny));
    const mote_wf contact_speed =
        mote_w_select(mote_w_and(into, mote_w_gt(away, zero)), away, zero);
    const mote_wf contacts = mote_w_select(into, mote_w_set1(1.0f), zero);
    const mote_wf jwx = mote_w_load(g->want_x + a), jwy = mote_w_load(g->want_y + a);
    const mote_wf toward = mote_w_add(mote_w_mul(jwx, nx), mote_w_mul(jwy, ny));
    const mote_wf closing = mote_w_sub(ask, toward);
    const mote_wm passes = mote_w_and(into, mote_w_gt(closing, zero));
    const mote_wf pass = mote_w_mul(mote_w_set1(MOVER_AVOID_PASS), closing);
    const mote_wf pass_x = mote_w_select(passes, mote_w_mul(ny, pass), zero);
    const mote_wf pass_y = mote_w_select(passes, mote_w_sub(zero, mote_w_mul(nx, pass)), zero);
    /* separation */
    const mote_wf push =
        mote_w_mul(mote_w_sub(sum, dist), mote_w_set1(0.5f * MOVER_AVOID_SEPARATION_RATE));
    const mote_wf sep_x = mote_w_select(overlap, mote_w_sub(zero, mote_w_mul(nx, push)), zero);
    const mote_wf sep_y = mote_w_select(overlap, mote_w_sub(zero, mote_w_mul(ny, push)), zero);
    /* prediction */
    const mote_wf wx = mote_w_sub(i->vx, jvx), wy = mote_w_sub(i->vy, jvy);
    const mote_wf qa = mote_w_add(mote_w_mul(wx, wx), mote_w_mul(wy, wy));
    const mote_wf qb = mote_w_add(mote_w_mul(xx, wx), mote_w_mul(xy, wy));
    const mote_wf qc = mote_w_sub(dist_sq, wide_sq);
    mote_wm predicts = mote_w_and(mote_w_gt(qb, zero), mote_w_gt(qa, zero));
    predicts = mote_w_and(predicts, mote_w_gt(qc, zero));
    const mote_wf t_close = mote_w_div(qb, qa);
    const mote_wf qx = mote_w_sub(xx, mote_w_mul(wx, t_close));
    const mote_wf qy = mote_w_sub(xy, mote_w_mul(wy, t_close));
    const mote_wf miss_sq = mote_w_add(mote_w_mul(qx, qx), mote_w_mul(qy, qy));
    predicts = mote_w_and(predicts, mote_w_lt(miss_sq, wide_sq));
    const mote_wf tau = mote_w_div(
        qc, mote_w_add(qb, mote_w_sqrt(mote_w_sub(mote_w_mul(qb, qb), mote_w_mul(qa, qc)))));
    const mote_wf horizon = mote_w_set1(k->time_horizon);
    predicts = mote_w_and(predicts, mote_w_lt(tau, horizon));
    const mote_wf weight = mote_w_mul(mote_w_sub(horizon, tau), mote_w_set1(k->inv_time_horizon));
    const mote_wf bias =
        mote_w_div(mote_w_mul(mote_w_set1(MOVER_AVOID_BIAS), sum), mote_w_sqrt(qa));
    const mote_wf px = mote_w_sub(qx, mote_w_mul(wy, bias));
    const mote_wf py = mote_w_add(qy, mote_w_mul(wx, bias));
    const mote_wf p_len = mote_w_sqrt(mote_w_add(mote_w_mul(px, px), mote_w_mul(py, py)));
    predicts = mote_w_and(predicts, mote_w_gt(p_len, zero));
    const mote_wf min_act = mote_w_set1(MOVER_AVOID_MIN_ACT_TIME);
    const mote_wf act = mote_w_select(mote_w_gt(t_close, min_act), t_close, min_act);
    const mote_wf gain = mote_w_div(
        mote_w_mul(
            mote_w_div(mote_w_mul(mote_w_set1(0.5f), mote_w_sub(wide, mote_w_sqrt(miss_sq))), act),
            weight),
        p_len);
    const mote_wm no_overlap = mote_w_ge(dist_sq, wide_sq);
    predicts = mote_w_and(predicts, no_overlap);
    neighbour = mote_w_and(neighbour, mote_w_or(touching, predicts)); /* reacts */
    const mote_wf pred_x = mote_w_select(predicts, mote_w_sub(zero, mote_w_mul(px, gain)), pass_x);
    const mote_wf pred_y = mote_w_select(predicts, mote_w_sub(zero, mote_w_mul(py, gain)), pass_y);
    acc->sum[0][v] = mote_w_select(neighbour, mote_w_add(acc->sum[0][v], pred_x), acc->sum[0][v]);
    acc->sum[1][v] = mote_w_select(neighbour, mote_w_add(acc->sum[1][v], pred_y), acc->sum[1][v]);
    acc->sum[2][v] = mote_w_select(neighbour, mote_w_add(acc->sum[2][v], sep_x), acc->sum[2][v]);
    acc->sum[3][v] = mote_w_select(neighbour, mote_w_add(acc->sum[3][v], sep_y), acc->sum[3][v]);
    acc->sum[4][v] =
        mote_w_select(neighbour, mote_w_add(acc->sum[4][v], contact_x), acc->sum[4][v]);
    acc->sum[5][v] =
        mote_w_select(neighbour, mote_w_add(acc->sum[5][v], contact_y), acc->sum[5][v]);
    acc->sum[6][v] =
        mote_w_select(neighbour, mote_w_add(acc->sum[6][v], contact_speed), acc->sum[6][v]);
    acc->sum[7][v] = mote_w_select(neighbour, mote_w_add(acc->sum[7][v], contacts), acc->sum[7][v]);
    acc->found[v] =
        mote_w_select(neighbour, mote_w_add(acc->found[v], mote_w_set1(1.0f)), acc->found[v]);
}

/* avoid_project_pair over one vector of candidates at slot a. */
static inline void project_vector(const wide_body *i, const mover_grid *g, const float *from_x,
                                  const float *from_y, size_t a, mote_wm valid, avoid_sums *acc,
                                  int v) {
    const mote_wf zero = mote_w_set1(0.0f);
    const mote_wf jx = mote_w_load(from_x + a), jy = mote_w_load(from_y + a);
    const mote_wf jr = mote_w_load(g->radius + a), jo = mote_w_load(g->ordinal + a);
    const mote_wf xx = mote_w_sub(jx, i->x), xy = mote_w_sub(jy, i->y);
    const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
    const mote_wf sum = mote_w_mul(mote_w_add(i->radius, jr), mote_w_set1(MOVER_PROJECT_TARGET));
    mote_wm overlap = mote_w_and(valid, mote_w_gt(jr, zero));
    overlap = mote_w_and(overlap, not_equal(jo, i->ordinal));
    overlap = mote_w_and(overlap, mote_w_lt(dist_sq, mote_w_mul(sum, sum)));
    if (!mote_w_any(overlap)) {
        return;
    }
    const mote_wf dist = mote_w_sqrt(dist_sq);
    mote_wf nx, ny;
    wide_direction(xx, xy, dist, sum, i->ordinal, jo, &nx, &ny);
    const mote_wf push = mote_w_mul(mote_w_sub(sum, dist), mote_w_set1(0.5f));
    const mote_wf push_x = mote_w_sub(zero, mote_w_mul(nx, push));
    const mote_wf push_y = mote_w_sub(zero, mote_w_mul(ny, push));
    acc->sum[0][v] = mote_w_select(overlap, mote_w_add(acc->sum[0][v], push_x), acc->sum[0][v]);
    acc->sum[1][v] = mote_w_select(overlap, mote_w_add(acc->sum[1][v], push_y), acc->sum[1][v]);
    acc->found[v] =
        mote_w_select(overlap, mote_w_add(acc->found[v], mote_w_set1(1.0f)), acc->found[v]);
}

static inline void clear_sums(avoid_sums *acc) {
    for (int v = 0; v < AVOID_VECTORS; ++v) {
        for (int c = 0; c < 8; ++c) {
            acc->sum[c][v] = mote_w_set1(0.0f);
        }
        acc->found[v] = mote_w_set1(0.0f);
    }
}

/* The lanes of vector v of a block at a that lie inside a run ending at run_end. */
static inline mote_wm block_lanes(size_t a, size_t run_end, int v) {
    return mote_w_lt(mote_w_load(avoid_lane_offsets + v * MOTE_W_LANES),
                     mote_w_set1((float)(run_end - a)));
}

void MOTE_VARIANT_FN(mote_kernel_mover_avoid)(float *const *p, const void *constants, size_t begin,
                                              size_t end) {
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    for (size_t s = begin; s < end; ++s) {
        const size_t e = g->element[s];
        if (e < k->range_begin || e >= k->range_end) {
            continue;
        }
        const avoid_body self = {g->x[s],
                                 g->y[s],
                                 p[MOVER_DESIRED_VELOCITY_X][e], /* moving as it asks to */
                                 p[MOVER_DESIRED_VELOCITY_Y][e],
                                 p[MOVER_DESIRED_VELOCITY_X][e],
                                 p[MOVER_DESIRED_VELOCITY_Y][e],
                                 g->radius[s],
                                 g->ordinal[s]};
        const wide_body i =
            broadcast_body(self.x, self.y, self.vx, self.vy, self.radius, self.ordinal);
        avoid_sums acc;
        clear_sums(&acc);
        size_t run_begin[3], run_end[3];
        const int runs = avoid_runs(g, s, run_begin, run_end);
        float found = 0.0f;
        for (int r = 0; r < runs && found < k->max_neighbors; ++r) {
            for (size_t a = run_begin[r]; a < run_end[r] && found < k->max_neighbors;
                 a += MOVER_BLOCK) {
                for (int v = 0; v < AVOID_VECTORS; ++v) {
                    avoid_vector(&i, g, a + (size_t)v * MOTE_W_LANES, block_lanes(a, run_end[r], v),
                                 k, &acc, v);
                }
                found = found_count(&acc);
            }
        }
        float vx, vy;
        avoid_finish(&self, self.vx, self.vy, sum_of(acc.sum[0]), sum_of(acc.sum[1]),
                     sum_of(acc.sum[2]), sum_of(acc.sum[3]), sum_of(acc.sum[4]), sum_of(acc.sum[5]),
                     sum_of(acc.sum[6]), sum_of(acc.sum[7]), k, &vx, &vy);
        p[MOVER_AVOID_VELOCITY_X][e] = vx;
        p[MOVER_AVOID_VELOCITY_Y][e] = vy;
    }
}

void MOTE_VARIANT_FN(mote_kernel_mover_project)(float *const *p, const void *constants,
                                                size_t begin, size_t end) {
    (void)p;
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    for (size_t s = begin; s < end; ++s) {
        float x = k->from_x[s], y = k->from_y[s];
        const size_t e = g->element[s];
        if (e >= k->range_begin && e < k->range_end) {
            const wide_body i = broadcast_body(x, y, 0.0f, 0.0f, g->radius[s], g->ordinal[s]);
            avoid_sums acc;
            clear_sums(&acc);
            size_t run_begin[3], run_end[3];
            const int runs = avoid_runs(g, s, run_begin, run_end);
            float found = 0.0f;
            for (int r = 0; r < runs && found < k->max_neighbors; ++r) {
                for (size_t a = run_begin[r]; a < run_end[r] && found < k->max_neighbors;
                     a += MOVER_BLOCK) {
                    for (int v = 0; v < AVOID_VECTORS; ++v) {
                        project_vector(&i, g, k->from_x, k->from_y, a + (size_t)v * MOTE_W_LANES,
                                       block_lanes(a, run_end[r], v), &acc, v);
                    }
                    found = found_count(&acc);
                }
            }
            x = x + sum_of(acc.sum[0]);
            y = y + sum_of(acc.sum[1]);
            avoid_project_finish(g->radius[s], k->before_x[s], k->before_y[s], k, &x, &y);
        }
        k->to_x[s] = x;
        k->to_y[s] = y;
    }
}
