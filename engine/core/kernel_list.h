/* Internal: every kernel a pool kind steps with, in one list. Each name is one kernel
 * signature's worth of work (mote_kernel_fn): the wide source defines
 * MOTE_VARIANT_FN(mote_kernel_<name>) once per compiled variant, the scalar reference defines
 * mote_kernel_<name>_scalar, and the kernel tables are generated from this list, which is the
 * registry's (kinds.h): a kind's kernels are named in its row there. */
#ifndef MOTE_KERNEL_LIST_H
#define MOTE_KERNEL_LIST_H

#include <stddef.h>

#include "kinds.h"

/* Every kernel of every kind, in registry order (kinds.h); a kind's kernels in the order its
 * kind record expects (the spring kernels in mote_spring_kind order, spring_kind.c checks it). */
#define MOTE_KERNELS(X) MOTE_KINDS(MOTE_KIND_ROW_KERNELS, X)

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
