/* mote: status codes, stable ids and allocator hooks shared by every pool kind. */
#ifndef MOTE_BASE_H
#define MOTE_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MOTE_VERSION_MAJOR 0
#define MOTE_VERSION_MINOR 1
#define MOTE_VERSION_PATCH 0

/* Every pool field array starts on this boundary (bytes). */
#define MOTE_ALIGNMENT 64
/* Field arrays are padded to a multiple of this many elements (the widest lane count),
 * so whole-pool steps never need a scalar tail. */
#define MOTE_PAD_ELEMENTS 16

/* Result of every call that can fail. A call that returns an error has changed nothing. */
typedef enum mote_status {
    MOTE_OK = 0,
    MOTE_ERROR_INVALID_ARGUMENT = -1,    /* NULL pointer, unknown kind, negative rate ... */
    MOTE_ERROR_INVALID_DT = -2,          /* time step NaN, infinite or negative */
    MOTE_ERROR_FULL = -3,                /* the pool is at its max_count */
    MOTE_ERROR_STALE_ID = -4,            /* the id was removed, or never issued by this pool */
    MOTE_ERROR_OUT_OF_MEMORY = -5,       /* the allocator hook returned NULL */
    MOTE_ERROR_RANGE = -6,               /* begin/end outside [0, count] or begin > end */
    MOTE_ERROR_NON_FINITE = -7,          /* NaN or infinity in input or in pool state */
    MOTE_ERROR_BACKEND_UNAVAILABLE = -8, /* this CPU (or build) cannot run that backend */
    MOTE_ERROR_WRONG_POOL = -9,          /* the id was issued by another pool (or another kind of
                                          * pool): it never addresses this pool's elements */
    MOTE_ERROR_UNINITIALIZED_DEF = -10,  /* the def did not come from its mote_default_*_def()
                                          * (a zeroed or hand-built struct) */
    MOTE_ERROR_CORRUPT_SNAPSHOT = -11,   /* restore: the bytes are not a snapshot this pool can
                                          * take (truncated, damaged, newer, another kind) */
    MOTE_ERROR_BUFFER_TOO_SMALL = -12    /* save: the buffer is smaller than the snapshot (the
                                          * size needed is reported) */
} mote_status;

/* Short constant name of a status ("MOTE_OK", "MOTE_ERROR_FULL", ...). Never NULL. */
const char *mote_status_name(mote_status status);

/* Bytes mote_error_detail() can hold, its terminating zero included. */
#define MOTE_ERROR_DETAIL_CAPACITY 256

/* Why the last refused call on this thread refused: the status name, then the field or
 * argument and the rule it broke, e.g. "MOTE_ERROR_INVALID_ARGUMENT: desc.max_speed must be
 * finite and > 0 (got -1)". Set by every call that returns an error; a call that succeeds
 * leaves it as it was. Never NULL; "" before the first refusal on this thread or after
 * mote_clear_error_detail(). Thread-local: other threads' calls do not change it. The text is
 * for people (logs, asserts); the status is the contract. */
const char *mote_error_detail(void);

/* Empties this thread's mote_error_detail(), e.g. before a call whose refusal is checked. */
void mote_clear_error_detail(void);

/* A stable handle to one element of a pool: a slot, the generation the slot had when the
 * element was added, and the tag of the pool that issued it. Removing the element bumps the
 * generation, so an old id is detected as stale (MOTE_ERROR_STALE_ID) and never silently
 * addresses a newer element; an id used on a pool that did not issue it is reported as
 * MOTE_ERROR_WRONG_POOL and changes nothing. The pool tag names the kind of pool in its top
 * 8 bits and a process-wide serial in the low 24 (so only after 2^24 pool creations can a
 * dead pool's tag come back). An id with tag 0 (the null id, or
 * one written by hand) was issued by no pool: MOTE_ERROR_STALE_ID. {0, 0, 0} is never
 * valid. */
typedef struct mote_id {
    uint32_t slot;
    uint32_t generation;
    uint32_t pool; /* tag of the issuing pool; 0 for the null id */
} mote_id;

/* The id no pool ever issues. */
static inline mote_id mote_null_id(void) {
    mote_id id = {0u, 0u, 0u};
    return id;
}

/* True when both ids name the same slot and generation of the same pool. */
static inline bool mote_id_equal(mote_id a, mote_id b) {
    return a.slot == b.slot && a.generation == b.generation && a.pool == b.pool;
}

/* Allocates size bytes aligned to alignment (a power of two, at most 4096); NULL on failure. */
typedef void *(*mote_alloc_fn)(size_t size, size_t alignment, void *user);
/* Frees a block from the matching alloc; size is the size that was asked for. */
typedef void (*mote_free_fn)(void *ptr, size_t size, void *user);

/* Where all of mote's memory comes from. */
typedef struct mote_allocator {
    mote_alloc_fn alloc;
    mote_free_fn free;
    void *user;
} mote_allocator;

/* Replaces the allocator used by pools created from now on; NULL restores the default
 * (aligned_alloc/free; blocks of 2 MiB or more, the field arrays of pools of 512k elements and
 * up, start on a 2 MiB boundary, are rounded up to whole 2 MiB and, on Linux, are advised as
 * transparent huge pages with madvise(MADV_HUGEPAGE)). A pool keeps the allocator it was
 * created with until destroyed. Not thread-safe: call it before creating pools. */
void mote_set_allocator(const mote_allocator *allocator);

/* The allocator new pools will use. */
mote_allocator mote_get_allocator(void);

/* What a pool's validate call found: elements holding NaN or infinity. */
typedef struct mote_validation {
    size_t bad_count;       /* elements with at least one non-finite field */
    size_t first_bad_index; /* dense index of the first one; equals count when none */
} mote_validation;

#ifdef __cplusplus
}
#endif

#endif
