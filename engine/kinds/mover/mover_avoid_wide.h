/* The avoidance stages' wide kernels, included once by mover_kernels.c (so compiled once per
 * variant with it). Lanes run over bodies: a group of up to MOTE_W_LANES consecutive sorted
 * slots in one row of cells reads the union of their candidates (one run of cells per row).
 * Each lane takes the candidates of its own 3 x 3 cells in the reference's order, through the
 * pair formulas of avoid_formulas.h operation for operation (a branch only skips what no lane
 * selects), and adds its contributions in that order until it has reacted to max_neighbors.
 * The avoidance lists each lane's candidates within the neighbour distance (without
 * branches) and runs the lists in rounds, a candidate per lane, so few lanes idle; the
 * projection, whose overlaps are rare, broadcasts each candidate that overlaps some lane to
 * every lane. A body's finish (speed limit, contacts) runs lane by lane with avoid_finish's
 * operations, and its walls through the reference's own scalar code, so every variant gives
 * the reference's bits. */

#include <stdint.h>
#include <string.h>

#include "avoid_formulas.h"
#include "mover_avoid.h"

/* Lane indices. */
static const float avoid_lane_index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* One side of a pair, lane by lane: the body (i, its velocity the one it asks for) or the
 * candidate (j, its current velocity). */
typedef struct wide_body {
    mote_wf x, y, vx, vy, want_x, want_y, radius, ordinal;
} wide_body;

/* What j adds to i's avoidance (avoid_pair), lane by lane. */
typedef struct wide_pair {
    mote_wf predict_x, predict_y, separate_x, separate_y, contact_x, contact_y, contact_speed,
        contacts;
} wide_pair;

/* a != b (neither NaN). */
static inline mote_wm not_equal(mote_wf a, mote_wf b) {
    return mote_w_or(mote_w_lt(a, b), mote_w_gt(a, b));
}

/* avoid_direction, lane by lane, in the lanes of mask. */
static inline void wide_direction(mote_wf xx, mote_wf xy, mote_wf dist, mote_wf sum, mote_wf oi,
                                  mote_wf oj, mote_wm mask, mote_wf *nx, mote_wf *ny) {
    const mote_wf limit = mote_w_mul(sum, mote_w_set1(MOVER_AVOID_COINCIDENT));
    *nx = mote_w_div(xx, dist);
    *ny = mote_w_div(xy, dist);
    if (!mote_w_any(mote_w_and(mask, mote_w_le(dist, limit)))) {
        return; /* every centre apart */
    }
    const mote_wf dx = mote_w_sub(oj, oi);
    const mote_wf s = mote_w_add(oi, oj);
    const mote_wf m = mote_w_sub(
        s, mote_w_mul(mote_w_set1(8.0f), mote_w_round(mote_w_mul(s, mote_w_set1(0.125f)))));
    const mote_wf dy = mote_w_mul(mote_w_mul(dx, m), mote_w_set1(0.5f));
    const mote_wf length = mote_w_sqrt(mote_w_add(mote_w_mul(dx, dx), mote_w_mul(dy, dy)));
    const mote_wm apart = mote_w_gt(dist, limit);
    *nx = mote_w_select(apart, *nx, mote_w_div(dx, length));
    *ny = mote_w_select(apart, *ny, mote_w_div(dy, length));
}

/* Where a round's candidates come from (round t of lists), for the fields the pairs read only
 * now and then: the desired velocity where some lane touches, the ordinal where some centres
 * coincide. */
typedef struct lane_lists lane_lists;
typedef struct round_source {
    const mover_grid *g;
    const lane_lists *lists;
    size_t t;
} round_source;

/* A per-slot field of the round's candidates, lane by lane. */
static inline mote_wf round_field(const round_source *r, const float *field);

/* avoid_pair_of, lane by lane, for the lanes of valid, each candidate j (its position,
 * velocity and radius; the rest from source) from the lane's list, which holds no lane's own
 * body: returns the lanes that react (*out holds their contributions; nothing else of it is
 * meaningful). The contacts and the separation are computed only when some lane touches. */
