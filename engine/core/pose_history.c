/* A pool's previous poses (pose_history.h): kept beside the fields, maintained by the pool
 * layer's hooks, read by the pose writer (pose.c). */
#include <string.h>

#include "allocator.h"
#include "pool.h"
#include "pose_history.h"
#include "refuse.h"

int mote_pose_history_fields(const mote_pool *pool, int fields[7]) {
    const mote_pose_fields *pose = pool->kind->pose;
    if (pose == NULL) {
        return 0;
    }
    switch (pose->form) {
    case MOTE_POSE_FORM_RIGID:
        memcpy(fields, pose->position, 3 * sizeof(int));
        memcpy(fields + 3, pose->orientation, 4 * sizeof(int));
        return 7;
    case MOTE_POSE_FORM_ROTATION:
        memcpy(fields, pose->orientation, 4 * sizeof(int));
        return 4;
    default:
        fields[0] = pose->position[0], fields[1] = pose->position[1];
        fields[2] = pose->orientation[0];
        return 3;
    }
}

/* Copies the current pose of [begin, end) into the history. */
static void copy_current(mote_pool *pool, size_t begin, size_t end) {
    mote_pose_history *h = pool->pose_history;
    int fields[7];
    const int n = mote_pose_history_fields(pool, fields);
    for (int c = 0; c < n; ++c) {
        memcpy(h->arrays.field[c] + begin, pool->core.fields.field[fields[c]] + begin,
               (end - begin) * sizeof(float));
    }
}

/* Room in the history for the pool's capacity, its first `keep` elements kept. */
static mote_status make_room(mote_pool *pool, size_t keep) {
    mote_pose_history *h = pool->pose_history;
    const size_t capacity = pool->core.fields.capacity;
    if (h->arrays.capacity < capacity) {
        const mote_status status =
            mote_field_arrays_reserve(&h->arrays, &pool->core.allocator, keep, capacity);
        if (status != MOTE_OK) {
            return mote_refuse(status, "previous poses: no memory for %zu elements", capacity);
        }
    }
    mote_field_arrays_extend(&h->arrays, pool->core.count);
    return MOTE_OK;
}

mote_status mote_pose_history_keep(mote_pool *pool, bool keep) {
    if (!keep || pool->pose_history != NULL) {
        if (!keep) {
            mote_pose_history_release(pool);
        }
        return MOTE_OK;
    }
    int fields[7];
    const int n = mote_pose_history_fields(pool, fields);
    if (n == 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool: a %s pool has no pose",
                           pool->kind->name);
    }
    mote_pose_history *h = mote_allocate(&pool->core.allocator, sizeof *h);
    if (h == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "previous poses: no memory");
    }
    memset(h, 0, sizeof *h);
    h->components = n;
    h->arrays.mask = MOTE_FIELD_BITS(0, n);
    pool->pose_history = h;
    if (make_room(pool, 0) != MOTE_OK) {
        mote_pose_history_release(pool);
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    copy_current(pool, 0, pool->core.count);
    h->valid = pool->core.count;
    return MOTE_OK;
}

mote_status mote_pose_history_before_step(mote_pool *pool, size_t begin, size_t end) {
    mote_pose_history *h = pool->pose_history;
    if (h == NULL) {
        return MOTE_OK;
    }
    (void)end;
    const mote_status status = make_room(pool, h->valid);
    if (status != MOTE_OK) {
        return status;
    }
    if (h->valid < begin) {
        copy_current(pool, h->valid, begin); /* not stepped: their pose is unchanged */
        h->valid = begin;
    }
    return MOTE_OK;
}

void mote_pose_history_capture(mote_pool *pool, size_t begin, size_t end) {
    const mote_pose_history *h = pool->pose_history;
    if (h == NULL) {
        return;
    }
    /* within the room before_step made: a plan run without it (the world's) stays in bounds */
    end = end < h->arrays.ready ? end : h->arrays.ready;
    if (begin < end) {
        copy_current(pool, begin, end);
    }
}

void mote_pose_history_after_step(mote_pool *pool, size_t end) {
    mote_pose_history *h = pool->pose_history;
    if (h != NULL && h->valid < end) {
        h->valid = end;
    }
}

void mote_pose_history_before_remove(mote_pool *pool, size_t index) {
    mote_pose_history *h = pool->pose_history;
    if (h == NULL) {
        return;
    }
    const size_t last = pool->core.count - 1;
    if (index < h->valid && index != last) {
        int fields[7];
        mote_pose_history_fields(pool, fields);
        for (int c = 0; c < h->components; ++c) { /* the last moves in with its previous pose */
            h->arrays.field[c][index] = last < h->valid ? h->arrays.field[c][last]
                                                        : pool->core.fields.field[fields[c]][last];
        }
    }
    if (h->valid > last) {
        h->valid = last;
    }
}

void mote_pose_history_reset(mote_pool *pool, size_t index) {
    mote_pose_history *h = pool->pose_history;
    if (h != NULL && index < h->valid) {
        copy_current(pool, index, index + 1);
    }
}

void mote_pose_history_forget(mote_pool *pool) {
    if (pool->pose_history != NULL) {
        pool->pose_history->valid = 0;
    }
}

void mote_pose_history_release(mote_pool *pool) {
    mote_pose_history *h = pool->pose_history;
    if (h == NULL) {
        return;
    }
    mote_field_arrays_release(&h->arrays, &pool->core.allocator);
    mote_release(&pool->core.allocator, h, sizeof *h);
    pool->pose_history = NULL;
}
