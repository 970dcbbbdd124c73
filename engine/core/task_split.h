/* Internal: a pool's step of [begin, end) split across a task system. A layer below the step's
 * entry (pool.c): it runs what it is given and checks nothing. */
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

/* Runs a ready step plan (pool.h, built and checked by mote_pool_step_span): the plan's kernel
 * with its constants over its range, split over its task system as mote_run_range_tasks
 * splits, each range counting its report groups after its kernel where the plan marks. */
struct mote_step_plan;
void mote_step_plan_run(const struct mote_step_plan *plan);

/* Runs the ranges of count ready plans (each with ranges to run, of pools that are not each
 * other) as one task on tasks (NULL: on this thread, each plan whole in turn): every plan's
 * [begin, end) cut into blocks of MOTE_PAD_ELEMENTS elements, the blocks of all plans in a row
 * split across the workers in one fork and join, in ranges of at least the smallest of the
 * plans' min_elements (all of them on this thread when they hold no more elements than that).
 * Each block runs as mote_step_plan_run runs it, so every plan ends bit for bit as run alone.
 * offsets: room for count + 1 sizes, the caller's scratch. */
void mote_step_plans_run(const struct mote_step_plan *const *plans, size_t count, size_t *offsets,
                         const mote_task_system *tasks);

#endif
