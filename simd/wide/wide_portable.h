/* Portable backend: one lane, plain C. Runs anywhere; the reference for what the other
 * backends' lanes must each compute. */
#ifndef MOTE_WIDE_PORTABLE_H
#define MOTE_WIDE_PORTABLE_H

#include <stdbool.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define MOTE_W_LANES 1
#define MOTE_W_NAME  "portable"

typedef float mote_wf;
typedef int mote_wm; /* 0 or 1 */

static inline mote_wf mote_w_set1(float a) {
    return a;
}
static inline mote_wf mote_w_load(const float *p) {
    return *p;
}
static inline void mote_w_store(float *p, mote_wf a) {
    *p = a;
}
static inline mote_wf mote_w_add(mote_wf a, mote_wf b) {
    return a + b;
}
static inline mote_wf mote_w_sub(mote_wf a, mote_wf b) {
    return a - b;
}
static inline mote_wf mote_w_mul(mote_wf a, mote_wf b) {
    return a * b;
}
/* a * b + c with one rounding (C99 fmaf: correctly rounded everywhere). */
static inline mote_wf mote_w_fma(mote_wf a, mote_wf b, mote_wf c) {
    return fmaf(a, b, c);
}
static inline mote_wf mote_w_div(mote_wf a, mote_wf b) {
    return a / b;
}
static inline mote_wf mote_w_sqrt(mote_wf a) {
    return sqrtf(a);
}
static inline mote_wf mote_w_abs(mote_wf a) {
    uint32_t bits;
    memcpy(&bits, &a, sizeof bits);
    bits &= 0x7fffffffu;
    memcpy(&a, &bits, sizeof bits);
    return a;
}
/* Round to the nearest integer, ties to even (the default rounding mode). */
static inline mote_wf mote_w_round(mote_wf a) {
    return rintf(a);
}
static inline mote_wf mote_w_max(mote_wf bound, mote_wf a) {
    return bound > a ? bound : a;
}
static inline mote_wf mote_w_min(mote_wf bound, mote_wf a) {
    return bound < a ? bound : a;
}
static inline mote_wm mote_w_lt(mote_wf a, mote_wf b) {
    return a < b;
}
static inline mote_wm mote_w_le(mote_wf a, mote_wf b) {
    return a <= b;
}
static inline mote_wm mote_w_gt(mote_wf a, mote_wf b) {
    return a > b;
}
static inline mote_wm mote_w_ge(mote_wf a, mote_wf b) {
    return a >= b;
}
static inline mote_wm mote_w_eq(mote_wf a, mote_wf b) {
    return a == b;
}
static inline mote_wm mote_w_and(mote_wm a, mote_wm b) {
    return a & b;
}
static inline mote_wm mote_w_or(mote_wm a, mote_wm b) {
    return a | b;
}
/* Whether any lane of m is set: for skipping work no lane needs (the bits stay those of
 * computing it and selecting). */
static inline bool mote_w_any(mote_wm m) {
    return m != 0;
}
/* Whether every lane of m is set. */
static inline bool mote_w_all(mote_wm m) {
    return m != 0;
}
/* where m: t, else f. */
static inline mote_wf mote_w_select(mote_wm m, mote_wf t, mote_wf f) {
    return m ? t : f;
}
/* 2^n from t = n + 127 + 1.5 * 2^23 (n integer in [-127, 127]): t's low mantissa bits hold the
 * biased exponent n + 127, and shifting them left by 23 drops the rest. 0 for n = -127. */
static inline mote_wf mote_w_pow2_from_biased(mote_wf t) {
    uint32_t bits;
    memcpy(&bits, &t, sizeof bits);
    bits <<= 23;
    memcpy(&t, &bits, sizeof bits);
    return t;
}

/* The biased exponent field of x (bits 23..30, 0..255) as a float, exact: the field ORed into
 * 2^23's bits is 2^23 + field, and 2^23 is subtracted. */
static inline mote_wf mote_w_exponent_field(mote_wf x) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits = ((bits >> 23) & 0xffu) | 0x4b000000u;
    memcpy(&x, &bits, sizeof bits);
    return x - 8388608.0f;
}
/* x with its exponent field set to 127, sign and mantissa kept: a positive normal x becomes
 * x / 2^(field - 127), in [1, 2), exactly. */
static inline mote_wf mote_w_mantissa_of(mote_wf x) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits = (bits & 0x807fffffu) | 0x3f800000u;
    memcpy(&x, &bits, sizeof bits);
    return x;
}

#endif