static inline mote_wm avoid_pair_wide(const wide_body *i, const wide_body *j, mote_wm valid,
                                      const round_source *source, const mover_avoid_step *k,
                                      wide_pair *out) {
    const mote_wf zero = mote_w_set1(0.0f);
    *out = (wide_pair){zero, zero, zero, zero, zero, zero, zero, zero};
    const mote_wf xx = mote_w_sub(j->x, i->x), xy = mote_w_sub(j->y, i->y);
    const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
    mote_wm neighbour = mote_w_and(valid, mote_w_gt(j->radius, zero));
    neighbour = mote_w_and(neighbour, mote_w_lt(dist_sq, mote_w_set1(k->neighbor_distance_sq)));
    if (!mote_w_any(neighbour)) { /* no lane reacts: *out is read under an all-false mask */
        return neighbour;
    }
    const mote_wf sum = mote_w_add(i->radius, j->radius);
    const mote_wf wide = mote_w_mul(sum, mote_w_set1(MOVER_AVOID_MARGIN));
    const mote_wf wide_sq = mote_w_mul(wide, wide);
    const mote_wm touching = mote_w_and(neighbour, mote_w_lt(dist_sq, wide_sq));
    if (mote_w_any(touching)) {
        const mote_wf dist = mote_w_sqrt(dist_sq);
        const mote_wm coincident = mote_w_and(
            touching, mote_w_le(dist, mote_w_mul(sum, mote_w_set1(MOVER_AVOID_COINCIDENT))));
        const mote_wf j_ordinal =
            mote_w_any(coincident) ? round_field(source, source->g->ordinal) : zero;
        mote_wf nx, ny;
        wide_direction(xx, xy, dist, sum, i->ordinal, j_ordinal, touching, &nx, &ny);
        /* contact */
        const mote_wf ask = mote_w_add(mote_w_mul(i->vx, nx), mote_w_mul(i->vy, ny));
        const mote_wm into = mote_w_and(touching, mote_w_gt(ask, zero));
        out->contact_x = mote_w_select(into, nx, zero);
        out->contact_y = mote_w_select(into, ny, zero);
        const mote_wf away = mote_w_add(mote_w_mul(j->vx, nx), mote_w_mul(j->vy, ny));
        out->contact_speed = mote_w_select(mote_w_and(into, mote_w_gt(away, zero)), away, zero);
        out->contacts = mote_w_select(into, mote_w_set1(1.0f), zero);
        const mote_wf j_want_x = round_field(source, source->g->want_x);
        const mote_wf j_want_y = round_field(source, source->g->want_y);
        const mote_wf toward = mote_w_add(mote_w_mul(j_want_x, nx), mote_w_mul(j_want_y, ny));
        const mote_wf closing = mote_w_sub(ask, toward);
        const mote_wm passes = mote_w_and(into, mote_w_gt(closing, zero));
        const mote_wf pass = mote_w_mul(mote_w_set1(MOVER_AVOID_PASS), closing);
        out->predict_x = mote_w_select(passes, mote_w_mul(ny, pass), zero);
        out->predict_y = mote_w_select(passes, mote_w_sub(zero, mote_w_mul(nx, pass)), zero);
        /* separation */
        const mote_wm overlap = mote_w_lt(dist_sq, mote_w_mul(sum, sum));
        const mote_wf push =
            mote_w_mul(mote_w_sub(sum, dist), mote_w_set1(0.5f * MOVER_AVOID_SEPARATION_RATE));
        out->separate_x = mote_w_select(overlap, mote_w_sub(zero, mote_w_mul(nx, push)), zero);
        out->separate_y = mote_w_select(overlap, mote_w_sub(zero, mote_w_mul(ny, push)), zero);
    }
    /* prediction */
    const mote_wf wx = mote_w_sub(i->vx, j->vx), wy = mote_w_sub(i->vy, j->vy);
    const mote_wf qa = mote_w_add(mote_w_mul(wx, wx), mote_w_mul(wy, wy));
    const mote_wf qb = mote_w_add(mote_w_mul(xx, wx), mote_w_mul(xy, wy));
    const mote_wf qc = mote_w_sub(dist_sq, wide_sq);
    mote_wm predicts = mote_w_and(mote_w_gt(qb, zero), mote_w_gt(qa, zero));
    predicts = mote_w_and(mote_w_and(predicts, mote_w_gt(qc, zero)), neighbour);
    if (mote_w_any(predicts)) {
        const mote_wf t_close = mote_w_div(qb, qa);
        const mote_wf qx = mote_w_sub(xx, mote_w_mul(wx, t_close));
        const mote_wf qy = mote_w_sub(xy, mote_w_mul(wy, t_close));
        const mote_wf miss_sq = mote_w_add(mote_w_mul(qx, qx), mote_w_mul(qy, qy));
        predicts = mote_w_and(predicts, mote_w_lt(miss_sq, wide_sq));
        if (mote_w_any(predicts)) {
            const mote_wf tau = mote_w_div(
                qc,
                mote_w_add(qb, mote_w_sqrt(mote_w_sub(mote_w_mul(qb, qb), mote_w_mul(qa, qc)))));
            const mote_wf horizon = mote_w_set1(k->time_horizon);
            predicts = mote_w_and(predicts, mote_w_lt(tau, horizon));
            const mote_wf weight =
                mote_w_mul(mote_w_sub(horizon, tau), mote_w_set1(k->inv_time_horizon));
            const mote_wf bias =
                mote_w_div(mote_w_mul(mote_w_set1(MOVER_AVOID_BIAS), sum), mote_w_sqrt(qa));
            const mote_wf px = mote_w_sub(qx, mote_w_mul(wy, bias));
            const mote_wf py = mote_w_add(qy, mote_w_mul(wx, bias));
            const mote_wf p_len = mote_w_sqrt(mote_w_add(mote_w_mul(px, px), mote_w_mul(py, py)));
            predicts = mote_w_and(predicts, mote_w_gt(p_len, zero));
            const mote_wf min_act = mote_w_set1(MOVER_AVOID_MIN_ACT_TIME);
            const mote_wf act = mote_w_select(mote_w_gt(t_close, min_act), t_close, min_act);
            const mote_wf gain =
                mote_w_div(mote_w_mul(mote_w_div(mote_w_mul(mote_w_set1(0.5f),
                                                            mote_w_sub(wide, mote_w_sqrt(miss_sq))),
                                                 act),
                                      weight),
                           p_len);
            predicts = mote_w_and(predicts, mote_w_ge(dist_sq, wide_sq));
            out->predict_x =
                mote_w_select(predicts, mote_w_sub(zero, mote_w_mul(px, gain)), out->predict_x);
            out->predict_y =
                mote_w_select(predicts, mote_w_sub(zero, mote_w_mul(py, gain)), out->predict_y);
        }
    }
    return mote_w_or(touching, predicts); /* reacts */
}

