/* Internal: a pool's step of [begin, end) split across a task system. */
#ifndef MOTE_TASK_SPLIT_H
#define MOTE_TASK_SPLIT_H

#include <stddef.h>

#include "mote/base.h"
#include "mote/tasks.h"

/* Steps the elements [begin, end) of one pool. */
typedef void (*mote_range_step_fn)(size_t begin, size_t end, void *context);

/* The smallest range handed to a worker: big enough that a task's overhead (about a
 * microsecond) is small beside its work, a multiple of MOTE_PAD_ELEMENTS (one cache line per
 * field) so no two workers write the same cache line. */
#define MOTE_TASK_MIN_ELEMENTS 8192

/* Runs step over [begin, end) on tasks (NULL: on this thread), in ranges whose bounds fall
 * on multiples of MOTE_PAD_ELEMENTS, and returns when every range has run. */
void mote_run_range_tasks(const mote_task_system *tasks, size_t begin, size_t end,
                          mote_range_step_fn step, void *context);

#endif
