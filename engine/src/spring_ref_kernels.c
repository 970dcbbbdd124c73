/* The scalar reference backend: each pool kind's step as a loop over the reference
 * primitives of spring_ref.c (damping form for the half-life kinds), and libm behind the
 * math table. */
#include <math.h>

#include "kernel_table.h"
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
    .math = {libm_exp, libm_expm1, libm_sin, libm_cos, ref_wrap_angle, libm_atan2},
    .mover = mote_mover_kernel_reference,
    .debris = mote_debris_kernel_scalar,
};
