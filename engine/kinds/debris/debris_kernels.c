/* The debris kernel, written once against the wide-lane layer and compiled once per variant.
 * Branch-free: every lane computes both the attached pose (peel and twist, release velocity)
 * and the free flight (velocity, position, tumble), and selects by its phase; the attached
 * twist and the free tumble share one sincos, one quaternion product and one normalisation
 * by selecting their operands. The body repeats mote_debris_step (engine/kinds/debris/debris_ref.c)
 * operation for operation, with libm's sinf/cosf replaced by mote_w_sincos, and reads the
 * same per-step constants (mote_debris_frame), so only the sines and cosines differ.
 *
 * Error bounds against the scalar reference (numbers in debris_bounds.h, measured by
 * engine/kinds/debris/test_debris_kernels.c on every variant and by mote-compare):
 *   time, phase, position, velocity: bit-identical, one step and any number of steps. No
 *     transcendental reaches them: the peel is smoothstep arithmetic, the release velocity
 *     and the cap are add/mul/sqrt/div, and a free piece's flight does not depend on its
 *     orientation.
 *   orientation: one step within 4 ULP of 1 (4.8e-7 absolute) per component (sincos is
 *     within 1 ULP, then one product and one normalisation); after 1,000 steps within
 *     2e-5 absolute per component (each step's difference is a tiny rotation, and rotations
 *     compose without amplifying it, so it adds up at most linearly).
 * All wide variants agree with each other bit for bit. */
#include "debris_fields.h"
#include "lane_loop.h"
#include "variant.h"
#include "variant_kernels.h"
#include "wide/wide_math3d.h"

#include <stdbool.h>
#include <string.h>

/* The frame's constants, one lane-wide copy each. */
typedef struct debris_wide_frame {
    mote_wf dt, half_dt;
    mote_wf ship_p[3];
    mote_wf ship_q[4];
    mote_wf m[9];
    mote_wf axis[3], spin[3], gravity_dt[3];
    mote_wf decay, cap, cap_target;
} debris_wide_frame;

static inline __attribute__((always_inline)) void wide_frame(const mote_debris_frame *f,
                                                             debris_wide_frame *w) {
    w->dt = mote_w_set1(f->dt);
    w->half_dt = mote_w_set1(f->half_dt);
    const float sp[3] = {f->ship_position.x, f->ship_position.y, f->ship_position.z};
    const float sq[4] = {f->ship_orientation.x, f->ship_orientation.y, f->ship_orientation.z,
                         f->ship_orientation.w};
    const float ax[3] = {f->axis.x, f->axis.y, f->axis.z};
    const float sn[3] = {f->spin.x, f->spin.y, f->spin.z};
    const float g[3] = {f->gravity_dt.x, f->gravity_dt.y, f->gravity_dt.z};
    for (int k = 0; k < 3; ++k) {
        w->ship_p[k] = mote_w_set1(sp[k]);
        w->axis[k] = mote_w_set1(ax[k]);
        w->spin[k] = mote_w_set1(sn[k]);
        w->gravity_dt[k] = mote_w_set1(g[k]);
    }
    for (int k = 0; k < 4; ++k) {
        w->ship_q[k] = mote_w_set1(sq[k]);
    }
    for (int k = 0; k < 9; ++k) {
        w->m[k] = mote_w_set1(f->rotation[k]);
    }
    w->decay = mote_w_set1(f->velocity_decay);
    w->cap = mote_w_set1(f->speed_cap);
    w->cap_target = mote_w_set1(f->cap_target);
}

/* Field f of the vector at i, loaded where it is used (memory operands rather than 31
 * values held across the whole body and spilled). */
#define LD(f) mote_w_load(p[f] + i)

/* One vector of pieces: reads the fields at p[f] + i, writes the step's results to out
 * (indexed by DEBRIS_*; only the DEBRIS_WRITES fields are set). */
