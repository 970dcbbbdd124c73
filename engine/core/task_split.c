/* A pool step split across a task system: items are blocks of MOTE_PAD_ELEMENTS elements, so
 * every range starts on a cache-line boundary of every field array. */
#include "task_split.h"

typedef struct range_job {
    size_t begin; /* first element */
    size_t end;   /* one past the last element */
    size_t first_block;
    mote_range_step_fn step;
    void *context;
} range_job;

static void run_blocks(size_t begin, size_t end, unsigned worker_index, void *task_context) {
    (void)worker_index;
    const range_job *job = task_context;
    size_t first = (job->first_block + begin) * MOTE_PAD_ELEMENTS;
    size_t last = (job->first_block + end) * MOTE_PAD_ELEMENTS;
    first = first > job->begin ? first : job->begin;
    last = last < job->end ? last : job->end;
    if (first < last) {
        job->step(first, last, job->context);
    }
}

void mote_run_range_tasks(const mote_task_system *tasks, size_t begin, size_t end,
                          size_t min_elements, mote_range_step_fn step, void *context) {
    if (begin >= end) {
        return;
    }
    if (tasks == NULL || tasks->enqueue == NULL || end - begin <= min_elements) {
        step(begin, end, context);
        return;
    }
    range_job job = {begin, end, begin / MOTE_PAD_ELEMENTS, step, context};
    size_t blocks = (end + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS - job.first_block;
    void *handle = tasks->enqueue(run_blocks, blocks, min_elements / MOTE_PAD_ELEMENTS, &job,
                                  tasks->user_context);
    if (handle != NULL && tasks->finish != NULL) {
        tasks->finish(handle, tasks->user_context);
    }
}
