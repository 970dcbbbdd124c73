/* Element-wise wide math (exp, expm1, sin, cos, wrap_angle, atan2) over arrays, one variant per
 * compile: what tests/test_wide_math.c measures against double-precision libm; and the 3D
 * math of wide_math3d.h over component arrays, which tests/test_math3d.c holds to the scalar
 * functions of mote/math3d.h. */
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

/* Element-wise wide math, for the tests that measure it. */
#define MATH_ARRAY(name, expr)                                                                     \
    void MOTE_VARIANT_FN(mote_math_##name)(const float *in, float *out, size_t n) {                \
        size_t i = 0;                                                                              \
        for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {                                         \
            mote_wf x = mote_w_load(in + i);                                                       \
            mote_w_store(out + i, expr);                                                           \
        }                                                                                          \
        if (i < n) {                                                                               \
            mote_wf x = mote_w_load_first(in + i, n - i);                                          \
            mote_w_store_first(out + i, n - i, expr);                                              \
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

MATH_ARRAY(log, mote_w_log(x))

/* The two-input functions: out[i] = fn(a[i], b[i]). */
#define MATH_ARRAY2(name, fn)                                                                      \
    void MOTE_VARIANT_FN(mote_math_##name)(const float *a, const float *b, float *out, size_t n) { \
        size_t i = 0;                                                                              \
        for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {                                         \
            mote_w_store(out + i, fn(mote_w_load(a + i), mote_w_load(b + i)));                     \
        }                                                                                          \
        if (i < n) {                                                                               \
            mote_wf y = fn(mote_w_load_first(a + i, n - i), mote_w_load_first(b + i, n - i));      \
            mote_w_store_first(out + i, n - i, y);                                                 \
        }                                                                                          \
    }

MATH_ARRAY2(atan2, mote_w_atan2) /* a is y, b is x */
MATH_ARRAY2(pow, mote_w_pow)

/* The 3D math, one element's operands x[0 .. inputs) to its result r[0 .. outputs), in the
 * component order of MOTE_MATH3D_FUNCTIONS (kernel_table.h). */
MOTE_W_INLINE void lanes_vec3_add(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_add(x, x + 3, r);
}
MOTE_W_INLINE void lanes_vec3_sub(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_sub(x, x + 3, r);
}
MOTE_W_INLINE void lanes_vec3_scale(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_scale(x, x[3], r);
}
MOTE_W_INLINE void lanes_vec3_dot(const mote_wf *x, mote_wf *r) {
    r[0] = mote_w_vec3_dot(x, x + 3);
}
MOTE_W_INLINE void lanes_vec3_cross(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_cross(x, x + 3, r);
}
MOTE_W_INLINE void lanes_vec3_length(const mote_wf *x, mote_wf *r) {
    r[0] = mote_w_vec3_length(x);
}
MOTE_W_INLINE void lanes_vec3_normalize(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_normalize(x, r);
}
MOTE_W_INLINE void lanes_vec3_lerp(const mote_wf *x, mote_wf *r) {
    mote_w_vec3_lerp(x, x + 3, x[6], r);
}
MOTE_W_INLINE void lanes_mat3_mul_vec3(const mote_wf *x, mote_wf *r) {
    mote_w_mat3_mul_vec3(x, x + 9, r);
}
MOTE_W_INLINE void lanes_quat_mul(const mote_wf *x, mote_wf *r) {
    mote_w_quat_mul(x, x + 4, r);
}
MOTE_W_INLINE void lanes_quat_conjugate(const mote_wf *x, mote_wf *r) {
    mote_w_quat_conjugate(x, r);
}
MOTE_W_INLINE void lanes_quat_dot(const mote_wf *x, mote_wf *r) {
    r[0] = mote_w_quat_dot(x, x + 4);
}
MOTE_W_INLINE void lanes_quat_normalize(const mote_wf *x, mote_wf *r) {
    mote_w_quat_normalize(x, r);
}
MOTE_W_INLINE void lanes_quat_axis_angle(const mote_wf *x, mote_wf *r) {
    mote_w_quat_axis_angle(x, x[3], r);
}
MOTE_W_INLINE void lanes_quat_to_mat3(const mote_wf *x, mote_wf *r) {
    mote_w_quat_to_mat3(x, r);
}
MOTE_W_INLINE void lanes_quat_rotate(const mote_wf *x, mote_wf *r) {
    mote_w_quat_rotate(x, x + 4, r);
}
MOTE_W_INLINE void lanes_quat_from_unit_vectors(const mote_wf *x, mote_wf *r) {
    mote_w_quat_from_unit_vectors(x, x + 3, r);
}
MOTE_W_INLINE void lanes_quat_from_rotation_vector(const mote_wf *x, mote_wf *r) {
    mote_w_quat_from_rotation_vector(x, r);
}
MOTE_W_INLINE void lanes_quat_to_rotation_vector(const mote_wf *x, mote_wf *r) {
    mote_w_quat_to_rotation_vector(x, r);
}
MOTE_W_INLINE void lanes_quat_nlerp(const mote_wf *x, mote_wf *r) {
    mote_w_quat_nlerp(x, x + 4, x[8], r);
}

/* Full vectors in place; the tail as one partial vector (mote_w_load_first, zero-padded), so no
 * access leaves [0, n). */
#define MATH3D_ARRAY(id, name, inputs, outputs)                                                    \
    void MOTE_VARIANT_FN(mote_math3d_##name)(const float *const *in, float *const *out,            \
                                             size_t n) {                                           \
        mote_wf x[inputs], r[outputs];                                                             \
        size_t i = 0;                                                                              \
        for (; i + MOTE_W_LANES <= n; i += MOTE_W_LANES) {                                         \
            for (int k = 0; k < (inputs); ++k) {                                                   \
                x[k] = mote_w_load(in[k] + i);                                                     \
            }                                                                                      \
            lanes_##name(x, r);                                                                    \
            for (int k = 0; k < (outputs); ++k) {                                                  \
                mote_w_store(out[k] + i, r[k]);                                                    \
            }                                                                                      \
        }                                                                                          \
        if (i < n) {                                                                               \
            for (int k = 0; k < (inputs); ++k) {                                                   \
                x[k] = mote_w_load_first(in[k] + i, n - i);                                        \
            }                                                                                      \
            lanes_##name(x, r);                                                                    \
            for (int k = 0; k < (outputs); ++k) {                                                  \
                mote_w_store_first(out[k] + i, n - i, r[k]);                                       \
            }                                                                                      \
        }                                                                                          \
    }

MOTE_MATH3D_FUNCTIONS(MATH3D_ARRAY)