/* avoid_project_pair, lane by lane, for the lanes of valid: returns the lanes that overlap
 * (*push_x, *push_y hold their pushes). */
static inline mote_wm project_pair_wide(const wide_body *i, const wide_body *j, mote_wm valid,
                                        mote_wf *push_x, mote_wf *push_y) {
    const mote_wf zero = mote_w_set1(0.0f);
    const mote_wf xx = mote_w_sub(j->x, i->x), xy = mote_w_sub(j->y, i->y);
    const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
    const mote_wf sum =
        mote_w_mul(mote_w_add(i->radius, j->radius), mote_w_set1(MOVER_PROJECT_TARGET));
    mote_wm overlap = mote_w_and(valid, mote_w_gt(j->radius, zero));
    overlap = mote_w_and(overlap, not_equal(j->ordinal, i->ordinal));
    overlap = mote_w_and(overlap, mote_w_lt(dist_sq, mote_w_mul(sum, sum)));
    if (!mote_w_any(overlap)) { /* no lane overlaps: the pushes are read under an all-false mask */
        *push_x = zero;
        *push_y = zero;
        return overlap;
    }
    const mote_wf dist = mote_w_sqrt(dist_sq);
    mote_wf nx, ny;
    wide_direction(xx, xy, dist, sum, i->ordinal, j->ordinal, overlap, &nx, &ny);
    const mote_wf push = mote_w_mul(mote_w_sub(sum, dist), mote_w_set1(0.5f));
    *push_x = mote_w_sub(zero, mote_w_mul(nx, push));
    *push_y = mote_w_sub(zero, mote_w_mul(ny, push));
    return overlap;
}

