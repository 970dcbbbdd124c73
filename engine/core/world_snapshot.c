/* A world's snapshot (mote/world.h): every joined pool's snapshot, in join order, in one blob
 * with one checksum over all, and a restore that checks the whole blob, every pool, before it
 * changes any pool (docs/snapshot-format.md, "World snapshots"). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "little_endian.h"
#include "allocator.h"
#include "kinds.h"
#include "pool_snapshot.h"
#include "refuse.h"
#include "world_internal.h"

#define WORLD_MAGIC          "MOTEWRLD" /* 8 bytes, no terminator */
#define WORLD_VERSION        1u
#define WORLD_HEADER_BYTES   32u /* magic, version, header bytes, pools, max_dt, max_substeps, 0 */
#define WORLD_ENTRY_BYTES    16u /* per pool: kind number, 0, its snapshot's bytes (64 bits) */
#define WORLD_CHECKSUM_BYTES 8u  /* XXH3-64 of every byte before it */

/* A kind's name from its number, for the details ("unknown" for a number no row has). */
static const char *kind_name(uint32_t number) {
#define WORLD_KIND_NAME_(name, num, kernels)                                                       \
    if (number == (num)) {                                                                         \
        return #name;                                                                              \
    }
    MOTE_KINDS(WORLD_KIND_NAME_, MOTE_KIND_NO_KERNEL)
#undef WORLD_KIND_NAME_
    return "unknown";
}

/* Bytes before the first pool's snapshot: the header and the directory. */
static uint64_t directory_end(uint64_t pools) {
    return WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * pools;
}

size_t mote_world_snapshot_size(const mote_world *world) {
    if (world == NULL) {
        return 0;
    }
    size_t bytes = (size_t)directory_end(world->count) + WORLD_CHECKSUM_BYTES;
    for (size_t i = 0; i < world->count; ++i) {
        bytes += mote_pool_snapshot_size(world->members[i].pool, world->members[i].kind);
    }
    return bytes;
}

/* The refusal just recorded (its status name dropped) again, as status, prefixed with the pool
 * it came from: "pool[2] (debris): ...". */
static mote_status refuse_for_pool(mote_status status, size_t index, const char *kind) {
    char detail[MOTE_ERROR_DETAIL_CAPACITY];
    const char *after_status = strstr(mote_error_detail(), ": ");
    (void)snprintf(detail, sizeof detail, "%s",
                   after_status != NULL ? after_status + 2 : mote_error_detail());
    return mote_refuse(status, "pool[%zu] (%s): %s", index, kind, detail);
}

mote_status mote_world_save(const mote_world *world, void *buffer, size_t size,
                            size_t *out_written) {
    if (world == NULL || (buffer == NULL && size > 0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "world must not be NULL, nor buffer with size %zu", size);
    }
    const size_t needed = mote_world_snapshot_size(world);
    if (size < needed) {
        if (out_written != NULL) {
            *out_written = needed;
        }
        return mote_refuse(MOTE_ERROR_BUFFER_TOO_SMALL,
                           "size: the world's snapshot takes %zu bytes (got %zu)", needed, size);
    }
    unsigned char *blob = buffer;
    uint32_t max_dt_bits;
    memcpy(&max_dt_bits, &world->max_dt, 4);
    memcpy(blob, WORLD_MAGIC, 8);
    put_u32(blob + 8, WORLD_VERSION);
    put_u32(blob + 12, WORLD_HEADER_BYTES);
    put_u32(blob + 16, (uint32_t)world->count);
    put_u32(blob + 20, max_dt_bits);
    put_u32(blob + 24, world->max_substeps);
    put_u32(blob + 28, 0);
    size_t at = (size_t)directory_end(world->count);
    for (size_t i = 0; i < world->count; ++i) {
        const mote_world_member *m = &world->members[i];
        size_t written = 0;
        const mote_status status =
            mote_pool_save(m->pool, m->kind, blob + at, needed - at, &written);
        if (status != MOTE_OK) {
            return refuse_for_pool(status, i, m->kind->name);
        }
        unsigned char *entry = blob + WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * i;
        put_u32(entry, m->kind->number);
        put_u32(entry + 4, 0);
        put_u64(entry + 8, written);
        at += written;
    }
    put_u64(blob + at, mote_snapshot_checksum(blob, at));
    if (out_written != NULL) {
        *out_written = needed;
    }
    return MOTE_OK;
}

/* The header, the directory against the world's pools, the sizes and the checksum: MOTE_OK,
 * or MOTE_ERROR_CORRUPT_SNAPSHOT naming what is wrong. Reads nothing past size. */
