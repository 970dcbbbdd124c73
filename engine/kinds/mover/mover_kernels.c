/* The mover kernel: the movement model (engine/kinds/mover/movement_ref.c) written once against the
 * wide-lane layer and compiled once per variant. Branch-free: every choice of the reference
 * (turn or not, accelerate or decelerate, exact close or rate, arrive or step, capped or not,
 * facing source) computes both sides and selects per lane, in the reference's order of
 * operations. The per-pool coefficients (turn blend, spring exponentials, lookaheads) come
 * from mote_mover_step_prepare, which computes them with the reference's own expressions, so
 * everything but the facing goal is the reference's arithmetic operation for operation:
 * add, sub, mul, div and sqrt, all correctly rounded.
 *
 * Error bounds against the scalar reference (the numbers live in mover_bounds.h, which the
 * tests and mote-compare both read), one step of n sub-steps:
 *   position, velocity, acceleration, immediate_velocity: 0 (bit-identical).
 *   rotation, immediate_rotation: <= 6n scaled ULP (4 measured); angular_velocity and
 *       immediate_angular_velocity: <= n (4 + 1.1/dt) scaled ULP, dt the sub-step (28 measured
 *       for 3 sub-steps of 0.05 s, 16.5 for one of 1/60 s). Only the facing goal differs:
 *       mote_w_atan2 (<= 2 ULP) for libm's atan2f, and only where the element faces along its
 *       desired velocity. Scaled ULP: the difference over the float spacing at the largest
 *       magnitude among the element's facing fields before and after, and pi (the goal's
 *       scale). The angular velocities amplify the goal's difference by y^2 dt e^(-y dt) <=
 *       0.54/dt, as the double springs of spring_kernels.c do, and every sub-step chases the
 *       same goal, so the differences of n sub-steps add.
 *   After 1,000 steps of 1/60 s with changing inputs: the linear fields still bit-identical;
 *       rotations within 1e-5 and angular velocities within 5e-5 of the facing scale
 *       (1.2e-6 and 1e-5 measured): the facing springs forget a goal's difference within a
 *       few half-lives, so it does not accumulate.
 * After the sub-steps a facing past MOTE_MOVER_REBASE_ROTATION loses its whole turns
 * (mover_rebase_rotation in mover_step.h, the same operations).
 * All wide variants agree with each other bit for bit. Across platforms they agree where libm's
 * expf does (the coefficients' only libm call): glibc's does on x86-64 and aarch64. */
#include <string.h>

#include "lane_loop.h"
#include "mote/movement.h"
#include "mover_fields.h"
#include "mover_predict.h"
#include "mover_step.h"
#include "variant_kernels.h"
#include "wide/wide_math.h"

/* One vector of every field. */
typedef struct mover_lanes {
    mote_wf f[MOVER_MOVEMENT_COUNT];
} mover_lanes;

/* The step's per-pool coefficients, broadcast once per call. */
typedef struct wide_side {
    mote_wf lateral_rate, lateral_rate_dt, directional_rate, lookahead, y, ydt, eydt;
} wide_side;

typedef struct wide_step {
    mote_wf dt, inv_dt, turn_min_speed, turn_blend, facing_y, facing_ydt, facing_eydt;
    wide_side acc, dec;
    bool double_facing;
    int substeps;
} wide_step;

static inline wide_side broadcast_side(const mote_mover_side *s) {
    wide_side w = {
        mote_w_set1(s->lateral_rate),     mote_w_set1(s->lateral_rate_dt),
        mote_w_set1(s->directional_rate), mote_w_set1(s->lookahead),
        mote_w_set1(s->spring.y),         mote_w_set1(s->spring.ydt),
        mote_w_set1(s->spring.eydt),
    };
    return w;
}

static inline wide_step broadcast_step(const mote_mover_step *s) {
    wide_step w;
    w.dt = mote_w_set1(s->dt);
    w.inv_dt = mote_w_set1(s->inv_dt);
    w.turn_min_speed = mote_w_set1(s->turn_min_speed);
    w.turn_blend = mote_w_set1(s->turn_blend);
    w.facing_y = mote_w_set1(s->facing.y);
    w.facing_ydt = mote_w_set1(s->facing.ydt);
    w.facing_eydt = mote_w_set1(s->facing.eydt);
    w.acc = broadcast_side(&s->accelerating);
    w.dec = broadcast_side(&s->decelerating);
    w.double_facing = s->params.rotation_double_spring;
    w.substeps = s->substeps;
    return w;
}

