/* The scalar reference backend's kernel table: every kind's reference kernel, and libm and
 * mote/math3d.h behind the math table. */
#include <math.h>

#include "input_check.h"
#include "kernel_table.h"
#include "mote/math3d.h"
#include "mote/spring.h"
#include "scalar_kernels.h"

#define LIBM_ARRAY(name, fn)                                                                       \
    static void name(const float *in, float *out, size_t n) {                                      \
        for (size_t i = 0; i < n; ++i) {                                                           \
            out[i] = fn(in[i]);                                                                    \
        }                                                                                          \
    }

LIBM_ARRAY(libm_exp, expf)
LIBM_ARRAY(libm_expm1, expm1f)
LIBM_ARRAY(libm_sin, sinf)
LIBM_ARRAY(libm_cos, cosf)
LIBM_ARRAY(ref_wrap_angle, mote_wrap_angle)

LIBM_ARRAY(libm_log, logf)

static void libm_pow(const float *a, const float *b, float *out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        out[i] = powf(a[i], b[i]);
    }
}

static void libm_atan2(const float *a, const float *b, float *out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        out[i] = atan2f(a[i], b[i]);
    }
}

/* The 3D math: one element's operands x[0 .. inputs) to its result r[0 .. outputs), in the
 * component order of MOTE_MATH3D_FUNCTIONS (kernel_table.h), through mote/math3d.h. */
static mote_vec3 vec3_at(const float *x) {
    mote_vec3 v = {x[0], x[1], x[2]};
    return v;
}
static mote_quat quat_at(const float *x) {
    mote_quat q = {x[0], x[1], x[2], x[3]};
    return q;
}
static void put_vec3(float *r, mote_vec3 v) {
    r[0] = v.x;
    r[1] = v.y;
    r[2] = v.z;
}
static void put_quat(float *r, mote_quat q) {
    r[0] = q.x;
    r[1] = q.y;
    r[2] = q.z;
    r[3] = q.w;
}

static void one_vec3_add(const float *x, float *r) {
    put_vec3(r, mote_vec3_add(vec3_at(x), vec3_at(x + 3)));
}
static void one_vec3_sub(const float *x, float *r) {
    put_vec3(r, mote_vec3_sub(vec3_at(x), vec3_at(x + 3)));
}
static void one_vec3_scale(const float *x, float *r) {
    put_vec3(r, mote_vec3_scale(vec3_at(x), x[3]));
}
static void one_vec3_dot(const float *x, float *r) {
    r[0] = mote_vec3_dot(vec3_at(x), vec3_at(x + 3));
}
static void one_vec3_cross(const float *x, float *r) {
    put_vec3(r, mote_vec3_cross(vec3_at(x), vec3_at(x + 3)));
}
static void one_vec3_length(const float *x, float *r) {
    r[0] = mote_vec3_length(vec3_at(x));
}
static void one_vec3_normalize(const float *x, float *r) {
    put_vec3(r, mote_vec3_normalize(vec3_at(x)));
}
static void one_vec3_lerp(const float *x, float *r) {
    put_vec3(r, mote_vec3_lerp(vec3_at(x), vec3_at(x + 3), x[6]));
}
static void one_mat3_mul_vec3(const float *x, float *r) {
    put_vec3(r, mote_mat3_mul_vec3(x, vec3_at(x + 9)));
}
static void one_quat_mul(const float *x, float *r) {
    put_quat(r, mote_quat_mul(quat_at(x), quat_at(x + 4)));
}
static void one_quat_conjugate(const float *x, float *r) {
    put_quat(r, mote_quat_conjugate(quat_at(x)));
}
static void one_quat_dot(const float *x, float *r) {
    r[0] = mote_quat_dot(quat_at(x), quat_at(x + 4));
}
static void one_quat_normalize(const float *x, float *r) {
    put_quat(r, mote_quat_normalize(quat_at(x)));
}
static void one_quat_axis_angle(const float *x, float *r) {
    put_quat(r, mote_quat_axis_angle(vec3_at(x), x[3]));
}
static void one_quat_to_mat3(const float *x, float *r) {
    mote_quat_to_mat3(quat_at(x), r);
}
static void one_quat_rotate(const float *x, float *r) {
    put_vec3(r, mote_quat_rotate(quat_at(x), vec3_at(x + 4)));
}
static void one_quat_from_unit_vectors(const float *x, float *r) {
    put_quat(r, mote_quat_from_unit_vectors(vec3_at(x), vec3_at(x + 3)));
}
static void one_quat_from_rotation_vector(const float *x, float *r) {
    put_quat(r, mote_quat_from_rotation_vector(vec3_at(x)));
}
static void one_quat_to_rotation_vector(const float *x, float *r) {
    put_vec3(r, mote_quat_to_rotation_vector(quat_at(x)));
}
static void one_quat_nlerp(const float *x, float *r) {
    put_quat(r, mote_quat_nlerp(quat_at(x), quat_at(x + 4), x[8]));
}

#define MATH3D_ARRAY(id, name, inputs, outputs)                                                    \
    static void ref_##name(const float *const *in, float *const *out, size_t n) {                  \
        float x[inputs], r[outputs];                                                               \
        for (size_t i = 0; i < n; ++i) {                                                           \
            for (int k = 0; k < (inputs); ++k) {                                                   \
                x[k] = in[k][i];                                                                   \
            }                                                                                      \
            one_##name(x, r);                                                                      \
            for (int k = 0; k < (outputs); ++k) {                                                  \
                out[k][i] = r[k];                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
MOTE_MATH3D_FUNCTIONS(MATH3D_ARRAY)
#undef MATH3D_ARRAY

#define SCALAR_ENTRY(name) [MOTE_KERNEL_##name] = mote_kernel_##name##_scalar,
const mote_kernel_table mote_kernel_table_scalar = {
    .name = "scalar",
    .backend = MOTE_BACKEND_SCALAR,
    .emulated = false,
    .requires = MOTE_BACKEND_SCALAR,
    .lanes = 1,
    .kernel = {MOTE_KERNELS(SCALAR_ENTRY)},
    .math =
        {
            .exp = libm_exp,
            .expm1 = libm_expm1,
            .sin = libm_sin,
            .cos = libm_cos,
            .wrap_angle = ref_wrap_angle,
            .atan2 = libm_atan2,
            .log = libm_log,
            .pow = libm_pow,
            .math3d =
                {
#define MATH3D_ENTRY(id, name, inputs, outputs) [MOTE_MATH3D_##id] = ref_##name,
                    MOTE_MATH3D_FUNCTIONS(MATH3D_ENTRY)
#undef MATH3D_ENTRY
                },
        },
    .inputs_outside = mote_inputs_outside_scalar,
};