/* sum + add in the lanes of m, sum elsewhere. */
static inline mote_wf add_where(mote_wm m, mote_wf sum, mote_wf add) {
    return mote_w_select(m, mote_w_add(sum, add), sum);
}

/* A group of lanes: up to MOTE_W_LANES consecutive sorted slots in one row of cells. */
typedef struct avoid_group {
    size_t first, count; /* slots [first, first + count) */
    size_t row, column_first, column_last;
    mote_wm lanes;  /* the first count lanes */
    mote_wf column; /* each lane's column */
} avoid_group;

/* The group at slot s, ending at end at the latest. */
static inline avoid_group group_at(const mover_grid *g, size_t s, size_t end) {
    avoid_group q;
    q.first = s;
    q.row = g->cell_y[s];
    q.column_first = g->cell_x[s];
    size_t n = 1;
    while (n < MOTE_W_LANES && s + n < end && g->cell_y[s + n] == q.row) {
        ++n;
    }
    q.count = n;
    q.column_last = g->cell_x[s + n - 1];
    q.column = mote_w_load(g->column + s);
    q.lanes = mote_w_lt(mote_w_load(avoid_lane_index), mote_w_set1((float)n));
    return q;
}

/* The lanes of open whose 3 x 3 cells hold candidate slot a. */
static inline mote_wm own_cells(const mover_grid *g, const avoid_group *q, mote_wm open, size_t a) {
    const mote_wf apart = mote_w_abs(mote_w_sub(mote_w_set1(g->column[a]), q->column));
    return mote_w_and(open, mote_w_le(apart, mote_w_set1(1.0f)));
}

/* Candidates are screened in chunks of this many slots: the slots some lane may take are
 * listed without branches, then only those go through the pair formulas (a pile on one point
 * costs a chunk per group, not the pile). */
#define AVOID_CHUNK 64

/* The slots of [a, a_end) closer than limit_sq (per lane, squared) to a lane of the group
 * other than themselves (at positions x, y), into list; returns how many. Whether a slot lies
 * in a lane's own cells is left to the pair. */
static inline size_t near_candidates(const mover_grid *g, const avoid_group *q, const wide_body *i,
                                     mote_wf limit_sq, const float *x, const float *y, size_t a,
                                     size_t a_end, uint32_t *list) {
    size_t n = 0;
    for (; a < a_end; ++a) {
        const mote_wf xx = mote_w_sub(mote_w_set1(x[a]), i->x);
        const mote_wf xy = mote_w_sub(mote_w_set1(y[a]), i->y);
        const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
        mote_wm near = mote_w_and(q->lanes, not_equal(mote_w_set1(g->ordinal[a]), i->ordinal));
        near = mote_w_and(near, mote_w_lt(dist_sq, limit_sq));
        list[n] = (uint32_t)a;
        n += mote_w_any(near) ? 1 : 0;
    }
    return n;
}

/* Candidate slot a, broadcast, at positions (x, y). */
static inline wide_body broadcast_body(const mover_grid *g, const float *x, const float *y,
                                       size_t a) {
    wide_body b = {mote_w_set1(x[a]),         mote_w_set1(y[a]),         mote_w_set1(g->vx[a]),
                   mote_w_set1(g->vy[a]),     mote_w_set1(g->want_x[a]), mote_w_set1(g->want_y[a]),
                   mote_w_set1(g->radius[a]), mote_w_set1(g->ordinal[a])};
    return b;
}

/* The group's bodies at positions (x, y), moving at velocity (vx, vy). */
static inline wide_body load_group(const mover_grid *g, const avoid_group *q, const float *x,
                                   const float *y, const float *vx, const float *vy) {
    const size_t s = q->first;
    wide_body b = {mote_w_load(x + s),         mote_w_load(y + s),
                   mote_w_load(vx + s),        mote_w_load(vy + s),
                   mote_w_load(g->want_x + s), mote_w_load(g->want_y + s),
                   mote_w_load(g->radius + s), mote_w_load(g->ordinal + s)};
    return b;
}

static inline bool in_range(const mover_avoid_step *k, size_t element) {
    return element >= k->range_begin && element < k->range_end;
}