/* a.x b.x + a.y b.y, in the reference's order. */
static inline mote_wf dot2(mote_wf ax, mote_wf ay, mote_wf bx, mote_wf by) {
    return mote_w_add(mote_w_mul(ax, bx), mote_w_mul(ay, by));
}

/* The reference's direction(): v / |v|, or zero where |v| <= MOTE_MOVEMENT_DIRECTION_EPS. */
static inline void direction2(mote_wf x, mote_wf y, mote_wf length, mote_wf *ux, mote_wf *uy) {
    const mote_wf zero = mote_w_set1(0.0f);
    mote_wm has = mote_w_gt(length, mote_w_set1(MOTE_MOVEMENT_DIRECTION_EPS));
    *ux = mote_w_select(has, mote_w_div(x, length), zero);
    *uy = mote_w_select(has, mote_w_div(y, length), zero);
}

/* The reference's cap_speed(): v rescaled to length cap where it is longer. */
static inline void cap_speed2(mote_wf *x, mote_wf *y, mote_wf cap) {
    mote_wf length = mote_w_sqrt(dot2(*x, *y, *x, *y));
    mote_wf ux, uy;
    direction2(*x, *y, length, &ux, &uy);
    mote_wm over = mote_w_gt(length, cap);
    *x = mote_w_select(over, mote_w_mul(ux, cap), *x);
    *y = mote_w_select(over, mote_w_mul(uy, cap), *y);
}

/* mote_ref_spring with the per-lane coefficients y, y dt and e^(-y dt). */
static inline void spring_step(mote_wf *x, mote_wf *v, mote_wf goal, mote_wf y, mote_wf ydt,
                               mote_wf eydt, mote_wf dt) {
    mote_wf j0 = mote_w_sub(*x, goal);
    mote_wf j1 = mote_w_add(*v, mote_w_mul(j0, y));
    *x = mote_w_add(mote_w_mul(eydt, mote_w_add(j0, mote_w_mul(j1, dt))), goal);
    *v = mote_w_mul(eydt, mote_w_sub(*v, mote_w_mul(j1, ydt)));
}

/* mote_ref_spring_angle: solved along the short way, reported continuous with x. */
static inline void angle_step(mote_wf *x, mote_wf *v, mote_wf goal, const wide_step *w) {
    mote_wf j0 = mote_w_wrap_angle(mote_w_sub(*x, goal));
    mote_wf j1 = mote_w_add(*v, mote_w_mul(j0, w->facing_y));
    mote_wf next =
        mote_w_add(mote_w_mul(w->facing_eydt, mote_w_add(j0, mote_w_mul(j1, w->dt))), goal);
    *x = mote_w_add(*x, mote_w_wrap_angle(mote_w_sub(next, *x)));
    *v = mote_w_mul(w->facing_eydt, mote_w_sub(*v, mote_w_mul(j1, w->facing_ydt)));
}

