/* The orientation kernels (control, spring, damper, inertialize), written once against the
 * wide-lane layer and compiled once per variant. Branch-free: the hemisphere choice and the
 * small-angle cases of the logarithmic and exponential maps, and the control's speed cap, are
 * selects (wide_math3d.h); the control's sub-step count comes from dt alone, the same for every
 * lane. Each body repeats its reference (engine/kinds/orientation/orientation_ref.c) operation for
 * operation, with libm's atan2f, sinf, cosf and expf replaced by mote_w_atan2, mote_w_sincos and
 * mote_w_exp.
 *
 * Error bounds against the scalar reference (numbers and measurements in
 * orientation_bounds.h, asserted by engine/kinds/orientation/test_orientation_kernels.c on every
 * variant): spring, damper: a few 1e-7 per quaternion component and of the angular velocity
 * relative to its size after one step. Every step starts again from the goal (q =
 * from_rotation_vector(offset) * goal), so nothing accumulates in the quaternion's length; a
 * difference in the offset shrinks by the step's decay factor while each step adds its own, so for
 * long half-lives the differences after 1,000 steps grow to some 1e-6 and stay there. control: the
 * error through mote_w_atan2 and the step's rotation through mote_w_sincos, some 1e-7 per step; the
 * motion is damped toward the target (the attractor on every variant), so after 1,000 steps q
 * differs by some 1e-7 and omega, which follows the error times the stiffness, by some 1e-5
 * relative. inertialize: the offset's decay is the spring's arithmetic toward the identity, the
 *     output one product and one sum after it: the spring's bounds.
 * All wide variants agree with each other bit for bit. */
#include <math.h>

#include "mote/spring.h"
#include "lane_loop.h"
#include "orientation_fields.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

typedef struct orientation_wide_constants {
    mote_wf dt, h;
    int substeps;
} orientation_wide_constants;

MOTE_ALWAYS_INLINE void load4(float *const *p, int first, size_t i, mote_wf r[4]) {
    for (int c = 0; c < 4; ++c) {
        r[c] = mote_w_load(p[first + c] + i);
    }
}

MOTE_ALWAYS_INLINE void load3(float *const *p, int first, size_t i, mote_wf r[3]) {
    for (int c = 0; c < 3; ++c) {
        r[c] = mote_w_load(p[first + c] + i);
    }
}

MOTE_ALWAYS_INLINE void store(float *const *p, int first, size_t i, const mote_wf *r, int n) {
    for (int c = 0; c < n; ++c) {
        mote_w_store(p[first + c] + i, r[c]);
    }
}

/* mote_halflife_to_damping of a stored (non-negative) half-life. */
MOTE_ALWAYS_INLINE mote_wf halflife_to_damping(mote_wf halflife) {
    return mote_w_div(mote_w_set1(4.0f * MOTE_LN2),
                      mote_w_add(halflife, mote_w_set1(MOTE_SPRING_EPS)));
}

/* mote_ref_orientation_control_substep on every lane. */
MOTE_ALWAYS_INLINE void control_substep(mote_wf q[4], mote_wf w[3], const mote_wf target[4],
                                        mote_wf stiffness, mote_wf damping, mote_wf cap,
                                        mote_wf h) {
    mote_wf conj[4], m[4], error[3], turn[3], step[4], moved[4];
    mote_w_quat_conjugate(q, conj);
    mote_w_quat_mul(target, conj, m);
    mote_w_quat_to_rotation_vector(m, error);
    for (int c = 0; c < 3; ++c) {
        mote_wf alpha = mote_w_sub(mote_w_mul(error[c], stiffness), mote_w_mul(w[c], damping));
        w[c] = mote_w_add(w[c], mote_w_mul(alpha, h));
    }
    mote_wf speed = mote_w_vec3_length(w);
    mote_wm capped = mote_w_gt(speed, cap);
    mote_wf scale = mote_w_div(cap, mote_w_select(capped, speed, mote_w_set1(1.0f)));
    for (int c = 0; c < 3; ++c) {
        w[c] = mote_w_select(capped, mote_w_mul(w[c], scale), w[c]);
        turn[c] = mote_w_mul(w[c], h);
    }
    mote_w_quat_from_rotation_vector(turn, step);
    mote_w_quat_mul(step, q, moved);
    mote_w_quat_normalize(moved, q);
}

/* One vector of control elements: the state the sub-steps carry and the gains they read. */
typedef struct control_lanes {
    mote_wf q[4], w[3], target[4], stiffness, damping, cap;
} control_lanes;

