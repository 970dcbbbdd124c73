/* Element-wise wide math (exp, expm1, sin, cos, wrap_angle, atan2) over arrays, one variant per
 * compile: what tests/test_wide_math.c measures against double-precision libm. */
#include <string.h>

#include "variant_kernels.h"
#include "wide/wide_math.h"

/* Element-wise wide math, for the tests that measure it. */
#define MATH_ARRAY(name, expr)                                                                     \
    void MOTE_VARIANT_FN(mote_math_##name)(const float *in, float *out, size_t n) {                \
        size_t i = 0;                                                                              \
        for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {                                         \
            mote_wf x = mote_w_load(in + i);                                                       \
            mote_w_store(out + i, expr);                                                           \
        }                                                                                          \
        if (i < n) {                                                                               \
            float buffer[MOTE_W_LANES] = {0};                                                      \
            memcpy(buffer, in + i, (n - i) * sizeof(float));                                       \
            mote_wf x = mote_w_load(buffer);                                                       \
            mote_w_store(buffer, expr);                                                            \
            memcpy(out + i, buffer, (n - i) * sizeof(float));                                      \
        }                                                                                          \
    }

static inline mote_wf sin_of(mote_wf x) {
    mote_wf s, c;
    mote_w_sincos(x, &s, &c);
    return s;
}

static inline mote_wf cos_of(mote_wf x) {
    mote_wf s, c;
    mote_w_sincos(x, &s, &c);
    return c;
}

MATH_ARRAY(exp, mote_w_exp(x))
MATH_ARRAY(expm1, mote_w_expm1(x))
MATH_ARRAY(sin, sin_of(x))
MATH_ARRAY(cos, cos_of(x))
MATH_ARRAY(wrap_angle, mote_w_wrap_angle(x))

/* atan2 takes two inputs: a is y, b is x. */
void MOTE_VARIANT_FN(mote_math_atan2)(const float *a, const float *b, float *out, size_t n) {
    size_t i = 0;
    for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {
        mote_w_store(out + i, mote_w_atan2(mote_w_load(a + i), mote_w_load(b + i)));
    }
    if (i < n) {
        float ya[MOTE_W_LANES] = {0}, xa[MOTE_W_LANES] = {0};
        memcpy(ya, a + i, (n - i) * sizeof(float));
        memcpy(xa, b + i, (n - i) * sizeof(float));
        mote_w_store(ya, mote_w_atan2(mote_w_load(ya), mote_w_load(xa)));
        memcpy(out + i, ya, (n - i) * sizeof(float));
    }
}