/* The candidates of one chunk, lane by lane: lane l takes slot[l][0 .. length[l]). */
struct lane_lists {
    uint32_t slot[MOTE_W_LANES][AVOID_CHUNK];
    size_t length[MOTE_W_LANES];
    size_t longest;
    float field[AVOID_CHUNK][5][MOTE_W_LANES]; /* per round, the candidates' x, y, vx, vy and
                                                * radius */
};

static inline mote_wf round_field(const round_source *r, const float *field) {
    float lanes[MOTE_W_LANES];
    for (size_t l = 0; l < MOTE_W_LANES; ++l) {
        lanes[l] = field[r->t < r->lists->length[l] ? r->lists->slot[l][r->t] : r->g->bodies];
    }
    return mote_w_load(lanes);
}

/* A place in a group's runs. */
typedef struct run_cursor {
    size_t begin[3], end[3];
    int runs, r;
    size_t a;
} run_cursor;

/* Lists, lane by lane, the candidates from the cursor on (at most AVOID_CHUNK slots) closer
 * than limit_sq to the lane, not the lane itself, in its 3 x 3 cells; moves the cursor past
 * them. */
static inline void list_per_lane(const mover_grid *g, const avoid_group *q, const wide_body *i,
                                 mote_wf limit_sq, run_cursor *c, lane_lists *out) {
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    for (size_t l = 0; l < MOTE_W_LANES; ++l) {
        out->length[l] = 0;
    }
    float flag[MOTE_W_LANES];
    for (size_t scanned = 0; c->r < c->runs && scanned < AVOID_CHUNK;) {
        if (c->a >= c->end[c->r]) {
            ++c->r;
            c->a = c->r < c->runs ? c->begin[c->r] : 0;
            continue;
        }
        const size_t a = c->a++;
        ++scanned;
        const mote_wf xx = mote_w_sub(mote_w_set1(g->x[a]), i->x);
        const mote_wf xy = mote_w_sub(mote_w_set1(g->y[a]), i->y);
        const mote_wf dist_sq = mote_w_add(mote_w_mul(xx, xx), mote_w_mul(xy, xy));
        mote_wm near = own_cells(g, q, q->lanes, a);
        near = mote_w_and(near, not_equal(mote_w_set1(g->ordinal[a]), i->ordinal));
        near = mote_w_and(near, mote_w_lt(dist_sq, limit_sq));
        mote_w_store(flag, mote_w_select(near, one, zero));
        for (size_t l = 0; l < MOTE_W_LANES; ++l) {
            uint32_t bits; /* 1.0f or 0.0f: its bit 29 */
            memcpy(&bits, &flag[l], sizeof bits);
            out->slot[l][out->length[l]] = (uint32_t)a;
            out->length[l] += bits >> 29;
        }
    }
    out->longest = 0;
    for (size_t l = 0; l < MOTE_W_LANES; ++l) {
        out->longest = out->length[l] > out->longest ? out->length[l] : out->longest;
    }
}

/* Copies the lists' candidates into rounds (round t: each lane's t-th candidate, the padding
 * slot past its list's end), all before any is read (a vector read right after the scalar
 * writes that fill it would wait for them). */
static inline void fill_rounds(const mover_grid *g, lane_lists *lists) {
    for (size_t t = 0; t < lists->longest; ++t) {
        for (size_t l = 0; l < MOTE_W_LANES; ++l) {
            const size_t a = t < lists->length[l] ? lists->slot[l][t] : g->bodies;
            lists->field[t][0][l] = g->x[a];
            lists->field[t][1][l] = g->y[a];
            lists->field[t][2][l] = g->vx[a];
            lists->field[t][3][l] = g->vy[a];
            lists->field[t][4][l] = g->radius[a];
        }
    }
}

/* Round t of the lists. */
static inline wide_body round_bodies(const lane_lists *lists, size_t t) {
    const float(*f)[MOTE_W_LANES] = lists->field[t];
    const mote_wf unread = mote_w_set1(0.0f); /* from round_field when needed */
    wide_body b = {mote_w_load(f[0]),
                   mote_w_load(f[1]),
                   mote_w_load(f[2]),
                   mote_w_load(f[3]),
                   unread,
                   unread,
                   mote_w_load(f[4]),
                   unread};
    return b;
}