static inline __attribute__((always_inline)) void debris_body(float *const p[DEBRIS_FIELD_COUNT],
                                                              size_t i, const debris_wide_frame *w,
                                                              mote_wf out[DEBRIS_FIELD_COUNT]) {
    const mote_wf zero = mote_w_set1(0.0f), one = mote_w_set1(1.0f);
    const mote_wf t = mote_w_add(LD(DEBRIS_TIME), w->dt);
    const mote_wm free = mote_w_gt(LD(DEBRIS_PHASE), zero);
    const mote_wf detach = LD(DEBRIS_DETACH_TIME);
    const mote_wm reached = mote_w_ge(t, detach);

    /* attached: peelT = smoothstep(peel_start, detach_time, t); a step when they are equal */
    mote_wf span = mote_w_sub(detach, LD(DEBRIS_PEEL_START));
    mote_wf x = mote_w_clamp(mote_w_div(mote_w_sub(t, LD(DEBRIS_PEEL_START)), span), 0.0f, 1.0f);
    mote_wf smooth = mote_w_mul(mote_w_mul(x, x),
                                mote_w_sub(mote_w_set1(3.0f), mote_w_mul(mote_w_set1(2.0f), x)));
    mote_wf peel = mote_w_select(mote_w_gt(span, zero), smooth, mote_w_select(reached, one, zero));
    mote_wf peel2 = mote_w_mul(peel, peel);
    mote_wf dist = mote_w_mul(LD(DEBRIS_MAX_DISTANCE), peel2);
    mote_wf local[3], offset[3], ow[3], o[3];
    for (int k = 0; k < 3; ++k) {
        o[k] = LD(DEBRIS_OX + k);
        local[k] = mote_w_add(LD(DEBRIS_AX + k), mote_w_mul(o[k], dist));
    }
    mote_w_mat3_mul_vec3(w->m, local, offset);
    mote_w_mat3_mul_vec3(w->m, o, ow);

    /* velocity: the release velocity (attached) or gravity and damping (free), then the cap */
    const mote_wf os = LD(DEBRIS_OUTWARD_SPEED), as = LD(DEBRIS_AXIAL_SPEED);
    mote_wf cross[3];
    mote_w_vec3_cross(w->spin, offset, cross);
    mote_wf v[3];
    for (int k = 0; k < 3; ++k) {
        mote_wf release =
            mote_w_add(mote_w_add(cross[k], mote_w_mul(ow[k], os)), mote_w_mul(w->axis[k], as));
        mote_wf flying = mote_w_mul(mote_w_add(LD(DEBRIS_VX + k), w->gravity_dt[k]), w->decay);
        v[k] = mote_w_select(free, flying, release);
    }
    mote_wf speed = mote_w_vec3_length(v);
    mote_wf scale = mote_w_select(mote_w_gt(speed, w->cap), mote_w_div(w->cap_target, speed), one);
    for (int k = 0; k < 3; ++k) {
        v[k] = mote_w_mul(v[k], scale);
        mote_wf flown = mote_w_add(LD(DEBRIS_PX + k), mote_w_mul(v[k], w->dt));
        mote_wf attached = mote_w_add(w->ship_p[k], offset[k]);
        out[DEBRIS_PX + k] = mote_w_select(free, flown, attached);
        out[DEBRIS_VX + k] = v[k];
    }

    /* orientation: attached normalize(ship * base * twist), twist about outward by
     * twist * peelT^2; free normalize(exp(omega dt / 2) * q). One sincos serves both. */
    mote_wf om[3] = {LD(DEBRIS_WX), LD(DEBRIS_WY), LD(DEBRIS_WZ)};
    mote_wf wlen = mote_w_vec3_length(om);
    mote_wm turning = mote_w_gt(wlen, zero);
    mote_wf half_tumble = mote_w_mul(wlen, w->half_dt);
    mote_wf half_twist = mote_w_mul(mote_w_mul(LD(DEBRIS_TWIST), peel2), mote_w_set1(0.5f));
    mote_wf sn, cs;
    mote_w_sincos(mote_w_select(free, half_tumble, half_twist), &sn, &cs);
    mote_wf k =
        mote_w_select(turning, mote_w_div(sn, mote_w_select(turning, wlen, one)), w->half_dt);
    mote_wf base[4] = {LD(DEBRIS_BX), LD(DEBRIS_BY), LD(DEBRIS_BZ), LD(DEBRIS_BW)};
    mote_wf ship_base[4], left[4], right[4], q[4];
    mote_w_quat_mul(w->ship_q, base, ship_base);
    for (int c = 0; c < 3; ++c) {
        left[c] = mote_w_select(free, mote_w_mul(om[c], k), ship_base[c]);
        right[c] = mote_w_select(free, LD(DEBRIS_QX + c), mote_w_mul(LD(DEBRIS_OX + c), sn));
    }
    left[3] = mote_w_select(free, cs, ship_base[3]);
    right[3] = mote_w_select(free, LD(DEBRIS_QW), cs);
    mote_w_quat_mul(left, right, q);
    mote_w_quat_normalize(q, out + DEBRIS_QX); /* out[DEBRIS_QX .. DEBRIS_QW] */

    out[DEBRIS_TIME] = t;
    out[DEBRIS_PHASE] = mote_w_select(free, mote_w_set1(2.0f), mote_w_select(reached, one, zero));
}

#undef LD

/* One vector: runs the body, stores what a step writes. */
MOTE_ALWAYS_INLINE void debris_vector(float *const *p, size_t i, const void *k) {
    mote_wf out[DEBRIS_FIELD_COUNT];
    debris_body(p, i, (const debris_wide_frame *)k, out);
    for (int f = 0; f < DEBRIS_FIELD_COUNT; ++f) {
        if (DEBRIS_WRITES & DEBRIS_BIT(f)) {
            mote_w_store(p[f] + i, out[f]);
        }
    }
}

/* Ranges of 256 pieces and more prefetch 128 elements (512 bytes per field) ahead into L2,
 * once per 64-byte line of each field: 31 streams are more than the hardware prefetchers
 * follow. Two vectors per iteration give the scheduler independent chains to interleave. */
#define DEBRIS_PLAN                                                                                \
    ((mote_lane_plan){DEBRIS_FIELD_COUNT, DEBRIS_ALL_FIELDS, DEBRIS_WRITES, 256, 128, true, true,  \
                      2})

void MOTE_VARIANT_FN(mote_kernel_debris)(float *const *p, const void *constants, size_t begin,
                                         size_t end) {
    debris_wide_frame w;
    wide_frame((const mote_debris_frame *)constants, &w);
    mote_lane_loop(p, begin, end, &w, debris_vector, DEBRIS_PLAN);
}
