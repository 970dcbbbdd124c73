/* The fast pass of a step's input check (engine/core/input_check.h) on this variant's lanes:
 * mote_inputs_outside_scalar's answer, a vector of elements at a time. */
#include "lane_loop.h"
#include "variant_kernels.h"

/* Lanes where the element at p[c] + i lies within the limit: a value within [low, high] (one
 * component), else the squared length, summed in component order with each product rounded
 * (the scalar pass's float sum), within [low, high] (the squared bounds). A NaN or an infinity
 * is outside: the comparisons are false. */
MOTE_ALWAYS_INLINE mote_wm inside_at(const float *const *p, int components, size_t i, mote_wf low,
                                     mote_wf high) {
    const mote_wf x = mote_w_load(p[0] + i);
    mote_wf v = x;
    if (components > 1) {
        v = mote_w_mul(x, x);
        for (int c = 1; c < components; ++c) {
            const mote_wf y = mote_w_load(p[c] + i);
            v = mote_w_add(v, mote_w_mul(y, y));
        }
    }
    return mote_w_and(mote_w_ge(v, low), mote_w_le(v, high));
}

/* The pass for a constant component count: full vectors, then the last partial vector padded
 * with copies of its first element (judged anyway), so the padding adds no answer of its own. */
MOTE_ALWAYS_INLINE bool outside_of(const float *const *p, int components, size_t n, float low,
                                   float high) {
    const mote_wf lo = mote_w_set1(low);
    const mote_wf hi = mote_w_set1(high);
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wm inside = mote_w_ge(zero, zero);
    size_t i = 0;
    for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {
        inside = mote_w_and(inside, inside_at(p, components, i, lo, hi));
    }
    if (i < n) {
        float tail[4][MOTE_W_LANES];
        float *q[4] = {tail[0], tail[1], tail[2], tail[3]};
        for (int c = 0; c < components; ++c) {
            for (size_t lane = 0; lane < (size_t)MOTE_W_LANES; ++lane) {
                q[c][lane] = p[c][i + (i + lane < n ? lane : 0)];
            }
        }
        inside = mote_w_and(inside, inside_at((const float *const *)q, components, 0, lo, hi));
    }
    return !mote_w_all(inside);
}

bool MOTE_VARIANT_FN(mote_inputs_outside)(const float *const *p, int components, size_t n,
                                          float low, float high) {
    switch (components) {
    case 1:
        return outside_of(p, 1, n, low, high);
    case 2:
        return outside_of(p, 2, n, low, high);
    case 3:
        return outside_of(p, 3, n, low, high);
    default:
        return outside_of(p, 4, n, low, high);
    }
}