/* avoid_finish before the walls, lane by lane: the avoid velocities (into vx, vy) from the
 * desired velocities (dx, dy) and the sums of the neighbours' contributions. */
static inline void finish_wide(mote_wf dx, mote_wf dy, const wide_pair *sum, float *out_x,
                               float *out_y) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wf vx = mote_w_add(dx, sum->predict_x), vy = mote_w_add(dy, sum->predict_y);
    const mote_wf desired_speed = mote_w_sqrt(mote_w_add(mote_w_mul(dx, dx), mote_w_mul(dy, dy)));
    const mote_wf speed = mote_w_sqrt(mote_w_add(mote_w_mul(vx, vx), mote_w_mul(vy, vy)));
    const mote_wf step_aside = mote_w_mul(
        mote_w_set1(0.5f), mote_w_sqrt(mote_w_add(mote_w_mul(sum->predict_x, sum->predict_x),
                                                  mote_w_mul(sum->predict_y, sum->predict_y))));
    const mote_wf limit =
        mote_w_select(mote_w_gt(desired_speed, step_aside), desired_speed, step_aside);
    const mote_wm over = mote_w_gt(speed, limit);
    const mote_wf scale = mote_w_div(limit, speed);
    vx = mote_w_select(over, mote_w_mul(vx, scale), vx);
    vy = mote_w_select(over, mote_w_mul(vy, scale), vy);
    const mote_wf contact = mote_w_sqrt(mote_w_add(mote_w_mul(sum->contact_x, sum->contact_x),
                                                   mote_w_mul(sum->contact_y, sum->contact_y)));
    const mote_wm touches = mote_w_gt(contact, zero);
    if (mote_w_any(touches)) {
        const mote_wf cx = mote_w_div(sum->contact_x, contact);
        const mote_wf cy = mote_w_div(sum->contact_y, contact);
        const mote_wf into = mote_w_sub(mote_w_add(mote_w_mul(vx, cx), mote_w_mul(vy, cy)),
                                        mote_w_div(sum->contact_speed, sum->contacts));
        const mote_wm back = mote_w_and(touches, mote_w_gt(into, zero));
        vx = mote_w_select(back, mote_w_sub(vx, mote_w_mul(cx, into)), vx);
        vy = mote_w_select(back, mote_w_sub(vy, mote_w_mul(cy, into)), vy);
    }
    mote_w_store(out_x, mote_w_add(vx, sum->separate_x));
    mote_w_store(out_y, mote_w_add(vy, sum->separate_y));
}