MOTE_ALWAYS_INLINE void control_load(float *const *p, size_t i, control_lanes *s) {
    load4(p, ORIENTATION_QX, i, s->q);
    load3(p, ORIENTATION_WX, i, s->w);
    load4(p, ORIENTATION_TX, i, s->target);
    s->stiffness = mote_w_load(p[ORIENTATION_STIFFNESS] + i);
    s->damping = mote_w_load(p[ORIENTATION_DAMPING] + i);
    mote_wf max_speed = mote_w_load(p[ORIENTATION_MAX_SPEED] + i);
    const mote_wf limit = mote_w_set1(MOTE_ORIENTATION_MAX_ANGULAR_SPEED);
    mote_wm own = mote_w_gt(max_speed, mote_w_set1(0.0f));
    mote_wf cap = mote_w_select(own, max_speed, limit);
    s->cap = mote_w_select(mote_w_lt(cap, limit), cap, limit);
}

MOTE_ALWAYS_INLINE void control_store(float *const *p, size_t i, const control_lanes *s) {
    store(p, ORIENTATION_QX, i, s->q, 4);
    store(p, ORIENTATION_WX, i, s->w, 3);
}

MOTE_ALWAYS_INLINE void control_vector(float *const *p, size_t i, const void *k) {
    const orientation_wide_constants c = *(const orientation_wide_constants *)k;
    control_lanes s;
    control_load(p, i, &s);
    for (int n = 0; n < c.substeps; ++n) {
        control_substep(s.q, s.w, s.target, s.stiffness, s.damping, s.cap, c.h);
    }
    control_store(p, i, &s);
}

/* Two vectors through the sub-steps side by side: each sub-step is one long dependency chain
 * (error -> omega -> turn -> q), and the sub-step loop keeps the out-of-order core from
 * reaching the next vector's chain, so a lone vector waits on latency. */
MOTE_ALWAYS_INLINE void control_pair(float *const *p, size_t i, const void *k) {
    const orientation_wide_constants c = *(const orientation_wide_constants *)k;
    control_lanes s[2];
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        control_load(p, i + (size_t)v * MOTE_W_LANES, &s[v]);
    }
    for (int n = 0; n < c.substeps; ++n) {
#pragma GCC unroll 2
        for (int v = 0; v < 2; ++v) {
            control_substep(s[v].q, s[v].w, s[v].target, s[v].stiffness, s[v].damping, s[v].cap,
                            c.h);
        }
    }
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
        control_store(p, i + (size_t)v * MOTE_W_LANES, &s[v]);
    }
}

/* mote_quat_spring on every lane. */
MOTE_ALWAYS_INLINE void spring_vector(float *const *p, size_t i, const void *k) {
    const orientation_wide_constants *c = k;
    mote_wf q[4], w[3], goal[4], conj[4], m[4], j0[3], j1[3], offset[3], step[4];
    load4(p, ORIENTATION_QX, i, q);
    load3(p, ORIENTATION_WX, i, w);
    load4(p, ORIENTATION_TX, i, goal);
    mote_wf y = mote_w_mul(halflife_to_damping(mote_w_load(p[ORIENTATION_HALFLIFE] + i)),
                           mote_w_set1(0.5f));
    mote_wf ydt = mote_w_mul(y, c->dt);
    mote_w_quat_conjugate(goal, conj);
    mote_w_quat_mul(q, conj, m);
    mote_w_quat_to_rotation_vector(m, j0);
    mote_wf e = mote_w_exp(mote_w_neg(ydt));
    for (int a = 0; a < 3; ++a) {
        j1[a] = mote_w_add(w[a], mote_w_mul(j0[a], y));
        offset[a] = mote_w_mul(mote_w_add(j0[a], mote_w_mul(j1[a], c->dt)), e);
        w[a] = mote_w_mul(mote_w_sub(w[a], mote_w_mul(j1[a], ydt)), e);
    }
    mote_w_quat_from_rotation_vector(offset, step);
    mote_w_quat_mul(step, goal, q);
    store(p, ORIENTATION_QX, i, q, 4);
    store(p, ORIENTATION_WX, i, w, 3);
}

/* mote_quat_damper on every lane. */
MOTE_ALWAYS_INLINE void damper_vector(float *const *p, size_t i, const void *k) {
    const orientation_wide_constants *c = k;
    mote_wf q[4], goal[4], conj[4], m[4], d[3], step[4];
    load4(p, ORIENTATION_QX, i, q);
    load4(p, ORIENTATION_TX, i, goal);
    mote_wf rate = mote_w_mul(halflife_to_damping(mote_w_load(p[ORIENTATION_HALFLIFE] + i)),
                              mote_w_set1(0.25f));
    mote_w_quat_conjugate(goal, conj);
    mote_w_quat_mul(q, conj, m);
    mote_w_quat_to_rotation_vector(m, d);
    mote_wf left = mote_w_exp(mote_w_mul(mote_w_minus(rate), c->dt));
    for (int a = 0; a < 3; ++a) {
        d[a] = mote_w_mul(d[a], left);
    }
    mote_w_quat_from_rotation_vector(d, step);
    mote_w_quat_mul(step, goal, q);
    store(p, ORIENTATION_QX, i, q, 4);
}

