/* Internal: the avoidance model's formulas, one body or one pair at a time, in float, with
 * add, sub, mul, div and sqrt only (each correctly rounded) and rintf (round half to even):
 * the reference kernels (mover_avoid_ref.c) call the pair formulas per candidate, the wide
 * kernels (mover_avoid_wide.h) compute the same operations lane by lane, and both call the
 * per-body formulas (the sums, the speed limit, the walls) below as they are. */
#ifndef MOTE_AVOID_FORMULAS_H
#define MOTE_AVOID_FORMULAS_H

#include <math.h>
#include <stdbool.h>

#include "mover_avoid.h"

/* The unit direction from body i to body j when their centres coincide: from their
 * ordinals (element indices, oi != oj), opposite for the two of a pair, and varying from
 * pair to pair so a pile spreads in two dimensions. */
static inline void avoid_coincident_direction(float oi, float oj, float *nx, float *ny) {
    const float dx = oj - oi;
    const float s = oi + oj;
    const float m = s - 8.0f * rintf(s * 0.125f); /* in [-4, 4] */
    const float dy = dx * m * 0.5f;
    const float length = sqrtf(dx * dx + dy * dy);
    *nx = dx / length;
    *ny = dy / length;
}

/* The unit direction from i to j at offset (xx, xy), distance dist, radii sum sum. */
static inline void avoid_direction(float xx, float xy, float dist, float sum, float oi, float oj,
                                   float *nx, float *ny) {
    if (dist > sum * MOVER_AVOID_COINCIDENT) {
        *nx = xx / dist;
        *ny = xy / dist;
    } else {
        avoid_coincident_direction(oi, oj, nx, ny);
    }
}

/* One body as the kernels read it: its velocity (v) and the velocity it asks for (want). */
typedef struct avoid_body {
    float x, y, vx, vy, want_x, want_y, radius, ordinal;
} avoid_body;

/* What neighbour j adds to body i's avoidance. */
typedef struct avoid_pair {
    bool reacts; /* a neighbour within neighbor_distance that i reacts to (a contact or a
                  * predicted collision): counts toward max_neighbors */
    float predict_x, predict_y;   /* units/s: steering past a predicted collision */
    float separate_x, separate_y; /* units/s: out of an overlap */
    float contact_x, contact_y;   /* the unit direction n to j where the discs (widened by
                                   * MOVER_AVOID_MARGIN) touch and i asks to walk into j,
                                   * else 0 */
    float contact_speed;          /* units/s: j's speed away from i along n, at least 0,
                                   * for a contact, else 0 */
    float contacts;               /* 1 for a contact, else 0 */
} avoid_pair;

/* Body j as body i sees it: a neighbour within neighbor_distance, which i reacts to (and
 * counts toward max_neighbors) where it is a contact or a predicted collision. Where the
 * discs widened by MOVER_AVOID_MARGIN touch and i asks to walk into j, j is a contact in its
 * direction (those behind i are not: they do not hold it back), and where i asks to walk into j
 * faster than j asks to walk on (their desired velocities along n), i steps to the right of n
 * at MOVER_AVOID_PASS times the difference (a head-on j does the same: the pair passes and a
 * crowd forms lanes; a j that stands is walked around; a j that walks on is followed). If the discs
 * overlap, i moves away from j at MOVER_AVOID_SEPARATION_RATE times half the overlap. If they do
 * not touch, and on i's desired velocity and j's current one would pass closer than
 * MOVER_AVOID_MARGIN times the radii sum within time_horizon, i takes half of the change of
 * velocity that would make the miss that wide by the closest approach (at least
 * MOVER_AVOID_MIN_ACT_TIME away), pointed away from j's place at the closest approach offset to the
 * right of the relative velocity by MOVER_AVOID_BIAS radii sums (so a head-on pair passes on the
 * right), weighted from 1 for a collision now down to 0 at the horizon. */
