/* A pool step split across a task system: items are blocks of MOTE_PAD_ELEMENTS elements, so
 * every range starts on a cache-line boundary of every field array. Called by pool.c (the
 * step's entry) with a ready plan; calls only pool_core.c (the report's group marks) and the
 * plan's kernel. */
#include <assert.h>

#include "pool.h"
#include "pose_history.h"
#include "pool_events.h"
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

/* A marking range runs its kernel this many elements at a time (from the step's begin, a
 * multiple of MOTE_IDS_GROUP) and counts each piece's groups right after, while the piece's
 * report field is still in L1 or L2: counted after the whole range, the field came back from
 * L3 (7% of a 64k debris step's samples on Zen 5). A recording range (pool_events.h) reads
 * each piece's event states around its kernel the same way. */
#define MARK_PIECE 512
_Static_assert(MARK_PIECE % MOTE_IDS_GROUP == 0, "a marking piece holds whole groups");

/* One range of a plan (mote_range_step_fn). */
static void run_plan_range(size_t begin, size_t end, void *context) {
    const mote_step_plan *plan = context;
    mote_pose_history_capture(plan->pool, begin, end); /* the pose before the step, if kept */
    float *const *fields = plan->pool->core.fields.field;
    const mote_group_marking *m = &plan->marking;
    const bool events = mote_pool_events_recording(plan->pool);
    if (m->marks == NULL && !events) {
        plan->kernel(fields, plan->constants, begin, end);
        return;
    }
    for (size_t from = begin; from < end;) {
        const size_t piece_end = m->origin + ((from - m->origin) / MARK_PIECE + 1) * MARK_PIECE;
        const size_t to = piece_end < end ? piece_end : end;
        if (events) {
            mote_pool_events_range_before(plan->pool, from, to);
        }
        plan->kernel(fields, plan->constants, from, to);
        if (m->marks != NULL) {
            mote_pool_core_mark_groups(&plan->pool->core, m->field, m->value, m->origin, from, to,
                                       m->marks);
        }
        if (events) {
            mote_pool_events_range_after(plan->pool, from, to);
        }
        from = to;
    }
}

void mote_step_plan_run(const mote_step_plan *plan) {
    assert(plan->begin < plan->end && plan->end <= plan->pool->core.count);
    assert(plan->advanced >= 0.0f && plan->kernel != NULL);
    mote_run_range_tasks(plan->tasks, plan->begin, plan->end, plan->min_elements, run_plan_range,
                         (void *)plan);
}

/* Many plans' ranges as one task: item b is a block of MOTE_PAD_ELEMENTS elements of the plan
 * whose blocks hold it (offsets[k] <= b < offsets[k + 1]). */
typedef struct plans_job {
    const mote_step_plan *const *plans;
    const size_t *offsets; /* count + 1 block offsets */
    size_t count;
} plans_job;

/* The plan holding block b: the last k with offsets[k] <= b. */
static size_t plan_of_block(const plans_job *job, size_t b) {
    size_t low = 0;
    size_t high = job->count; /* offsets[high] > b */
    while (high - low > 1) {
        const size_t mid = low + (high - low) / 2;
        if (job->offsets[mid] <= b) {
            low = mid;
        } else {
            high = mid;
        }
    }
    return low;
}

static void run_plans_blocks(size_t begin, size_t end, unsigned worker_index, void *task_context) {
    (void)worker_index;
    const plans_job *job = task_context;
    for (size_t k = plan_of_block(job, begin); k < job->count && job->offsets[k] < end; ++k) {
        const mote_step_plan *plan = job->plans[k];
        const size_t first_block = plan->begin / MOTE_PAD_ELEMENTS;
        const size_t from = (begin > job->offsets[k] ? begin : job->offsets[k]) - job->offsets[k];
        const size_t to = (end < job->offsets[k + 1] ? end : job->offsets[k + 1]) - job->offsets[k];
        size_t first = (first_block + from) * MOTE_PAD_ELEMENTS;
        size_t last = (first_block + to) * MOTE_PAD_ELEMENTS;
        first = first > plan->begin ? first : plan->begin;
        last = last < plan->end ? last : plan->end;
        if (first < last) {
            run_plan_range(first, last, (void *)plan);
        }
    }
}

void mote_step_plans_run(const mote_step_plan *const *plans, size_t count, size_t *offsets,
                         const mote_task_system *tasks) {
    size_t elements = 0;
    size_t min_elements = SIZE_MAX;
    offsets[0] = 0;
    for (size_t k = 0; k < count; ++k) {
        const mote_step_plan *plan = plans[k];
        assert(plan->begin < plan->end && plan->end <= plan->pool->core.count);
        const size_t first_block = plan->begin / MOTE_PAD_ELEMENTS;
        const size_t blocks = (plan->end + MOTE_PAD_ELEMENTS - 1) / MOTE_PAD_ELEMENTS - first_block;
        offsets[k + 1] = offsets[k] + blocks;
        elements += plan->end - plan->begin;
        min_elements = plan->min_elements < min_elements ? plan->min_elements : min_elements;
    }
    if (count == 0) {
        return;
    }
    if (tasks == NULL || tasks->enqueue == NULL || elements <= min_elements) {
        for (size_t k = 0; k < count; ++k) {
            run_plan_range(plans[k]->begin, plans[k]->end, (void *)plans[k]);
        }
        return;
    }
    plans_job job = {plans, offsets, count};
    const size_t min_blocks =
        min_elements / MOTE_PAD_ELEMENTS > 0 ? min_elements / MOTE_PAD_ELEMENTS : 1;
    void *handle =
        tasks->enqueue(run_plans_blocks, offsets[count], min_blocks, &job, tasks->user_context);
    if (handle != NULL && tasks->finish != NULL) {
        tasks->finish(handle, tasks->user_context);
    }
}