/* One sub-step: mote_movement_update_facing. */
static inline void mover_substep(mover_lanes *s, const wide_step *w, mote_wf desired_speed,
                                 mote_wf dir_dx, mote_wf dir_dy, mote_wm implicit_facing,
                                 mote_wm has_heading, mote_wf heading) {
    mote_wf *f = s->f;
    const mote_wf dvx = f[MOVER_DESIRED_VELOCITY_X];
    const mote_wf dvy = f[MOVER_DESIRED_VELOCITY_Y];
    mote_wf ix = f[MOVER_IMMEDIATE_VELOCITY_X];
    mote_wf iy = f[MOVER_IMMEDIATE_VELOCITY_Y];

    /* turn damper toward the requested direction at the current speed */
    mote_wf speed0 = mote_w_sqrt(dot2(ix, iy, ix, iy));
    mote_wf gx = mote_w_mul(dir_dx, speed0);
    mote_wf gy = mote_w_mul(dir_dy, speed0);
    mote_wm turns = mote_w_gt(desired_speed, w->turn_min_speed);
    ix = mote_w_select(turns, mote_w_add(ix, mote_w_mul(mote_w_sub(gx, ix), w->turn_blend)), ix);
    iy = mote_w_select(turns, mote_w_add(iy, mote_w_mul(mote_w_sub(gy, iy), w->turn_blend)), iy);

    mote_wf ex = mote_w_sub(dvx, ix);
    mote_wf ey = mote_w_sub(dvy, iy);
    mote_wf error_sq = dot2(ex, ey, ex, ey);
    mote_wf error_magnitude = mote_w_sqrt(error_sq);
    mote_wf speed = mote_w_sqrt(dot2(ix, iy, ix, iy));

    /* accelerate/decelerate: mote_movement_counts_as_accelerating */
    mote_wm acc =
        mote_w_gt(mote_w_add(mote_w_mul(desired_speed, mote_w_set1(1.0f + MOTE_MOVEMENT_MARGIN)),
                             mote_w_set1(MOTE_MOVEMENT_SPEED_EPS)),
                  speed);
    mote_wf lateral_rate = mote_w_select(acc, w->acc.lateral_rate, w->dec.lateral_rate);
    mote_wf lateral_rate_dt = mote_w_select(acc, w->acc.lateral_rate_dt, w->dec.lateral_rate_dt);
    mote_wf directional_rate = mote_w_select(acc, w->acc.directional_rate, w->dec.directional_rate);

    /* exact close, or the allowed rate along the error */
    mote_wf ux, uy;
    direction2(ex, ey, error_magnitude, &ux, &uy);
    mote_wm close = mote_w_lt(error_magnitude, lateral_rate_dt);
    mote_wf lx = mote_w_select(close, mote_w_mul(ex, w->inv_dt), mote_w_mul(ux, lateral_rate));
    mote_wf ly = mote_w_select(close, mote_w_mul(ey, w->inv_dt), mote_w_mul(uy, lateral_rate));
    mote_wf rx = mote_w_add(lx, mote_w_mul(dir_dx, directional_rate));
    mote_wf ry = mote_w_add(ly, mote_w_mul(dir_dy, directional_rate));

    mote_wf lookahead = mote_w_select(acc, w->acc.lookahead, w->dec.lookahead);
    mote_wf sx = mote_w_mul(rx, w->dt), sy = mote_w_mul(ry, w->dt);
    mote_wf ax = mote_w_mul(rx, lookahead), ay = mote_w_mul(ry, lookahead);
    /* arrival: mote_movement_step_arrives */
    mote_wf keep = mote_w_mul(error_sq, mote_w_set1(1.0f - MOTE_MOVEMENT_MARGIN));
    mote_wm steps = mote_w_lt(dot2(ex, ey, sx, sy), keep);
    mote_wm aims = mote_w_lt(dot2(ex, ey, ax, ay), keep);
    mote_wf nx = mote_w_select(steps, mote_w_add(ix, sx), dvx);
    mote_wf ny = mote_w_select(steps, mote_w_add(iy, sy), dvy);
    mote_wf tx = mote_w_select(aims, mote_w_add(ix, ax), dvx);
    mote_wf ty = mote_w_select(aims, mote_w_add(iy, ay), dvy);

    /* the speed cap on both */
    mote_wf cap = mote_w_select(mote_w_gt(speed, desired_speed), speed, desired_speed);
    cap_speed2(&nx, &ny, cap);
    cap_speed2(&tx, &ty, cap);

    /* the velocity spring, on the chosen side's half-life */
    mote_wf y = mote_w_select(acc, w->acc.y, w->dec.y);
    mote_wf ydt = mote_w_select(acc, w->acc.ydt, w->dec.ydt);
    mote_wf eydt = mote_w_select(acc, w->acc.eydt, w->dec.eydt);
    spring_step(&f[MOVER_VELOCITY_X], &f[MOVER_ACCELERATION_X], tx, y, ydt, eydt, w->dt);
    spring_step(&f[MOVER_VELOCITY_Y], &f[MOVER_ACCELERATION_Y], ty, y, ydt, eydt, w->dt);
    f[MOVER_IMMEDIATE_VELOCITY_X] = nx;
    f[MOVER_IMMEDIATE_VELOCITY_Y] = ny;
    f[MOVER_POSITION_X] = mote_w_add(f[MOVER_POSITION_X], mote_w_mul(f[MOVER_VELOCITY_X], w->dt));
    f[MOVER_POSITION_Y] = mote_w_add(f[MOVER_POSITION_Y], mote_w_mul(f[MOVER_VELOCITY_Y], w->dt));

    /* facing: explicit, along the desired velocity, or held while stopped */
    mote_wf goal =
        mote_w_select(implicit_facing, mote_w_select(has_heading, heading, f[MOVER_ROTATION]),
                      f[MOVER_DESIRED_FACING]);
    if (w->double_facing) { /* the pool's choice: the same for every lane */
        angle_step(&f[MOVER_IMMEDIATE_ROTATION], &f[MOVER_IMMEDIATE_ANGULAR_VELOCITY], goal, w);
        angle_step(&f[MOVER_ROTATION], &f[MOVER_ANGULAR_VELOCITY], f[MOVER_IMMEDIATE_ROTATION], w);
    } else {
        angle_step(&f[MOVER_ROTATION], &f[MOVER_ANGULAR_VELOCITY], goal, w);
    }
}

