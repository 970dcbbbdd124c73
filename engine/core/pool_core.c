/* The storage, ids and report scan every pool kind shares; calls nothing above it (pool.h). */
#include <stdatomic.h>
#include <string.h>

#include "pool_core.h"

#include "allocator.h"

uint32_t mote_pool_core_new_tag(unsigned kind_number) {
    static atomic_uint_least32_t next_serial = 0;
    uint32_t serial;
    do {
        serial = (uint32_t)atomic_fetch_add(&next_serial, 1u) & 0xffffffu;
    } while (serial == 0);
    return (uint32_t)(kind_number & 0xffu) << 24 | serial;
}

mote_status mote_pool_core_init(mote_pool_core *core, const mote_allocator *allocator,
                                mote_field_mask field_mask, size_t capacity, size_t max_count,
                                uint32_t tag) {
    memset(core, 0, sizeof *core);
    core->tag = tag;
    core->allocator = *allocator;
    core->max_count = max_count;
    core->fields.mask = field_mask;
    return capacity > 0 ? mote_pool_core_reserve(core, capacity) : MOTE_OK;
}

void mote_pool_core_release(mote_pool_core *core) {
    mote_field_arrays_release(&core->fields, &core->allocator);
    mote_field_arrays_release(&core->spare_fields, &core->allocator);
    mote_id_table_release(&core->ids, &core->allocator);
    mote_id_table_release(&core->spare_ids, &core->allocator);
    mote_release(&core->allocator, core->spare_seen, core->spare_seen_bytes);
    core->spare_seen = NULL;
    core->spare_seen_bytes = 0;
}

size_t mote_pool_core_room(const mote_pool_core *core) {
    return core->ids.capacity < core->fields.capacity ? core->ids.capacity : core->fields.capacity;
}

mote_status mote_pool_core_reserve(mote_pool_core *core, size_t capacity) {
    if (capacity > core->max_count) {
        return MOTE_ERROR_FULL;
    }
    if (capacity <= mote_pool_core_room(core)) {
        return MOTE_OK;
    }
    /* Ids first: if the fields then fail, a larger id table is harmless (room is the smaller
     * of the two). */
    mote_status status = mote_id_table_reserve(&core->ids, &core->allocator, capacity);
    if (status != MOTE_OK) {
        return status;
    }
    return mote_field_arrays_reserve(&core->fields, &core->allocator, core->count, capacity);
}

mote_status mote_pool_core_push(mote_pool_core *core, mote_id *id, size_t *index) {
    if (core->count >= core->max_count) {
        return MOTE_ERROR_FULL;
    }
    size_t room = mote_pool_core_room(core);
    if (core->count >= room) {
        size_t grown = room < 16 ? 16 : room * 2;
        mote_status status =
            mote_pool_core_reserve(core, grown > core->max_count ? core->max_count : grown);
        if (status != MOTE_OK) {
            return status;
        }
    }
    mote_field_arrays_extend(&core->fields, core->count + 1);
    *index = core->count;
    *id = mote_id_table_issue(&core->ids, core->count);
    id->pool = core->tag;
    core->count += 1;
    core->index_changes += 1;
    return MOTE_OK;
}

mote_status mote_pool_core_remove(mote_pool_core *core, mote_id id) {
    size_t i;
    mote_status status = mote_pool_core_find(core, id, &i);
    if (status != MOTE_OK) {
        return status;
    }
    size_t last = core->count - 1;
    mote_id_table_retire(&core->ids, i, last);
    mote_field_arrays_move(&core->fields, i, last);
    core->count = last;
    core->index_changes += 1;
    return MOTE_OK;
}

mote_status mote_pool_core_find(const mote_pool_core *core, mote_id id, size_t *index) {
    if (id.pool != core->tag) {
        return id.pool == 0 ? MOTE_ERROR_STALE_ID : MOTE_ERROR_WRONG_POOL;
    }
    return mote_id_table_lookup(&core->ids, core->count, id, index) ? MOTE_OK : MOTE_ERROR_STALE_ID;
}

/* Elements of values[begin, end) equal to value. */
static unsigned count_equal(const float *values, size_t begin, size_t end, float value) {
    unsigned matches = 0;
    for (size_t i = begin; i < end; ++i) {
        matches += values[i] == value;
    }
    return matches;
}

#if defined(__GNUC__)
/* Four floats and four lanes of a comparison's result (GCC's and Clang's vector extensions:
 * SSE2 on x86-64, NEON on aarch64, from this one source). */
