/* Internal: every kernel a pool kind steps with, in one list. Each name is one kernel
 * signature's worth of work (mote_kernel_fn): the wide source defines
 * MOTE_VARIANT_FN(mote_kernel_<name>) once per compiled variant, the scalar reference defines
 * mote_kernel_<name>_scalar, and the kernel tables are generated from this list. A new pool
 * kind adds its kernel here (one line); its kind record lives in its own <kind>_kind.c
 * (docs/adding-a-pool-kind.md). */
#ifndef MOTE_KERNEL_LIST_H
#define MOTE_KERNEL_LIST_H

#include <stddef.h>

/* The spring kernels are in mote_spring_kind order (spring_kind.c checks it). */
#define MOTE_KERNELS(X)                                                                            \
    X(spring_damper)                                                                               \
    X(spring_critical)                                                                             \
    X(spring_angle)                                                                                \
    X(spring_double_angle)                                                                         \
    X(spring_decay)                                                                                \
    X(spring_semi_implicit)                                                                        \
    X(spring_exp_response)                                                                         \
    X(spring_damped)                                                                               \
    X(spring_double)                                                                               \
    X(spring_inertialize)                                                                          \
    X(mover)                                                                                       \
    X(debris)                                                                                      \
    X(docking)                                                                                     \
    X(launch)                                                                                      \
    X(stage)                                                                                       \
    X(flight)                                                                                      \
    X(orientation_control)                                                                         \
    X(orientation_spring)                                                                          \
    X(orientation_damper)                                                                          \
    X(orientation_inertialize)

#define MOTE_KERNEL_ENUM_(name) MOTE_KERNEL_##name,
typedef enum mote_kernel_id { MOTE_KERNELS(MOTE_KERNEL_ENUM_) MOTE_KERNEL_COUNT } mote_kernel_id;
#undef MOTE_KERNEL_ENUM_

/* The one kernel signature: steps the elements [begin, end) of the field arrays
 * fields[0 .. the kind's field count) (NULL for fields a pool does not store) with the
 * per-step constants the kind prepared from dt and the pool's settings. The caller has
 * checked the range and dt. */
typedef void (*mote_kernel_fn)(float *const *fields, const void *constants, size_t begin,
                               size_t end);

#endif
