/* The scalar reference kernels of the spring kinds: one element at a time through the
 * reference primitives of spring_ref.c (damping form for the half-life kinds). */
#include <math.h>

#include "mote/spring.h"
#include "scalar_kernels.h"
#include "spring_fields.h"
#include "spring_ref.h"

/* The arrays and dt every loop below uses. */
#define SPRING_REF_ARRAYS                                                                          \
    const float dt = ((const mote_spring_constants *)constants)->dt;                               \
    float *x = p[SPRING_FIELD_X], *v = p[SPRING_FIELD_V], *goal = p[SPRING_FIELD_GOAL];            \
    float *xi = p[SPRING_FIELD_XI], *vi = p[SPRING_FIELD_VI];                                      \
    const float *stiffness = p[SPRING_FIELD_STIFFNESS], *damping = p[SPRING_FIELD_DAMPING];        \
    const float *rate = p[SPRING_FIELD_RATE], *incoming_v = p[SPRING_FIELD_INCOMING_V];            \
    float *offset_x = p[SPRING_FIELD_OFFSET_X], *offset_v = p[SPRING_FIELD_OFFSET_V];              \
    float *goal_time = p[SPRING_FIELD_GOAL_TIME];                                                  \
    const float *speed = p[SPRING_FIELD_SPEED], *incoming_a = p[SPRING_FIELD_INCOMING_A];          \
    const float *v_damping = p[SPRING_FIELD_V_DAMPING], *a_damping = p[SPRING_FIELD_A_DAMPING];    \
    float *ext_x = p[SPRING_FIELD_EXT_X], *ext_v = p[SPRING_FIELD_EXT_V];                          \
    float *ext_t = p[SPRING_FIELD_EXT_T];                                                          \
    const float *blend_time = p[SPRING_FIELD_BLEND_TIME];                                          \
    (void)x, (void)v, (void)goal, (void)xi, (void)vi, (void)stiffness, (void)damping, (void)rate,  \
        (void)incoming_v, (void)offset_x, (void)offset_v, (void)goal_time, (void)speed,            \
        (void)incoming_a, (void)v_damping, (void)a_damping, (void)ext_x, (void)ext_v, (void)ext_t, \
        (void)blend_time

/* mote_kernel_spring_<name>_scalar: the statements that follow name, for every element i of
 * [begin, end), with the arrays and dt of SPRING_REF_ARRAYS. */
#define SPRING_REF_KERNEL(name, ...)                                                               \
    void mote_kernel_spring_##name##_scalar(float *const *p, const void *constants, size_t begin,  \
                                            size_t end) {                                          \
        SPRING_REF_ARRAYS;                                                                         \
        for (size_t i = begin; i < end; ++i) {                                                     \
            __VA_ARGS__;                                                                           \
        }                                                                                          \
    }

SPRING_REF_KERNEL(damper, x[i] = mote_ref_damper(x[i], goal[i], damping[i], dt))

SPRING_REF_KERNEL(critical, mote_ref_spring(&x[i], &v[i], goal[i], damping[i], dt))

SPRING_REF_KERNEL(angle, mote_ref_spring_angle(&x[i], &v[i], goal[i], damping[i], dt))

SPRING_REF_KERNEL(double_angle, mote_ref_double_spring_angle(&x[i], &v[i], &xi[i], &vi[i], goal[i],
                                                             damping[i], dt))

SPRING_REF_KERNEL(decay, mote_ref_decay(&x[i], &v[i], damping[i], dt))

/* The force kinds hold their state within the domain (mote_ref_hold_state). */
SPRING_REF_KERNEL(semi_implicit,
                  mote_spring_semi_implicit(&x[i], &v[i], goal[i], stiffness[i], damping[i], dt);
                  x[i] = mote_ref_hold_state(x[i]); v[i] = mote_ref_hold_state(v[i]))

SPRING_REF_KERNEL(exp_response, x[i] = mote_exp_response(x[i], goal[i], rate[i], dt))

SPRING_REF_KERNEL(damped, mote_spring_damper(&x[i], &v[i], goal[i], stiffness[i], damping[i], dt);
                  x[i] = mote_ref_hold_state(x[i]); v[i] = mote_ref_hold_state(v[i]))

SPRING_REF_KERNEL(double,
                  mote_ref_double_spring(&x[i], &v[i], &xi[i], &vi[i], goal[i], damping[i], dt))

/* mote_inertialize_update with the incoming pose (goal, incoming_v), in damping form: the
 * offset decays (mote_ref_decay), and the output is the incoming pose plus the offset. */
void mote_kernel_spring_inertialize_scalar(float *const *p, const void *constants, size_t begin,
                                           size_t end) {
    SPRING_REF_ARRAYS;
    for (size_t i = begin; i < end; ++i) {
        mote_ref_decay(&offset_x[i], &offset_v[i], damping[i], dt);
        x[i] = goal[i] + offset_x[i];
        v[i] = incoming_v[i] + offset_v[i];
    }
}

/* mote_timed_spring, then the pool counts the time left down by the step. */
SPRING_REF_KERNEL(timed, mote_ref_timed_spring(&x[i], &v[i], &xi[i], goal[i], goal_time[i],
                                               damping[i], dt);
                  goal_time[i] = mote_ref_time_left(goal_time[i], dt))

SPRING_REF_KERNEL(velocity,
                  mote_ref_velocity_spring(&x[i], &v[i], &xi[i], goal[i], speed[i], damping[i], dt))

/* the signal's velocity is incoming_v, its acceleration incoming_a */
SPRING_REF_KERNEL(tracking,
                  mote_ref_tracking_spring(&x[i], &v[i], goal[i], incoming_v[i], incoming_a[i],
                                           damping[i], v_damping[i], a_damping[i], dt))

SPRING_REF_KERNEL(extrapolate, mote_ref_extrapolate(&x[i], &v[i], damping[i], dt))

/* the input is (goal, incoming_v), the output (x, v) */
SPRING_REF_KERNEL(dead_blend,
                  mote_ref_dead_blend(&x[i], &v[i], &ext_x[i], &ext_v[i], &ext_t[i], goal[i],
                                      incoming_v[i], blend_time[i], damping[i], dt))