typedef float group_floats __attribute__((vector_size(16)));
typedef int32_t group_lanes __attribute__((vector_size(16)));
#endif

/* count_equal over the MOTE_IDS_GROUP elements from at: the compiler unrolls a loop this short
 * into one compare per element, so it is written four lanes at a time. */
static unsigned count_group(const float *values, size_t at, float value) {
#if defined(__GNUC__)
    const group_floats splat = {value, value, value, value};
    group_lanes equal = {0, 0, 0, 0};
    for (size_t k = 0; k < MOTE_IDS_GROUP; k += 4) {
        group_floats four;
        memcpy(&four, values + at + k, sizeof four);
        equal += (group_lanes)(four == splat); /* -1 where equal (never for NaN) */
    }
    return (unsigned)-(equal[0] + equal[1] + equal[2] + equal[3]);
#else
    return count_equal(values, at, at + MOTE_IDS_GROUP, value);
#endif
}

void mote_pool_core_mark_groups(const mote_pool_core *core, int field, float value, size_t origin,
                                size_t begin, size_t end, unsigned char *marks) {
    const float *values = core->fields.field[field];
    size_t group = (begin - origin + MOTE_IDS_GROUP - 1) / MOTE_IDS_GROUP; /* the first whole one */
    for (size_t at = origin + group * MOTE_IDS_GROUP; at + MOTE_IDS_GROUP <= end;
         at += MOTE_IDS_GROUP, ++group) {
        marks[group] = (unsigned char)count_group(values, at, value);
    }
}

/* Groups of a scan are skipped eight marks at a time where all eight are 0. A step's matches
 * are typically a few in a pool of thousands (the pieces released in this step), so the walk
 * is short. The walk writes each match's dense index and a second, branch-free pass turns them
 * into ids, so the id table's loads (two dependent ones per id, in a table the step's field
 * streams have pushed out of the near caches) overlap instead of waiting one after another
 * behind the walk's branches: on Zen 5 the report of a 64k debris step (256 ids) had taken 60
 * us of a 400 us serial step, most of it those loads. */
size_t mote_pool_core_ids_where(const mote_pool_core *core, int field, float value, size_t begin,
                                size_t end, const unsigned char *marks, mote_id *ids,
                                size_t capacity) {
    const float *values = core->fields.field[field];
    size_t found = 0;
    for (size_t group = 0, at = begin; at < end; ++group, at += MOTE_IDS_GROUP) {
        if (marks != NULL && group % 8 == 0 && at + 8 * MOTE_IDS_GROUP <= end) {
            uint64_t eight;
            memcpy(&eight, marks + group, 8);
            if (eight == 0) { /* this group and the seven after it: none */
                group += 7;
                at += 7 * MOTE_IDS_GROUP;
                continue;
            }
        }
        const size_t group_end = end - at < MOTE_IDS_GROUP ? end : at + MOTE_IDS_GROUP;
        unsigned matches = marks != NULL && marks[group] != MOTE_GROUP_UNCOUNTED ? marks[group]
                           : group_end - at == MOTE_IDS_GROUP
                               ? count_group(values, at, value)
                               : count_equal(values, at, group_end, value);
        if (found >= capacity) {
            found += matches;
            continue;
        }
        for (size_t i = at; matches > 0 && i < group_end; ++i) {
            if (values[i] == value) {
                if (found < capacity) {
                    ids[found].slot = (uint32_t)i; /* the dense index, for now */
                }
                ++found;
                --matches;
            }
        }
    }
    const size_t written = found < capacity ? found : capacity;
    for (size_t k = 0; k < written; ++k) {
        ids[k] = mote_pool_core_id_at(core, ids[k].slot);
    }
    return found;
}

mote_id mote_pool_core_id_at(const mote_pool_core *core, size_t index) {
    if (index >= core->count) {
        return mote_null_id();
    }
    mote_id id = mote_id_table_at(&core->ids, index);
    id.pool = core->tag;
    return id;
}

mote_status mote_pool_core_validate(const mote_pool_core *core, mote_validation *out) {
    mote_validation v = {0, core->count};
    for (size_t i = 0; i < core->count; ++i) {
        if (!mote_field_arrays_finite(&core->fields, i)) {
            if (v.bad_count == 0) {
                v.first_bad_index = i;
            }
            ++v.bad_count;
        }
    }
    if (out != NULL) {
        *out = v;
    }
    return v.bad_count == 0 ? MOTE_OK : MOTE_ERROR_NON_FINITE;
}
