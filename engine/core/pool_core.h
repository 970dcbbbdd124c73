/* Internal: what every pool kind shares: its allocator, dense structure-of-arrays storage,
 * stable ids, growth, swap-remove, validation and the step report's scan. A pool kind embeds
 * one and adds its own fields' meaning and its kernels. The bottom of the pool layer: pool.c
 * and task_split.c call it, it calls nothing of theirs (a step's checks are pool.c's, made
 * once at the step's entry). */
#ifndef MOTE_POOL_CORE_H
#define MOTE_POOL_CORE_H

#include "field_arrays.h"
#include "id_table.h"
#include "mote/base.h"

typedef struct mote_pool_core {
    mote_allocator allocator; /* the one the pool was created with */
    size_t count;             /* live elements, dense in [0, count) */
    size_t max_count;         /* add fails with MOTE_ERROR_FULL past this */
    /* Counts every add, remove and restore: anything that may put another element at an
     * index (a structure a kind keeps by index, such as the mover's grid, compares it). */
    uint64_t index_changes;
    mote_field_arrays fields;
    mote_id_table ids;
    uint32_t tag; /* every id this core issues carries it (mote_id.pool) */
    /* Restore's spare storage (pool_snapshot.c): a blob is checked and copied into it in one
     * pass, then it trades places with fields. Empty until the first restore, then the
     * storage the pool held before (a restored pool keeps its field memory twice). */
    mote_field_arrays spare_fields;
    /* The same for the id table: restore writes the blob's table into it while it checks it,
     * and the two trade places for a good blob. Its slots_used is the highest slot that may
     * hold something other than a never-used slot's values (restore resets them). */
    mote_id_table spare_ids;
    /* Restore's map of the slots a blob names, a byte per slot: kept from one restore to the
     * next (NULL until the first), so a game restoring every frame does not have the system
     * clear fresh pages for it every time. */
    unsigned char *spare_seen;
    size_t spare_seen_bytes;
} mote_pool_core;

/* A fresh pool tag for a pool of the kind numbered kind_number (1..255): the kind in the top
 * 8 bits, a process-wide serial (never 0) in the low 24. Thread-safe. */
uint32_t mote_pool_core_new_tag(unsigned kind_number);

/* The kind number a tag carries (0 for the null id's tag). */
static inline unsigned mote_pool_tag_kind(uint32_t tag) {
    return tag >> 24;
}

/* An empty core storing the fields in field_mask with allocator, with room for
 * capacity elements (reserved: no page of it is written until elements reach it), issuing
 * ids tagged tag. capacity <= max_count <= MOTE_MAX_COUNT is the caller's to check. */
mote_status mote_pool_core_init(mote_pool_core *core, const mote_allocator *allocator,
                                mote_field_mask field_mask, size_t capacity, size_t max_count,
                                uint32_t tag);

/* Frees the storage (the core itself belongs to the caller). */
void mote_pool_core_release(mote_pool_core *core);

/* Elements that fit before the storage must grow. */
size_t mote_pool_core_room(const mote_pool_core *core);

/* Grows to hold at least capacity elements; MOTE_ERROR_FULL above max_count. All or
 * nothing. */
mote_status mote_pool_core_reserve(mote_pool_core *core, size_t capacity);

/* Appends one element (growing by doubling when needed) and issues its id; the caller then
 * writes its fields at *index, which are zero until then. Nothing changes on failure. */
mote_status mote_pool_core_push(mote_pool_core *core, mote_id *id, size_t *index);

/* Removes a live element: the last one moves into its place. MOTE_ERROR_STALE_ID or
 * MOTE_ERROR_WRONG_POOL (see mote_pool_core_find) change nothing. */
mote_status mote_pool_core_remove(mote_pool_core *core, mote_id id);

/* The dense index of a live id (index may be NULL): MOTE_OK; MOTE_ERROR_WRONG_POOL for an id
 * another pool issued; MOTE_ERROR_STALE_ID for a removed id or one no pool issued. */
mote_status mote_pool_core_find(const mote_pool_core *core, mote_id id, size_t *index);

/* Id at a dense index; the null id past count. */
mote_id mote_pool_core_id_at(const mote_pool_core *core, size_t index);

/* The step reports' scan works in groups of MOTE_IDS_GROUP elements from the scan's begin; a
 * group's mark is how many of its elements match (0..MOTE_IDS_GROUP), or MOTE_GROUP_UNCOUNTED. */
#define MOTE_IDS_GROUP       16
#define MOTE_GROUP_UNCOUNTED 0xffu

/* Bytes of marks a scan of n elements reads: one per group, rounded up to 8. */
static inline size_t mote_group_marks_bytes(size_t n) {
    return (n / MOTE_IDS_GROUP / 8 + 1) * 8;
}

/* Writes into marks the match count of every group that lies wholly in [begin, end), the groups
 * counted from origin (the scan's begin): a group's elements whose field `field` equals value.
 * Groups cut by begin or end are left as they are, so ranges that split a scan between them
 * (a parallel step's, each right after its kernel while its elements are in its core's cache)
 * never write the same byte. */
void mote_pool_core_mark_groups(const mote_pool_core *core, int field, float value, size_t origin,
                                size_t begin, size_t end, unsigned char *marks);

/* Ids of the elements of [begin, end) (within count) whose field `field` equals value, in index
 * order: the first `capacity` go to ids (which may be NULL when capacity is 0); returns how
 * many there are, which may be more than capacity. The step reports (debris released, flyers
 * landed) run it after every step. marks (mote_group_marks_bytes(end - begin) bytes, or NULL:
 * every group uncounted) holds counts from mote_pool_core_mark_groups with origin begin; the
 * scan counts the uncounted groups itself (a vectorized pass), skips the groups without a
 * match, walks the others element by element, then looks the ids up. */
size_t mote_pool_core_ids_where(const mote_pool_core *core, int field, float value, size_t begin,
                                size_t end, const unsigned char *marks, mote_id *ids,
                                size_t capacity);

/* Counts elements with a non-finite stored field. */
mote_status mote_pool_core_validate(const mote_pool_core *core, mote_validation *out);

#endif