/* mover_rebase_rotation (mover_step.h): whole turns off a facing past the rebase bound. */
static inline mote_wf rebase_rotation(mote_wf x) {
    mote_wm past = mote_w_gt(mote_w_abs(x), mote_w_set1(MOTE_MOVER_REBASE_ROTATION));
    mote_wf n = mote_w_round(mote_w_mul(x, mote_w_set1(0.159154943091895336f)));
    mote_wf r = mote_w_sub(x, mote_w_mul(n, mote_w_set1(6.28125f)));
    r = mote_w_sub(r, mote_w_mul(n, mote_w_set1(6.28318548202514648f - 6.28125f)));
    return mote_w_select(past, r, x);
}

static inline void mover_body(mover_lanes *s, const wide_step *w) {
    const mote_wf dvx = s->f[MOVER_DESIRED_VELOCITY_X];
    const mote_wf dvy = s->f[MOVER_DESIRED_VELOCITY_Y];
    /* What the inputs imply, the same for every sub-step. */
    mote_wf speed_sq = dot2(dvx, dvy, dvx, dvy);
    mote_wf desired_speed = mote_w_sqrt(speed_sq);
    mote_wf dir_dx, dir_dy;
    direction2(dvx, dvy, desired_speed, &dir_dx, &dir_dy);
    /* The facing goal: explicit (explicit_facing != 0, as the reference tests it), else
     * the heading of the desired velocity where it has one, else the current rotation (read
     * per sub-step, as it moves). */
    mote_wm implicit_facing = mote_w_eq(s->f[MOVER_EXPLICIT_FACING], mote_w_set1(0.0f));
    mote_wm has_heading = mote_w_gt(speed_sq, mote_w_set1(MOTE_MOVEMENT_FACING_EPS_SQ));
    mote_wf heading = mote_w_atan2(dvy, dvx);
    for (int k = 0; k < w->substeps; ++k) {
        mover_substep(s, w, desired_speed, dir_dx, dir_dy, implicit_facing, has_heading, heading);
    }
    s->f[MOVER_ROTATION] = rebase_rotation(s->f[MOVER_ROTATION]);
    s->f[MOVER_IMMEDIATE_ROTATION] = rebase_rotation(s->f[MOVER_IMMEDIATE_ROTATION]);
}

/* One vector: every field loaded, the body, the state stored. */
MOTE_ALWAYS_INLINE void mover_vector(float *const *p, size_t i, const void *k) {
    mover_lanes s;
    for (int f = 0; f < MOVER_MOVEMENT_COUNT; ++f) {
        s.f[f] = mote_w_load(p[f] + i);
    }
    mover_body(&s, (const wide_step *)k);
    for (int f = 0; f < MOVER_STATE_COUNT; ++f) {
        mote_w_store(p[f] + i, s.f[f]);
    }
}

/* Ranges from 2^14 elements on prefetch 256 elements (1 KB per field) ahead: the state for
 * writing, the inputs for reading. */
#define MOVER_PLAN                                                                                 \
    ((mote_lane_plan){MOVER_MOVEMENT_COUNT, MOVER_MOVEMENT_FIELDS, MOVER_STATE_FIELDS,             \
                      (size_t)1 << 14, 256, false, false, 1})

void MOTE_VARIANT_FN(mote_kernel_mover)(float *const *p, const void *constants, size_t begin,
                                        size_t end) {
    const mote_mover_step *step = constants;
    const wide_step w = broadcast_step(step);
    float *q[MOVER_FIELD_COUNT]; /* with avoidance on, walk toward the avoid velocity */
    memcpy(q, p, sizeof q);
    if (step->avoid) {
        q[MOVER_DESIRED_VELOCITY_X] = p[MOVER_AVOID_VELOCITY_X];
        q[MOVER_DESIRED_VELOCITY_Y] = p[MOVER_AVOID_VELOCITY_Y];
    }
    mote_lane_loop(q, begin, end, &w, mover_vector, MOVER_PLAN);
}

