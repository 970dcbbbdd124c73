/* Internal: a pool's step of [begin, end) split across a task system. */
#ifndef MOTE_TASK_SPLIT_H
#define MOTE_TASK_SPLIT_H

#include <stddef.h>

#include "mote/base.h"
#include "mote/tasks.h"

/* Steps the elements [begin, end) of one pool. */
typedef void (*mote_range_step_fn)(size_t begin, size_t end, void *context);

/* Runs step over [begin, end) on tasks (NULL: on this thread), in ranges of at least
 * min_elements (a multiple of MOTE_PAD_ELEMENTS, one cache line per field, so no two workers
 * write the same line) whose bounds fall on multiples of MOTE_PAD_ELEMENTS, and returns when
 * every range has run. A range of min_elements or fewer runs on this thread. */
void mote_run_range_tasks(const mote_task_system *tasks, size_t begin, size_t end,
                          size_t min_elements, mote_range_step_fn step, void *context);

#endif