static inline avoid_pair avoid_pair_of(const avoid_body *i, const avoid_body *j,
                                       const mover_avoid_step *k) {
    avoid_pair out = {false, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    const float xx = j->x - i->x, xy = j->y - i->y;
    const float dist_sq = xx * xx + xy * xy;
    if (!(j->radius > 0.0f && j->ordinal != i->ordinal && dist_sq < k->neighbor_distance_sq)) {
        return out;
    }
    const float sum = i->radius + j->radius;
    const float wide = sum * MOVER_AVOID_MARGIN;
    const float dist = sqrtf(dist_sq);
    float nx, ny;
    avoid_direction(xx, xy, dist, sum, i->ordinal, j->ordinal, &nx, &ny);
    const float ask = i->vx * nx + i->vy * ny; /* i's desired speed into j */
    if (dist_sq < wide * wide) {               /* touching */
        out.reacts = true;
        if (ask > 0.0f) { /* and walking into j: a contact */
            out.contact_x = nx;
            out.contact_y = ny;
            const float away = j->vx * nx + j->vy * ny;
            out.contact_speed = away > 0.0f ? away : 0.0f;
            out.contacts = 1.0f;
            /* faster into j than j asks to walk on: i steps to its right of n (a head-on
             * j does the same: they pass; one that stands is walked around) */
            const float closing = ask - (j->want_x * nx + j->want_y * ny);
            if (closing > 0.0f) {
                const float pass = MOVER_AVOID_PASS * closing;
                out.predict_x = ny * pass;
                out.predict_y = 0.0f - nx * pass;
            }
        }
    }
    if (dist_sq < sum * sum) { /* overlapping: separate */
        const float push = (sum - dist) * (0.5f * MOVER_AVOID_SEPARATION_RATE);
        out.separate_x = 0.0f - nx * push;
        out.separate_y = 0.0f - ny * push;
        return out;
    }
    /* i's velocity relative to j: i's as it asks to move, j's as it moves */
    const float wx = i->vx - j->vx, wy = i->vy - j->vy;
    const float a = wx * wx + wy * wy;
    const float b = xx * wx + xy * wy; /* > 0: closing */
    const float c = dist_sq - wide * wide;
    if (!(b > 0.0f && a > 0.0f && c > 0.0f)) {
        return out;
    }
    const float t_close = b / a;
    const float qx = xx - wx * t_close, qy = xy - wy * t_close; /* j at the closest approach */
    const float miss_sq = qx * qx + qy * qy;
    if (!(miss_sq < wide * wide)) {
        return out;
    }
    const float tau = c / (b + sqrtf(b * b - a * c)); /* until within the wide sum */
    if (!(tau < k->time_horizon)) {
        return out;
    }
    const float weight = (k->time_horizon - tau) * k->inv_time_horizon;
    const float bias = MOVER_AVOID_BIAS * sum / sqrtf(a);
    const float px = qx - wy * bias, py = qy + wx * bias;
    const float p_len = sqrtf(px * px + py * py);
    if (!(p_len > 0.0f)) {
        return out;
    }
    const float act = t_close > MOVER_AVOID_MIN_ACT_TIME ? t_close : MOVER_AVOID_MIN_ACT_TIME;
    const float gain = 0.5f * (wide - sqrtf(miss_sq)) / act * weight / p_len;
    out.reacts = true;
    out.predict_x = 0.0f - px * gain;
    out.predict_y = 0.0f - py * gain;
    return out;
}

/* Body j as body i sees it in a projection pass: discs closer than MOVER_PROJECT_TARGET
 * times their radii sum (a neighbour, counting toward max_neighbors) each move half of what
 * is missing apart. */
static inline bool avoid_project_pair(const avoid_body *i, const avoid_body *j, float *push_x,
                                      float *push_y) {
    const float xx = j->x - i->x, xy = j->y - i->y;
    const float dist_sq = xx * xx + xy * xy;
    const float sum = (i->radius + j->radius) * MOVER_PROJECT_TARGET;
    if (!(j->radius > 0.0f && j->ordinal != i->ordinal && dist_sq < sum * sum)) {
        return false;
    }
    const float dist = sqrtf(dist_sq);
    float nx, ny;
    avoid_direction(xx, xy, dist, sum, i->ordinal, j->ordinal, &nx, &ny);
    const float push = (sum - dist) * 0.5f;
    *push_x = 0.0f - nx * push;
    *push_y = 0.0f - ny * push;
    return true;
}

/* The closest point of wall w to (x, y). */
static inline void avoid_closest_on_wall(const mote_segment *w, float x, float y, float *cx,
                                         float *cy) {
    const float abx = w->b.x - w->a.x, aby = w->b.y - w->a.y;
    float t = ((x - w->a.x) * abx + (y - w->a.y) * aby) / (abx * abx + aby * aby);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    *cx = w->a.x + abx * t;
    *cy = w->a.y + aby * t;
}

/* The walls' part of a body's avoid velocity (vx, vy) (avoid_finish): each wall it approaches
 * with its disc within obstacle_time_horizon takes away that share of the approach (all of it
 * once the disc touches). */
static inline void avoid_finish_walls(const avoid_body *body, const mover_avoid_step *k,
                                      float *out_x, float *out_y) {
    float vx = *out_x, vy = *out_y;
    for (size_t w = 0; w < k->wall_count; ++w) {
        float cx, cy;
        avoid_closest_on_wall(&k->walls[w], body->x, body->y, &cx, &cy);
        const float nx0 = body->x - cx, ny0 = body->y - cy;
        const float dist = sqrtf(nx0 * nx0 + ny0 * ny0);
        if (!(dist > 0.0f)) {
            continue; /* on the wall's line: the projection moves it off */
        }
        const float nx = nx0 / dist, ny = ny0 / dist;
        const float approach = -(vx * nx + vy * ny); /* > 0: toward the wall */
        if (!(approach > 0.0f)) {
            continue;
        }
        const float gap = dist - body->radius;
        float share = 1.0f;
        if (gap > 0.0f) {
            const float tau = gap / approach;
            share = tau < k->obstacle_time_horizon
                        ? (k->obstacle_time_horizon - tau) / k->obstacle_time_horizon
                        : 0.0f;
        }
        vx = vx + nx * (approach * share);
        vy = vy + ny * (approach * share);
    }
    *out_x = vx;
    *out_y = vy;
}

/* A body's avoid velocity from its desired velocity d and the sums of its neighbours'
 * contributions: the desired velocity plus the steering, no faster than the desired speed or
 * half the steering's, whichever is more (a body asked to stand, or to creep toward a goal it
 * is at, still steps aside at half the steering instead of holding the way), its part along
 * the sum of its
 * contacts' directions no faster than their mean speed away from it (it does not push into
 * the bodies it touches, and follows those that walk on), plus the separation; then each
 * wall it approaches with its disc within obstacle_time_horizon takes away that share of the
 * approach (all of it once the disc touches), so the body slows toward the wall and slides
 * along it. */
static inline void avoid_finish(const avoid_body *body, float dx, float dy, float predict_x,
                                float predict_y, float separate_x, float separate_y,
                                float contact_x, float contact_y, float contact_speed,
                                float contacts, const mover_avoid_step *k, float *out_x,
                                float *out_y) {
    float vx = dx + predict_x, vy = dy + predict_y;
    const float desired_speed = sqrtf(dx * dx + dy * dy);
    const float speed = sqrtf(vx * vx + vy * vy);
    const float step_aside = 0.5f * sqrtf(predict_x * predict_x + predict_y * predict_y);
    const float limit = desired_speed > step_aside ? desired_speed : step_aside;
    if (speed > limit) {
        vx = vx * (limit / speed);
        vy = vy * (limit / speed);
    }
    const float contact = sqrtf(contact_x * contact_x + contact_y * contact_y);
    if (contact > 0.0f) {
        const float cx = contact_x / contact, cy = contact_y / contact;
        const float into = vx * cx + vy * cy - contact_speed / contacts;
        if (into > 0.0f) {
            vx = vx - cx * into;
            vy = vy - cy * into;
        }
    }
    vx = vx + separate_x;
    vy = vy + separate_y;
    avoid_finish_walls(body, k, &vx, &vy);
    *out_x = vx;
    *out_y = vy;
}

/* Moves a disc of radius r at (*x, *y) out of wall w, on the side of (before_x, before_y):
 * if the path from before crossed the wall, back across it to r from its line; else, if the
 * disc reaches the wall, out along the closest point's direction to r from it. */
static inline void avoid_wall_out(const mote_segment *w, float before_x, float before_y,
                                  float radius, float *x, float *y) {
    const float abx = w->b.x - w->a.x, aby = w->b.y - w->a.y;
    const float length = sqrtf(abx * abx + aby * aby);
    const float side_before = abx * (before_y - w->a.y) - aby * (before_x - w->a.x);
    const float sign = side_before >= 0.0f ? 1.0f : -1.0f;
    const float nx = -aby / length * sign, ny = abx / length * sign; /* toward before's side */
    const float side_now = abx * (*y - w->a.y) - aby * (*x - w->a.x);
    if (side_now * sign < 0.0f) { /* on the other side of the line: crossed within the wall? */
        const float u = side_before / (side_before - side_now);
        const float hx = before_x + (*x - before_x) * u, hy = before_y + (*y - before_y) * u;
        const float along = ((hx - w->a.x) * abx + (hy - w->a.y) * aby) / (length * length);
        if (along >= 0.0f && along <= 1.0f) {
            const float signed_dist = side_now * sign / length; /* < 0 */
            *x = *x + nx * (radius - signed_dist);
            *y = *y + ny * (radius - signed_dist);
            return;
        }
    }
    float cx, cy;
    avoid_closest_on_wall(w, *x, *y, &cx, &cy);
    const float ox = *x - cx, oy = *y - cy;
    const float dist = sqrtf(ox * ox + oy * oy);
    if (dist < radius) {
        if (dist > 0.0f) {
            *x = cx + ox / dist * radius;
            *y = cy + oy / dist * radius;
        } else {
            *x = cx + nx * radius;
            *y = cy + ny * radius;
        }
    }
}

/* A projection pass's end for one body (at its position plus the sum of its overlap pushes):
 * out of every wall, MOVER_WALL_PASSES times over (for corners), on the side of before. */
static inline void avoid_project_finish(float radius, float before_x, float before_y,
                                        const mover_avoid_step *k, float *x, float *y) {
    for (int pass = 0; pass < MOVER_WALL_PASSES; ++pass) {
        for (size_t w = 0; w < k->wall_count; ++w) {
            avoid_wall_out(&k->walls[w], before_x, before_y, radius, x, y);
        }
    }
}

#endif
