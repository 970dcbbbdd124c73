/* A world's step (mote/world.h): every joined pool advanced by the same seconds under the
 * world's max_dt, each pool's ranges planned by the pool layer (mote_pool_step_plan: its
 * kernel, and the table its kind's range hooks get, mote_pool_ranges_backend, as a step of the
 * pool alone) and the ranges of all pools run in one fork and join (mote_step_plans_run). A pool
 * whose kind cannot take the step whole takes it in equal sub-steps: round r of the step runs the
 * r-th sub-step of every pool that has one, so a frame within every kind's limit is one round. */
#include <math.h>

#include "input_check.h"
#include "pool_events.h"
#include "refuse.h"
#include "task_split.h"
#include "world_internal.h"

/* The fewest equal sub-steps of advanced (> 0) that the pool's kind takes each in full, at
 * most max_substeps; their length in *out_dt (past max_substeps: the kind's limit, so the pool
 * advances less than the others). */
static unsigned substeps_of(const mote_pool *pool, float advanced, unsigned max_substeps,
                            float *out_dt) {
    const float limit = mote_pool_kind_limit(pool);
    if (advanced <= limit) {
        *out_dt = advanced;
        return 1;
    }
    const double parts = ceil((double)advanced / (double)limit);
    unsigned n = parts < (double)max_substeps ? (unsigned)parts : max_substeps;
    while (n < max_substeps && advanced / (float)n > limit) { /* the division's rounding */
        ++n;
    }
    const float part = advanced / (float)n;
    *out_dt = part > limit ? limit : part;
    return n;
}

mote_status mote_world_advance(mote_world *world, float dt, float *out_advanced) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    if (!(dt >= 0.0f) || !isfinite(dt)) {
        return mote_refuse(MOTE_ERROR_INVALID_DT, "dt must be finite and >= 0 (got %g)",
                           (double)dt);
    }
    const float limit = world->max_dt < MOTE_MAX_STEP_DT ? world->max_dt : MOTE_MAX_STEP_DT;
    const float advanced = dt < limit ? dt : limit;
    unsigned rounds = 0;
    for (size_t i = 0; i < world->count; ++i) {
        mote_world_member *m = &world->members[i];
        m->substeps = 0;
        m->substep_dt = 0.0f;
        if (advanced > 0.0f) {
            m->substeps = substeps_of(m->pool, advanced, world->max_substeps, &m->substep_dt);
        }
        rounds = m->substeps > rounds ? m->substeps : rounds;
    }
    for (size_t i = 0; i < world->count && advanced > 0.0f; ++i) {
        /* every pool's inputs, once, before any pool moves: a refusal changes nothing, and the
         * plans below (every round's: no kernel writes an input) do not check them again */
        const mote_pool *pool = world->members[i].pool;
        const mote_status inputs = mote_input_check(pool, 0, pool->core.count);
        if (inputs != MOTE_OK) {
            return inputs;
        }
    }
    mote_step_span inputs_checked = mote_step_whole();
    inputs_checked.inputs_checked = true;
    const mote_task_system *tasks = mote_world_tasks(world);
    for (unsigned r = 0; r < rounds; ++r) {
        size_t running = 0;
        for (size_t i = 0; i < world->count; ++i) {
            const mote_world_member *m = &world->members[i];
            if (r >= m->substeps) {
                continue;
            }
            mote_step_plan *plan = &world->plans[i];
            if (r > 0) { /* its events: one record over the sub-steps, from the step's start */
                mote_pool_events_continue(m->pool, (float)r * m->substep_dt);
            }
            const mote_status status =
                mote_pool_step_plan(m->pool, m->kind, inputs_checked, m->substep_dt, world->max_dt,
                                    tasks, m->report, plan);
            if (status != MOTE_OK) {
                /* the pools planned before it finish their round; then the refusal */
                for (size_t j = 0; j < i; ++j) {
                    if (r < world->members[j].substeps) {
                        if (world->plans[j].runs) {
                            mote_step_plan_run(&world->plans[j]);
                        }
                        (void)mote_pool_step_finish(&world->plans[j]);
                    }
                }
                return status;
            }
            if (plan->runs) {
                world->running[running++] = plan;
            }
        }
        mote_step_plans_run(world->running, running, world->offsets, tasks);
        for (size_t i = 0; i < world->count; ++i) {
            if (r < world->members[i].substeps) {
                (void)mote_pool_step_finish(&world->plans[i]);
            }
        }
    }
    if (out_advanced != NULL) {
        *out_advanced = advanced;
    }
    return MOTE_OK;
}

mote_status mote_world_step(mote_world *world, float dt) {
    return mote_world_advance(world, dt, NULL);
}