/* The predict kernel: mote_movement_predict (movement_predict_ref.c) for every element and
 * time, with the per-time coefficients of mote_mover_predict_prepare broadcast, the side and
 * facing source selected per lane, in the reference's order of operations: every output
 * bit-identical to the reference but the facing, whose goal comes from mote_w_atan2 instead
 * of atan2f where the element faces along its desired velocity (mover_predict_bounds). */
typedef struct wide_predict_spring {
    mote_wf y, inv_y, e, one_minus_e;
} wide_predict_spring;

typedef struct wide_predict_time {
    mote_wf t, facing_yt, t_sixth;
    wide_predict_spring acc, dec, facing;
} wide_predict_time;

typedef struct wide_predict {
    int n_times;
    bool double_facing;
    wide_predict_time times[MOTE_MOVER_PREDICT_MAX_TIMES];
} wide_predict;

static inline wide_predict_spring broadcast_predict_spring(const mote_mover_predict_spring *s) {
    wide_predict_spring w = {mote_w_set1(s->y), mote_w_set1(s->inv_y), mote_w_set1(s->e),
                             mote_w_set1(s->one_minus_e)};
    return w;
}

/* One axis of the smoothing spring (the reference's smoothing_axis). */
static inline void predict_axis(mote_wf x, mote_wf v, mote_wf a, mote_wf g, mote_wf t, mote_wf y,
                                mote_wf inv_y, mote_wf e, mote_wf one_minus_e, mote_wf *out_x,
                                mote_wf *out_v) {
    mote_wf j0 = mote_w_sub(v, g);
    mote_wf j1 = mote_w_add(a, mote_w_mul(j0, y));
    *out_v = mote_w_add(mote_w_mul(e, mote_w_add(j0, mote_w_mul(j1, t))), g);
    mote_wf lead = mote_w_mul(mote_w_add(j0, mote_w_mul(j1, inv_y)), one_minus_e);
    mote_wf shape = mote_w_mul(mote_w_sub(lead, mote_w_mul(mote_w_mul(e, j1), t)), inv_y);
    *out_x = mote_w_add(x, mote_w_add(mote_w_mul(g, t), shape));
}