/* mote_inertialize_quat_update on every lane: mote_quat_decay of the offset, then the output
 * offset * incoming and incoming omega + offset omega; n (1 or 2) vectors from i, stage by
 * stage, so that the second vector's dependency chain (log map -> decay -> exponential map
 * -> product) sits beside the first's within the out-of-order window. */
MOTE_ALWAYS_INLINE void inertialize_lanes(float *const *p, size_t i, const void *k, const int n) {
    const orientation_wide_constants c = *(const orientation_wide_constants *)k;
    mote_wf offset[2][4], ow[2][3], j0[2][3], scaled[2][3], y[2], ydt[2], e[2];
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        const size_t at = i + (size_t)v * MOTE_W_LANES;
        load4(p, ORIENTATION_OQX, at, offset[v]);
        y[v] = mote_w_mul(halflife_to_damping(mote_w_load(p[ORIENTATION_HALFLIFE] + at)),
                          mote_w_set1(0.5f));
        ydt[v] = mote_w_mul(y[v], c.dt);
        e[v] = mote_w_exp(mote_w_neg(ydt[v]));
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        mote_w_quat_to_rotation_vector(offset[v], j0[v]);
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        const size_t at = i + (size_t)v * MOTE_W_LANES;
        load3(p, ORIENTATION_OWX, at, ow[v]);
        for (int a = 0; a < 3; ++a) {
            mote_wf j1 = mote_w_add(ow[v][a], mote_w_mul(j0[v][a], y[v]));
            scaled[v][a] = mote_w_mul(mote_w_add(j0[v][a], mote_w_mul(j1, c.dt)), e[v]);
            ow[v][a] = mote_w_mul(mote_w_sub(ow[v][a], mote_w_mul(j1, ydt[v])), e[v]);
        }
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        mote_w_quat_from_rotation_vector(scaled[v], offset[v]);
    }
#pragma GCC unroll 2
    for (int v = 0; v < n; ++v) {
        const size_t at = i + (size_t)v * MOTE_W_LANES;
        mote_wf incoming[4], iw[3], q[4], w[3];
        load4(p, ORIENTATION_TX, at, incoming);
        load3(p, ORIENTATION_IWX, at, iw);
        for (int a = 0; a < 3; ++a) {
            w[a] = mote_w_add(iw[a], ow[v][a]);
        }
        mote_w_quat_mul(offset[v], incoming, q);
        store(p, ORIENTATION_QX, at, q, 4);
        store(p, ORIENTATION_WX, at, w, 3);
        store(p, ORIENTATION_OQX, at, offset[v], 4);
        store(p, ORIENTATION_OWX, at, ow[v], 3);
    }
}

MOTE_ALWAYS_INLINE void inertialize_vector(float *const *p, size_t i, const void *k) {
    inertialize_lanes(p, i, k, 1);
}

MOTE_ALWAYS_INLINE void inertialize_pair(float *const *p, size_t i, const void *k) {
    inertialize_lanes(p, i, k, 2);
}

/* Ranges of 256 elements and more prefetch 128 elements ahead into L2, once per 64-byte line
 * of each field, as the debris and docking kernels do. */
#define ORIENTATION_PLAN(reads, writes)                                                            \
    ((mote_lane_plan){ORIENTATION_FIELD_COUNT, (reads), (writes), 256, 128, true, true, 1})

MOTE_ALWAYS_INLINE void wide_constants(const void *constants, orientation_wide_constants *w) {
    const mote_orientation_constants *c = constants;
    w->dt = mote_w_set1(c->dt);
    w->h = mote_w_set1(c->h);
    w->substeps = c->substeps;
}

/* mote_kernel_orientation_<name>: the kind's vector body (name##_vector, and pair for two
 * vectors at once, or NULL) over the lane loop, with the fields the kind reads and writes. */
#define ORIENTATION_KERNEL(name, NAME, pair)                                                       \
    void MOTE_VARIANT_FN(mote_kernel_orientation_##name)(float *const *p, const void *constants,   \
                                                         size_t begin, size_t end) {               \
        orientation_wide_constants w;                                                              \
        wide_constants(constants, &w);                                                             \
        mote_lane_loop_paired(                                                                     \
            p, begin, end, &w, name##_vector, pair,                                                \
            ORIENTATION_PLAN(ORIENTATION_##NAME##_READS, ORIENTATION_##NAME##_WRITES));            \
    }

ORIENTATION_KERNEL(control, CONTROL, control_pair)
ORIENTATION_KERNEL(spring, SPRING, NULL)
ORIENTATION_KERNEL(damper, DAMPER, NULL)
ORIENTATION_KERNEL(inertialize, INERTIALIZE, inertialize_pair)
