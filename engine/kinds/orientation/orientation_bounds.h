/* Internal: the documented bounds of the orientation kernels against the scalar reference, in
 * one place for the kernel tests and mote-compare (the reasoning is in the header comment of
 * engine/kinds/orientation/orientation_kernels.c). Absolute, per component: the quaternion (unit)
 * and the angular velocity relative to max(1, |omega|) of the reference's element. Measured on
 * every variant by engine/kinds/orientation/test_orientation_kernels.c (in brackets), from seeded
 * elements: any orientation and target, |omega| up to 10 rad/s, half-lives 0.02..2 s, control gains
 * of half-lives 0.05..1 s and damping ratios 0.3..1.5, caps of 1..20 rad/s or none; steps of 1/60
 * s, 1/30 s and a 0.1 s step (clamped and split for the control). The long runs grow past one
 * step's differences because the damper's and the spring's offset decays slowly for a long
 * half-life (a difference in it shrinks by e^(-dt ln2 / halflife) a step, while each step adds its
 * own), and the control's omega follows its error; they stay within these. */
#ifndef MOTE_ORIENTATION_BOUNDS_H
#define MOTE_ORIENTATION_BOUNDS_H

/* The largest |omega| (rad/s) mote-compare's seeds reach: its omega bounds are the relative
 * ones above times this, absolute. */
#define ORIENTATION_COMPARE_OMEGA_SCALE 64.0

/* The step count the long-run bounds are stated for. */
#define ORIENTATION_BOUND_STEPS 1000

/* control: q [1.2e-7 one step, 7.9e-7 after 1,000; mote-compare 8.3e-7 over 5,000, 3.52e-6
 * over the 20,000 of CI's 1,000-step run], omega [2.5e-7, 9.4e-6] */
#define ORIENTATION_CONTROL_Q_ONE_STEP 5e-7
#define ORIENTATION_CONTROL_Q_LONG_RUN 5e-6
#define ORIENTATION_CONTROL_W_ONE_STEP 1e-6
#define ORIENTATION_CONTROL_W_LONG_RUN 5e-5

/* spring: q [3.6e-7, 1.4e-6; mote-compare, whose targets turn now and then, 5.1e-6], omega
 * [2.8e-7, 1.8e-6] */
#define ORIENTATION_SPRING_Q_ONE_STEP 1.5e-6
#define ORIENTATION_SPRING_Q_LONG_RUN 2e-5
#define ORIENTATION_SPRING_W_ONE_STEP 1e-6
#define ORIENTATION_SPRING_W_LONG_RUN 1e-5

/* damper: q [3.0e-7, 1.3e-6; mote-compare 3.2e-6] */
#define ORIENTATION_DAMPER_Q_ONE_STEP 1e-6
#define ORIENTATION_DAMPER_Q_LONG_RUN 1e-5

/* inertialize: output and offset quaternions [3.6e-7 one step; after 1,000 steps the offsets
 * have decayed and the output is the incoming pose, 1.5e-13], omegas [3.9e-7, 1.9e-13]; the
 * spring's bounds (the offset decays by the spring's arithmetic) */
#define ORIENTATION_INERTIALIZE_Q_ONE_STEP 1.5e-6
#define ORIENTATION_INERTIALIZE_Q_LONG_RUN 2e-5
#define ORIENTATION_INERTIALIZE_W_ONE_STEP 1e-6
#define ORIENTATION_INERTIALIZE_W_LONG_RUN 1e-5

#endif