void MOTE_VARIANT_FN(mote_kernel_mover_avoid)(float *const *p, const void *constants, size_t begin,
                                              size_t end) {
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    const mote_wf max_found = mote_w_set1(k->max_neighbors);
    const mote_wf limit_sq = mote_w_set1(k->neighbor_distance_sq);
    lane_lists lists;
    for (size_t s = begin; s < end;) {
        const avoid_group q = group_at(g, s, end);
        s += q.count;
        /* moving as they ask to */
        const wide_body i = load_group(g, &q, g->x, g->y, g->want_x, g->want_y);
        wide_pair sum = {zero, zero, zero, zero, zero, zero, zero, zero};
        mote_wf found = zero;
        run_cursor cursor;
        cursor.runs =
            mover_grid_runs(g, q.row, q.column_first, q.column_last, cursor.begin, cursor.end);
        cursor.r = 0;
        cursor.a = cursor.begin[0];
        mote_wm open = q.lanes;
        while (cursor.r < cursor.runs && mote_w_any(open)) {
            list_per_lane(g, &q, &i, limit_sq, &cursor, &lists);
            fill_rounds(g, &lists);
            float length[MOTE_W_LANES];
            for (size_t l = 0; l < MOTE_W_LANES; ++l) {
                length[l] = (float)lists.length[l];
            }
            const mote_wf listed = mote_w_load(length);
            for (size_t t = 0; t < lists.longest && mote_w_any(open); ++t) {
                const wide_body j = round_bodies(&lists, t);
                const mote_wm valid = mote_w_and(open, mote_w_lt(mote_w_set1((float)t), listed));
                wide_pair c;
                const round_source source = {g, &lists, t};
                const mote_wm reacts = avoid_pair_wide(&i, &j, valid, &source, k, &c);
                if (!mote_w_any(reacts)) {
                    continue;
                }
                sum.predict_x = add_where(reacts, sum.predict_x, c.predict_x);
                sum.predict_y = add_where(reacts, sum.predict_y, c.predict_y);
                sum.separate_x = add_where(reacts, sum.separate_x, c.separate_x);
                sum.separate_y = add_where(reacts, sum.separate_y, c.separate_y);
                sum.contact_x = add_where(reacts, sum.contact_x, c.contact_x);
                sum.contact_y = add_where(reacts, sum.contact_y, c.contact_y);
                sum.contact_speed = add_where(reacts, sum.contact_speed, c.contact_speed);
                sum.contacts = add_where(reacts, sum.contacts, c.contacts);
                found = add_where(reacts, found, one);
                open = mote_w_and(q.lanes, mote_w_lt(found, max_found));
            }
        }
        float vx[MOTE_W_LANES], vy[MOTE_W_LANES];
        finish_wide(i.want_x, i.want_y, &sum, vx, vy);
        for (size_t l = 0; l < q.count; ++l) {
            const size_t b = q.first + l, e = g->element[b];
            if (!in_range(k, e)) {
                continue;
            }
            const avoid_body self = {g->x[b],      g->y[b],      g->want_x[b], g->want_y[b],
                                     g->want_x[b], g->want_y[b], g->radius[b], g->ordinal[b]};
            avoid_finish_walls(&self, k, &vx[l], &vy[l]);
            p[MOVER_AVOID_VELOCITY_X][e] = vx[l];
            p[MOVER_AVOID_VELOCITY_Y][e] = vy[l];
        }
    }
}

/* A group's projection sums: what its lanes add up, and how many overlaps each counted. */
typedef struct project_sums {
    mote_wf x, y, found;
    mote_wm open; /* the lanes still below max_neighbors */
} project_sums;

/* The listed candidate slots, in order, through the projection pairs of the group's lanes
 * (each in its own 3 x 3 cells) at positions (x, y), until no lane is open. */
static inline void project_listed(const mover_grid *g, const avoid_group *q, const wide_body *i,
                                  const float *x, const float *y, const uint32_t *list,
                                  size_t listed, mote_wf max_found, project_sums *sums) {
    for (size_t t = 0; t < listed && mote_w_any(sums->open); ++t) {
        const size_t a = list[t];
        const wide_body j = broadcast_body(g, x, y, a);
        mote_wf push_x, push_y;
        const mote_wm overlap =
            project_pair_wide(i, &j, own_cells(g, q, sums->open, a), &push_x, &push_y);
        if (!mote_w_any(overlap)) {
            continue;
        }
        sums->x = add_where(overlap, sums->x, push_x);
        sums->y = add_where(overlap, sums->y, push_y);
        sums->found = add_where(overlap, sums->found, mote_w_set1(1.0f));
        sums->open = mote_w_and(q->lanes, mote_w_lt(sums->found, max_found));
    }
}

/* The group's projection sums from its cells: each candidate within limit_sq of some lane
 * through the pairs; with k->near_mode MOVER_NEAR_KEEP, those within keep_sq kept for the
 * next passes (none kept when they are more than the group's share of the lists, or when the
 * lanes stop before the end of their cells: a later pass may need the rest). */
