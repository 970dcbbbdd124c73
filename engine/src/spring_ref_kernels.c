/* The scalar reference backend: each pool kind's step as a loop over the reference
 * primitives of spring_ref.c (damping form for the half-life kinds), and libm and
 * mote/math3d.h behind the math table. */
#include <math.h>

#include "kernel_table.h"
#include "mote/math3d.h"
#include "mote/spring.h"
#include "spring_ref.h"

/* The scalar debris backend (debris_ref_kernels.c). */
void mote_debris_kernel_scalar(const mote_debris_view *v, const mote_debris_frame *frame,
                               size_t begin, size_t end);

static void ref_damper(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        f->x[i] = mote_ref_damper(f->x[i], f->goal[i], f->damping[i], dt);
    }
}

static void ref_critical(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_ref_spring(&f->x[i], &f->v[i], f->goal[i], f->damping[i], dt);
    }
}

static void ref_angle(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_ref_spring_angle(&f->x[i], &f->v[i], f->goal[i], f->damping[i], dt);
    }
}

static void ref_double_angle(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_ref_double_spring_angle(&f->x[i], &f->v[i], &f->xi[i], &f->vi[i], f->goal[i],
                                     f->damping[i], dt);
    }
}

static void ref_decay(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_ref_decay(&f->x[i], &f->v[i], f->damping[i], dt);
    }
}

static void ref_semi_implicit(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_spring_semi_implicit(&f->x[i], &f->v[i], f->goal[i], f->stiffness[i], f->damping[i],
                                  dt);
    }
}

static void ref_exp_response(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        f->x[i] = mote_exp_response(f->x[i], f->goal[i], f->rate[i], dt);
    }
}

static void ref_damped(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_spring_damper(&f->x[i], &f->v[i], f->goal[i], f->stiffness[i], f->damping[i], dt);
    }
}

static void ref_double(const mote_spring_view *f, size_t begin, size_t end, float dt) {
    for (size_t i = begin; i < end; ++i) {
        mote_ref_double_spring(&f->x[i], &f->v[i], &f->xi[i], &f->vi[i], f->goal[i], f->damping[i],
                               dt);
    }
}

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

const mote_kernel_table mote_kernel_table_scalar = {
    .name = "scalar",
    .backend = MOTE_BACKEND_SCALAR,
    .emulated = false,
    .requires = MOTE_BACKEND_SCALAR,
    .lanes = 1,
    .spring =
        {
            [MOTE_SPRING_DAMPER] = ref_damper,
            [MOTE_SPRING_CRITICAL] = ref_critical,
            [MOTE_SPRING_ANGLE] = ref_angle,
            [MOTE_SPRING_DOUBLE_ANGLE] = ref_double_angle,
            [MOTE_SPRING_DECAY] = ref_decay,
            [MOTE_SPRING_SEMI_IMPLICIT] = ref_semi_implicit,
            [MOTE_SPRING_EXP_RESPONSE] = ref_exp_response,
            [MOTE_SPRING_DAMPED] = ref_damped,
            [MOTE_SPRING_DOUBLE] = ref_double,
        },
    .math =
        {
            .exp = libm_exp,
            .expm1 = libm_expm1,
            .sin = libm_sin,
            .cos = libm_cos,
            .wrap_angle = ref_wrap_angle,
            .atan2 = libm_atan2,
            .math3d =
                {
#define MATH3D_ENTRY(id, name, inputs, outputs) [MOTE_MATH3D_##id] = ref_##name,
                    MOTE_MATH3D_FUNCTIONS(MATH3D_ENTRY)
#undef MATH3D_ENTRY
                },
        },
    .mover = mote_mover_kernel_reference,
    .debris = mote_debris_kernel_scalar,
};
