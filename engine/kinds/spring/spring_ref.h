/* Internal: the reference springs in damping form. The half-life primitives of mote/spring.h
 * are these with damping = mote_halflife_to_damping(halflife); pools store that damping so
 * their steps never divide, and the scalar backend and the wide kernels both start from it.
 * damping is the coefficient d of u'' = -(d^2/4) u - d u' (1/s); the decay rate is d/2. */
#ifndef MOTE_SPRING_REF_H
#define MOTE_SPRING_REF_H

/* Exponential damper closing at rate damping/4 (= ln2/halflife). Returns the new x. */
float mote_ref_damper(float x, float goal, float damping, float dt);

/* Critically damped spring, exact. */
void mote_ref_spring(float *x, float *v, float goal, float damping, float dt);

/* Critically damped angle spring, short way round, continuous with x. */
void mote_ref_spring_angle(float *x, float *v, float goal, float damping, float dt);

/* Two angle springs in series, each with this damping. */
void mote_ref_double_spring_angle(float *x, float *v, float *xi, float *vi, float goal,
                                  float damping, float dt);

/* Two critically damped springs in series, each with this damping. */
void mote_ref_double_spring(float *x, float *v, float *xi, float *vi, float goal, float damping,
                            float dt);

/* Decay of x and v toward zero with the critically damped shape. */
void mote_ref_decay(float *x, float *v, float damping, float dt);

#endif