static inline void project_scan(const mover_grid *g, const avoid_group *q, const wide_body *i,
                                const mover_avoid_step *k, mote_wf limit_sq, mote_wf keep_sq,
                                mote_wf max_found, project_sums *sums) {
    const bool keep = k->near_mode == MOVER_NEAR_KEEP;
    const size_t capacity = q->count * MOVER_PROJECT_LIST;
    uint32_t *kept = g->near_list + q->first * MOVER_PROJECT_LIST;
    size_t kept_count = 0;
    bool complete = true;
    size_t run_begin[3], run_end[3];
    const int runs =
        mover_grid_runs(g, q->row, q->column_first, q->column_last, run_begin, run_end);
    for (int r = 0; r < runs; ++r) {
        for (size_t a0 = run_begin[r]; a0 < run_end[r]; a0 += AVOID_CHUNK) {
            if (!mote_w_any(sums->open)) {
                complete = false;
                break;
            }
            const size_t a1 = a0 + AVOID_CHUNK < run_end[r] ? a0 + AVOID_CHUNK : run_end[r];
            uint32_t list[AVOID_CHUNK];
            const size_t listed = near_candidates(g, q, i, keep ? keep_sq : limit_sq, k->from_x,
                                                  k->from_y, a0, a1, list);
            if (keep && kept_count + listed <= capacity) {
                memcpy(kept + kept_count, list, listed * sizeof list[0]);
            }
            kept_count += listed;
            project_listed(g, q, i, k->from_x, k->from_y, list, listed, max_found, sums);
        }
        if (!complete) {
            break;
        }
    }
    if (keep) {
        g->near_count[q->first] =
            complete && kept_count <= capacity ? (uint32_t)kept_count : MOVER_NEAR_SCAN;
        g->near_tag[q->first] = k->near_tag + (uint32_t)q->count;
    }
}

/* Raises *bits to the bits of moved (>= 0, or a NaN: larger than any number's bits). */
static inline void report_moved(_Atomic uint32_t *bits, float moved) {
    if (bits == NULL) {
        return;
    }
    uint32_t mine;
    memcpy(&mine, &moved, sizeof mine);
    mine = mine & 0x7fffffffu; /* a NaN's sign, or a zero's */
    uint32_t seen = atomic_load(bits);
    while (mine > seen && !atomic_compare_exchange_weak(bits, &seen, mine)) {
    }
}

void MOTE_VARIANT_FN(mote_kernel_mover_project)(float *const *p, const void *constants,
                                                size_t begin, size_t end) {
    (void)p;
    const mover_avoid_step *k = constants;
    const mover_grid *g = k->grid;
    const mote_wf zero = mote_w_set1(0.0f);
    const mote_wf max_found = mote_w_set1(k->max_neighbors);
    const mote_wf extra = mote_w_set1(k->near_reach_extra);
    float moved = 0.0f;
    for (size_t s = begin; s < end;) {
        const avoid_group q = group_at(g, s, end);
        s += q.count;
        const wide_body i = load_group(g, &q, k->from_x, k->from_y, g->vx, g->vy);
        project_sums sums = {zero, zero, zero, q.lanes};
        const uint32_t count = g->near_count[q.first];
        if (k->near_mode == MOVER_NEAR_READ && count != MOVER_NEAR_SCAN &&
            g->near_tag[q.first] == k->near_tag + (uint32_t)q.count) {
            project_listed(g, &q, &i, k->from_x, k->from_y,
                           g->near_list + q.first * MOVER_PROJECT_LIST, count, max_found, &sums);
        } else {
            /* the farthest any candidate may overlap a lane: its radius plus the largest, wide */
            const mote_wf reach = mote_w_mul(mote_w_add(i.radius, mote_w_set1(g->max_radius)),
                                             mote_w_set1(MOVER_PROJECT_TARGET));
            const mote_wf keep = mote_w_add(reach, extra);
            project_scan(g, &q, &i, k, mote_w_mul(reach, reach), mote_w_mul(keep, keep), max_found,
                         &sums);
        }
        float x[MOTE_W_LANES], y[MOTE_W_LANES];
        mote_w_store(x, mote_w_add(i.x, sums.x));
        mote_w_store(y, mote_w_add(i.y, sums.y));
        for (size_t l = 0; l < q.count; ++l) {
            const size_t b = q.first + l;
            if (in_range(k, g->element[b])) {
                avoid_project_finish(g->radius[b], k->before_x[b], k->before_y[b], k, &x[l], &y[l]);
            } else {
                x[l] = k->from_x[b];
                y[l] = k->from_y[b];
            }
            k->to_x[b] = x[l];
            k->to_y[b] = y[l];
            const float dx = fabsf(x[l] - k->from_x[b]), dy = fabsf(y[l] - k->from_y[b]);
            moved = !(dx <= moved) ? dx : moved; /* a NaN stays */
            moved = !(dy <= moved) ? dy : moved;
        }
    }
    report_moved(k->moved_bits, moved);
}
