/* Internal: every pool kind, one row each. This list is the registry the whole project reads:
 * the build (cmake/MoteKinds.cmake builds engine/kinds/<name>/ for each row), the kernel
 * tables (kernel_list.h), the test gates, mote-compare, mote-trace and mote-bench.
 *
 * X(name, number, kernels): name is the kind's folder and the one word the code uses for it;
 * number (1..255) goes into every id's pool tag and every snapshot, so it is fixed for good:
 * never change or reuse one (two rows with one number do not compile, see below); kernels are
 * K(kernel) entries, the kernels the kind's pools step with (mote_kernel_<kernel> in its wide
 * source, mote_kernel_<kernel>_scalar in its reference), in the order its kind record
 * expects. docs/adding-a-pool-kind.md walks through a new row. */
#ifndef MOTE_KINDS_H
#define MOTE_KINDS_H

/* clang-format off */
#define MOTE_KINDS(X, K)                                                                           \
    X(spring, 1,                                                                                   \
      K(spring_damper) K(spring_critical) K(spring_angle) K(spring_double_angle)                   \
      K(spring_decay) K(spring_semi_implicit) K(spring_exp_response) K(spring_damped)              \
      K(spring_double) K(spring_inertialize) K(spring_timed) K(spring_velocity)                    \
      K(spring_tracking) K(spring_extrapolate) K(spring_dead_blend))                               \
    X(mover, 2, K(mover) K(mover_predict) K(mover_avoid) K(mover_project))                         \
    X(debris, 3, K(debris))                                                                        \
    X(flight, 14, K(flight))                                                                       \
    X(docking, 12, K(docking))                                                                     \
    X(launch, 11, K(launch))                                                                       \
    X(stage, 13, K(stage))                                                                         \
    X(orientation, 15,                                                                             \
      K(orientation_control) K(orientation_spring) K(orientation_damper)                           \
      K(orientation_inertialize))                                                                  \
    MOTE_KINDS_EXTRA_(X, K)
/* clang-format on */

/* Rows appended from outside, for a compile check only: -D'MOTE_KINDS_EXTRA(X,K)=X(drift,16,
 * K(drift))' (tests/check_kind_example.cmake compiles the worked example of
 * docs/adding-a-pool-kind.md so). cmake/MoteKinds.cmake reads only the rows written above, so a
 * build never has such a row: a kind is added by writing its row into MOTE_KINDS. */
#ifdef MOTE_KINDS_EXTRA
#define MOTE_KINDS_EXTRA_(X, K) MOTE_KINDS_EXTRA(X, K)
#else
#define MOTE_KINDS_EXTRA_(X, K)
#endif

/* A row's parts, for MOTE_KINDS(X, K) calls that want one of them. */
#define MOTE_KIND_ROW_KERNELS(name, number, kernels) kernels
#define MOTE_KIND_NO_KERNEL(kernel)

/* MOTE_KIND_spring, ...: each kind's number, for its kind record. */
#define MOTE_KIND_NUMBER_ENUM_(name, number, kernels) MOTE_KIND_##name = number,
typedef enum mote_kind_number {
    MOTE_KINDS(MOTE_KIND_NUMBER_ENUM_, MOTE_KIND_NO_KERNEL)
} mote_kind_number;
#undef MOTE_KIND_NUMBER_ENUM_

/* Each number declares an enumerator named after it: a number two rows share is a
 * redeclaration, and the build stops here. */
#define MOTE_KIND_NUMBER_TAKEN_(name, number, kernels) mote_kind_number_##number##_is_taken,
enum mote_kind_numbers_taken { MOTE_KINDS(MOTE_KIND_NUMBER_TAKEN_, MOTE_KIND_NO_KERNEL) };
#undef MOTE_KIND_NUMBER_TAKEN_

/* How many kinds there are. */
#define MOTE_KIND_ONE_(name, number, kernels) +1
enum { MOTE_KIND_COUNT = 0 MOTE_KINDS(MOTE_KIND_ONE_, MOTE_KIND_NO_KERNEL) };
#undef MOTE_KIND_ONE_

#endif