/* One vector: every field loaded, each time's outputs stored at its row. */
MOTE_ALWAYS_INLINE void mover_predict_vector(float *const *p, size_t i, const void *k) {
    const wide_predict *w = k;
    mote_wf f[MOVER_FIELD_COUNT];
    for (int n = 0; n < MOVER_FIELD_COUNT; ++n) {
        f[n] = mote_w_load(p[n] + i);
    }
    const mote_wf dvx = f[MOVER_DESIRED_VELOCITY_X], dvy = f[MOVER_DESIRED_VELOCITY_Y];
    const mote_wf ix = f[MOVER_IMMEDIATE_VELOCITY_X], iy = f[MOVER_IMMEDIATE_VELOCITY_Y];
    const mote_wf speed_sq = dot2(dvx, dvy, dvx, dvy);
    const mote_wf desired_speed = mote_w_sqrt(speed_sq);
    const mote_wf speed = mote_w_sqrt(dot2(ix, iy, ix, iy));
    const mote_wm acc =
        mote_w_gt(mote_w_add(mote_w_mul(desired_speed, mote_w_set1(1.0f + MOTE_MOVEMENT_MARGIN)),
                             mote_w_set1(MOTE_MOVEMENT_SPEED_EPS)),
                  speed);
    /* the facing goal: explicit, along the desired velocity, or the rotation held */
    const mote_wm implicit_facing = mote_w_eq(f[MOVER_EXPLICIT_FACING], mote_w_set1(0.0f));
    const mote_wm has_heading = mote_w_gt(speed_sq, mote_w_set1(MOTE_MOVEMENT_FACING_EPS_SQ));
    const mote_wf goal = mote_w_select(
        implicit_facing, mote_w_select(has_heading, mote_w_atan2(dvy, dvx), f[MOVER_ROTATION]),
        f[MOVER_DESIRED_FACING]);
    const mote_wf rotation = f[MOVER_ROTATION];
    /* the facing offsets, the same for every time: single spring j0 (in a0), double a0, b0 */
    const mote_wf a_rotation = w->double_facing ? f[MOVER_IMMEDIATE_ROTATION] : rotation;
    const mote_wf a_rate =
        w->double_facing ? f[MOVER_IMMEDIATE_ANGULAR_VELOCITY] : f[MOVER_ANGULAR_VELOCITY];
    const mote_wf a0 = mote_w_wrap_angle(mote_w_sub(a_rotation, goal));
    const mote_wf b0 =
        mote_w_add(a0, mote_w_wrap_angle(mote_w_sub(rotation, f[MOVER_IMMEDIATE_ROTATION])));

    for (int n = 0; n < w->n_times; ++n) {
        const wide_predict_time *c = &w->times[n];
        float *const *o = p + MOVER_FIELD_COUNT + n * MOVER_PREDICT_OUTPUTS;
        const mote_wf y = mote_w_select(acc, c->acc.y, c->dec.y);
        const mote_wf inv_y = mote_w_select(acc, c->acc.inv_y, c->dec.inv_y);
        const mote_wf e = mote_w_select(acc, c->acc.e, c->dec.e);
        const mote_wf one_minus_e = mote_w_select(acc, c->acc.one_minus_e, c->dec.one_minus_e);
        mote_wf px, py, vx, vy;
        predict_axis(f[MOVER_POSITION_X], f[MOVER_VELOCITY_X], f[MOVER_ACCELERATION_X], dvx, c->t,
                     y, inv_y, e, one_minus_e, &px, &vx);
        predict_axis(f[MOVER_POSITION_Y], f[MOVER_VELOCITY_Y], f[MOVER_ACCELERATION_Y], dvy, c->t,
                     y, inv_y, e, one_minus_e, &py, &vy);
        mote_w_store(o[MOVER_PREDICT_POSITION_X] + i, px);
        mote_w_store(o[MOVER_PREDICT_POSITION_Y] + i, py);
        mote_w_store(o[MOVER_PREDICT_VELOCITY_X] + i, vx);
        mote_w_store(o[MOVER_PREDICT_VELOCITY_Y] + i, vy);

        const mote_wf a1 = mote_w_add(a_rate, mote_w_mul(a0, c->facing.y));
        mote_wf offset, start;
        if (w->double_facing) { /* the pool's choice: the same for every lane */
            const mote_wf b1 = mote_w_add(f[MOVER_ANGULAR_VELOCITY], mote_w_mul(b0, c->facing.y));
            const mote_wf yt2 = mote_w_mul(c->facing_yt, c->facing_yt);
            const mote_wf cubic =
                mote_w_add(mote_w_mul(a0, mote_w_set1(0.5f)), mote_w_mul(a1, c->t_sixth));
            offset = mote_w_add(mote_w_add(b0, mote_w_mul(b1, c->t)), mote_w_mul(yt2, cubic));
            start = b0;
        } else {
            offset = mote_w_add(a0, mote_w_mul(a1, c->t));
            start = a0;
        }
        mote_w_store(o[MOVER_PREDICT_ROTATION] + i,
                     mote_w_add(rotation, mote_w_sub(mote_w_mul(c->facing.e, offset), start)));
    }
}

void MOTE_VARIANT_FN(mote_kernel_mover_predict)(float *const *p, const void *constants,
                                                size_t begin, size_t end) {
    const mote_mover_predict *predict = constants;
    wide_predict w;
    w.n_times = predict->n_times;
    w.double_facing = predict->double_facing;
    for (int n = 0; n < predict->n_times; ++n) {
        const mote_mover_predict_time *c = &predict->times[n];
        w.times[n].t = mote_w_set1(c->t);
        w.times[n].facing_yt = mote_w_set1(c->facing.y * c->t);
        w.times[n].t_sixth = mote_w_set1(c->t * (1.0f / 6.0f));
        w.times[n].acc = broadcast_predict_spring(&c->accelerating);
        w.times[n].dec = broadcast_predict_spring(&c->decelerating);
        w.times[n].facing = broadcast_predict_spring(&c->facing);
    }
    const int outputs = MOVER_FIELD_COUNT + predict->n_times * MOVER_PREDICT_OUTPUTS;
    const mote_field_mask writes =
        (((mote_field_mask)1 << outputs) - 1u) & ~(mote_field_mask)MOVER_ALL_FIELDS;
    const mote_lane_plan plan = {outputs, MOVER_ALL_FIELDS, writes, SIZE_MAX, 0, false, false, 1};
    mote_lane_loop(p, begin, end, &w, mover_predict_vector, plan);
}

#include "mover_avoid_wide.h" /* the avoidance stages' kernels, compiled per variant too */