static mote_status check_outline(const mote_world *world, const unsigned char *blob, size_t size) {
    if (size < WORLD_HEADER_BYTES + WORLD_CHECKSUM_BYTES) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "size: a world snapshot takes at least %u bytes (got %zu)",
                           WORLD_HEADER_BYTES + WORLD_CHECKSUM_BYTES, size);
    }
    if (memcmp(blob, WORLD_MAGIC, 8) != 0) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "header: not a mote world snapshot (magic)");
    }
    if (get_u32(blob + 8) != WORLD_VERSION || get_u32(blob + 12) != WORLD_HEADER_BYTES ||
        get_u32(blob + 28) != 0) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "header: another world snapshot version or header size");
    }
    const uint32_t pools = get_u32(blob + 16);
    if (pools != world->count) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "layout: the snapshot holds %u pools, the world %zu", (unsigned)pools,
                           world->count);
    }
    if ((uint64_t)size < directory_end(pools) + WORLD_CHECKSUM_BYTES) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "size: truncated in the pools' directory (got %zu bytes)", size);
    }
    uint64_t total = directory_end(pools) + WORLD_CHECKSUM_BYTES;
    for (size_t i = 0; i < world->count; ++i) {
        const unsigned char *entry = blob + WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * i;
        const uint32_t number = get_u32(entry);
        const mote_pool_kind *kind = world->members[i].kind;
        if (number != kind->number) {
            return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                               "layout: pool[%zu] is a %s pool in the snapshot, a %s pool in "
                               "the world",
                               i, kind_name(number), kind->name);
        }
        const uint64_t bytes = get_u64(entry + 8);
        if (get_u32(entry + 4) != 0 || bytes > (uint64_t)size) {
            return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                               "directory: pool[%zu]'s size is not one (damaged)", i);
        }
        total += bytes;
    }
    if (total != (uint64_t)size) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "size: not the size the pools' directory gives (truncated or with "
                           "bytes after)");
    }
    if (mote_snapshot_checksum(blob, size - WORLD_CHECKSUM_BYTES) !=
        get_u64(blob + size - WORLD_CHECKSUM_BYTES)) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "checksum: the bytes are not the ones saved (damaged)");
    }
    float max_dt;
    const uint32_t max_dt_bits = get_u32(blob + 20);
    memcpy(&max_dt, &max_dt_bits, 4);
    const uint32_t max_substeps = get_u32(blob + 24);
    if (!(max_dt > 0.0f) || max_substeps < 1 || max_substeps > MOTE_WORLD_MAX_SUBSTEPS) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "header: max_dt must be > 0 and max_substeps in [1, %d] (got %g, %u)",
                           MOTE_WORLD_MAX_SUBSTEPS, (double)max_dt, (unsigned)max_substeps);
    }
    return MOTE_OK;
}

mote_status mote_world_restore(mote_world *world, const void *buffer, size_t size) {
    if (world == NULL || buffer == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world and buffer must not be NULL");
    }
    const unsigned char *blob = buffer;
    mote_status status = check_outline(world, blob, size);
    if (status != MOTE_OK) {
        return status;
    }
    /* Every pool is staged (checked, written into its spare storage) before any is
     * committed: a refusal anywhere leaves every pool as it was. */
    const size_t staged_bytes = world->count * sizeof(mote_restore_staged);
    mote_restore_staged *staged =
        world->count > 0 ? mote_allocate(&world->allocator, staged_bytes) : NULL;
    if (world->count > 0 && staged == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                           "the allocator refused restore's scratch for %zu pools", world->count);
    }
    size_t at = (size_t)directory_end(world->count);
    for (size_t i = 0; i < world->count && status == MOTE_OK; ++i) {
        const mote_world_member *m = &world->members[i];
        const size_t bytes = (size_t)get_u64(blob + WORLD_HEADER_BYTES + WORLD_ENTRY_BYTES * i + 8);
        status = mote_pool_restore_stage(m->pool, m->kind, blob + at, bytes, &staged[i]);
        if (status != MOTE_OK) {
            status = refuse_for_pool(status, i, m->kind->name);
        }
        at += bytes;
    }
    if (status == MOTE_OK) {
        for (size_t i = 0; i < world->count; ++i) {
            mote_pool_restore_commit(world->members[i].pool, world->members[i].kind, &staged[i]);
        }
        const uint32_t max_dt_bits = get_u32(blob + 20);
        memcpy(&world->max_dt, &max_dt_bits, 4);
        world->max_substeps = get_u32(blob + 24);
    }
    mote_release(&world->allocator, staged, staged_bytes);
    return status;
}
