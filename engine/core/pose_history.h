/* Internal: a pool's previous poses, kept where the game asked (mote_<kind>_pool_keep_previous
 * _pose): per pose component of the kind (its record's pose fields: 7 for a rigid pose, 4 for
 * a rotation, 3 for a planar one) an array beside the fields, not a field (no view, desc,
 * snapshot or validate sees it). Elements [0, valid) hold their pose from before the pool's
 * last step that covered them; the pool layer keeps that true through its hooks below, and the
 * pose writer blends from it. */
#ifndef MOTE_POSE_HISTORY_H
#define MOTE_POSE_HISTORY_H

#include <stdbool.h>

#include "field_arrays.h"
#include "mote/base.h"

typedef struct mote_pool mote_pool;

typedef struct mote_pose_history {
    mote_field_arrays arrays; /* field c: pose component c (mote_pose_history_fields) */
    int components;
    size_t valid; /* elements [0, valid) hold a previous pose */
} mote_pose_history;

/* The pool's field of each pose component, in the history's order (position, then
 * orientation); returns how many (0 for a kind without a pose). */
int mote_pose_history_fields(const mote_pool *pool, int fields[7]);

/* Starts keeping (the current poses become the previous ones) or stops (freeing them).
 * MOTE_ERROR_OUT_OF_MEMORY changes nothing; a kind without a pose is refused. */
mote_status mote_pose_history_keep(mote_pool *pool, bool keep);

/* Before a step of [begin, end) (nothing changed yet): room for the pool's capacity, and the
 * elements between valid and begin get their current pose as the previous one.
 * MOTE_ERROR_OUT_OF_MEMORY when the room cannot be had (the step must then refuse). */
mote_status mote_pose_history_before_step(mote_pool *pool, size_t begin, size_t end);

/* One range of the step, before its kernel: copies the pose of [begin, end) aside. */
void mote_pose_history_capture(mote_pool *pool, size_t begin, size_t end);

/* After a step of [begin, end): those elements hold a previous pose. */
void mote_pose_history_after_step(mote_pool *pool, size_t end);

/* Before a remove of the live element at index (the last one will move into it). */
void mote_pose_history_before_remove(mote_pool *pool, size_t index);

/* After a set of element index: its previous pose is its new pose. */
void mote_pose_history_reset(mote_pool *pool, size_t index);

/* After a restore: no element has a previous pose. */
void mote_pose_history_forget(mote_pool *pool);

/* Frees the history (at destroy). */
void mote_pose_history_release(mote_pool *pool);

#endif
